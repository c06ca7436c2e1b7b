// run.mjs — the differential corpus (tests/jsdiff/README.md): every snippet of
// tests/jsdiff/generated/ and tests/jsdiff/hand/ in kit's engine and in Node,
// compared line by line.
//
//   node tests/jsdiff/run.mjs [--work DIR] [--diff FILE] [--only TEXT] [--jobs N]
//                             [--known FILE] [--write-known FILE]
//
// kit's side: each case file is bundled like an app module (toolchain/bundle.mjs:
// esbuild, SWC to ES5, toolchain/mujs-lower.mjs) and run in tests/mujs/mujs-run
// after runtime/mujs-fixes.js, runtime/prelude.js and runtime/polyfills.js, in
// server.js's order (build/main.c). Node's side: the same files as they are
// (ES modules) in one node process. Both with TZ=UTC and LC_ALL=C (a file that
// says "// jsdiff-tz: ZONE..." runs once per zone, under TZ=ZONE). A third run
// (es5-node.mjs) puts kit's lowered bundle in Node: when it differs from Node
// too, the toolchain changed the snippet's meaning ("lowering" in the diff).
//
// Prints the snippet and difference counts per group and "N of M differ",
// writes every difference (code, Node's line, kit's line) to the diff file
// (default: DIR/jsdiff.diff), and exits 0 whatever differs (a file whose
// bundle fails or does not load in mujs makes its snippets differ); 2 when
// Node's own run failed or a program is missing. With --known FILE
// (tests/jsdiff/known-differences.txt) it also prints one line per snippet that
// differs but is not listed ("regression: ID"), per listed one that now agrees
// ("agrees: ID") and per listed id that no longer exists ("stale: ID").
// --write-known FILE writes the list of today's differences, keeping the
// reasons FILE already gives and guessing the others (review them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const topSrc = process.env.KIT_TOP_SRCDIR || path.resolve(here, '../..');
const topBuild = process.env.KIT_TOP_BUILDDIR || topSrc;
const node = process.env.NODE || process.execPath;

const opts = { jobs: 2 };
for (let i = 2; i < process.argv.length; i++) {
	const a = process.argv[i];
	const val = () => {
		if (i + 1 >= process.argv.length) usage(`${a} needs a value`);
		return process.argv[++i];
	};
	if (a === '--work') opts.work = path.resolve(val());
	else if (a === '--diff') opts.diff = path.resolve(val());
	else if (a === '--only') opts.only = val();
	else if (a === '--jobs') opts.jobs = Math.max(1, parseInt(val(), 10) || 1);
	else if (a === '--known') opts.known = path.resolve(val());
	else if (a === '--write-known') opts.writeKnown = path.resolve(val());
	else usage(`unknown argument ${a}`);
}
function usage(why) {
	process.stderr.write(`run.mjs: ${why}\nusage: node tests/jsdiff/run.mjs [--work DIR] [--diff FILE] [--only TEXT] [--jobs N] [--known FILE] [--write-known FILE]\n`);
	process.exit(2);
}

const env = { ...process.env, TZ: 'UTC', LC_ALL: 'C', LANG: 'C' };
delete env.NODE_OPTIONS;
const runner = path.join(topBuild, 'tests/mujs/mujs-run');
const runtime = [path.join(topSrc, 'runtime/mujs-fixes.js'), path.join(topSrc, 'runtime/prelude.js'),
	path.join(topBuild, 'runtime/polyfills.js')];
const modules = path.join(topBuild, 'toolchain/node_modules');
for (const f of [runner, ...runtime, path.join(modules, 'esbuild/package.json'), path.join(modules, 'core-js/package.json')]) {
	if (!fs.existsSync(f)) {
		process.stderr.write(`run.mjs: missing ${f} (make, then make tests/mujs/mujs-run)\n`);
		process.exit(2);
	}
}
const work = opts.work || fs.mkdtempSync(path.join(os.tmpdir(), 'kit-jsdiff.'));
fs.mkdirSync(work, { recursive: true });
const diffFile = opts.diff || path.join(work, 'jsdiff.diff');

