/* mujs_proxy_test.c — kit's patches 0600 (Proxy, with the object operations
 * of the spec it needs) and 0601 (Reflect) to mujs (mujs/patches/,
 * mujs/README.md): every trap, a missing trap forwarding to the target, the
 * invariants with V8's messages, Proxy.revocable, proxies in prototype
 * chains, Object.defineProperty as the spec has it, Reflect.
 *
 * Each case is an ES5 function body, run in mujs alone (no kit runtime) as
 *   JSON.stringify((function () { BODY })())
 * and compared with what Node 20 printed for the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))' */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_run.h"
#include "test.h"

struct proxy_case {
	const char *name, *body, *want;
};

static const struct proxy_case cases[] = {
	{"0600: get trap, with the receiver",
	 "var p = new Proxy({}, { get: function (t, k, r) { return k + (r === p); } }); return p.abc"
	 ";",
	 "\"abctrue\""},
	{"0600: a missing trap forwards to the target",
	 "var t = {a: 1}; var p = new Proxy(t, {}); p.b = 2; delete p.a; return [t, 'b' in p, p.b, O"
	 "bject.keys(p)];",
	 "[{\"b\":2},true,2,[\"b\"]]"},
	{"0600: set trap",
	 "var log = []; var p = new Proxy({}, { set: function (t, k, v, r) { log.push(k, v, r === p)"
	 "; t[k] = v * 2; return true; } }); p.x = 3; p[7] = 1; return [log, p.x, p[7]];",
	 "[[\"x\",3,true,\"7\",1,true],6,2]"},
	{"0600: has trap for in, no getter runs",
	 "var log = []; var p = new Proxy({a: 1}, { has: function (t, k) { log.push(k); return k in "
	 "t; } }); var o = { get g() { throw new Error('ran'); } }; return ['a' in p, 'b' in p, 'g' "
	 "in o, log];",
	 "[true,false,true,[\"a\",\"b\"]]"},
	{"0600: deleteProperty trap",
	 "var p = new Proxy({a: 1}, { deleteProperty: function (t, k) { return k !== 'a'; } }); retu"
	 "rn [delete p.a, delete p.b];",
	 "[false,true]"},
	{"0600: ownKeys and getOwnPropertyDescriptor traps",
	 "var p = new Proxy({}, { ownKeys: function () { return ['z', 'y', 'h']; }, getOwnPropertyDe"
	 "scriptor: function (t, k) { return k === 'h' ? undefined : { value: k, enumerable: true, c"
	 "onfigurable: true }; } }); var f = []; for (var k in p) f.push(k); return [Object.keys(p),"
	 " Object.getOwnPropertyNames(p), f, Object.getOwnPropertyDescriptor(p, 'z'), JSON.stringify"
	 "(p)];",
	 "[[\"z\",\"y\"],[\"z\",\"y\",\"h\"],[\"z\",\"y\"],{\"value\":\"z\",\"writable\":false,\"enu"
	 "merable\":true,\"configurable\":true},\"{}\"]"},
	{"0600: defineProperty trap",
	 "var log = []; var p = new Proxy({}, { defineProperty: function (t, k, d) { log.push(k, JSO"
	 "N.stringify(d)); return Reflect.defineProperty(t, k, d); } }); Object.defineProperty(p, 'a"
	 "', { value: 1, enumerable: true }); p.b = 2; return log;",
	 "[\"a\",\"{\\\"value\\\":1,\\\"enumerable\\\":true}\",\"b\",\"{\\\"value\\\":2,\\\"writable"
	 "\\\":true,\\\"enumerable\\\":true,\\\"configurable\\\":true}\"]"},
	{"0600: trap order of an assignment with no set trap",
	 "var log = []; var h = {}; ['getOwnPropertyDescriptor', 'defineProperty', 'set', 'get', 'ha"
	 "s'].forEach(function (n) { h[n] = function () { log.push(n); return Reflect[n].apply(null,"
	 " arguments); }; }); var p = new Proxy({}, h); p.a = 1; return log;",
	 "[\"set\",\"getOwnPropertyDescriptor\",\"defineProperty\"]"},
	{"0600: getPrototypeOf trap, instanceof, isPrototypeOf",
	 "function F() {} var p = new Proxy({}, { getPrototypeOf: function () { return F.prototype; "
	 "} }); return [Object.getPrototypeOf(p) === F.prototype, p instanceof F, F.prototype.isProt"
	 "otypeOf(p), p.__proto__ === F.prototype];",
	 "[true,true,true,true]"},
	{"0600: setPrototypeOf trap",
	 "var log = []; var p = new Proxy({}, { setPrototypeOf: function (t, q) { log.push(q === nul"
	 "l); return false; } }); var r = Reflect.setPrototypeOf(p, null); try { Object.setPrototype"
	 "Of(p, null); } catch (e) { log.push(e.name); } return [r, log];",
	 "[false,[true,true,\"TypeError\"]]"},
	{"0600: isExtensible and preventExtensions traps",
	 "var t = {}; var p = new Proxy(t, { preventExtensions: function (t) { Object.preventExtensi"
	 "ons(t); return true; }, isExtensible: function (t) { return Object.isExtensible(t); } }); "
	 "return [Object.isExtensible(p), Object.preventExtensions(p) === p, Object.isExtensible(p),"
	 " Object.isExtensible(t)];",
	 "[true,true,false,false]"},
	{"0600: apply trap",
	 "var p = new Proxy(function (a) { return a; }, { apply: function (t, th, args) { return [th"
	 ", args, t(5)]; } }); var o = { m: p }; return [p(1, 2), o.m(3)[0] === o, p.call(7, 8), typ"
	 "eof p, Object.prototype.toString.call(p)];",
	 "[[null,[1,2],5],true,[7,[8],5],\"function\",\"[object Function]\"]"},
	{"0600: construct trap and new.target",
	 "function F(a) { this.a = a; } var P = new Proxy(F, { construct: function (t, args, nt) { r"
	 "eturn { args: args, nt: nt === P }; } }); var Q = new Proxy(F, {}); var q = new Q(4); retu"
	 "rn [new P(1, 2), q.a, q instanceof F];",
	 "[{\"args\":[1,2],\"nt\":true},4,true]"},
	{"0600: Array.isArray, JSON and toString see through a proxy",
	 "var p = new Proxy([1, 2], {}); p.push(3); return [Array.isArray(p), JSON.stringify({ p: p "
	 "}), Object.prototype.toString.call(p), p.length, Array.prototype.slice.call(p, 1)];",
	 "[true,\"{\\\"p\\\":[1,2,3]}\",\"[object Array]\",3,[2,3]]"},
	{"0600: a proxy in the prototype chain",
	 "var log = []; var proto = new Proxy({}, { get: function (t, k, r) { log.push('get ' + k); "
	 "return 'p:' + k; }, set: function (t, k, v, r) { log.push('set ' + k); Object.defineProper"
	 "ty(r, k, { value: v, writable: true, enumerable: true, configurable: true }); return true;"
	 " }, has: function (t, k) { log.push('has ' + k); return true; } }); var o = Object.create("
	 "proto); o.own = 'mine'; return [o.zz, 'q' in o, o.own, Object.keys(o), log];",
	 "[\"p:zz\",true,\"mine\",[\"own\"],[\"set own\",\"get zz\",\"has q\"]]"},
	{"0600: Proxy.revocable",
	 "var r = Proxy.revocable({a: 1}, {}); var before = r.proxy.a; r.revoke(); r.revoke(); var m"
	 "sgs = []; try { r.proxy.a; } catch (e) { msgs.push(e.message); } try { Array.isArray(r.pro"
	 "xy); } catch (e) { msgs.push(e.message); } return [before, msgs];",
	 "[1,[\"Cannot perform 'get' on a proxy that has been revoked\",\"Cannot perform 'IsArray' o"
	 "n a proxy that has been revoked\"]]"},
	{"0600: Proxy needs new and objects",
	 "var m = []; try { Proxy({}, {}); } catch (e) { m.push(e.message); } try { new Proxy(1, {})"
	 "; } catch (e) { m.push(e.message); } return [m, typeof Proxy, Proxy.length, 'prototype' in"
	 " Proxy];",
	 "[[\"Constructor Proxy requires 'new'\",\"Cannot create proxy with a non-object as target o"
	 "r handler\"],\"function\",2,false]"},
	{"0600: freeze, isFrozen, seal through traps",
	 "var log = []; var h = {}; ['preventExtensions', 'ownKeys', 'getOwnPropertyDescriptor', 'de"
	 "fineProperty', 'isExtensible'].forEach(function (n) { h[n] = function () { log.push(n); re"
	 "turn Reflect[n].apply(null, arguments); }; }); var t = {a: 1}; var p = new Proxy(t, h); va"
	 "r before = Object.isFrozen(p); Object.freeze(p); return [before, Object.isFrozen(p), Objec"
	 "t.isFrozen(t), Object.isSealed(p), log];",
	 "[false,true,true,true,[\"isExtensible\",\"preventExtensions\",\"ownKeys\",\"getOwnProperty"
	 "Descriptor\",\"defineProperty\",\"isExtensible\",\"ownKeys\",\"getOwnPropertyDescriptor\","
	 "\"isExtensible\",\"ownKeys\",\"getOwnPropertyDescriptor\"]]"},
	{"0600: invariant: get of a non-writable, non-configurable property",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { get: funct"
	 "ion () { return 2; } }); try { return p.x; } catch (e) { return e.message; }",
	 "\"'get' on proxy: property 'x' is a read-only and non-configurable data property on the pr"
	 "oxy target but the proxy did not return its actual value (expected '1' but got '2')\""},
	{"0600: invariant: has hides a non-configurable property",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { has: funct"
	 "ion () { return false; } }); try { return 'x' in p; } catch (e) { return e.message; }",
	 "\"'has' on proxy: trap returned falsish for property 'x' which exists in the proxy target "
	 "as non-configurable\""},
	{"0600: invariant: deleteProperty of a non-configurable property",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { deleteProp"
	 "erty: function () { return true; } }); try { return delete p.x; } catch (e) { return e.mes"
	 "sage; }",
	 "\"'deleteProperty' on proxy: trap returned truish for property 'x' which is non-configurab"
	 "le in the proxy target\""},
	{"0600: invariant: set of a non-writable property",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { set: funct"
	 "ion () { return true; } }); try { p.x = 2; return 'no'; } catch (e) { return e.message; }",
	 "\"'set' on proxy: trap returned truish for property 'x' which exists in the proxy target a"
	 "s a non-configurable and non-writable data property with a different value\""},
	{"0600: invariant: ownKeys must list non-configurable keys",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { ownKeys: f"
	 "unction () { return []; } }); try { return Object.keys(p); } catch (e) { return e.message;"
	 " }",
	 "\"'ownKeys' on proxy: trap result did not include 'x'\""},
	{"0600: invariant: ownKeys of a non-extensible target",
	 "var t = Object.preventExtensions({a: 1}); var p = new Proxy(t, { ownKeys: function () { re"
	 "turn ['a', 'b']; } }); try { return Object.getOwnPropertyNames(p); } catch (e) { return e."
	 "message; }",
	 "\"'ownKeys' on proxy: trap returned extra keys but proxy target is non-extensible\""},
	{"0600: invariant: ownKeys duplicates",
	 "var p = new Proxy({}, { ownKeys: function () { return ['a', 'a']; } }); try { return Objec"
	 "t.keys(p); } catch (e) { return e.message; }",
	 "\"'ownKeys' on proxy: trap returned duplicate entries\""},
	{"0600: invariant: getOwnPropertyDescriptor",
	 "var t = {}; Object.defineProperty(t, 'x', { value: 1 }); var p = new Proxy(t, { getOwnProp"
	 "ertyDescriptor: function () { return undefined; } }); var q = new Proxy({}, { getOwnProper"
	 "tyDescriptor: function () { return { value: 1, configurable: false }; } }); var m = []; tr"
	 "y { Object.getOwnPropertyDescriptor(p, 'x'); } catch (e) { m.push(e.message); } try { Obje"
	 "ct.getOwnPropertyDescriptor(q, 'y'); } catch (e) { m.push(e.message); } return m;",
	 "[\"'getOwnPropertyDescriptor' on proxy: trap returned undefined for property 'x' which is "
	 "non-configurable in the proxy target\",\"'getOwnPropertyDescriptor' on proxy: trap reporte"
	 "d non-configurability for property 'y' which is either non-existent or configurable in the"
	 " proxy target\"]"},
	{"0600: invariant: defineProperty",
	 "var t = Object.preventExtensions({}); var p = new Proxy(t, { defineProperty: function () {"
	 " return true; } }); var q = new Proxy({}, { defineProperty: function () { return false; } "
	 "}); var m = []; try { Object.defineProperty(p, 'x', { value: 1 }); } catch (e) { m.push(e."
	 "message); } try { Object.defineProperty(q, 'x', { value: 1 }); } catch (e) { m.push(e.mess"
	 "age); } m.push(Reflect.defineProperty(q, 'x', { value: 1 })); return m;",
	 "[\"'defineProperty' on proxy: trap returned truish for adding property 'x'  to the non-ext"
	 "ensible proxy target\",\"'defineProperty' on proxy: trap returned falsish for property 'x'"
	 "\",false]"},
	{"0600: invariant: getPrototypeOf, isExtensible, preventExtensions",
	 "var t = Object.preventExtensions({}); var m = []; try { Object.getPrototypeOf(new Proxy(t,"
	 " { getPrototypeOf: function () { return Array.prototype; } })); } catch (e) { m.push(e.mes"
	 "sage); } try { Object.isExtensible(new Proxy({}, { isExtensible: function () { return fals"
	 "e; } })); } catch (e) { m.push(e.message); } try { Object.preventExtensions(new Proxy({}, "
	 "{ preventExtensions: function () { return true; } })); } catch (e) { m.push(e.message); } "
	 "try { Object.preventExtensions(new Proxy({}, { preventExtensions: function () { return fal"
	 "se; } })); } catch (e) { m.push(e.message); } return m;",
	 "[\"'getPrototypeOf' on proxy: proxy target is non-extensible but the trap did not return i"
	 "ts actual prototype\",\"'isExtensible' on proxy: trap result does not reflect extensibilit"
	 "y of proxy target (which is 'true')\",\"'preventExtensions' on proxy: trap returned truish"
	 " but the proxy target is extensible\",\"'preventExtensions' on proxy: trap returned falsis"
	 "h\"]"},
	{"0600: invariant: construct must return an object",
	 "var P = new Proxy(function () {}, { construct: function () { return 1; } }); try { new P()"
	 "; } catch (e) { return e.message; }",
	 "\"'construct' on proxy: trap returned non-object ('1')\""},
	{"0600: defineProperty keeps omitted attributes and refuses",
	 "var o = { x: 1 }; Object.defineProperty(o, 'x', { enumerable: false }); var d = Object.get"
	 "OwnPropertyDescriptor(o, 'x'); var f = {}; Object.defineProperty(f, 'y', { value: 1 }); va"
	 "r m; try { Object.defineProperty(f, 'y', { value: 2 }); } catch (e) { m = e.message; } Obj"
	 "ect.defineProperty(f, 'y', { value: 1 }); return [d, m, Object.getOwnPropertyDescriptor({}"
	 ", 'toString')];",
	 "[{\"value\":1,\"writable\":true,\"enumerable\":false,\"configurable\":true},\"Cannot redef"
	 "ine property: y\",null]"},
	{"0600: defineProperty on array indexes and length",
	 "var a = []; Object.defineProperty(a, '0', { value: 1, enumerable: true, writable: true, co"
	 "nfigurable: true }); Object.defineProperty(a, '3', { value: 4, enumerable: true }); var b "
	 "= [1, 2, 3]; Object.defineProperty(b, 'length', { value: 1 }); return [a.length, a[3], b, "
	 "Object.getOwnPropertyDescriptor(b, 'length'), [1].hasOwnProperty('length'), Object.getOwnP"
	 "ropertyDescriptor('ab', '1')];",
	 "[4,4,[1],{\"value\":1,\"writable\":true,\"enumerable\":false,\"configurable\":false},true,"
	 "{\"value\":\"b\",\"writable\":false,\"enumerable\":true,\"configurable\":false}]"},
	{"0600: accessor redefined as data keeps its place",
	 "var o = { a: 1, get b() { return 2; }, c: 3 }; Object.defineProperty(o, 'b', { value: 5 })"
	 "; Object.defineProperty(o, 'a', { get: function () { return 9; } }); return [Object.keys(o"
	 "), o.a, o.b, Object.getOwnPropertyDescriptor(o, 'b')];",
	 "[[\"a\",\"b\",\"c\"],9,5,{\"value\":5,\"writable\":false,\"enumerable\":true,\"configurabl"
	 "e\":true}]"},
	{"0601: Reflect.apply and construct",
	 "function F() { this.k = 1; } function G() {} var o = Reflect.construct(F, [], G); var e = "
	 "Reflect.construct(Error, ['m'], G); var m; try { Reflect.apply(1); } catch (x) { m = x.mes"
	 "sage; } return [Reflect.apply(Math.max, null, [1, 3, 2]), Object.getPrototypeOf(o) === G.p"
	 "rototype, o.k, Object.getPrototypeOf(e) === G.prototype, e.message, Reflect.construct(Date"
	 ", [0]).getTime(), m];",
	 "[3,true,1,true,\"m\",0,\"Function.prototype.apply was called on 1, which is a number and n"
	 "ot a function\"]"},
	{"0601: Reflect.get and set with a receiver",
	 "var o = { get x() { return this.y; }, set x(v) { this.v = v; }, y: 1 }; var r = { y: 2 }; "
	 "var s = {}; return [Reflect.get(o, 'x', r), Reflect.set(o, 'x', 5, s), s, Reflect.set(Obje"
	 "ct.freeze({ a: 1 }), 'a', 2), Reflect.set({}, 'a', 1, s), s.a, Reflect.get([5, 6], 1)];",
	 "[2,true,{\"v\":5,\"a\":1},false,true,1,6]"},
	{"0601: Reflect.defineProperty, deleteProperty, has, ownKeys",
	 "var f = Object.freeze({ a: 1 }); var o = {}; return [Reflect.defineProperty(f, 'x', { valu"
	 "e: 1 }), Reflect.defineProperty(o, 'x', { value: 1 }), o.x, Reflect.deleteProperty(f, 'a')"
	 ", Reflect.deleteProperty(o, 'x'), Reflect.has(Object.create({ p: 1 }), 'p'), Reflect.has(["
	 "], 'length'), Reflect.ownKeys({ b: 1, a: 2, 1: 3 }), Reflect.ownKeys([1, 2])];",
	 "[false,true,1,false,false,true,true,[\"1\",\"b\",\"a\"],[\"0\",\"1\",\"length\"]]"},
	{"0601: Reflect on prototypes and extensibility",
	 "var o = {}; var m; try { Reflect.getPrototypeOf(1); } catch (e) { m = e.message; } return "
	 "[Reflect.setPrototypeOf(o, Array.prototype), o instanceof Array, Reflect.setPrototypeOf(Ob"
	 "ject.preventExtensions({}), {}), Reflect.getPrototypeOf([]) === Array.prototype, Reflect.i"
	 "sExtensible(Object.seal({})), Reflect.preventExtensions(o), Reflect.isExtensible(o), Refle"
	 "ct.getOwnPropertyDescriptor({ a: 1 }, 'a'), m];",
	 "[true,true,false,true,false,true,false,{\"value\":1,\"writable\":true,\"enumerable\":true,"
	 "\"configurable\":true},\"Reflect.getPrototypeOf called on non-object\"]"},
};

/* a proxy is reached from C too: js_getproperty and js_setproperty ask its traps */
static void c_api(js_State *J)
{
	char got[256];
	js_dostring(J, "var __log = []; var __p = new Proxy({}, { get: function (t, k) { __log.push('get ' + k); return 42; }, "
		       "set: function (t, k, v) { __log.push('set ' + k + '=' + v); return true; } });");
	js_getglobal(J, "__p");
	js_getproperty(J, -1, "answer");
	int answer = js_tointeger(J, -1);
	js_pop(J, 1);
	js_pushnumber(J, 7);
	js_setproperty(J, -2, "seven");
	js_pop(J, 1);
	CHECK("0600: js_getproperty of a proxy asks its get trap", answer == 42);
	CHECK_STR("0600: js_setproperty of a proxy asks its set trap",
		  mujs_run(J, "return __log;", got, sizeof got), "[\"get answer\",\"set seven=7\"]");
}

/* revoked proxies and their handlers are collected; a revoke function
 * keeps its proxy alive until it is called */
static void gc(js_State *J)
{
	char got[256];
	js_dostring(J, "var __keep = Proxy.revocable({ a: 1 }, {}); (function () { for (var i = 0; i < 2000; i++) "
		       "new Proxy({ i: i }, { get: function () { return i; } }); })();");
	js_gc(J, 0);
	CHECK_STR("0600: a proxy survives a collection through its revoke function",
		  mujs_run(J, "var p = __keep.proxy; delete __keep.proxy; return p.a;", got, sizeof got), "1");
	js_gc(J, 0);
	CHECK_STR("0600: revoking after a collection",
		  mujs_run(J, "__keep.revoke(); try { return __keep.proxy; } catch (e) { return e.message; }", got, sizeof got),
		  "undefined");
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[2048];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	c_api(J);
	gc(J);
	js_freestate(J);
	TEST_EXIT();
}
