// styles.mjs — the app's CSS (docs/styles.md): global stylesheets, CSS
// Modules and PostCSS (Tailwind CSS v4 through its own PostCSS plugin), as a
// Next.js app imports them.
//
// Every .css file the server bundle's graphs import is compiled on its own
// (esbuild: @import inlined, url() assets copied, minified) into
// static/<name>-<HASH>.css. A CSS Module's class names are
// `<file>_<hash of its path>_<class>`: the same in every build that sees the
// file (esbuild's own names take a suffix that depends on the other files of
// the build), so the server bundle and the browser bundle agree; both get
// the names as a plain object from cssModulesPlugin. Which stylesheets a page
// links is read from the module graph: each module of the generated entry
// (layouts, pages, loading and not-found modules, slots) maps to the .css
// files it reaches through its imports, in import order; the runtime renders
// them as <link rel="stylesheet" precedence> (js/server/runtime.ts), which
// React hoists into <head> and, on a client navigation, loads before it
// shows the new page.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');

const CSS = /\.css$/;
const MODULE_CSS = /\.module\.css$/;
const ASSET_LOADERS = {
  '.png': 'file', '.jpg': 'file', '.jpeg': 'file', '.gif': 'file', '.webp': 'file', '.avif': 'file',
  '.svg': 'file', '.ico': 'file', '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.otf': 'file', '.eot': 'file',
};

const hash = (s, n) => crypto.createHash('sha256').update(s).digest('hex').slice(0, n);

// One per kit-build: compiled files by absolute path.
export function stylesState(root, outdir, publicPath) {
  return { root, outdir, publicPath: publicPath || '/_kit/static/', files: new Map(), postcss: undefined };
}

// The app's PostCSS setup (postcss.config.{mjs,js,cjs,json}), loaded once:
// null when there is none.
async function postcssOf(state) {
  if (state.postcss !== undefined) return state.postcss;
  state.postcss = null;
  const names = ['postcss.config.mjs', 'postcss.config.js', 'postcss.config.cjs', 'postcss.config.json'];
  const file = names.map((n) => path.join(state.root, n)).find((f) => fs.existsSync(f));
  if (!file) return null;
  const appRequire = createRequire(path.join(state.root, 'package.json'));
  let config;
  if (file.endsWith('.json')) config = JSON.parse(fs.readFileSync(file, 'utf8'));
  else {
    const m = await import(pathToFileURL(file).href);
    config = m.default !== undefined ? m.default : m;
  }
  if (typeof config === 'function') config = await config({ env: 'production' });
  let postcss;
  try {
    postcss = appRequire('postcss');
  } catch {
    throw styleError(file, `${path.basename(file)} needs the postcss package, which the app does not have`,
      'npm install postcss (with the plugins the config names)');
  }
  const plugins = [];
  const list = config && config.plugins ? config.plugins : [];
  // plugins that read the working directory when made (Tailwind: where it
  // looks for class names) see the app's root, as under next build
  const cwd = process.cwd();
  process.chdir(state.root);
  try {
  const entries = Array.isArray(list) ? list.map((p) => [p, {}]) : Object.entries(list);
  for (const [p, opts] of entries) {
    if (opts === false) continue;
    if (typeof p !== 'string') {
      plugins.push(p);
      continue;
    }
    let mod;
    try {
      mod = appRequire(p);
    } catch {
      throw styleError(file, `${path.basename(file)} names the PostCSS plugin "${p}", which the app does not have`,
        `npm install ${p}`);
    }
    const fn = mod && mod.default ? mod.default : mod;
    plugins.push(typeof fn === 'function' ? fn(opts && typeof opts === 'object' ? opts : {}) : fn);
  }
  } finally {
    process.chdir(cwd);
  }
  state.postcss = { postcss, plugins, file };
  return state.postcss;
}

function styleError(file, text, fix) {
  const e = new Error(text);
  e.kitDiag = { file, line: 0, column: 0, text, kind: 'style', fix };
  return e;
}

