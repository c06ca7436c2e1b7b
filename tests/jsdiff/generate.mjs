// generate.mjs — writes tests/jsdiff/generated/<group>.mjs, the generated part
// of the differential corpus (README.md): one T(id, () => expr) per snippet,
// from tables of built-in methods and inputs. Deterministic: the same script
// always writes the same files (no clock, no randomness), and the files are
// committed, so a change of the corpus shows in review.
//
//   node tests/jsdiff/generate.mjs          (re)write the files
//   node tests/jsdiff/generate.mjs --check  exit 1 when a file is out of date
//
// Ids are "<group>/<name>.<n>": n counts the snippets of one name in the
// order they are generated here, so adding inputs at the END of a list keeps
// the ids (and tests/jsdiff/known-differences.txt) stable.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'generated');
const groups = new Map();
const counters = new Map();

// add(group, name, code): an expression, or a function body (statements ending
// in a return) when it starts with a declaration or a statement keyword
const STATEMENT = /^(?:(?:var|let|const|class|try|for|if)\b|function\s*\*?\s*[A-Za-z_$]|async\s+function\s*\*?\s*[A-Za-z_$])/;
function add(group, name, code) {
	if (!groups.has(group)) groups.set(group, []);
	const key = group + '/' + name;
	const n = counters.get(key) || 0;
	counters.set(key, n + 1);
	const id = `${key}.${n}`;
	const body = STATEMENT.test(code) ? `() => { ${code} }` : `() => (${code})`;
	groups.get(group).push(`T(${JSON.stringify(id)}, ${body});`);
}
// each(group, name, list, fn): one snippet per element
function each(group, name, list, fn) {
	for (const x of list) add(group, name, fn(x));
}
const q = JSON.stringify;

// ---------------------------------------------------------------- values
const numVals = ['0', '-0', '1', '-1', '0.5', '-0.5', '1.5', '2.5', '-2.5', '0.1', '3.7', '-3.7', '1e300', '1e-300',
	'Infinity', '-Infinity', 'NaN', '2 ** 53', '-(2 ** 31)', '123.456'];
const anyVals = ['undefined', 'null', 'true', 'false', '0', '-0', '1', 'NaN', 'Infinity', '""', '"0"', '"1"', '" 12 "',
	'"abc"', '[]', '[0]', '[1, 2]', '{}', '{ valueOf() { return 7; } }', '{ toString() { return "x"; } }', 'new Date(0)',
	'function () {}'];

// ---------------------------------------------------------------- math
{
	const g = 'math';
	const unary = ['abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cbrt', 'ceil', 'clz32', 'cos', 'cosh',
		'exp', 'expm1', 'floor', 'fround', 'log', 'log1p', 'log10', 'log2', 'round', 'sign', 'sin', 'sinh', 'sqrt',
		'tan', 'tanh', 'trunc'];
	const vals = ['0', '-0', '1', '-1', '0.5', '-0.5', '2.5', '-2.5', '3.7', '1e300', 'Infinity', '-Infinity', 'NaN',
		'"4"', 'null', '0.1'];
	for (const f of unary) each(g, f, vals, (v) => `Math.${f}(${v})`);
	const pairs = [['1', '2'], ['-0', '0'], ['0', '-0'], ['2', '0.5'], ['-8', '1 / 3'], ['NaN', '0'], ['0', 'NaN'],
		['Infinity', '-Infinity'], ['1e308', '10'], ['-1', 'Infinity'], ['3', '-2'], ['0xffffffff', '5']];
	for (const f of ['atan2', 'pow', 'hypot', 'imul', 'max', 'min'])
		each(g, f, pairs, ([a, b]) => `Math.${f}(${a}, ${b})`);
	add(g, 'max', 'Math.max()');
	add(g, 'min', 'Math.min()');
	add(g, 'hypot', 'Math.hypot()');
	add(g, 'hypot', 'Math.hypot(3, 4, 12)');
	add(g, 'max', 'Math.max(1, "3", [2])');
	add(g, 'min', 'Math.min(1, undefined)');
	add(g, 'round', 'Math.round(0.49999999999999994)');
	add(g, 'round', 'Math.round(-0.4)');
	add(g, 'round', 'Math.round(2 ** 52 + 0.5)');
	add(g, 'fround', 'Math.fround(5.5e-46)');
	add(g, 'fround', 'Math.fround(16777217)');
	add(g, 'clz32', 'Math.clz32(-1)');
	add(g, 'imul', 'Math.imul(0x7fffffff, 0x7fffffff)');
	for (const c of ['E', 'LN10', 'LN2', 'LOG10E', 'LOG2E', 'PI', 'SQRT1_2', 'SQRT2'])
		add(g, 'const', `Math.${c}`);
	add(g, 'random', 'typeof Math.random()');
	add(g, 'random', '(function () { var r = Math.random(); return r >= 0 && r < 1; })()');
	add(g, 'tag', 'Object.prototype.toString.call(Math)');
	add(g, 'tag', 'Math[Symbol.toStringTag]');
}

// ---------------------------------------------------------------- number formatting
{
	const g = 'numfmt';
	const fixedVals = ['0', '-0', '1.005', '1.45', '1.55', '-1.5', '0.000001', '123.456', '1e21', '1e20', '-1e-7',
		'0.5', '2.5', '(2 ** 53)', '1234.5678', 'NaN', 'Infinity', '8.345', '0.1 + 0.2', '999.995'];
	for (const d of ['', '0', '1', '2', '5', '10', '20']) each(g, 'toFixed', fixedVals, (v) => `(${v}).toFixed(${d})`);
	add(g, 'toFixed', '(1).toFixed(101)');
	add(g, 'toFixed', '(1).toFixed(-1)');
	add(g, 'toFixed', '(1).toFixed(100)');
	const precVals = ['0', '-0', '1', '123.456', '0.000123', '1e21', '1.25', '1.35', '-99.99', '123456789', '5e-7', 'NaN',
		'-Infinity', '0.1'];
	for (const d of ['', '1', '2', '3', '7', '21', '100']) each(g, 'toPrecision', precVals, (v) => `(${v}).toPrecision(${d})`);
	add(g, 'toPrecision', '(1).toPrecision(0)');
	add(g, 'toPrecision', '(1).toPrecision(101)');
	const expVals = ['0', '-0', '1', '123.456', '0.000123', '1e21', '1.25', '-99.99', '5e-324', '1.7976931348623157e308', 'NaN'];
	for (const d of ['', '0', '2', '10', '20']) each(g, 'toExponential', expVals, (v) => `(${v}).toExponential(${d})`);
	add(g, 'toExponential', '(1).toExponential(-1)');
	add(g, 'toExponential', '(1).toExponential(101)');
	const radixVals = ['0', '-0', '255', '-255', '0.5', '3.14159', '1e21', '2 ** 53', '-0.1', 'NaN', 'Infinity', '1e-7'];
	for (const r of ['2', '8', '16', '36', '10', '3']) each(g, 'toString', radixVals, (v) => `(${v}).toString(${r})`);
	add(g, 'toString', '(1).toString(1)');
	add(g, 'toString', '(1).toString(37)');
	add(g, 'toString', '(10).toString(undefined)');
	const strVals = ['1e21', '1e-7', '1e-6', '123e-20', '0.000001', '1.5e-7', '2 ** 53', '2 ** 53 + 1', '2 ** 64',
		'-1e21', '1e100', '5e-324', '1.7976931348623157e308', '0.1 + 0.2', '1 / 3', '100 / 3', '4.35', '0.3 - 0.1',
		'123456789012345680000', '1e16', '12345678901234567', '-0', '0.1 * 3', '1.005 * 1000', '9.95', '1e-323',
		'2.2250738585072014e-308', '4.9406564584124654e-324', '0x1fffffffffffff', '0o17', '0b1011', '0o17', '1_000_000'];
	each(g, 'String', strVals, (v) => `String(${v})`);
	each(g, 'json', ['1e21', '1e-7', '0.1 + 0.2', '-0', '5e-324', '1 / 3'], (v) => `JSON.stringify([${v}])`);
	each(g, 'concat', ['1e21', '0.1 + 0.2', '-0', '1e-7'], (v) => `"" + (${v})`);
	each(g, 'join', ['[1e21, 0.1 + 0.2, -0, 1e-7]', '[1.5, -2.5e-10]'], (v) => `${v}.join()`);
	add(g, 'key', 'Object.keys({ [1e21]: 1, [0.1 + 0.2]: 2, [-0]: 3 })');
	add(g, 'toLocaleString', '(1234567.891).toLocaleString()');
	add(g, 'toLocaleString', '(1234567.891).toLocaleString("en-US")');
	add(g, 'toLocaleString', '(0.5).toLocaleString("en-US", { style: "percent" })');
}

// ---------------------------------------------------------------- Number
{
	const g = 'number';
	for (const f of ['isFinite', 'isInteger', 'isNaN', 'isSafeInteger'])
		each(g, f, ['0', '-0', '1.5', '2 ** 53', '2 ** 53 - 1', 'NaN', 'Infinity', '"1"', 'null', '5e-324', '-(2 ** 53 - 1)'],
			(v) => `Number.${f}(${v})`);
	for (const c of ['EPSILON', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER', 'MAX_VALUE', 'MIN_VALUE', 'NaN',
		'NEGATIVE_INFINITY', 'POSITIVE_INFINITY'])
		add(g, 'const', `Number.${c}`);
	const strs = ['""', '" "', '"12"', '" 12 "', '"1e3"', '"0x1f"', '"0X1F"', '"0b101"', '"0o17"', '"-0x10"', '"1_000"',
		'"12px"', '".5"', '"5."', '"+5"', '"-"', '"Infinity"', '"-Infinity"', '"infinity"', '"\\n42\\t"', '"1e1000"',
		'"0.0000001"', '"\\u00a012"', '"\\ufeff12"', '"00012"', '"1e"', '"NaN"', '"1,5"', '"١٢"'];
	each(g, 'Number', strs, (v) => `Number(${v})`);
	each(g, 'Number', ['undefined', 'null', 'true', '[]', '[5]', '[1, 2]', '{}', 'new Date(5)', '{ valueOf() { return "3"; } }'],
		(v) => `Number(${v})`);
	each(g, 'parseFloat', strs.slice(0, 12), (v) => `Number.parseFloat(${v})`);
	each(g, 'parseInt', strs.slice(0, 12), (v) => `Number.parseInt(${v})`);
	add(g, 'same', 'Number.parseInt === parseInt');
	add(g, 'same', 'Number.parseFloat === parseFloat');
	add(g, 'valueOf', 'new Number(5).valueOf()');
	add(g, 'valueOf', 'Number.prototype.valueOf.call("5")');
	add(g, 'toString', 'Number.prototype.toString.call(new Number(-0))');
	add(g, 'new', 'typeof new Number(1)');
	add(g, 'new', 'new Number(1) == 1');
	add(g, 'new', 'new Number(1) === 1');
	// signed strings: ToNumber of "-7" (an integer with a sign) is NaN in mujs
	each(g, 'signed', ['Number("-7")', 'Number("+7")', 'Number(" -3 ")', 'Number("-1.5")', 'Number("-1e3")', '+"-7"',
		'"-3" - 1', '"5" * "-2"', '"-10" / 2', 'isNaN("-1")', 'Number("-0x10")', '[+"-1", +"-0"]'], (v) => v);
}

