/* mujs_array_test.c — kit's patches 0400-0401 to mujs (mujs/patches/,
 * mujs/README.md): arrays have holes as in V8 (0400), and
 * Array.prototype.sort is V8's TimSort, comparator calls included (0401).
 *
 * Each case is an ES5 function body. The check runs
 *   JSON.stringify((function () { BODY })())
 * in the statically linked mujs and compares it with what Node 20 printed for
 * the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))' */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_run.h"
#include "test.h"

struct array_case {
	const char *name, *body, *want;
};

static const struct array_case cases[] = {
	{"0400: 0 in [, 1]",
	 "var a = [, 1]; return [0 in a, 1 in a, a.length];",
	 "[false,true,2]"},
	{"0400: trailing elisions",
	 "return [[1, , ].length, [, ].length, [, , ].length, 1 in [1, , ]];",
	 "[2,1,2,false]"},
	{"0400: new Array(5) has five holes",
	 "var a = new Array(5); return [a.length, 0 in a, 4 in a, Object.keys(a).length];",
	 "[5,false,false,0]"},
	{"0400: delete leaves a hole, length kept",
	 "var a = [1, 2, 3]; var d = delete a[1]; return [d, 1 in a, a.length, Object.keys(a), a.hasOwnProperty(1)];",
	 "[true,false,3,[\"0\",\"2\"],false]"},
	{"0400: hasOwnProperty and propertyIsEnumerable of a hole",
	 "var a = [1, , 3]; return [a.hasOwnProperty(1), a.propertyIsEnumerable(1), a.hasOwnProperty(2), a.propertyIsEnumerable(2)];",
	 "[false,false,true,true]"},
	{"0400: an undefined element is not a hole",
	 "var a = [undefined, void 0]; a[2] = undefined; a.push(undefined); return [0 in a, 1 in a, 2 in a, 3 in a, Object.keys(a)];",
	 "[true,true,true,true,[\"0\",\"1\",\"2\",\"3\"]]"},
	{"0400: forEach, filter, some, every skip holes",
	 "var n = 0, a = [1, , 3]; a.forEach(function () { n++; }); return [n, a.filter(function () { return true; }).length, a.some(function (x) { return x === undefined; }), a.every(function (x) { return x !== undefined; })];",
	 "[2,2,false,true]"},
	{"0400: map keeps holes",
	 "var r = [1, , 3].map(function (x) { return x * 2; }); return [r.length, 1 in r, r[0], r[2]];",
	 "[3,false,2,6]"},
	{"0400: reduce and reduceRight skip holes",
	 "return [[1, , 3].reduce(function (a, b) { return a + ',' + b; }), [1, , 3].reduceRight(function (a, b) { return a + ',' + b; }), [, 5].reduce(function (a, b) { return a + b; })];",
	 "[\"1,3\",\"3,1\",5]"},
	{"0400: indexOf and lastIndexOf skip holes",
	 "return [[1, , 3].indexOf(undefined), [1, , 3].lastIndexOf(undefined), [1, undefined, 3].indexOf(undefined)];",
	 "[-1,-1,1]"},
	{"0400: join reads holes as empty",
	 "return [1, , 3, , ].join('-');",
	 "\"1--3-\""},
	{"0400: for-in and Object.keys skip holes",
	 "var r = []; for (var k in [1, , 3, , 5]) r.push(k); return [r, Object.keys([, 'a', , 'b'])];",
	 "[[\"0\",\"2\",\"4\"],[\"1\",\"3\"]]"},
	{"0400: a hole reads the prototype",
	 "Array.prototype[1] = 'p'; var a = [0, , 2]; var r = [a[1], 1 in a, a.hasOwnProperty(1), a.join()]; delete Array.prototype[1]; return r;",
	 "[\"p\",true,false,\"0,p,2\"]"},
	{"0400: a write past the end leaves holes",
	 "var a = []; a[3] = 'x'; return [a.length, 0 in a, 3 in a, Object.keys(a)];",
	 "[4,false,true,[\"3\"]]"},
	{"0400: a[1e6] on an empty array",
	 "var a = []; a[1e6] = 1; a[5] = 2; return [a.length, Object.keys(a), 6 in a];",
	 "[1000001,[\"5\",\"1000000\"],false]"},
	{"0400: length grows with holes, shrinks",
	 "var a = [1, 2, 3]; a.length = 6; var r = [a.length, 4 in a, a.join()]; a.length = 1; a[3] = 4; return r.concat([a.join(), 1 in a, a.length]);",
	 "[6,false,\"1,2,3,,,\",\"1,,,4\",false,4]"},
	{"0400: concat and slice keep holes",
	 "var c = [1, , 3].concat([4, , ]), s = Array.prototype.slice.call({length: 3, 1: 'x'}); return [c.length, 1 in c, 4 in c, 5 in c, s.length, 0 in s, s[1], [1, , 3].slice(1).length];",
	 "[5,false,false,false,3,false,\"x\",2]"},
	{"0400: reverse, shift, unshift, splice move holes",
	 "var a = [1, , 3]; a.reverse(); var b = [1, , 3]; b.shift(); var c = [1, , 3]; c.unshift(0); var d = [1, , 3, 4]; d.splice(0, 1); return [1 in a, 0 in b, 2 in c, 0 in d, d.length];",
	 "[false,false,false,false,3]"},
	{"0400: pop and push around a hole",
	 "var a = [1, , 3]; a.pop(); a.push(9); return [a.length, 1 in a, a[2]];",
	 "[3,false,9]"},
	{"0400: JSON.stringify and String of holes",
	 "return [JSON.stringify([1, , 3]), String([, 1, , ])];",
	 "[\"[1,null,3]\",\",1,\"]"},
	{"0400: sort moves holes after undefined",
	 "var a = [3, undefined, 1, , 2, , ]; a.sort(); return [a.length, a[3] === undefined, 3 in a, 4 in a, 5 in a, a.slice(0, 3)];",
	 "[6,true,true,false,false,[1,2,3]]"},
	{"0400: a filled array stays fast",
	 "var a = [], i; for (i = 0; i < 100000; i++) a[i * 2] = i; return [a.length, a[199998], 1 in a, 2 in a];",
	 "[199999,99999,false,true]"},
	{"0400: Object.getOwnPropertyNames of a holey array",
	 "return Object.getOwnPropertyNames([1, , 3]);",
	 "[\"0\",\"2\",\"length\"]"},
	{"0401: () => 1 keeps the order",
	 "return [3, 1, 2, 5, 4].sort(function () { return 1; });",
	 "[3,1,2,5,4]"},
	{"0401: () => -1 reverses",
	 "return [3, 1, 2, 5, 4].sort(function () { return -1; });",
	 "[4,5,2,1,3]"},
	{"0401: boolean comparator a > b",
	 "var n = 0; var r = [3, 1, 2, 5, 4, 9, 7, 8, 6, 0].sort(function (a, b) { n++; return a > b; }); return [r, n];",
	 "[[3,1,2,5,4,9,7,8,6,0],9]"},
	{"0401: boolean comparator on 100 elements",
	 "var a = [], i; for (i = 0; i < 100; i++) a.push((i * 37) % 101); return a.sort(function (x, y) { return x > y; }).join(',');",
	 "\"0,37,74,10,47,84,20,57,94,30,67,3,40,77,13,50,87,23,60,97,33,70,6,43,80,16,53,90,26,63,100,36,73,9,46,83,19,56,93,29,66,2,39,76,12,49,86,22,59,96,32,69,5,42,79,15,52,89,25,62,99,35,72,8,45,82,18,55,92,28,65,1,38,75,11,48,85,21,58,95,31,68,4,41,78,14,51,88,24,61,98,34,71,7,44,81,17,54,91,27\""},
	{"0401: NaN and undefined results count as 0",
	 "return [[3, 1, 2].sort(function () { return NaN; }), [3, 1, 2].sort(function () {}), [3, 1, 2].sort(function (a, b) { return String(a - b); })];",
	 "[[3,1,2],[3,1,2],[1,2,3]]"},
	{"0401: the pairs a comparator sees",
	 "var calls = []; [5, 1, 4, 2, 3].sort(function (a, b) { calls.push(a + '' + b); return a - b; }); return calls.join(' ');",
	 "\"15 41 45 41 24 21 34 32\""},
	{"0401: inconsistent comparator",
	 "return [5, 3, 8, 1, 9, 2, 7, 4, 6, 0, 11, 13, 12, 10].sort(function (a, b) { return (a * 7 + b * 3) % 5 - 2; });",
	 "[7,2,4,9,11,6,1,13,8,3,10,0,5,12]"},
	{"0401: inconsistent comparator, 40 elements",
	 "var a = [], i; for (i = 0; i < 40; i++) a.push((i * 37) % 41); return a.sort(function (x, y) { return (x + y) % 3 - 1; }).join(',');",
	 "\"0,37,21,33,5,38,26,14,2,35,23,11,32,20,8,25,13,1,34,22,10,31,29,17,12,24,36,3,15,27,39,6,18,30,9,19,7,40,28,16\""},
	{"0401: pseudo-random comparator, 500 elements",
	 "var a = [], i, s = 1, n = 0; for (i = 0; i < 500; i++) a.push(i % 97); a.sort(function (x, y) { n++; s = (s * 69069 + 1) % 4294967296; return s % 3 - 1; }); return [n, a.slice(0, 12), a.slice(-5)];",
	 "[3178,[58,63,2,13,18,3,5,47,8,0,1,44],[25,96,51,35,91]]"},
	{"0401: galloping merge, 3000 elements",
	 "var a = [], i, n = 0; for (i = 0; i < 3000; i++) a.push((i % 500) * 3 + (i % 7 === 0 ? i % 50 : 0)); a.sort(function (x, y) { n++; return x - y; }); return [n, a[0], a[1500], a[2999]];",
	 "[21552,0,753,1546]"},
	{"0401: stable",
	 "var a = [], i; for (i = 0; i < 100; i++) a.push({ k: (i * 7) % 5, i: i }); return a.sort(function (x, y) { return x.k - y.k; }).map(function (x) { return x.i; }).join(',');",
	 "\"0,5,10,15,20,25,30,35,40,45,50,55,60,65,70,75,80,85,90,95,3,8,13,18,23,28,33,38,43,48,53,58,63,68,73,78,83,88,93,98,1,6,11,16,21,26,31,36,41,46,51,56,61,66,71,76,81,86,91,96,4,9,14,19,24,29,34,39,44,49,54,59,64,69,74,79,84,89,94,99,2,7,12,17,22,27,32,37,42,47,52,57,62,67,72,77,82,87,92,97\""},
	{"0401: default order is by string",
	 "return [[10, 1, 5, 100, 50].sort(), [undefined, 3, null, 'b', 'B', 1, NaN, true].sort()];",
	 "[[1,10,100,5,50],[1,3,\"B\",null,\"b\",null,true,null]]"},
	{"0401: undefined after the rest, never compared",
	 "var seen = 0, a = [3, undefined, 1, , 2]; a.sort(function (x, y) { if (x === undefined || y === undefined) seen++; return x - y; }); return [seen, a.length, a[3] === undefined, 3 in a, 4 in a];",
	 "[0,5,true,true,false]"},
	{"0401: a throwing comparator leaves the array",
	 "var a = [3, 1, 2], n = 0; try { a.sort(function (x, y) { if (++n === 2) throw new Error('x'); return x - y; }); } catch (e) { return [a, n, e.message]; }",
	 "[[3,1,2],2,\"x\"]"},
	{"0401: a comparator that is not a function",
	 "var r = []; [null, 'x', 1, {}].forEach(function (c) { try { [2, 1].sort(c); r.push('sorted'); } catch (e) { r.push(e.name); } }); return r;",
	 "[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\"]"},
	{"0401: array-likes and the returned object",
	 "var o = { 0: 'c', 1: 'a', 2: 'b', length: 3 }, a = [2, 1]; Array.prototype.sort.call(o); return [o[0], o[1], o[2], a.sort() === a];",
	 "[\"a\",\"b\",\"c\",true]"},
};

/* JSON.stringify of what the body returns, in out; "(threw)" when it throws. */
int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	js_freestate(J);
	TEST_EXIT();
}
