import path from 'path';
import { run } from '../../lib/path-cases.mjs';

export default function Paths() {
  return <pre id="paths">{run(path, process.cwd())}</pre>;
}
