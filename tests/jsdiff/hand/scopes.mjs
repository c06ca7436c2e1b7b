// Locals in stack slots beside captured ones (mujs patch 1710): functions
// that make closures or catch exceptions, written as apps write them and
// lowered by SWC (arrows, let/const in loops, destructuring, classes,
// async functions as state machines with try/catch), each mixing locals an
// inner function reads with locals only the function itself uses.
import { T } from '../harness.mjs';

T('scopes/map-with-index', () => { const items = [3, 4, 5]; let total = 0; const prefix = 'i'; const out = items.map((item, i) => { total += item; return prefix + i + ':' + item; }); return [out, total]; });
T('scopes/uncaptured-beside-captured', () => { function f(a, b) { let x = a * 2; const y = b + 1; const g = () => x + 1; x += y; return [g(), x, y]; } return f(3, 4); });
T('scopes/let-loop', () => { const fs = []; let sum = 0; for (let i = 0; i < 4; i++) { const sq = i * i; sum += sq; fs.push(() => i + sq); } return [fs.map((f) => f()), sum]; });
T('scopes/nested-three', () => { function outer(a) { const b = a + 1; let unused = 0; return (c) => { unused++; const d = c * 2; return (e) => () => a + b + c + d + e; }; } return outer(1)(2)(3)(); });
T('scopes/shadowed-params', () => { function f(x, y) { const g = (x) => x * 10; const h = function (y) { return function () { return y; }; }; return [g(2), h(7)(), x, y]; } return f(1, 2); });
T('scopes/named-recursion', () => { const fact = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; const fib = function fib(n) { const memo = (k) => (k < 2 ? k : fib(k - 1) + fib(k - 2)); return memo(n); }; return [fact(12), fib(16)]; });
T('scopes/hoisted-declarations', () => { function f() { const r = twice(4); function twice(z) { return z * two(); } function two() { return 2; } return r; } return f(); });
T('scopes/destructuring', () => { function f({ a, b: [c, d = 5] }, ...rest) { const g = () => a + c; const { length } = rest; return [g(), d, length]; } return f({ a: 1, b: [2] }, 'x', 'y'); });
T('scopes/catch-shadows-local', () => { let e = 1; let k = 0; let fn; try { k = 1; throw 2; } catch (e) { k += e; e = 9; fn = () => e; } finally { k *= 10; } return [e, k, fn()]; });
T('scopes/catch-var-redeclared', () => { function f() { var e = 3; try { throw 4; } catch (e) { var e = 7; } return e; } return f(); });
T('scopes/locals-in-finally', () => { let log = []; function f() { let n = 1; const g = () => n; try { n = 2; return n; } finally { n = 3; log.push(n, g()); } } return [f(), log]; });
T('scopes/typeof', () => { function f(p) { var q; var g = function () { return typeof p; }; var before = typeof q; q = 'x'; return [typeof p, before, typeof nowhere, g(), typeof q]; } return f(1); });
T('scopes/reference-error', () => { function f() { const a = 1; const g = () => a; try { return missingName; } catch (x) { return [x.name, g()]; } } return f(); });
T('scopes/throw-from-closure', () => { function f() { let count = 0; const thrower = () => { count++; throw new RangeError('n' + count); }; try { thrower(); } catch (err) { return [err.name, err.message, count]; } } return f(); });
T('scopes/compound-and-for-in', () => { function f() { let i = 0, s = '', k, j = 1; const o = { a: 1, b: 2 }; const g = () => j; i++; ++i; i += 5; i *= 2; j **= 3; j++; for (k in o) s += k; return [i, s, k, g(), j]; } return f(); });
T('scopes/arguments-outer', () => { function f(a) { const g = () => a + arguments.length; return g(); } return f(10, 20, 30); });
T('scopes/arguments-inner', () => { function f(a) { const t = 3; const g = function () { return arguments.length + a; }; return g(1, 2) + t; } return f(10); });
T('scopes/class-methods', () => { class Counter { constructor(start) { const step = 2; this.n = start; this.bump = () => { this.n += step; return this.n; }; } twice() { const before = this.n; this.bump(); this.bump(); return [before, this.n]; } } const c = new Counter(5); return c.twice(); });
T('scopes/async-state-machine', async () => { async function load(x) { let tries = 0; const seen = []; for (const v of [1, 2]) { try { tries++; seen.push(await Promise.resolve(v * x)); if (v === 2) throw new Error('stop'); } catch (err) { seen.push(err.message); } } return [tries, seen]; } return load(3); });
T('scopes/generator-locals', () => { function* gen(n) { let i = 0; const scale = 10; while (i < n) { yield i * scale; i++; } } return [...gen(3)]; });
T('scopes/closure-sees-later-writes', () => { let x = 1; const get = () => x; x = 2; const a = get(); x = 3; return [a, get()]; });
T('scopes/recursion-keeps-slots', () => { function walk(n) { const here = n; const f = () => n; if (n > 0) walk(n - 1); return here + f(); } return walk(300); });
T('scopes/eval-in-inner', () => { function f(z) { var w = 2; var g = function () { return eval('z + w'); }; return g(); } return f(40); });
