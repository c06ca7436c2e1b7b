// BigInt through kit's whole pipeline: literals esbuild and SWC leave as
// they are (decimal, 0x, 0o, 0b), `**` SWC keeps when an operand is a bigint
// literal, and mujs's bigint type (patches 1100-1102). Big values (past
// 2^64, past a double's 2^53), the signs of division and remainder, asIntN's
// and asUintN's edges, string conversions in every radix, exact comparisons
// with numbers and strings, and the hashing libraries' 64-bit shape.
import { T } from '../harness.mjs';

const fact = (n) => { let r = 1n; for (let i = 2n; i <= n; i++) r *= i; return r; };

T('bigint/factorial-100', () => String(fact(100n)));
T('bigint/factorial-100-digits', () => fact(100n).toString().length);
T('bigint/factorial-divided-back', () => [fact(100n) / fact(98n), fact(100n) % fact(98n), fact(30n) / 7n ** 4n]);
T('bigint/pow-2-200', () => [2n ** 200n, (2n ** 200n).toString(16), (2n ** 200n).toString(2).length, 2n ** 0n, 0n ** 0n, (-2n) ** 3n, (-1n) ** 1001n]);
T('bigint/pow-right-assoc', () => [2n ** 3n ** 2n, (2n ** 3n) ** 2n]);
T('bigint/pow-assign', () => { let x = 3n; x **= 40n; return x; });
T('bigint/pow-negative-exponent', () => { try { return 2n ** -1n; } catch (e) { return e.name; } });
T('bigint/div-mod-signs', () => [7n / 2n, -7n / 2n, 7n / -2n, -7n / -2n, 7n % 2n, -7n % 2n, 7n % -2n, -7n % -2n, 0n / 5n, -0n]);
T('bigint/div-mod-big', () => { const a = 2n ** 130n + 12345n, b = 2n ** 65n + 3n; return [a / b, a % b, (a / b) * b + a % b === a, -a / b, -a % b]; });
T('bigint/div-mod-multi-limb', () => { const a = 123456789012345678901234567890123456789012345678901234567890n, b = 98765432109876543210987654321n; return [a / b, a % b, a / -b, -a % b]; });
T('bigint/div-by-zero', () => { try { return 1n / 0n; } catch (e) { return e.name; } });
T('bigint/mod-by-zero', () => { try { return 1n % 0n; } catch (e) { return e.name; } });
T('bigint/asIntN-edges', () => [BigInt.asIntN(8, 127n), BigInt.asIntN(8, 128n), BigInt.asIntN(8, -128n), BigInt.asIntN(8, -129n), BigInt.asIntN(1, 1n), BigInt.asIntN(0, 5n),
  BigInt.asIntN(64, 2n ** 63n), BigInt.asIntN(64, 2n ** 63n - 1n), BigInt.asIntN(64, -(2n ** 63n)), BigInt.asIntN(65, 2n ** 64n), BigInt.asIntN(32, 0xffffffffn), BigInt.asIntN(33, 0xffffffffn)]);
T('bigint/asUintN-edges', () => [BigInt.asUintN(8, 255n), BigInt.asUintN(8, 256n), BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asUintN(0, 5n), BigInt.asUintN(1, -1n),
  BigInt.asUintN(64, 2n ** 64n + 5n), BigInt.asUintN(100, -(2n ** 70n)), BigInt.asUintN(32, -(2n ** 32n))]);
T('bigint/asIntN-bad-bits', () => { try { return BigInt.asIntN(-1, 1n); } catch (e) { return e.name; } });
T('bigint/asUintN-number', () => { try { return BigInt.asUintN(8, 5); } catch (e) { return e.name; } });
T('bigint/from-strings', () => [BigInt('0x1fffffffffffffffff'), BigInt('0b' + '1'.repeat(70)), BigInt('0o777777777777777777777777'), BigInt('  -123456789012345678901234567890  '),
  BigInt('+42'), BigInt('\n\t7\u00a0'), BigInt(''), BigInt('   '), BigInt('0X10'), BigInt('0B11'), BigInt('0O7'), BigInt('007')]);
T('bigint/bad-strings', () => ['1.5', '1e3', '0x', '-0x10', '12n', '1_000', 'abc', '0b2', '- 1', 'Infinity'].map((s) => { try { return BigInt(s); } catch (e) { return e.name; } }));
T('bigint/from-numbers', () => [BigInt(0), BigInt(-0), BigInt(2 ** 53), BigInt(2 ** 64), BigInt(-(2 ** 70)), BigInt(1e21), BigInt(Number.MAX_SAFE_INTEGER), BigInt(Number.MAX_VALUE) % 1000000007n]);
T('bigint/bad-numbers', () => [0.5, NaN, Infinity, -Infinity, 2 ** 53 + 0.5, 1e-7].map((n) => { try { return BigInt(n); } catch (e) { return e.name; } }));
T('bigint/from-other', () => [BigInt(true), BigInt(false), BigInt({ valueOf: () => 12 }), BigInt({ toString: () => '0x20' }), BigInt(Object(5n))].concat(
  [undefined, null, Symbol('s')].map((v) => { try { return BigInt(v); } catch (e) { return e.name; } })));