// the case files: generated/ then hand/, each sorted
const files = [];
for (const dir of ['generated', 'hand']) {
	const abs = path.join(here, dir);
	if (!fs.existsSync(abs)) continue;
	for (const f of fs.readdirSync(abs).sort())
		if (f.endsWith('.mjs') && (!opts.only || `${dir}/${f}`.includes(opts.only))) {
			// "// jsdiff-tz: Europe/Prague America/New_York" near the top: the file
			// runs once under each TZ (its ids must name the zone to stay unique)
			const head = fs.readFileSync(path.join(abs, f), 'utf8').slice(0, 2000);
			const m = /^\/\/ jsdiff-tz: (.+)$/m.exec(head);
			for (const tz of m ? m[1].trim().split(/\s+/) : ['UTC'])
				files.push({ dir, name: f.slice(0, -4), abs: path.join(abs, f), tz,
					key: `${dir}-${f.slice(0, -4)}${m ? '-' + tz.replace(/\//g, '_') : ''}` });
		}
}
if (!files.length) usage('no case file matches');

function run(cmd, args, timeoutMs, tz = 'UTC') {
	return new Promise((resolve) => {
		const child = spawn(cmd, args, { env: { ...env, TZ: tz }, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '', stderr = '', timedOut = false;
		child.stdout.setEncoding('latin1');
		child.stdout.on('data', (d) => { stdout += d; });
		child.stderr.on('data', (d) => { if (stderr.length < 100000) stderr += d; });
		const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr, timedOut });
		});
	});
}

// "<id>\t<line>" lines of a run; done: its DONE line came
function parse(out) {
	const lines = new Map();
	let done = false;
	for (const l of out.split('\n')) {
		const tab = l.indexOf('\t');
		if (tab > 0) lines.set(l.slice(0, tab), l.slice(tab + 1));
		else if (/^DONE \d+$/.test(l)) done = true;
	}
	return { lines, done };
}

function why(r) {
	const tail = (r.stderr || '').trim().split('\n').slice(-3).join(' | ');
	return (r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : `exit ${r.code}`) + (tail ? `: ${tail}` : '');
}

const t0 = Date.now();

const BINARY_WORDS = /(?<![\w$])(TextEncoder|TextDecoder|atob|btoa|structuredClone|crypto|performance|DOMException)(?![\w$])/;

async function kitSide(f) {
	const entry = path.join(work, `${f.key}.entry.js`);
	const bundle = path.join(work, `${f.key}.js`);
	// as kit-build does (build/webuse.c): the binary built-ins come into a bundle that names one
	const binary = BINARY_WORDS.test(fs.readFileSync(f.abs, 'utf8'))
		? `import ${JSON.stringify(path.join(topSrc, 'js/server/web/binary-install.ts'))};\n` : '';
	fs.writeFileSync(entry, `${binary}import ${JSON.stringify(f.abs)};\nimport { start } from ${JSON.stringify(path.join(here, 'harness.mjs'))};\nstart();\n`);
	// a server directory per file: bundle.mjs empties it (and lines/ beside
	// it), and the files are bundled in parallel
	const job = { entry, outfile: bundle, root: topSrc, entryName: `tests/jsdiff/${f.dir}/${f.name}.entry.js`,
		serverDir: path.join(work, `${f.key}.d`, 'server'),
		alias: { 'core-js': path.join(modules, 'core-js') } };
	const b = await run(node, [path.join(topSrc, 'toolchain/bundle.mjs'), JSON.stringify(job)], 300000);
	if (b.code !== 0) {
		// the file's snippets differ (kit-build would refuse the app)
		f.failure = `toolchain/bundle.mjs failed: ${b.stdout.slice(0, 2000)} ${why(b)}`;
		return;
	}
	const k = await run(runner, [...runtime, bundle], 300000, f.tz);
	f.kit = parse(k.stdout);
	if (!f.kit.done) f.kitStop = `mujs-run stopped before the end (${why(k)})`;
	const e = await run(node, [path.join(here, 'es5-node.mjs'), bundle], 300000, f.tz);
	f.es5 = parse(e.stdout);
	if (!f.es5.done) f.es5Stop = `the lowered bundle stopped in Node (${why(e)})`;
}