// The esbuild plugin of one file's compilation: .css through PostCSS, CSS
// Modules under a name that carries a hash of their path.
function compilePlugin(state) {
  return {
    name: 'kit-css-compile',
    setup(build) {
      build.onResolve({ filter: MODULE_CSS }, (args) => {
        if (args.namespace === 'kit-css') return undefined;
        const abs = path.resolve(args.resolveDir, args.path);
        const rel = path.relative(state.root, abs);
        const virtual = abs.replace(MODULE_CSS, `_${hash(rel, 6)}.module.css`);
        return { path: virtual, namespace: 'kit-css', pluginData: abs };
      });
      build.onLoad({ filter: CSS }, async (args) => {
        const abs = args.namespace === 'kit-css' ? args.pluginData : args.path;
        let css = await fs.promises.readFile(abs, 'utf8');
        let pc;
        try {
          pc = await postcssOf(state);
        } catch (e) {
          if (!e.kitDiag) throw e;
          return { errors: [{ text: e.kitDiag.text, detail: e.kitDiag }] };
        }
        if (pc && pc.plugins.length) {
          const cwd = process.cwd();
          process.chdir(state.root);  // Tailwind looks for class names from here
          try {
            css = (await pc.postcss(pc.plugins).process(css, { from: abs })).css;
          } catch (e) {
            const d = styleError(abs, `PostCSS (${path.basename(pc.file)}) failed: ${e && e.message ? e.message : e}`,
              'fix the stylesheet or the PostCSS configuration').kitDiag;
            return { errors: [{ text: d.text, detail: d }] };
          } finally {
            process.chdir(cwd);
          }
        }
        return { contents: css, loader: MODULE_CSS.test(abs) ? 'local-css' : 'css', resolveDir: path.dirname(abs) };
      });
    },
  };
}

// Compiles one .css file (cached): {href, mapping (CSS Modules) or null}.
export function compileStyle(state, abs) {
  let p = state.files.get(abs);
  if (p) return p;
  p = (async () => {
    const rel = path.relative(state.root, abs);
    const isModule = MODULE_CSS.test(abs);
    let r;
    try {
      r = await esbuild.build({
      stdin: {
        contents: isModule ? `export { default } from ${JSON.stringify(abs)};` : `import ${JSON.stringify(abs)};`,
        resolveDir: path.dirname(abs),
        sourcefile: rel + '.entry.js',
      },
      absWorkingDir: state.root,
      bundle: true,
      write: false,
      outdir: state.outdir || state.root,
      format: 'esm',
      minifyWhitespace: true,
      minifySyntax: true,
      loader: ASSET_LOADERS,
      assetNames: '[name]-[hash]',
      publicPath: state.publicPath,
      plugins: [compilePlugin(state)],
      logLevel: 'silent',
    });
    } catch (e) {
      // one message: kit's own (PostCSS) with its file and fix, or esbuild's
      const m = e && e.errors && e.errors[0];
      if (!m) throw e;
      if (m.detail && m.detail.kind === 'style') throw styleError(m.detail.file, m.detail.text, m.detail.fix);
      const loc = m.location || {};
      const err = styleError(loc.file ? path.resolve(state.root, loc.file) : abs, m.text, 'fix the stylesheet');
      err.kitDiag.line = loc.line || 0;
      err.kitDiag.column = loc.line ? (loc.column || 0) + 1 : 0;
      throw err;
    }
    let css = '', mapping = null;
    // no outdir: a build without the browser half (module names only)
    const write = (f, data) => { if (state.outdir) fs.writeFileSync(f, data); };
    if (state.outdir) fs.mkdirSync(state.outdir, { recursive: true });
    for (const f of r.outputFiles) {
      if (f.path.endsWith('.css')) css = f.text;
      else if (f.path.endsWith('.js')) {
        if (isModule) mapping = (await import('data:text/javascript,' + encodeURIComponent(f.text))).default;
      } else {
        write(f.path, f.contents); // url() assets, already hashed
      }
    }
    const name = path.basename(abs).replace(/\.css$/, '').replace(/[^A-Za-z0-9_-]/g, '_');
    const file = `${name}-${hash(css, 8).toUpperCase()}.css`;
    if (state.outdir) write(path.join(state.outdir, file), css);
    return { href: state.publicPath + file, mapping };
  })();
  state.files.set(abs, p);
  return p;
}