// ---------------------------------------------------------------- global functions
{
	const g = 'global';
	const pi = [['"42"'], ['"  42abc"'], ['"-0"'], ['"0x1F"'], ['"0x1F"', '16'], ['"1F"', '16'], ['"z"', '36'],
		['"101"', '2'], ['"12"', '1'], ['"12"', '37'], ['"12"', '0'], ['"0b11"'], ['"0o7"'], ['"3.99"'], ['"-3.99"'],
		['"1e3"'], ['""'], ['"   "'], ['"+7"'], ['"٣"'], ['"9007199254740993"'], ['"123456789012345678901234567890"'],
		['0.0000005'], ['1e21'], ['null', '36'], ['"Infinity"'], ['"  \\n 5"'], ['"08"'], ['"010"'], ['"7"', '8.9'],
		['"11"', '"2"'], ['-0'], ['"-"'], ['"0x"'], ['"ff"', '15'], ['"zz"', '35']];
	each(g, 'parseInt', pi, (a) => `parseInt(${a.join(', ')})`);
	const pf = ['"3.14"', '"  3.14abc"', '".5"', '"-.5e-3x"', '"1e"', '"1e+"', '"Infinityx"', '"-Infinity"', '"0x10"',
		'"1.7976931348623159e308"', '"5e-324"', '"2e-324"', '"-0"', '""', '"abc"', '"1_0"', '"  \\t\\n1"', '"1.2.3"',
		'"+.1"', '"00.5"', '"0.1e1"', '[1.5]', '"\\u20281"'];
	each(g, 'parseFloat', pf, (v) => `parseFloat(${v})`);
	each(g, 'isNaN', ['NaN', '"abc"', '""', 'undefined', 'null', '"1e5"', '{}', '[]', 'new Date(NaN)'], (v) => `isNaN(${v})`);
	each(g, 'isFinite', ['1', '"1"', 'Infinity', 'NaN', 'null', '"1e400"', '[]'], (v) => `isFinite(${v})`);
	const uris = ['"abc"', '"a b&c=d/e?f#g"', '"\\u00e9"', '"\\u20ac"', '"\\ud83d\\ude00"', '"\\u0000"', '"-_.!~*\'()"',
		'";/?:@&=+$,#"', '"\\ud800"', '"\\udc00x"', '"%"', '"[]"', '"\\u007f"'];
	each(g, 'encodeURIComponent', uris, (v) => `encodeURIComponent(${v})`);
	each(g, 'encodeURI', uris, (v) => `encodeURI(${v})`);
	const enc = ['"abc"', '"a%20b"', '"%C3%A9"', '"%E2%82%AC"', '"%F0%9F%98%80"', '"%00"', '"%"', '"%zz"', '"%C3"',
		'"%2F%3F%23"', '"%C0%80"', '"%ED%A0%80"', '"+"', '"%25"', '"%c3%a9"'];
	each(g, 'decodeURIComponent', enc, (v) => `decodeURIComponent(${v})`);
	each(g, 'decodeURI', enc, (v) => `decodeURI(${v})`);
	each(g, 'escape', ['"abc"', '"a b+c/@*_-."', '"\\u00e9"', '"\\u20ac"', '"\\u0000"'], (v) => `escape(${v})`);
	each(g, 'unescape', ['"%41"', '"%u20AC"', '"%zz"', '"%u00"', '"a+b"'], (v) => `unescape(${v})`);
	add(g, 'globalThis', 'typeof globalThis');
	add(g, 'globalThis', 'globalThis.Array === Array');
	add(g, 'globalThis', 'typeof globalThis.globalThis');
	add(g, 'NaN', 'typeof NaN');
	add(g, 'Infinity', '1 / Infinity');
	add(g, 'undefined', 'typeof undefined');
	add(g, 'eval', 'eval("1 + 2")');
	add(g, 'eval', 'eval("var __jsdiff_x = 5; __jsdiff_x")');
	add(g, 'Function', 'new Function("a", "b", "return a + b")(2, 3)');
	add(g, 'Function', 'Function("return 7")()');
	add(g, 'Function', 'new Function("return typeof this")()');
	add(g, 'Function', 'new Function("a = 1", "return a")()');
	add(g, 'Function', 'new Function("...r", "return r.length")(1, 2)');
	add(g, 'Function', 'new Function("return () => 1")()()');
}

// an indirect eval is a compile error in mujs ("invalid use of 'eval'"): the
// whole bundle of the file fails to load, so it has a file of its own
add('evalindirect', 'eval', '(0, eval)("typeof this")');
add('evalindirect', 'eval', 'var e = eval; return e("1 + 1");');

// ---------------------------------------------------------------- String
{
	const g = 'string';
	const sv = ['"hello"', '""', '"Hello World"', '"\\u00e9t\\u00e9"', '"a\\ud83d\\ude00b"', '"  pad  "', '"abcabc"'];
	for (const [m, argsList] of [
		['at', [['0'], ['-1'], ['10'], ['1.7'], ['"1"']]],
		['charAt', [['0'], ['1'], ['-1'], ['100'], []]],
		['charCodeAt', [['0'], ['1'], ['-1'], ['100'], []]],
		['codePointAt', [['0'], ['1'], ['2'], ['-1']]],
		['concat', [['"x"'], ['1', 'null'], [], ['[1, 2]']]],
		['endsWith', [['"o"'], ['"lo"', '4'], ['""'], ['"c"', '3']]],
		['includes', [['"l"'], ['"bc"', '3'], ['""'], ['"z"']]],
		['indexOf', [['"l"'], ['"l"', '3'], ['""'], ['""', '100'], ['"z"'], ['"bc"', '-5']]],
		['lastIndexOf', [['"l"'], ['"l"', '2'], ['""'], ['"c"', '-1'], ['"a"', 'NaN']]],
		['padEnd', [['8'], ['8', '"-="'], ['2'], ['8', '""']]],
		['padStart', [['8'], ['8', '"-="'], ['2'], ['8', '""']]],
		['repeat', [['0'], ['3'], ['2.9']]],
		['slice', [['1'], ['-3'], ['1', '-1'], ['3', '1'], ['NaN'], []]],
		['substring', [['1'], ['-3'], ['1', '-1'], ['3', '1'], ['NaN', '2']]],
		['substr', [['1'], ['-3'], ['1', '2'], ['-3', '2'], ['1', '-1']]],
		['split', [[], ['""'], ['"l"'], ['"l"', '1'], ['" "'], ['"bc"'], ['undefined', '0']]],
		['startsWith', [['"h"'], ['"ll"', '2'], ['""'], ['"a"', '-5']]],
		['toLowerCase', [[]]],
		['toUpperCase', [[]]],
		['toLocaleLowerCase', [[]]],
		['toLocaleUpperCase', [[]]],
		['trim', [[]]],
		['trimStart', [[]]],
		['trimEnd', [[]]],
		['toString', [[]]],
		['valueOf', [[]]],
		['normalize', [[], ['"NFD"'], ['"NFKC"']]],
		['localeCompare', [['"hello"'], ['"abc"'], ['"zzz"']]],
		['search', [['"l"'], ['/o/'], ['/z/']]],
		['match', [['/l/g'], ['/(l)(o)?/'], ['"bc"'], ['/z/g']]],
		['replace', [['"l"', '"L"'], ['/l/g', '"[$&]"'], ['"c"', '"$\'"'], ['/(b)(c)/', '"$2$1"']]],
		['replaceAll', [['"l"', '"L"'], ['"a"', '"$$"'], ['""', '"_"'], ['/b/g', '"B"']]],
	]) {
		for (const s of sv) for (const args of argsList) add(g, m, `${s}.${m}(${args.join(', ')})`);
	}
	each(g, 'fromCharCode', [[65, 66], [0x20ac], [0xd83d, 0xde00], [65.7], [-1], [0x10041], []],
		(a) => `String.fromCharCode(${a.join(', ')})`);
	each(g, 'fromCodePoint', [[65, 66], [0x1f600], [0x10ffff], [-1], [1.5], [0x110000], []],
		(a) => `String.fromCodePoint(${a.join(', ')})`);
	add(g, 'raw', 'String.raw`a\\n${1}b`');
	add(g, 'raw', 'String.raw({ raw: ["x", "y", "z"] }, 1, 2, 3)');
	add(g, 'raw', 'String.raw({ raw: "abc" }, "-", "+")');
	each(g, 'String', ['undefined', 'null', 'true', '-0', '[1, [2, 3]]', '{}', 'Symbol("s")', '[null, undefined]',
		'{ toString() { return "t"; }, valueOf() { return "v"; } }'], (v) => `String(${v})`);
	for (const m of ['anchor', 'big', 'blink', 'bold', 'fixed', 'fontcolor', 'fontsize', 'italics', 'link', 'small',
		'strike', 'sub', 'sup'])
		add(g, m, `"x".${m}("a\\"b")`);
	add(g, 'length', '"\\ud83d\\ude00".length');
	add(g, 'length', '"\\u00e9".length');
	add(g, 'length', '"abc".length');
	add(g, 'index', '"abc"[1]');
	add(g, 'index', '"abc"[5]');
	add(g, 'index', '"a\\ud83d\\ude00b"[2]');
	add(g, 'iterator', '[..."a\\ud83d\\ude00b"]');
	add(g, 'iterator', 'Array.from("abc")');
	add(g, 'matchAll', '[..."a1b2".matchAll(/\\d/g)].map(function (m) { return m[0] + m.index; })');
	add(g, 'matchAll', '(function () { try { "a".matchAll(/a/); return "no"; } catch (e) { return e.name; } })()');
	add(g, 'split', '"a1b2c3".split(/\\d/)');
	add(g, 'split', '"a1b2c3".split(/(\\d)/)');
	add(g, 'split', '"abc".split(/(?:)/)');
	add(g, 'split', '"".split("")');
	add(g, 'split', '"".split("a")');
	add(g, 'split', '"a,b,".split(",")');
	add(g, 'split', '"test".split(/(t)?/)');
	add(g, 'localeCompare', '["b", "a", "C", "\\u00e4"].sort(function (a, b) { return a.localeCompare(b); })');
	add(g, 'localeCompare', '"a".localeCompare("B")');
	add(g, 'localeCompare', '"\\u00e4".localeCompare("z", "de")');
	add(g, 'localeCompare', '"\\u00e4".localeCompare("z", "sv")');
	add(g, 'toUpperCase', '"stra\\u00dfe".toUpperCase()');
	add(g, 'toLowerCase', '"\\u0130".toLowerCase()');
	add(g, 'toLowerCase', '"\\u03a3\\u0391\\u03a3".toLowerCase()');
	add(g, 'toLocaleUpperCase', '"i".toLocaleUpperCase("tr")');
	add(g, 'trim', '"\\u00a0\\ufeff\\u2028x\\u3000\\u180e".trim()');
	add(g, 'trim', '"\\u200bx".trim()');
	add(g, 'normalize', '"\\u00e9".normalize("NFD").length');
	add(g, 'normalize', '"e\\u0301".normalize().length');
	add(g, 'normalize', '"a".normalize("nope")');
	add(g, 'repeat', '"a".repeat(-1)');
	add(g, 'repeat', '"a".repeat(Infinity)');
	add(g, 'repeat', '"".repeat(1e9)');
	add(g, 'at', '"abc".at()');
	add(g, 'startsWith', '"abc".startsWith(/a/)');
	add(g, 'includes', '"abc".includes(/a/)');
	add(g, 'endsWith', '"abc".endsWith("b", Infinity)');
	add(g, 'call', 'String.prototype.toUpperCase.call(true)');
	add(g, 'call', 'String.prototype.trim.call(null)');
	add(g, 'call', 'String.prototype.slice.call(12345, 1, 3)');
	add(g, 'compare', '"a" < "B"');
	add(g, 'compare', '"\\ud83d\\ude00" < "\\uffff"');
	add(g, 'compare', '"10" < "9"');
}

