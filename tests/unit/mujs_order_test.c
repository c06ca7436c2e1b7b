/* mujs_order_test.c — kit's patches 0101-0104 and 0700 to mujs
 * (mujs/patches/, mujs/README.md): object keys enumerate in V8's order (array
 * indices ascending, then the other keys in insertion order), a deletion keeps
 * the accessors of the other properties, for...in gives each index of an
 * array, propertyIsEnumerable knows the elements of a dense array; property
 * names live in their properties (0700-0702) and String objects hold their
 * strings (0703), not in the interned-string table; js_pushownvalues (1520)
 * gives an ordinary object's own enumerable values in that order, or -1;
 * an object literal's keys are defined, not assigned (1522);
 * js_toprotopointer gives an object's prototype as a pointer (1523).
 *
 * Each case is an ES5 function body. The check runs
 *   JSON.stringify((function () { BODY })())
 * in the statically linked mujs and compares it with what Node 20 printed for
 * the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))'
 * An answer over 300 characters is compared by its length in bytes and its
 * FNV-1a hash (32 bits, over the UTF-8 bytes). */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* mujs's internals, for the renumbering check and the size of a property */
#include "jsi.h"
#include "jsvalue.h"

#include "mujs_run.h"
#include "test.h"

struct order_case {
	const char *name, *body, *want;
};

