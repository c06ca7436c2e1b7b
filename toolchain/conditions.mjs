// conditions.mjs — package export conditions of the server bundle, per graph
// (docs/packages.md).
//
// The server bundle holds two graphs in one esbuild build: server code
// (server components, routes, middleware, "use server" modules) and the
// client graph (every "use client" module and what it imports, which the HTML
// phase runs in mujs). As in Next.js, server code resolves packages with the
// `react-server` export condition and client code without it: swr, next-intl
// and others publish a server entry without their hooks, and `server-only` /
// `client-only` are empty or throwing files by condition. esbuild has one set
// of conditions per build: the first server build (which finds the graphs)
// resolves everything without `react-server`, as the client graph must; the
// second one with it, where the plugin here resolves the client graph's bare
// imports of the packages whose `exports` mention `react-server` (found once
// by reading node_modules/*/package.json; only those specifiers cross into
// JS) without it again. A server module that imports a name only a package's
// react-server entry exports therefore fails the first build: a known limit.
// Importing `server-only` from the client graph, or `client-only` from server
// code, is a build error naming both files, as in Next.js.
import fs from 'node:fs';
import path from 'node:path';

// esbuild adds `import` or `require` by the kind of import, and `default`.
export const SERVER_CONDITIONS = ['kit-server', 'react-server', 'module'];
export const CLIENT_CONDITIONS = ['kit-server', 'module'];

// Does an exports field mention the condition anywhere?
function mentions(exp, cond) {
	if (!exp || typeof exp !== 'object') return false;
	if (Array.isArray(exp)) return exp.some((e) => mentions(e, cond));
	return Object.entries(exp).some(([k, v]) => k === cond || mentions(v, cond));
}

// name -> {dir, exports} of the packages in dir/node_modules (and its
// @scope/ folders) whose exports mention `react-server`.
export function reactServerPackages(root) {
	const found = new Map();
	const nm = path.join(root, 'node_modules');
	const look = (name) => {
		const dir = path.join(nm, name);
		let pkg;
		try {
			pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
		} catch {
			return;
		}
		if (mentions(pkg.exports, 'react-server')) found.set(name, { dir, exports: pkg.exports });
	};
	let names = [];
	try {
		names = fs.readdirSync(nm);
	} catch {
		return found;
	}
	for (const n of names) {
		if (n.startsWith('.')) continue;
		if (n.startsWith('@')) {
			let scoped = [];
			try { scoped = fs.readdirSync(path.join(nm, n)); } catch { /* not a folder */ }
			for (const s of scoped) look(`${n}/${s}`);
		} else {
			look(n);
		}
	}
	return found;
}

// Node's PACKAGE_TARGET_RESOLVE for one target and a set of conditions: the
// first matching condition in the object's own order wins. -> './x' or null
function target(t, conds, star) {
	if (typeof t === 'string') return star === undefined ? t : t.split('*').join(star);
	if (Array.isArray(t)) {
		for (const e of t) {
			const r = target(e, conds, star);
			if (r) return r;
		}
		return null;
	}
	if (t && typeof t === 'object') {
		for (const [k, v] of Object.entries(t)) {
			if (k !== 'default' && !conds.includes(k)) continue;
			const r = target(v, conds, star);
			if (r) return r;
		}
	}
	return null;
}

// The file a package's exports give for subpath ('.' or './x') under conds,
// or null (not exported).
export function resolveExports(pkg, subpath, conds) {
	let exp = pkg.exports;
	if (typeof exp === 'string' || Array.isArray(exp) || !Object.keys(exp).some((k) => k.startsWith('.')))
		exp = { '.': exp };
	let hit = null;
	if (Object.prototype.hasOwnProperty.call(exp, subpath)) {
		hit = target(exp[subpath], conds);
	} else {
		// patterns: the longest prefix before "*" wins
		let best = null;
		for (const k of Object.keys(exp)) {
			const star = k.indexOf('*');
			if (star < 0) continue;
			const pre = k.slice(0, star), post = k.slice(star + 1);
			if (subpath.length >= k.length - 1 && subpath.startsWith(pre) && subpath.endsWith(post) &&
				(!best || pre.length > best.pre.length))
				best = { k, pre, star: subpath.slice(pre.length, subpath.length - post.length) };
		}
		if (best) hit = target(exp[best.k], conds, best.star);
	}
	if (!hit || !hit.startsWith('./')) return null;
	return path.join(pkg.dir, hit);
}

// A bare specifier's package name and subpath: '@a/b/c' -> ['@a/b', './c'].
export function splitSpecifier(spec) {
	const parts = spec.split('/');
	const n = spec.startsWith('@') ? 2 : 1;
	const rest = parts.slice(n).join('/');
	return [parts.slice(0, n).join('/'), rest ? './' + rest : '.'];
}

