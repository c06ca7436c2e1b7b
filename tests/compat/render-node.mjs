// render-node.mjs — the reference: pages of an app rendered by react-dom in
// Node, as a Next.js server would render their markup.
//
//   node render-node.mjs APP TOOLCHAIN OUT [NAME=PAGE[?PARAMS][@PATH]]...
//
// APP is the app (its node_modules installed), TOOLCHAIN kit's toolchain
// directory (esbuild, react, react-dom; kit's own modules are beside it).
// Without NAME=PAGE arguments, every src/app/<name>/page.tsx is rendered as
// <name>; with them, each PAGE (a path below APP) with PARAMS (JSON, the
// route's params) as NAME, its client components seeing PATH (default
// /NAME) as usePathname() does. esbuild bundles the page together with
// react-dom/server for Node (one React for both), `@kit/core` mapped to
// kit's modules, CSS Modules named as kit-build names them
// (toolchain/styles.mjs); the page is called as kit calls it (params and
// searchParams as promises, awaited when async) and its element rendered
// with renderToString into OUT/<name>.html. Runs with the app as the
// working directory (process.cwd() is the app's directory in kit too).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [app, toolchain, out] = process.argv.slice(2, 5).map((p) => path.resolve(p));
const { build } = await import(pathToFileURL(path.join(toolchain, 'node_modules/esbuild/lib/main.js')).href);
const { stylesState, cssModulesPlugin } = await import(pathToFileURL(path.join(toolchain, 'styles.mjs')).href);
fs.mkdirSync(out, { recursive: true });
process.chdir(app);

let pages = process.argv.slice(5).map((arg) => {
  const [name, rest] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
  // PAGE[?PARAMS][@URL_PATH]
  const at = rest.lastIndexOf('@');
  const spec = at < 0 ? rest : rest.slice(0, at);
  const q = spec.indexOf('?');
  return { name, file: path.join(app, q < 0 ? spec : spec.slice(0, q)), params: q < 0 ? {} : JSON.parse(spec.slice(q + 1)),
    pathname: at < 0 ? '/' + name : rest.slice(at + 1) };
});
if (!pages.length) {
  pages = fs.readdirSync(path.join(app, 'src/app'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(app, 'src/app', d.name, 'page.tsx')))
    .map((d) => ({ name: d.name, file: path.join(app, 'src/app', d.name, 'page.tsx'), params: {}, pathname: '/' + d.name }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}
const kitModules = {
  name: 'kit-modules',
  setup(b) {
    b.onResolve({ filter: /^@kit\/core(\/|$)/ }, async (args) => {
      const r = await b.resolve(path.join(toolchain, '..', 'js', args.path.slice('@kit/core'.length)), {
        kind: args.kind, resolveDir: args.resolveDir,
      });
      return r.errors.length ? undefined : { path: r.path };
    });
  },
};
// "server-only" is empty for server code (its react-server entry), as in
// kit and Next.js; react-dom renders the page here without that condition
const serverOnly = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};
const styles = stylesState(app, path.join(out, 'styles'));

let failed = 0;
for (const { name, file, params, pathname } of pages) {
  const entry = path.join(out, `${name}.entry.mjs`);
  fs.writeFileSync(entry, [
    `import Page from ${JSON.stringify(file)};`,
    `import { createElement } from 'react';`,
    `import { renderToString } from 'react-dom/server';`,
    // what kit's server gives client components: the URL's path and query
    `import { PathnameContext, SearchParamsContext } from '@kit/core/client/context';`,
    `export async function render() {`,
    `  const element = await Page({ params: Promise.resolve(${JSON.stringify(params)}), searchParams: Promise.resolve({}) });`,
    `  return renderToString(createElement(PathnameContext.Provider, { value: ${JSON.stringify(pathname)} },`,
    `    createElement(SearchParamsContext.Provider, { value: new URLSearchParams() }, element)));`,
    `}`,
  ].join('\n'));
  const bundle = path.join(out, `${name}.bundle.mjs`);
  try {
    await build({
      entryPoints: [entry], bundle: true, outfile: bundle, format: 'esm', platform: 'node',
      jsx: 'automatic', nodePaths: [path.join(toolchain, 'node_modules')], logLevel: 'silent',
      loader: { '.css': 'empty' }, plugins: [kitModules, serverOnly, cssModulesPlugin(styles)],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const { render } = await import(pathToFileURL(bundle).href);
    fs.writeFileSync(path.join(out, `${name}.html`), await render());
  } catch (e) {
    failed++;
    fs.writeFileSync(path.join(out, `${name}.html`), `NODE FAILED: ${e && e.stack || e}`);
    console.error(`${name}: ${e && e.message || e}`);
  }
}
console.log(`${pages.length} pages rendered in Node, ${failed} failed`);
