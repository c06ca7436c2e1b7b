// Writes tests/unit/regexp_cases.txt, the cases of tests/unit/regexp_test.c:
// JS expressions (ES5 syntax, which mujs parses) and what Node prints for
// each, through the serializer S below. Node is the reference.
//
//   node tests/unit/regexp_cases.mjs > tests/unit/regexp_cases.txt
//
// A line "H\t<js>" is harness code both sides run first; "C\t<expr>\t<json>"
// a case. Non-ASCII characters are written as \u escapes.
import vm from 'node:vm';

const harness = [
	// every value as JSON, undefined kept, an exec result with its index and groups
	'function S(v) { var j = JSON.stringify(v, function (k, x) { return x === undefined ? "<undefined>" : x; }), o = "", i, c; if (j === undefined) return "undefined"; for (i = 0; i < j.length; i++) { c = j.charCodeAt(i); o += c < 127 ? j.charAt(i) : "\\\\u" + ("000" + c.toString(16)).slice(-4); } return o; }',
	'function X(re, s) { var m = re.exec(s); return m && [m.slice(), m.index, m.groups, m.indices, re.lastIndex]; }',
	'function G(re, s) { var out = [], m, n = 0; while ((m = re.exec(s)) && n++ < 50) { out.push([m[0], m.index]); if (m[0] === "") re.lastIndex++; } return out; }',
	'function E(f) { try { return f(); } catch (e) { return e.name; } }',
];