// ---------------------------------------------------------------- Array
{
	const g = 'array';
	const av = ['[1, 2, 3]', '[]', '[3, 1, 10, 2]', '[1, , 3]', '["b", "a", undefined, null]', '[NaN, 0, -0]'];
	const cb = {
		x2: 'function (x) { return x * 2; }',
		idx: 'function (x, i) { return i; }',
		odd: 'function (x) { return x % 2 === 1; }',
		str: 'function (x) { return typeof x === "string"; }',
		args: 'function (x, i, a) { return [x, i, a.length]; }',
		nan: 'function (x) { return x !== x; }',
	};
	const table = [
		['at', [['0'], ['-1'], ['5'], ['"1"']]],
		['concat', [[], ['[4, [5]]'], ['7'], ['[, 8]']]],
		['copyWithin', [['0', '1'], ['1', '0', '2'], ['-1']]],
		['entries', [[]], (s) => `Array.from(${s})`],
		['every', [[cb.odd], [cb.idx]]],
		['fill', [['0'], ['9', '1'], ['9', '-2', '-1']]],
		['filter', [[cb.odd], [cb.str], [cb.nan]]],
		['find', [[cb.odd], [cb.nan]]],
		['findIndex', [[cb.odd], [cb.nan]]],
		['findLast', [[cb.odd], [cb.nan]]],
		['findLastIndex', [[cb.odd], [cb.nan]]],
		['flat', [[], ['Infinity']]],
		['flatMap', [[cb.args]]],
		['forEach', [[cb.x2]]],
		['includes', [['3'], ['NaN'], ['undefined'], ['-0'], ['1', '1']]],
		['indexOf', [['3'], ['NaN'], ['undefined'], ['-0'], ['1', '-2']]],
		['join', [[], ['"-"'], ['undefined'], ['""']]],
		['keys', [[]], (s) => `Array.from(${s})`],
		['lastIndexOf', [['3'], ['undefined'], ['0'], ['1', '-2']]],
		['map', [[cb.x2], [cb.idx], [cb.args]]],
		['pop', [[]]],
		['push', [['9'], ['8', '9'], []]],
		['reduce', [['function (a, b) { return a + "," + b; }'], ['function (a, b) { return a + b; }', '100']]],
		['reduceRight', [['function (a, b) { return a + "," + b; }'], ['function (a, b) { return a + b; }', '"s"']]],
		['reverse', [[]]],
		['shift', [[]]],
		['slice', [[], ['1'], ['-2'], ['1', '-1'], ['NaN', '2']]],
		['some', [[cb.odd], [cb.nan]]],
		['sort', [[], ['function (a, b) { return a < b ? 1 : a > b ? -1 : 0; }']]],
		['splice', [['1'], ['1', '1'], ['-1', '0', '"x"', '"y"'], []]],
		['toLocaleString', [[]]],
		['toString', [[]]],
		['unshift', [['0'], []]],
		['values', [[]], (s) => `Array.from(${s})`],
	];
	for (const [m, argsList, wrap] of table) {
		for (const a of av) {
			for (const args of argsList) {
				const call = `${a}.${m}(${args.join(', ')})`;
				if (wrap) add(g, m, wrap(call));
				else if (['pop', 'push', 'shift', 'unshift', 'splice', 'reverse', 'sort', 'fill', 'copyWithin'].includes(m))
					add(g, m, `var a = ${a}; var r = a.${m}(${args.join(', ')}); return [r, a];`);
				else if (m === 'forEach')
					add(g, m, `var out = []; ${a}.forEach(function (x, i) { out.push(i, x); }); return out;`);
				else add(g, m, call);
			}
		}
	}
	each(g, 'from', ['"abc"', '{ length: 3 }', '{ length: 2, 0: "a", 1: "b" }', 'new Set([1, 1, 2])',
		'new Map([[1, 2]])', '[1, , 3]', '{ length: -1 }', '{ length: 2.7 }', 'null', '123'], (v) => `Array.from(${v})`);
	add(g, 'from', 'Array.from([1, 2, 3], function (x, i) { return x * i; })');
	add(g, 'from', 'Array.from({ length: 3 }, function (_, i) { return i * i; })');
	add(g, 'from', 'Array.from.call(Object, [1, 2])');
	each(g, 'of', [[], [7], [1, 2, 3], ['undefined']], (a) => `Array.of(${a.join(', ')})`);
	each(g, 'isArray', ['[]', '{ length: 0 }', 'new Array(3)', '"abc"', 'Array.prototype', 'arguments'], (v) =>
		v === 'arguments' ? '(function () { return Array.isArray(arguments); })()' : `Array.isArray(${v})`);
	each(g, 'Array', [[], [3], ['"3"'], [1, 2], ['-1'], ['1.5'], ['2 ** 32']], (a) => `Array(${a.join(', ')})`);
	each(g, 'new', [[3], [0], ['"x"']], (a) => `new Array(${a.join(', ')})`);
	add(g, 'length', 'var a = [1, 2, 3]; a.length = 1; return a;');
	add(g, 'length', 'var a = []; a[5] = 1; return a.length;');
	add(g, 'length', 'var a = [1, 2]; a.length = 4; return [a, 2 in a];');
	add(g, 'length', 'var a = []; a["2"] = 1; return a.length;');
	add(g, 'length', 'var a = []; a[4294967295] = 1; return a.length;');
	add(g, 'length', 'var a = []; try { a.length = -1; } catch (e) { return e.name; } return a.length;');
	add(g, 'length', 'var a = [1, 2, 3]; a.length = "2"; return a;');
	add(g, 'generic', 'Array.prototype.map.call("abc", function (c) { return c + c; })');
	add(g, 'generic', 'Array.prototype.join.call({ length: 3, 0: "a", 2: "c" }, "+")');
	add(g, 'generic', 'Array.prototype.push.call({ length: 2 }, 9)');
	add(g, 'generic', 'var o = { length: 2, 0: "a", 1: "b" }; Array.prototype.reverse.call(o); return o;');
	add(g, 'generic', 'Array.prototype.slice.call({ length: 3, 1: "x" })');
	add(g, 'generic', 'Array.prototype.indexOf.call("hello", "l")');
	add(g, 'generic', 'Array.prototype.includes.call({ length: 1, 0: NaN }, NaN)');
	add(g, 'generic', 'Array.prototype.concat.call(1, 2)');
	add(g, 'sort', '[10, 9, 1, 100, 25].sort()');
	add(g, 'sort', '[3, undefined, 1, , 2].sort()');
	add(g, 'sort', '["b", undefined, "a"].sort(function (a, b) { return a < b ? -1 : 1; })');
	add(g, 'sort', '[true, false, "true", 1, "1"].sort()');
	add(g, 'sort', '(function () { var a = []; for (var i = 0; i < 30; i++) a.push({ k: i % 3, i: i }); a.sort(function (x, y) { return x.k - y.k; }); return a.map(function (x) { return x.i; }).join(","); })()');
	add(g, 'sort', '[1, 2, 3].sort(null)');
	add(g, 'sort', '[1, 2, 3].sort("x")');
	add(g, 'join', '[[1, [2, [3]]], null, undefined, {}].join(";")');
	add(g, 'join', 'var a = [1]; a.push(a); return a.join("-");');
	add(g, 'toString', 'String([1, [2, 3], [], [[]]])');
	add(g, 'reduce', '[].reduce(function (a, b) { return a + b; })');
	add(g, 'reduce', '[, 1, , 2, ,].reduce(function (a, b) { return a + b; })');
	add(g, 'flat', '[1, [2, [3, [4, [5]]]]].flat(2)');
	add(g, 'flat', '[1, , [2, , 3]].flat()');
	add(g, 'flat', '[[1], [2]].flat(0)');
	add(g, 'flat', '[[1], [[2]]].flat(-1)');
	add(g, 'flatMap', '[1, 2].flatMap(function (x) { return [[x]]; })');
	add(g, 'species', 'class A extends Array {} return new A(1, 2, 3).map(function (x) { return x; }) instanceof A;');
	add(g, 'species', 'class A extends Array {} var a = A.from([1, 2]); return [a instanceof A, a.length];');
	add(g, 'unscopables', 'typeof Array.prototype[Symbol.unscopables]');
	add(g, 'iterator', 'Array.prototype[Symbol.iterator] === Array.prototype.values');
	add(g, 'iterator', 'var it = [1, 2][Symbol.iterator](); return [it.next(), it.next(), it.next()];');
	add(g, 'holes', '[, 1].map(function (x) { return 2; })');
	add(g, 'holes', 'Object.keys([1, , 3])');
	add(g, 'holes', '[1, , 3].indexOf(undefined)');
	add(g, 'holes', '[1, , 3].includes(undefined)');
	add(g, 'holes', '[1, , 3].findIndex(function (x) { return x === undefined; })');
	add(g, 'holes', '1 in [1, , 3]');
	add(g, 'holes', '[1, , 3].hasOwnProperty(1)');
	add(g, 'holes', 'Array.from([1, , 3])');
	add(g, 'holes', '[...[1, , 3]]');
	add(g, 'holes', '[1, , 3].join("-")');
	add(g, 'holes', '[1, , 3].every(function (x) { return x !== undefined; })');
	add(g, 'holes', 'var n = 0; [1, , 3].forEach(function () { n++; }); return n;');
	add(g, 'holes', '[ , ].length');
	add(g, 'holes', 'new Array(3).fill().map(function (x, i) { return i; })');
}

// ---------------------------------------------------------------- Object
{
	const g = 'object';
	const ov = ['{}', '{ a: 1, b: 2 }', '{ b: 1, a: 2 }', '{ 2: "x", 1: "y", b: 1, a: 2 }', '[1, 2]', '"ab"', '5',
		'Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true }, hidden: { value: 3 } })', 'null'];
	for (const f of ['keys', 'values', 'entries', 'getOwnPropertyNames', 'getOwnPropertyDescriptors'])
		each(g, f, ov, (v) => `Object.${f}(${v})`);
	each(g, 'assign', ['{}, { a: 1 }', '{ a: 1 }, { a: 2, b: 3 }, null, { c: 4 }', '{}, "ab"', '{}, [7, 8]',
		'1, { a: 1 }', 'null, { a: 1 }', '{}, { get g() { return 5; } }'], (a) => `Object.assign(${a})`);
	add(g, 'assign', 'var t = { set x(v) { this.y = v; } }; Object.assign(t, { x: 3 }); return t.y;');
	add(g, 'assign', 'var s = Symbol("k"); var o = {}; o[s] = 1; return Object.assign({}, o)[s];');
	each(g, 'create', ['null', '{ p: 1 }', 'Array.prototype', '5', 'undefined'], (v) =>
		`var o = Object.create(${v}); return [Object.getPrototypeOf(o) === (${v}), Object.keys(o)];`);
	add(g, 'create', 'Object.create({}, { x: { value: 1, enumerable: true }, y: { get: function () { return 2; }, enumerable: true } })');
	add(g, 'defineProperty', 'var o = {}; Object.defineProperty(o, "x", { value: 1 }); return [o.x, Object.keys(o), Object.getOwnPropertyDescriptor(o, "x")];');
	add(g, 'defineProperty', 'var o = {}; Object.defineProperty(o, "x", { get: function () { return 9; }, configurable: true }); return [o.x, Object.getOwnPropertyDescriptor(o, "x").configurable];');
	add(g, 'defineProperty', 'var o = {}; Object.defineProperty(o, "x", { value: 1 }); o.x = 2; return o.x;');
	add(g, 'defineProperty', 'var o = {}; Object.defineProperty(o, "x", { value: 1 }); Object.defineProperty(o, "x", { value: 2 }); return o.x;');
	add(g, 'defineProperty', 'Object.defineProperty({}, "x", { value: 1, get: function () {} })');
	add(g, 'defineProperty', 'Object.defineProperty(1, "x", {})');
	add(g, 'defineProperty', 'var a = []; Object.defineProperty(a, "0", { value: 1, enumerable: true, writable: true, configurable: true }); return [a.length, a];');
	add(g, 'defineProperty', 'var a = [1, 2, 3]; Object.defineProperty(a, "length", { value: 1 }); return a;');
	add(g, 'defineProperty', 'var o = { x: 1 }; Object.defineProperty(o, "x", { enumerable: false }); return [o.x, Object.keys(o), Object.getOwnPropertyDescriptor(o, "x").writable];');
	add(g, 'defineProperties', 'var o = Object.defineProperties({}, { a: { value: 1, enumerable: true }, b: { value: 2 } }); return [o, o.b];');
	add(g, 'defineProperties', 'Object.defineProperties({}, { a: 1 })');
	for (const f of ['freeze', 'seal', 'preventExtensions']) {
		add(g, f, `var o = Object.${f}({ a: 1 }); o.a = 2; o.b = 3; delete o.a; return o;`);
		add(g, f, `var o = Object.${f}({ a: 1 }); return [Object.isFrozen(o), Object.isSealed(o), Object.isExtensible(o)];`);
		add(g, f, `Object.${f}(5)`);
		add(g, f, `var a = Object.${f}([1]); try { a.push(2); } catch (e) { return ["throws", e.name, a]; } return a;`);
	}
	each(g, 'isFrozen', ['{}', 'Object.freeze({})', '1', 'Object.preventExtensions({})', 'Object.preventExtensions({ a: 1 })', '""'],
		(v) => `Object.isFrozen(${v})`);
	each(g, 'isSealed', ['{}', 'Object.seal({})', '1', 'Object.preventExtensions({})'], (v) => `Object.isSealed(${v})`);
	each(g, 'isExtensible', ['{}', 'Object.seal({})', '1'], (v) => `Object.isExtensible(${v})`);
	each(g, 'fromEntries', ['[["a", 1], ["b", 2]]', 'new Map([["x", 1]])', '[]', '[["a", 1], ["a", 2]]', '[[1, 2]]',
		'[["k"]]', '[1]', 'null'], (v) => `Object.fromEntries(${v})`);
	each(g, 'getOwnPropertyDescriptor', [['{ a: 1 }', '"a"'], ['{ get a() { return 1; } }', '"a"'], ['[1]', '"length"'],
		['"abc"', '"0"'], ['"abc"', '"length"'], ['{}', '"x"'], ['function f(a, b) {}', '"length"'], ['Math', '"PI"']],
	([o, k]) => `Object.getOwnPropertyDescriptor(${o}, ${k})`);
	add(g, 'getOwnPropertySymbols', 'var s = Symbol("s"); var o = { a: 1 }; o[s] = 2; return Object.getOwnPropertySymbols(o).map(String);');
	add(g, 'getOwnPropertySymbols', 'Object.getOwnPropertySymbols({})');
	each(g, 'getPrototypeOf', ['{}', '[]', '1', '"s"', 'Object.create(null)', 'function () {}', 'Object.prototype'],
		(v) => `var p = Object.getPrototypeOf(${v}); return [p === Object.prototype, p === Array.prototype, p === null, p === Function.prototype, p === Number.prototype, p === String.prototype];`);
	add(g, 'getPrototypeOf', 'Object.getPrototypeOf(null)');
	add(g, 'setPrototypeOf', 'var o = Object.setPrototypeOf({}, { x: 1 }); return o.x;');
	add(g, 'setPrototypeOf', 'var o = Object.setPrototypeOf({}, null); return Object.getPrototypeOf(o);');
	add(g, 'setPrototypeOf', 'Object.setPrototypeOf(1, null)');
	add(g, 'setPrototypeOf', 'var a = {}; var b = Object.create(a); try { Object.setPrototypeOf(a, b); return "no"; } catch (e) { return e.name; }');
	add(g, 'setPrototypeOf', 'Object.setPrototypeOf(Object.preventExtensions({}), {})');
	add(g, 'setPrototypeOf', 'var p = { hi: function () { return "hi " + this.n; } }; var o = { n: 1 }; Object.setPrototypeOf(o, p); return o.hi();');
	each(g, 'hasOwn', [['{ a: 1 }', '"a"'], ['{ a: 1 }', '"toString"'], ['[1]', '0'], ['[1]', '"length"'], ['"ab"', '1']],
		([o, k]) => `Object.hasOwn(${o}, ${k})`);
	add(g, 'hasOwn', 'Object.hasOwn(null, "a")');
	each(g, 'is', [['1', '1'], ['NaN', 'NaN'], ['0', '-0'], ['-0', '-0'], ['"a"', '"a"'], ['{}', '{}'], ['null', 'undefined']],
		([a, b]) => `Object.is(${a}, ${b})`);
	add(g, 'hasOwnProperty', '({ a: 1 }).hasOwnProperty("a")');
	add(g, 'hasOwnProperty', '({ a: 1 }).hasOwnProperty("hasOwnProperty")');
	add(g, 'hasOwnProperty', '[1, 2].hasOwnProperty("length")');
	add(g, 'hasOwnProperty', '"ab".hasOwnProperty(0)');
	add(g, 'hasOwnProperty', 'Object.prototype.hasOwnProperty.call(null, "a")');
	add(g, 'isPrototypeOf', 'Object.prototype.isPrototypeOf([])');
	add(g, 'isPrototypeOf', 'Array.prototype.isPrototypeOf({})');
	add(g, 'isPrototypeOf', 'Object.prototype.isPrototypeOf.call(null, 1)');
	add(g, 'propertyIsEnumerable', '[1].propertyIsEnumerable(0)');
	add(g, 'propertyIsEnumerable', '[1].propertyIsEnumerable("length")');
	add(g, 'propertyIsEnumerable', '({ a: 1 }).propertyIsEnumerable("a")');
	each(g, 'toString', ['{}', '[]', 'null', 'undefined', '1', '"s"', 'true', 'function () {}', 'new Date(0)', '/x/',
		'new Error("e")', 'arguments', 'Math', 'JSON', 'Symbol()', '1n', 'new Map()', 'new Set()', 'Promise.resolve()',
		'{ [Symbol.toStringTag]: "Custom" }', 'Object.create(null)', 'new Uint8Array(1)', 'new ArrayBuffer(1)',
		'function* () {}', 'async function () {}', '(function* () {})()', 'new Proxy([], {})', 'globalThis'],
	(v) => v === 'arguments' ? '(function () { return Object.prototype.toString.call(arguments); })()'
		: `Object.prototype.toString.call(${v})`);
	add(g, 'toLocaleString', '({}).toLocaleString()');
	add(g, 'toLocaleString', '[1234.5, "a", null].toLocaleString()');
	add(g, 'valueOf', 'var o = {}; return o.valueOf() === o;');
	add(g, 'valueOf', 'Object.prototype.valueOf.call(1) instanceof Number');
	add(g, 'Object', 'typeof Object(1)');
	add(g, 'Object', 'Object(null)');
	add(g, 'Object', 'var o = {}; return Object(o) === o;');
	add(g, 'Object', 'Object("ab")');
	add(g, 'Object', 'new Object(true)');
	add(g, 'proto', 'var o = { __proto__: { x: 1 } }; return [o.x, Object.keys(o)];');
	add(g, 'proto', 'var o = {}; o.__proto__ = Array.prototype; return o instanceof Array;');
	add(g, 'proto', '({}).__proto__ === Object.prototype');
	add(g, 'proto', 'Object.create(null).__proto__');
	add(g, 'proto', 'var o = { ["__proto__"]: 1 }; return [Object.keys(o), Object.getPrototypeOf(o) === Object.prototype];');
	add(g, 'defineGetter', 'var o = {}; o.__defineGetter__("x", function () { return 4; }); return [o.x, o.__lookupGetter__("x") !== undefined];');
	add(g, 'defineSetter', 'var o = {}; o.__defineSetter__("x", function (v) { this.y = v * 2; }); o.x = 3; return o.y;');
	add(g, 'lookupSetter', 'typeof ({ set x(v) {} }).__lookupSetter__("x")');
	add(g, 'groupBy', 'typeof Object.groupBy');
}