static const struct order_case cases[] = {
	{"1522: an object literal does not call its prototype's setter",
	 "var log = []; var p = {set x(v) { log.push(v); }}; var o = {__proto__: p, x: 1}; return [log.length, Object.keys(o), o.x];",
	 "[0,[\"x\"],1]"},
	{"1522: an object literal defines over its prototype's read-only property",
	 "var p = Object.defineProperty({}, 'y', {value: 1, writable: false}); var o = {__proto__: p, y: 2}; return [o.y, Object.keys(o), p.y];",
	 "[2,[\"y\"],1]"},
	{"1522: an object literal does not call Object.prototype's setter",
	 "var log = []; Object.defineProperty(Object.prototype, 'zz', {set: function (v) { log.push(v); }, configurable: true}); var o = {zz: 1}; delete Object.prototype.zz; return [log.length, o.hasOwnProperty('zz'), o.zz];",
	 "[0,true,1]"},
	{"1522: a repeated key keeps its first place, the last value",
	 "var o = {a: 1, b: 2, a: 3}; return [Object.keys(o), o.a];",
	 "[[\"a\",\"b\"],3]"},
	{"1522: a value after a getter of the same key drops the getter",
	 "var o = {get a() { return 1; }, b: 2, a: 3}; var d = Object.getOwnPropertyDescriptor(o, 'a'); return [Object.keys(o), o.a, typeof d.get, d.writable, d.enumerable];",
	 "[[\"a\",\"b\"],3,\"undefined\",true,true]"},
	{"1522: a getter after a value of the same key",
	 "var o = {a: 3, b: 1, get a() { return 9; }}; return [Object.keys(o), o.a];",
	 "[[\"a\",\"b\"],9]"},
	{"0101: Object.keys, integer keys first",
	 "return Object.keys({b: 1, a: 2, 10: 3, 9: 4});",
	 "[\"9\",\"10\",\"b\",\"a\"]"},
	{"0101: for-in, integer keys first",
	 "var o = {b: 1, a: 2, 10: 3, 9: 4, 'x y': 5, 0: 6}, r = []; for (var k in o) r.push(k); "
	 "return r;",
	 "[\"0\",\"9\",\"10\",\"b\",\"a\",\"x y\"]"},
	{"0101: JSON.stringify, integer keys first",
	 "return JSON.stringify({z: 1, 2: 2, y: 3, 1: 4, x: 5});",
	 "\"{\\\"1\\\":4,\\\"2\\\":2,\\\"z\\\":1,\\\"y\\\":3,\\\"x\\\":5}\""},
	{"0101: getOwnPropertyNames, integer keys first",
	 "return Object.getOwnPropertyNames({z: 1, 2: 2, y: 3, 1: 4, x: 5});",
	 "[\"1\",\"2\",\"z\",\"y\",\"x\"]"},
	{"0101: keys added by assignment",
	 "var o = {}; o.zeta = 1; o.alpha = 2; o[7] = 3; o.mid = 4; o[3] = 5; return Object.keys(o);",
	 "[\"3\",\"7\",\"zeta\",\"alpha\",\"mid\"]"},
	{"0101: deleted then re-added goes to the end",
	 "var o = {a: 1, b: 2, c: 3}; delete o.a; o.d = 4; o.a = 5; return Object.keys(o);",
	 "[\"b\",\"c\",\"d\",\"a\"]"},
	{"0101: deleted index re-added stays ascending",
	 "var o = {1: 1, b: 2, 0: 3}; delete o[1]; o.z = 1; o[1] = 2; return Object.keys(o);",
	 "[\"0\",\"1\",\"b\",\"z\"]"},
	{"0101: assigning an existing key keeps its place",
	 "var o = {a: 1, b: 2, c: 3}; o.a = 9; o.b = undefined; return JSON.stringify(o);",
	 "\"{\\\"a\\\":9,\\\"c\\\":3}\""},
	{"0101: numeric-like keys that are not indices",
	 "return Object.keys({b: 1, '01': 2, '-1': 3, '1.5': 4, '4294967295': 5, '4294967294': 6, '1e3': 7, ' 1': 8, '0': 9, '-0': 10, '+1': 11, 'NaN': 12});",
	 "[\"0\",\"4294967294\",\"b\",\"01\",\"-1\",\"1.5\",\"4294967295\",\"1e3\",\" 1\",\"-0\",\"+1\",\"NaN\"]"},
	{"0101: largest index, sorted numerically",
	 "return Object.keys({'4294967294': 1, '10': 2, '9': 3, '100': 4, '4294967296': 5});",
	 "[\"9\",\"10\",\"100\",\"4294967294\",\"4294967296\"]"},
	{"0101: many deletions and re-additions",
	 "var o = {}, i; for (i = 0; i < 50; i++) o['k' + (i * 7 % 50)] = i; for (i = 0; i < 50; "
	 "i += 3) delete o['k' + i]; for (i = 0; i < 50; i += 6) o['k' + i] = i; "
	 "return Object.keys(o).join();",
	 "\"k7,k14,k28,k35,k49,k13,k20,k34,k41,k5,k19,k26,k40,k47,k4,k11,k25,k32,k46,k10,k17,k31,k38,k2,k16,k23,k37,k44,k1,k8,k22,k29,k43,k0,k6,k12,k18,k24,k30,k36,k42,k48\""},
	{"0101: 2000 keys in pseudo-random order",
	 "var o = {}, s = 7, i, k; for (i = 0; i < 2000; i++) { s = (s * 69069 + 1) % 4294967296; "
	 "k = s % 3 ? 'key' + (s % 10007) : String(s % 5003); o[k] = i; } for (i = 0; i < 2000; "
	 "i += 5) delete o['key' + i]; return JSON.stringify(o);",
	 "length 27846, fnv1a e146eb70"},
	{"0101: array with extra props: Object.keys",
	 "var a = [5, 6, 7]; a.x = 1; a.b = 2; return Object.keys(a);",
	 "[\"0\",\"1\",\"2\",\"x\",\"b\"]"},
	{"0101: array with extra props: for-in",
	 "var a = [5, 6, 7], r = []; a.x = 1; a.b = 2; for (var k in a) r.push(k); return r;",
	 "[\"0\",\"1\",\"2\",\"x\",\"b\"]"},
	{"0101: array with extra props: getOwnPropertyNames",
	 "var a = [5, 6, 7]; a.x = 1; a.b = 2; return Object.getOwnPropertyNames(a);",
	 "[\"0\",\"1\",\"2\",\"length\",\"x\",\"b\"]"},
	{"0101: array with extra props: JSON.stringify",
	 "var a = [5, {b: 1, a: 2}, 7]; a.x = 1; return JSON.stringify(a);",
	 "\"[5,{\\\"b\\\":1,\\\"a\\\":2},7]\""},
	{"0101: sparse array: Object.keys",
	 "var a = [1, 2, 3]; delete a[1]; a.y = 1; a[10] = 5; a.b = 2; return Object.keys(a);",
	 "[\"0\",\"2\",\"10\",\"y\",\"b\"]"},
	{"0101: sparse array: for-in",
	 "var a = [1, 2, 3], r = []; delete a[1]; a.y = 1; a[10] = 5; a.b = 2; "
	 "for (var k in a) r.push(k); return r;",
	 "[\"0\",\"2\",\"10\",\"y\",\"b\"]"},
	{"0101: sparse array: getOwnPropertyNames",
	 "var a = [1, 2, 3]; delete a[1]; a.y = 1; a[10] = 5; a.b = 2; "
	 "return Object.getOwnPropertyNames(a);",
	 "[\"0\",\"2\",\"10\",\"length\",\"y\",\"b\"]"},
	{"0101: array built backwards",
	 "var a = []; a.z = 1; a[2] = 2; a[1] = 1; a[0] = 0; "
	 "return [Object.keys(a), Object.getOwnPropertyNames(a)];",
	 "[[\"0\",\"1\",\"2\",\"z\"],[\"0\",\"1\",\"2\",\"length\",\"z\"]]"},
	{"0101: String object with extra props",
	 "var s = new String('ab'), r = []; s.x = 1; s[5] = 1; s.b = 2; for (var k in s) r.push(k); "
	 "return [Object.keys(s), Object.getOwnPropertyNames(s), r];",
	 "[[\"0\",\"1\",\"5\",\"x\",\"b\"],[\"0\",\"1\",\"5\",\"length\",\"x\",\"b\"],[\"0\",\"1\",\"5\",\"x\",\"b\"]]"},
	{"0101: JSON.parse keeps the text's order",
	 "return JSON.stringify(JSON.parse('{\"z\":1,\"a\":{\"y\":2,\"b\":3,\"1\":4},\"0\":5,\"m\":[{\"d\":1,\"c\":2}]}'));",
	 "\"{\\\"0\\\":5,\\\"z\\\":1,\\\"a\\\":{\\\"1\\\":4,\\\"y\\\":2,\\\"b\\\":3},\\\"m\\\":[{\\\"d\\\":1,\\\"c\\\":2}]}\""},
	{"0101: JSON.parse: Object.keys",
	 "return Object.keys(JSON.parse('{\"z\":1,\"10\":2,\"a\":3,\"2\":4}'));",
	 "[\"2\",\"10\",\"z\",\"a\"]"},
	{"0101: JSON.parse: a repeated key keeps its first place",
	 "return JSON.stringify(JSON.parse('{\"a\":1,\"b\":2,\"a\":3}'));",
	 "\"{\\\"a\\\":3,\\\"b\\\":2}\""},
	{"0101: JSON.parse reviver walks in order",
	 "var seen = []; "
	 "JSON.parse('{\"b\":1,\"a\":{\"d\":1,\"c\":2},\"1\":0}', function (k, v) { seen.push(k); return v; "
	 "}); return seen;",
	 "[\"1\",\"b\",\"d\",\"c\",\"a\",\"\"]"},
	{"0101: nested objects",
	 "return JSON.stringify({b: {d: 1, c: {f: 1, e: 2}}, a: [{h: 1, g: 2}], 3: {j: 1, i: 2}});",
	 "\"{\\\"3\\\":{\\\"j\\\":1,\\\"i\\\":2},\\\"b\\\":{\\\"d\\\":1,\\\"c\\\":{\\\"f\\\":1,\\\"e\\\":2}},\\\"a\\\":[{\\\"h\\\":1,\\\"g\\\":2}]}\""},
	{"0101: JSON.stringify with indent",
	 "return JSON.stringify({b: 1, a: {d: 1, c: 2}}, null, 1);",
	 "\"{\\n \\\"b\\\": 1,\\n \\\"a\\\": {\\n  \\\"d\\\": 1,\\n  \\\"c\\\": 2\\n }\\n}\""},
	{"0101: defineProperty: new keys at the end, hidden ones too",
	 "var o = {b: 1}; Object.defineProperty(o, 'a', {value: 1, enumerable: true}); "
	 "Object.defineProperty(o, 'h', {value: 1}); o.c = 1; "
	 "return [Object.keys(o), Object.getOwnPropertyNames(o)];",
	 "[[\"b\",\"a\",\"c\"],[\"b\",\"a\",\"h\",\"c\"]]"},
	{"0101: defineProperty on an existing key keeps its place",
	 "var o = {a: 1, b: 2}; "
	 "Object.defineProperty(o, 'a', {value: 3, writable: true, enumerable: true, configurable: true}); "
	 "return Object.keys(o);",
	 "[\"a\",\"b\"]"},
	{"0101: defineProperty getter, JSON.stringify",
	 "var o = {z: 1}; Object.defineProperty(o, 'g', {get: function () { return 'G'; "
	 "}, enumerable: true}); o.a = 2; return JSON.stringify(o);",
	 "\"{\\\"z\\\":1,\\\"g\\\":\\\"G\\\",\\\"a\\\":2}\""},
	{"0101: Object.defineProperties defines in order",
	 "return Object.keys(Object.defineProperties({}, {b: {value: 1, enumerable: true}, a: {value: 2, enumerable: true}, 1: {value: 3, enumerable: true}}));",
	 "[\"1\",\"b\",\"a\"]"},
	{"0101: Object.create with properties defines in order",
	 "return Object.keys(Object.create(null, {b: {value: 1, enumerable: true}, a: {value: 2, enumerable: true}}));",
	 "[\"b\",\"a\"]"},
	{"0101: for-in: own keys, then the prototype's",
	 "var p = {b: 1, a: 2, s: 0}, o = Object.create(p), r = []; o.z = 1; o.a = 3; o.c = 1; "
	 "for (var k in o) r.push(k); return r;",
	 "[\"z\",\"a\",\"c\",\"b\",\"s\"]"},
	{"0101: for-in: a hidden own key shadows the prototype's",
	 "var p = {a: 1, b: 2}, o = Object.create(p), r = []; "
	 "Object.defineProperty(o, 'a', {value: 1}); for (var k in o) r.push(k); return r;",
	 "[\"b\"]"},
	{"0101: for-in: three levels",
	 "var g = {g2: 1, g1: 1, 1: 1}, p = Object.create(g), o, r = []; p.p2 = 1; p.g1 = 1; "
	 "o = Object.create(p); o.o = 1; o[2] = 1; for (var k in o) r.push(k); return r;",
	 "[\"2\",\"o\",\"p2\",\"g1\",\"1\",\"g2\"]"},
	{"0101: for-in: constructor and prototype",
	 "function F() { this.y = 1; this.x = 2; } F.prototype.m = 1; F.prototype.b = 2; "
	 "var r = []; for (var k in new F()) r.push(k); return r;",
	 "[\"y\",\"x\",\"m\",\"b\"]"},
	{"0101: for-in: a key deleted during the loop is skipped",
	 "var o = {a: 1, b: 2, c: 3}, r = []; for (var k in o) { r.push(k); delete o.b; } return r;",
	 "[\"a\",\"c\"]"},
	{"0101: function properties",
	 "function f() {} f.b = 1; f.a = 2; return Object.keys(f);",
	 "[\"b\",\"a\"]"},
	{"0102: an accessor survives deleting a neighbour",
	 "var x = {}; x.a = 1; x.b = 2; "
	 "Object.defineProperty(x, 'c', {get: function () { return 'C'; "
	 "}, enumerable: true, configurable: true}); x.d = 3; x.e = 4; x.f = 5; x.g = 6; "
	 "delete x.b; var one = JSON.stringify(x); delete x.d; return [one, JSON.stringify(x), x.c];",
	 "[\"{\\\"a\\\":1,\\\"c\\\":\\\"C\\\",\\\"d\\\":3,\\\"e\\\":4,\\\"f\\\":5,\\\"g\\\":6}\",\"{\\\"a\\\":1,\\\"c\\\":\\\"C\\\",\\\"e\\\":4,\\\"f\\\":5,\\\"g\\\":6}\",\"C\"]"},
	{"0103: for-in over an array",
	 "var r = []; for (var k in [5, 6, 7]) r.push(k); return r;",
	 "[\"0\",\"1\",\"2\"]"},
	{"0103: for-in over a string object",
	 "var r = []; for (var k in new String('xyz')) r.push(k); return r;",
	 "[\"0\",\"1\",\"2\"]"},
	{"0104: propertyIsEnumerable of array elements",
	 "var a = [8, 9], b = [1, 2, 3]; delete b[1]; "
	 "return [a.propertyIsEnumerable(0), a.propertyIsEnumerable('1'), a.propertyIsEnumerable(2), a.propertyIsEnumerable('length'), b.propertyIsEnumerable(0), b.propertyIsEnumerable(1), b.propertyIsEnumerable(2)];",
	 "[true,true,false,false,true,false,true]"},
	{"0700: names that share a prefix",
	 "var o = {}; o.a = 1; o.ab = 2; o.abc = 3; o.abcdefg = 4; o.abcdefgh = 5; o.abcdefghi = 6; "
	 "o.abcdefghijklmnopqrstuvw = 7; o.abcdefghijklmnopqrstuvwx = 8; return [o.a, o.ab, o.abc, o.abcd, "
	 "o.abcdefg, o.abcdefgh, o.abcdefghi, o.abcdefghij, o.abcdefghijklmnopqrstuvw, "
	 "o.abcdefghijklmnopqrstuvwx, o.abcdefghijklmnopqrstuvwxy, Object.keys(o).join()];",
	 "[1,2,3,null,4,5,6,null,7,8,null,\"a,ab,abc,abcdefg,abcdefgh,abcdefghi,abcdefghijklmnopqrstuvw,abcdefghijklmnopqrstuvwx\"]"},
	{"0700: 1,000-byte names that differ in their last byte",
	 "var x = new Array(1001).join('x'), o = {}, i; o[x + 'a'] = 1; o[x + 'b'] = 2; o[x] = 3; "
	 "o[x.slice(1)] = 4; for (i = 0; i < 20; i++) o[x + i] = i; delete o[x + 'a']; return [o[x + 'a'], "
	 "o[x + 'b'], o[x], o[x.slice(1)], o[x + '19'], o[x + '1'], Object.keys(o).length, "
	 "Object.keys(o).map(function (k) { return k.length; }).join()];",
	 "[null,2,3,4,19,1,23,\"1001,1000,999,1001,1001,1001,1001,1001,1001,1001,1001,1001,1001,1002,1002,1002,1002,1002,1002,1002,1002,1002,1002\"]"},
	{"0700: non-ASCII names, deleted and added again",
	 "var o = {}; o['\\u00e9'] = 1; o['e\\u0301'] = 2; o['\\u65e5\\u672c'] = 3; o['\\u65e5'] = 4; "
	 "o['\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9'] = 5; delete o['\\u65e5']; "
	 "o['\\u65e5'] = 6; return [o['\\u00e9'], o['e\\u0301'], o['e'], o['\\u65e5\\u672c'], o['\\u65e5'], "
	 "o['\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9\\u03a9'], o['\\u03a9'], "
	 "Object.keys(o).length, JSON.stringify(o)];",
	 "[1,2,null,3,6,5,null,5,\"{\\\"\xc3\xa9" "\\\":1,\\\"e\xcc\x81" "\\\":2,\\\"\xe6\x97\xa5" "\xe6\x9c\xac" "\\\":3,\\\"\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\xce\xa9" "\\\":5,\\\"\xe6\x97\xa5" "\\\":6}\"]"},
	{"0700: 300 names, long and short, deleted and added again, with an accessor",
	 "var o = {}, i, k, sum = 0, bad = []; for (i = 0; i < 300; i++) o['k' + i + (i % 3 ? '' : "
	 "'_with_a_rather_long_suffix_' + i)] = i; Object.defineProperty(o, 'mid', {get: function () { return "
	 "'g'; }, enumerable: true, configurable: true}); for (i = 0; i < 300; i += 2) delete o['k' + i + (i "
	 "% 3 ? '' : '_with_a_rather_long_suffix_' + i)]; for (i = 0; i < 300; i += 4) o['k' + i + (i % 3 ? "
	 "'' : '_with_a_rather_long_suffix_' + i)] = -i; for (k in o) { if (k !== 'mid') sum += o[k]; } for "
	 "(i = 0; i < 300; i++) { k = 'k' + i + (i % 3 ? '' : '_with_a_rather_long_suffix_' + i); if (i % 2 ? "
	 "o[k] !== i : i % 4 ? k in o : o[k] !== -i) bad.push(i); } return [sum, o.mid, bad.join(), "
	 "Object.keys(o).length, Object.keys(o).join().length];",
	 "[11400,\"g\",\"\",226,3266]"},
	{"0700: deleting during for-in",
	 "var o = {first_rather_long_name_1: 1, b: 2, third_rather_long_name_3: 3, d: 4, e: 5}, r = []; for "
	 "(var k in o) { delete o[k]; if (k === 'b') delete o.d; o['new_' + k] = 1; r.push(k + '=' + o['new_' "
	 "+ k]); } return [r.join(), Object.keys(o).join()];",
	 "[\"first_rather_long_name_1=1,b=1,third_rather_long_name_3=1,e=1\",\"new_first_rather_long_name_1,new_b,new_third_rather_long_name_3,new_e\"]"},
	{"0700: delete then add a longer name, 100 times",
	 "var o = {}, i; for (i = 0; i < 100; i++) { o['p' + i] = i; delete o['p' + i]; o['p' + i + 'q'] = i; "
	 "} return [Object.keys(o).length, o.p5, o.p5q, o.p99q, Object.keys(o).slice(0, 3).join()];",
	 "[100,null,5,99,\"p0q,p1q,p2q\"]"},
	{"0700: getOwnPropertyDescriptor, defineProperties, Object.create with long names",
	 "var o = {alpha_beta_gamma_delta: 1, z: 2}, d = Object.getOwnPropertyDescriptor(o, "
	 "'alpha_beta_gamma_delta'); Object.defineProperties(o, {long_name_defined_here_1: {value: 7, "
	 "enumerable: true}, s: {value: 8, enumerable: true}}); return [d.value, Object.keys(o).join(), "
	 "o.long_name_defined_here_1, Object.getOwnPropertyNames(o).join(), "
	 "JSON.stringify(Object.create(null, {a_long_created_name: {value: 1, enumerable: true}}))];",
	 "[1,\"alpha_beta_gamma_delta,z,long_name_defined_here_1,s\",7,\"alpha_beta_gamma_delta,z,long_name_defined_here_1,s\",\"{\\\"a_long_created_name\\\":1}\"]"},
	{"0700: the keys a proxy's ownKeys gives, computed and long (copied, not interned)",
	 "var h = {ownKeys: function () { var k = []; for (var i = 0; i < 3; i++) "
	 "k.push('a_rather_long_proxy_key_' + i); k.push('b'); return k; }, getOwnPropertyDescriptor: "
	 "function (t, k) { return {value: k.length, enumerable: k !== 'b', configurable: true}; }}, p = new "
	 "Proxy({}, h), r = []; for (var k in p) r.push(k); return [Object.keys(p), r, "
	 "Object.getOwnPropertyNames(p).length];",
	 "[[\"a_rather_long_proxy_key_0\",\"a_rather_long_proxy_key_1\",\"a_rather_long_proxy_key_2\"],[\"a_rather_long_proxy_key_0\",\"a_rather_long_proxy_key_1\",\"a_rather_long_proxy_key_2\"],4]"},
	{"0700: symbol keys deleted and added again: getOwnPropertySymbols order",
	 "var s = [], o = {}, i; for (i = 0; i < 40; i++) { s.push(Symbol('s' + i)); o[s[i]] = i; if (i % "
	 "4 == 0) o['k' + i] = i; } for (i = 0; i < 40; i += 3) delete o[s[i]]; for (i = 0; i < 40; i += "
	 "6) o[s[i]] = -i; return [Object.getOwnPropertySymbols(o).map(function (x) { return x.description "
	 "+ '=' + o[x]; }).join(), Object.keys(o).join(), Reflect.ownKeys(o).length, o[s[3]], s[3] in o, "
	 "s[4] in o, o.hasOwnProperty(s[6])];",
	 "[\"s1=1,s2=2,s4=4,s5=5,s7=7,s8=8,s10=10,s11=11,s13=13,s14=14,s16=16,s17=17,s19=19,s20=20,s22=22,s23=23,s25=25,s26=26,s28=28,s29=29,s31=31,s32=32,s34=34,s35=35,s37=37,s38=38,s0=0,s6=-6,s12=-12,s18=-18,s24=-24,s30=-30,s36=-36\",\"k0,k4,k8,k12,k16,k20,k24,k28,k32,k36\",43,null,false,true,true]"},
	{"0700: a symbol-keyed accessor survives deleting its neighbours",
	 "var a = Symbol('a'), b = Symbol('b'), c = Symbol('c'), d = Symbol('d'), o = {}; o[a] = 1; o[b] = "
	 "2; Object.defineProperty(o, c, {get: function () { return 'C'; }, enumerable: true, "
	 "configurable: true}); o[d] = 4; o.x = 5; delete o[b]; delete o[a]; var one = [o[c], o[d], "
	 "Object.getOwnPropertySymbols(o).map(String).join(), Object.getOwnPropertyDescriptor(o, "
	 "c).get()]; return [one, delete o[c], o[c], Object.getOwnPropertySymbols(o).map(String).join(), "
	 "Reflect.ownKeys(o).map(String).join()];",
	 "[[\"C\",4,\"Symbol(c),Symbol(d)\",\"C\"],true,null,\"Symbol(d)\",\"x,Symbol(d)\"]"},
	{"0700: symbol keys deleted during for-in",
	 "var s1 = Symbol('one'), s2 = Symbol('two'), o = {a: 1}, r = []; o[s1] = 1; o.b = 2; o[s2] = 2; "
	 "o.c = 3; for (var k in o) { r.push(k); delete o[s1]; delete o.b; } return [r, JSON.stringify(o), "
	 "Object.getOwnPropertySymbols(o).map(String).join(), o[s2]];",
	 "[[\"a\",\"c\"],\"{\\\"a\\\":1,\\\"c\\\":3}\",\"Symbol(two)\",2]"},
	{"0700: defineProperties and create with symbol keys",
	 "var s = Symbol('p'), props = {a: {value: 1, enumerable: true}}; props[s] = {value: 2, "
	 "enumerable: true}; var o = Object.defineProperties({}, props); return [o.a, o[s], "
	 "Object.getOwnPropertySymbols(o)[0] === s, Object.create(null, props)[s], Object.keys(o).join()];",
	 "[1,2,true,2,\"a\"]"},
	{"0700: a proxy's symbol keys",
	 "var s = Symbol('ps'), t = {a: 1}, r = []; t[s] = 2; t.b = 3; var p = new Proxy(t, {}); for (var "
	 "k in p) r.push(k); return [Reflect.ownKeys(p).map(String).join(), "
	 "Object.getOwnPropertySymbols(p).map(String).join(), Object.keys(p).join(), r.join(), p[s], "
	 "delete p[s], Reflect.ownKeys(t).map(String).join()];",
	 "[\"a,b,Symbol(ps)\",\"Symbol(ps)\",\"a,b\",\"a,b\",2,true,\"a,b\"]"},
	{"0703: String objects of long, short and non-ASCII strings",
	 "var a = 'a string longer than fifteen bytes', s = new String(a + '!'), t = new String('short'), u = "
	 "Object('\\u00e9t\\u00e9'); s.extra = 1; return [s.length, s.charAt(3), s.valueOf(), String(s), s + "
	 "'?', typeof s, s.toString() === a + '!', JSON.stringify([s, t, u]), t.length, t.valueOf(), "
	 "u.length, u.charAt(1), s.extra, Object.keys(t).join(), a.length, a.indexOf('longer'), 'lit'.length];",
	 "[35,\"t\",\"a string longer than fifteen bytes!\",\"a string longer than fifteen bytes!\",\"a string longer than fifteen bytes!?\",\"object\",true,\"[\\\"a string longer than fifteen bytes!\\\",\\\"short\\\",\\\"\xc3\xa9" "t\xc3\xa9" "\\\"]\",5,\"short\",3,\"t\",1,\"0,1,2,3,4\",34,9,3]"},
	{"0703: valueOf of String objects made from computed strings",
	 "var v = [], i; for (i = 0; i < 50; i++) v.push(new String('computed string number ' + i + ' of "
	 "fifty').valueOf()); return [v[0], v[49], v.join('').length];",
	 "[\"computed string number 0 of fifty\",\"computed string number 49 of fifty\",1690]"},
};