T('bigint/toString-radix', () => { const x = 2n ** 100n - 1n; return [x.toString(2), x.toString(8), x.toString(16), x.toString(36), (-x).toString(36), (0n).toString(7), (-255n).toString(16), x.toLocaleString(), (-1234567n).toLocaleString(), (999n).toLocaleString()]; });
T('bigint/toString-bad-radix', () => [1, 37].map((r) => { try { return (10n).toString(r); } catch (e) { return e.name; } }));
T('bigint/compare-2-53', () => { const big = 2n ** 53n + 1n; return [big > 2 ** 53, big == 2 ** 53, big === 2n ** 53n + 1n, big < 2 ** 53 + 2, big == 9007199254740993, 9007199254740992 < big, big >= 9007199254740992, Number(big), Number(big) === 2 ** 53]; });
T('bigint/compare-fractions', () => [1n < 1.5, 2n > 1.5, -1n < -0.5, -1n > -1.5, 0n == -0, 0n < Number.MIN_VALUE, 5n < Infinity, 5n > -Infinity, 5n < NaN, 5n > NaN, 5n == NaN]);
T('bigint/compare-strings', () => [10n == '10', 10n == ' 10 ', 10n == '0xa', 10n == '10.0', 10n < '11', 10n < 'x', 10n > 'x', '9007199254740993' == 9007199254740993n, '12' > 11n, 1n == '', 0n == '']);
T('bigint/compare-mixed', () => [1n == true, 0n == false, 2n == true, 1n == null, 0n == undefined, 1n == Object(1n), Object(1n) == 1n, Object(1n) === 1n, [1n] == 1n, 1n != 2n]);
T('bigint/same-value', () => [Object.is(0n, -0n), Object.is(5n, 5n), [1n, 2n, 3n].indexOf(2n), [1n, 2n].includes(2n), [1n].indexOf(1)]);
T('bigint/huge-to-number', () => [Number(2n ** 1023n), Number(2n ** 1024n), Number(-(2n ** 1024n)), Number(2n ** 64n + 1n), Number(2n ** 53n + 1n), Number(2n ** 53n + 3n), Number(2n ** 54n + 2n), Number(2n ** 54n + 6n)]);
T('bigint/bitwise-negative', () => [-5n & 3n, -5n | 3n, -5n ^ 3n, -5n & -3n, -5n | -3n, -5n ^ -3n, ~0n, ~-1n, ~(2n ** 64n), -(2n ** 64n) & (2n ** 64n - 1n), (2n ** 70n - 1n) ^ -(2n ** 40n)]);
T('bigint/shifts', () => [1n << 100n, (2n ** 100n) >> 99n, -1n >> 1000n, -7n >> 1n, -8n >> 1n, -(2n ** 70n) >> 35n, -(2n ** 70n + 1n) >> 35n, 5n << -1n, 5n >> -2n, 0n << 100000000000n, 7n >> 100000000000n, -7n >> 100000000000n]);
T('bigint/unsigned-shift', () => { try { return 1n >>> 0n; } catch (e) { return e.name; } });
T('bigint/mix-errors', () => [() => 1n + 1, () => 1 - 1n, () => 2n * 2, () => 1n / 1, () => 1n % 1, () => 2n ** 2, () => 1n & 1, () => 1n << 1, () => +1n, () => Math.abs(1n), () => Math.max(1n, 2n), () => isNaN(1n), () => new Date(1n)]
  .map((f) => { try { return f(); } catch (e) { return e.name; } }));
T('bigint/increments', () => { let a = 5n, out = []; out.push(a++, a, ++a, a--, --a, a); let b = -1n; b++; out.push(b); b--; b--; out.push(b); return out; });
T('bigint/unary', () => [-(5n), -(-5n), -(0n), ~5n, !0n, !1n, !!(2n ** 100n), typeof -1n]);
T('bigint/strings', () => [1n + 'x', 'x' + 2n ** 70n, `${-3n}`, String(10n ** 30n), [1n, -2n, 3n].join('|'), [10n, 9n, 1n].sort(), (123n).toString(), Object(7n).toString(), 5n + ''.concat(6n)]);
T('bigint/keys', () => { const o = {}; o[1n] = 'a'; o[2n ** 70n] = 'b'; return [Object.keys(o), o[1], o['1'], o[1n], 1n in o, o[1180591620717411303424n]]; });
T('bigint/array-index', () => { const a = ['x', 'y', 'z']; return [a[1n], a[2n], a[3n]]; });
T('bigint/json', () => [() => JSON.stringify(1n), () => JSON.stringify({ a: [1n] }), () => JSON.stringify(Object(1n)), () => JSON.stringify({ a: 1n }, (k, v) => (typeof v === 'bigint' ? v.toString() : v))]
  .map((f) => { try { return f(); } catch (e) { return e.name; } }));