// ---------------------------------------------------------------- Function
{
	const g = 'function';
	add(g, 'call', 'function f(a, b) { return [this === undefined ? "undef" : typeof this, a, b]; } return f.call(null, 1, 2);');
	add(g, 'call', 'function f() { return this; } return typeof f.call(5);');
	add(g, 'call', '(function () { "use strict"; return this; }).call(5)');
	add(g, 'apply', 'Math.max.apply(null, [1, 5, 3])');
	add(g, 'apply', 'function f() { return arguments.length; } return f.apply(null, { length: 3 });');
	add(g, 'apply', 'function f() { return arguments.length; } return f.apply(null);');
	add(g, 'apply', 'function f() { return 1; } return f.apply(null, 1);');
	add(g, 'apply', 'function f() { return [].slice.call(arguments); } return f.apply(null, "ab");');
	add(g, 'bind', 'function f(a, b, c) { return [this.x, a, b, c]; } return f.bind({ x: 1 }, 2)(3, 4);');
	add(g, 'bind', 'function f(a, b, c) {} return f.bind(null, 1).length;');
	add(g, 'bind', 'function foo() {} return foo.bind(null).name;');
	add(g, 'bind', 'function P(x) { this.x = x; } var B = P.bind({ ignored: 1 }, 7); var o = new B(); return [o.x, o instanceof P];');
	add(g, 'bind', 'var f = function () { return typeof this; }.bind(null); return f();');
	add(g, 'bind', 'typeof Function.prototype.bind.call(Math.max, null, 5)');
	add(g, 'bind', '"prototype" in function () {}.bind(null)');
	add(g, 'toString', '(function foo(a, b) { return a + b; }).toString()');
	add(g, 'toString', 'Math.max.toString()');
	add(g, 'toString', '(class A { m() {} }).toString()');
	add(g, 'toString', '(function () {}).bind(null).toString()');
	add(g, 'toString', 'String(function () {})');
	add(g, 'toString', '((a, b) => a + b).toString()');
	add(g, 'name', 'function foo() {} return foo.name;');
	add(g, 'name', 'var bar = function () {}; return bar.name;');
	add(g, 'name', 'var baz = () => 1; return baz.name;');
	add(g, 'name', 'var o = { m() {}, get g() { return 1; }, ["c" + "k"]: function () {} }; return [o.m.name, Object.getOwnPropertyDescriptor(o, "g").get.name, o.ck.name];');
	add(g, 'name', 'class K { static s() {} } return [K.name, K.s.name];');
	add(g, 'name', 'Math.max.name');
	add(g, 'name', 'Array.prototype.map.name');
	add(g, 'name', '(function () {}).name');
	add(g, 'name', 'new Function("return 1").name');
	add(g, 'name', 'var s = Symbol("sym"); var o = { [s]: function () {} }; return o[s].name;');
	add(g, 'length', 'function f(a, b, c) {} return f.length;');
	add(g, 'length', 'function f(a, b = 1, c) {} return f.length;');
	add(g, 'length', 'function f(...r) {} return f.length;');
	add(g, 'length', 'function f({ a }, [b]) {} return f.length;');
	add(g, 'length', 'Math.max.length');
	add(g, 'length', 'Array.prototype.push.length');
	add(g, 'length', 'String.prototype.replace.length');
	add(g, 'length', 'Array.from.length');
	add(g, 'length', 'Object.assign.length');
	add(g, 'length', 'Promise.all.length');
	add(g, 'prototype', 'typeof (function () {}).prototype');
	add(g, 'prototype', '(() => 1).prototype');
	add(g, 'prototype', '({ m() {} }).m.prototype');
	add(g, 'prototype', 'Math.max.prototype');
	add(g, 'prototype', 'var F = function () {}; return F.prototype.constructor === F;');
	add(g, 'prototype', 'Object.keys(function () {}.prototype)');
	add(g, 'arguments', '(function (a) { arguments[0] = 9; return a; })(1)');
	add(g, 'arguments', '(function (a) { a = 9; return arguments[0]; })(1)');
	add(g, 'arguments', '(function () { return arguments.length; })(1, 2, 3)');
	add(g, 'arguments', '(function () { return Array.prototype.slice.call(arguments, 1); })(1, 2, 3)');
	add(g, 'arguments', '(function () { return [...arguments]; })(1, 2)');
	add(g, 'arguments', '(function () { return typeof arguments[Symbol.iterator]; })()');
	add(g, 'arguments', '(function (a = 0) { a = 5; return arguments[0]; })(1)');
	add(g, 'hasInstance', 'typeof Function.prototype[Symbol.hasInstance]');
	add(g, 'Function', 'typeof Function.prototype');
	add(g, 'Function', 'Function.prototype()');
	add(g, 'Function', 'Object.getPrototypeOf(async function () {}) === Function.prototype');
	add(g, 'Function', 'Object.getPrototypeOf(function* () {}) === Function.prototype');
}

// ---------------------------------------------------------------- JSON
{
	const g = 'json';
	const sv = ['1', '-0', 'NaN', 'Infinity', '"a\\"b\\\\c"', '"\\u0000\\u001f\\u007f"', '"\\u2028\\u2029"', '"\\ud83d\\ude00"',
		'"\\ud800"', '"\\ude00x"', '"\\u00e9"', 'true', 'null', 'undefined', '[undefined, function () {}, Symbol()]',
		'{ a: undefined, b: function () {}, c: Symbol(), d: 1 }', '{ b: 1, a: 2 }', '{ 2: 1, 1: 2, b: 3 }',
		'new Date(0)', '/re/g', 'new Map([[1, 2]])', 'new Set([1])', '{ toJSON() { return "tj"; } }',
		'{ toJSON(k) { return "key:" + k; } }', '[new Number(1), new String("s"), new Boolean(false)]', 'Object.create({ x: 1 })',
		'[[]]', '{ a: [{ b: {} }] }', '1e21', '123.456', '[1, , 3]', 'new Error("m")', 'Object.create(null)', '"\\t\\n\\b\\f\\r"',
		'"\\u000b"', '{ "": 1, " ": 2 }'];
	each(g, 'stringify', sv, (v) => `JSON.stringify(${v})`);
	add(g, 'stringify', 'JSON.stringify()');
	add(g, 'stringify', 'JSON.stringify(1n)');
	add(g, 'stringify', 'var o = {}; o.o = o; return JSON.stringify(o);');
	add(g, 'stringify', 'var a = []; a.push(a); return JSON.stringify(a);');
	add(g, 'stringify', 'var s = Symbol("k"); var o = { a: 1 }; o[s] = 2; return JSON.stringify(o);');
	add(g, 'stringify', 'JSON.stringify({ get a() { return 5; } })');
	add(g, 'stringify', 'JSON.stringify({ a: { toJSON: function () { return undefined; } } })');
	each(g, 'indent', ['2', '"\\t"', '"--"', '20', '"01234567890abc"', '0', '-1', '""', 'new Number(3)', 'new String("x")', '1.7'],
		(v) => `JSON.stringify({ a: [1, { b: 2 }], c: {} , d: [] }, null, ${v})`);
	add(g, 'replacer', 'JSON.stringify({ a: 1, b: 2, c: { a: 3, d: 4 } }, ["a", "c"])');
	add(g, 'replacer', 'JSON.stringify({ 1: "x", a: 1 }, [1, "a", 1])');
	add(g, 'replacer', 'JSON.stringify({ a: 1, b: "x" }, function (k, v) { return typeof v === "number" ? v * 10 : v; })');
	add(g, 'replacer', 'JSON.stringify([1, 2], function (k, v) { return k === "0" ? undefined : v; })');
	add(g, 'replacer', 'var keys = []; JSON.stringify({ a: { b: 1 }, c: [2] }, function (k, v) { keys.push(k); return v; }); return keys;');
	add(g, 'replacer', 'JSON.stringify({ a: 1 }, function (k, v) { return k === "" ? [this === undefined, typeof this] : v; })');
	add(g, 'replacer', 'JSON.stringify({ a: 1, b: 2 }, [new String("b")])');
	const pv = ['"1"', '"-0"', '" [1, 2] "', '"{\\"b\\": 1, \\"a\\": 2}"', '"\\"\\\\u00e9\\""', '"\\"\\\\ud83d\\\\ude00\\""',
		'"1e400"', '"01"', '"1."', '".5"', '"+1"', '"NaN"', '"[1,]"', '"{\\"a\\":1,}"', '"\'a\'"', '"\\"\\t\\""', '""',
		'"null"', '"true "', '"{\\"__proto__\\": 1}"', '"{\\"a\\": 1, \\"a\\": 2}"', '"[1e-7, 1E+2, -0.0]"',
		'"\\"\\\\/\\""', '"\\"\\\\x41\\""', '"{\\"2\\": 1, \\"1\\": 2}"', '"\\u00a01"', '"123456789012345678901234567890"'];
	each(g, 'parse', pv, (v) => `JSON.parse(${v})`);
	add(g, 'parse', 'Object.keys(JSON.parse("{\\"b\\": 1, \\"a\\": 2, \\"1\\": 3}"))');
	add(g, 'parse', 'Object.getPrototypeOf(JSON.parse("{\\"__proto__\\": {\\"x\\": 1}}")) === Object.prototype');
	add(g, 'reviver', 'JSON.parse("{\\"a\\": 1, \\"b\\": [2, 3]}", function (k, v) { return typeof v === "number" ? v + 1 : v; })');
	add(g, 'reviver', 'var seen = []; JSON.parse("{\\"a\\": {\\"b\\": 1}, \\"c\\": [2]}", function (k, v) { seen.push(k); return v; }); return seen;');
	add(g, 'reviver', 'JSON.parse("[1, 2, 3]", function (k, v) { return k === "1" ? undefined : v; })');
	add(g, 'reviver', 'JSON.parse("{\\"a\\": 1}", function (k, v) { return k === "a" ? undefined : v; })');
	add(g, 'reviver', 'JSON.parse("5", function (k, v) { return [k, v, typeof this]; })');
	add(g, 'tag', 'JSON[Symbol.toStringTag]');
	add(g, 'roundtrip', 'JSON.parse(JSON.stringify({ n: 0.1 + 0.2, s: "\\u2028", d: new Date(86400000) }))');
}

