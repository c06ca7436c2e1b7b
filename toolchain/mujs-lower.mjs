// The server bundle's ES5 (after SWC), adjusted for two behaviours of mujs
// 1.3.2 that stop real libraries (zod, valibot) from loading or running
// (and SWC's typeof and instanceof helpers made the operators: mujs has
// symbols, patches 0500-0501):
//
// 1. The `in` operator runs getters: `key in proto` calls the getter it
//    finds, with `this` the prototype (zod 4 asks `key in proto` of its lazy
//    properties, whose getters then throw). Every binary `a in b` becomes
//    __kit_in(a, b) (runtime/prelude.js), which looks the key up without
//    reading it. for-in loops are left alone.
//
// 2. Regular expressions: mujs compiles a regex literal when it is evaluated and throws a SyntaxError
// for flags other than g/i/m (u, s, y, d, v), more than 9 capture groups,
// more than 16 character classes (\d \w \s count), named groups, lookbehind
// or \p{...}. Libraries build such literals at the top of their modules
// (zod's ipv6 and email patterns, valibot's /u flags), so one of them is
// enough to stop the whole server bundle from loading, even when the app
// never uses it. Every literal that may be refused is rewritten (in the ES5
// output, after SWC) into a call of runtime/prelude.js's __kit_regexp(source,
// flags), which compiles it natively when mujs can, retries without the u
// flag when the pattern has no Unicode-only syntax, and otherwise returns a
// stand-in whose every use (test, exec, toString, a replace or match with it)
// throws an error naming the pattern. A literal mujs compiles is left alone.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// acorn arrives with react-server-dom-webpack (acorn-loose), pinned by package-lock.json
const acorn = require('acorn');

// Counts what mujs limits in a pattern: capture groups, character classes
// (a [...] or \d \D \w \W \s \S outside one), and syntax it has not got.
function refusedByMujs(pattern, flags) {
	if (/[^gim]/.test(flags)) return true;
	if (/\(\?<|\\[pPk]\{?|\\u\{|\\k</.test(pattern)) return true;
	let captures = 0, classes = 0, inClass = false;
	for (let i = 0; i < pattern.length; i++) {
		const c = pattern[i];
		if (c === '\\') {
			const e = pattern[i + 1];
			if (!inClass && 'dDwWsS'.includes(e)) classes++;
			i++;
		} else if (inClass) {
			if (c === ']') inClass = false;
		} else if (c === '[') {
			inClass = true;
			classes++;
		} else if (c === '(' && pattern[i + 1] !== '?') {
			captures++;
		} else if (c === '{') {
			const m = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i));
			if (m && (+m[1] > 254 || (m[2] && +m[2] > 254))) return true;
		}
	}
	return captures > 9 || classes > 16;
}

// Every node of an acorn tree, depth first.
function walk(node, visit) {
	visit(node);
	for (const key in node) {
		const v = node[key];
		if (Array.isArray(v)) {
			for (const c of v) if (c && typeof c.type === 'string') walk(c, visit);
		} else if (v && typeof v.type === 'string' && key !== 'loc') {
			walk(v, visit);
		}
	}
}

// The index of the first token starting at or after pos.
function tokenAt(tokens, pos) {
	let lo = 0, hi = tokens.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (tokens[mid].start < pos) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

// Returns the code with each binary `in` made a __kit_in call, each refused
// regex literal replaced by __kit_regexp(...) and every call of the global
// RegExp (new RegExp(p, f), RegExp(p, f)) by __kit_RegExp(...), which does
// the same for patterns built at run time (zod's uuid4 = new RegExp(`...`)
// at the top of a module); count says how many edits were made.
export function lowerForMujs(code) {
	// edits: text inserted at pos, or [pos, end) replaced; `order` sorts
	// those at one position (an outer call opens before an inner one and
	// closes after it)
	const edits = [];
	let prev = null;
	const tokens = [];
	const ast = acorn.parse(code, {
		ecmaVersion: 'latest',
		sourceType: 'script',
		allowReturnOutsideFunction: true,
		onToken(t) { tokens.push(t); },
	});
	walk(ast, (n) => {
		// SWC's helpers for typeof and instanceof stand in for an engine
		// without symbols; mujs has them (patches 0500-0501), so each becomes
		// the operator: the typeof helper called Object(Symbol()) a symbol,
		// and the instanceof helper called Function.prototype[@@hasInstance]
		// for every instanceof, which the operator itself recognises.
		const helper = n.type === 'FunctionDeclaration' && n.body.body[0] && n.body.body[0].directive;
		if (helper && n.params.every((p) => p.type === 'Identifier')) {
			const p = n.params.map((q) => q.name);
			const body = helper === '@swc/helpers - typeof' && p.length === 1 ? 'typeof ' + p[0]
				: helper === '@swc/helpers - instanceof' && p.length === 2 ? p[0] + ' instanceof ' + p[1] : null;
			if (body) {
				edits.push({ pos: n.body.start, end: n.body.end, order: 1, text: '{ return ' + body + '; }' });
				return;
			}
		}
		if (n.type !== 'BinaryExpression' || n.operator !== 'in') return;
		let i = tokenAt(tokens, n.left.end);
		while (i < tokens.length && !(tokens[i].type.keyword === 'in' && tokens[i].start < n.right.start)) i++;
		const op = tokens[i];
		if (!op || op.start >= n.right.start) return;
		edits.push({ pos: n.start, end: n.start, text: '__kit_in(', order: -(n.end - n.start) });
		edits.push({ pos: op.start, end: op.end, text: ',', order: 0 });
		edits.push({ pos: n.end, end: n.end, text: ')', order: -n.start });
	});
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i];
		if (t.type.label === 'regexp' && refusedByMujs(t.value.pattern, t.value.flags)) {
			edits.push({ pos: t.start, end: t.end, order: 1, text: ' __kit_regexp(' + JSON.stringify(t.value.pattern) + ', ' +
				JSON.stringify(t.value.flags) + ')' });
		} else if (t.type.label === 'name' && t.value === 'RegExp' && tokens[i + 1] && tokens[i + 1].type.label === '(' &&
			!(prev && (prev.type.label === '.' || prev.type.label === '?.'))) {
			edits.push({ pos: t.start, end: t.end, order: 1, text: '__kit_RegExp' });
		}
		prev = t;
	}
	if (!edits.length) return { code, count: 0 };
	// at one position: insertions (by order), then the replacement
	edits.sort((a, b) => a.pos - b.pos || (a.end > a.pos) - (b.end > b.pos) || a.order - b.order);
	let out = '', at = 0;
	for (const e of edits) {
		out += code.slice(at, e.pos) + e.text;
		at = e.end;
	}
	return { code: out + code.slice(at), count: edits.length };
}
