// JSON.stringify of plain objects whose values are all primitives (mujs
// patch 1650 takes their names and values at once) and strings of printable
// ASCII runs between escapes (1651): against objects that must take the
// iterator (getters, indices, inherited, non-enumerable, nested, toJSON).
import { T } from '../harness.mjs';

T('json-plain/primitives', () => JSON.stringify({ a: 1, b: 'x"y', c: true, d: null, e: undefined, f: Symbol('s'), g: NaN, h: -0, i: Infinity }));
T('json-plain/gap', () => [JSON.stringify({ a: 1, b: undefined, c: 'z' }, null, 2), JSON.stringify({ u: undefined }, null, 2), JSON.stringify({}, null, '--')]);
T('json-plain/all-skipped', () => JSON.stringify({ a: undefined, b: Symbol('x') }));
T('json-plain/in-array', () => JSON.stringify([{ id: 1, name: 'Item 1', price: 0 }, {}, { x: { y: 1 } }, { z: false }]));
T('json-plain/property-list', () => JSON.stringify({ a: 1, b: 2, c: 3 }, ['c', 'a']));
T('json-plain/replacer', () => JSON.stringify({ a: 1, b: 's' }, function (k, v) { return typeof v === 'number' ? v * 2 : v; }));
T('json-plain/inherited', () => { var p = Object.create({ inh: 1 }); p.own = 2; return JSON.stringify(p); });
T('json-plain/non-enumerable', () => { var q = {}; Object.defineProperty(q, 'h', { value: 1, enumerable: false }); q.v = 3; return JSON.stringify(q); });
T('json-plain/getter', () => JSON.stringify({ w: 1, get g() { return 5; }, z: 2 }));
T('json-plain/index-keys', () => JSON.stringify({ b: 1, 2: 'a', 1: 'b', x: 'c' }));
T('json-plain/deleted', () => { var o = { a: 1, b: 2, c: 3 }; delete o.b; o.b = 4; return JSON.stringify(o); });
T('json-plain/many-keys', () => { var o = {}; for (var i = 0; i < 40; i++) o['k' + i] = i; return JSON.stringify(o); });
T('json-plain/bigint-throws', () => { try { return JSON.stringify({ a: 1n }); } catch (e) { return e.name; } });
T('json-plain/wrappers', () => JSON.stringify({ n: Object(1), s: Object('s'), b: Object(false) }));
T('json-plain/to-json-proto', () => { var P = function () { this.a = 1; }; P.prototype.toJSON = function () { return 'P'; }; return JSON.stringify([new P(), { b: 2 }]); });
T('json-plain/class-instance', () => { class C { constructor() { this.x = 1; this.y = 'y'; } } return JSON.stringify(new C()); });
T('json-plain/frozen', () => JSON.stringify(Object.freeze({ a: 1, b: [2] })));
T('json-plain/null-proto', () => { var o = Object.create(null); o.k = 'v'; return JSON.stringify(o); });
T('json-plain/strings', () => JSON.stringify(['plain ascii', 'tab\there', 'q"uote\\back', 'caf\u00e9 \u2028 \ud83d\ude00', '\ud800 lone', '\x7f\x01', 'end\n', '']));
T('json-plain/keys-escaped', () => JSON.stringify({ 'a"b': 1, 'new\nline': 2, '\u00e9': 3 }));
T('json-plain/property-list-order', () => [JSON.stringify({ a: 1, b: 2, c: 3 }, ['c', 'a', 'c', 'zz']), JSON.stringify({ 1: 'one', x: [{ 1: 'i', y: 2 }] }, [1, 'x']), JSON.stringify(Object.create({ inh: 1 }), ['inh'])]);
T('json-plain/property-list-gap', () => JSON.stringify({ a: 1, b: { a: 2, c: 3 } }, ['b', 'a', new String('c')], 1));
T('json-plain/property-list-non-enumerable', () => { var o = {}; Object.defineProperty(o, 'h', { value: 1 }); return JSON.stringify(o, ['h', true, null, 'h']); });
T('json-plain/property-list-cycle', () => { var o = {}; o.a = o; try { return JSON.stringify(o, ['a']); } catch (e) { return e.name; } });
T('json-plain/property-list-getter', () => { var n = 0; var o = { get g() { return ++n; } }; return [JSON.stringify(o, ['g', 'g']), n]; });