// ---------------------------------------------------------------- Date (TZ=UTC)
{
	const g = 'date';
	const ts = ['0', '-1', '86399999', '951782400000', '1700000000123', '-62198755200000', '253402300799999',
		'8.64e15', '-8.64e15', '1e12 + 0.9', '-2208988800000', '2147483648000'];
	const getters = ['getTime', 'getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds',
		'getMilliseconds', 'getUTCFullYear', 'getUTCMonth', 'getUTCDate', 'getUTCDay', 'getUTCHours', 'getUTCMinutes',
		'getUTCSeconds', 'getUTCMilliseconds', 'getTimezoneOffset', 'getYear', 'valueOf'];
	for (const m of getters) each(g, m, ['0', '951782400000', '1700000000123', '-62198755200000'], (t) => `new Date(${t}).${m}()`);
	const fmts = ['toISOString', 'toJSON', 'toUTCString', 'toString', 'toDateString', 'toTimeString', 'toGMTString',
		'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'];
	for (const m of fmts) each(g, m, ts, (t) => `new Date(${t}).${m}()`);
	each(g, 'invalid', ['getTime', 'toISOString', 'toString', 'toUTCString', 'toJSON', 'getUTCDay', 'toDateString'],
		(m) => `new Date(NaN).${m}()`);
	each(g, 'invalid', ['8.64e15 + 1', '"nope"', 'undefined', 'Infinity'], (v) => `new Date(${v}).getTime()`);
	each(g, 'UTC', [[2020], [2020, 0], [2020, 1, 29], [2020, 11, 31, 23, 59, 59, 999], [99, 0], [0, 0], [-1, 0],
		[2020, 12], [2020, 0, 0], [2020, -1], [2020, 0, 1, 24], [2020, 0, 1, 0, 0, 0, 0.9], [275760, 8, 13], [275760, 8, 14],
		['"2020"', '"1"'], ['NaN'], []], (a) => `Date.UTC(${a.join(', ')})`);
	const ps = ['"2020-01-02"', '"2020-01-02T03:04:05Z"', '"2020-01-02T03:04:05.678+01:00"', '"2020-01-02T03:04:05"',
		'"2020-01-02T03:04"', '"2020-01"', '"2020"', '"+002020-01-02T00:00:00Z"', '"-000001-01-01T00:00:00Z"',
		'"2020-13-01"', '"2020-02-30"', '"2020-01-02T24:00:00Z"', '"2020-01-02T03:04:05.6Z"', '"2020-01-02T03:04:05.123456Z"',
		'"Thu, 01 Jan 1970 00:00:00 GMT"', '"Jan 2, 2020"', '"2 January 2020 10:00 UTC"', '"2020/01/02"', '"01/02/2020"',
		'"Thu Jan 02 2020 03:04:05 GMT+0000 (Coordinated Universal Time)"', '"2020-01-02 03:04:05"', '""', '"nonsense"',
		'"1970-01-01T00:00:00.000+00:00"', '"Tue Mar 01 2022"', '"2020-01-02T03:04:05z"', '"  2020-01-02  "',
		'"12:00"', '"2020-W01"', '"2020-001"'];
	each(g, 'parse', ps, (s) => `Date.parse(${s})`);
	each(g, 'new-string', ps.slice(0, 8), (s) => `new Date(${s}).getTime()`);
	const parts = [[2020, 0], [2020, 1, 29, 12, 30], [99, 11, 31], [0, 0, 1], [2020, 0, 1, 0, 0, 0, 5], [1970, 0, 1],
		[2020, 14, 40], ['"2020"', '"3"']];
	each(g, 'new-parts', parts, (a) => `new Date(${a.join(', ')}).getTime()`);
	add(g, 'new', 'new Date(new Date(5)).getTime()');
	add(g, 'new', 'new Date("5").getTime()');
	add(g, 'new', 'new Date(true).getTime()');
	add(g, 'new', 'new Date({ valueOf() { return 7; } }).getTime()');
	add(g, 'new', 'new Date(2020, 0, 1, 0, 0, 0, 0).getTimezoneOffset()');
	add(g, 'new', 'typeof Date(0)');
	add(g, 'new', 'Date.length');
	const setters = [['setTime', '5'], ['setMilliseconds', '1500'], ['setUTCMilliseconds', '-1'], ['setSeconds', '75'],
		['setUTCSeconds', '1', '2'], ['setMinutes', '61'], ['setUTCMinutes', '0', '0', '0'], ['setHours', '25'],
		['setUTCHours', '-1'], ['setDate', '0'], ['setUTCDate', '31'], ['setMonth', '1'], ['setUTCMonth', '13', '1'],
		['setFullYear', '2000'], ['setUTCFullYear', '2000', '1', '29'], ['setYear', '99'], ['setTime', 'NaN'],
		['setUTCDate', 'NaN'], ['setFullYear', '2021', 'undefined']];
	each(g, 'set', setters, ([m, ...a]) => `var d = new Date(1700000000123); var r = d.${m}(${a.join(', ')}); return [r, d.toISOString()];`);
	add(g, 'set', 'var d = new Date(NaN); d.setFullYear(2020); return d.getTime();');
	add(g, 'set', 'var d = new Date(NaN); d.setMonth(1); return d.getTime();');
	add(g, 'toPrimitive', 'new Date(0) + 1');
	add(g, 'toPrimitive', 'new Date(5) - 1');
	add(g, 'toPrimitive', 'new Date(0)[Symbol.toPrimitive]("number")');
	add(g, 'toPrimitive', 'new Date(0)[Symbol.toPrimitive]("default")');
	add(g, 'toPrimitive', 'JSON.stringify({ d: new Date(1e12) })');
	add(g, 'toJSON', 'Date.prototype.toJSON.call({ toISOString: function () { return "iso"; } })');
	add(g, 'toJSON', 'Date.prototype.toJSON.call({ valueOf: function () { return NaN; }, toISOString: function () { return "x"; } })');
	add(g, 'now', 'typeof Date.now()');
	add(g, 'locale', 'new Date(0).toLocaleString("en-US", { timeZone: "UTC" })');
	add(g, 'locale', 'new Date(0).toLocaleDateString("en-GB", { timeZone: "UTC" })');
	add(g, 'locale', 'new Date(1700000000123).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })');
	add(g, 'locale', 'new Date(1700000000123).toLocaleTimeString("en-US", { hour12: false, timeZone: "UTC" })');
	add(g, 'locale', 'new Date(1700000000123).toLocaleString("de-DE", { timeZone: "Europe/Berlin" })');
}

// ---------------------------------------------------------------- RegExp (generated matrix)
{
	const g = 'regexp';
	const pats = ['/a/', '/a/g', '/A/i', '/^b/m', '/(\\d+)-(\\d+)/', '/(\\d+)/g', '/\\bfoo\\b/', '/a|ab/', '/(a)|(b)/g',
		'/x*/g', '/[^a-c]+/', '/\\s+/g', '/(?:ab)+/', '/a(?=b)/g', '/a(?!b)/g', '/(a+)+b/', '/./g', '/\\w+@\\w+\\.com/',
		'/[\\u00e9-\\u00ff]/', '/\\//', '/(\\w)\\1/', '/a{2,3}/g', '/a+?/', '/$/g', '/^/gm', '/\\d{3}(?!\\d)/',
		'/[\\s\\S]/', '/\\x41\\u0042/', '/[.]/', '/\\0/'];
	const inputs = ['"ab aab abab"', '"10-20 30-40"', '"foo bar\\nbaz foo"', '"caf\\u00e9 x@y.com"', '""', '"aaa"',
		'"a/b\\u0000"', '"ABC abc"'];
	for (const p of pats) {
		for (const s of inputs.slice(0, 4)) add(g, 'exec', `var re = ${p}; return [re.exec(${s}), re.lastIndex];`);
		add(g, 'test', `${p}.test(${inputs[4]})`);
		add(g, 'test', `${p}.test(${inputs[5]})`);
		add(g, 'match', `${inputs[0]}.match(${p})`);
		add(g, 'match', `${inputs[6]}.match(${p})`);
		add(g, 'replace', `${inputs[1]}.replace(${p}, "<$&>")`);
		add(g, 'replace', `${inputs[7]}.replace(${p}, function () { return "[" + [].slice.call(arguments, 0, -2).join("|") + "]"; })`);
		add(g, 'split', `${inputs[2]}.split(${p})`);
		add(g, 'search', `${inputs[3]}.search(${p})`);
		add(g, 'props', `var re = ${p}; return [re.source, re.global, re.ignoreCase, re.multiline, re.lastIndex, String(re)];`);
	}
	add(g, 'flags', '/a/gim.flags');
	add(g, 'flags', '/a/.flags');
	add(g, 'flags', 'new RegExp("a", "gmi").flags');
	add(g, 'flags', 'new RegExp("a", "x")');
	add(g, 'flags', 'new RegExp("a", "gg")');
	add(g, 'source', 'new RegExp("").source');
	add(g, 'source', 'new RegExp("/").source');
	add(g, 'source', 'new RegExp("\\n").source');
	add(g, 'source', 'String(new RegExp("a/b"))');
	add(g, 'ctor', 'new RegExp(/ab/g, "i").flags');
	add(g, 'ctor', 'var r = /a/; return RegExp(r) === r;');
	add(g, 'ctor', 'new RegExp("[")');
	add(g, 'ctor', 'new RegExp("a)")');
	add(g, 'ctor', 'new RegExp(undefined).source');
	add(g, 'ctor', 'new RegExp(null).test("null")');
	add(g, 'toString', 'RegExp.prototype.toString.call({ source: "x", flags: "q" })');
	add(g, 'lastIndex', 'var re = /a/g; re.test("aa"); re.test("aa"); return [re.lastIndex, re.test("aa"), re.lastIndex];');
	add(g, 'lastIndex', 'var re = /a/; re.lastIndex = 5; return [re.test("a"), re.lastIndex];');
	add(g, 'lastIndex', 'var re = /a/g; re.lastIndex = 5; return [re.exec("aaa"), re.lastIndex];');
	add(g, 'symbols', 'typeof RegExp.prototype[Symbol.replace]');
	add(g, 'symbols', 'typeof RegExp.prototype[Symbol.split]');
	add(g, 'symbols', 'typeof RegExp.prototype[Symbol.match]');
	add(g, 'symbols', 'typeof RegExp.prototype[Symbol.matchAll]');
	add(g, 'symbols', 'typeof RegExp.prototype[Symbol.search]');
	add(g, 'species', 'typeof RegExp[Symbol.species]');
	add(g, 'escape', 'typeof RegExp.escape');
	add(g, 'legacy', 'typeof RegExp.$1');
	add(g, 'compile', 'typeof /a/.compile');
}