static unsigned fnv1a(const char *s)
{
	unsigned h = 0x811c9dc5u;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x01000193u;
	}
	return h;
}

/* mujs_run's JSON text, or its length and hash when it is long (the
 * distinct-names cases print tens of kilobytes). */
static const char *run(js_State *J, const char *body, char *out, size_t n)
{
	static char full[1 << 16];
	mujs_run(J, body, full, sizeof full);
	if (strlen(full) > 300)
		snprintf(out, n, "length %zu, fnv1a %08x", strlen(full), fnv1a(full));
	else
		snprintf(out, n, "%s", full);
	return out;
}

/* The C iterator render/walk.c reads props with (js_pushiterator). */
static const char *c_iterator(js_State *J, const char *expr, char *out, size_t n)
{
	const char *k;
	size_t len = 0;
	out[0] = 0;
	js_dostring(J, expr);
	js_getglobal(J, "__o");
	js_pushiterator(J, -1, 1);
	while ((k = js_nextiterator(J, -1)))
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", len ? "," : "", k);
	js_pop(J, 2);
	return out;
}

/* 1520: js_pushownvalues on the value of expr: "name=value,..." in the
 * order it gives them, or "-1" (then it must have pushed nothing), with
 * "(stack moved)" when the stack is not as the count says. */