T('bigint/wrapper', () => { const w = Object(3n); return [typeof w, w instanceof BigInt, w + 1n, w.valueOf() === 3n, Object.prototype.toString.call(w), Object.prototype.toString.call(3n), w == 3n, typeof w.valueOf()]; });
T('bigint/constructor', () => [typeof BigInt, BigInt.length, BigInt.name, typeof BigInt.prototype.toString, Object.getPrototypeOf(5n) === BigInt.prototype, (5n).constructor === BigInt, BigInt.prototype[Symbol.toStringTag]]);
T('bigint/new', () => { try { return new BigInt(1); } catch (e) { return e.name; } });
T('bigint/valueOf-wrong-this', () => { try { return BigInt.prototype.valueOf.call(1); } catch (e) { return e.name; } });
T('bigint/parseInt', () => [parseInt(12n), parseInt(2n ** 70n), parseFloat(5n), Number(-(10n ** 20n)), Number('12n'), isFinite(Number(1n))]);
T('bigint/truthiness', () => [0n ? 't' : 'f', 1n ? 't' : 'f', -1n ? 't' : 'f', 0n || 'or', 1n && 'and', [0n, 1n, 0n, 2n].filter(Boolean)]);
T('bigint/literals', () => [0x123456789abcdef0123456789n, 0o7777777777777777777777n, 0b1111111111111111111111111111111111111111111111111111111111111111n, 0n, 1234567890123456789012345678901234567890n, 0xFFn, 0XFFn]);
T('bigint/typeof', () => [typeof 1n, typeof 0x1n, typeof BigInt('1'), typeof Object(1n), typeof (1n + 1n), typeof (2n ** 100n)]);
T('bigint/switch', () => { const f = (v) => { switch (v) { case 1n: return 'one-n'; case 1: return 'one'; case 2n ** 64n: return 'big'; default: return 'other'; } }; return [f(1n), f(1), f(2n ** 64n), f(18446744073709551616n), f('1')]; });
T('bigint/fnv1a-64', () => {
  let h = 0xcbf29ce484222325n;
  for (const c of 'hello, world') { h ^= BigInt(c.charCodeAt(0)); h = (h * 0x100000001b3n) & 0xffffffffffffffffn; }
  return h.toString(16);
});
T('bigint/uuid-v7-timestamp', () => {
  const ms = 1700000000123n;
  const hi = (ms << 16n) | (0x7n << 12n) | 0xabcn;
  return [hi.toString(16).padStart(16, '0'), Number(hi >> 16n), BigInt.asUintN(48, ms << 4n)];
});
T('bigint/nanoseconds', () => { const ns = 1700000000123456789n; return [ns / 1000000n, Number(ns % 1000000000n), new Date(Number(ns / 1000000n)).toISOString()]; });
T('bigint/int64-bounds', () => { const min = -(2n ** 63n), max = 2n ** 63n - 1n; const ok = (v) => typeof v === 'bigint' && v >= min && v <= max; return [ok(0n), ok(max), ok(max + 1n), ok(min - 1n), ok(5)]; });
T('bigint/size-limit-not-reached', () => { const x = 1n << 100000n; return [x.toString(16).length, (x - 1n).toString(2).length, (x * x) >> 199990n]; });
T('bigint/map-set', () => { const m = new Map([[1n, 'a'], [1, 'b']]); const s = new Set([1n, 2n, 1n]); return [m.get(1n), m.get(1), m.size, s.size, s.has(2n), s.has(2)]; });
// `**` between variables: SWC would make it Math.pow, which refuses bigints;
// the toolchain keeps the operator (toolchain/mujs-lower.mjs, keepExponent)
T('bigint/pow-variables', () => { const b = 2n, e = 100n; let x = 3n; x **= e; const n = 2, m = 10; return [b ** e, x % 1000n, n ** m, (-n) ** 3, n ** -1, n ** 0.5, 1 ** NaN, n ** m ** 0]; });
T('bigint/pow-member-assign', () => { const o = { p: 3n, q: 2 }; o.p **= 3n; o.q **= 10; return [o.p, o.q]; });
T('bigint/math-pow-refuses', () => { try { return Math.pow(2n, 2n); } catch (e) { return e.name; } });
T('bigint/pow-mixed', () => { const a = 2n, b = 2; try { return a ** b; } catch (e) { return e.name; } });
// ToNumber of a bigint throws inside the built-ins too (runtime/mujs-fixes.js's wrappers used Number(x), which converts)
T('bigint/to-number-in-builtins', () => [() => [1, [2]].flat(1n), () => 'abcdef'.slice(1n), () => 'abc'.lastIndexOf('b', 1n), () => Math.round(1n), () => new Date(0).setFullYear(2000n),
  () => 'abc'.substr(1n), () => 'abc'.indexOf('b', 1n), () => [1, 2, 3].splice(1n), () => (1.5).toFixed(1n), () => 'abc'.charAt(1n), () => [1, 2].at(1n), () => new Date(0).setYear(1n)]
  .map((g) => { try { return String(g()); } catch (e) { return e.name; } }));