// ---------------------------------------------------------------- Error
{
	const g = 'error';
	const ctors = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError'];
	for (const c of ctors) {
		add(g, c, `new ${c}("m")`);
		add(g, c, `${c}("m") instanceof ${c}`);
		add(g, c, `String(new ${c}("m"))`);
		add(g, c, `new ${c}().message`);
		add(g, c, `new ${c}(undefined).hasOwnProperty("message")`);
		add(g, c, `Object.prototype.toString.call(new ${c}())`);
		add(g, c, `new ${c}("m") instanceof Error`);
		add(g, c, `Object.keys(new ${c}("m"))`);
		add(g, c, `new ${c}("m", { cause: 1 }).cause`);
		add(g, c, `${c}.prototype.name`);
	}
	add(g, 'cause', '"cause" in new Error("m")');
	add(g, 'cause', '"cause" in new Error("m", {})');
	add(g, 'cause', 'new Error("m", { cause: undefined }).hasOwnProperty("cause")');
	add(g, 'message', 'new Error(5).message');
	add(g, 'message', 'new Error({ toString() { return "ts"; } }).message');
	add(g, 'message', 'Object.getOwnPropertyDescriptor(new Error("m"), "message")');
	add(g, 'toString', 'Error.prototype.toString.call({ name: "N", message: "M" })');
	add(g, 'toString', 'Error.prototype.toString.call({ name: "", message: "M" })');
	add(g, 'toString', 'Error.prototype.toString.call({ name: "N", message: "" })');
	add(g, 'toString', 'Error.prototype.toString.call({})');
	add(g, 'toString', 'Error.prototype.toString.call(1)');
	add(g, 'stack', 'typeof new Error("x").stack');
	add(g, 'stack', 'typeof Error.captureStackTrace');
	add(g, 'AggregateError', 'var e = new AggregateError([1, new Error("x")], "agg"); return [e.name, e.message, e.errors.length];');
	add(g, 'AggregateError', 'typeof AggregateError');
	add(g, 'subclass', 'class E extends Error { constructor(m) { super(m); this.name = "E"; } } var e = new E("hi"); return [e instanceof E, e instanceof Error, String(e), e.message];');
	add(g, 'subclass', 'class E extends TypeError {} var e = new E("x"); return [e.name, e instanceof TypeError, e.constructor === E];');
	add(g, 'subclass', 'function Old(m) { this.message = m; } Old.prototype = Object.create(Error.prototype); Old.prototype.name = "Old"; return String(new Old("o"));');
	add(g, 'builtin', 'try { null.x; } catch (e) { return [e instanceof TypeError, e.constructor === TypeError]; }');
	add(g, 'builtin', 'try { undefinedVariable_jsdiff; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { (1).toFixed(200); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { decodeURIComponent("%"); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { JSON.parse("{"); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { new Array(-1); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { Symbol() + ""; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { new (function () {}.bind())(); return "ok"; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { ({}).x.y; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { (void 0)(); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { new 1; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { [].reduce(function () {}); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { "a".repeat(-1); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { Object.defineProperty(Object.freeze({}), "x", { value: 1 }); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { 1 instanceof 1; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { "x" in "y"; } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { BigInt(1.5); } catch (e) { return e.name; }');
	add(g, 'builtin', 'try { function f() { f(); } f(); } catch (e) { return e.name; }');
	add(g, 'throw', 'try { throw 1; } catch (e) { return e; }');
	add(g, 'throw', 'try { throw { a: 1 }; } catch (e) { return e; }');
	add(g, 'throw', 'try { throw undefined; } catch (e) { return [e]; }');
}

// ---------------------------------------------------------------- Map / Set / WeakMap / WeakSet
{
	const g = 'collections';
	add(g, 'Map', 'new Map([[1, "a"], ["1", "b"], [NaN, "n"], [-0, "z"]])');
	add(g, 'Map', 'var m = new Map(); m.set(NaN, 1); return m.get(NaN);');
	add(g, 'Map', 'var m = new Map(); m.set(-0, 1); return [m.get(0), m.has(+0), Object.is([...m.keys()][0], -0)];');
	add(g, 'Map', 'var m = new Map([["b", 1], ["a", 2]]); m.set("b", 3); return [...m.keys()];');
	add(g, 'Map', 'var m = new Map([["a", 1], ["b", 2]]); m.delete("a"); m.set("a", 3); return [...m];');
	add(g, 'Map', 'var m = new Map([[1, 1]]); return [m.size, m.delete(1), m.delete(1), m.size];');
	add(g, 'Map', 'var m = new Map([[1, 1], [2, 2]]); m.clear(); return m.size;');
	add(g, 'Map', 'var m = new Map([[1, "a"]]); return [...m.entries(), ...m.values()];');
	add(g, 'Map', 'var m = new Map([[1, 1], [2, 2], [3, 3]]); var out = []; m.forEach(function (v, k, map) { out.push(k); if (k === 1) { map.delete(2); map.set(4, 4); } }); return out;');
	add(g, 'Map', 'var k = {}; var m = new Map([[k, 1]]); return [m.get(k), m.get({})];');
	add(g, 'Map', 'var m = new Map(); return m.set(1, 2) === m;');
	add(g, 'Map', 'new Map(null).size');
	add(g, 'Map', 'new Map([1])');
	add(g, 'Map', 'Map()');
	add(g, 'Map', 'Object.prototype.toString.call(new Map())');
	add(g, 'Map', 'Map.prototype[Symbol.iterator] === Map.prototype.entries');
	add(g, 'Map', 'var it = new Map([[1, 2]])[Symbol.iterator](); return [it.next(), it.next()];');
	add(g, 'Map', 'typeof Map.groupBy');
	add(g, 'Map', 'new Map([[1, 2]]).get(3)');
	add(g, 'Map', 'JSON.stringify(new Map([[1, 2]]))');
	add(g, 'Map', 'Array.from(new Map([["x", 1]]))');
	add(g, 'Map', 'var m = new Map(); for (var i = 0; i < 5; i++) m.set("k" + (4 - i), i); return [...m.keys()].join();');
	add(g, 'Set', 'new Set([3, 1, 3, NaN, NaN, -0, 0, "1"])');
	add(g, 'Set', 'var s = new Set([1, 2]); return [s.has(1), s.has("1"), s.add(3) === s, s.size];');
	add(g, 'Set', 'var s = new Set([1, 2, 3]); s.delete(2); s.add(2); return [...s];');
	add(g, 'Set', 'var s = new Set([1]); var out = []; s.forEach(function (v) { out.push(v); if (v < 5) s.add(v + 1); }); return out;');
	add(g, 'Set', 'new Set("hello")');
	add(g, 'Set', '[...new Set([1, 2]).entries()]');
	add(g, 'Set', 'Set.prototype.keys === Set.prototype.values');
	add(g, 'Set', 'var s = new Set([1, 2]); s.clear(); return s.size;');
	add(g, 'Set', 'new Set(5)');
	add(g, 'Set', 'typeof Set.prototype.union');
	add(g, 'Set', 'Object.prototype.toString.call(new Set())');
	add(g, 'Set', '[...new Set([{}, {}])].length');
	add(g, 'Set', 'Array.from(new Set([3, 2, 3, 1])).sort()');
	add(g, 'WeakMap', 'var k = {}; var w = new WeakMap([[k, 1]]); return [w.get(k), w.has(k), w.has({}), w.delete(k), w.has(k)];');
	add(g, 'WeakMap', 'new WeakMap().set(1, 1)');
	add(g, 'WeakMap', 'new WeakMap().get(1)');
	add(g, 'WeakMap', 'var w = new WeakMap(); var k = function () {}; w.set(k, "f"); return w.get(k);');
	add(g, 'WeakMap', 'Object.prototype.toString.call(new WeakMap())');
	add(g, 'WeakMap', 'var w = new WeakMap(); var k = Object.freeze({}); w.set(k, 2); return w.get(k);');
	add(g, 'WeakMap', 'typeof new WeakMap().clear');
	add(g, 'WeakSet', 'var k = {}; var w = new WeakSet([k]); return [w.has(k), w.has({}), w.delete(k), w.has(k)];');
	add(g, 'WeakSet', 'new WeakSet().add(1)');
	add(g, 'WeakRef', 'var o = {}; return new WeakRef(o).deref() === o;');
	add(g, 'WeakRef', 'typeof FinalizationRegistry');
}

// ---------------------------------------------------------------- Symbol
{
	const g = 'symbol';
	add(g, 'typeof', 'typeof Symbol()');
	add(g, 'typeof', 'typeof Symbol.iterator');
	add(g, 'typeof', 'typeof Object(Symbol())');
	add(g, 'String', 'String(Symbol("d"))');
	add(g, 'String', 'Symbol("d").toString()');
	add(g, 'String', 'String(Symbol())');
	add(g, 'description', 'Symbol("d").description');
	add(g, 'description', 'Symbol().description');
	add(g, 'description', 'Symbol("").description');
	add(g, 'description', 'Symbol.iterator.description');
	add(g, 'for', 'Symbol.for("k") === Symbol.for("k")');
	add(g, 'for', 'Symbol.keyFor(Symbol.for("k"))');
	add(g, 'for', 'Symbol.keyFor(Symbol("k"))');
	add(g, 'for', 'Symbol.keyFor("k")');
	add(g, 'unique', 'Symbol("a") === Symbol("a")');
	add(g, 'new', 'new Symbol()');
	add(g, 'coerce', 'Symbol() + ""');
	add(g, 'coerce', '+Symbol()');
	add(g, 'coerce', '`${Symbol()}`');
	add(g, 'coerce', '!!Symbol()');
	add(g, 'coerce', 'Symbol("x") == Symbol("x")');
	add(g, 'coerce', 'var s = Symbol(); return Object(s) == s;');
	add(g, 'key', 'var s = Symbol("k"); var o = {}; o[s] = 1; return [o[s], Object.keys(o), JSON.stringify(o), s in o];');
	add(g, 'key', 'var s = Symbol("k"); var o = { [s]: 1, a: 2 }; var ks = []; for (var k in o) ks.push(k); return ks;');
	add(g, 'key', 'var s = Symbol("k"); var o = { [s]: 1 }; return Object.getOwnPropertyNames(o);');
	add(g, 'key', 'var s = Symbol("k"); var o = { [s]: 1 }; return Reflect.ownKeys(o).length;');
	add(g, 'key', 'var s = Symbol("k"); var o = Object.defineProperty({}, s, { value: 5 }); return o[s];');
	add(g, 'key', 'var o = {}; o[Symbol.for("f")] = 1; return o[Symbol.for("f")];');
	const wk = ['asyncIterator', 'hasInstance', 'isConcatSpreadable', 'iterator', 'match', 'matchAll', 'replace', 'search',
		'species', 'split', 'toPrimitive', 'toStringTag', 'unscopables'];
	each(g, 'wellknown', wk, (w) => `typeof Symbol.${w}`);
	each(g, 'wellknown-str', wk, (w) => `String(Symbol.${w})`);
	add(g, 'toPrimitive', 'var o = { [Symbol.toPrimitive](h) { return h === "number" ? 42 : h; } }; return [+o, `${o}`, o + ""];');
	add(g, 'toStringTag', 'class X { get [Symbol.toStringTag]() { return "XX"; } } return String(new X());');
	add(g, 'hasInstance', 'var Even = { [Symbol.hasInstance](n) { return n % 2 === 0; } }; return [2 instanceof Even, 3 instanceof Even];');
	add(g, 'isConcatSpreadable', 'var o = { length: 2, 0: "a", 1: "b", [Symbol.isConcatSpreadable]: true }; return [1].concat(o);');
	add(g, 'isConcatSpreadable', 'var a = [1, 2]; a[Symbol.isConcatSpreadable] = false; return [0].concat(a).length;');
	add(g, 'iterator', 'var o = { *[Symbol.iterator]() { yield 1; yield 2; } }; return [...o];');
	add(g, 'iterator', 'var o = { [Symbol.iterator]() { var i = 0; return { next() { return { done: i >= 2, value: i++ }; } }; } }; return Array.from(o);');
	add(g, 'species', 'class MyArr extends Array { static get [Symbol.species]() { return Array; } } return new MyArr(1, 2).map(function (x) { return x; }) instanceof MyArr;');
	add(g, 'replace', 'var r = { [Symbol.replace](s, x) { return s + "/" + x; } }; return "abc".replace(r, "!");');
	add(g, 'split', 'var r = { [Symbol.split](s) { return ["custom", s]; } }; return "abc".split(r);');
	add(g, 'match', 'var r = { [Symbol.match](s) { return ["m:" + s]; } }; return "abc".match(r);');
	add(g, 'search', 'var r = { [Symbol.search]() { return 42; } }; return "abc".search(r);');
	add(g, 'match', 'var r = /a/; r[Symbol.match] = false; return "/a/".startsWith(r);');
	add(g, 'unscopables', 'Object.keys(Array.prototype[Symbol.unscopables] || {}).sort()');
	add(g, 'valueOf', 'var s = Symbol("v"); return Object(s).valueOf() === s;');
	add(g, 'tag', 'Symbol.prototype[Symbol.toStringTag]');
	add(g, 'getOwnPropertySymbols', 'Object.getOwnPropertySymbols(Array.prototype).map(String)');
}