static const char *own_values(js_State *J, const char *expr, int max, char *out, size_t n)
{
	const char *names[64];
	size_t len = 0;
	out[0] = 0;
	char src[512];
	snprintf(src, sizeof src, "(function () { %s })()", expr);
	if (js_ploadstring(J, "[own]", src) || (js_pushundefined(J), js_pcall(J, 0))) {
		snprintf(out, n, "error: %s", js_trystring(J, -1, "?"));
		js_pop(J, 1);
		return out;
	}
	int top = js_gettop(J);
	int got = js_pushownvalues(J, -1, names, max);
	if (js_gettop(J) != top + (got > 0 ? got : 0)) {
		snprintf(out, n, "(stack moved)");
		js_pop(J, js_gettop(J) - top + 1);
		return out;
	}
	if (got < 0)
		snprintf(out, n, "-1");
	for (int i = 0; i < got; i++)
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s=%s", len ? "," : "", names[i],
					js_trystring(J, top + i, "?"));
	js_pop(J, js_gettop(J) - top + 1);
	return out;
}

/* 1523: js_toprotopointer of the value of expr against js_topointer of
 * the value of proto: "same", "other" or "null" (when it gave NULL). */
static const char *proto_pointer(js_State *J, const char *proto, const char *expr)
{
	char src[512];
	snprintf(src, sizeof src, "(function () { var P = %s; return [P, (function () { %s })()]; })()", proto, expr);
	if (js_ploadstring(J, "[proto]", src) || (js_pushundefined(J), js_pcall(J, 0))) {
		js_pop(J, 1);
		return "error";
	}
	js_getindex(J, -1, 0);
	js_getindex(J, -2, 1);
	const void *want = js_topointer(J, -2), *got = js_toprotopointer(J, -1);
	js_pop(J, 3);
	return !got ? "null" : got == want ? "same" : "other";
}

