// bundle.mjs — the JS half of kit-build: bundle the generated server entry and
// lower it to ES5; find the "use client" modules of the server graph, replace
// them there by client references, and bundle them for the browser.
//
// kit-build runs `node bundle.mjs '<job json>'` (or pipes the job on stdin) and
// reads exactly one JSON object from stdout:
//   success: {"ok":true,"bytes":N,"warnings":[diag...],"esbuildMs":N,"swcMs":N,
//             "client":{"modules":[{"id","file","bytes"}...],"entry":"entry-X.js"|null,
//                       "entryBytes":N,"bytes":N,"browserMs":N}}               exit 0
//   failure: {"errors":[diag...],"warnings":[diag...]}                          exit 1
// where diag = {"file","line","column","text","kind"[,"specifier"][,"fix"][,"phase"]};
// kind is "syntax" (the source does not parse or a TypeScript construct cannot
// be stripped), "resolve" (an import names nothing; then "specifier" holds it
// and "file" is the importing file), "transform" (SWC rejected esbuild's
// output), "client" (a client-module rule: "fix" says what to do), "style"
// (a stylesheet or the PostCSS setup, styles.mjs: "fix" too) or "config" (route
// segment config kit ignores, a warning with its "fix"). `file` is
// relative to the app root when the file is inside it, else absolute; line and
// column are 1-based (0 = unknown). "phase":"browser" marks messages of the
// browser build.
//
// The job: {"entry": abs path, "outfile": abs path, "root": app root,
//           "alias": {specifier: abs path}, "mode": "production",
//           "entryName": name of the entry in the output and in errors,
//           "client": {"entry": browser runtime entry (specifier or abs path),
//                      "outdir": abs path of static/, "manifest": abs path of
//                      client-manifest.json, "publicPath": "/_kit/static/"}}.
// entryName keeps the output free of the temporary directory kit-build writes
// the entry into, so the same app always gives the same bytes (and version).
// An alias whose target is a directory also maps subpaths ("@kit/core/x" →
// "<dir>/x"); a file target matches the exact specifier only, so "react"
// never swallows "react/jsx-runtime". Without "client", client modules are
// not looked for (the server bundle alone, as before).
//
// Server: per docs/mujs.md §4, esbuild bundles TSX + node_modules to
// one es2017 IIFE that defines the global `__kit_app`; SWC lowers that one file
// to ES5, NOT loose (loose mode silently breaks spread of Sets). esbuild's
// `// <path>` module comments survive SWC, which is how errors in the lowered
// file (here and in kit-build's mujs check) are traced back to a module.
//
// Client modules (docs/client-components.md §1–4): a module whose directive
// prologue holds "use client". Imported from server code (a module outside
// the client graph: client modules and what they import), it resolves to a
// generated stub exporting one clientReference() per export of the real module
// (names read by esbuild from that file alone); imported from the client
// graph, to the real module. Packages resolve with the react-server condition
// in server code only (conditions.mjs, docs/packages.md). The
// browser build then bundles the browser runtime entry plus one generated
// wrapper entry per referenced client module (`self.__kit_register(id,
// exports)`), ESM with code splitting, with React taken from this toolchain.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');
const swc = require('@swc/core');
import { lowerForMujs, keepExponent, constantExports } from './mujs-lower.mjs';
import { stylesState, cssModulesPlugin, routeStyles, styleDiag } from './styles.mjs';
import { assetsPlugin } from './assets.mjs';
import { loadEnv, publicDefines } from './env.mjs';
import { hoistInlineActions, findInlineActions } from './inline-actions.mjs';
import { templateModule } from './templates.mjs';
import { SERVER_CONDITIONS, CLIENT_CONDITIONS, reactServerPackages, splitSpecifier, clientGraph, environmentErrors,
	serverImports, clientConditionsPlugin } from './conditions.mjs';
const toolchainDir = path.dirname(fileURLToPath(import.meta.url));

const RESOLVE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.json'];
const CODE_FILE = /\.(?:tsx|ts|mts|cts|jsx|js|mjs|cjs)$/;
// The packages the browser bundle takes from this toolchain, whoever imports them.
const REACT_PACKAGES = ['react', 'react-dom', 'react-server-dom-webpack', 'scheduler'];
// What the global `rpc` becomes while a client module is analysed: esbuild's
// define replaces free references only (not locals, properties, strings or
// comments), so finding it in the output means the file uses the global.
const RPC_MARK = '__kit_global_rpc_reference__';
const INNER = 'kit-client-inner';

function out(obj, code) {
	process.stdout.write(JSON.stringify(obj) + '\n', () => process.exit(code));
}

function readJob() {
	const text = process.argv[2] !== undefined ? process.argv[2] : fs.readFileSync(0, 'utf8');
	const job = JSON.parse(text);
	for (const k of ['entry', 'outfile', 'root'])
		if (typeof job[k] !== 'string' || !job[k]) throw new Error(`job.${k} must be a non-empty string`);
	if (job.alias !== undefined && (typeof job.alias !== 'object' || job.alias === null))
		throw new Error('job.alias must be an object');
	if (job.client !== undefined) {
		if (typeof job.client !== 'object' || job.client === null) throw new Error('job.client must be an object');
		for (const k of ['entry', 'outdir', 'manifest'])
			if (typeof job.client[k] !== 'string' || !job.client[k])
				throw new Error(`job.client.${k} must be a non-empty string`);
	}
	if (job.serverDir === undefined) job.serverDir = path.resolve(path.dirname(job.outfile), '..', 'server');
	return job;
}