async function pool(items, n, fn) {
	let next = 0;
	async function worker() {
		while (next < items.length) await fn(items[next++]);
	}
	await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

// Node's run: one process per TZ
const zones = [...new Set(files.map((f) => f.tz))];
const [refs] = await Promise.all([
	Promise.all(zones.map((tz) => run(node, [path.join(here, 'node-entry.mjs'),
		...files.filter((f) => f.tz === tz).map((f) => f.abs)], 300000, tz))),
	pool(files, opts.jobs, kitSide),
]);
const reference = { lines: new Map(), done: true };
for (const ref of refs) {
	const r = parse(ref.stdout);
	if (!r.done) {
		process.stderr.write(`run.mjs: Node's run stopped before the end (${why(ref)})\n`);
		process.exit(2);
	}
	for (const [k, v] of r.lines) reference.lines.set(k, v);
}
for (const f of files) if (f.failure) process.stderr.write(`run.mjs: ${f.dir}/${f.name}: ${f.failure}\n`);

// The snippet's source line, for the diff file.
const sources = new Map();
for (const f of files) {
	for (const l of fs.readFileSync(f.abs, 'utf8').split('\n')) {
		const m = /^\s*[TL]\((['"])([^'"]+)\1/.exec(l);
		if (m) sources.set(m[2], { file: f, line: l.trim() });
	}
}
// hand-written snippets span lines: their first line is enough to find them;
// a snippet whose id a table builds (T(`x/${name}`, …)) belongs to the file
// whose run printed it
for (const f of files) {
	for (const side of [f.kit, f.es5]) {
		if (!side) continue;
		for (const id of side.lines.keys())
			if (!sources.has(id)) sources.set(id, { file: f, line: `(a table in ${f.dir}/${f.name})` });
	}
}

const known = new Map();
function readKnown(file) {
	const map = new Map();
	if (!file || !fs.existsSync(file)) return map;
	for (const l of fs.readFileSync(file, 'utf8').split('\n')) {
		const t = l.replace(/#.*/, '').trim();
		if (!t) continue;
		const m = /^(\S+)\s+(.*)$/.exec(t);
		map.set(m ? m[1] : t, m ? m[2] : '');
	}
	return map;
}
for (const [k, v] of readKnown(opts.known || opts.writeKnown)) known.set(k, v);

const results = [];
const groups = new Map();
// a snippet made in a loop (`T('list/' + loc, ...)`) is found by its id's
// literal prefix
function sourceOf(id) {
	if (sources.has(id)) return sources.get(id);
	let best;
	for (const [k, v] of sources) if (id.startsWith(k) && (!best || k.length > best.k.length)) best = { k, v };
	return best && best.v;
}
for (const [id, nodeLine] of reference.lines) {
	const src = sourceOf(id);
	const f = src && src.file;
	let kitLine = f && f.kit ? f.kit.lines.get(id) : undefined;
	if (kitLine === undefined)
		kitLine = `<no line: ${f ? f.failure || f.kitStop || 'missing' : 'unknown file'}>`;
	let es5Line = f && f.es5 ? f.es5.lines.get(id) : undefined;
	if (es5Line === undefined) es5Line = `<no line: ${f ? f.failure || f.es5Stop || 'missing' : 'unknown file'}>`;
	const differ = kitLine !== nodeLine;
	const group = id.slice(0, id.indexOf('/'));
	if (!groups.has(group)) groups.set(group, { total: 0, differ: 0 });
	const gs = groups.get(group);
	gs.total++;
	if (differ) gs.differ++;
	results.push({ id, nodeLine, kitLine, es5Line, differ, src: src ? src.line : '' });
}

const differing = results.filter((r) => r.differ);
const lowered = differing.filter((r) => r.es5Line !== r.nodeLine).length;
console.log('group                snippets  differ');
for (const [g, s] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
	console.log(`${g.padEnd(20)} ${String(s.total).padStart(8)}  ${String(s.differ).padStart(6)}`);
console.log(`${differing.length} of ${results.length} differ (${lowered} of them in the lowered bundle on Node too)`);

// ---- the reason of a difference, guessed for --write-known (then reviewed):
// the first rule that matches; the categories are described at the top of
// tests/jsdiff/known-differences.txt.
const permutation = (a, b) => a.length === b.length && [...a].sort().join('') === [...b].sort().join('');
const RULES = [
	['build-error', (r) => r.kitLine.includes('toolchain/bundle.mjs failed')],
	['load-error', (r) => /invalid use of 'eval'/.test(r.kitLine)],
	['regex-after-paren', (r) => /unexpected token in expression: '\/'/.test(r.kitLine)],
	['mujs-limits', (r) => /too much recursion|stack overflow/.test(r.kitLine) && !/^getset\//.test(r.id) ||
		/^(exception\/(recursion|deep|stack)|literal\/many-args)/.test(r.id)],
	['strict-mode', (r) => /^(strict\/|builtins\/math-assign|class\/object-freeze-instance|getset\/inherited-readonly|operator\/delete-results|scope\/named-fn-expr-readonly|object\/(defineProperty\.[23]|(freeze|seal|preventExtensions)\.0)$)/.test(r.id)],
	['set-prototype-of', (r) => /^(object\/(setPrototypeOf|proto)|reflect\/setPrototypeOf|class\/(static-this-inherit|extends-(array|map|error))|error\/subclass\.[01]|getset\/proto-accessor)/.test(r.id) || /setPrototypeOf|__proto__/.test(r.src)],
	['symbols', (r) => /^symbol\//.test(r.id) || /Symbol\([^)]*\)_[0-9a-z]+\.[0-9a-z]+/.test(r.kitLine) || /^typeof\/boxed$/.test(r.id)],
	['regex', (r) => /^regex\/(lookbehind|named|sticky|unicode|dotall|has-indices|flags-order|more-than|backreference-|many-classes|long-repeat|greedy|dynamic|match-all-groups|emoji|zero-width-unicode|quantifier|replace-dollar-10)/.test(r.id) ||
		/^(regexp|regex)\//.test(r.id) && /^throws (SyntaxError|Error)$/.test(r.kitLine)],
	['property-order', (r) => /^order\//.test(r.id) || (!/^(sort|async|promise|array\/sort|regexp?|string\/localeCompare)/.test(r.id) && /^("?\{|\[)/.test(r.nodeLine) && permutation(r.nodeLine, r.kitLine))],
	['bigint', (r) => /^bigint\//.test(r.id) || /\bBigInt|\dn\b/.test(r.src)],
	['typed-arrays', (r) => /^typed\//.test(r.id) || /ArrayBuffer|Uint8Array/.test(r.src)],
	['eval-es5', (r) => /^global\/Function\./.test(r.id)],
	['globals', (r) => /^typeof\/globals$/.test(r.id)],
	['lowering', (r) => r.es5Line !== r.nodeLine],
	['array', (r) => /^(array\/toLocaleString|object\/toLocaleString\.1)/.test(r.id)],
	['intl', (r) => /^intl\//.test(r.id) || /toLocale|localeCompare|Intl\./.test(r.src)],
	['proxy', (r) => /^reflect\/(Proxy|construct)/.test(r.id)],
	['promise', (r) => /^promise\/(subclass|species)/.test(r.id)],
	['missing-builtin', (r) => /^typeof\/host-functions$/.test(r.id) || !/^(object|reflect|class|strict|error)\//.test(r.id) && (
		/^(throws|rejects) (ReferenceError|TypeError)$/.test(r.kitLine) && !/^(throws|rejects)/.test(r.nodeLine) ||
		/^"(function|object|symbol)"$/.test(r.nodeLine) && r.kitLine === '"undefined"')],
	['to-string-tag', (r) => /\[object /.test(r.nodeLine) || /toStringTag|\/tag\.\d+$/.test(r.id)],
	['function-meta', (r) => /^(function\/(name|toString|length|prototype|bind\.2)|class\/name)/.test(r.id)],
	['date-format', (r) => /^date\/(to(UTC|Date|Time|GMT)?String|toISOString|toJSON|toPrimitive\.[01])/.test(r.id) || /^coercion\/.*/.test(r.id) && /Coordinated Universal Time/.test(r.nodeLine)],
	['date', (r) => /^date\//.test(r.id)],
	['denormals', (r) => /5e-324|e-32\d|2\.2250738585072014e-308/.test(r.src) && !/toString\(/.test(r.src)],
	['regex-bug', (r) => /^numfmt\/intl-free-grouping$/.test(r.id)],
	['number-parse', (r) => /^(number|global\/parse|negzero\/parse|numfmt\/shortest)/.test(r.id)],
	['number-format', (r) => /^(numfmt|negzero\/toFixed)/.test(r.id) || /toFixed|toPrecision|toExponential/.test(r.src)],
	['math', (r) => /^(math|negzero)\//.test(r.id)],
	['uri', (r) => /^(global\/(en|de)codeURI|utf16\/lone-surrogate)/.test(r.id)],
	['utf16', (r) => /^utf16\//.test(r.id)],
	['holes', (r) => /<hole>/.test(r.nodeLine) || /^array\/holes|^operator\/in-array/.test(r.id) || /\[1, , 3\]/.test(r.src)],
	['regex-api', (r) => /^regexp\/(flags|source|ctor|toString|symbols|species|legacy|compile)|^regex\/(source-escaping|symbol-replace|regexp-call|exec-groups)/.test(r.id) || /groups: undefined/.test(r.nodeLine) && !/groups: undefined/.test(r.kitLine)],
	['regex-bug', (r) => /^(regexp|regex)\//.test(r.id) || /\/[^/]+\/[gimsuy]*[,)]/.test(r.src) && /match|replace|split|exec|test/.test(r.src)],
	['errors', (r) => /^(error|exception)\//.test(r.id) || /^promise\/any/.test(r.id)],
	['json', (r) => /^json\//.test(r.id)],
	['promise', (r) => /^(promise|async)\//.test(r.id)],
	['frozen-builtins', (r) => /^builtins\//.test(r.id)],
	['sort', (r) => /^sort\//.test(r.id)],
	['class', (r) => /^class\//.test(r.id)],
	['array', (r) => /^array\//.test(r.id)],
	['string', (r) => /^string\//.test(r.id)],
	['object', (r) => /^(object|reflect|getset)\//.test(r.id)],
];
function guess(r) {
	for (const [cat, test] of RULES) if (test(r)) return cat;
	return 'engine';
}

const lines = [];
for (const r of differing) {
	const reason = known.get(r.id);
	lines.push(`${r.id}\t${reason !== undefined ? reason : 'NOT LISTED'}`);
	if (r.src) lines.push(`  code: ${r.src}`);
	lines.push(`  node: ${r.nodeLine}`);
	lines.push(`  kit:  ${r.kitLine}`);
	if (r.es5Line !== r.nodeLine) lines.push(`  es5 on node: ${r.es5Line}`);
}
fs.writeFileSync(diffFile, lines.join('\n') + (lines.length ? '\n' : ''));
console.log(`differences: ${diffFile}`);

if (opts.known) {
	const ids = new Set(results.map((r) => r.id));
	let regressions = 0, agree = 0, stale = 0;
	for (const r of differing) {
		if (!known.has(r.id)) {
			regressions++;
			console.log(`regression: ${r.id}: node ${r.nodeLine}; kit ${r.kitLine}`);
		}
	}
	for (const r of results) if (!r.differ && known.has(r.id)) { agree++; console.log(`agrees: ${r.id}`); }
	for (const id of known.keys()) if (!ids.has(id)) { stale++; console.log(`stale: ${id}`); }
	console.log(`known: ${known.size} listed, ${regressions} regressions, ${agree} listed now agree, ${stale} stale`);
}

if (opts.writeKnown) {
	const header = fs.existsSync(opts.writeKnown)
		? fs.readFileSync(opts.writeKnown, 'utf8').split('\n').filter((l) => l.startsWith('#')).join('\n') + '\n'
		: '';
	const body = differing.map((r) => `${r.id}\t${known.get(r.id) || guess(r)}`).join('\n');
	fs.writeFileSync(opts.writeKnown, header + body + '\n');
	console.log(`wrote ${differing.length} ids to ${opts.writeKnown}`);
}
console.log(`time: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(0);
