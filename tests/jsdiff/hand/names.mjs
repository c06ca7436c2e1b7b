// Property names as values: kit's mujs keeps each name in its property
// (patch 0700) and a String object's string in the object (0703) instead of
// interning them; these cases would show names confused with one another.
import { T } from '../harness.mjs';

T('names/shared-prefixes', () => {
  var o = {}; o.a = 1; o.ab = 2; o.abc = 3; o.abcdefgh = 4; o.abcdefghijklmnop = 5; o.abcdefghijklmnopq = 6;
  return [o.a, o.ab, o.abc, o.abcd, o.abcdefgh, o.abcdefghi, o.abcdefghijklmnop, o.abcdefghijklmnopq, Object.keys(o)];
});
T('names/long-differ-at-end', () => {
  var x = new Array(501).join('n'), o = {}; o[x + 'a'] = 1; o[x + 'b'] = 2; o[x] = 3;
  delete o[x + 'a']; return [o[x + 'a'], o[x + 'b'], o[x], Object.keys(o).map(function (k) { return k.length; })];
});
T('names/non-ascii', () => {
  var o = {}; o['\u00e9'] = 1; o['e\u0301'] = 2; o['\u65e5\u672c'] = 3; o['\u65e5'] = 4; o['\u03a9\u03a9\u03a9\u03a9\u03a9\u03a9\u03a9\u03a9'] = 5;
  delete o['\u65e5']; o['\u65e5'] = 6; return [o['\u00e9'], o['e\u0301'], o.e, o['\u65e5\u672c'], o['\u65e5'], Object.keys(o)];
});
T('names/delete-readd-many', () => {
  var o = {}, i; for (i = 0; i < 200; i++) o['key' + i + (i % 3 ? '' : '_with_a_long_tail')] = i;
  for (i = 0; i < 200; i += 2) delete o['key' + i + (i % 3 ? '' : '_with_a_long_tail')];
  for (i = 0; i < 200; i += 4) o['key' + i + (i % 3 ? '' : '_with_a_long_tail')] = -i;
  return [Object.keys(o).length, Object.keys(o).slice(0, 6), o.key4, o.key6_with_a_long_tail, o.key0_with_a_long_tail, o.key7];
});
T('names/accessor-survives-deletes', () => {
  var o = { a_long_first_name: 1, b: 2 }; Object.defineProperty(o, 'c_accessor', { get: function () { return 'C'; }, enumerable: true, configurable: true });
  o.d = 3; o.e_another_long_name = 4; delete o.b; delete o.d; return [o.c_accessor, Object.keys(o), JSON.stringify(o)];
});
T('names/delete-during-for-in', () => {
  var o = { first_long_name_1: 1, b: 2, third_long_name_3: 3, d: 4 }, r = [];
  for (var k in o) { delete o[k]; if (k === 'b') delete o.d; o['new_' + k] = 1; r.push(k); }
  return [r, Object.keys(o)];
});
T('names/computed-keys-many', () => {
  var s = 0, i, o; for (i = 0; i < 20000; i++) { o = {}; o['k' + i] = i; o['a_longer_computed_key_' + i] = 1; s += o['k' + i] + o['a_longer_computed_key_' + i]; }
  return s;
});
T('names/string-objects', () => {
  var a = 'a string longer than fifteen bytes', s = new String(a + '!'), t = Object('short');
  s.extra = 1; return [s.length, s.charAt(3), s.valueOf(), String(s), s + '?', typeof s, t.length, t.valueOf(), s.extra, a.indexOf('longer')];
});
T('names/string-values-outlive-objects', () => {
  var v = [], i; for (i = 0; i < 50; i++) v.push(new String('computed string ' + i + ' of fifty').valueOf());
  return [v[0], v[49], v.join('').length];
});
// Symbol keys (patch 0500: "\xFF" and a number) are names like any other,
// each copied into its property: deleted and added again, beside an
// accessor, deleted during for-in, through a proxy.
T('names/symbol-keys-delete-readd', () => {
  var s = [], o = {}, i; for (i = 0; i < 40; i++) { s.push(Symbol('s' + i)); o[s[i]] = i; if (i % 4 === 0) o['k' + i] = i; }
  for (i = 0; i < 40; i += 3) delete o[s[i]];
  for (i = 0; i < 40; i += 6) o[s[i]] = -i;
  return [Object.getOwnPropertySymbols(o).map(function (x) { return x.description + '=' + o[x]; }), Object.keys(o), Reflect.ownKeys(o).length, s[3] in o, s[4] in o];
});
T('names/symbol-accessor-survives-deletes', () => {
  var a = Symbol('a'), b = Symbol('b'), c = Symbol('c'), d = Symbol('d'), o = {}; o[a] = 1; o[b] = 2;
  Object.defineProperty(o, c, { get: function () { return 'C'; }, enumerable: true, configurable: true }); o[d] = 4; o.x = 5;
  delete o[b]; delete o[a]; var one = [o[c], o[d], Object.getOwnPropertySymbols(o).map(String)];
  return [one, delete o[c], o[c], Reflect.ownKeys(o).map(String), { ...o }[d]];
});
T('names/symbol-keys-during-for-in', () => {
  var s1 = Symbol('one'), s2 = Symbol('two'), o = { a: 1 }, r = []; o[s1] = 1; o.b = 2; o[s2] = 2; o.c = 3;
  for (var k in o) { r.push(k); delete o[s1]; delete o.b; }
  var p = new Proxy(o, {}); return [r, JSON.stringify(o), Object.getOwnPropertySymbols(o).map(String), Reflect.ownKeys(p).map(String), Object.keys(p)];
});
