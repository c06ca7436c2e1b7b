// BigInt64Array, BigUint64Array and DataView's BigInt methods (mujs patch
// 1005): constructor forms, the wrap-around at ±2^63 and 2^64, writes of
// numbers and other types, both byte orders, sort, views sharing a buffer,
// from with a map function, the methods of %TypedArray% on bigints, and the
// errors.
import { T } from '../harness.mjs';

const I = BigInt64Array, U = BigUint64Array;
const err = (f) => { try { return f(); } catch (e) { return 'throws ' + e.name; } };

T('bigint64/new-length', () => [new I(3), new U(0), new I(), new I(2).length, new U(5).byteLength]);
T('bigint64/new-array', () => [new I([1n, -2n, 3n]), new U([1n, -2n, 3n])]);
T('bigint64/new-typed-same-content', () => [new I(new U([2n ** 64n - 1n, 5n])), new U(new I([-1n, -(2n ** 63n)]))]);
T('bigint64/new-typed-mixed', () => [err(() => new I(new Uint8Array(2))), err(() => new Float64Array(new U(1))), err(() => new U(new Int32Array(0)))]);
T('bigint64/new-buffer', () => { const b = new ArrayBuffer(24); const a = new I(b, 8), c = new U(b, 8, 1); a[0] = -1n; return [a.length, a.byteOffset, c[0], c.length]; });
T('bigint64/new-buffer-misaligned', () => [err(() => new I(new ArrayBuffer(16), 4)), err(() => new U(new ArrayBuffer(12))), err(() => new I(new ArrayBuffer(16), 8, 2))]);
T('bigint64/new-iterable', () => [new I(new Set([1n, 2n])), new U((function* () { yield 7n; yield -7n; })())]);
T('bigint64/new-array-like', () => new I({ length: 3, 0: 1n, 1: '2', 2: true }));
T('bigint64/new-numbers-throw', () => [err(() => new I([1])), err(() => new U([1n, 2])), err(() => new I([undefined])), err(() => new I([null])), err(() => new I([Symbol()]))]);
T('bigint64/new-strings', () => [new I(['12', ' -7 ', '0x10', '']), err(() => new I(['1.5'])), err(() => new U(['x']))]);
T('bigint64/call-without-new', () => [err(() => I(1)), err(() => U())]);
T('bigint64/wrap-signed', () => new I([2n ** 63n - 1n, 2n ** 63n, 2n ** 64n, 2n ** 64n + 1n, -(2n ** 63n), -(2n ** 63n) - 1n, -(2n ** 64n), 2n ** 100n + 3n, -(2n ** 100n) - 3n]));
T('bigint64/wrap-unsigned', () => new U([2n ** 64n - 1n, 2n ** 64n, 2n ** 64n + 1n, -1n, -(2n ** 63n), -(2n ** 64n), -(2n ** 64n) - 1n, 2n ** 100n + 3n, -(2n ** 100n)]));
T('bigint64/asintn-agrees', () => [2n ** 63n, -(2n ** 63n) - 5n, 2n ** 70n + 9n].map((x) => [new I([x])[0] === BigInt.asIntN(64, x), new U([x])[0] === BigInt.asUintN(64, x)]));
T('bigint64/element-types', () => { const a = new I([5n]); return [typeof a[0], a[0] === 5n, a[0] == 5, a[1], a[-1], a['0']]; });
T('bigint64/write-number-throws', () => { const a = new I(2); return [err(() => { a[0] = 1; }), err(() => { a[5] = 1; }), err(() => { a.foo = 1; return a.foo; }), a]; });
T('bigint64/write-other-types', () => { const a = new U(4); a[0] = true; a[1] = '99'; a[2] = { valueOf() { return 3n; } }; a[3] = false; return a; });
T('bigint64/write-out-of-range', () => { const a = new I(1); a[1] = 5n; a[-1] = 5n; a['1.5'] = 5n; return [a, a[1], Object.keys(a)]; });
T('bigint64/write-string-throws', () => { const a = new I(1); return [err(() => { a[0] = '1.5'; }), err(() => { a[0] = 'z'; }), a[0]]; });
T('bigint64/compound-assign', () => { const a = new I([5n, 2n ** 63n - 1n]); a[0] += 10n; a[0] *= -2n; a[1]++; return a; });
T('bigint64/bytes-per-element', () => [I.BYTES_PER_ELEMENT, U.BYTES_PER_ELEMENT, new I(1).BYTES_PER_ELEMENT, I.prototype.BYTES_PER_ELEMENT]);
T('bigint64/to-string-tag', () => [Object.prototype.toString.call(new I(1)), Object.prototype.toString.call(new U(1)), new U(1)[Symbol.toStringTag], I.name, U.length]);
T('bigint64/prototype-chain', () => [Object.getPrototypeOf(I) === Object.getPrototypeOf(Int8Array), Object.getPrototypeOf(U.prototype) === Object.getPrototypeOf(Uint8Array.prototype), new I(1) instanceof I, ArrayBuffer.isView(new U(1))]);
T('bigint64/keys-json', () => { const a = new I([1n, 2n]); return [Object.keys(a), Object.entries(a), err(() => JSON.stringify(a)), JSON.stringify(new I(0))]; });
T('bigint64/descriptor', () => { const a = new U([7n]); return [Object.getOwnPropertyDescriptor(a, 0), Object.getOwnPropertyDescriptor(a, 1), 0 in a, 1 in a, delete a[0], Reflect.defineProperty(a, 0, { value: 9n }), a[0], Reflect.defineProperty(a, 0, { value: 9 })]; });
T('bigint64/define-number-throws', () => err(() => Object.defineProperty(new I(1), 0, { value: 1 })));
T('bigint64/freeze', () => [err(() => Object.freeze(new I(1))), Object.isFrozen(Object.freeze(new I(0)))]);
T('bigint64/from', () => [I.from([1n, -1n, 2n ** 63n]), U.from([1n, -1n]), I.from(new Set([3n])), I.from({ length: 2, 0: 4n, 1: 5n })]);
T('bigint64/from-map', () => [I.from([1, 2, 3], (x) => BigInt(x) * 3n), U.from('123', (c, i) => BigInt(c) + BigInt(i)), err(() => I.from([1], (x) => x))]);
T('bigint64/from-map-this', () => I.from([1n, 2n], function (x) { return x * this.k; }, { k: 10n }));
T('bigint64/of', () => [I.of(1n, -1n, 2n ** 64n - 1n), U.of(), err(() => I.of(1))]);
T('bigint64/iteration', () => { const out = []; for (const x of new U([4n, 2n ** 64n - 1n])) out.push(typeof x, x); return [out, [...new I([1n, -1n])], [...new I([9n]).entries()], [...new I(2).keys()]]; });
T('bigint64/spread-array-from', () => [Array.from(new I([-3n, 3n])), Array.from(new U([1n]), (x) => x * 2n), [...new U(2)].length]);
T('bigint64/fill', () => [new I(3).fill(-1n), new U(3).fill(-1n, 1), new I(4).fill(2n ** 64n + 2n, -2, -1), err(() => new I(1).fill(1)), new I(2).fill('3')]);
T('bigint64/set-array', () => { const a = new I(4); a.set([1n, 2n]); a.set([-5n], 3); return [a, err(() => a.set([1])), err(() => a.set([1n], 4))]; });
T('bigint64/set-typed', () => { const a = new I(3); a.set(new U([2n ** 64n - 1n, 2n ** 63n]), 1); return [a, err(() => a.set(new Uint8Array(1))), err(() => new Uint8Array(2).set(a.subarray(0, 1)))]; });
T('bigint64/set-overlap', () => { const a = new U([1n, 2n, 3n, 4n, 5n]); a.set(a.subarray(0, 3), 2); return a; });
T('bigint64/sort-default-signed', () => new I([3n, -1n, 2n ** 63n - 1n, 0n, -(2n ** 63n), 10n, -10n]).sort());
T('bigint64/sort-default-unsigned', () => new U([3n, -1n, 2n ** 63n, 0n, 10n, 2n ** 63n - 1n]).sort());
T('bigint64/sort-comparator', () => [new I([1n, 3n, 2n]).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)), new U([5n, 1n, 4n]).sort((a, b) => Number(a - b))]);
T('bigint64/sort-comparator-bigint-result', () => err(() => new I([3n, 1n]).sort((a, b) => a - b)));
T('bigint64/sort-stable', () => { const a = new I([2n, 1n, 12n, 11n, 22n, 21n]); a.sort((x, y) => Number(x % 10n) - Number(y % 10n)); return a; });
T('bigint64/to-sorted', () => { const a = new I([2n, -2n, 1n]); return [a.toSorted(), a, a.toSorted((x, y) => (x > y ? -1 : 1))]; });
T('bigint64/search', () => { const a = new I([5n, -1n, 5n, 2n ** 63n - 1n]); return [a.indexOf(5n), a.lastIndexOf(5n), a.indexOf(5), a.includes(-1n), a.includes(-1), a.indexOf(2n ** 63n - 1n), a.indexOf(2n ** 63n), a.indexOf(5n, 1), a.lastIndexOf(5n, -3), a.includes(5n, 3)]; });
T('bigint64/search-unsigned', () => { const u = new U([2n ** 64n - 1n, 0n]); return [u.indexOf(-1n), u.indexOf(2n ** 64n - 1n), u.includes(0n), u.includes(2n ** 64n), u.indexOf(0)]; });
T('bigint64/number-arrays-search-bigint', () => [new Uint8Array([1]).includes(1n), new Float64Array([1]).indexOf(1n)]);
T('bigint64/join-tostring', () => { const a = new I([1n, -1n, -(2n ** 63n)]); return [a.join(), a.join(' | '), a.toString(), String(new U([2n ** 64n - 1n])), new I(0).join(), `${new U([3n])}`]; });
T('bigint64/to-locale-string', () => [new U([1n, -1n, 2n ** 63n]).toLocaleString(), new I([-1234n]).toLocaleString()]);
T('bigint64/at-with', () => { const a = new I([1n, 2n, 3n]); return [a.at(-1), a.at(5), a.with(-1, 9n), a.with(0, 2n ** 64n - 1n), err(() => a.with(5, 1n)), err(() => a.with(0, 1)), a]; });
T('bigint64/subarray-shares', () => { const a = new I([1n, 2n, 3n, 4n]); const s = a.subarray(1, 3); s[0] = 20n; s[1] = -1n; return [a, s, s.byteOffset, s.buffer === a.buffer]; });
T('bigint64/slice-copies', () => { const a = new U([1n, 2n, 3n, 4n]); const c = a.slice(2); c[0] = 0n; return [a, c, c.buffer === a.buffer, a.slice(-1)]; });
T('bigint64/shared-buffer-views', () => { const b = new ArrayBuffer(16); const i = new I(b), u = new U(b), u8 = new Uint8Array(b), f = new Float64Array(b); i[0] = -2n; u8[15] = 0x80; return [u[0], u, Array.from(u8), i[1], f[0]]; });
T('bigint64/reverse-to-reversed', () => { const a = new I([1n, -2n, 3n]); const r = a.toReversed(); a.reverse(); return [a, r]; });
T('bigint64/copy-within', () => new U([1n, 2n, 3n, 4n, 5n]).copyWithin(0, 3));
T('bigint64/map-filter', () => { const a = new I([1n, 2n, 3n, 4n]); return [a.map((x) => x * x), a.filter((x) => x % 2n === 0n), err(() => a.map((x) => 1)), a.map((x, i) => BigInt(i))]; });
T('bigint64/callbacks', () => { const a = new U([3n, 10n, 4n]); return [a.find((x) => x > 3n), a.findIndex((x) => x > 3n), a.findLast((x) => x > 3n), a.findLastIndex((x) => x > 30n), a.every((x) => typeof x === 'bigint'), a.some((x) => x === 4n)]; });
T('bigint64/reduce', () => { const a = new I([1n, -2n, 3n]); return [a.reduce((s, x) => s + x), a.reduce((s, x) => s + x, 10n), a.reduceRight((s, x) => s + ',' + x, ''), err(() => new I(0).reduce((s, x) => s))]; });
T('bigint64/for-each', () => { const out = []; new U([1n, 2n]).forEach((x, i, arr) => out.push(x * 2n, i, arr.length)); return out; });
T('bigint64/species-slice-mixed', () => { class X extends I { static get [Symbol.species]() { return Uint8Array; } } return [err(() => new X(2).slice()), new X(2).subarray()]; });
T('bigint64/subclass', () => { class X extends U { sum() { return this.reduce((s, x) => s + x, 0n); } } const x = new X([1n, 2n]); return [x.sum(), x instanceof U, x.map((v) => v + 1n) instanceof X, x.constructor.name]; });
T('bigint64/dataview-big-endian', () => { const d = new DataView(new ArrayBuffer(16)); d.setBigInt64(1, -5n); return [d.getBigInt64(1), d.getBigInt64(1, true), d.getBigUint64(1), new Uint8Array(d.buffer, 0, 10)]; });
T('bigint64/dataview-little-endian', () => { const d = new DataView(new ArrayBuffer(16)); d.setBigUint64(3, 0x0102030405060708n, true); return [d.getBigUint64(3, true), d.getBigUint64(3), d.getBigInt64(3, false), new Uint8Array(d.buffer)]; });
T('bigint64/dataview-wrap', () => { const d = new DataView(new ArrayBuffer(8)); d.setBigInt64(0, 2n ** 64n + 1n); const a = d.getBigInt64(0); d.setBigUint64(0, -1n); return [a, d.getBigUint64(0), d.getBigInt64(0), d.getInt32(4)]; });
T('bigint64/dataview-offset', () => { const d = new DataView(new ArrayBuffer(24), 4, 16); d.setBigInt64(8, -(2n ** 63n), true); return [d.getBigInt64(8, true), d.getBigUint64(8, true), new Uint8Array(d.buffer).join()]; });
T('bigint64/dataview-errors', () => { const d = new DataView(new ArrayBuffer(12)); return [err(() => d.getBigInt64(5)), err(() => d.setBigUint64(-1, 0n)), err(() => d.setBigInt64(0, 1)), err(() => d.setBigUint64(0, '1.5')), err(() => DataView.prototype.getBigInt64.call({}, 0)), d.setBigInt64(4, 7n)]; });
T('bigint64/dataview-types', () => { const d = new DataView(new ArrayBuffer(8)); d.setBigUint64(0, true); const a = d.getBigUint64(0); d.setBigInt64(0, '-3'); return [a, d.getBigInt64(0), typeof d.getBigUint64(0), DataView.prototype.getBigInt64.length, DataView.prototype.setBigUint64.length]; });
T('bigint64/fnv1a-64', () => { const h = new U(1); h[0] = 0xcbf29ce484222325n; for (const c of 'kit') { h[0] ^= BigInt(c.charCodeAt(0)); h[0] *= 0x100000001b3n; } return [h[0], h[0].toString(16)]; });
T('bigint64/random-ids', () => { const b = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 255, 254, 253, 252, 251, 250, 249, 248]); return [new U(b.buffer), new I(b.buffer), new DataView(b.buffer).getBigUint64(8)]; });

