// The reference side of the Flight round trip: compiles each corpus page with
// esbuild for Node and renders it with React's own Flight server
// (react-server-dom-webpack/server, production), giving it the same params and
// searchParams (as promises) kit gives the page. Writes <out>/<case>.flight.
//
// Run with the react-server condition (flight-roundtrip.mjs starts it):
//   NODE_ENV=production node --conditions react-server ref-flight-server.mjs <app dir> <out dir> <node_modules>
import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { cases } from './cases.mjs';

if (process.env.NODE_ENV !== 'production') { console.error('set NODE_ENV=production (dev builds add debug rows)'); process.exit(2); }
const [appDir, outDir, nodeModules] = process.argv.slice(2).map((p) => path.resolve(p));
// Resolving through this require honours --conditions react-server.
const require = createRequire(path.join(nodeModules, 'noop.js'));
const esbuild = require('esbuild');
const React = require('react');
const { renderToPipeableStream } = require('react-server-dom-webpack/server');
if (!require.resolve('react').endsWith('react.react-server.js'))
  throw new Error('react did not resolve with the react-server condition: run node with --conditions react-server');

// The page's React imports point at the very files (absolute paths) this process
// loaded, so the page and the Flight server share one React.
const reactExternal = {
  name: 'react-external',
  setup(b) {
    b.onResolve({ filter: /^(react|react-dom|react-server-dom-webpack)(\/.*)?$/ }, (args) =>
      ({ path: require.resolve(args.path), external: true }));
  },
};

// "use server" modules: every exported function registered with React's own
// registerServerReference under kit's id (docs/actions.md §1: the first 16 hex
// digits of SHA-256 of the path relative to the app root, then "#<export>").
const { registerServerReference } = require('react-server-dom-webpack/server');
globalThis.__kitRegisterServerModule = (ns, hash) => {
  for (const name of Object.keys(ns))
    if (typeof ns[name] === 'function') registerServerReference(ns[name], hash, name);
};
const useServer = {
  name: 'use-server',
  setup(b) {
    b.onResolve({ filter: /^kit-self:/ }, (args) => ({ path: args.path.slice(9) }));
    b.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => {
      const src = fs.readFileSync(args.path, 'utf8');
      if (!/^\s*(\/\/[^\n]*\n\s*)*['"]use server['"]/.test(src)) return undefined;
      const hash = crypto.createHash('sha256').update(path.relative(appDir, args.path).split(path.sep).join('/')).digest('hex').slice(0, 16);
      return {
        contents: src + `\nimport * as __self from ${JSON.stringify('kit-self:' + args.path)};\n` +
          `globalThis.__kitRegisterServerModule(__self, ${JSON.stringify(hash)});\n`,
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

function renderFlight(model) {
  return new Promise((resolve) => {
    const chunks = [], errors = [];
    const sink = new Writable({
      write(chunk, _enc, cb) { chunks.push(Buffer.from(chunk)); cb(); },
      final(cb) { resolve({ bytes: Buffer.concat(chunks), errors }); cb(); },
    });
    const { pipe } = renderToPipeableStream(model, {}, {
      onError(err) { errors.push(String(err && err.stack || err)); return 'ref-digest-' + errors.length; },
    });
    pipe(sink);
  });
}

fs.mkdirSync(outDir, { recursive: true });
let bad = 0;
for (const c of cases) {
  const src = path.join(appDir, 'src', 'app', c.module, 'page.tsx');
  const out = path.join(outDir, c.name + '.page.mjs');
  await esbuild.build({
    entryPoints: [src], outfile: out, bundle: true, platform: 'node', format: 'esm',
    jsx: 'automatic', conditions: ['react-server'], plugins: [useServer, reactExternal], logLevel: 'error',
  });
  const Page = (await import(pathToFileURL(out).href)).default;
  const model = React.createElement(Page, {
    params: Promise.resolve(c.params), searchParams: Promise.resolve(c.searchParams),
  });
  const { bytes, errors } = await renderFlight(model);
  fs.writeFileSync(path.join(outDir, c.name + '.flight'), bytes);
  if (errors.length) { bad++; console.error(`reference render of ${c.name} reported errors:\n${errors.join('\n')}`); }
}
process.exit(bad ? 1 : 0);
