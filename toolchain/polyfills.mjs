// polyfills.mjs — bundles runtime/polyfills-shared.js and
// runtime/polyfills-url.js (toolchain/local.mk), for the apps with the web
// classes: node polyfills.mjs <srcdir>/runtime <outdir>/runtime.
//
// polyfills-shared.js (in server.js instead of polyfills.js):
// runtime/polyfills.entry.js, plus a getter for each core-js internal
// module that the URL modules share with it, non-enumerable on
// globalThis.__kit_core_js_internals (8 kB). polyfills-url.js (a chunk the
// web classes' chunk loads first, toolchain/bundle.mjs):
// runtime/polyfills-url.entry.js, in which those internals are the getters'
// (one copy of their state: core-js keeps some of it per copy) and the es.*
// modules polyfills.js holds are empty (they ran when polyfills.js loaded,
// and run again they would redefine built-ins that are frozen by then).
// Both IIFEs, ES5, never lowered (docs/mujs.md §3).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');
const [srcdir, outdir] = process.argv.slice(2).map((p) => path.resolve(p));
const toolchain = path.dirname(new URL(import.meta.url).pathname);
const nodePaths = [path.join(toolchain, 'node_modules')];
const common = { bundle: true, format: 'iife', target: 'es5', minifyWhitespace: true, logLevel: 'warning',
	nodePaths, write: false, metafile: true };

// core-js's files an entry reaches, as "internals/x" / "modules/x"
async function coreJsFiles(entry) {
	const r = await esbuild.build({ ...common, entryPoints: [entry] });
	const out = new Set();
	for (const k of Object.keys(r.metafile.inputs)) {
		const m = /core-js\/((?:internals|modules)\/[^/]+)\.js$/.exec(k);
		if (m) out.add(m[1]);
	}
	return out;
}

const polyEntry = path.join(srcdir, 'polyfills.entry.js');
const urlEntry = path.join(srcdir, 'polyfills-url.entry.js');
const inPoly = await coreJsFiles(polyEntry);
const inUrl = await coreJsFiles(urlEntry);
const shared = [...inUrl].filter((f) => f.startsWith('internals/') && inPoly.has(f)).sort();
const ran = new Set([...inUrl].filter((f) => f.startsWith('modules/es.') && inPoly.has(f)));

const registry = `require(${JSON.stringify(polyEntry)});\n` +
	`Object.defineProperty(globalThis, '__kit_core_js_internals', { value: {\n` +
	shared.map((f) => `  ${JSON.stringify(f)}: function () { return require(${JSON.stringify('core-js/' + f)}); }`).join(',\n') +
	`\n}, writable: false, enumerable: false, configurable: false });\n`;
const poly = await esbuild.build({ ...common, stdin: { contents: registry, resolveDir: srcdir, sourcefile: 'polyfills-registry.js' } });

const sharedPlugin = {
	name: 'kit-core-js-shared',
	setup(build) {
		build.onResolve({ filter: /^(?:\.\.\/internals\/|\.\.\/modules\/|\.\/|core-js\/(?:internals|modules)\/)/ }, (args) => {
			if (!/core-js[\\/]/.test(args.importer) && !args.path.startsWith('core-js/')) return undefined;
			const abs = args.path.startsWith('core-js/') ? args.path.slice(8)
				: path.relative(path.join(nodePaths[0], 'core-js'), path.resolve(args.resolveDir, args.path));
			const key = abs.replace(/\.js$/, '').split(path.sep).join('/');
			if (shared.includes(key)) return { path: key, namespace: 'kit-shared' };
			if (ran.has(key)) return { path: key, namespace: 'kit-ran' };
			return undefined;
		});
		build.onLoad({ filter: /.*/, namespace: 'kit-shared' }, (args) => ({
			contents: `module.exports = globalThis.__kit_core_js_internals[${JSON.stringify(args.path)}]();`, loader: 'js' }));
		build.onLoad({ filter: /.*/, namespace: 'kit-ran' }, () => ({ contents: '', loader: 'js' }));
	},
};
const url = await esbuild.build({ ...common, entryPoints: [urlEntry], plugins: [sharedPlugin] });
fs.mkdirSync(outdir, { recursive: true });
fs.writeFileSync(path.join(outdir, 'polyfills-shared.js.tmp'), poly.outputFiles[0].text);
fs.writeFileSync(path.join(outdir, 'polyfills-url.js'), url.outputFiles[0].text);
process.stdout.write(`polyfills.mjs: ${shared.length} internals shared, ${ran.size} es modules ran; polyfills-url.js ${url.outputFiles[0].text.length} bytes\n`);