// Atomics on the BigInt arrays (patch 1006)
const shared = () => new I(new SharedArrayBuffer(16));
T('bigint64/atomics-rmw', () => { const a = shared(); return [Atomics.add(a, 0, 5n), Atomics.sub(a, 0, 7n), Atomics.and(a, 0, 6n), Atomics.or(a, 1, 2n ** 64n + 3n), Atomics.xor(a, 1, -1n), Atomics.exchange(a, 1, 2n ** 63n), a]; });
T('bigint64/atomics-unsigned', () => { const u = new U(2); return [Atomics.sub(u, 0, 1n), Atomics.load(u, 0), Atomics.add(u, 0, 2n), u]; });
T('bigint64/atomics-store-returns-given', () => { const a = new I(1), u = new U(1); return [Atomics.store(a, 0, 2n ** 64n + 1n), a[0], Atomics.store(u, 0, -2n), u[0], Atomics.store(a, 0, '7'), a[0]]; });
T('bigint64/atomics-compare-exchange', () => { const a = shared(); a[0] = -1n; return [Atomics.compareExchange(a, 0, 2n ** 64n - 1n, 4n), a[0], Atomics.compareExchange(a, 0, 5n, 6n), a[0]]; });
T('bigint64/atomics-wait', () => { const a = shared(); a[1] = 3n; return [Atomics.wait(a, 0, 0n, 0), Atomics.wait(a, 1, 4n, 0), Atomics.waitAsync(a, 1, 4n).value, Atomics.notify(a, 0)]; });
T('bigint64/atomics-errors', () => [err(() => Atomics.add(new I(1), 0, 1)), err(() => Atomics.store(new U(1), 0, 1.5)), err(() => Atomics.wait(new U(new SharedArrayBuffer(8)), 0, 0n, 0)), err(() => Atomics.wait(new I(1), 0, 0n, 0)), err(() => Atomics.wait(shared(), 0, 0, 0)), err(() => Atomics.load(new I(1), 1))]);
