// Property order: integer keys ascending, then strings and symbols in
// insertion order (ES2015 OrdinaryOwnPropertyKeys; for-in and JSON follow it
// since ES2020). mujs 1.3.2 enumerates sorted by strcmp (docs/mujs.md §3,
// quirk 3): a mujs patch is pending.
import { T } from '../harness.mjs';

T('order/keys-insertion', () => Object.keys({ b: 1, a: 2, c: 3 }));
T('order/keys-integers-first', () => Object.keys({ b: 1, 10: 2, a: 3, 9: 4, 1: 5 }));
T('order/keys-integer-like', () => Object.keys({ '01': 1, '-1': 2, '1.5': 3, '4294967295': 4, '4294967294': 5, '2': 6 }));
T('order/keys-after-delete', () => { var o = { a: 1, b: 2, c: 3 }; delete o.a; o.a = 4; return Object.keys(o); });
T('order/keys-assign-existing', () => { var o = { a: 1, b: 2 }; o.a = 3; return Object.keys(o); });
T('order/for-in', () => { var o = { z: 1, y: 2, 3: 0, x: 3 }; var out = []; for (var k in o) out.push(k); return out; });
T('order/for-in-inherited', () => {
  var p = { p2: 1, p1: 2 }; var o = Object.create(p); o.o2 = 3; o.o1 = 4;
  var out = []; for (var k in o) out.push(k); return out;
});
T('order/for-in-shadowed', () => {
  var p = { a: 1, b: 2 }; var o = Object.create(p); o.b = 3;
  var out = []; for (var k in o) out.push(k); return out;
});
T('order/json-stringify', () => JSON.stringify({ b: 1, a: [{ d: 1, c: 2 }], 2: 0, 1: 0 }));
T('order/json-parse-keys', () => Object.keys(JSON.parse('{"b":1,"a":2,"10":3,"9":4}')));
T('order/assign', () => Object.keys(Object.assign({ c: 1 }, { b: 2 }, { a: 3, c: 4 })));
T('order/spread', () => Object.keys({ ...{ b: 1 }, a: 2, ...{ c: 3, b: 4 } }));
T('order/entries', () => Object.entries({ y: 1, x: 2 }));
T('order/values', () => Object.values({ y: 1, x: 2, 0: 3 }));
T('order/getOwnPropertyNames', () => Object.getOwnPropertyNames({ b: 1, a: 2 }));
T('order/class-fields', () => { class A { z = 1; y = 2; constructor() { this.x = 3; } } return Object.keys(new A()); });
T('order/defineProperty', () => { var o = {}; Object.defineProperty(o, 'b', { value: 1, enumerable: true }); o.a = 2; return Object.keys(o); });
T('order/symbols-last', () => { var s = Symbol('s'); var o = { [s]: 1, b: 2, 1: 3 }; return Reflect.ownKeys(o).map(String); });
T('order/fromEntries', () => Object.keys(Object.fromEntries([['b', 1], ['a', 2]])));
T('order/array-extra-keys', () => { var a = [1, 2]; a.z = 1; a.y = 2; return Object.keys(a); });
T('order/function-props', () => { function f() {} f.b = 1; f.a = 2; return Object.keys(f); });
T('order/many-keys', () => { var o = {}; for (var i = 0; i < 12; i++) o['k' + (12 - i)] = i; return Object.keys(o).join(); });
T('order/numeric-strings', () => { var o = {}; o['10'] = 1; o['9'] = 2; o['a'] = 3; o['1e3'] = 4; return Object.keys(o); });
T('order/map-vs-object', () => { var o = {}; var m = new Map(); ['b', 'a', 'c'].forEach(function (k) { o[k] = 1; m.set(k, 1); }); return [Object.keys(o), Array.from(m.keys())]; });
T('order/jsx-props-like', () => JSON.stringify({ className: 'x', id: 'y', 'aria-label': 'z', children: [] }));
T('order/getOwnPropertyDescriptors', () => Object.keys(Object.getOwnPropertyDescriptors({ b: 1, a: 2 })));
T('order/structured', () => JSON.stringify({ user: { name: 'n', age: 1 }, id: 7 }, null, 1));
// An object literal's keys are defined (CreateDataProperty), not assigned:
// a setter or a read-only property of its prototype is not consulted (mujs
// patch 1522); repeated keys and getters of the same name.
T('order/literal-proto-setter', () => { var log = []; var p = { set x(v) { log.push(v); } }; var o = { __proto__: p, x: 1 }; return [log.length, Object.keys(o), o.x]; });
T('order/literal-proto-readonly', () => { var p = Object.defineProperty({}, 'y', { value: 1, writable: false }); var o = { __proto__: p, y: 2 }; return [o.y, Object.keys(o), p.y]; });
T('order/literal-getter-then-value', () => { var o = { get a() { return 1; }, b: 2, a: 3 }; var d = Object.getOwnPropertyDescriptor(o, 'a'); return [Object.keys(o), o.a, typeof d.get, d.writable, d.enumerable]; });
T('order/literal-value-then-getter', () => { var o = { a: 3, b: 1, get a() { return 9; } }; return [Object.keys(o), o.a]; });