// [literal, inputs]: each input runs through exec, match, replace, split, search
const patterns = [
	['/a/', ['a', 'bab', '', 'xyz']],
	['/abc/i', ['xABCx', 'aBc', 'ab']],
	['/(?:(a)|b)+/', ['ab', 'ba', 'bbb']],
	['/(a*)?/', ['b', 'aa']],
	['/(a*)*/', ['b', 'aab']],
	['/(z)((a+)?(b+)?(c))*/', ['zaacbbbcac']],
	['/(?=(a+))a*b\\1/', ['baaabac']],
	['/(.*?)a(?!(a+)b\\2c)\\2(.*)/', ['baaabaac']],
	['/\\1(a)/', ['aa', 'a']],
	['/(a)|\\1b/', ['b']],
	['/[]a/', ['a']],
	['/[^]a/', ['ba', '\na']],
	['/(?<=\\$)\\d+(\\.\\d*)?/', ['cost $10.53', '$.5 $7']],
	['/(?<!\\$)\\b\\d+/', ['cost $10 and 20']],
	['/(?<=(\\d+)(\\d+))$/', ['1053']],
	['/(?<=\\1(a))b/', ['aab']],
	['/(?<=a(?=b)b)c/', ['abc']],
	['/(?<year>\\d{4})-(?<month>\\d{2})(?:-(?<day>\\d{2}))?/', ['on 2020-12-01', '2021-03']],
	['/(?<q>[\'"]).*?\\k<q>/', ['say "hi" \'there\'']],
	['/\\B(?=(\\d{3})+(?!\\d))/g', ['1999', '1234567', '12', '1234567.891']],
	['/^/gm', ['10-20', 'a\nb\r\nc']],
	['/$/gm', ['a\nb']],
	['/x*/g', ['abc', 'xax']],
	['/(?:)/g', ['abc', '']],
	['/\\b/g', ['ab cd']],
	['/\\w+/g', ['hello, world_1!']],
	['/\\s+/', ['a  b\tc\n\u00a0d\u2028e\ufeff']],
	['/\\s+/g', ['  a  b ']],
	['/[\\s\\S]/g', ['a\n']],
	['/./g', ['a\nb\rc\u2028d']],
	['/./gs', ['a\nb']],
	['/a.c/s', ['a\nc']],
	['/^abc$/m', ['x\nabc\ny']],
	['/(\\d+)-(\\d+)/', ['x 10-20 y']],
	['/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/', ['abcdefghijk']],
	['/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10/', ['abcdefghijj', 'abcdefghija0']],
	['/a{2,3}/', ['aaaa', 'a']],
	['/a{2,3}?/', ['aaaa']],
	['/a{2,}/', ['aaaaa']],
	['/(?:ab){2}/', ['ababab']],
	['/a{/', ['a{']],
	['/a{1/', ['a{1']],
	['/x{2,1/', ['x{2,1']],
	['/}]/', ['}]']],
	['/\\8\\9/', ['89']],
	['/\\01\\101/', ['\u0001A']],
	['/[\\1-\\3]/', ['\u0002']],
	['/\\cJ/', ['a\nb']],
	['/\\c1/', ['\\c1']],
	['/[\\c1]/', ['\u0011']],
	['/[\\c]/', ['c', '\\']],
	['/\\x41\\u0042\\x4/', ['ABx4']],
	['/\\u{3}/', ['uuu']],
	['/\\u{1F600}/u', ['x\ud83d\ude00']],
	['/^.$/u', ['\ud83d\ude00']],
	['/^.$/', ['\u00e9']],
	['/[\\u{1F600}-\\u{1F64F}]/u', ['\ud83d\ude02']],
	['/\\p{Lu}+/u', ['abCDe\u00c9f']],
	['/\\P{L}+/u', ['ab12!c']],
	['/\\p{Script=Greek}+/u', ['ab\u03b1\u03b2\u03b3d']],
	['/\\p{sc=Cyrillic}/u', ['\u0416']],
	['/\\p{scx=Latn}/u', ['z']],
	['/\\p{General_Category=Decimal_Number}+/u', ['x\u0663\u0664y']],
	['/\\p{Nd}/u', ['\u0665']],
	['/\\p{Emoji_Presentation}/u', ['a\ud83d\ude00']],
	['/\\p{Extended_Pictographic}/u', ['\u2764']],
	['/\\p{Any}/u', ['\u0000']],
	['/\\p{ASCII_Hex_Digit}+/u', ['xF0a9g']],
	['/[\\p{L}--[a-z]]+/v', ['abcDEFg']],
	['/[\\p{L}&&\\p{Script=Greek}]+/v', ['a\u03b1\u03b2b']],
	['/[[a-z]--[aeiou]]+/v', ['education']],
	['/\\w+/iu', ['\u017f\u212a']],
	['/\\w+/i', ['\u017f\u212a']],
	['/[a-z]+/i', ['XYZ']],
	['/\\u212a/iu', ['k', 'K']],
	['/\\u212a/i', ['k']],
	['/\\u00e9/i', ['\u00c9']],
	['/\\u03c3/i', ['\u03a3', '\u03c2']],
	['/\\u03c3/iu', ['\u03c2']],
	['/[^a]/i', ['A', 'b']],
	['/(.)\\1/i', ['aA', 'ab']],
	['/\\bfoo\\b/', ['a foo b', 'afoo']],
	['/\\Bo\\B/', ['foo']],
	['/(a|ab)(c|bcd)(d*)/', ['abcd']],
	['/a|/', ['b']],
	['/|a/', ['a']],
	['/((a)|b)*/', ['aba']],
	['/(?:a|b)*?c/', ['abac']],
	['/(?=a)*/', ['a']],
	['/(?!a)+b/', ['b']],
	['/^(?:\\+|-)?\\d+(?:\\.\\d+)?$/', ['-12.5', '+1', '1.']],
	['/^[\\w.+-]+@[\\w-]+\\.[\\w.-]+$/', ['me@example.org', 'bad@', 'a.b+c@d-e.fg']],
	['/(\\*\\*|__)(.+?)\\1/g', ['a **b** c __d__']],
	['/\\[([^\\]]+)\\]\\(([^)]+)\\)/g', ['see [kit](http://x) and [y](z)']],
	['/^(#{1,6})\\s+(.*)$/gm', ['# one\ntext\n### three']],
	['/a/y', ['ba', 'ab']],
	['/a/gy', ['aaxa']],
	['/b(c)/d', ['abc']],
	['/(?<x>b)(c)?/d', ['ab']],
	['/[\\w-]/', ['-']],
	['/[\\d-z]/', ['-', 'z', '5']],
	['/[-a]/', ['-']],
	['/[a-]/', ['-']],
	['/[\\b]/', ['\b']],
	['/\\//', ['a/b']],
	['/[/]/', ['a/b']],
	['/\\0/', ['a\u0000b']],
	['/[\\0]/', ['\u0000']],
	['/\\k/', ['k']],
	['/\\a\\e\\q/', ['aeq']],
	['/(?:a(?=b)|a)c/', ['ac', 'abc']],
	['/(a(?=(b)))?ab/', ['ab']],
	['/(?!(a))\\1b/', ['b']],
	['/(?=(a))?/', ['a']],
	['/^(a+)+$/', ['aaaaaaaaaaaaaaaaaaaaaaaa']],
];

