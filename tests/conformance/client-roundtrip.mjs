// Client components: kit's Flight and HTML against React 19.3's own, for the
// pages of client-app/ (useId in nested client components; promises passed
// as props). Per case:
//   ours       kit.cgi with X-RSC: true → react-server-dom-webpack/client.edge
//              (the client modules bundled for Node) → react-dom/server → HTML
//   reference  the page rendered by React's Flight server (this script again,
//              --reference, in a process with the react-server condition; the
//              "use client" modules become client references with kit's
//              module ids) → the same client → the same Fizz → HTML
// and prints:
//   client-rows/<case>        kit's payload obeys the production row grammar, and
//                             has as many "$@" references as React's, each
//                             with its row (a value, or E{"digest"})
//   client-roundtrip/<case>   HTML(ours) == HTML(reference), the same errors
//   client-html/<case>        kit's own HTML answer == HTML(reference) (cases
//                             with nothing streamed after the shell: useId)
//   client-errors/<case>      a rejected promise: React's client gives use()
//                             an error with kit's digest, the one in kit's HTML
//
// Usage: node client-roundtrip.mjs <built client-app dir> <scratch dir>
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { compareHtml } from './compare.mjs';
import { checkRows } from './flight-rows.mjs';
import { cgi, stripFlightScripts, top } from './kit.mjs';

process.env.NODE_ENV = 'production';
const here = path.dirname(fileURLToPath(import.meta.url));
const reference = process.argv[2] === '--reference';
const args = process.argv.slice(reference ? 3 : 2);
const appDir = path.resolve(args[0] || 'client-app');
const scratch = path.resolve(args[1] || fs.mkdtempSync('/tmp/kit-client-conformance-'));
const nodeModules = path.resolve(process.env.KIT_NODE_MODULES || path.join(top.build, 'toolchain', 'node_modules'));
const require = createRequire(path.join(nodeModules, 'noop.js'));
const esbuild = require('esbuild');

// name, URL, page module; direct: kit's HTML is comparable (nothing streamed
// after the shell); rejects: how many promises reject
const cases = [
  { name: 'ids', url: '/ids', direct: true },
  { name: 'promises', url: '/promises' },
  { name: 'promise-rejected', url: '/promise-rejected', rejects: 1 },
  { name: 'proto-keys', url: '/proto-keys', direct: true },
  { name: 'classes', url: '/classes', direct: true },
  { name: 'exports', url: '/exports', direct: true },
  { name: 'templates', url: '/templates', direct: true },
];