// ---------------------------------------------------------------- Promise
{
	const g = 'promise';
	add(g, 'resolve', 'Promise.resolve(1)');
	add(g, 'resolve', 'Promise.resolve(Promise.resolve(2))');
	add(g, 'resolve', 'var p = Promise.resolve(1); return Promise.resolve(p) === p;');
	add(g, 'resolve', 'Promise.resolve({ then: function (res) { res("thenable"); } })');
	add(g, 'resolve', 'Promise.resolve({ then: function () { throw new RangeError("t"); } })');
	add(g, 'resolve', 'Promise.resolve({ get then() { throw new TypeError("g"); } })');
	add(g, 'reject', 'Promise.reject(new TypeError("x"))');
	add(g, 'reject', 'Promise.reject(5)');
	add(g, 'reject', 'Promise.reject(Promise.resolve(1)).catch(function (p) { return p instanceof Promise; })');
	add(g, 'then', 'Promise.resolve(1).then(function (v) { return v + 1; }).then(function (v) { return v * 10; })');
	add(g, 'then', 'Promise.resolve(1).then(null).then(undefined, null)');
	add(g, 'then', 'Promise.reject(1).then(function () { return "no"; }, function (e) { return "caught " + e; })');
	add(g, 'then', 'Promise.resolve(1).then(function () { throw new SyntaxError("s"); })');
	add(g, 'then', 'var p = Promise.resolve(1); return p.then(function () { return p; }).then(function (v) { return v; });');
	add(g, 'then', 'var p = Promise.resolve(1).then(function () { return p; }); return p;');
	add(g, 'then', 'new Promise(function () {})');
	add(g, 'then', 'typeof Promise.resolve().then(function () {})');
	add(g, 'catch', 'Promise.reject(new Error("e")).catch(function (e) { return e.message; })');
	add(g, 'catch', 'Promise.resolve(3).catch(function () { return "no"; })');
	add(g, 'finally', 'Promise.resolve(1).finally(function () { return 2; })');
	add(g, 'finally', 'Promise.reject(1).finally(function () { return 2; }).catch(function (e) { return "r" + e; })');
	add(g, 'finally', 'Promise.resolve(1).finally(function () { throw 3; }).catch(function (e) { return "r" + e; })');
	add(g, 'finally', 'Promise.resolve(1).finally(function () { return Promise.reject(4); }).catch(function (e) { return "r" + e; })');
	add(g, 'finally', 'var args; return Promise.resolve(1).finally(function () { args = arguments.length; }).then(function () { return args; });');
	add(g, 'all', 'Promise.all([1, Promise.resolve(2), { then: function (r) { r(3); } }])');
	add(g, 'all', 'Promise.all([])');
	add(g, 'all', 'Promise.all([Promise.reject(new RangeError("a")), Promise.reject(2)])');
	add(g, 'all', 'Promise.all(new Set([1, 2]))');
	add(g, 'all', 'Promise.all("ab")');
	add(g, 'all', 'Promise.all(5)');
	add(g, 'allSettled', 'Promise.allSettled([1, Promise.reject(2)])');
	add(g, 'allSettled', 'Promise.allSettled([])');
	add(g, 'any', 'Promise.any([Promise.reject(1), Promise.resolve(2)])');
	add(g, 'any', 'Promise.any([Promise.reject(1), Promise.reject(2)]).catch(function (e) { return [e.name, e.errors, e instanceof AggregateError]; })');
	add(g, 'any', 'Promise.any([]).catch(function (e) { return [e.name, e.errors]; })');
	add(g, 'race', 'Promise.race([new Promise(function () {}), Promise.resolve(1), Promise.resolve(2)])');
	add(g, 'race', 'Promise.race([])');
	add(g, 'race', 'Promise.race([Promise.reject(1), Promise.resolve(2)])');
	add(g, 'ctor', 'new Promise(function (res) { res(1); res(2); })');
	add(g, 'ctor', 'new Promise(function (res, rej) { rej(1); res(2); })');
	add(g, 'ctor', 'new Promise(function () { throw new EvalError("x"); })');
	add(g, 'ctor', 'new Promise(function (res) { res(1); throw new Error("after"); })');
	add(g, 'ctor', 'new Promise(5)');
	add(g, 'ctor', 'Promise(function () {})');
	add(g, 'ctor', 'Object.prototype.toString.call(Promise.resolve())');
	add(g, 'ctor', 'Promise.resolve() instanceof Promise');
	add(g, 'ctor', 'var p; return [new Promise(function (r) { p = r; }) instanceof Promise, typeof p];');
	add(g, 'subclass', 'class P2 extends Promise {} var p = P2.resolve(1); return [p instanceof P2, p.then(function () {}) instanceof P2];');
	add(g, 'withResolvers', 'typeof Promise.withResolvers');
	add(g, 'species', 'typeof Promise[Symbol.species]');
	add(g, 'tag', 'Promise.prototype[Symbol.toStringTag]');
}

// ---------------------------------------------------------------- typed arrays, ArrayBuffer, DataView
{
	const g = 'typed';
	const kinds = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
		'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
	for (const k of kinds) {
		const big = k.startsWith('Big');
		const v = big ? '[1n, -1n, 2n ** 63n]' : '[1, -1, 300, 1.5, NaN, -129]';
		add(g, k, `new ${k}(${v})`);
		add(g, k, `${k}.BYTES_PER_ELEMENT`);
		add(g, k, `new ${k}(4).length`);
		add(g, k, `${k}.from(${v}).length`);
		add(g, k, `Object.prototype.toString.call(new ${k}(1))`);
	}
	const u = 'new Uint8Array([5, 1, 4, 2, 3])';
	for (const [m, a] of [['at', '-1'], ['copyWithin', '0, 3'], ['entries', ''], ['every', 'function (x) { return x > 0; }'],
		['fill', '9, 1, 3'], ['filter', 'function (x) { return x > 2; }'], ['find', 'function (x) { return x > 3; }'],
		['findIndex', 'function (x) { return x > 3; }'], ['findLast', 'function (x) { return x < 3; }'],
		['findLastIndex', 'function (x) { return x < 3; }'], ['forEach', 'function () {}'], ['includes', '4'],
		['indexOf', '4'], ['join', '"-"'], ['keys', ''], ['lastIndexOf', '1'], ['map', 'function (x) { return x * 100; }'],
		['reduce', 'function (a, b) { return a + b; }'], ['reduceRight', 'function (a, b) { return a + "" + b; }'],
		['reverse', ''], ['set', '[9, 9], 3'], ['slice', '1, -1'], ['some', 'function (x) { return x > 4; }'],
		['sort', ''], ['subarray', '1, 3'], ['toLocaleString', ''], ['toString', ''], ['values', '']]) {
		add(g, 'Uint8Array.' + m, ['entries', 'keys', 'values'].includes(m) ? `Array.from(${u}.${m}(${a}))` :
			['set', 'copyWithin', 'fill', 'reverse', 'sort'].includes(m) ? `var t = ${u}; t.${m}(${a}); return t;` : `${u}.${m}(${a})`);
	}
	add(g, 'of', 'Uint16Array.of(1, 2, 65537)');
	add(g, 'conv', 'new Uint8ClampedArray([300, -5, 1.5, 2.5])');
	add(g, 'conv', 'new Float32Array([0.1])[0]');
	add(g, 'conv', 'new Int32Array([2 ** 31, 2 ** 32 + 5])');
	add(g, 'shared', 'var b = new ArrayBuffer(4); var a = new Uint8Array(b); var c = new Uint32Array(b); c[0] = 0x01020304; return Array.from(a);');
	add(g, 'ArrayBuffer', 'new ArrayBuffer(8).byteLength');
	add(g, 'ArrayBuffer', 'new ArrayBuffer(8).slice(2, 5).byteLength');
	add(g, 'ArrayBuffer', 'ArrayBuffer.isView(new DataView(new ArrayBuffer(1)))');
	add(g, 'ArrayBuffer', 'ArrayBuffer.isView([])');
	add(g, 'ArrayBuffer', 'new ArrayBuffer(-1)');
	add(g, 'ArrayBuffer', 'Object.prototype.toString.call(new ArrayBuffer(1))');
	add(g, 'ArrayBuffer', 'typeof SharedArrayBuffer');
	add(g, 'ArrayBuffer', 'typeof Atomics');
	const dv = 'var d = new DataView(new ArrayBuffer(16));';
	for (const [t, v] of [['Int8', '-5'], ['Uint8', '250'], ['Int16', '-300'], ['Uint16', '65000'], ['Int32', '-70000'],
		['Uint32', '4000000000'], ['Float32', '1.5'], ['Float64', 'Math.PI'], ['BigInt64', '-5n'], ['BigUint64', '2n ** 64n - 1n']]) {
		add(g, 'DataView', `${dv} d.set${t}(1, ${v}); return [d.get${t}(1), d.get${t}(1, true), new Uint8Array(d.buffer, 0, 10)];`);
	}
	add(g, 'DataView', `${dv} return [d.byteLength, d.byteOffset];`);
	add(g, 'DataView', `${dv} return d.getInt32(14);`);
	add(g, 'TextEncoder', 'typeof TextEncoder');
	add(g, 'structuredClone', 'typeof structuredClone');
}

// ---------------------------------------------------------------- BigInt
{
	const g = 'bigint';
	each(g, 'literal', ['1n', '0n', '-0n', '2n ** 64n', '0x10n', '123456789012345678901234567890n'], (v) => v);
	each(g, 'typeof', ['1n', 'BigInt(1)', 'Object(1n)'], (v) => `typeof ${v}`);
	each(g, 'BigInt', ['"123"', '" 12 "', '"0x1f"', '"1.5"', '1.5', '2 ** 53', 'true', '""', '"-7"', 'Number.MAX_SAFE_INTEGER + 2',
		'"9007199254740993"', 'null', 'Symbol()'], (v) => `BigInt(${v})`);
	each(g, 'arith', ['2n ** 64n', '7n / 2n', '-7n / 2n', '-7n % 2n', '5n - 10n', '3n * -4n', '1n << 70n', '-1n >> 3n',
		'5n & 3n', '5n | 3n', '5n ^ 3n', '~5n', '-(5n)', '1n + 1', '1n / 0n', '2n ** -1n', '+1n', '10n > 9', '10n == 10',
		'10n === 10', '1n < 1.5', '0n ? "t" : "f"', '1n + "s"', 'String(10n ** 20n)', '(255n).toString(16)',
		'BigInt.asIntN(8, 255n)', 'BigInt.asUintN(8, -1n)', 'BigInt.asUintN(64, -1n)', 'Number(2n ** 60n)',
		'parseInt("12n")', 'JSON.stringify({ a: 1n })', '[3n, 1n, 2n].sort()', '2n ** 100n > 1e30', '(1n).toLocaleString()',
		'Object(1n) + 1n', 'typeof BigInt.prototype.valueOf'], (v) => v);
	add(g, 'new', 'new BigInt(1)');
	add(g, 'mix', 'var x = 9007199254740993n; return String(x + 1n);');
	add(g, 'mix', 'var x = BigInt("18446744073709551616"); return [String(x), String(x / 3n)];');
	add(g, 'mix', 'Math.max(1n)');
}

// ---------------------------------------------------------------- Intl basics
{
	const g = 'intl';
	add(g, 'typeof', 'typeof Intl');
	each(g, 'NumberFormat', ['("en-US").format(1234567.891)', '("de-DE").format(1234567.891)',
		'("en-US", { style: "currency", currency: "USD" }).format(12.5)', '("en-US", { style: "currency", currency: "EUR" }).format(-3)',
		'("ja-JP", { style: "currency", currency: "JPY" }).format(1234)', '("en-US", { maximumFractionDigits: 0 }).format(2.5)',
		'("en-US", { minimumFractionDigits: 2 }).format(1)', '("en-IN").format(12345678)', '("en-US", { notation: "compact" }).format(1234567)',
		'("en-US", { style: "percent" }).format(0.256)', '("en-US", { style: "unit", unit: "kilometer" }).format(5)',
		'("en-US").format(-0)', '("en-US").format(NaN)', '("fr-FR").format(1234.5)',
		'("en-US", { maximumSignificantDigits: 3 }).format(123456)', '("en-US").resolvedOptions().locale'],
	(v) => `new Intl.NumberFormat${v}`);
	each(g, 'DateTimeFormat', ['("en-US", { timeZone: "UTC" }).format(new Date(0))',
		'("en-GB", { timeZone: "UTC", dateStyle: "full" }).format(new Date(1700000000123))',
		'("en-US", { timeZone: "UTC", timeStyle: "short" }).format(new Date(1700000000123))',
		'("de-DE", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(1700000000123))',
		'("en-US", { timeZone: "America/New_York", hour: "numeric" }).format(new Date(1700000000123))',
		'("en-US", { timeZone: "UTC" }).formatToParts(new Date(0)).map(function (p) { return p.type; })',
		'("en-US", { timeZone: "UTC" }).resolvedOptions().timeZone', '().resolvedOptions().timeZone'],
	(v) => `new Intl.DateTimeFormat${v}`);
	add(g, 'Collator', '["b", "a", "\\u00e4", "B"].sort(new Intl.Collator("de").compare)');
	add(g, 'Collator', '["a10", "a9", "a1"].sort(new Intl.Collator("en", { numeric: true }).compare)');
	add(g, 'Collator', 'new Intl.Collator("en", { sensitivity: "base" }).compare("a", "A")');
	add(g, 'PluralRules', '[0, 1, 2, 5].map(function (n) { return new Intl.PluralRules("en-US").select(n); })');
	add(g, 'PluralRules', 'new Intl.PluralRules("en-US", { type: "ordinal" }).select(22)');
	add(g, 'RelativeTimeFormat', 'new Intl.RelativeTimeFormat("en", { numeric: "auto" }).format(-1, "day")');
	add(g, 'ListFormat', 'new Intl.ListFormat("en", { type: "conjunction" }).format(["a", "b", "c"])');
	add(g, 'getCanonicalLocales', 'Intl.getCanonicalLocales(["EN-us", "de"])');
	add(g, 'Locale', 'new Intl.Locale("en-Latn-US").language');
	add(g, 'Segmenter', 'typeof Intl.Segmenter');
	add(g, 'DisplayNames', 'new Intl.DisplayNames(["en"], { type: "region" }).of("DE")');
	add(g, 'supportedValuesOf', 'typeof Intl.supportedValuesOf');
	add(g, 'toLocaleString', '(1234.5).toLocaleString("en-US", { style: "currency", currency: "USD" })');
	add(g, 'toLocaleString', '(1234.5).toLocaleString("de-DE")');
	add(g, 'toLocaleString', '[1234.5, new Date(0)].toLocaleString("en-US", { timeZone: "UTC" })');
}

