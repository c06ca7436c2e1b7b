/* mujs_array_test.c — kit's patches 0400-0401 and 1000-1002 to mujs
 * (mujs/patches/, mujs/README.md): arrays have holes as in V8 (0400),
 * Array.prototype.sort is V8's TimSort, comparator calls included (0401),
 * ArrayBuffer, the typed arrays and DataView (1000), ES2023's copying array
 * methods (1001), WeakRef and FinalizationRegistry (1002), SharedArrayBuffer
 * and Atomics (1004); js_getlength reads an array's own length (1521).
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
	/* 1630: an array literal's items appended in place (answers from Node 20) */
	{"1630: literal items, elisions as holes, undefined kept",
	 "var a = [1, , undefined, [2, 3], , 'x']; return [a.length, 1 in a, 2 in a, 4 in a, a[3].length, a[5]];",
	 "[6,false,true,false,2,\"x\"]"},
	{"1630: a literal past the first capacity (8) grows",
	 "var a = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]; return [a.length, a[17], a.join('').length];",
	 "[18,17,26]"},
	{"1630: a setter on Array.prototype is not run by a literal",
	 "var hit = 0; Object.defineProperty(Array.prototype, '0', {set: function () { hit++; }, configurable: true});"
	 " var a = [5, 6]; delete Array.prototype[0]; return [hit, a[0], a.hasOwnProperty(0)];",
	 "[0,5,true]"},
	{"1630: literals in a loop are distinct arrays",
	 "var out = []; for (var i = 0; i < 3; i++) out.push([i, i * 2]); out[0].push(9); return [out[0].length, out[1].length, out[2][1]];",
	 "[3,2,4]"},
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
	{"1000: Uint8Array conversions, out-of-range reads and writes",
	 "var a = new Uint8Array([1, -1, 300, 1.5, NaN, -129]); a[10] = 5; a[-1] = 5; return [Array.prototype.slice.call(a), a[6], a[-1], a['1.5'], a.length, Object.keys(a).length];",
	 "[[1,255,44,1,0,127],null,null,null,6,6]"},
	{"1000: the integer kinds wrap modulo 2^n",
	 "return [Array.prototype.slice.call(new Int8Array([127, 128, -129, 255])), Array.prototype.slice.call(new Int16Array([32768, -32769, 65536])), Array.prototype.slice.call(new Uint16Array([-1, 65537])), Array.prototype.slice.call(new Int32Array([2147483648, 4294967301, -2147483649])), Array.prototype.slice.call(new Uint32Array([-1, 4294967296, 1e20]))];",
	 "[[127,-128,127,-1],[-32768,32767,0],[65535,1],[-2147483648,5,2147483647],[4294967295,0,1661992960]]"},
	{"1000: Uint8ClampedArray rounds ties to even",
	 "return Array.prototype.slice.call(new Uint8ClampedArray([0.5, 1.5, 2.5, 254.5, 255.5, -0.5, 300, -5, NaN, Infinity]));",
	 "[0,2,2,254,255,0,255,0,0,255]"},
	{"1000: Float32Array rounds to single precision",
	 "var f = new Float32Array([0.1, 16777217, 1e40, -1e-50]); return [f[0], f[1], f[2], f[3], String(1 / f[3])];",
	 "[0.10000000149011612,16777216,null,0,\"-Infinity\"]"},
	{"1000: views share their buffer",
	 "var b = new ArrayBuffer(8); var u = new Uint8Array(b); var w = new Uint32Array(b, 4, 1); w[0] = 0x01020304; var s = u.subarray(2, 6); s[0] = 9; return [Array.prototype.slice.call(u), s.byteOffset, s.length, w.byteOffset, b.byteLength, b.slice(4).byteLength];",
	 "[[0,0,9,0,4,3,2,1],2,4,4,8,4]"},
	{"1000: JSON.stringify, Object.keys, for-in and in",
	 "var a = new Int16Array([5, -6]); var r = []; for (var k in a) r.push(k); return [JSON.stringify(a), Object.keys(a), r, 1 in a, 2 in a, a.hasOwnProperty(0), Object.getOwnPropertyNames(a)];",
	 "[\"{\\\"0\\\":5,\\\"1\\\":-6}\",[\"0\",\"1\"],[\"0\",\"1\"],true,false,true,[\"0\",\"1\"]]"},
	{"1000: Object.prototype.toString and the prototype chain",
	 "var a = new Float64Array(1); return [Object.prototype.toString.call(a), Object.prototype.toString.call(a.buffer), Object.prototype.toString.call(new DataView(a.buffer)), Object.getPrototypeOf(Int8Array) === Object.getPrototypeOf(Uint8Array), Object.getPrototypeOf(Int8Array.prototype) === Object.getPrototypeOf(Float64Array.prototype), a instanceof Float64Array, Array.isArray(a), Float64Array.BYTES_PER_ELEMENT, a.BYTES_PER_ELEMENT];",
	 "[\"[object Float64Array]\",\"[object ArrayBuffer]\",\"[object DataView]\",true,true,true,false,8,8]"},
	{"1000: map, filter, reduce, join, indexOf, includes",
	 "var a = new Uint8Array([5, 1, 4]); var m = a.map(function (x) { return x * 100; }); return [Object.prototype.toString.call(m), Array.prototype.slice.call(m), Array.prototype.slice.call(a.filter(function (x) { return x > 1; })), a.reduce(function (s, x) { return s + x; }), a.join('-'), a.indexOf(4), new Float32Array([NaN]).includes(NaN), new Float32Array([NaN]).indexOf(NaN)];",
	 "[\"[object Uint8Array]\",[244,100,144],[5,4],10,\"5-1-4\",2,true,-1]"},
	{"1000: sort is numeric, toSorted and toReversed copy, with",
	 "var a = new Float64Array([10, -0, 9, NaN, 0, -Infinity, 1]); var s = a.toSorted(); a.sort(); var r = []; for (var i = 0; i < a.length; i++) r.push((a[i] === 0 && 1 / a[i] < 0) ? '-0' : a[i]); var b = new Int8Array([3, 1, 2]); return [r, s.length, Array.prototype.slice.call(b.toReversed()), Array.prototype.slice.call(b.with(-1, 9)), Array.prototype.slice.call(b), Array.prototype.slice.call(b.sort(function (x, y) { return y - x; }))];",
	 "[[null,\"-0\",0,1,9,10,null],7,[2,1,3],[3,1,9],[3,1,2],[3,2,1]]"},
	{"1000: set, copyWithin, fill, slice, at",
	 "var a = new Uint8Array(6); a.set([1, 2, 3], 1); a.set(new Int8Array([-1]), 5); var c = new Uint8Array([1, 2, 3, 4, 5]).copyWithin(0, 3); var e; try { a.set([1, 2], 5); } catch (x) { e = x.name; } return [Array.prototype.slice.call(a), Array.prototype.slice.call(c), Array.prototype.slice.call(new Int8Array(4).fill(7, 1, -1)), Array.prototype.slice.call(a.slice(-2)), a.at(-1), a.at(9), e];",
	 "[[0,1,2,3,0,255],[4,5,3,4,5],[0,7,7,0],[0,255],255,null,\"RangeError\"]"},
	{"1000: from, of, iteration",
	 "var a = Uint16Array.from({ length: 3, 0: 1, 1: 2, 2: 65537 }, function (x) { return x * 2; }); var it = Int8Array.of(7, 8).entries(); var n1 = it.next(), n2 = it.next(), n3 = it.next(); return [Array.prototype.slice.call(a), n1.value, n2.done, n3.done, n3.value, typeof Uint8Array.prototype[Symbol.iterator]];",
	 "[[2,4,2],[0,7],false,true,null,\"function\"]"},
	{"1000: DataView in both byte orders",
	 "var d = new DataView(new ArrayBuffer(18), 2); d.setInt16(0, -2); d.setUint32(2, 0xdeadbeef, true); d.setFloat32(6, 1.5); d.setFloat64(8, -Math.PI, true); return [d.getInt16(0), d.getUint16(0, true), d.getUint32(2, true), d.getUint32(2), d.getFloat32(6), d.getFloat64(8, true), Array.prototype.slice.call(new Uint8Array(d.buffer, 0, 10)), d.byteOffset, d.byteLength];",
	 "[-2,65279,3735928559,4022250974,1.5007377862930298,-3.141592653589793,[0,0,255,254,239,190,173,222,63,192],2,16]"},
	{"1000: the constructors' errors",
	 "var r = []; [function () { Uint8Array(1); }, function () { new Uint8Array(-1); }, function () { new Int32Array(new ArrayBuffer(6)); }, function () { new Int32Array(new ArrayBuffer(8), 2); }, function () { new DataView({}); }, function () { new DataView(new ArrayBuffer(4)).getInt32(1); }, function () { new ArrayBuffer(-1); }, function () { new Uint8Array(3).with(3, 0); }].forEach(function (f) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } }); return r;",
	 "[\"TypeError\",\"RangeError\",\"RangeError\",\"RangeError\",\"TypeError\",\"RangeError\",\"RangeError\",\"RangeError\"]"},
	{"1000: a buffer outlives a collection through its view",
	 "var v = new Uint8Array(new ArrayBuffer(4)); v[3] = 42; var junk = []; for (var i = 0; i < 20000; i++) junk.push({ i: i }); junk = null; return [v[3], v.buffer.byteLength];",
	 "[42,4]"},
	{"1001: toReversed, toSorted, toSpliced, with",
	 "var a = [3, 1, , 2]; return [a.toSorted(), a.toReversed(), a.toSpliced(1, 1, 9, 8), a.toSpliced(1), a.toSpliced(), a.with(-1, 7), a.length, 2 in a, Array.prototype.toSpliced.length];",
	 "[[1,2,3,null],[2,null,1,3],[3,9,8,null,2],[3],[3,1,null,2],[3,1,null,7],4,false,2]"},
	{"1001: with out of range, toSorted's comparator",
	 "var r = []; [function () { [1].with(1, 0); }, function () { [1].with(-2, 0); }, function () { [1].toSorted(1); }].forEach(function (f) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } }); return [r, [1, 10, 2].toSorted(function (a, b) { return a - b; })];",
	 "[[\"RangeError\",\"RangeError\",\"TypeError\"],[1,2,10]]"},
	{"1002: WeakRef and FinalizationRegistry",
	 "var o = {}, w = new WeakRef(o), f = new FinalizationRegistry(function () {}); var r = []; [function () { new WeakRef(1); }, function () { WeakRef(o); }, function () { f.register(o, o); }, function () { new FinalizationRegistry(1); }].forEach(function (g) { try { g(); r.push('ok'); } catch (e) { r.push(e.name); } }); return [w.deref() === o, f.register(o, 1), f.unregister({}), Object.prototype.toString.call(w), Object.prototype.toString.call(f), r];",
	 "[true,null,false,\"[object WeakRef]\",\"[object FinalizationRegistry]\",[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\"]]"},
	{"1004: SharedArrayBuffer views, slice, and its own prototype",
	 "var s = new SharedArrayBuffer(8); var u = new Uint8Array(s); u[1] = 7; var c = s.slice(1, 3); var r = []; try { ArrayBuffer.prototype.slice.call(s); } catch (e) { r.push(e.name); } try { s.grow(9); } catch (e) { r.push(e.name); } return [Object.prototype.toString.call(s), s.byteLength, s instanceof ArrayBuffer, u.buffer === s, new Uint8Array(c)[0], c instanceof SharedArrayBuffer, s.growable, s.maxByteLength, ArrayBuffer.isView(u), r];",
	 "[\"[object SharedArrayBuffer]\",8,false,true,7,true,false,8,true,[\"TypeError\",\"TypeError\"]]"},
	{"1004: Atomics read-modify-write returns the old value",
	 "var a = new Int8Array(new SharedArrayBuffer(4)); return [Atomics.store(a, 0, 3.7), Atomics.add(a, 0, 126), Atomics.load(a, 0), Atomics.sub(a, 1, 1), Atomics.load(a, 1), Atomics.and(a, 0, 6), Atomics.or(a, 0, 1), Atomics.xor(a, 0, 255), Atomics.exchange(a, 0, 9), Atomics.compareExchange(a, 0, 9, 5), Atomics.compareExchange(a, 0, 4, 1), Atomics.load(a, 0), Atomics.compareExchange(new Uint8Array(1), 0, 256, 3), Atomics.isLockFree(4), Atomics.isLockFree(3)];",
	 "[3,3,-127,0,-1,-127,0,1,-2,9,5,5,0,true,false]"},
	{"1004: Atomics checks and wait",
	 "var r = [], i32 = new Int32Array(new SharedArrayBuffer(8)); [function () { Atomics.add(new Float64Array(1), 0, 1); }, function () { Atomics.load(new Uint8ClampedArray(1), 0); }, function () { Atomics.load(i32, 2); }, function () { Atomics.wait(new Int32Array(2), 0, 0, 0); }, function () { return Atomics.wait(i32, 0, 1); }, function () { return Atomics.wait(i32, 0, 0, 0); }, function () { return Atomics.waitAsync(i32, 0, 1).value; }, function () { return Atomics.notify(i32, 0); }, function () { return Object.prototype.toString.call(Atomics); }].forEach(function (f) { try { r.push(f()); } catch (e) { r.push(e.name); } }); return r;",
	 "[\"TypeError\",\"TypeError\",\"RangeError\",\"TypeError\",\"not-equal\",\"timed-out\",\"not-equal\",0,\"[object Atomics]\"]"},
	{"1005: BigInt64Array and BigUint64Array wrap around at 2^63 and 2^64",
	 "var a = new BigInt64Array([1n, -1n, 2n ** 63n, 2n ** 64n + 5n, -(2n ** 63n) - 1n]), u = new BigUint64Array([1n, -1n, 2n ** 63n, 2n ** 64n]); return [a.join(), u.join(), typeof a[0], a[1] === -1n, BigInt64Array.BYTES_PER_ELEMENT, u.BYTES_PER_ELEMENT, Object.prototype.toString.call(u), a.length, a.byteLength];",
	 "[\"1,-1,-9223372036854775808,5,9223372036854775807\",\"1,18446744073709551615,9223372036854775808,0\",\"bigint\",true,8,8,\"[object BigUint64Array]\",5,40]"},
	{"1005: a number is a TypeError, ToBigInt takes strings, booleans, objects",
	 "var r = [], a = new BigInt64Array(2); [function () { a[0] = 1; }, function () { new BigInt64Array([1]); }, function () { a.fill(2); }, function () { new BigUint64Array(new Uint8Array(1)); }, function () { new Uint8Array(new BigInt64Array(1)); }, function () { a.set(new Float64Array(1)); }, function () { new BigInt64Array(['1.5']); }, function () { new Uint8Array([1n]); }].forEach(function (f) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } }); a[1] = '12'; a[0] = true; return [r, a.join(), new BigInt64Array([{ valueOf: function () { return -3n; } }])[0] === -3n, String(a[5] = 7n), a[5]];",
	 "[[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"SyntaxError\",\"TypeError\"],\"1,12\",true,\"7\",null]"},
	{"1005: search, sort, join, copying methods on bigints",
	 "var a = new BigInt64Array([3n, -1n, 2n, -9n]), u = new BigUint64Array([3n, -1n, 2n]); var s = a.toSorted(); u.sort(); return [s.join(), u.join(), a.indexOf(2n), a.indexOf(2), a.includes(-9n), a.lastIndexOf(3n), u.indexOf(-1n), u.indexOf(2n ** 64n - 1n), a.with(0, 5n).join(), a.at(-1) === -9n, a.toReversed().join(), String(a.sort(function (x, y) { return x < y ? 1 : -1; })), a.slice(1, 3).join(), a.subarray(2)[0] === -1n, a.toLocaleString()];",
	 "[\"-9,-1,2,3\",\"2,3,18446744073709551615\",2,-1,true,0,-1,2,\"5,-1,2,-9\",true,\"-9,2,-1,3\",\"3,2,-1,-9\",\"2,-1\",true,\"3,2,-1,-9\"]"},
	{"1005: DataView's BigInt methods in both byte orders",
	 "var d = new DataView(new ArrayBuffer(16)), r = []; d.setBigInt64(1, -5n); d.setBigUint64(8, 2n ** 64n - 2n, true); try { d.getBigInt64(9); } catch (e) { r.push(e.name); } try { d.setBigInt64(0, 1); } catch (e) { r.push(e.name); } return [String(d.getBigInt64(1)), String(d.getBigInt64(1, true)), String(d.getBigUint64(1)), String(d.getBigUint64(8, true)), String(d.getBigInt64(8, true)), new Uint8Array(d.buffer).join(), r];",
	 "[\"-2\",\"-72057594037927937\",\"18446744073709551614\",\"18446744073709551614\",\"-2\",\"0,255,255,255,255,255,255,255,254,255,255,255,255,255,255,255\",[\"RangeError\",\"TypeError\"]]"},
	{"1006: Atomics on BigInt64Array and BigUint64Array, modulo 2^64",
	 "var a = new BigInt64Array(new SharedArrayBuffer(16)), u = new BigUint64Array(2), r = []; var v = [Atomics.add(a, 0, 5n), Atomics.sub(a, 0, 7n), Atomics.load(a, 0), Atomics.and(a, 0, 6n), Atomics.or(a, 1, 2n ** 64n + 3n), Atomics.xor(a, 1, -1n), Atomics.exchange(a, 1, 9n), Atomics.compareExchange(a, 1, 9n, 2n ** 63n), Atomics.load(a, 1), Atomics.store(a, 0, 2n ** 64n + 1n), Atomics.load(a, 0), Atomics.sub(u, 0, 1n), Atomics.compareExchange(u, 0, -1n, 4n), Atomics.load(u, 0), Atomics.wait(a, 0, 1n, 0), Atomics.wait(a, 0, 2n, 0)]; [function () { Atomics.add(a, 0, 1); }, function () { Atomics.wait(new BigUint64Array(new SharedArrayBuffer(8)), 0, 0n, 0); }, function () { Atomics.wait(new BigInt64Array(1), 0, 0n, 0); }, function () { Atomics.load(a, 2); }].forEach(function (f) { try { f(); r.push('ok'); } catch (e) { r.push(e.name); } }); return [v.join(), r];",
	 "[\"0,5,-2,-2,0,3,-4,9,-9223372036854775808,18446744073709551617,1,0,18446744073709551615,4,timed-out,not-equal\",[\"TypeError\",\"TypeError\",\"TypeError\",\"RangeError\"]]"},
};