// Both bundles' plugin: `import styles from "./x.module.css"` is the object
// of its class names. (Plain .css imports are the bundles' `empty` loader.)
export function cssModulesPlugin(state) {
  return {
    name: 'kit-css-modules',
    setup(build) {
      build.onLoad({ filter: MODULE_CSS }, async (args) => {
        if (args.namespace !== 'file') return undefined;
        try {
          const c = await compileStyle(state, args.path);
          return { contents: `export default ${JSON.stringify(c.mapping || {})};`, loader: 'js' };
        } catch (e) {
          return { errors: [diagMessage(e, args.path)] };
        }
      });
    },
  };
}

function diagMessage(e, file) {
  if (e && e.kitDiag) return { text: e.kitDiag.text, detail: e.kitDiag };
  return { text: String(e && e.message ? e.message : e), detail: { kind: 'style', file, text: String(e), fix: 'fix the stylesheet' } };
}

// The stylesheets of each module of the generated entry: {moduleKey:
// [href...]}, from a build's metafile. entrySource is the generated entry
// (`import * as m0 from "…"` and `"app/page": m0`).
export async function routeStyles(state, metafile, entrySource, entryDir) {
  const inputs = metafile.inputs;
  const abs = (k) => path.resolve(state.root, k.replace(/^[a-z-]+:/, ''));
  const byAbs = new Map(Object.keys(inputs).map((k) => [abs(k), k]));
  const vars = new Map();
  for (const m of entrySource.matchAll(/import \* as (\w+) from ("(?:[^"\\]|\\.)*");/g))
    vars.set(m[1], path.resolve(entryDir, JSON.parse(m[2])));
  const out = {};
  const memo = new Map();
  // the .css files a module reaches, in import order (each once)
  const reach = (key, seen, list) => {
    if (seen.has(key)) return;
    seen.add(key);
    const input = inputs[key];
    if (!input) return;
    for (const imp of input.imports || []) {
      if (imp.external) continue;
      if (CSS.test(imp.path)) {
        const a = abs(imp.path);
        if (!list.includes(a)) list.push(a);
        continue;
      }
      reach(imp.path, seen, list);
    }
  };
  for (const m of entrySource.matchAll(/("(?:[^"\\]|\\.)*"): (\w+)[,\n]/g)) {
    const file = vars.get(m[2]);
    const key = file && byAbs.get(file);
    if (!key) continue;
    const list = [];
    reach(key, new Set(), list);
    if (!list.length) continue;
    const hrefs = [];
    for (const a of list) {
      if (!memo.has(a)) memo.set(a, compileStyle(state, a));
      hrefs.push((await memo.get(a)).href);
    }
    out[JSON.parse(m[1])] = hrefs;
  }
  return out;
}

// A build error from a failed stylesheet, as bundle.mjs reports them; e is
// what compileStyle threw, or an esbuild failure carrying one of its messages.
export function styleDiag(e, root) {
  let d = e && e.kitDiag;
  if (!d && e && e.errors) {
    const m = e.errors.find((x) => x.detail && x.detail.kind === 'style');
    if (m) d = m.detail;
  }
  if (!d) return null;
  const rel = path.relative(root, d.file);
  return { file: rel && !rel.startsWith('..') ? rel : d.file, line: d.line || 0, column: d.column || 0,
    text: d.text, kind: 'style', fix: d.fix };
}