/* 0700: the C iterator's name stays valid until the next call, even when the
 * loop deletes that property and a new one takes its freed block. */
static const char *c_iterator_delete(js_State *J, char *out, size_t n)
{
	const char *k;
	size_t len = 0;
	int i = 0;
	out[0] = 0;
	js_dostring(J, "var __d = {alpha_property_number_one: 1, b: 2, gamma_property_number_three: 3};");
	js_getglobal(J, "__d");
	js_pushiterator(J, -1, 1);
	while ((k = js_nextiterator(J, -1))) {
		char fresh[64];
		js_delproperty(J, -2, k);
		snprintf(fresh, sizeof fresh, "zzzzzzzzzzzzzzzzzzzzzzzzzz_%d", i++);
		js_pushnumber(J, i);
		js_setproperty(J, -3, fresh);
		len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s%s", len ? "," : "", k);
	}
	js_pop(J, 2);
	return out;
}

/* A counting allocator: the bytes mujs holds now, and the most it held. */
struct tally {
	size_t now, peak;
};

static void *tally_alloc(void *actx, void *ptr, int size)
{
	struct tally *t = actx;
	size_t *block = ptr ? (size_t *)ptr - 2 : NULL;
	if (block)
		t->now -= block[0];
	if (size == 0) {
		free(block);
		return NULL;
	}
	block = realloc(block, (size_t)size + 2 * sizeof(size_t));
	if (!block)
		return NULL;
	block[0] = (size_t)size;
	t->now += (size_t)size;
	if (t->now > t->peak)
		t->peak = t->now;
	return block + 2;
}