// The "use client" modules of the app, with kit's module ids (the path from
// the app directory without the extension) and their export names.
function clientModules() {
  const out = [];
  const walk = (dir) => {
    for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (/\.(tsx?|jsx?)$/.test(ent.name)) {
        const src = fs.readFileSync(p, 'utf8');
        if (!/^\s*['"]use client['"]/.test(src)) continue;
        const names = [...src.matchAll(/export\s+(?:async\s+)?(?:function|const|let|class)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
        if (/export\s+default\b/.test(src)) names.push('default');
        out.push({ file: p, id: path.relative(appDir, p).replace(/\.(tsx?|jsx?)$/, ''), names });
      }
    }
  };
  walk(path.join(appDir, 'src'));
  return out;
}

// React and friends resolve to the files this process loaded (one React).
const reactExternal = {
  name: 'react-external',
  setup(b) {
    b.onResolve({ filter: /^(react|react-dom|react-server-dom-webpack)(\/.*)?$/ }, (a) =>
      ({ path: require.resolve(a.path), external: true }));
  },
};

if (reference) {
  // ---- the reference side: React's Flight server -------------------------------
  const React = require('react');
  const { renderToPipeableStream } = require('react-server-dom-webpack/server');
  if (!require.resolve('react').endsWith('react.react-server.js'))
    throw new Error('react did not resolve with the react-server condition');
  const mods = clientModules();
  const manifest = {};
  const stubs = {
    name: 'client-references',
    setup(b) {
      b.onLoad({ filter: /\.(tsx?|jsx?)$/ }, (a) => {
        const m = mods.find((x) => x.file === a.path);
        if (!m) return undefined;
        const lines = [`import { registerClientReference } from 'react-server-dom-webpack/server';`];
        for (const n of m.names) {
          manifest[m.id + '#' + n] = { id: m.id, chunks: [], name: n };
          const ref = `registerClientReference(function () { throw new Error('client'); }, ${JSON.stringify(m.id)}, ${JSON.stringify(n)})`;
          lines.push(n === 'default' ? `export default ${ref};` : `export const ${n} = ${ref};`);
        }
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
  fs.mkdirSync(scratch, { recursive: true });
  let bad = 0;
  for (const c of cases) {
    const out = path.join(scratch, c.name + '.page.mjs');
    await esbuild.build({
      entryPoints: [path.join(appDir, 'src', 'app', c.name, 'page.tsx')], outfile: out, bundle: true, platform: 'node',
      format: 'esm', jsx: 'automatic', conditions: ['react-server'], plugins: [stubs, reactExternal], logLevel: 'error',
    });
    const Page = (await import(pathToFileURL(out).href)).default;
    const errors = [];
    const bytes = await new Promise((resolve) => {
      const chunks = [];
      const sink = new Writable({
        write(chunk, _e, cb) { chunks.push(Buffer.from(chunk)); cb(); },
        final(cb) { resolve(Buffer.concat(chunks)); cb(); },
      });
      renderToPipeableStream(React.createElement(Page, { params: Promise.resolve({}), searchParams: Promise.resolve({}) }), manifest, {
        onError(e) { errors.push(String(e && e.message)); return 'ref-digest-' + errors.length; },
      }).pipe(sink);
    });
    fs.writeFileSync(path.join(scratch, c.name + '.flight'), bytes);
    fs.writeFileSync(path.join(scratch, c.name + '.errors.json'), JSON.stringify(errors));
  }
  process.exit(bad);
}

// ---- ours, and both through React's client ---------------------------------------
const React = require('react');
const { createFromReadableStream } = require('react-server-dom-webpack/client.edge');
const { renderToReadableStream } = require('react-dom/server');

let failed = 0;
const pass = (name) => console.log(`PASS: ${name}`);
const fail = (name, why) => { failed++; console.log(`FAIL: ${name}: ${why}`); };

// the client modules, bundled for Node against this process's React
const mods = clientModules();
const loaded = {};
const moduleMap = {};
fs.mkdirSync(path.join(scratch, 'client'), { recursive: true });
for (const m of mods) {
  const out = path.join(scratch, 'client', m.id.replace(/[/\\]/g, '_') + '.cjs');
  await esbuild.build({
    entryPoints: [m.file], outfile: out, bundle: true, platform: 'node', format: 'cjs', jsx: 'automatic',
    plugins: [reactExternal], logLevel: 'error',
  });
  loaded[m.id] = createRequire(out)(out);
  moduleMap[m.id] = { '*': { id: m.id, chunks: [], name: '*' } };
}
globalThis.__webpack_require__ = (id) => {
  if (!loaded[id]) throw new Error('unknown client module ' + id);
  return loaded[id];
};
globalThis.__webpack_chunk_load__ = () => Promise.resolve();

// Flight bytes → React's client → Fizz (all ready). Errors are collected, and
// every error boundary's digest is written as "D" so both sides compare.
async function fizzFromFlight(bytes) {
  const stream = new ReadableStream({ start(c) { c.enqueue(new Uint8Array(bytes)); c.close(); } });
  const root = createFromReadableStream(stream, {
    serverConsumerManifest: { moduleMap, serverModuleMap: null, moduleLoading: null },
  });
  await root;
  const errors = [];
  function Root() { return React.use(root); }
  const html = await renderToReadableStream(React.createElement(Root), { onError(e) { errors.push(e); return 'D'; } });
  await html.allReady;
  return { html: await new Response(html).text(), errors };
}

// The "$@<id>" references of a payload and the rows they name.
function promiseRefs(text) {
  return [...text.matchAll(/"\$@([0-9a-f]+)"/g)].map((m) => m[1]);
}
function rowOf(text, id) {
  const m = text.match(new RegExp('(?:^|\\n)' + id + ':([^\\n]*)'));
  return m ? m[1] : null;
}

const refDir = path.join(scratch, 'reference');
const ref = spawnSync(process.execPath, ['--conditions', 'react-server', fileURLToPath(import.meta.url), '--reference', appDir, refDir],
  { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', timeout: 120000 });
if (ref.status !== 0) {
  fail('client-roundtrip/reference', `the reference side exited ${ref.status ?? ref.signal}: ${(ref.stderr || '').trim().slice(0, 2000)}`);
  process.exit(1);
}
const oursDir = path.join(scratch, 'ours');
fs.mkdirSync(oursDir, { recursive: true });

for (const c of cases) {
  let ours, doc;
  try {
    const r = cgi(appDir, c.url, { rsc: true });
    if (r.status !== 200) throw new Error(`status ${r.status}: ${r.body.toString().slice(0, 300)} ${r.stderr.slice(0, 300)}`);
    ours = r.body;
    fs.writeFileSync(path.join(oursDir, c.name + '.flight'), ours);
    const d = cgi(appDir, c.url);
    if (d.status !== 200) throw new Error(`HTML answer: status ${d.status}`);
    doc = d.body.toString('utf8');
    fs.writeFileSync(path.join(oursDir, c.name + '.document.html'), doc);
  } catch (e) {
    fail(`client-rows/${c.name}`, e.message);
    continue;
  }
  const refBytes = fs.readFileSync(path.join(refDir, c.name + '.flight'));
  const oursText = ours.toString('utf8'), refText = refBytes.toString('utf8');

  // 1. rows
  const problems = checkRows(ours);
  const oursRefs = promiseRefs(oursText), refRefs = promiseRefs(refText);
  if (oursRefs.length !== refRefs.length)
    problems.push(`${oursRefs.length} "$@" references, React's Flight server writes ${refRefs.length}`);
  for (const id of oursRefs) {
    const row = rowOf(oursText, id);
    if (row === null) problems.push(`"$@${id}" has no row ${id}`);
    else if (row.startsWith('E') && !/^E\{"digest":"[^"]*"\}$/.test(row)) problems.push(`row ${id} is not E{"digest"}: ${row}`);
  }
  const oursE = promiseRefs(oursText).filter((id) => (rowOf(oursText, id) || '').startsWith('E')).length;
  const refE = promiseRefs(refText).filter((id) => (rowOf(refText, id) || '').startsWith('E')).length;
  if (oursE !== refE) problems.push(`${oursE} promise rows are E rows, React's Flight server writes ${refE}`);
  if (problems.length) fail(`client-rows/${c.name}`, problems.slice(0, 3).join(' | '));
  else pass(`client-rows/${c.name}`);

  // 2. both through React's client and Fizz
  let refOut, oursOut;
  try {
    refOut = await fizzFromFlight(refBytes);
    fs.writeFileSync(path.join(refDir, c.name + '.html'), refOut.html);
    oursOut = await fizzFromFlight(ours);
    fs.writeFileSync(path.join(oursDir, c.name + '.html'), oursOut.html);
  } catch (e) {
    fail(`client-roundtrip/${c.name}`, (refOut ? 'ours: ' : 'reference: ') + e.message);
    continue;
  }
  const diff = compareHtml(refOut.html, oursOut.html);
  if (diff) fail(`client-roundtrip/${c.name}`, diff);
  else if (oursOut.errors.length !== (c.rejects || 0) || refOut.errors.length !== (c.rejects || 0))
    fail(`client-roundtrip/${c.name}`, `Fizz reported ${oursOut.errors.length} errors for ours, ${refOut.errors.length} for the reference, expected ${c.rejects || 0}`);
  else pass(`client-roundtrip/${c.name}`);

  // 3. kit's own HTML
  if (c.direct) {
    const html = stripFlightScripts(doc).html
      .replace(/<script>self\.__kit_[\s\S]*?<\/script>/g, '')
      .replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*\/>/g, '');
    const d = compareHtml(refOut.html, html);
    if (d) fail(`client-html/${c.name}`, d);
    else pass(`client-html/${c.name}`);
  }

  // 4. a rejected promise: the error use() throws carries kit's digest, the
  // one kit's HTML gave the boundary
  if (c.rejects) {
    const digests = oursOut.errors.map((e) => e && e.digest);
    const inHtml = [...doc.matchAll(/\$KX\("[^"]*","([^"]*)"\)|data-dgst="([^"]*)"/g)].map((m) => m[1] || m[2]);
    const eRows = promiseRefs(oursText).map((id) => rowOf(oursText, id)).filter((r) => r && r.startsWith('E'))
      .map((r) => JSON.parse(r.slice(1)).digest);
    if (digests.length !== c.rejects || digests.some((d) => !d || !eRows.includes(d)))
      fail(`client-errors/${c.name}`, `React's client gave use() errors with digests ${JSON.stringify(digests)}, kit's E rows say ${JSON.stringify(eRows)}`);
    else if (!digests.every((d) => inHtml.includes(d)))
      fail(`client-errors/${c.name}`, `kit's HTML marks boundaries with ${JSON.stringify(inHtml)}, not the E rows' ${JSON.stringify(digests)}`);
    else pass(`client-errors/${c.name}`);
  }
}
process.exit(failed ? 1 : 0);
