// The server bundle's ES5 (after SWC), adjusted for a behaviour of mujs
// 1.3.2 that stops real libraries (zod, valibot) from running (and SWC's
// typeof and instanceof helpers made the operators: mujs has symbols,
// patches 0500-0501):
//
// 1. The `in` operator runs getters: `key in proto` calls the getter it
//    finds, with `this` the prototype (zod 4 asks `key in proto` of its lazy
//    properties, whose getters then throw). Every binary `a in b` becomes
//    __kit_in(a, b) (runtime/prelude.js), which looks the key up without
//    reading it. for-in loops are left alone.
//
// 2. SWC lowers `a ** b` to Math.pow(a, b), which V8 and mujs refuse for
//    bigints (`base ** exp` of two bigint variables; SWC keeps `**` only when
//    an operand is a bigint literal). Before SWC, keepExponent makes each
//    `a ** b` __kit_pow(a, b), and `x **= y` (x a name or a.b)
//    x = __kit_pow(x, y); after it, lowerForMujs makes each __kit_pow(a, b)
//    ((a) ** (b)) again, mujs's own operator (patches 1100-1101). server.js
//    has `**` only where the app has it.
//
// 3. Regular expressions were rewritten here too (into stand-ins that threw
//    when used) until mujs patch 0800 gave mujs kit's ECMAScript engine
//    (mujs/regex/): every literal compiles now.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// acorn arrives with react-server-dom-webpack (acorn-loose), pinned by package-lock.json
const acorn = require('acorn');

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

// Returns the code with each binary `in` made a __kit_in call, SWC's
// typeof/instanceof helpers made the operators and keepExponent's
// __kit_pow(a, b) calls ((a) ** (b)); count says how many edits were made.
export function lowerForMujs(code) {
	// edits: text inserted at pos, or [pos, end) replaced; `order` sorts
	// those at one position (an outer call opens before an inner one and
	// closes after it)
	const edits = [];
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
		if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === '__kit_pow' &&
				n.arguments.length === 2 && n.arguments.every((a) => a.type !== 'SpreadElement')) {
			const [a, b] = n.arguments;
			edits.push({ pos: n.start, end: a.start, order: 0, text: '((' });
			edits.push({ pos: a.end, end: b.start, order: 0, text: ') ** (' });
			edits.push({ pos: b.end, end: n.end, order: 0, text: '))' });
			return;
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
	if (!edits.length) return { code, count: 0 };
	// at one position: insertions (by order), then the replacement
	edits.sort((a, b) => a.pos - b.pos || (a.end > a.pos) - (b.end > b.pos) || a.order - b.order);
	let out = '', at = 0;
	for (const e of edits) {
		// a replaced body keeps its line count: the line tables of the
		// chunks (bundle.mjs sourceLines) hold only while no line moves
		const lost = lineBreaks(code.slice(e.pos, e.end)) - lineBreaks(e.text);
		out += code.slice(at, e.pos) + e.text + (lost > 0 ? '\n'.repeat(lost) : '');
		at = e.end;
	}
	return { code: out + code.slice(at), count: edits.length };
}

function lineBreaks(s) {
	let n = 0;
	for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
	return n;
}

// Applies edits (text inserted at pos, or [pos, end) replaced; at one
// position: insertions by order, then the replacement) to code.
function applyEdits(code, edits) {
	edits.sort((a, b) => a.pos - b.pos || (a.end > a.pos) - (b.end > b.pos) || a.order - b.order);
	let out = '', at = 0;
	for (const e of edits) {
		out += code.slice(at, e.pos) + e.text;
		at = e.end;
	}
	return out + code.slice(at);
}