/* 0700: a million distinct computed keys on short-lived objects. With
 * interned names every one of them stayed in the interned-string table for
 * the life of the state (~40 MB here); now a key goes with its object. */
static void distinct_keys(void)
{
	struct tally t = {0, 0};
	js_State *J = js_newstate(tally_alloc, &t, 0);
	js_dostring(J, "function __keys(from, n) { var i, o, s = 0; for (i = from; i < from + n; i++) "
		       "{ o = {}; o['key_' + i] = i; o['a_much_longer_computed_key_' + i] = i; "
		       "s += o['key_' + i]; } return s; }");
	js_dostring(J, "__keys(0, 1000);");
	js_gc(J, 0);
	size_t before = t.now;
	js_dostring(J, "var __s = __keys(1000, 1000000);");
	js_gc(J, 0);
	size_t after = t.now;
	js_getglobal(J, "__s");
	CHECK("0700: a million computed keys: the loop ran", js_tonumber(J, -1) == 500999500000.0);
	js_pop(J, 1);
	printf("0700: live bytes %zu before, %zu after 2,000,000 distinct keys (peak %zu)\n", before, after, t.peak);
	CHECK("0700: a million distinct computed keys leave the heap as it was (within 64 KiB)",
	      after < before + 65536);

	/* 0703: reading a property of a primitive string makes a String
	 * object, which interned the whole string (~36 MB for these) */
	js_dostring(J, "function __lens(from, n) { var i, s = 0; for (i = from; i < from + n; i++) "
		       "s += ('a string read through ToObject ' + i).length + ('s' + i).charAt(0).length; return s; }");
	js_dostring(J, "__lens(0, 1000);");
	js_gc(J, 0);
	before = t.now;
	js_dostring(J, "var __n = __lens(1000, 1000000);");
	js_gc(J, 0);
	after = t.now;
	js_getglobal(J, "__n");
	CHECK("0703: a million strings read: the loop ran", js_tonumber(J, -1) == 37893000.0);
	js_pop(J, 1);
	printf("0703: live bytes %zu before, %zu after 1,000,000 distinct strings read (peak %zu)\n", before, after, t.peak);
	CHECK("0703: a million distinct strings read through ToObject leave the heap as it was (within 64 KiB)",
	      after < before + 65536);
	js_freestate(J);
}

