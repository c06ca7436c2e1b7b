// Object key order as the runtime builds it on kit's mujs (mujs/patches/0101,
// docs/mujs.md quirk 3): integer keys ascending, then insertion order, for
// what core-js and SWC's helpers build on Object.keys and for-in. The same
// expectations run on Node; the harness's eq() ignores key order, so these
// compare key lists and JSON text.
import { test, eq } from './harness';

const mixed = (): Record<string, number> => ({ b: 1, a: 2, 10: 3, 9: 4 });

test('order/keys-values-entries', function () {
  eq(Object.keys(mixed()), ['9', '10', 'b', 'a'], 'Object.keys');
  eq(Object.values(mixed()), [4, 3, 1, 2], 'Object.values');
  eq(JSON.stringify(Object.entries(mixed())), '[["9",4],["10",3],["b",1],["a",2]]', 'Object.entries');
});

test('order/assign-spread-rest', function () {
  const o: Record<string, number> = { z: 1, y: 2 };
  eq(JSON.stringify(Object.assign({ m: 0 }, o, { a: 3, z: 4 })), '{"m":0,"z":4,"y":2,"a":3}', 'Object.assign');
  eq(JSON.stringify({ ...o, x: 5, ...{ b: 6, y: 7 } }), '{"z":1,"y":7,"x":5,"b":6}', 'spread');
  const { y, ...rest } = { q: 1, y: 2, p: 3, 1: 4 } as Record<string, number>;
  eq([y, Object.keys(rest)], [2, ['1', 'q', 'p']], 'rest');
});

test('order/fromEntries-json', function () {
  eq(Object.keys(Object.fromEntries([['b', 1], ['a', 2], ['3', 3]])), ['3', 'b', 'a'], 'Object.fromEntries');
  eq(JSON.stringify(JSON.parse('{"z":{"y":1,"x":2},"2":0,"a":[{"d":1,"c":2}]}')), '{"2":0,"z":{"y":1,"x":2},"a":[{"d":1,"c":2}]}', 'JSON round trip');
});

test('order/delete-and-add-again', function () {
  const o: Record<string, number> = { a: 1, b: 2, c: 3 };
  delete o.a;
  o.d = 4;
  o.a = 5;
  eq(Object.keys(o), ['b', 'c', 'd', 'a'], 'a deleted key added again goes to the end');
});

test('order/arrays', function () {
  const a: any = [5, 6, 7];
  a.x = 1;
  const seen: string[] = [];
  for (const k in a) seen.push(k);
  eq([Object.keys(a), seen, Object.entries([8, 9])], [['0', '1', '2', 'x'], ['0', '1', '2', 'x'], [['0', 8], ['1', 9]]], 'keys, for-in, entries');
});

test('order/class-instance-and-inherited', function () {
  class P { p2 = 1; p1 = 2; }
  class C extends P { c = 3; a = 4; }
  eq(Object.keys(new C()), ['p2', 'p1', 'c', 'a'], 'class fields');
  const proto = { s: 1, b: 2 };
  const o = Object.create(proto);
  o.z = 1;
  o.b = 3;
  const seen: string[] = [];
  for (const k in o) seen.push(k);
  eq(seen, ['z', 'b', 's'], 'for-in: own keys, then the prototype\'s');
});

test('order/web-classes', function () {
  eq(String(new URLSearchParams({ z: '1', a: '2', 1: '3' })), '1=3&z=1&a=2', 'URLSearchParams from a record');
  return new Response(JSON.stringify({ b: 1, a: 2 })).json().then(function (v: any) {
    eq(Object.keys(v), ['b', 'a'], 'Response#json');
  });
});