const bad = ['/(/', '/)/', '/[/', '/a**/', '/?/', '/{1}/', '/(?<a>x)(?<a>y)/', '/\\k<x>(?<y>.)/', '/[b-a]/',
	'/a{2,1}/', '/(?<=a)+/', '/\\p{Foo}/u', '/\\u{110000}/u', '/\\c/u', '/{/u', '/]/u', '/\\-/u', '/[\\w-a]/u',
	'/\\1/u', '/(?<1a>x)/', '/(?:/'];

const ops = [
	(re, s) => `X(${re}, ${s})`,
	(re, s) => `${s}.match(${re})`,
	(re, s) => `${s}.replace(${re}, "[$&|$1|$\`|$'|$$|$<year>]")`,
	(re, s) => `${s}.replace(${re}, function () { return "(" + Array.prototype.slice.call(arguments, 0, -1).join(",") + ")"; })`,
	(re, s) => `${s}.split(${re})`,
	(re, s) => `${s}.search(${re})`,
];

function lit(s) {
	return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}
function ascii(s) {
	return s.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

const ctx = vm.createContext({});
vm.runInContext(harness.join('\n'), ctx);
const out = harness.map((h) => 'H\t' + h);
function add(expr) {
	let want;
	try { want = vm.runInContext(`S(E(function () { return ${expr}; }))`, ctx); } catch (e) { want = 'ERROR ' + e.name; }
	out.push('C\t' + ascii(expr) + '\t' + ascii(String(want)));
}
for (const [re, inputs] of patterns) {
	for (const input of inputs)
		for (const op of ops) {
			const g = /\/[a-z]*g[a-z]*$/.test(re);
			if (op === ops[0] && g) add(`G(${re}, ${lit(input)})`);
			else add(op(re, lit(input)));
		}
}
for (const re of bad) add(`new RegExp(${lit(re.slice(1, re.lastIndexOf('/')))}, ${lit(re.slice(re.lastIndexOf('/') + 1))})`);
// the RegExp object
for (const e of [
	'/a/dgimsy.flags', 'new RegExp("x", "yusmig").flags', 'new RegExp("a", "v").flags',
	'E(function () { return new RegExp("a", "x"); })', 'E(function () { return new RegExp("a", "gg"); })',
	'E(function () { return new RegExp("a", "uv"); })',
	'[/a/s.dotAll, /a/.dotAll, /a/y.sticky, /a/u.unicode, /a/d.hasIndices, /a/v.unicodeSets]',
	// the flags and source are RegExp.prototype's accessors, as libraries test them ('flags' in re)
	'["flags" in /a/, "source" in /a/, "global" in /a/g, /a/.hasOwnProperty("source"), /a/.hasOwnProperty("lastIndex")]',
	'Object.getOwnPropertyNames(/a/g)', 'Object.getOwnPropertyNames(RegExp.prototype).sort()',
	'(function () { var d = Object.getOwnPropertyDescriptor(RegExp.prototype, "global"); return [typeof d.get, d.set, d.enumerable, d.configurable, d.get.call(/x/g), d.get.name]; })()',
	'[RegExp.prototype.global, RegExp.prototype.source, RegExp.prototype.flags, String(RegExp.prototype), RegExp.prototype.sticky]',
	'Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get.call({ global: 1, sticky: "y", hasIndices: 0, unicode: true })',
	'E(function () { return Object.getOwnPropertyDescriptor(RegExp.prototype, "source").get.call({}); })',
	'E(function () { return Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get.call(1); })',
	'new RegExp("/").source', '/\\//.source', '/[/]/.source', 'new RegExp("[/]").source', 'new RegExp("\\n").source',
	'new RegExp("").source', 'String(new RegExp(""))', 'String(/a\\/b/gi)', 'String(new RegExp("a/b", "m"))',
	'new RegExp(/ab/g, "i").flags', 'new RegExp(/ab/g).flags', 'new RegExp(/ab/g).source',
	'(function () { var r = /a/g; return RegExp(r) === r; })()', '(function () { var r = /a/g; return new RegExp(r) === r; })()',
	'RegExp.length', 'RegExp.prototype.exec.length', '"abc".replace.length',
	'(function () { var r = /a/g; r.lastIndex = 3; var t = r.test("aaa"); return [t, r.lastIndex]; })()',
	'(function () { var r = /a/g; return [r.test("a"), r.lastIndex, r.test("a"), r.lastIndex]; })()',
	'(function () { var r = /a/y; return [r.test("ba"), r.lastIndex, (r.lastIndex = 1, r.test("ba")), r.lastIndex]; })()',
	'(function () { var r = /a/; r.lastIndex = 5; return [r.test("a"), r.lastIndex]; })()',
	'(function () { var r = /o/g; r.lastIndex = 70000; return r.lastIndex; })()',
	'(function () { var r = /b/g; r.lastIndex = 2; return ["abcb".search(r), r.lastIndex]; })()',
	'(function () { var r = /a/g; r.lastIndex = 1; "aaa".replace(r, "b"); return r.lastIndex; })()',
	'(function () { var r = /a/g; r.lastIndex = 1; "aaa".match(r); return r.lastIndex; })()',
	'"a1b2c3".split(/(\\d)/, 3)', '"ab".split(/(x)?/)', '"abc".split(/(?:)/)', '"".split(/x/)', '"".split(/(?:)/)',
	'"a,b,".split(/,/)', '"a,b".split(/,/y)', '"abc".split(/b/, 0)', '"abc".split(/b/, -1)', '"test".split(/(?:)/, 2)',
	'"A<B>bold</B>and<CODE>coded</CODE>".split(/<(\\/)?([^<>]+)>/)',
	'"aaxa".replace(/a/gy, "b")', '"abc".replace(/$/, "!")', '"abc".replace(/(?:)/g, "-")',
	'"abcdefghijk".replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, "$11-$10-$1-$011-$0-$00-$12")',
	'"abc".replace(/(b)/, "[$1|$2|$0|$01|$10]")', '"2024-05".replace(/(?<y>\\d+)-(?<m>\\d+)/, "$<m>/$<y>/$<z>/$<m")',
	'"2024".replace(/(\\d+)/, "$<y>")', '"abc".replace("b", "[$$|$&|$`|$\'|$1|$<x>]")', '"a.b.c".replace(".", "$&$&")',
	'"aXbX".replace("X", function (m, off) { return off; })', '"\\u00e9X\\u00e9X".replace(/X/g, function (m, off) { return off; })',
	'"b".replace(/(a)?b/, function (m, g) { return typeof g; })',
	'"2024-05".replace(/(?<y>\\d+)-(?<m>\\d+)/, function () { var g = arguments[arguments.length - 1]; return g.m + "." + g.y; })',
	'"x-12-y".replace(/(\\d)(\\d)/, function (m, a, b, off, str) { return [m, a, b, off, str].join("|"); })',
	'"lucide-chevron-down".replace(/-(\\w)/g, function (m, c) { return c.toUpperCase(); })',
	'"ChevronDown".replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()',
	'"March 1 2024".replace(/(\\w+) (\\d+) (\\d+)/, function (m, a, b, c, off) { return [b, a, c, off].join(" "); })',
	'"a-b-c".replaceAll("-", "+")', '"a-b-c".replaceAll("-", function (m, off) { return off; })', '"xy".replaceAll("", "_")',
	'"a1b2".replaceAll(/\\d/g, "#")', 'E(function () { return "a".replaceAll(/a/, "b"); })', '"aaa".replaceAll("aa", "b")',
	'"a1b2".match(/([a-z])(\\d)/g)', '"abc".match(/x*/g)', '"abc".match()', '"a.c".match(".")', '"abc".search("c")',
	'"abc".search()', '"x".match(/(?<n>x)/).groups.n', '"price: $42, $7".match(/(?<=\\$)\\d+/g)',
	// the Symbol protocol (patch 0802)
	'[typeof RegExp.prototype[Symbol.replace], RegExp.prototype[Symbol.replace].call(/b/, "abc", "X"), RegExp.prototype[Symbol.split].call(/,/, "a,b", 1), RegExp.prototype[Symbol.match].call(/b/g, "abcb"), RegExp.prototype[Symbol.search].call(/c/, "abc"), RegExp.prototype[Symbol.replace].length]',
	'(function () { var c = {}; c[Symbol.replace] = function (s, r) { return "r:" + s + ":" + r; }; c[Symbol.split] = function (s, l) { return ["s", s, l]; }; c[Symbol.match] = function (s) { return ["m", s]; }; c[Symbol.search] = function () { return 42; }; return ["abc".replace(c, "R"), "abc".split(c, 3), "abc".match(c), "abc".search(c), E(function () { return "abc".replaceAll(c, "Q"); })]; })()',
	'(function () { var c = { flags: "g" }; c[Symbol.match] = true; c[Symbol.replace] = function () { return "ok"; }; var d = { flags: "i" }; d[Symbol.match] = true; return ["x".replaceAll(c, "y"), E(function () { return "x".replaceAll(d, "y"); })]; })()',
	'E(function () { return RegExp.prototype[Symbol.replace].call({}, "a", "b"); })',
	'(function () { var r = /a/g; r[Symbol.replace] = function () { return "own"; }; return ["aa".replace(r, "b"), "aa".replace(/a/g, "b")]; })()',
	// long generated patterns: chains of alternatives and terms compile without deep recursion
	'(function () { var w = [], i, t = ""; for (i = 0; i < 3000; i++) w.push("w" + i + "x"); for (i = 0; i < 5000; i++) t += "ab"; var re = new RegExp("^(?:" + w.join("|") + ")$"), re2 = new RegExp(t + "c"); return [re.test("w2999x"), re.test("w3000x"), re.exec("w17x")[0], re2.test(t + "c"), re2.test(t)]; })()',
	// the legacy statics (patch 0803)
	'(function () { var out = [typeof RegExp.$1]; /(\\d+)-(\\d+)/.exec("x 10-20 y"); out.push(RegExp.$1, RegExp.$2, RegExp.$3, RegExp.lastMatch, RegExp["$&"], RegExp.lastParen, RegExp.leftContext, RegExp.rightContext, RegExp.input, RegExp.$_); "a1b2".replace(/[a-z](\\d)/g, ""); out.push(RegExp.$1, RegExp.lastMatch, RegExp["$`"]); /(x)|(y)/.test("y"); out.push(RegExp.$1, RegExp.$2, RegExp["$+"]); /z/.test("abc"); out.push(RegExp.$1, RegExp.lastMatch); return out; })()',
	// lastIndex remembered per string (patch 0800): other strings, going back, non-ASCII
	'(function () { function rep(s, n) { var o = ""; while (n-- > 0) o += s; return o; } var r = /\\w/g, s1 = "\\u00e9\\u00e9abc" + rep("x", 40), s2 = "ab" + rep("\\u00e9", 40) + "cd", out = []; out.push(r.exec(s1).index, r.lastIndex, r.exec(s2).index, r.lastIndex); r.lastIndex = 1; out.push(r.exec(s1).index, r.lastIndex); r.lastIndex = 41; out.push(r.exec(s2).index, r.lastIndex); r.lastIndex = 100; out.push(r.exec(s2), r.lastIndex); var y = /\\u00e9/y; y.lastIndex = 5; out.push(y.test(s2), y.lastIndex, y.test(s2), y.lastIndex); return out; })()',
	'(function () { var s = "", i, r = /\\w+|\\s+|[^\\w\\s]/g, n = 0, last = 0, m; for (i = 0; i < 300; i++) s += "w\\u00e9" + i + " = (x); "; while ((m = r.exec(s))) { n++; last = m.index; } return [n, last, s.length]; })()',
	'"\\ud83d\\ude00".replace(/(?:)/gu, "-")', '"\\ud83d\\ude00".replace(/(?:)/g, "-").length', '"\\ud83d\\ude00".match(/./gu).length',
	'/\\p{Extended_Pictographic}/u.test("\\ud83d\\ude00")',
]) add(e);

// Random patterns (a fixed seed): Annex B syntax, lookarounds, quantified
// groups, backreferences, case folding, on random short inputs; each line
// checks exec, lastIndex, replace, split and a global match together.
let seed = 7;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const atoms = ['a', 'b', '.', '\\d', '\\w', '\\s', '[ab]', '[^a]', '\\b', '\\B', '^', '$', '\\1', '\\2', '[]', '[^]',
	'{', '}', ']', '\\c', '[\\c1]', '\\0', '\\01', '\\x4', '\\8', '\\k<n>', '(?<n>a|b)', '\\u00e9', '\\u017f', 'K',
	'\\u212a', '[a-z]', '\\p{L}', '\\u{41}', 'x{', '[\\d-z]', '\\-'];
function gen(d) {
	const k = rnd(d > 3 ? 3 : 10);
	if (k < 3) return atoms[rnd(atoms.length)];
	if (k < 5) return gen(d + 1) + gen(d + 1);
	if (k === 5) return '(' + gen(d + 1) + '|' + gen(d + 1) + ')';
	if (k === 6) return '(?:' + gen(d + 1) + ')' + ['*', '+', '?', '{2}', '{1,3}', '*?', '+?', '??', '{0,2}?'][rnd(9)];
	if (k === 7) return ['(?=', '(?!', '(?<=', '(?<!'][rnd(4)] + gen(d + 1) + ')';
	if (k === 8) return '(' + gen(d + 1) + ')' + ['*', '+', '?', ''][rnd(4)];
	return gen(d + 1) + ['*', '+', '?', '{0,2}', '*?'][rnd(5)];
}
vm.runInContext('function R(p, f, s) { var re = new RegExp(p, f), g = new RegExp(p, f.replace("y", "") + "g");' +
	' return [X(re, s), s.replace(re, "<$&|$1>"), s.split(new RegExp(p, f.replace("y", ""))), s.match(g)]; }', ctx);
out.push('H\tfunction R(p, f, s) { var re = new RegExp(p, f), g = new RegExp(p, f.replace("y", "") + "g");' +
	' return [X(re, s), s.replace(re, "<$&|$1>"), s.split(new RegExp(p, f.replace("y", ""))), s.match(g)]; }');
for (let i = 0; i < 400; i++) {
	const p = gen(0), f = ['', 'g', 'i', 'm', 'gi', 'y', 's', 'u', 'iu'][rnd(9)];
	let input = '';
	for (let j = rnd(8); j > 0; j--) input += 'abcAxB 1\n\u00e9\u00c9\u017fKk-\u212a'[rnd(16)];
	add(`R(${lit(p)}, ${lit(f)}, ${lit(input)})`);
}
process.stdout.write(out.join('\n') + '\n');