// Paths in diagnostics: relative to the app root when inside it.
function displayPath(root, file) {
	if (!file) return '';
	const abs = path.resolve(root, file);
	const rel = path.relative(root, abs);
	return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

// A source map's sources are URLs: src/app/posts/%5Bid%5D/page.tsx
function decodeSource(s) {
	try {
		return decodeURIComponent(s);
	} catch (e) {
		return s;
	}
}

// A source as a stack frame names it: relative to the app, kit's own
// modules as the package @kit/core names them (render/srcmap.c).
function sourceName(st, root, abs) {
	if (st.kitDir && isInside(st.kitDir, abs)) return '@kit/core/' + path.relative(st.kitDir, abs);
	return displayPath(root, abs);
}

function isInside(dir, file) {
	const rel = path.relative(dir, file);
	return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function escapeRegExp(s) {
	return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function isDirectory(target) {
	try { return fs.statSync(target).isDirectory(); } catch { return false; /* reported when resolved */ }
}

// The aliases whose target is a directory (@kit/core → js/), for esbuild's
// own `alias` option: it maps subpaths too and resolves the result natively,
// so the file keeps the module type of its package.json ("type": "module"
// in js/). A path returned by a plugin's onResolve has none, and esbuild
// parses a file once, as the first import that reaches it resolved it: with
// js/client/entry.ts importing "../Link" natively and the app's files
// "@kit/core/Link" through a plugin, which came first varied from build to
// build, and with it React's interop call in Link.tsx (`__toESM(x, 1)` or
// `__toESM(x)`): builds were not reproducible (toolchain/README.md).
function nativeAliases(alias) {
	const o = {};
	for (const [key, target] of Object.entries(alias || {})) if (isDirectory(target)) o[key] = target;
	return o;
}

// The aliases whose target is a file (react → js/server/react.ts): the exact
// specifier only (esbuild's `alias` would map "react/jsx-runtime" too), and
// a directory target that does not exist (the error names KIT_DATADIR).
function aliasPlugin(alias) {
	const entries = Object.entries(alias || {}).filter(([, target]) => !isDirectory(target))
		.map(([key, target]) => ({ key, target }));
	return {
		name: 'kit-alias',
		setup(build) {
			if (!entries.length) return;
			// Only the aliased specifiers cross into JS (esbuild's resolver stays native).
			const filter = new RegExp(`^(?:${entries.map((e) => escapeRegExp(e.key)).join('|')})$`);
			build.onResolve({ filter }, async (args) => {
				if (args.pluginData === 'kit-alias') return undefined;
				const e = entries.find((e) => args.path === e.key);
				if (!e) return undefined;
				const target = e.target;
				const r = await build.resolve(target, {
					kind: args.kind, resolveDir: args.resolveDir, importer: args.importer,
					pluginData: 'kit-alias',
				});
				if (r.errors.length)
					return { errors: [{ text: `Could not resolve "${args.path}" (kit maps it to ${target}, which does not exist: check KIT_DATADIR or reinstall kit)` }] };
				return { path: r.path, sideEffects: r.sideEffects };
			});
		},
	};
}

// process.env as the browser bundle sees it: an object of the public values
function publicObject(defines, mode) {
	const o = { NODE_ENV: mode };
	for (const [k, v] of Object.entries(defines)) o[k.slice('process.env.'.length)] = JSON.parse(v);
	return o;
}

// does bundled code name the global Buffer (not ArrayBuffer, not a property)?
function namesBuffer(text) {
	return /(?:^|[^.\w$])Buffer(?![\w$])/.test(text);
}

// Node's fs, fs/promises, path, url and buffer in server code are kit's (js/server/node/,
// docs/files.md); the browser build keeps refusing them.
const NODE_MODULES = { 'fs': 'fs.ts', 'fs/promises': 'fs-promises.ts', 'path': 'path.ts', 'path/posix': 'path.ts', 'url': 'url.ts' };
// Imports of Next.js's own modules from the app's files fail as unresolved
// even when node_modules holds the next package (an app brought from
// Next.js): its modules need Next.js's server, and kit-build names kit's
// module for each instead (build/bundle.c next_import_fix).
function nodeModulesPlugin(kitDir, root) {
	return {
		name: 'kit-node-modules',
		setup(build) {
			if (root)
				build.onResolve({ filter: /^next(?:\/|$)/ }, (args) =>
					args.importer && isInside(root, args.importer) && !args.importer.split(path.sep).includes('node_modules')
						? { errors: [{ text: `Could not resolve "${args.path}"` }] }
						: undefined);
			if (!kitDir) return;
			build.onResolve({ filter: /^(?:node:)?(?:fs|fs\/promises|path|path\/posix|url)$/ }, (args) => ({
				path: path.join(kitDir, 'server', 'node', NODE_MODULES[args.path.replace(/^node:/, '')]),
			}));
			// Buffer: kit's module over the npm package (js/server/node/buffer.ts),
			// side-effect free so that the injected global
			// (buffer-global.ts) costs nothing unused
			build.onResolve({ filter: /^(?:node:)?buffer\/?$/ }, () => ({
				path: path.join(kitDir, 'server', 'node', 'buffer.ts'),
				sideEffects: false,
			}));
			build.onResolve({ filter: /^buffer\/index\.js$/ }, (args) =>
				args.importer.startsWith(path.join(kitDir, 'server', 'node'))
					? { path: require.resolve('buffer/index.js', { paths: [toolchainDir] }), sideEffects: false }
					: undefined);
		},
	};
}

// Route segment config kit does not honour (docs/segment-config.md): a
// warning naming the file, read from the sources of the entry's modules.
const SEGMENT_CONFIG = /^export\s+const\s+(dynamic|revalidate|fetchCache|dynamicParams|runtime|preferredRegion|maxDuration|experimental_ppr)\s*=\s*([^;\n]*)/gm;
// error.tsx and global-error.tsx are error boundaries, which React runs in
// the browser: each must be a "use client" module (docs/errors.md).
async function errorBoundaryErrors(st, entrySource, entryDir) {
	const errors = [];
	for (const m of entrySource.matchAll(/import \* as \w+ from ("(?:[^"\\]|\\.)*");/g)) {
		const file = path.resolve(entryDir, JSON.parse(m[1]));
		const name = path.basename(file);
		if (!/^(?:global-)?error\.[^.]+$/.test(name) || (await fileInfo(st, file)).client) continue;
		errors.push(clientError(file, `${name} is an error boundary, which React runs in the browser: it must be a "use client" module`,
			'start the file with the "use client" directive'));
	}
	return errors;
}

async function segmentConfigWarnings(st, entrySource, entryDir) {
	const warnings = [];
	const files = [...entrySource.matchAll(/import \* as \w+ from ("(?:[^"\\]|\\.)*");/g)]
		.map((m) => path.resolve(entryDir, JSON.parse(m[1])));
	for (const file of files) {
		const info = await fileInfo(st, file);
		if (!info.src) continue;
		const page = /^(?:page|route)\.[^.]+$/.test(path.basename(file));
		for (const m of info.src.matchAll(SEGMENT_CONFIG)) {
			const [, name, raw] = m;
			const value = raw.trim().replace(/\s+as\s+const$/, '');
			const unquoted = value.replace(/^(['"])(.*)\1$/, '$2');
			let why = null, fix = null;
			if (name === 'dynamic' && (unquoted === 'force-static' || unquoted === 'error')) {
				why = `dynamic = '${unquoted}' is not supported: kit renders the route as 'auto' (stored when it reads no request, per request when it does)`;
				fix = 'remove the export, or use \'force-dynamic\' to render it per request';
			} else if (name === 'revalidate' && /^\d+(?:\.\d+)?$/.test(unquoted) && +unquoted > 0) {
				why = `revalidate = ${unquoted}: kit does not render stored pages again on a timer; the stored page stays until the next build publishes a new version`;
				fix = 'remove the export, or use revalidate = 0 to render the route per request';
			} else if (name === 'fetchCache' && unquoted !== 'force-no-store' && unquoted !== 'auto') {
				why = `fetchCache = '${unquoted}' is ignored: kit's fetch() never caches (a page's fetches run when it renders: at build time for a stored page)`;
				fix = 'remove the export';
			} else if (name === 'dynamicParams' && !page && unquoted === 'false') {
				why = 'dynamicParams in a layout is ignored: kit reads it from the page';
				fix = 'export it from the page whose generateStaticParams lists the URLs';
			} else if (name === 'runtime' && (unquoted === 'edge' || unquoted === 'experimental-edge')) {
				why = `runtime = '${unquoted}' is ignored: every route runs in kit's engine on the server`;
				fix = 'remove the export';
			} else if (name === 'preferredRegion' || name === 'maxDuration' || name === 'experimental_ppr') {
				why = `${name} is ignored: ${name === 'experimental_ppr' ? 'kit stores a shell for any page with Suspense boundaries by itself' : 'it belongs to a hosting platform'}`;
				fix = 'remove the export';
			}
			if (!why) continue;
			const line = info.src.slice(0, m.index).split('\n').length;
			warnings.push({ file: displayPath(st.root, file), line, column: 1, text: why, kind: 'config', fix });
		}
	}
	return warnings;
}

// 'use cache' (Next.js's Cache Components): a directive kit does not
// honour, in any of the app's own server files (a warning with its line).
const USE_CACHE = /^[ \t]*(['"])(use cache(?::[ \t]*[\w-]+)?)\1[ \t]*;?[ \t]*(?:\/\/.*)?$/gm;
function useCacheWarnings(root, sources) {
	const warnings = [];
	for (const [abs, src] of [...sources].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
		if (!src || !isInside(root, abs) || abs.split(path.sep).includes('node_modules') || !src.includes('use cache')) continue;
		for (const m of src.matchAll(USE_CACHE)) {
			const line = src.slice(0, m.index).split('\n').length;
			warnings.push({ file: displayPath(root, abs), line, column: 1, kind: 'config',
				text: `'${m[2]}' is ignored: kit does not keep a function's or a component's result between requests`,
				fix: 'remove the directive: a page that reads no request is rendered once at build and stored (docs/build-output.md), ' +
					'cache() from @kit/core/cache shares a result within one request, and revalidate() from @kit/core/revalidate ' +
					'renders stored pages again' });
		}
	}
	return warnings;
}

function fromEsbuild(root, m, phase) {
	const loc = m.location || {};
	const d = {
		file: displayPath(root, (loc.file || '').replace(/^kit-[a-z]+:/, '')),
		line: loc.line || 0,
		column: loc.line ? (loc.column || 0) + 1 : 0,
		text: m.text,
		kind: 'syntax',
	};
	const res = /^Could not resolve "((?:[^"\\]|\\.)*)"/.exec(m.text);
	if (res) {
		d.kind = 'resolve';
		d.specifier = res[1];
	}
	const noLoader = /^No loader is configured for "(\.[^"]+)" files/.exec(m.text);
	if (noLoader) {
		d.kind = 'config';
		d.text = `cannot import a "${noLoader[1]}" file: kit has no loader for that extension`;
		d.fix = `say how in kit.config.json, e.g. "loaders": { "${noLoader[1]}": "text" } (or "url", "json", "base64"; docs/assets.md)`;
	}
	// kit's own checks (client modules) carry their kind and fix in `detail`.
	if (m.detail && typeof m.detail === 'object' && m.detail.kind) {
		d.kind = m.detail.kind;
		if (m.detail.fix) d.fix = m.detail.fix;
	}
	if (phase) d.phase = phase;
	return d;
}

// A plugin message for kit's client-module rules.
function clientError(file, text, fix, pos) {
	return {
		text,
		location: { file, line: pos ? pos.line : 0, column: pos ? pos.column : 0 },
		detail: { kind: 'client', fix },
	};
}

// The module whose code holds `line` of esbuild's output: the nearest
// `// <path>` marker comment above it.
function moduleAt(code, line) {
	const lines = code.split('\n');
	for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
		const m = /^\s*\/\/ (\S+\.(?:tsx|ts|jsx|js|mjs|cjs|json))$/.exec(lines[i]);
		if (m) return m[1];
	}
	return '';
}

// Is the directive (e.g. "use client") in src's directive prologue, the
// string-literal statements it starts with? Skips a BOM, a hashbang line,
// whitespace and comments; either quote; each directive must end its
// statement (`;`, a line break, a comment or the end of the file). Not only
// the first: lucide-react 1.x starts its modules `"use strict"; "use client";`.
function hasDirective(src, directive) {
	let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
	if (src.startsWith('#!', i)) {
		const nl = src.indexOf('\n', i);
		if (nl < 0) return false;
		i = nl + 1;
	}
	for (;;) {
		i = skipSpaceAndComments(src, i);
		if (i < 0) return false;
		const q = src[i];
		if (q !== '"' && q !== "'") return false;
		let j = i + 1;
		while (j < src.length && src[j] !== q && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
		if (src[j] !== q) return false;
		const end = /^[ \t]*(?:\/\*[^\n]*?\*\/[ \t]*)*(?:;|\r|\n|\/\/|\/\*|$)/.exec(src.slice(j + 1));
		if (!end) return false; // a string that starts an expression: the prologue ends
		if (src.slice(i + 1, j) === directive) return true;
		// a comment that ends the statement is skipped by the next round
		i = j + 1 + end[0].length - (/\/[/*]$/.test(end[0]) ? 2 : 0);
	}
}

// The index of the first character after whitespace and comments from i, or
// -1 when an unterminated comment runs to the end.
function skipSpaceAndComments(src, i) {
	for (;;) {
		while (i < src.length && /\s/.test(src[i])) i++;
		if (src.startsWith('//', i)) {
			const nl = src.indexOf('\n', i);
			if (nl < 0) return src.length;
			i = nl + 1;
		} else if (src.startsWith('/*', i)) {
			const end = src.indexOf('*/', i + 2);
			if (end < 0) return -1;
			i = end + 2;
		} else {
			return i;
		}
	}
}

const hasUseClient = (src) => hasDirective(src, 'use client');
const hasUseServer = (src) => hasDirective(src, 'use server');

// Where the (first) free reference to `rpc` is, for the message: the first
// `rpc` on a line that is not a comment line. Best effort (null when unsure):
// whether there is one at all was decided by esbuild.
function rpcPosition(src) {
	const lines = src.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const m = /(^|[^\w$.])rpc\b/.exec(lines[i]);
		if (m && !/^\s*(\/\/|\*|\/\*)/.test(lines[i])) return { line: i + 1, column: m.index + m[1].length };
	}
	return null;
}

const RPC_FIX = 'rpc() exists on the server only: call it in a server component and pass the data down as props (or call a server action)';

// State shared by the server build's plugin and the browser build.
function clientState(job) {
	return {
		root: job.root,
		kitDir: job.alias && job.alias['@kit/core'] ? path.resolve(job.alias['@kit/core']) : null,
		serverEntry: path.resolve(job.root, job.entryName || path.relative(job.root, job.entry)),
		files: new Map(),    // abs path -> Promise<{client: boolean, src: string|null}>
		modules: new Map(),  // abs path -> {id, file (display), abs} of referenced client modules
		ids: new Map(),      // id -> abs path
		stubs: new Map(),    // stub path -> abs path
		analysed: new Map(), // abs path -> Promise<analysis>
		actions: new Map(),  // abs path of a "use server" module -> its hash (docs/actions.md)
		moduleEntries: new Set(), // paths of the route modules' entries (splitEntries)
	};
}

// Is the file a client module? The source is kept for the rpc checks' messages
// (client modules and app files; not the rest of node_modules).
function fileInfo(st, abs) {
	let p = st.files.get(abs);
	if (!p) {
		p = !CODE_FILE.test(abs) ? Promise.resolve({ client: false, server: false, src: null })
			: fs.promises.readFile(abs, 'utf8').then((src) => {
				const client = hasUseClient(src);
				const server = !client && hasUseServer(src);
				const keep = client || server || !abs.split(path.sep).includes('node_modules');
				return { client, server, src: keep ? src : null };
			}, () => ({ client: false, server: false, src: null }));
		st.files.set(abs, p);
	}
	return p;
}

// docs/client-components.md §1: the path relative to the app root without
// extension; kit's own modules are "@kit/core/<path below js/>"; a package
// installed outside the app (a workspace's hoisted node_modules) is named from
// its last node_modules/ on.
function moduleId(st, abs) {
	const noExt = (p) => p.replace(/\.[^./]+$/, '').split(path.sep).join('/');
	if (isInside(st.root, abs)) return noExt(path.relative(st.root, abs));
	if (st.kitDir && isInside(st.kitDir, abs)) return '@kit/core/' + noExt(path.relative(st.kitDir, abs));
	const nm = abs.lastIndexOf(`${path.sep}node_modules${path.sep}`);
	if (nm >= 0) return noExt(abs.slice(nm + 1));
	return null;
}

function loaderFor(file) {
	const ext = path.extname(file);
	return ext === '.tsx' ? 'tsx' : ext === '.ts' || ext === '.mts' || ext === '.cts' ? 'ts'
		: ext === '.jsx' ? 'jsx' : 'js';
}

// The export names of one client module, read by esbuild from that file
// alone; `export * from` is followed (its default excepted, as in ES). A
// CommonJS module has no static names and is refused. Also reports a free
// reference to the global rpc in the module itself.
function analyse(st, abs, resolver) {
	let p = st.analysed.get(abs);
	if (!p) {
		p = analyseFile(st, abs, resolver, new Set([abs]), true);
		st.analysed.set(abs, p);
	}
	return p;
}

// -> {names: [..] | null (unreadable), cjs, errors: [plugin message]}
async function analyseFile(st, abs, resolver, seen, top) {
	let r;
	try {
		r = await esbuild.build({
			entryPoints: [abs],
			absWorkingDir: st.root,
			// @kit/core's own modules (outside the app) import the app's optional
			// peer dependencies (nuqs): bare imports also resolve in the app's node_modules
			nodePaths: [path.join(st.root, 'node_modules')],
			bundle: false,
			write: false,
			metafile: true,
			format: 'esm',
			platform: 'neutral',
			target: 'esnext',
			jsx: 'automatic',
			define: { rpc: RPC_MARK },
			logLevel: 'silent',
		});
	} catch (e) {
		if (!e.errors) throw e;
		return { names: null, cjs: false, errors: e.errors };
	}
	const output = Object.values(r.metafile.outputs)[0];
	const input = Object.values(r.metafile.inputs)[0] || {};
	const cjs = input.format === 'cjs';
	const code = r.outputFiles[0].text;
	const errors = [];
	if (top && code.includes(RPC_MARK)) {
		const info = await fileInfo(st, abs);
		errors.push(clientError(abs, 'a "use client" module cannot call rpc(): this file references the global rpc',
			RPC_FIX, info.src ? rpcPosition(info.src) : null));
	}
	if (top && cjs)
		errors.push(clientError(abs, 'a CommonJS "use client" module: kit makes client references from the names of ES module exports',
			'import the package\'s ES module build, or re-export what you use from a "use client" module of your own: "use client"; export { Widget } from "the-package"'));
	const names = new Set(output.exports || []);
	const star = /^export \* from ("(?:[^"\\\n]|\\.)*");$/gm;
	for (let m; (m = star.exec(code));) {
		const spec = JSON.parse(m[1]);
		const fix = `name the exports instead: export { A, B } from "${spec}"`;
		const res = await resolver(spec, path.dirname(abs), abs);
		if (res.errors.length || !res.path || res.external || res.namespace !== 'file' || !CODE_FILE.test(res.path)) {
			errors.push(clientError(abs, `cannot list the names of export * from "${spec}" for the client references of this module`, fix));
			continue;
		}
		if (seen.has(res.path)) continue;
		seen.add(res.path);
		const sub = await analyseFile(st, res.path, resolver, seen, false);
		if (!sub.names) {
			errors.push(...sub.errors);
		} else if (sub.cjs) {
			errors.push(clientError(abs, `export * from "${spec}" re-exports a CommonJS module, whose names kit cannot list`, fix));
		} else {
			errors.push(...sub.errors);
			for (const n of sub.names) if (n !== 'default') names.add(n);
		}
	}
	return { names: [...names].sort(), cjs, errors };
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function stubSource(id, abs, names) {
	// the module itself by its absolute path, resolved natively: a path
	// returned by a plugin would lose its package's module type (nativeAliases)
	let s = `import * as __kit_impl from ${JSON.stringify(abs)};\n` +
		'import { clientReference as __kit_ref } from "@kit/core/server/client-reference";\n';
	const list = [];
	names.forEach((n, i) => {
		s += `var __kit_r${i} = __kit_ref(__kit_impl, ${JSON.stringify(id)}, ${JSON.stringify(n)});\n`;
		list.push(`__kit_r${i} as ${IDENT.test(n) ? n : JSON.stringify(n)}`);
	});
	return s + (list.length ? `export { ${list.join(', ')} };\n` : 'export {};\n');
}

// The client graph of a build (conditions.mjs).
async function clientGraphOf(st, metafile) {
	const client = new Set();
	for (const k of Object.keys(metafile.inputs)) {
		const a = path.resolve(st.root, k);
		if ((await fileInfo(st, a)).client) client.add(a);
	}
	return clientGraph(metafile, st.root, (a) => client.has(a));
}

// Every import of a client module by server code (a module outside the
// client graph, conditions.mjs), read from the module graph of a first server
// build: importer (abs) -> specifier -> client module (abs). Only these
// imports get stubs, so only they cross into JS in the second build (a plugin
// seeing every import costs ~1 ms each). Inside the client graph imports are
// real, "use client" or not: swr's hooks import plain values from its own
// "use client" module.
async function clientEdges(st, metafile, graph) {
	const inputs = Object.entries(metafile.inputs);
	const abs = (k) => path.resolve(st.root, k);
	const edges = new Map();
	for (const [k, v] of inputs) {
		if (graph.has(abs(k))) continue; // inside the client graph: real modules
		for (const imp of v.imports || []) {
			if (imp.external || !CODE_FILE.test(imp.path)) continue;
			const target = abs(imp.path);
			if (!(await fileInfo(st, target)).client) continue;
			if (!edges.has(abs(k))) edges.set(abs(k), new Map());
			edges.get(abs(k)).set(imp.original || imp.path, target);
		}
	}
	return edges;
}

// The server build's half of client modules: the imports found by
// clientEdges resolve to generated stubs (docs/client-components.md §2).
function clientServerPlugin(st, edges) {
	const specs = new Set();
	for (const m of edges.values()) for (const spec of m.keys()) specs.add(spec);
	const filter = new RegExp(`^(?:${[...specs].map(escapeRegExp).join('|')})$`);
	return {
		name: 'kit-client-server',
		setup(build) {
			const resolver = (spec, resolveDir, importer) => build.resolve(spec, {
				kind: 'import-statement', resolveDir, importer, pluginData: INNER,
			});
			build.onResolve({ filter }, (args) => {
				if (args.namespace !== 'file' || args.pluginData === INNER) return undefined;
				// a route module's entry imports it as the whole entry did (splitEntries)
				const importer = st.moduleEntries.has(args.importer) ? st.serverEntry : args.importer;
				const target = edges.has(importer) && edges.get(importer).get(args.path);
				if (!target) return undefined;
				const file = displayPath(st.root, target);
				if (importer === st.serverEntry && /^(?:route|middleware)\.[^.]+$/.test(path.basename(target)))
					return { errors: [clientError(target, 'API routes and middleware run on the server: this file cannot be a "use client" module',
						'remove the "use client" directive from it')] };
				let mod = st.modules.get(target);
				if (!mod) {
					const id = moduleId(st, target);
					if (!id)
						return { errors: [clientError(target, 'a "use client" module outside the app directory and outside node_modules has no module id',
							'move it inside the app directory, or install it as a package')] };
					const other = st.ids.get(id);
					if (other && other !== target)
						return { errors: [clientError(target, `this file and ${displayPath(st.root, other)} are both "use client" modules with the id ${id}`,
							'rename one of them: a client module\'s id is its path without the extension')] };
					mod = { id, file, abs: target };
					st.modules.set(target, mod);
					st.ids.set(id, target);
					st.stubs.set(file, target);
				}
				return { path: file, namespace: 'kit-stub' };
			});
			build.onLoad({ filter: /.*/, namespace: 'kit-stub' }, async (args) => {
				const abs = st.stubs.get(args.path);
				const a = await analyse(st, abs, resolver);
				if (a.errors.length) return { errors: a.errors };
				return { contents: stubSource(st.modules.get(abs).id, abs, a.names), loader: 'js', resolveDir: st.root };
			});
		},
	};
}

// --- server actions (docs/actions.md §1) -----------------------------------
// A module whose first statement is "use server" exports server actions. Each
// export's id is "<hash>#<export name>", hash = the first 16 hex digits of
// SHA-256 of the module's id plus extension (its path relative to the app
// root, "@kit/core/<path>" for kit's own): public, and the same on every
// machine. Server bundle: the module is bundled as it is, plus a tail that
// imports its own namespace and registers every exported function
// (js/server/server-reference.ts). Browser bundle: the module is replaced by
// createServerReference(id, callServer) per export; its code never ships.
const SERVER_SELF = 'kit-server-self:';

function actionHash(st, abs) {
	const id = (moduleId(st, abs) || displayPath(st.root, abs)) + path.extname(abs);
	return crypto.createHash('sha256').update(id).digest('hex').slice(0, 16);
}

function serverActionPlugin(st, files) {
	const filter = new RegExp(`^(?:${[...files].map(escapeRegExp).join('|')})$`);
	return {
		name: 'kit-server-actions',
		setup(build) {
			build.onResolve({ filter: /^kit-server-self:/ }, (args) => ({ path: args.path.slice(SERVER_SELF.length) }));
			build.onLoad({ filter }, async (args) => {
				if (args.namespace !== 'file') return undefined;
				const info = await fileInfo(st, args.path);
				if (info.src === null) return undefined;
				const hash = actionHash(st, args.path);
				if (!info.server) {
					const inline = await inlineServerFunctions(st, args.path, info.src, hash);
					if (inline.errors.length) return { errors: inline.errors };
					if (!inline.ids.length) return undefined;
					st.actions.set(args.path, hash);
					const tail = '\n;import { registerServerReference as __kit_register_action } from "@kit/core/server/server-reference";\n' +
						inline.ids.map((a) => `__kit_register_action(${a.local}, ${JSON.stringify(a.id)});\n`).join('');
					return { contents: inline.code + tail, loader: loaderFor(args.path), resolveDir: path.dirname(args.path) };
				}
				st.actions.set(args.path, hash);
				const tail = `\n;import * as __kit_self from ${JSON.stringify(SERVER_SELF + args.path)};\n` +
					'import { registerServerModule as __kit_register_actions } from "@kit/core/server/server-reference";\n' +
					`__kit_register_actions(__kit_self, ${JSON.stringify(hash)}, ${JSON.stringify(displayPath(st.root, args.path))});\n`;
				return { contents: info.src + tail, loader: loaderFor(args.path), resolveDir: path.dirname(args.path) };
			});
		},
	};
}

// Templates (toolchain/templates.mjs): the host JSX of the app's server
// modules (not client modules nor what they import, the client graph: their
// code renders in phase 2 and in the browser; not "use server" modules, not
// packages) in a production build (not --dev), unless KIT_TEMPLATES=0.
// esbuild makes the module's JSX automatic-runtime calls first (its inline
// source map keeps the lines).
function templatesPlugin(st, clientGraph) {
	return {
		name: 'kit-templates',
		setup(build) {
			build.onLoad({ filter: /\.[jt]sx$/ }, async (args) => {
				if (args.namespace !== 'file' || args.path.split(path.sep).includes('node_modules')) return undefined;
				if ((st.kitDir && isInside(st.kitDir, args.path)) || clientGraph.has(args.path)) return undefined;
				const info = await fileInfo(st, args.path);
				if (info.client || info.server || info.src === null) return undefined;
				const r = await esbuild.transform(info.src, { loader: loaderFor(args.path), jsx: 'automatic',
					jsxImportSource: 'react', format: 'esm', target: 'esnext', sourcemap: 'inline',
					sourcefile: args.path, logLevel: 'silent' }).catch(() => null);
				const code = r && templateModule(r.code);
				if (!code) return undefined;
				return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
			});
		},
	};
}

// Inline server actions (toolchain/inline-actions.mjs): in a module that is
// neither a client nor a "use server" module, a function whose body starts
// with the "use server" directive. One declared at module scope is registered
// under its name; a nested one (a closure in a component, an arrow in a JSX
// prop) is hoisted to module scope with the variables it closes over as
// sealed bound arguments.
async function inlineServerFunctions(st, abs, src, hash) {
	if (!/["']use server["']/.test(src)) return { code: src, ids: [], errors: [] };
	const r = hoistInlineActions(src, abs, hash);
	return { code: r.code, ids: r.ids, errors: r.errors.map((e) => clientError(abs, e.text, e.fix, e.pos)) };
}

// A "use server" function inside a client module cannot work (the module runs
// in the browser): the build fails naming it.
function clientInlineActionErrors(abs, src) {
	if (!/["']use server["']/.test(src)) return [];
	return findInlineActions(src, abs).actions.map((a) => clientError(abs,
		`an inline "use server" function${a.name ? ' (' + a.name + ')' : ''} in a client module ("use client"): its code would run in the browser`,
		'move it to a "use server" module and import it, or declare it in a server component and pass it down as a prop', a.pos));
}

function browserActionStub(hash, names) {
	let s = 'import { createServerReference as __kit_csr } from "react-server-dom-webpack/client.browser";\n' +
		'import { callServer as __kit_call } from "@kit/core/client/call-server";\n';
	const list = [];
	names.forEach((n, i) => {
		s += `var __kit_a${i} = __kit_csr(${JSON.stringify(hash + '#' + n)}, __kit_call);\n`;
		list.push(`__kit_a${i} as ${IDENT.test(n) ? n : JSON.stringify(n)}`);
	});
	return s + (list.length ? `export { ${list.join(', ')} };\n` : 'export {};\n');
}

// The browser build's plugin: entries (runtime entry, one wrapper per client
// module), React from this toolchain, and no global rpc in app code.
function clientBrowserPlugin(st, entrySpec) {
	const reactFilter = new RegExp(`^(?:${REACT_PACKAGES.map(escapeRegExp).join('|')})(?:/.*)?$`);
	const byId = new Map([...st.modules.values()].map((m) => [m.id, m]));
	return {
		name: 'kit-client-browser',
		setup(build) {
			// the runtime entry resolves natively (a path returned here would
			// lose js/'s module type, nativeAliases); this only names the fix
			build.onResolve({ filter: new RegExp(`^${escapeRegExp(entrySpec)}$`) }, async (args) => {
				if (args.kind !== 'entry-point' || args.pluginData === INNER) return undefined;
				const r = await build.resolve(entrySpec, { kind: 'import-statement', resolveDir: st.root, pluginData: INNER });
				if (r.errors.length || !r.path)
					return { errors: [{ text: `kit's browser runtime entry ${entrySpec} does not exist`,
						detail: { kind: 'client', fix: 'set KIT_DATADIR to kit\'s data directory (the source tree in development) or reinstall kit; KIT_CLIENT_ENTRY names another entry' } }] };
				return undefined;
			});
			build.onResolve({ filter: /^kit-wrap:/ }, (args) => ({ path: args.path.slice(9), namespace: 'kit-wrap' }));
			build.onLoad({ filter: /.*/, namespace: 'kit-wrap' }, (args) => ({
				contents: `import * as m from ${JSON.stringify(byId.get(args.path).abs)};\n` +
					`self.__kit_register(${JSON.stringify(args.path)}, m);\n`,
				loader: 'js',
				resolveDir: st.root,
			}));
			// Exactly one React: whoever imports it (the app's own node_modules
			// may hold another copy), it comes from this toolchain.
			build.onResolve({ filter: reactFilter }, async (args) => {
				if (args.pluginData === INNER) return undefined;
				const r = await build.resolve(args.path, {
					kind: args.kind, resolveDir: toolchainDir, importer: args.importer, pluginData: INNER,
				});
				if (r.errors.length) return undefined;
				return { path: r.path, sideEffects: r.sideEffects };
			});
			// App code in the browser bundle must not use the global rpc: the
			// browser has none (docs/rpc.md §2). Client modules were checked already.
			build.onLoad({ filter: CODE_FILE }, async (args) => {
				if (args.namespace === 'file' && !st.modules.has(args.path)) {
					const info = await fileInfo(st, args.path);
					if (info.server) {
						const resolver = (spec, resolveDir, importer) => build.resolve(spec, {
							kind: 'import-statement', resolveDir, importer, pluginData: INNER,
						});
						const a = await analyseFile(st, args.path, resolver, new Set([args.path]), false);
						if (!a.names) return { errors: a.errors };
						return { contents: browserActionStub(actionHash(st, args.path), a.names), loader: 'js',
							resolveDir: path.dirname(args.path) };
					}
				}
				if (args.namespace !== 'file' || !isInside(st.root, args.path) ||
					args.path.split(path.sep).includes('node_modules') || st.modules.has(args.path))
					return undefined;
				const info = await fileInfo(st, args.path);
				if (info.src === null) return undefined;
				let code;
				try {
					code = (await esbuild.transform(info.src, {
						loader: loaderFor(args.path), jsx: 'automatic', define: { rpc: RPC_MARK },
						sourcefile: args.path, logLevel: 'silent',
					})).code;
				} catch {
					return undefined; // esbuild reports syntax errors itself
				}
				if (!code.includes(RPC_MARK)) return undefined;
				return { errors: [clientError(args.path,
					'this file is in the browser bundle (a "use client" module imports it) and references the global rpc',
					RPC_FIX, rpcPosition(info.src))] };
			});
		},
	};
}

function chunkName(id) {
	return id.split('/').pop().replace(/[^A-Za-z0-9_-]/g, '_') || 'module';
}

// kit's client modules the browser runtime entry imports and registers itself
// (js/client/entry.ts): no wrapper, no chunks of their own.
const ENTRY_MODULES = new Set(['@kit/core/Link', '@kit/core/client/segment', '@kit/core/client/error-boundary']);

// The browser build (docs/client-components.md §4) and client-manifest.json (§3).
async function buildBrowser(job, st) {
	const c = job.client;
	const publicPath = c.publicPath || '/_kit/static/';
	const mods = [...st.modules.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	// kit's own client modules (Link, ...) are registered by the runtime
	// entry itself: no wrapper, no chunks of their own.
	// (the rest of kit's client modules, e.g. @kit/core/nuqs with its optional
	// peer dependency, are wrapped and chunked like the app's)
	const own = (m) => ENTRY_MODULES.has(m.id);
	const manifest = { entry: null, modules: {} };
	const report = { modules: [], entry: null, entryBytes: 0, bytes: 0, browserMs: 0 };
	fs.mkdirSync(c.outdir, { recursive: true });
	// SegmentBoundary wraps every layout's children, so it is in every app
	// with a layout, and the server runtime references ErrorBoundary; they
	// only matter with a client component of the app's own (without one no
	// page ships a script; an error.tsx is one): alone, they build nothing.
	const segmentOnly = mods.every((m) => m.id === '@kit/core/client/segment' || m.id === '@kit/core/client/error-boundary');
	// kit-build --dev: the dev client (js/client/dev-client.ts: error overlay,
	// live reload) goes on every page, client components or not; the browser
	// build gets React's development builds and source maps (docs/dev.md)
	const dev = c.dev === true;
	if (dev) {
		const r = await buildDevClient(job, c.outdir, publicPath);
		if (r.errors) return r;
		manifest.dev = r.url;
		report.bytes += r.bytes;
	}
	if (!mods.length || segmentOnly) {
		fs.writeFileSync(c.manifest, JSON.stringify(manifest, null, 2) + '\n');
		return { report };
	}
	const t0 = Date.now();
	// what the entry can leave out (js/client/entry.ts): Link when no server
	// component renders one (a client module importing it bundles it itself),
	// the error boundary when no error.tsx or global-error.tsx (client modules,
	// so among mods), callServer when the app has no server action
	const entryDefines = {};
	if (!mods.some((m) => m.id === '@kit/core/Link')) entryDefines.__KIT_NO_LINK__ = 'true';
	if (!mods.some((m) => m.id !== '@kit/core/client/error-boundary' && /(^|\/)(global-)?error$/.test(m.id)))
		entryDefines.__KIT_NO_ERROR_BOUNDARY__ = 'true';
	if (!st.actions.size) entryDefines.__KIT_NO_ACTIONS__ = 'true';
	const answers = await buildAnswers(job, c, dev);
	if (answers.errors) return answers;
	entryDefines.__KIT_ANSWER__ = JSON.stringify('./' + answers.name);
	const browserAlias = {};
	if (job.alias && job.alias['@kit/core']) browserAlias['@kit/core'] = job.alias['@kit/core'];
	let result;
	try {
		result = await esbuild.build({
			entryPoints: [{ in: c.entry, out: 'entry' },
				...mods.filter((m) => !own(m)).map((m) => ({ in: 'kit-wrap:' + m.id, out: chunkName(m.id) }))],
			absWorkingDir: job.root,
			nodePaths: [path.join(job.root, 'node_modules')],
			bundle: true,
			splitting: true,
			format: 'esm',
			platform: 'browser',
			target: 'es2020',
			minify: !dev,
			sourcemap: dev ? 'linked' : false,
			// the license texts of React & co. in a file beside each script
			// (<script>.LEGAL.txt, served with it), which the script names in
			// its last line; browsers do not load it
			legalComments: 'linked',
			entryNames: '[name]-[hash]',
			chunkNames: '[name]-[hash]',
			outdir: c.outdir,
			resolveExtensions: RESOLVE_EXTENSIONS,
			loader: { '.css': 'empty' },
			jsx: 'automatic',
			jsxImportSource: 'react',
			// process.env in the browser: the public values and nothing else
			define: { ...st.publicDefines, ...entryDefines, 'process.env.NODE_ENV': dev ? '"development"' : '"production"',
				'process.env': JSON.stringify(publicObject(st.publicDefines || {}, dev ? 'development' : 'production')) },
			alias: nativeAliases(browserAlias),
			plugins: [clientBrowserPlugin(st, c.entry), cssModulesPlugin(st.styles), st.assets, aliasPlugin(browserAlias)],
			metafile: true,
			write: false,
			logLevel: 'silent',
		});
	} catch (e) {
		if (!e.errors) throw e;
		return {
			errors: e.errors.map((m) => fromEsbuild(job.root, m, 'browser')),
			warnings: (e.warnings || []).map((m) => fromEsbuild(job.root, m, 'browser')),
		};
	}
	const warnings = result.warnings.map((m) => fromEsbuild(job.root, m, 'browser'));
	// the names mangled once more (mangleNames)
	const outputFiles = dev ? result.outputFiles : await Promise.all(result.outputFiles.map(async (f) => {
		if (!f.path.endsWith('.js')) return f;
		const code = await mangleNames(f.text);
		const out = result.metafile.outputs[path.relative(job.root, f.path).split(path.sep).join('/')];
		if (out) out.bytes = Buffer.byteLength(code);
		return { path: f.path, contents: Buffer.from(code) };
	}));

	// One copy of each React package, and it is this toolchain's. Compared
	// as real paths: esbuild reports them so, and node_modules may be a link
	// (the Debian package keeps it in /usr/lib/kit, debian/rules).
	const real = (p) => { try { return fs.realpathSync(p); } catch { return p; } };
	const roots = new Map();
	for (const input of Object.keys(result.metafile.inputs)) {
		const m = /^(.*?node_modules\/(react|react-dom|react-server-dom-webpack|scheduler))\//.exec(input);
		if (!m) continue;
		if (!roots.has(m[2])) roots.set(m[2], new Set());
		roots.get(m[2]).add(real(path.resolve(job.root, m[1])));
	}
	for (const [name, set] of roots) {
		const own = real(path.join(toolchainDir, 'node_modules', name));
		if (set.size > 1 || ![...set].every((r) => r === own))
			return { errors: [{ file: '', line: 0, column: 0, kind: 'client', phase: 'browser',
				text: `the browser bundle holds ${name} from ${[...set].join(' and ')}, not only kit's copy ${own}`,
				fix: 'this is a kit bug (React is aliased to kit\'s toolchain): please report it' }], warnings };
	}

	const outs = result.metafile.outputs;
	const base = (k) => path.basename(k);
	const staticImports = (k) => (outs[k].imports || [])
		.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path);
	const closure = (start) => {
		const order = [], seen = new Set([start]);
		for (let q = [start]; q.length;) {
			const k = q.shift();
			order.push(k);
			for (const d of staticImports(k)) if (!seen.has(d)) { seen.add(d); q.push(d); }
		}
		return order;
	};
	// import() targets are entry points in the metafile too: the runtime
	// entry is the one output named "entry-<hash>.js".
	const entryKey = Object.keys(outs).find((k) => outs[k].entryPoint
		&& !outs[k].entryPoint.startsWith('kit-wrap:') && /^entry-[^/]*\.js$/.test(base(k)));
	const entryClosure = new Set(closure(entryKey));
	outputFiles.push(answers.file);
	for (const f of outputFiles) if (!f.path.endsWith('.LEGAL.txt')) report.bytes += f.contents.length;
	for (const k of entryClosure) report.entryBytes += outs[k].bytes;
	manifest.entry = publicPath + base(entryKey);
	report.entry = base(entryKey);
	const entryInputs = new Set();
	for (const k of entryClosure) for (const i of Object.keys(outs[k].inputs)) entryInputs.add(path.resolve(job.root, i));
	for (const m of mods) {
		const chunks = [];
		let bytes = 0;
		if (own(m)) {
			if (!entryInputs.has(m.abs))
				return { errors: [{ file: m.file, line: 0, column: 0, kind: 'client', phase: 'browser',
					text: `kit's browser runtime entry does not include its own client module ${m.id}`,
					fix: 'this is a kit bug (js/client/entry.ts must register kit\'s client modules): please report it' }], warnings };
			manifest.modules[m.id] = { chunks };
			report.modules.push({ id: m.id, file: m.file, bytes });
			continue;
		}
		const mine = Object.keys(outs).find((k) => outs[k].entryPoint === 'kit-wrap:' + m.id);
		for (const k of closure(mine)) {
			if (entryClosure.has(k)) continue;
			chunks.push(base(k).replace(/\.js$/, ''), publicPath + base(k));
			bytes += outs[k].bytes;
		}
		manifest.modules[m.id] = { chunks };
		report.modules.push({ id: m.id, file: m.file, bytes });
	}
	for (const f of outputFiles) fs.writeFileSync(f.path, f.contents);
	fs.writeFileSync(c.manifest, JSON.stringify(manifest, null, 2) + '\n');
	report.browserMs = Date.now() - t0;
	return { report, warnings };
}

// esbuild's minified output, its names mangled once more by SWC (names
// only: SWC's compressor makes React's code larger once gzipped).
async function mangleNames(code) {
	return (await swc.minify(code, { module: true, ecma: 2020, compress: false, mangle: { toplevel: true },
		format: { comments: 'some' } })).code;
}

// One script of js/client/ built alone for the browser (esbuild, not
// written): { file } or { errors } as kit-build reports them.
async function buildClientScript(job, source, name, format, outdir, minify) {
	const kitDir = (job.alias && job.alias['@kit/core']) || path.join(toolchainDir, '..', 'js');
	try {
		const result = await esbuild.build({
			entryPoints: [{ in: path.join(kitDir, 'client', source), out: name }],
			absWorkingDir: job.root,
			bundle: true,
			format,
			platform: 'browser',
			target: 'es2020',
			minify,
			entryNames: '[name]-[hash]',
			outdir,
			write: false,
			logLevel: 'silent',
		});
		return { file: result.outputFiles[0] };
	} catch (e) {
		if (!e.errors) throw e;
		return { errors: e.errors.map((m) => fromEsbuild(job.root, m, 'browser')) };
	}
}

// js/client/answer.ts (the payload cache and the navigation requests), built
// alone as static/answer-<hash>.js: the entry imports it with the first
// navigation or prefetch (__KIT_ANSWER__). Alone, so that it shares nothing
// with the entry's build: a module shared with the entry, or esbuild's
// helpers for two entry points, would become one more file every page loads.
async function buildAnswers(job, c, dev) {
	const r = await buildClientScript(job, 'answer.ts', 'answer', 'esm', c.outdir, !dev);
	if (r.errors) return r;
	const f = r.file;
	const contents = dev ? f.contents : Buffer.from(await mangleNames(f.text));
	return { file: { path: f.path, contents }, name: path.basename(f.path) };
}

// The dev client (kit-build --dev): one self-contained script, no React,
// written as static/dev-client-<hash>.js; the responders put it on every page
// of a dev build (client-manifest.json "dev").
async function buildDevClient(job, outdir, publicPath) {
	const r = await buildClientScript(job, 'dev-client.ts', 'dev-client', 'iife', outdir, false);
	if (r.errors) return r;
	fs.writeFileSync(r.file.path, r.file.contents);
	return { url: publicPath + path.basename(r.file.path), bytes: r.file.contents.length };
}

function lineCount(s) {
	let n = 0;
	for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
	return n;
}

// A chunk's line table from its source map (version 3): a first line with
// the JSON array of the sources (display paths), then one line per line of
// the chunk file (its line 1 is the __kit_define wrapper, so the map's line
// k is the file's k + 1): "<source index> <1-based line>" of its first
// mapped segment, or empty. kit-build reads it to name the file and line a
// chunk threw at while loading (build/verify.c).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function sourceLines(map, show) {
	const out = [JSON.stringify((map.sources || []).map(show)), ''];
	let src = 0, line = 0;
	for (const group of map.mappings.split(';')) {
		let first = '';
		for (const seg of group.split(',')) {
			if (!seg) continue;
			const v = [];
			for (let i = 0, shift = 0, value = 0; i < seg.length; i++) {
				const digit = B64.indexOf(seg[i]);
				value += (digit & 31) << shift;
				if (digit & 32) { shift += 5; continue; }
				v.push(value & 1 ? -(value >>> 1) : value >>> 1);
				shift = 0;
				value = 0;
			}
			if (v.length < 4) continue;
			src += v[1];
			line += v[2];
			if (!first) first = `${src} ${line + 1}`;
		}
		out.push(first);
	}
	return out.join('\n') + '\n';
}

// Which chunks need the web classes (js/server/web: Request, Response,
// Headers, URL, FormData…, installed as globals by the web entry). mujs has
// none of them, and they cost a worker a third of its start, so they load
// only where code can reach them (docs/build-output.md): a route module
// whose chunks, or the chunks they import, name one of WEB_WORDS (a global
// read `new URL()`, a property `globalThis.Request`, an import of kit's own
// classes `_web.Response`: a word in a string or a comment only costs the
// load) loads them before its first line; kit's core (server.js) loads them
// at start only when a name is read while it loads (outside any function
// but those called in place: a lowered class's `extends Response`).
// The modules of kit's own that read them only behind a typeof test or in
// the browser's code do not count: WEB_OPTIONAL, paths below js/ (a change
// to one of them must keep it so); @kit/core/request's request() loads them
// itself (__kit_load_web).
// Returns {core, modules: the route modules' entry chunks that need them}.
const WEB_WORDS = /(?<![\w$])(?:Request|Response|Headers|URL|URLSearchParams|FormData|Blob|File|AbortController|AbortSignal|fetch|__kit_web)(?![\w$])/;
const WEB_WORD_SET = new Set(['Request', 'Response', 'Headers', 'URL', 'URLSearchParams', 'FormData', 'Blob', 'File',
	'AbortController', 'AbortSignal', 'fetch', '__kit_web']);
// typeof-guarded: request.ts (and __kit_load_web), action.ts, server/rpc.ts,
// server/metadata.ts; the browser's only (event handlers, effects, behind
// a document test): client/core.ts, Link.tsx, Form.tsx, navigation.ts
const WEB_OPTIONAL = new Set(['request.ts', 'action.ts', 'server/rpc.ts', 'server/metadata.ts',
	'client/core.ts', 'Link.tsx', 'Form.tsx', 'navigation.ts']);
function webChunkUse(chunks, coreName, moduleNames, root, kitDir) {
	// the parts of a chunk's code that count: esbuild's `// <path>` comment
	// starts each module's code (paths relative to the app root)
	const counted = (code) => {
		if (!WEB_WORDS.test(code)) return [];
		const parts = [];
		let from = 0, skip = false;
		const re = /^\/\/ (\S+)\n/gm;
		for (let m; (m = re.exec(code));) {
			if (!skip) parts.push([from, m.index]);
			const abs = path.resolve(root, m[1]);
			skip = !!kitDir && isInside(kitDir, abs) && WEB_OPTIONAL.has(path.relative(kitDir, abs).split(path.sep).join('/'));
			from = m.index;
		}
		if (!skip) parts.push([from, code.length]);
		return parts.filter(([a, b]) => WEB_WORDS.test(code.slice(a, b)));
	};
	const any = new Map();
	const named = (name) => {
		if (!any.has(name)) any.set(name, counted(chunks.get(name).es5).length > 0);
		return any.get(name);
	};
	const closure = (name, seen = new Set()) => {
		if (seen.has(name)) return seen;
		seen.add(name);
		for (const d of chunks.get(name).deps) closure(d, seen);
		return seen;
	};
	const coreSet = closure(coreName);
	const core = [...coreSet].some((name) => {
		const code = chunks.get(name).es5;
		const parts = counted(code);
		return parts.length > 0 && readsAtLoad(code, parts);
	});
	const modules = new Set(core ? [] : moduleNames.filter((name) => [...closure(name)].some(named)));
	return { core, modules };
}

// Does code read one of WEB_WORDS while it runs, inside parts (offsets)?
// A name inside a function counts only when the function is called in
// place. Without acorn, any name counts.
function readsAtLoad(code, parts) {
	let acorn;
	try {
		acorn = require('acorn');
	} catch {
		return true;
	}
	let ast;
	try {
		ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
	} catch {
		return true;
	}
	const inParts = (pos) => parts.some(([a, b]) => pos >= a && pos < b);
	let found = false;
	const walk = (node, deferred) => {
		if (found || !node || typeof node.type !== 'string') return;
		if ((node.type === 'Identifier' && WEB_WORD_SET.has(node.name)) ||
		    (node.type === 'Literal' && typeof node.value === 'string' && WEB_WORD_SET.has(node.value))) {
			if (!deferred && inParts(node.start)) found = true;
			return;
		}
		const fn = node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration' || node.type === 'ArrowFunctionExpression';
		for (const key of Object.keys(node)) {
			const v = node[key];
			if (!v || typeof v !== 'object') continue;
			// a function called in place runs now: `function (Response) {…}(_web.Response)`
			const now = (node.type === 'CallExpression' || node.type === 'NewExpression') && key === 'callee';
			const inner = deferred || (fn && key === 'body');
			for (const child of Array.isArray(v) ? v : [v]) {
				if (now && child && (child.type === 'FunctionExpression' || child.type === 'ArrowFunctionExpression')) walk(child.body, deferred);
				else walk(child, inner);
			}
		}
	};
	walk(ast, false);
	return found;
}

// One table for chunks written one after the other (server.js's core): the
// sources of all, each chunk's lines (as many as its code has) renumbered.
function joinLines(list) {
	const sources = [], index = new Map(), out = [];
	for (const c of list) {
		const rows = c.lines ? c.lines.split('\n') : [];
		const own = rows.length ? JSON.parse(rows[0]) : [];
		const n = lineCount(c.code);
		for (let k = 0; k < n; k++) {
			const m = /^(\d+) (\d+)$/.exec(rows[k + 1] || '');
			if (!m) { out.push(''); continue; }
			const file = own[+m[1]];
			if (!index.has(file)) { index.set(file, sources.length); sources.push(file); }
			out.push(`${index.get(file)} ${m[2]}`);
		}
	}
	return [JSON.stringify(sources), ...out].join('\n') + '\n';
}

// The entries of the server build's output (docs/build-output.md): the
// generated entry imports every route module and exports them as `modules`;
// the output gets instead one entry per route module (`export { ns }`, its
// namespace) and the core entry (the generated entry without the route
// modules, plus every server-action module, so that an action is registered
// whichever route ran first). Entries and chunks are named by esbuild; each
// becomes a chunk file, loaded when a route first needs it.
function splitEntries(st, contents, resolveDir, servers) {
	const specs = new Map();
	const moduleFiles = {};
	const entries = new Map(); // virtual path -> contents
	const lines = contents.split('\n');
	const core = [];
	const coreModules = [];
	// the web classes and the runners that need them (build/emit.c): an
	// entry of their own, loaded on demand (webChunkUse)
	const web = [];
	let inModules = false, inWeb = false, n = 0;
	for (const line of lines) {
		if (line === '// kit:web {') { inWeb = true; continue; }
		if (line === '// kit:web }') { inWeb = false; continue; }
		if (inWeb) { web.push(line); continue; }
		const imp = /^import \* as (m\d+) from ("(?:[^"\\]|\\.)*");$/.exec(line);
		if (imp) { specs.set(imp[1], imp[2]); continue; }
		if (line === 'export var modules = {') { inModules = true; continue; }
		if (inModules) {
			if (line === '};') { inModules = false; continue; }
			const m = /^ {2}("(?:[^"\\]|\\.)*"): (m\d+),?$/.exec(line);
			if (!m) throw new Error(`unexpected line in the generated entry: ${line}`);
			const id = JSON.parse(m[1]);
			// a module the entry builds from an import (a metadata file's
			// route: `var m8 = metafiles.route(...)`) stays in the core
			if (!specs.has(m[2])) {
				coreModules.push(`  ${m[1]}: ${m[2]}`);
				continue;
			}
			const base = `m${n++}-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
			const abs = path.join(path.dirname(st.serverEntry), base + '.js');
			entries.set(abs, `import * as ns from ${specs.get(m[2])};\nexport { ns };\n`);
			st.moduleEntries.add(abs);
			moduleFiles[id] = base;
			continue;
		}
		core.push(line);
	}
	for (const abs of [...servers].sort()) core.push(`import ${JSON.stringify(abs)};`);
	core.push(`export var coreModules = {\n${coreModules.join(',\n')}\n};`);
	entries.set(st.serverEntry, core.join('\n') + '\n');
	const webEntry = web.length ? path.join(path.dirname(st.serverEntry), 'web.js') : null;
	if (webEntry) entries.set(webEntry, web.join('\n') + '\n');
	const filter = new RegExp(`^(?:${[...entries.keys()].map(escapeRegExp).join('|')})$`);
	return {
		entryPoints: [...entries.keys()],
		outdir: path.join(path.dirname(st.serverEntry), 'out'),
		coreName: path.basename(st.serverEntry),
		webName: webEntry ? 'web' : null,
		moduleFiles,
		plugin: {
			name: 'kit-entries',
			setup(build) {
				build.onResolve({ filter }, (args) => (args.kind === 'entry-point' ? { path: args.path } : undefined));
				build.onLoad({ filter }, (args) => ({ contents: entries.get(args.path), loader: 'js', resolveDir }));
			},
		},
	};
}

async function main() {
	let job;
	try {
		job = readJob();
	} catch (e) {
		return out({ errors: [{ file: '', line: 0, column: 0, text: `bad job: ${e.message}`, kind: 'transform' }] }, 2);
	}
	const mode = job.mode === 'development' ? 'development' : 'production';
	const entryName = job.entryName || path.relative(job.root, job.entry);
	const st = clientState(job);
	// the app's CSS (styles.mjs, docs/styles.md): written beside the browser's JS
	st.styles = stylesState(job.root, job.client ? job.client.outdir : null, job.client && job.client.publicPath);
	// images and the "loaders" of kit.config.json (assets.mjs, docs/assets.md)
	st.assets = assetsPlugin(job.root, job.client ? job.client.outdir : null, job.client && job.client.publicPath);
	// the app's .env files (env.mjs, docs/env.md): NEXT_PUBLIC_* into both
	// bundles, every value into env.json for server code's process.env
	const env = loadEnv(job.root, mode);
	st.publicDefines = publicDefines(env.values);
	if (job.envfile) fs.writeFileSync(job.envfile, JSON.stringify(env.values));
	// the key that seals what inline server actions capture (render/seal.c):
	// a new one per build, beside server.js; KIT_SERVER_ACTIONS_KEY overrides it
	if (job.envfile) fs.writeFileSync(path.join(path.dirname(job.envfile), 'action-key'), crypto.randomBytes(32).toString('base64') + '\n');
	const t0 = Date.now();
	const options = {
		// The entry is read (and its imports resolved) where it was
		// written, but named as if it were at entryName below the root.
		stdin: {
			contents: fs.readFileSync(job.entry, 'utf8'),
			resolveDir: path.dirname(job.entry),
			sourcefile: st.serverEntry,
			loader: 'js',
		},
		absWorkingDir: job.root,
		nodePaths: [path.join(job.root, 'node_modules')],
		bundle: true,
		format: 'iife',
		globalName: '__kit_app',
		target: 'es2017',
		// bigint literals stay literals (esbuild would make BigInt("…")
		// calls of them and warn); SWC cannot lower them and leaves them too,
		// and mujs reads them (patch 1102)
		supported: { bigint: true },
		platform: 'neutral',
		mainFields: ['module', 'main'],
		// the first build's: without react-server (conditions.mjs)
		conditions: CLIENT_CONDITIONS,
		resolveExtensions: RESOLVE_EXTENSIONS,
		loader: { '.css': 'empty' },
		jsx: 'automatic',
		jsxImportSource: 'react',
		define: { ...st.publicDefines, 'process.env.NODE_ENV': JSON.stringify(mode) },
		alias: nativeAliases(job.alias),
		plugins: [nodeModulesPlugin(st.kitDir, st.root), cssModulesPlugin(st.styles), st.assets, aliasPlugin(job.alias)],
		metafile: true,
		write: false,
		logLevel: 'silent',
	};
	let result, split, cacheWarnings = [];
	try {
		result = await esbuild.build(options);
		// The graphs (docs/packages.md): the first build resolved everything
		// as the client graph must; when server code imports a package with a
		// react-server entry, build again with it (the client graph still
		// without), so that the graphs, the client modules that entry
		// reaches (swr's SWRConfig) and the checks below see what the server
		// bundle will hold.
		const packages = reactServerPackages(st.root);
		// aliased packages (React: kit's own) are the alias plugin's
		for (const key of Object.keys(job.alias || {})) packages.delete(splitSpecifier(key)[0]);
		let graph = job.client ? await clientGraphOf(st, result.metafile) : new Map();
		const serverSide = serverImports(result.metafile, st.root, graph, packages);
		if (serverSide) {
			const again = [nodeModulesPlugin(st.kitDir, st.root), cssModulesPlugin(st.styles), st.assets, aliasPlugin(job.alias)];
			const conditions = clientConditionsPlugin(packages, new Map(graph));
			if (conditions) again.unshift(conditions);
			result = await esbuild.build({ ...options, conditions: SERVER_CONDITIONS, plugins: again });
			if (job.client) graph = await clientGraphOf(st, result.metafile);
		}
		// the stylesheets each route module reaches (styles.mjs)
		st.routeStyles = await routeStyles(st.styles, result.metafile, options.stdin.contents, path.dirname(job.entry));
		const sources = new Map();
		for (const k of Object.keys(result.metafile.inputs)) {
			const a = path.resolve(st.root, k);
			sources.set(a, (await fileInfo(st, a)).src);
		}
		cacheWarnings = useCacheWarnings(st.root, sources);
		const envErrors = environmentErrors(result.metafile, st.root, graph, (a) => displayPath(st.root, a),
			(a) => sources.get(a) || null);
		if (envErrors.length) return out({ errors: envErrors, warnings: [] }, 1);
		const boundaryErrors = await errorBoundaryErrors(st, options.stdin.contents, path.dirname(job.entry));
		if (boundaryErrors.length) return out({ errors: boundaryErrors.map((m) => fromEsbuild(job.root, m)), warnings: [] }, 1);
		// Client modules: bundle again with their imports from server code
		// replaced by stubs (the builds above found them).
		const edges = job.client ? await clientEdges(st, result.metafile, graph) : new Map();
		// "use server" modules: registered in the server bundle (the same pass)
		const servers = new Set(), clientActionErrors = [];
		for (const k of Object.keys(result.metafile.inputs)) {
			const a = path.resolve(st.root, k);
			const info = await fileInfo(st, a);
			if (info.client && info.src !== null) clientActionErrors.push(...clientInlineActionErrors(a, info.src));
			// "use server" modules, and server modules with inline actions
			if (info.server || (!info.client && info.src !== null && /["']use server["']/.test(info.src))) servers.add(a);
		}
		if (clientActionErrors.length) return out({ errors: clientActionErrors.map((m) => fromEsbuild(job.root, m)), warnings: [] }, 1);
		const plugins = [];
		if (servers.size) plugins.push(serverActionPlugin(st, servers));
		if (edges.size) plugins.push(clientServerPlugin(st, edges));
		const conditions = clientConditionsPlugin(packages, graph);
		if (conditions) plugins.push(conditions);
		// not in a development build (kit-build --dev): its walk checks keys
		// on the elements jsxs marks (render/engine.c native_jsxs)
		if (mode === 'production' && !(job.client && job.client.dev) && process.env.KIT_TEMPLATES !== '0')
			plugins.push(templatesPlugin(st, graph));
		// The output: one entry per route module and one for kit's core (the
		// runtime, the server actions), split into chunks (splitEntries).
		split = splitEntries(st, options.stdin.contents, path.dirname(job.entry), servers);
		const { stdin: _stdin, globalName: _globalName, ...rest } = options;
		const last = { ...rest, entryPoints: split.entryPoints, format: 'esm', splitting: true,
			outdir: split.outdir, entryNames: '[name]-[hash]', chunkNames: 'chunk-[hash]',
			// line tables for kit-build's errors (sourceLines)
			sourcemap: 'external', sourcesContent: false,
			conditions: serverSide ? SERVER_CONDITIONS : CLIENT_CONDITIONS, metafile: true,
			plugins: [split.plugin, ...plugins, nodeModulesPlugin(st.kitDir, st.root), cssModulesPlugin(st.styles), st.assets, aliasPlugin(job.alias)] };
		result = await esbuild.build(last);
		// Node's global Buffer (js/server/node/buffer.ts) where server code
		// names it: bundled again with esbuild's inject, which otherwise
		// would put an init call into every CommonJS module of every app
		if (st.kitDir && result.outputFiles.some((f) => f.path.endsWith('.js') && namesBuffer(f.text)))
			result = await esbuild.build({ ...last, inject: [path.join(st.kitDir, 'server', 'node', 'buffer-global.ts')] });
	} catch (e) {
		const style = styleDiag(e, job.root);
		if (style) return out({ errors: [style], warnings: [] }, 1);
		if (!e.errors) throw e;
		return out({
			errors: e.errors.map((m) => fromEsbuild(job.root, m)),
			warnings: (e.warnings || []).map((m) => fromEsbuild(job.root, m)),
		}, 1);
	}
	const warnings = result.warnings.map((m) => fromEsbuild(job.root, m));
	warnings.push(...await segmentConfigWarnings(st, options.stdin.contents, path.dirname(job.entry)), ...cacheWarnings);
	const t1 = Date.now();
	// Every file's name has its content's hash: a worker still running an
	// earlier version never loads another version's file under its name.
	const outputOf = new Map(); // entry base name -> its output file
	for (const [out, o] of Object.entries(result.metafile.outputs))
		if (o.entryPoint) outputOf.set(path.basename(o.entryPoint, '.js'), path.basename(out));
	const coreName = outputOf.get(path.basename(split.coreName, '.js'));
	const moduleFiles = {};
	for (const [id, base] of Object.entries(split.moduleFiles)) moduleFiles[id] = outputOf.get(base);

	// Each chunk: ESM (es2017) → SWC → ES5 CommonJS → wrapped in one
	// __kit_define(name, factory) call (runtime/prelude.js).
	const chunks = new Map(); // file name -> {code, deps, lines}
	const maps = new Map(result.outputFiles.filter((f) => f.path.endsWith('.map')).map((f) => [f.path, f.text]));
	for (const f of result.outputFiles.filter((f) => f.path.endsWith('.js'))) {
		const name = path.relative(split.outdir, f.path);
		// A stub's marker comment names the client module it stands for.
		const es2017 = f.text.replace(/^(\s*\/\/ )kit-stub:/gm, '$1');
		const deps = [];
		for (const m of es2017.matchAll(/^(?:import|export)\b[^;]*?from\s*"\.\/([^"]+)";$|^import\s*"\.\/([^"]+)";$/gm))
			deps.push(m[1] || m[2]);
		let es5, lines = null;
		try {
			// `**` as __kit_pow calls, which SWC leaves (it would make Math.pow
			// calls, which refuse bigints) and lowerForMujs makes `**` again
			// (toolchain/mujs-lower.mjs)
			es5 = swc.transformSync(keepExponent(es2017, 'module').code, {
				jsc: { parser: { syntax: 'ecmascript' }, target: 'es5', loose: false },
				module: { type: 'commonjs', strictMode: false, importInterop: 'none' },
				isModule: true,
				swcrc: false,
				configFile: false,
				sourceMaps: !!maps.get(f.path + '.map'),
				inputSourceMap: maps.get(f.path + '.map'),
			});
			const lowered = lowerForMujs(es5.code).code;
			// the table holds while lowering adds no line (it never does today)
			if (es5.map && lineCount(lowered) === lineCount(es5.code))
				lines = sourceLines(JSON.parse(es5.map), (s) => sourceName(st, job.root, path.resolve(split.outdir, decodeSource(s))));
			// `in` without running getters, regexes mujs refuses made lazy (toolchain/mujs-lower.mjs)
			es5 = lowered;
		} catch (e) {
			const text = String(e && e.message ? e.message : e);
			const pos = /(\d+):(\d+)\]/.exec(text);
			const line = pos ? +pos[1] : 0;
			return out({
				errors: [{
					file: line ? moduleAt(es2017, line) : '',
					line: 0,
					column: 0,
					text: text.replace(/\s+$/, ''),
					kind: 'transform',
				}],
				warnings,
			}, 1);
		}
		// the chunks' imports become the registry's (SWC's require of "./chunk")
		es5 = es5.replace(/\brequire\("\.\//g, '__kit_require("./');
		// exports that never change become plain values once the chunk ran
		// (constantExports): SWC's export getters made configurable for it
		const settled = constantExports(es2017);
		if (settled.length) {
			es5 = es5.replace(/(for\s*\(var name in all\)\s*Object\.defineProperty\(target, name, \{\s*enumerable: true,)/,
				'$1 configurable: true,')
				.replace(/^(Object\.defineProperty\(exports, "[^"]*", \{\s*enumerable: true,)/gm, '$1 configurable: true,');
			es5 = es5.replace(/\n*$/, '\n') + `__kit_settle(exports, ${JSON.stringify(settled)});\n`;
		}
		chunks.set(name, { code: `__kit_define(${JSON.stringify(name)}, function (exports) {\n${es5.replace(/\n*$/, '\n')}});\n`, es5, deps, lines });
	}
	const t2 = Date.now();
	// server.js holds the core entry and every chunk it imports (each route
	// needs them); the other chunks are files of .kit/server/ (build-output.md)
	const core = [];
	const inCore = new Set();
	const visit = (name) => {
		if (inCore.has(name)) return;
		inCore.add(name);
		for (const d of chunks.get(name).deps) visit(d);
		core.push(name);
	};
	// the web classes' chunk (webChunkUse): in server.js when kit's core
	// names them, else loaded by the route modules whose chunks do
	const webName = split.webName ? outputOf.get(split.webName) : null;
	const webUse = webName ? webChunkUse(chunks, coreName, Object.values(moduleFiles), job.root, st.kitDir) : null;
	// core-js's URL modules (runtime/polyfills-url.js, toolchain/polyfills.mjs),
	// which js/server/web/url.ts installs: a chunk the web chunk loads first
	const urlPolyfills = path.resolve(toolchainDir, '..', 'runtime', 'polyfills-url.js');
	if (webName && fs.existsSync(urlPolyfills)) {
		const text = fs.readFileSync(urlPolyfills, 'utf8');
		const name = `core-js-url-${crypto.createHash('sha256').update(text).digest('hex').slice(0, 8).toUpperCase()}.js`;
		// its table: line k + 1 is the file's line k (render/srcmap.c)
		const own = ['["runtime/polyfills-url.js"]', ''];
		for (let k = 1; k <= lineCount(text.replace(/\n*$/, '\n')); k++) own.push(`0 ${k}`);
		chunks.set(name, { code: `__kit_define(${JSON.stringify(name)}, function (exports) {\n${text.replace(/\n*$/, '\n')}});\n`,
			es5: text, deps: [], lines: own.join('\n') + '\n' });
		const web = chunks.get(webName);
		web.code = web.code.replace(/^(__kit_define\("[^"]*", function \(exports\) \{\n)/, `$1__kit_require(${JSON.stringify('./' + name)});\n`);
		// the inserted line 2, mapped to nothing
		if (web.lines) web.lines = web.lines.replace(/^([^\n]*\n[^\n]*\n)/, '$1\n');
		web.deps.unshift(name);
	}
	if (webUse && webUse.core) visit(webName);
	visit(coreName);
	fs.rmSync(job.serverDir, { recursive: true, force: true });
	fs.mkdirSync(job.serverDir, { recursive: true });
	// which source line each line of a chunk comes from (render/srcmap.c):
	// .kit/lines/<chunk>, and lines/server.js for the chunks of the core
	const linesDir = path.join(path.dirname(job.serverDir), 'lines');
	fs.rmSync(linesDir, { recursive: true, force: true });
	fs.mkdirSync(linesDir, { recursive: true });
	const files = {};
	let chunkBytes = 0;
	for (const [name, c] of [...chunks].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
		if (inCore.has(name)) continue;
		let code = c.code, lines = c.lines;
		const deps = c.deps.filter((d) => !inCore.has(d));
		// a route module whose chunks name the web classes loads them first
		if (webUse && webUse.modules.has(name)) {
			code = code.replace(/^(__kit_define\("[^"]*", function \(exports\) \{\n)/, `$1__kit_require(${JSON.stringify('./' + webName)});\n`);
			deps.unshift(webName);
			// its table gets the inserted line 2, mapped to nothing
			if (lines) lines = lines.replace(/^([^\n]*\n[^\n]*\n)/, '$1\n');
		}
		fs.writeFileSync(path.join(job.serverDir, name), code);
		if (lines) fs.writeFileSync(path.join(linesDir, name), lines);
		chunkBytes += Buffer.byteLength(code);
		files[name] = deps;
	}
	let es5 = core.map((name) => chunks.get(name).code).join('');
	// the app part of server.js's table; kit-build puts the runtime's lines
	// before it (build/main.c compose_server)
	fs.writeFileSync(path.join(linesDir, 'server.js'), joinLines(core.map((name) => chunks.get(name))));
	if (webUse && webUse.core) es5 += `__kit_require(${JSON.stringify(webName)});\n`;
	es5 += `var __kit_app = __kit_require(${JSON.stringify(coreName)});\n`;
	// the API route and action runners: with the web classes' chunk
	if (webName) {
		es5 += `__kit_lazy_part(__kit_app, ${JSON.stringify(webName)}, ["api", "actions"]);\n`;
		es5 += `function __kit_load_web() { __kit_require(${JSON.stringify(webName)}); }\n`;
	}
	es5 += `__kit_app.modules = __kit_lazy_modules(${JSON.stringify(moduleFiles)}, __kit_app.coreModules);\n`;

	let client;
	if (job.client) {
		const b = await buildBrowser(job, st);
		warnings.push(...(b.warnings || []));
		if (b.errors) return out({ errors: b.errors, warnings }, 1);
		client = b.report;
	}
	// which stylesheets each layout and page links (js/server/runtime.ts)
	if (st.routeStyles && Object.keys(st.routeStyles).length)
		es5 += `\n__kit_app.runtime.setStyles(${JSON.stringify(st.routeStyles)});\n`;
	fs.writeFileSync(job.outfile, es5);
	const actions = [...st.actions].map(([abs, hash]) => ({ file: displayPath(job.root, abs), hash }))
		.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
	out({ ok: true, bytes: Buffer.byteLength(es5), chunkBytes, chunks: files, warnings, esbuildMs: t1 - t0, swcMs: t2 - t1, client, actions }, 0);
}

// A full disk is not the app's fault: name it and the file (Node's ENOSPC
// from a write carries no path, so the writers below add it).
for (const name of ['writeFileSync', 'appendFileSync', 'copyFileSync', 'mkdirSync']) {
	const real = fs[name];
	fs[name] = function (file, ...rest) {
		try {
			return real.call(fs, file, ...rest);
		} catch (e) {
			if (e && typeof e === 'object' && !e.kitPath) e.kitPath = String(name === 'copyFileSync' ? rest[0] : file);
			throw e;
		}
	};
}

function diskFull(e) {
	const code = e && e.code;
	if (code !== 'ENOSPC' && code !== 'EDQUOT' && !/no space left on device|disk quota exceeded/i.test(String(e && e.message)))
		return null;
	const where = (e && (e.kitPath || e.path)) || '';
	return {
		file: '', line: 0, column: 0, kind: 'disk',
		text: `the disk is full (${code || 'ENOSPC'}): no space left${where ? ` writing ${where}` : ''}`,
		fix: `free space on the file system holding ${where ? path.dirname(where) : 'the app directory'} (df -h shows it), then build again; the app's code is not at fault`,
	};
}

main().catch((e) => {
	const disk = diskFull(e);
	if (disk) return out({ errors: [disk] }, 2);
	process.stderr.write(`bundle.mjs: ${e && e.stack ? e.stack : e}\n`);
	out({ errors: [{ file: '', line: 0, column: 0, text: `toolchain crashed: ${e && e.message ? e.message : e}`, kind: 'transform' }] }, 2);
});
