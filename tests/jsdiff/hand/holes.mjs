// Array holes (mujs patch 0400): elisions, new Array(n), delete, writes past
// the end, and which built-ins skip a hole and which read it as undefined.
import { T, L } from '../harness.mjs';

T('holes/elision', () => { var a = [, 1]; return [0 in a, a.length, [1, , ].length, [, , ].length, a]; });
T('holes/new-array', () => { var a = new Array(5); return [a.length, 0 in a, Object.keys(a), a.join('-')]; });
T('holes/delete', () => { var a = [1, 2, 3]; delete a[1]; return [a, 1 in a, a.length, Object.keys(a)]; });
T('holes/write-past-end', () => { var a = [1]; a[4] = 5; return [a, a.length, Object.keys(a)]; });
T('holes/far-index', () => { var a = []; a[1e6] = 1; return [a.length, Object.keys(a), 5 in a]; });
T('holes/far-index-fast', () => { var a = []; a[1e6] = 1; for (var i = 0; i < 20000; i++) a[i * 50] = i; return [a.length, Object.keys(a).length]; });
T('holes/length-grow', () => { var a = [1, 2]; a.length = 4; return [a, 2 in a, Object.keys(a)]; });
L('holes/for-in', (log) => { for (var k in [1, , 3, , ]) log.push(k); });
L('holes/forEach', (log) => { [1, , 3].forEach(function (x, i) { log.push(i + ':' + x); }); });
T('holes/map-keeps', () => { var r = [1, , 3].map(function (x) { return x * 2; }); return [r, 1 in r]; });
T('holes/filter-reduce', () => [[1, , 3].filter(function () { return true; }), [, 1, , 2, , ].reduce(function (a, b) { return a + b; }), [, 4].reduceRight(function (a, b) { return a + b; })]);
T('holes/some-every', () => [[, 1].some(function (x) { return x === undefined; }), [, 1].every(function (x) { return x === 1; })]);
T('holes/index-of', () => [[1, , 3].indexOf(undefined), [1, , 3].lastIndexOf(undefined), [1, , 3].includes(undefined)]);
T('holes/find', () => [[1, , 3].find(function (x) { return x === undefined; }), [1, , 3].findIndex(function (x) { return x === undefined; })]);
T('holes/join', () => [[1, , 3].join('-'), String([, 'a', , ]), JSON.stringify([1, , 3])]);
T('holes/from-spread', () => { var a = Array.from([1, , 3]), b = [].concat([1, , 3]); return [a, 1 in a, b, 1 in b]; });
T('holes/entries', () => { var out = []; var it = [1, , 3].entries(), s; while (!(s = it.next()).done) out.push(s.value); return out; });
T('holes/sort-to-end', () => { var a = [3, , 1, undefined, , 2]; a.sort(); return [a, a.length, 3 in a, 4 in a]; });
T('holes/prototype-read', () => { var a = [0, , 2]; Object.setPrototypeOf(a, Object.create(Array.prototype, { 1: { value: 'p' } })); return [a[1], 1 in a, a.hasOwnProperty(1), a.join(), a.indexOf('p')]; });
T('holes/own-names', () => [Object.getOwnPropertyNames([1, , 3]), [1, , 3].propertyIsEnumerable(1), [1, , 3].propertyIsEnumerable(2)]);
T('holes/undefined-is-not-a-hole', () => { var a = [undefined]; a[2] = undefined; return [0 in a, 1 in a, 2 in a, Object.keys(a)]; });
