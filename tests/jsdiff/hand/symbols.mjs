// Symbols through kit's whole pipeline (SWC's ES5, mujs-lower's __kit_in,
// the runtime): mujs's native Symbol (patches 0500-0501) with core-js's
// Map, Set and iterators keyed by it. The first cases have date-fns 4's
// shape: a symbol made when the module loads, then asked `sym in value` of
// every date. With core-js's Symbol polyfill such a symbol was `in` every
// object (a setter on Object.prototype), so date-fns called an undefined
// method on every plain Date.
import { T, L } from '../harness.mjs';

const constructFromSymbol = Symbol.for('constructDateFrom');
function constructFrom(date, value) {
  if (typeof date === 'function') return date(value);
  if (date && typeof date === 'object' && constructFromSymbol in date) return date[constructFromSymbol](value);
  if (date instanceof Date) return new date.constructor(value);
  return new Date(value);
}
class TZDate {
  constructor(v) { this.v = v; }
  [constructFromSymbol](value) { return new TZDate('tz:' + value); }
}
const moduleSymbol = Symbol('module');

T('symbols/load-time-symbol-not-in-objects', () => [constructFromSymbol in {}, constructFromSymbol in [], constructFromSymbol in new Date(0),
  constructFromSymbol in Object.prototype, moduleSymbol in {}, moduleSymbol in function () {}, typeof ({})[constructFromSymbol]]);
T('symbols/date-fns-constructFrom-date', () => constructFrom(new Date(0), 86400000).toISOString());
T('symbols/date-fns-constructFrom-own-method', () => constructFrom(new TZDate('a'), 5).v);
T('symbols/in-after-assignment', () => { var o = {}; var before = moduleSymbol in o; o[moduleSymbol] = 1; return [before, moduleSymbol in o, moduleSymbol in Object.create(o)]; });
T('symbols/literal-computed-keys', () => { var s = Symbol('s'); var o = { [s]: 1, a: 2, [Symbol.for('f')]: 3 }; return [Object.keys(o), JSON.stringify(o), o[s], Object.getOwnPropertySymbols(o).map(String)]; });
T('symbols/object-spread-copies-symbols', () => { var s = Symbol('s'); var hidden = Symbol('h'); var src = { [s]: 1, a: 2 }; Object.defineProperty(src, hidden, { value: 3, enumerable: false }); var o = { ...src }; return [o[s], o[hidden], Object.getOwnPropertySymbols(o).length]; });
T('symbols/object-assign-copies-symbols', () => { var s = Symbol('s'); var o = Object.assign({}, { [s]: 1, b: 2 }); return [o[s], o.b, Object.getOwnPropertySymbols(o).map(String)]; });
T('symbols/reflect-ownKeys-order', () => { var s = Symbol('s'), t = Symbol('t'); var o = { [t]: 0, b: 1, 2: 2, [s]: 3, a: 4, 1: 5 }; return Reflect.ownKeys(o).map(String); });
T('symbols/class-symbol-methods', () => {
  var m = Symbol('m');
  class A { [m]() { return 'm'; } static [m]() { return 's'; } get [Symbol.toStringTag]() { return 'Ay'; } }
  return [new A()[m](), A[m](), String(new A()), Object.keys(A.prototype), Object.getOwnPropertySymbols(A.prototype).length];
});
// (a class's own static [Symbol.hasInstance] is left out: SWC's
// _class_call_check asks `this instanceof A`, so it would run it on `new A()`)
T('symbols/has-instance', () => { var Even = { [Symbol.hasInstance](v) { return v % 2 === 0; } }; return [2 instanceof Even, 3 instanceof Even, [] instanceof Array]; });
T('symbols/instanceof-ordinary', () => { class B {} class C extends B {} var t; try { t = 1 instanceof {}; } catch (e) { t = e.name; }
  return [new C() instanceof B, new B() instanceof C, Object.create(B.prototype) instanceof B, [] instanceof Object, function () {} instanceof Function, 5 instanceof Number, null instanceof Object, t,
    Function.prototype[Symbol.hasInstance].call(B, new C())]; });
T('symbols/typeof', () => { var s = Symbol(); var box = Object(s); return [typeof s, typeof box, typeof Symbol.iterator, typeof Symbol, typeof s === 'symbol']; });
T('symbols/template-and-string', () => { var s = Symbol('d'); var threw; try { threw = `${s}`; } catch (e) { threw = e.name; } return [String(s), s.toString(), s.description, threw]; });
T('symbols/map-and-set-keys', () => { var s = Symbol('k'); var m = new Map([[s, 1]]); var set = new Set([s, s]); return [m.get(s), m.has(Symbol('k')), set.size, Object.prototype.toString.call(m)]; });
T('symbols/for-of-and-spread', () => {
  var out = [];
  for (var x of new Set([1, 2])) out.push(x);
  for (var [k, v] of new Map([['a', 1]])) out.push(k + v);
  for (var c of 'ab') out.push(c);
  return [out, [...new Set([3, 3, 4])], Array.from(new Map([[1, 2]]).keys()), [...'xy']];
});
T('symbols/custom-iterable', () => {
  var it = { [Symbol.iterator]() { var i = 0; return { next() { return i < 3 ? { value: i++, done: false } : { value: undefined, done: true }; } }; } };
  var [a, ...rest] = it;
  return [[...it], a, rest, Array.from(it)];
});
T('symbols/generator-iterator', () => { function* g() { yield 1; yield 2; } var it = g(); return [typeof it[Symbol.iterator], it[Symbol.iterator]() === it, [...g()]]; });
T('symbols/iterator-to-string-tags', () => [Object.prototype.toString.call([][Symbol.iterator]()), Object.prototype.toString.call(new Map().entries()),
  Object.prototype.toString.call(''[Symbol.iterator]()), Object.prototype.toString.call(Promise.resolve()), Object.prototype.toString.call(globalThis)]);
T('symbols/to-primitive', () => { var o = { [Symbol.toPrimitive](h) { return h === 'number' ? 7 : 'h:' + h; } }; return [+o, `${o}`, o + '', o * 2]; });
T('symbols/hidden-from-json-and-keys', () => { var s = Symbol('s'); var o = { a: s, [s]: 'v' }; var ks = []; for (var k in o) ks.push(k); return [JSON.stringify(o), JSON.stringify([s]), Object.keys(o), ks, Object.entries(o).length]; });
L('symbols/async-iterator', async (log) => {
  var src = { [Symbol.asyncIterator]() { var i = 0; return { next() { return Promise.resolve(i < 2 ? { value: i++, done: false } : { value: undefined, done: true }); } }; } };
  for await (var v of src) log.push(v);
  async function* ag() { yield 'a'; yield 'b'; }
  for await (var w of ag()) log.push(w);
  log.push(typeof Symbol.asyncIterator);
});
T('symbols/core-js-state-keys-hidden', () => { var k = {}; new WeakMap().set(k, 1); return [Object.getOwnPropertyNames(new Map([[1, 2]])), Reflect.ownKeys(new Set([1])),
  Object.getOwnPropertyNames([].values()), Object.getOwnPropertyNames(k), Object.keys(Object.getOwnPropertyDescriptors(new Map()))]; });
T('symbols/species', () => [Array, Map, Set, Promise, RegExp].map((c) => c[Symbol.species] === c));
