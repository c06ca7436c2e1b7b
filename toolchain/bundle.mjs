// bundle.mjs — the JS half of kit-build: bundle the generated server entry, lower it to ES5.
//
// kit-build runs `node bundle.mjs '<job json>'` (or pipes the job on stdin) and
// reads exactly one JSON object from stdout:
//   success: {"ok":true,"bytes":N,"warnings":[diag...],"esbuildMs":N,"swcMs":N}  exit 0
//   failure: {"errors":[diag...],"warnings":[diag...]}                          exit 1
// where diag = {"file","line","column","text","kind"}; kind is "syntax" (the
// source does not parse or a TypeScript construct cannot be stripped), "resolve"
// (an import names nothing; then "specifier" holds it and "file" is the
// importing file) or "transform" (SWC rejected esbuild's output). `file` is
// relative to the app root when the file is inside it, else absolute; line and
// column are 1-based (0 = unknown).
//
// The job: {"entry": abs path, "outfile": abs path, "root": app root,
//           "alias": {specifier: abs path}, "mode": "production",
//           "entryName": name of the entry in the output and in errors}.
// entryName keeps the output free of the temporary directory kit-build writes
// the entry into, so the same app always gives the same bytes (and version).
// An alias whose target is a directory also maps subpaths ("@kit/core/x" →
// "<dir>/x"); a file target matches the exact specifier only, so "react"
// never swallows "react/jsx-runtime".
//
// Two steps, per shared/notes/mujs.md §3: esbuild bundles TSX + node_modules to
// one es2017 IIFE that defines the global `__kit_app`; SWC lowers that one file
// to ES5, NOT loose (loose mode silently breaks spread of Sets). esbuild's
// `// <path>` module comments survive SWC, which is how errors in the lowered
// file (here and in kit-build's mujs check) are traced back to a module.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const esbuild = require('esbuild');
const swc = require('@swc/core');

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
	return job;
}

// Paths in diagnostics: relative to the app root when inside it.
function displayPath(root, file) {
	if (!file) return '';
	const abs = path.resolve(root, file);
	const rel = path.relative(root, abs);
	return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : abs;
}

function aliasPlugin(alias) {
	const entries = Object.entries(alias || {}).map(([key, target]) => {
		let dir = false;
		try { dir = fs.statSync(target).isDirectory(); } catch { /* reported when resolved */ }
		return { key, target, dir };
	}).sort((a, b) => b.key.length - a.key.length);
	return {
		name: 'kit-alias',
		setup(build) {
			if (!entries.length) return;
			// Only the aliased specifiers cross into JS (esbuild's resolver stays native).
			const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
			const filter = new RegExp(`^(?:${entries.map((e) => esc(e.key)).join('|')})(?:/.*)?$`);
			build.onResolve({ filter }, async (args) => {
				if (args.pluginData === 'kit-alias') return undefined;
				const e = entries.find((e) => args.path === e.key ||
					(e.dir && args.path.startsWith(e.key + '/')));
				if (!e) return undefined;
				const target = e.target + args.path.slice(e.key.length);
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

function fromEsbuild(root, m) {
	const loc = m.location || {};
	const d = {
		file: displayPath(root, loc.file),
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
	return d;
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

async function main() {
	let job;
	try {
		job = readJob();
	} catch (e) {
		return out({ errors: [{ file: '', line: 0, column: 0, text: `bad job: ${e.message}`, kind: 'transform' }] }, 2);
	}
	const mode = job.mode === 'development' ? 'development' : 'production';
	const entryName = job.entryName || path.relative(job.root, job.entry);
	const t0 = Date.now();
	let result;
	try {
		result = await esbuild.build({
			// The entry is read (and its imports resolved) where it was
			// written, but named as if it were at entryName below the root.
			stdin: {
				contents: fs.readFileSync(job.entry, 'utf8'),
				resolveDir: path.dirname(job.entry),
				sourcefile: path.resolve(job.root, entryName),
				loader: 'js',
			},
			absWorkingDir: job.root,
			bundle: true,
			format: 'iife',
			globalName: '__kit_app',
			target: 'es2017',
			platform: 'neutral',
			mainFields: ['module', 'main'],
			conditions: ['kit-server', 'module', 'import', 'require', 'default'],
			resolveExtensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.json'],
			loader: { '.css': 'empty' },
			jsx: 'automatic',
			jsxImportSource: 'react',
			define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
			plugins: [aliasPlugin(job.alias)],
			write: false,
			logLevel: 'silent',
		});
	} catch (e) {
		if (!e.errors) throw e;
		return out({
			errors: e.errors.map((m) => fromEsbuild(job.root, m)),
			warnings: (e.warnings || []).map((m) => fromEsbuild(job.root, m)),
		}, 1);
	}
	const warnings = result.warnings.map((m) => fromEsbuild(job.root, m));
	const es2017 = result.outputFiles[0].text;
	const t1 = Date.now();

	let es5;
	try {
		es5 = swc.transformSync(es2017, {
			jsc: { parser: { syntax: 'ecmascript' }, target: 'es5', loose: false },
			isModule: false,
			swcrc: false,
			configFile: false,
		}).code;
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
	const t2 = Date.now();
	fs.writeFileSync(job.outfile, es5);
	out({ ok: true, bytes: Buffer.byteLength(es5), warnings, esbuildMs: t1 - t0, swcMs: t2 - t1 }, 0);
}

main().catch((e) => {
	process.stderr.write(`bundle.mjs: ${e && e.stack ? e.stack : e}\n`);
	out({ errors: [{ file: '', line: 0, column: 0, text: `toolchain crashed: ${e && e.message ? e.message : e}`, kind: 'transform' }] }, 2);
});