// ---------------------------------------------------------------- Reflect / Proxy / Boolean
{
	const g = 'reflect';
	add(g, 'apply', 'Reflect.apply(Math.max, null, [1, 3, 2])');
	add(g, 'apply', 'Reflect.apply(1)');
	add(g, 'construct', 'Reflect.construct(Date, [0]).getTime()');
	add(g, 'construct', 'function F() { this.nt = typeof new.target; } return Reflect.construct(F, []).nt;');
	add(g, 'defineProperty', 'Reflect.defineProperty(Object.freeze({}), "x", { value: 1 })');
	add(g, 'defineProperty', 'var o = {}; return [Reflect.defineProperty(o, "x", { value: 1 }), o.x];');
	add(g, 'deleteProperty', 'var o = Object.freeze({ a: 1 }); return Reflect.deleteProperty(o, "a");');
	add(g, 'deleteProperty', 'var o = { a: 1 }; return [Reflect.deleteProperty(o, "a"), o];');
	add(g, 'get', 'Reflect.get({ get x() { return this.y; }, y: 1 }, "x", { y: 2 })');
	add(g, 'get', 'Reflect.get([5, 6], 1)');
	add(g, 'get', 'Reflect.get(1, "x")');
	add(g, 'getOwnPropertyDescriptor', 'Reflect.getOwnPropertyDescriptor({ a: 1 }, "a")');
	add(g, 'getPrototypeOf', 'Reflect.getPrototypeOf([]) === Array.prototype');
	add(g, 'has', 'Reflect.has({ a: 1 }, "a")');
	add(g, 'has', 'Reflect.has([], "length")');
	add(g, 'has', 'Reflect.has(Object.create({ p: 1 }), "p")');
	add(g, 'isExtensible', 'Reflect.isExtensible(Object.seal({}))');
	add(g, 'ownKeys', 'Reflect.ownKeys({ b: 1, a: 2, 1: 3 })');
	add(g, 'ownKeys', 'Reflect.ownKeys([1, 2])');
	add(g, 'preventExtensions', 'var o = {}; return [Reflect.preventExtensions(o), Object.isExtensible(o)];');
	add(g, 'set', 'var o = {}; return [Reflect.set(o, "a", 1), o];');
	add(g, 'set', 'Reflect.set(Object.freeze({ a: 1 }), "a", 2)');
	add(g, 'set', 'var target = {}, receiver = {}; Reflect.set({ set x(v) { this.v = v; } }, "x", 5, receiver); return [target, receiver];');
	add(g, 'setPrototypeOf', 'var o = {}; return [Reflect.setPrototypeOf(o, Array.prototype), o instanceof Array];');
	add(g, 'setPrototypeOf', 'Reflect.setPrototypeOf(Object.preventExtensions({}), {})');
	add(g, 'tag', 'Reflect[Symbol.toStringTag]');
	add(g, 'Proxy', 'var p = new Proxy({}, { get: function (t, k) { return "got " + String(k); } }); return p.abc;');
	add(g, 'Proxy', 'var log = []; var p = new Proxy({ a: 1 }, { has: function (t, k) { log.push(k); return k in t; } }); return ["a" in p, "b" in p, log];');
	add(g, 'Proxy', 'var p = new Proxy([], {}); p.push(1, 2); return [p.length, Array.isArray(p)];');
	add(g, 'Proxy', 'var p = new Proxy(function () { return 1; }, { apply: function (t, th, args) { return args.length; } }); return p(1, 2, 3);');
	add(g, 'Proxy', 'var p = new Proxy({}, { ownKeys: function () { return ["z", "y"]; }, getOwnPropertyDescriptor: function () { return { value: 1, enumerable: true, configurable: true }; } }); return Object.keys(p);');
	add(g, 'Proxy', 'var r = Proxy.revocable({}, {}); r.revoke(); return r.proxy.x;');
	add(g, 'Proxy', 'Proxy({}, {})');
	const b = 'boolean';
	each(b, 'Boolean', ['0', '-0', '""', '" "', '"0"', '"false"', 'NaN', 'null', '[]', '{}', 'new Boolean(false)', 'Symbol()',
		'0n', 'document_jsdiff_undefined = undefined'].slice(0, 13), (v) => `Boolean(${v})`);
	add(b, 'toString', 'true.toString()');
	add(b, 'toString', 'Boolean.prototype.toString.call(new Boolean(false))');
	add(b, 'toString', 'Boolean.prototype.toString.call("x")');
	add(b, 'valueOf', 'new Boolean(0).valueOf()');
	add(b, 'valueOf', 'typeof new Boolean(true)');
	add(b, 'valueOf', 'new Boolean(false) ? "truthy" : "falsy"');
}

// ---------------------------------------------------------------- iterators / generators (built-in parts)
{
	const g = 'iterator';
	add(g, 'array', 'Object.prototype.toString.call([][Symbol.iterator]())');
	add(g, 'array', 'var it = [1][Symbol.iterator](); return it[Symbol.iterator]() === it;');
	add(g, 'array', 'var a = [1, 2]; var it = a.values(); a.push(3); return Array.from(it);');
	add(g, 'array', 'var a = [1, 2, 3]; var out = []; for (var x of a) { out.push(x); if (x === 1) a.pop(); } return out;');
	add(g, 'map', 'Object.prototype.toString.call(new Map().entries())');
	add(g, 'set', 'Object.prototype.toString.call(new Set().values())');
	add(g, 'string', 'Object.prototype.toString.call(""[Symbol.iterator]())');
	add(g, 'string', 'var it = "ab"[Symbol.iterator](); return [it.next(), it.next(), it.next()];');
	add(g, 'generator', 'function* g() { var x = yield 1; yield x * 2; } var it = g(); return [it.next(5), it.next(7), it.next()];');
	add(g, 'generator', 'function* g() { try { yield 1; } finally { return "fin"; } } var it = g(); it.next(); return it.return(9);');
	add(g, 'generator', 'function* g() { yield 1; } var it = g(); return [it.return(5), it.next()];');
	add(g, 'generator', 'function* g() { try { yield 1; } catch (e) { yield "caught " + e; } } var it = g(); it.next(); return it.throw("x");');
	add(g, 'generator', 'function* g() { yield 1; } var it = g(); try { it.throw(new RangeError("t")); } catch (e) { return [e.name, it.next()]; }');
	add(g, 'generator', 'function* g() { yield* [1, 2]; return 3; } return Array.from(g());');
	add(g, 'generator', 'function* g() { var r = yield* h(); yield r; } function* h() { yield "h"; return "ret"; } return [...g()];');
	add(g, 'generator', 'function* g() {} return Object.prototype.toString.call(g());');
	add(g, 'generator', 'function* g() {} return typeof g().next;');
	add(g, 'generator', 'function* fib() { var a = 0, b = 1; for (;;) { yield a; var t = a + b; a = b; b = t; } } var out = []; for (var v of fib()) { if (v > 50) break; out.push(v); } return out;');
	add(g, 'generator', 'function* g() { yield 1; yield 2; } var [a, ...b] = g(); return [a, b];');
	add(g, 'generator', 'var cleaned = false; function* g() { try { yield 1; yield 2; } finally { cleaned = true; } } for (var x of g()) break; return cleaned;');
	add(g, 'generator', 'function* g() { yield this; } return typeof g.call({ a: 1 }).next().value;');
	add(g, 'generator', 'function* g() { var it = yield; return it; } var i = g(); i.next(); return i.next("v");');
	add(g, 'generator', 'function* g() { yield 1; } var it = g(); it.next(); it.next(); return it.next();');
	add(g, 'generator', 'function* g() { yield g; } var it = g(); try { it.next(); it.next.call({}); } catch (e) { return e.name; } return "no";');
	add(g, 'helpers', 'typeof Iterator');
	add(g, 'close', 'var closed = 0; var it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closed++; return {}; } }; } }; var [a] = it; return closed;');
	add(g, 'close', 'var closed = 0; var it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closed++; return {}; } }; } }; for (var x of it) { break; } return closed;');
	add(g, 'close', 'var closed = 0; var it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { closed++; return {}; } }; } }; try { for (var x of it) { throw 1; } } catch (e) {} return closed;');
	add(g, 'asyncGenerator', 'async function* g() { yield 1; yield 2; } var out = []; return (async function () { for await (var v of g()) out.push(v); return out; })();');
	add(g, 'asyncGenerator', 'async function* g() { yield Promise.resolve("p"); } return g().next();');
	add(g, 'asyncGenerator', 'async function* g() {} return Object.prototype.toString.call(g());');
	add(g, 'forAwait', '(async function () { var out = []; for await (var v of [Promise.resolve(1), 2]) out.push(v); return out; })()');
}

// ---------------------------------------------------------------- coercions (operator matrix)
{
	const g = 'coercion';
	const vals = ['undefined', 'null', 'true', '0', '-0', 'NaN', '""', '"0"', '" 1 "', '"a"', '[]', '[0]', '[1, 2]', '{}',
		'new Date(0)', '{ valueOf() { return 2; } }'];
	for (const a of vals) for (const b of vals.slice(0, 12)) add(g, 'plus', `(${a}) + (${b})`);
	for (const a of vals) for (const b of vals.slice(0, 12)) add(g, 'looseEq', `(${a}) == (${b})`);
	for (const a of vals) for (const b of ['0', '"1"', 'null', '[]', 'NaN']) add(g, 'less', `(${a}) < (${b})`);
	for (const a of vals) {
		add(g, 'unaryPlus', `+(${a})`);
		add(g, 'not', `!(${a})`);
		add(g, 'minus', `(${a}) - 1`);
		add(g, 'times', `(${a}) * "2"`);
		add(g, 'bitor', `(${a}) | 0`);
		add(g, 'ushr', `(${a}) >>> 0`);
		add(g, 'template', `\`\${${a}}\``);
		add(g, 'typeof', `typeof (${a})`);
	}
	each(g, 'int32', ['2 ** 31', '2 ** 32 + 1', '-(2 ** 31) - 1', '1e21', '-1.9', '4294967295.5', 'Infinity'], (v) => `(${v}) | 0`);
	each(g, 'shift', ['1 << 31', '1 << 32', '-1 >>> 0', '-1 >> 31', '5 >>> 33', '1 << -1'], (v) => v);
	each(g, 'modulo', ['-1 % 3', '5.5 % 2', '-0 % 1', '1 % 0', 'Infinity % 1', '1 % Infinity', '-5 % -3', '0.3 % 0.1'], (v) => v);
	each(g, 'division', ['1 / 0', '-1 / 0', '0 / 0', '1 / -0', '-0 / 5', '2 ** -1074', '2 ** 1024', '(-8) ** (1 / 3)', '(-2) ** 3', '0 ** 0', 'NaN ** 0', '1 ** Infinity'], (v) => v);
	each(g, 'equality', ['null == 0', 'null >= 0', 'undefined == 0', 'NaN != NaN', '"" == 0', '"\\n" == 0', '[] == ![]',
		'[[]] == 0', '[1] == "1"', '({}) == "[object Object]"', 'new String("a") == "a"', 'new String("a") == new String("a")',
		'"1" === 1', 'null === null', '0 === -0', 'Symbol.iterator == Symbol.iterator'], (v) => v);
	each(g, 'order', ['var log = []; var a = { valueOf() { log.push("a"); return 1; } }, b = { valueOf() { log.push("b"); return 2; } }; a < b; b > a; return log;',
		'var log = []; var o = { valueOf() { log.push("v"); return 1; }, toString() { log.push("s"); return "x"; } }; var r = [o + "", `${o}`, String(o), o * 1]; return [r, log];',
		'var o = { toString() { return {}; }, valueOf() { return {}; } }; return o + "";',
		'var o = { valueOf: null, toString() { return "7"; } }; return o * 2;'], (v) => v);
}

// ---------------------------------------------------------------- write
let total = 0;
const wanted = new Map();
for (const [name, lines] of groups) {
	total += lines.length;
	wanted.set(`${name}.mjs`,
		'// generated by tests/jsdiff/generate.mjs: do not edit (node tests/jsdiff/generate.mjs)\n' +
		"import { T } from '../harness.mjs';\n\n" + lines.join('\n') + '\n');
}
if (process.argv.includes('--check')) {
	let stale = 0;
	for (const [f, text] of wanted) {
		let cur = null;
		try { cur = fs.readFileSync(path.join(outDir, f), 'utf8'); } catch { /* missing */ }
		if (cur !== text) { console.log(`out of date: tests/jsdiff/generated/${f}`); stale++; }
	}
	for (const f of fs.existsSync(outDir) ? fs.readdirSync(outDir) : [])
		if (!wanted.has(f)) { console.log(`not generated: tests/jsdiff/generated/${f}`); stale++; }
	process.exit(stale ? 1 : 0);
}
fs.mkdirSync(outDir, { recursive: true });
for (const f of fs.readdirSync(outDir)) if (!wanted.has(f)) fs.unlinkSync(path.join(outDir, f));
for (const [f, text] of wanted) fs.writeFileSync(path.join(outDir, f), text);
console.log(`${total} snippets in ${wanted.size} files under tests/jsdiff/generated/`);
