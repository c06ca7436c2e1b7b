// render-node.mjs — the reference: each page of the compat app rendered by
// react-dom in Node, as a Next.js server would render its markup.
//
//   node render-node.mjs APP TOOLCHAIN OUT
//
// APP is the app (its node_modules installed), TOOLCHAIN kit's toolchain
// directory (esbuild, react, react-dom). For each src/app/<name>/page.tsx,
// esbuild bundles the page together with react-dom/server for Node (one
// React for both); the page is called as kit calls it (params and
// searchParams as promises, awaited when async) and its element rendered
// with renderToString into OUT/<name>.html. Runs with the app as the
// working directory (process.cwd() is the app's directory in kit too).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [app, toolchain, out] = process.argv.slice(2).map((p) => path.resolve(p));
const { build } = await import(pathToFileURL(path.join(toolchain, 'node_modules/esbuild/lib/main.js')).href);
fs.mkdirSync(out, { recursive: true });
process.chdir(app);

const pages = fs.readdirSync(path.join(app, 'src/app'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(app, 'src/app', d.name, 'page.tsx')))
  .map((d) => d.name)
  .sort();

let failed = 0;
for (const name of pages) {
  const entry = path.join(out, `${name}.entry.mjs`);
  fs.writeFileSync(entry, [
    `import Page from ${JSON.stringify(path.join(app, 'src/app', name, 'page.tsx'))};`,
    `import { renderToString } from 'react-dom/server';`,
    `export async function render() {`,
    `  const element = await Page({ params: Promise.resolve({}), searchParams: Promise.resolve({}) });`,
    `  return renderToString(element);`,
    `}`,
  ].join('\n'));
  const bundle = path.join(out, `${name}.bundle.mjs`);
  try {
    await build({
      entryPoints: [entry], bundle: true, outfile: bundle, format: 'esm', platform: 'node',
      jsx: 'automatic', nodePaths: [path.join(toolchain, 'node_modules')], logLevel: 'silent',
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