/* 0703: the string valueOf gives outlives its String object. */
static void string_value_outlives_object(js_State *J)
{
	char got[256];
	js_dostring(J, "var __v = (function () { var o = new String(['a heap string', 'made at run time'].join(' ')); "
		       "return o.valueOf(); })();");
	js_gc(J, 0);
	js_dostring(J, "var __junk = []; for (var __i = 0; __i < 1000; __i++) __junk.push('another heap string ' + __i);");
	js_getglobal(J, "__v");
	snprintf(got, sizeof got, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	CHECK_STR("0703: valueOf's string after its String object was collected", got, "a heap string made at run time");
}

/* After 2^32 - 1 insertions into one object its properties are numbered
 * again from 0, in their order: the counter is set near its end. */
static void renumbering(js_State *J)
{
	char got[256];
	js_dostring(J, "var __w = {c: 1, a: 2, 5: 0, b: 3};");
	js_getglobal(J, "__w");
	js_Object *w = js_toobject(J, -1);
	w->nextorder = 0xFFFFFFFEu;
	js_pop(J, 1);
	CHECK_STR("0101: renumbered when the counter runs out",
		  run(J, "__w.z = 4; __w.y = 5; __w.x = 6; delete __w.a; __w.a = 7; return Object.keys(__w);", got, sizeof got),
		  "[\"5\",\"c\",\"b\",\"z\",\"y\",\"x\",\"a\"]");
	CHECK("0101: numbers from 0 again", w->nextorder == 8);
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, run(J, cases[i].body, got, sizeof got), cases[i].want);
	CHECK_STR("0101: js_pushiterator (C API)",
		  c_iterator(J, "var __o = {b: 1, a: 2, 10: 3, 9: 4}; __o.c = 5; delete __o.b; __o.b = 6;", got, sizeof got),
		  "9,10,a,c,b");
	CHECK_STR("0700: js_nextiterator's name outlives deleting its property",
		  c_iterator_delete(J, got, sizeof got),
		  "alpha_property_number_one,b,gamma_property_number_three");
	CHECK_STR("1520: js_pushownvalues, insertion order after a delete and a re-add",
		  own_values(J, "var o = {b: 1, a: 2, c: 3}; delete o.b; o.d = 4; o.b = 5; return o;", 32, got, sizeof got),
		  "a=2,c=3,d=4,b=5");
	CHECK_STR("1520: js_pushownvalues leaves out non-enumerable and symbol keys, inherited ones",
		  own_values(J, "var o = Object.create({inherited: 1}); o.x = 'y'; "
			     "Object.defineProperty(o, 'hidden', {value: 2, enumerable: false}); o[Symbol('s')] = 3; o.z = null; return o;",
			     32, got, sizeof got),
		  "x=y,z=null");
	CHECK_STR("1520: js_pushownvalues of an empty object", own_values(J, "return {};", 32, got, sizeof got), "");
	CHECK_STR("1520: js_pushownvalues refuses a getter", own_values(J, "return {a: 1, get b() { return 2; }};", 32, got, sizeof got), "-1");
	CHECK_STR("1520: js_pushownvalues refuses an index key (V8 enumerates those first)",
		  own_values(J, "return {b: 1, 7: 2};", 32, got, sizeof got), "-1");
	CHECK_STR("1520: js_pushownvalues refuses an array", own_values(J, "return [1, 2];", 32, got, sizeof got), "-1");
	CHECK_STR("1520: js_pushownvalues refuses a proxy", own_values(J, "return new Proxy({a: 1}, {});", 32, got, sizeof got), "-1");
	CHECK_STR("1520: js_pushownvalues refuses more than max keys",
		  own_values(J, "return {a: 1, b: 2, c: 3};", 2, got, sizeof got), "-1");
	CHECK_STR("1520: js_pushownvalues takes exactly max keys",
		  own_values(J, "return {a: 1, b: 2};", 2, got, sizeof got), "a=1,b=2");
	CHECK_STR("1520: js_pushownvalues of a number is -1", own_values(J, "return 5;", 32, got, sizeof got), "-1");
	CHECK_STR("1523: js_toprotopointer of an object literal is Object.prototype's",
		  proto_pointer(J, "Object.prototype", "return {a: 1};"), "same");
	CHECK_STR("1523: js_toprotopointer of Object.create(p) is p's",
		  proto_pointer(J, "{x: 1}", "return Object.create(P);"), "same");
	CHECK_STR("1523: js_toprotopointer of another object's child is not p's",
		  proto_pointer(J, "{x: 1}", "return Object.create({x: 1});"), "other");
	CHECK_STR("1523: js_toprotopointer of an array is Array.prototype's",
		  proto_pointer(J, "Array.prototype", "return [1];"), "same");
	CHECK_STR("1523: js_toprotopointer of Object.create(null) is NULL",
		  proto_pointer(J, "Object.prototype", "return Object.create(null);"), "null");
	CHECK_STR("1523: js_toprotopointer of a proxy is NULL (its trap decides)",
		  proto_pointer(J, "Object.prototype", "return new Proxy({}, {});"), "null");
	CHECK_STR("1523: js_toprotopointer of a number is NULL", proto_pointer(J, "Number.prototype", "return 5;"), "null");
	renumbering(J);
	renumbering(J);
	string_value_outlives_object(J);
	/* the insertion number costs no memory: it fits where level and atts
	 * were ints; the name follows in the same block (0700) and the getter
	 * and setter moved out (0702), so a property with a name of up to 15
	 * bytes is 64 bytes, as every property was with interned names */
	if (sizeof(void *) == 8)
		CHECK("0702: a property with a name of up to 15 bytes is 64 bytes",
		      offsetof(js_Property, name) + 16 == 64);
	js_freestate(J);
	distinct_keys();
	TEST_EXIT();
}