/* JSON.stringify of what the body returns, in out; "(threw)" when it throws. */
/* 1521: js_getlength of the value of expr (an array's own length, read
 * without a lookup; anything else through its "length"); -1 when expr
 * throws. The stack must be as it was. */
static int c_length(js_State *J, const char *expr)
{
	char src[512];
	snprintf(src, sizeof src, "(function () { %s })()", expr);
	int top = js_gettop(J);
	if (js_ploadstring(J, "[length]", src) || (js_pushundefined(J), js_pcall(J, 0))) {
		js_pop(J, 1);
		return -1;
	}
	int n = js_getlength(J, -1);
	js_pop(J, 1);
	return js_gettop(J) == top ? n : -2;
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[2048];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	CHECK("1521: js_getlength of a dense array", c_length(J, "return [1, 2, 3];") == 3);
	CHECK("1521: js_getlength of an array with trailing holes", c_length(J, "return [1, , , ];") == 3);
	CHECK("1521: js_getlength of a sparse array", c_length(J, "var a = [1]; a[1e6] = 2; return a;") == 1000001);
	CHECK("1521: js_getlength after length is cut", c_length(J, "var a = [1, 2, 3, 4]; a.length = 2; return a;") == 2);
	CHECK("1521: js_getlength after a sparse array's length is cut",
	      c_length(J, "var a = []; a[1e6] = 2; a.length = 5; return a;") == 5);
	CHECK("1521: js_getlength of a proxy asks its get trap",
	      c_length(J, "return new Proxy([1], {get: function (t, k) { return k === 'length' ? 7 : t[k]; }});") == 7);
	CHECK("1521: js_getlength of an object with a length", c_length(J, "return {length: '4'};") == 4);
	CHECK("1521: js_getlength of a string", c_length(J, "return 'abc';") == 3);
	CHECK("1521: array literals keep their length (OP_INITARRAY appends at js_getlength)",
	      c_length(J, "var x = [1, [2, 3], , 4]; return x.concat([x[1].length]);") == 5);
	js_freestate(J);
	TEST_EXIT();
}
