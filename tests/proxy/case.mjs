// immer (pinned in package-lock.json) in kit's engine and in Node: tests/suites/proxy-lib.sh
// compares what this prints in both. Needs Proxy, Reflect, freezing, Map.
import { produce, enablePatches, enableMapSet, produceWithPatches, freeze, isDraft, current, original } from 'immer';
enablePatches(); enableMapSet();
var out = [];
function P(x) { out.push(JSON.stringify(x)); }
var base = { todos: [{ id: 1, text: 'a', done: false }, { id: 2, text: 'b', done: false }], meta: { n: 2 } };
var next = produce(base, function (d) { d.todos[0].done = true; d.todos.push({ id: 3, text: 'c', done: false }); d.meta.n = 3; delete d.meta.extra; });
P(next);
P([next === base, next.todos[1] === base.todos[1], next.todos[0] === base.todos[0], Object.isFrozen(next), Object.isFrozen(next.todos[0]), Object.isFrozen(base)]);
var same = produce(base, function (d) { d.meta.n = 2; });
P(same === base);
var r = produceWithPatches({ a: 1, list: [1, 2] }, function (d) { d.a = 2; d.list.splice(0, 1); d.b = { c: 1 }; });
P(r[1]); P(r[2]); P(r[0]);
var seen = [];
produce({ x: { y: 1 } }, function (d) { seen.push(isDraft(d), isDraft(d.x), JSON.stringify(current(d)), original(d.x).y); d.x.y = 5; seen.push(JSON.stringify(current(d.x))); });
P(seen);
var arr = produce([3, 1, 2], function (d) { d.sort(); d.reverse(); });
P(arr);
var m = produce({ m: new Map([['k', 1]]) }, function (d) { d.m.set('k', 2); d.m.set('j', 3); });
P(Array.from(m.m.entries()));
try { produce(base, function (d) { d.meta.n = 9; return { other: 1 }; }); P("no"); } catch (e) { P(e instanceof Error); }
P(produce(base, function () { return { replaced: true }; }));
var frozen = freeze({ a: { b: 1 } }, true);
P([Object.isFrozen(frozen), Object.isFrozen(frozen.a)]);
var curried = produce(function (d, by) { d.n += by; });
P(curried({ n: 1 }, 4));
(typeof print === 'function' ? print : console.log)(out.join('\n'));