// esbuild's ES2017 output with each `a ** b` made __kit_pow(a, b) and each
// `x **= y` (x a name, or a property of a name or of this) x = __kit_pow(x, y),
// so that SWC has no `**` to lower to Math.pow; count says how many.
export function keepExponent(code, sourceType = 'script') {
	// no `**` but comment delimiters (/** … **/): no parse (~250 ms for 600 kB)
	if (!/(?<![/*])\*\*(?![/*])/.test(code)) return { code, count: 0 };
	const edits = [];
	const tokens = [];
	let ast;
	try {
		ast = acorn.parse(code, {
			ecmaVersion: 'latest',
			sourceType,  // 'module' for the chunks of the server build (bundle.mjs)
			allowReturnOutsideFunction: sourceType === 'script',
			onToken(t) { tokens.push(t); },
		});
	} catch {
		return { code, count: 0 }; // SWC reports the syntax error itself
	}
	let count = 0;
	walk(ast, (n) => {
		if (n.type === 'BinaryExpression' && n.operator === '**') {
			let i = tokenAt(tokens, n.left.end);
			while (i < tokens.length && tokens[i].value !== '**') i++;
			const op = tokens[i];
			if (!op || op.start >= n.right.start) return;
			edits.push({ pos: n.start, end: n.start, text: '__kit_pow(', order: -(n.end - n.start) });
			edits.push({ pos: op.start, end: op.end, text: ',', order: 0 });
			edits.push({ pos: n.end, end: n.end, text: ')', order: -n.start });
			count++;
		} else if (n.type === 'AssignmentExpression' && n.operator === '**=') {
			const t = n.left;
			const simple = t.type === 'Identifier' || (t.type === 'MemberExpression' && !t.computed &&
				(t.object.type === 'Identifier' || t.object.type === 'ThisExpression'));
			if (!simple) return;
			let i = tokenAt(tokens, t.end);
			while (i < tokens.length && tokens[i].value !== '**=') i++;
			const op = tokens[i];
			if (!op || op.start >= n.right.start) return;
			edits.push({ pos: op.start, end: op.end, text: '= __kit_pow(' + code.slice(t.start, t.end) + ',', order: 0 });
			edits.push({ pos: n.end, end: n.end, text: ')', order: -n.start });
			count++;
		}
	});
	if (!edits.length) return { code, count: 0 };
	return { code: applyEdits(code, edits), count };
}

// The export names of an ES module (an esbuild chunk) whose local binding
// never changes after the module's top level ran: a function or class
// declaration, or a top-level variable, that nothing assigns (any
// assignment or update to an identifier of that name anywhere in the file,
// whatever its scope, keeps the export live). After its top level ran, the
// chunk's loader makes these plain values instead of getters
// (runtime/prelude.js __kit_settle): a cross-chunk call then reads a
// property instead of calling a getter.
export function constantExports(code) {
	const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
	const declared = new Set();
	for (const s of ast.body) {
		if (s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') declared.add(s.id.name);
		else if (s.type === 'VariableDeclaration')
			for (const d of s.declarations) if (d.id.type === 'Identifier') declared.add(d.id.name);
	}
	const assigned = new Set();
	const target = (t) => {
		if (!t) return;
		if (t.type === 'Identifier') assigned.add(t.name);
		else if (t.type === 'ObjectPattern') for (const p of t.properties) target(p.type === 'RestElement' ? p.argument : p.value);
		else if (t.type === 'ArrayPattern') for (const e of t.elements) target(e && e.type === 'RestElement' ? e.argument : e);
		else if (t.type === 'AssignmentPattern') target(t.left);
	};
	walk(ast, (n) => {
		if (n.type === 'AssignmentExpression') target(n.left);
		else if (n.type === 'UpdateExpression') target(n.argument);
		else if ((n.type === 'ForInStatement' || n.type === 'ForOfStatement') && n.left.type !== 'VariableDeclaration') target(n.left);
	});
	const names = [];
	for (const s of ast.body) {
		if (s.type !== 'ExportNamedDeclaration' || s.source || s.declaration) continue;
		for (const sp of s.specifiers)
			if (declared.has(sp.local.name) && !assigned.has(sp.local.name)) names.push(sp.exported.name);
	}
	return names;
}
