import fs from 'fs';
import path from 'path';
import { run } from '../../lib/bytes-cases.mjs';

export default function Bytes() {
  return <pre id="bytes">{run(fs, path, process.cwd())}</pre>;
}
