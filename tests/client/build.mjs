// Builds the browser bundle the way kit-build does (docs/client-components.md
// §4): esbuild, ESM, code splitting, minified, es2020, React 19.3.1 from kit's
// toolchain, one entry for the runtime (js/client/entry.ts) and one per client
// module, wrapped so that it registers itself: self.__kit_register(id, exports);
// js/client/answer.ts built alone as answer.js (the entry imports it on the
// first navigation).
// Names are fixed ([name] / chunk-[hash]) so hand-written I rows can name them:
// the test app's module "test/widgets" is chunk "widgets" (/_kit/static/widgets.js).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const top = path.resolve(here, '../..');
export const nodeModules = process.env.KIT_NODE_MODULES || path.join(process.env.KIT_TOP_BUILDDIR || top, 'toolchain', 'node_modules');

// client module id -> [chunk id, source file]
export const clientModules = {
  'test/widgets': ['widgets', path.join(here, 'app', 'widgets.tsx')],
};

export async function buildBundle(outdir, { minify = true } = {}) {
  const require = createRequire(path.join(nodeModules, 'x.js'));
  const esbuild = require('esbuild');
  fs.rmSync(outdir, { recursive: true, force: true });
  const entryPoints = { entry: path.join(top, 'js', 'client', 'entry.ts') };
  for (const [id, [chunk]] of Object.entries(clientModules)) entryPoints[chunk] = 'kit-client:' + id;
  const kitPlugin = {
    name: 'kit-test',
    setup(build) {
      build.onResolve({ filter: /^kit-client:/ }, (a) => ({ path: a.path.slice('kit-client:'.length), namespace: 'kit-client' }));
      build.onLoad({ filter: /.*/, namespace: 'kit-client' }, (a) => ({
        contents: `import * as m from ${JSON.stringify(clientModules[a.path][1])};\nself.__kit_register(${JSON.stringify(a.path)}, m);\n`,
        resolveDir: here,
        loader: 'js',
      }));
      // @kit/core/<x> -> js/<x> (a directory alias, as kit-build's)
      build.onResolve({ filter: /^@kit\/core(\/|$)/ }, async (a) => {
        const target = path.join(top, 'js', a.path.slice('@kit/core'.length));
        const r = await build.resolve(target, { kind: a.kind, resolveDir: a.resolveDir, importer: a.importer });
        return r.errors.length ? { errors: r.errors } : { path: r.path };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify,
    target: 'es2020',
    platform: 'browser',
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    nodePaths: [nodeModules],
    // answer.ts is built alone beside the entry, as kit-build does (below)
    define: { 'process.env.NODE_ENV': '"production"', __KIT_ANSWER__: '"./answer.js"' },
    conditions: ['browser'],
    resolveExtensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
    plugins: [kitPlugin],
    logLevel: 'silent',
    metafile: true,
  });
  for (const w of result.warnings) console.error('esbuild warning: ' + w.text);
  await esbuild.build({
    entryPoints: { answer: path.join(top, 'js', 'client', 'answer.ts') },
    bundle: true,
    format: 'esm',
    minify,
    target: 'es2020',
    platform: 'browser',
    outdir,
    entryNames: '[name]',
    logLevel: 'silent',
  });
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const os = await import('node:os');
  const out = process.argv[2] || path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-client-')), 'static');
  console.log('bundle in ' + out);
  const r = await buildBundle(out);
  for (const [f, o] of Object.entries(r.metafile.outputs)) console.log(f, o.bytes);
}
