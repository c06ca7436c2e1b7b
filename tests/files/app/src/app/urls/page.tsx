import url from 'url';
import { run } from '../../lib/url-cases.mjs';

export default function Urls() {
  return <pre id="urls">{run(url)}</pre>;
}