// The client graph of a first server build: every module a "use client" module
// reaches by its imports -> the client module that reached it first.
export function clientGraph(metafile, root, isClient) {
	const abs = (k) => path.resolve(root, k);
	const graph = new Map();
	const queue = [];
	for (const k of Object.keys(metafile.inputs))
		if (isClient(abs(k))) {
			graph.set(abs(k), abs(k));
			queue.push(k);
		}
	while (queue.length) {
		const k = queue.shift();
		const from = graph.get(abs(k));
		for (const imp of metafile.inputs[k].imports || []) {
			if (imp.external || !metafile.inputs[imp.path]) continue;
			const a = abs(imp.path);
			if (graph.has(a)) continue;
			graph.set(a, from);
			queue.push(imp.path);
		}
	}
	return graph;
}

// The import of `spec` in a module's source, for the message (null if unsure).
function importPosition(src, spec) {
	if (!src) return null;
	const lines = src.split('\n');
	const q = new RegExp(`(["'])${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\1`);
	for (let i = 0; i < lines.length; i++) {
		const m = q.exec(lines[i]);
		if (m && /\b(?:import|require|from)\b/.test(lines[i])) return { line: i + 1, column: m.index + 1 };
	}
	return null;
}

// Build errors for `server-only` imported by the client graph and
// `client-only` imported by server code, read from the first build's graph.
// show(abs) -> the path for messages; source(abs) -> its text or null.
export function environmentErrors(metafile, root, graph, show, source) {
	const errors = [];
	for (const [k, v] of Object.entries(metafile.inputs)) {
		const importer = path.resolve(root, k);
		for (const imp of v.imports || []) {
			const spec = imp.original || imp.path;
			if (spec !== 'server-only' && spec !== 'client-only') continue;
			const owner = graph.get(importer);
			const pos = importPosition(source(importer), spec);
			if (spec === 'server-only' && owner) {
				const via = owner === importer ? 'it is a "use client" module' : `the "use client" module ${show(owner)} imports it`;
				errors.push({
					file: show(importer), line: pos ? pos.line : 0, column: pos ? pos.column : 0, kind: 'client',
					text: `this module imports "server-only", but ${via}, so it runs in the browser too`,
					fix: owner === importer
						? 'remove "use client" from this file, or move its server-only part into a server component'
						: `stop importing it from ${show(owner)} (pass the data down as props from a server component, or call a server action)`,
				});
			} else if (spec === 'client-only' && !owner) {
				errors.push({
					file: show(importer), line: pos ? pos.line : 0, column: pos ? pos.column : 0, kind: 'client',
					text: 'this module imports "client-only", but server code imports it (it is not in any "use client" module\'s graph)',
					fix: 'import it only from "use client" modules and what they import, or mark this file "use client"',
				});
			}
		}
	}
	return errors;
}

// Does server code (outside the client graph) import one of the packages?
// Then the second build is needed for their react-server entries.
export function serverImports(metafile, root, graph, packages) {
	for (const [k, v] of Object.entries(metafile.inputs)) {
		if (graph.has(path.resolve(root, k))) continue;
		for (const imp of v.imports || []) {
			const spec = imp.original || imp.path;
			if (!spec.startsWith('.') && !path.isAbsolute(spec) && packages.has(splitSpecifier(spec)[0])) return true;
		}
	}
	return false;
}

// The second server build's plugin: the client graph's imports of
// react-server packages resolve without the react-server condition (what
// they resolve to joins the graph, so its own imports do too).
export function clientConditionsPlugin(packages, graph) {
	if (!packages.size || !graph.size) return null;
	const names = [...packages.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
	const filter = new RegExp(`^(?:${names.join('|')})(?:/.*)?$`);
	return {
		name: 'kit-client-conditions',
		setup(build) {
			build.onResolve({ filter }, (args) => {
				if (args.namespace !== 'file' || !graph.has(args.importer)) return undefined;
				const [name, sub] = splitSpecifier(args.path);
				const pkg = packages.get(name);
				if (!pkg) return undefined;
				const kind = args.kind === 'require-call' ? 'require' : 'import';
				const file = resolveExports(pkg, sub, [...CLIENT_CONDITIONS, kind]);
				if (!file) return { errors: [{ text: `Could not resolve "${args.path}" ("${sub}" is not exported by ${name} for client code: package.json "exports")` }] };
				if (!graph.has(file)) graph.set(file, graph.get(args.importer));
				return { path: file };
			});
		},
	};
}
