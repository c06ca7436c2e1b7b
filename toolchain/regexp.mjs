// Regular-expression literals mujs 1.3.2 cannot compile, made lazy.
//
// mujs compiles a regex literal when it is evaluated and throws a SyntaxError
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

// Returns the code with each refused literal replaced by __kit_regexp(...)
// and every call of the global RegExp (new RegExp(p, f), RegExp(p, f)) by
// __kit_RegExp(...), which does the same for patterns built at run time
// (zod's uuid4 = new RegExp(`...`) at the top of a module); count says how
// many were rewritten.
export function lazyRegExps(code) {
	const edits = [];
	let prev = null;
	const tokens = [];
	acorn.parse(code, {
		ecmaVersion: 'latest',
		sourceType: 'script',
		allowReturnOutsideFunction: true,
		onToken(t) { tokens.push(t); },
	});
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i];
		if (t.type.label === 'regexp' && refusedByMujs(t.value.pattern, t.value.flags)) {
			edits.push({ start: t.start, end: t.end, text: ' __kit_regexp(' + JSON.stringify(t.value.pattern) + ', ' +
				JSON.stringify(t.value.flags) + ')' });
		} else if (t.type.label === 'name' && t.value === 'RegExp' && tokens[i + 1] && tokens[i + 1].type.label === '(' &&
			!(prev && (prev.type.label === '.' || prev.type.label === '?.'))) {
			edits.push({ start: t.start, end: t.end, text: '__kit_RegExp' });
		}
		prev = t;
	}
	if (!edits.length) return { code, count: 0 };
	let out = '', at = 0;
	for (const e of edits) {
		out += code.slice(at, e.start) + e.text;
		at = e.end;
	}
	return { code: out + code.slice(at), count: edits.length };
}
