// (a) kit's Flight payload through React's own client. For every page of the
// corpus app:
//   ours       kit.cgi with X-RSC: true → react-server-dom-webpack/client.edge
//              (production) → react-dom/server → HTML
//   reference  the page's TSX rendered by React's Flight server
//              (ref-flight-server.mjs, in a process with the react-server
//              condition) → the same client → react-dom/server → HTML
// and the two HTMLs must be equal token for token, attribute order included
// (compare.mjs). Per case it prints:
//   flight-rows/<case>       kit's payload obeys the production row grammar (flight-rows.mjs)
//   flight-roundtrip/<case>  HTML(ours) == HTML(reference)
//   flight-inline/<case>     the rows kit inlines into the HTML answer decode to the same HTML
//   html-direct/<case>       kit's own HTML == HTML(reference), for corpus pages
//                            that golden-html.mjs does not cover and that have no
//                            Suspense boundary still pending when the shell is written
//
// Usage: node flight-roundtrip.mjs <built app dir> <scratch dir>
// Env:   KIT_TOP_BUILDDIR (kit.cgi), KIT_NODE_MODULES (default $KIT_TOP_BUILDDIR/toolchain/node_modules)
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cases } from './cases.mjs';
import { compareHtml } from './compare.mjs';
import { checkRows } from './flight-rows.mjs';
import { cgi, inlineFlight, stripFlightScripts, top } from './kit.mjs';

process.env.NODE_ENV = 'production'; // before React is loaded: production builds only
const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(process.argv[2] || 'app');
const scratch = path.resolve(process.argv[3] || fs.mkdtempSync('/tmp/kit-conformance-'));
const nodeModules = path.resolve(process.env.KIT_NODE_MODULES || path.join(top.build, 'toolchain', 'node_modules'));
const require = createRequire(path.join(nodeModules, 'noop.js'));
const React = require('react');
const { createFromReadableStream } = require('react-server-dom-webpack/client.edge');
const { renderToReadableStream } = require('react-dom/server');

// No corpus page uses client components; a client reference would be a bug.
globalThis.__webpack_require__ = (id) => { throw new Error('unexpected client reference ' + id); };
globalThis.__webpack_chunk_load__ = (id) => Promise.reject(new Error('unexpected chunk load ' + id));

let failed = 0;
const pass = (name) => console.log(`PASS: ${name}`);
const fail = (name, why) => { failed++; console.log(`FAIL: ${name}: ${why}`); };

// Flight bytes → the decoded root → Fizz HTML (whole payload first, then render:
// every row is there before React looks at the tree, as for a complete response).
async function fizzFromFlight(bytes) {
  const stream = new ReadableStream({ start(c) { c.enqueue(new Uint8Array(bytes)); c.close(); } });
  const root = createFromReadableStream(stream, {
    serverConsumerManifest: { moduleMap: {}, serverModuleMap: null, moduleLoading: null },
  });
  try { await root; } catch (e) { throw new Error('the Flight client rejected the root: ' + e.message + (e.digest ? ` (digest ${e.digest})` : '')); }
  await new Promise((r) => setTimeout(r, 0));
  const errors = [];
  function Root() { return React.use(root); }
  const html = await renderToReadableStream(React.createElement(Root), { onError(e) { errors.push(e); } });
  await html.allReady;
  const text = await new Response(html).text();
  if (errors.length) throw new Error('react-dom/server reported: ' + errors.map((e) => e && e.message).join('; '));
  return text;
}

// 1. The reference payloads, from React's Flight server in its own process.
const refDir = path.join(scratch, 'reference');
const ref = spawnSync(process.execPath, ['--conditions', 'react-server', path.join(here, 'ref-flight-server.mjs'), appDir, refDir, nodeModules],
  { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 120000 });
if (ref.status !== 0) fail('flight-roundtrip/reference', `ref-flight-server.mjs exited ${ref.status ?? ref.signal}: ${(ref.stderr || '').trim().slice(0, 2000)}`);

const oursDir = path.join(scratch, 'ours');
fs.mkdirSync(oursDir, { recursive: true });

for (const c of cases) {
  // 2. Our payload.
  let ours;
  try {
    const r = cgi(appDir, c.url, { rsc: true });
    if (r.status !== 200) throw new Error(`status ${r.status}, expected 200: ${r.body.toString().slice(0, 300)} ${r.stderr.slice(0, 300)}`);
    if ((r.headers['content-type'] || '') !== 'text/x-component') throw new Error(`Content-Type ${r.headers['content-type']}, expected text/x-component`);
    ours = r.body;
    fs.writeFileSync(path.join(oursDir, c.name + '.flight'), ours);
  } catch (e) {
    fail(`flight-rows/${c.name}`, e.message);
    fail(`flight-roundtrip/${c.name}`, 'no payload from kit');
    continue;
  }
  const problems = checkRows(ours);
  if (problems.length) fail(`flight-rows/${c.name}`, problems.slice(0, 3).join(' | '));
  else pass(`flight-rows/${c.name}`);

  // 3. Both through React's client and Fizz.
  let refHtml = null;
  try {
    refHtml = await fizzFromFlight(fs.readFileSync(path.join(refDir, c.name + '.flight')));
    fs.writeFileSync(path.join(refDir, c.name + '.html'), refHtml);
  } catch (e) {
    fail(`flight-roundtrip/${c.name}`, 'reference: ' + e.message);
    continue;
  }
  try {
    const html = await fizzFromFlight(ours);
    fs.writeFileSync(path.join(oursDir, c.name + '.html'), html);
    const diff = compareHtml(refHtml, html);
    if (diff) fail(`flight-roundtrip/${c.name}`, diff);
    else pass(`flight-roundtrip/${c.name}`);
  } catch (e) {
    fail(`flight-roundtrip/${c.name}`, e.message);
  }

  // 4. The document answer: its inline rows, and (where comparable) its HTML.
  let doc;
  try {
    const r = cgi(appDir, c.url);
    if (r.status !== 200) throw new Error(`status ${r.status}, expected 200`);
    doc = r.body.toString('utf8');
    fs.writeFileSync(path.join(oursDir, c.name + '.document.html'), doc);
  } catch (e) {
    fail(`flight-inline/${c.name}`, 'HTML answer: ' + e.message);
    continue;
  }
  try {
    const html = await fizzFromFlight(Buffer.from(inlineFlight(doc), 'utf8'));
    const diff = compareHtml(refHtml, html);
    if (diff) fail(`flight-inline/${c.name}`, diff);
    else pass(`flight-inline/${c.name}`);
  } catch (e) {
    fail(`flight-inline/${c.name}`, e.message);
  }
  if (!c.golden && !c.pendingSuspense) {
    const diff = compareHtml(refHtml, stripFlightScripts(doc).html);
    if (diff) fail(`html-direct/${c.name}`, diff);
    else pass(`html-direct/${c.name}`);
  }
}
process.exit(failed ? 1 : 0);
