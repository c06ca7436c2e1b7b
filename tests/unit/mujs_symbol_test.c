/* mujs_symbol_test.c — kit's patches 0500-0502 to mujs (mujs/patches/,
 * mujs/README.md): Symbol as a primitive type with symbol-keyed properties
 * that no string-key enumeration sees, the well-known symbols the engine
 * consults (toPrimitive, hasInstance, toStringTag, isConcatSpreadable), and
 * JSON.stringify's escapes (lone surrogates), which core-js's Symbol
 * polyfill used to replace.
 *
 * mujs alone, without kit's runtime: what the engine does by itself. Each
 * case is an ES5 function body. The check runs
 *   JSON.stringify((function () { BODY })())
 * in the statically linked mujs and compares it with what Node 20 printed for
 * the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))' */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_run.h"
#include "test.h"

struct symbol_case {
	const char *name, *body, *want;
};

static const struct symbol_case cases[] = {
	{"0500: typeof",
	 "return [typeof Symbol(), typeof Symbol.iterator, typeof Object(Symbol()), typeof"
	 " Symbol];",
	 "[\"symbol\",\"symbol\",\"object\",\"function\"]"},
	{"0500: String, toString, description",
	 "var s = Symbol('d'); return [String(s), s.toString(), String(Symbol()),"
	 " Symbol().toString(), s.description, Symbol().description === undefined,"
	 " Symbol('').description, String(Symbol(undefined)), String(Symbol(null)),"
	 " String(Symbol(12))];",
	 "[\"Symbol(d)\",\"Symbol(d)\",\"Symbol()\",\"Symbol()\",\"d\",true,\"\",\"Symbol()\",\"Symbol(null)\","
	 "\"Symbol(12)\"]"},
	{"0500: no implicit conversion to string or number",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } var s ="
	 " Symbol('d'); return [t(function () { return s + ''; }), t(function () { return '' + s;"
	 " }), t(function () { return +s; }), t(function () { return s * 1; }), t(function () {"
	 " return s < 1; }), t(function () { return [s].join(); }), t(function () { return"
	 " 'a'.concat(s); }), t(function () { return String(s); })];",
	 "[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\","
	 "\"ok\"]"},
	{"0500: Symbol is not a constructor; Symbol(symbol) throws",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } return"
	 " [t(function () { return new Symbol(); }), t(function () { return Symbol(Symbol()); }),"
	 " t(function () { return Symbol.prototype.toString.call(1); }), t(function () { return"
	 " Symbol.keyFor('x'); })];",
	 "[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\"]"},
	{"0500: Symbol.for and Symbol.keyFor",
	 "return [Symbol.for('app') === Symbol.for('app'), Symbol.keyFor(Symbol.for('app')),"
	 " Symbol.keyFor(Symbol('x')) === undefined, Symbol('a') === Symbol('a'), Symbol.for('x')"
	 " === Symbol('x'), Symbol.for('y').description, String(Symbol.for()),"
	 " Symbol.keyFor(Symbol.iterator) === undefined];",
	 "[true,\"app\",true,false,false,\"y\",\"Symbol(undefined)\",true]"},
	{"0500: truthiness and equality",
	 "var s = Symbol('d'), o = Object(s); return [!!s, s == s, s === s, o == s, s == o, o ==="
	 " s, o == Object(s), s == 'Symbol(d)', s != null, [s].indexOf(s)];",
	 "[true,true,true,true,true,false,false,false,true,0]"},
	{"0500: Object(symbol) wraps it",
	 "var s = Symbol('w'), o = Object(s); return [o instanceof Symbol, o.valueOf() === s,"
	 " typeof o.valueOf(), o.description, o.toString(), Object.getPrototypeOf(o) ==="
	 " Symbol.prototype, s.constructor === Symbol,"
	 " Object.prototype.hasOwnProperty.call(Symbol.prototype, 'description')];",
	 "[true,true,\"symbol\",\"w\",\"Symbol(w)\",true,true,true]"},
	{"0500: symbol keys stay out of keys, for-in, names and JSON",
	 "var s = Symbol('k'), o = {a: 1}, ks = []; o[s] = 2; o.b = 3; for (var k in o)"
	 " ks.push(k); return [Object.keys(o), ks, Object.getOwnPropertyNames(o),"
	 " JSON.stringify(o), o[s], s in o, o.hasOwnProperty(s), o.propertyIsEnumerable(s)];",
	 "[[\"a\",\"b\"],[\"a\",\"b\"],[\"a\",\"b\"],\"{\\\"a\\\":1,\\\"b\\\":3}\",2,true,true,true]"},
	{"0500: for-in over a prototype with a symbol key",
	 "var s = Symbol('p'), proto = {x: 1}, ks = []; proto[s] = 1; var o ="
	 " Object.create(proto); o.y = 2; for (var k in o) ks.push(k); return [ks, s in o,"
	 " o.hasOwnProperty(s), o[s]];",
	 "[[\"y\",\"x\"],true,false,1]"},
	{"0500: getOwnPropertySymbols, insertion order",
	 "var a = Symbol('a'), b = Symbol('b'), c = Symbol('c'), o = {}; o[b] = 1; o.x = 1; o[a]"
	 " = 2; o[5] = 0; o[c] = 3; delete o[a]; o[a] = 4; return"
	 " Object.getOwnPropertySymbols(o).map(String);",
	 "[\"Symbol(b)\",\"Symbol(c)\",\"Symbol(a)\"]"},
	{"0500: getOwnPropertySymbols of arrays, strings and functions",
	 "var s = Symbol('s'), arr = [1, 2]; arr[s] = 1; return"
	 " [Object.getOwnPropertySymbols(arr).map(String),"
	 " Object.getOwnPropertySymbols('ab').length, Object.getOwnPropertySymbols(function ()"
	 " {}).length, Object.getOwnPropertySymbols({}).length];",
	 "[[\"Symbol(s)\"],0,0,0]"},
	{"0500: delete a symbol key",
	 "var s = Symbol('d'), o = {}; o[s] = 1; var r = delete o[s]; return [r, s in o,"
	 " Object.getOwnPropertySymbols(o).length, o[s] === undefined];",
	 "[true,false,0,true]"},
	{"0500: defineProperty and getOwnPropertyDescriptor",
	 "var s = Symbol('d'), o = {}; Object.defineProperty(o, s, {value: 7}); var d ="
	 " Object.getOwnPropertyDescriptor(o, s); o[s] = 8; return [o[s], d.value, d.writable,"
	 " d.enumerable, d.configurable, o.propertyIsEnumerable(s),"
	 " Object.getOwnPropertySymbols(o).length];",
	 "[7,7,false,false,false,false,1]"},
	{"0500: accessors keyed by symbols",
	 "var s = Symbol('g'), o = {v: 1}; Object.defineProperty(o, s, {get: function () { return"
	 " this.v * 10; }, set: function (x) { this.v = x; }, enumerable: true, configurable:"
	 " true}); o[s] = 4; return [o[s], o.v, typeof Object.getOwnPropertyDescriptor(o, s).get];",
	 "[40,4,\"function\"]"},
	{"0500: defineProperties and create take symbol keys",
	 "var s = Symbol('c'), d = {}; d[s] = {value: 1, enumerable: true}; d.x = {value: 2,"
	 " enumerable: true}; var o = Object.create({}, d), p = Object.defineProperties({}, d);"
	 " return [o[s], o.x, p[s], Object.keys(p), Object.getOwnPropertySymbols(p).length];",
	 "[1,2,1,[\"x\"],1]"},
	{"0500: a Symbol object as a key is its symbol",
	 "var s = Symbol('o'), o = {}; o[Object(s)] = 1; return [o[s],"
	 " Object.getOwnPropertySymbols(o)[0] === s, Object.keys(o).length];",
	 "[1,true,0]"},
	{"0500: JSON skips symbol values and keys",
	 "var s = Symbol('j'), o = {a: s, b: 1}; o[s] = 2; return [JSON.stringify(o),"
	 " JSON.stringify([s, 1]), JSON.stringify(s) === undefined, JSON.stringify({x:"
	 " Object(s)})];",
	 "[\"{\\\"b\\\":1}\",\"[null,1]\",true,\"{\\\"x\\\":{}}\"]"},
	{"0500: a symbol made early is in no unrelated object",
	 "var s = Symbol.for('constructDateFrom'), u = Symbol('u'); return [s in {}, s in [], s"
	 " in new Date(0), s in function () {}, s in Object.prototype, u in {}, typeof ({})[s],"
	 " Object.prototype.hasOwnProperty(s)];",
	 "[false,false,false,false,false,false,\"undefined\",false]"},
	{"0500: well-known symbols",
	 "var names = ['asyncIterator', 'hasInstance', 'isConcatSpreadable', 'iterator', 'match',"
	 " 'matchAll', 'replace', 'search', 'species', 'split', 'toPrimitive', 'toStringTag',"
	 " 'unscopables']; var d = Object.getOwnPropertyDescriptor(Symbol, 'iterator'); return"
	 " [names.map(function (n) { return typeof Symbol[n] === 'symbol' && String(Symbol[n])"
	 " === 'Symbol(Symbol.' + n + ')'; }).join(), d.writable, d.enumerable, d.configurable,"
	 " Symbol.iterator.description];",
	 "[\"true,true,true,true,true,true,true,true,true,true,true,true,true\",false,false,false,"
	 "\"Symbol.iterator\"]"},
	{"0500: symbols as keys of primitives' prototypes",
	 "var s = Symbol('p'); String.prototype[s] = function () { return 'S' + this; }; var r ="
	 " 'ab'[s](); delete String.prototype[s]; return [r, typeof 'ab'[s]];",
	 "[\"Sab\",\"undefined\"]"},
	{"0501: Symbol.toPrimitive and its hints",
	 "var o = {}; o[Symbol.toPrimitive] = function (h) { return h === 'number' ? 42 : h; };"
	 " return [+o, '' + o, String(o), o * 2, o + 1, o == 'default'];",
	 "[42,\"default\",\"string\",84,\"default1\",true]"},
	{"0501: Symbol.toPrimitive that does not give a primitive",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } var a = {}, b"
	 " = {}; a[Symbol.toPrimitive] = function () { return {}; }; b[Symbol.toPrimitive] = 5;"
	 " var c = {valueOf: function () { return 3; }}; c[Symbol.toPrimitive] = undefined;"
	 " return [t(function () { return +a; }), t(function () { return +b; }), +c];",
	 "[\"TypeError\",\"TypeError\",3]"},
	{"0501: Date.prototype[Symbol.toPrimitive]",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } var d = new"
	 " Date(0), f = Date.prototype[Symbol.toPrimitive]; return [f.call(d, 'number'), typeof"
	 " f.call(d, 'default'), typeof f.call(d, 'string'), t(function () { return f.call(d,"
	 " 'bad'); }), t(function () { return f.call(1, 'number'); }), d - 0, typeof (d + 1),"
	 " Object.getOwnPropertyDescriptor(Date.prototype, Symbol.toPrimitive).writable];",
	 "[0,\"string\",\"string\",\"TypeError\",\"TypeError\",0,\"string\",false]"},
	{"0501: Symbol.hasInstance",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } function"
	 " Even() {} Object.defineProperty(Even, Symbol.hasInstance, {value: function (v) {"
	 " return v % 2 === 0; }}); var d = Object.getOwnPropertyDescriptor(Function.prototype,"
	 " Symbol.hasInstance); return [2 instanceof Even, 3 instanceof Even, [] instanceof"
	 " Array, Function.prototype[Symbol.hasInstance].call(Array, []),"
	 " Function.prototype[Symbol.hasInstance].call({}, []), d.writable, d.configurable,"
	 " t(function () { return 1 instanceof {}; })];",
	 "[true,false,true,true,false,false,false,\"TypeError\"]"},
	{"0501: Object.prototype.toString and Symbol.toStringTag",
	 "var ts = Object.prototype.toString, o = {}, g = {}, n = {}, a = [];"
	 " o[Symbol.toStringTag] = 'Custom'; Object.defineProperty(g, Symbol.toStringTag, {get:"
	 " function () { return 'Got'; }}); n[Symbol.toStringTag] = 5; a[Symbol.toStringTag] ="
	 " 'Arr'; return [ts.call(Symbol()), ts.call(Object(Symbol())), ts.call(Math),"
	 " ts.call(JSON), ts.call(o), ts.call(g), ts.call(n), ts.call(a), ts.call([]),"
	 " ts.call(null), String(o)];",
	 "[\"[object Symbol]\",\"[object Symbol]\",\"[object Math]\",\"[object JSON]\",\"[object Custom]\","
	 "\"[object Got]\",\"[object Object]\",\"[object Arr]\",\"[object Array]\",\"[object Null]\","
	 "\"[object Custom]\"]"},
	{"0501: Symbol.isConcatSpreadable",
	 "var o = {length: 2, 0: 'a', 1: 'b'}, a = [1, 2], f = {length: 1, 0: 'z'};"
	 " o[Symbol.isConcatSpreadable] = true; a[Symbol.isConcatSpreadable] = false;"
	 " f[Symbol.isConcatSpreadable] = 0; return [[0].concat(o, [3], 4), [0].concat(a).length,"
	 " [0].concat(f).length, [].concat([1, [2]], 3)];",
	 "[[0,\"a\",\"b\",3,4],2,2,[1,[2],3]]"},
	{"0501: Array.prototype[Symbol.unscopables], Array and RegExp[Symbol.species]",
	 "var u = Array.prototype[Symbol.unscopables], d ="
	 " Object.getOwnPropertyDescriptor(Array.prototype, Symbol.unscopables); return"
	 " [Object.keys(u), Object.getPrototypeOf(u) === null, d.writable, d.enumerable,"
	 " d.configurable, Array[Symbol.species] === Array, RegExp[Symbol.species] === RegExp];",
	 "[[\"at\",\"copyWithin\",\"entries\",\"fill\",\"find\",\"findIndex\",\"findLast\",\"findLastIndex\","
	 "\"flat\",\"flatMap\",\"includes\",\"keys\",\"values\",\"toReversed\",\"toSorted\",\"toSpliced\"],true,"
	 "false,false,true,true,true]"},
	{"0502: JSON.stringify escapes lone surrogates, keeps pairs, lowercase hex",
	 "var s = JSON.stringify(['\\ud800', '\\ud83d\\ude00', '\\u001f', 'x\\udc00y',"
	 " '\\udbff\\udfff\\ud800']); return [s.length, s.indexOf('\\\\ud800'), s.indexOf('\\\\ud83d'),"
	 " s.indexOf('\\\\ude00'), s.indexOf('\\\\u001f'), s.indexOf('\\\\udc00'), s.charCodeAt(12),"
	 " s.charCodeAt(13), s.indexOf('\\\\udfff'), s.lastIndexOf('\\\\ud800')];",
	 "[46,2,-1,-1,16,26,56832,34,-1,38]"},
	{"0500: Reflect.ownKeys: strings, then symbols",
	 "var s = Symbol('s'), t = Symbol('t'), o = {}; o[t] = 0; o.b = 1; o[2] = 2; o[s] = 3;"
	 " o.a = 4; o[1] = 5; return [Reflect.ownKeys(o).map(String),"
	 " Reflect.ownKeys([7]).map(String)];",
	 "[[\"1\",\"2\",\"b\",\"a\",\"Symbol(t)\",\"Symbol(s)\"],[\"0\",\"length\"]]"},
	{"0500: Reflect's functions take symbol keys",
	 "var s = Symbol('r'), o = {}; var d = Reflect.defineProperty(o, s, {value: 1,"
	 " configurable: true}); return [d, Reflect.has(o, s), Reflect.get(o, s),"
	 " Reflect.getOwnPropertyDescriptor(o, s).value, Reflect.set(o, s, 2),"
	 " Reflect.deleteProperty(o, s), Reflect.has(o, s)];",
	 "[true,true,1,1,false,true,false]"},
	{"0500: a proxy's traps get symbol keys as symbols",
	 "var seen = []; var p = new Proxy({}, {get: function (t, k) { seen.push(typeof k);"
	 " return 1; }, has: function (t, k) { seen.push(String(k)); return true; }});"
	 " p[Symbol.iterator]; Symbol.for('h') in p; p.x; return seen;",
	 "[\"symbol\",\"Symbol(h)\",\"string\"]"},
	{"0500: a proxy's ownKeys with symbols",
	 "var s = Symbol('x'); var p = new Proxy({}, {ownKeys: function () { return ['a', s]; },"
	 " getOwnPropertyDescriptor: function () { return {value: 1, enumerable: true,"
	 " configurable: true}; }}); return [Object.keys(p), Object.getOwnPropertyNames(p),"
	 " Object.getOwnPropertySymbols(p).length, Reflect.ownKeys(p).length];",
	 "[[\"a\"],[\"a\"],1,2]"},
	{"0500: an ownKeys trap may not return objects",
	 "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name; } } var p = new"
	 " Proxy({}, {ownKeys: function () { return [{}]; }}); return [t(function () { return"
	 " Reflect.ownKeys(p); }), t(function () { return Object.keys(new Proxy({}, {ownKeys:"
	 " function () { return [1]; }})); })];",
	 "[\"TypeError\",\"TypeError\"]"},
	{"0501: toStringTag through a proxy; Reflect's tag",
	 "var p = new Proxy({}, {get: function (t, k) { return k === Symbol.toStringTag ? 'P' :"
	 " undefined; }}); return [Object.prototype.toString.call(p),"
	 " Reflect[Symbol.toStringTag], Object.prototype.toString.call(Reflect)];",
	 "[\"[object P]\",\"Reflect\",\"[object Reflect]\"]"},
};

/* JSON.stringify of what the body returns, in out; "(threw)" when it throws. */
/* The C API: js_type, js_typeof, js_issymbol, and the C iterator render/walk.c
 * reads props with (js_pushiterator), which skips symbol keys. */
static void c_api(js_State *J)
{
	char keys[64];
	size_t len = 0;
	const char *k;
	js_dostring(J, "var __s = Symbol('c'), __o = {a: 1}; __o[__s] = 2; __o.b = 3;");
	js_getglobal(J, "__s");
	CHECK("0500: js_type of a symbol is JS_ISSYMBOL", js_type(J, -1) == JS_ISSYMBOL);
	CHECK_STR("0500: js_typeof of a symbol", js_typeof(J, -1), "symbol");
	CHECK("0500: js_issymbol", js_issymbol(J, -1) && !js_isobject(J, -1) && js_isprimitive(J, -1));
	CHECK("0500: js_toboolean of a symbol", js_toboolean(J, -1));
	js_copy(J, -1);
	CHECK("0500: js_strictequal of a symbol and itself", js_strictequal(J));
	js_pop(J, 2);
	js_getglobal(J, "__o");
	js_pushiterator(J, -1, 1);
	keys[0] = 0;
	while ((k = js_nextiterator(J, -1)))
		len += (size_t)snprintf(keys + len, len < sizeof keys ? sizeof keys - len : 0, "%s%s", len ? "," : "", k);
	js_pop(J, 2);
	CHECK_STR("0500: js_pushiterator skips symbol keys", keys, "a,b");
}

/* An error naming a symbol-keyed property (assigning a read-only one in
 * strict code) names it by its description, not by its internal key (a 0xFF
 * byte and a number). */
static void error_message(js_State *J)
{
	const char *msg;
	js_dostring(J, "var __m; var __d = Symbol('desc'), __t = {}; Object.defineProperty(__t, __d, {value: 1}); "
		    "(function () { 'use strict'; try { __t[__d] = 2; } catch (e) { __m = e.message; } })();");
	js_getglobal(J, "__m");
	msg = js_isstring(J, -1) ? js_tostring(J, -1) : "";
	CHECK("0500: a read-only error names the symbol by its description",
	      strstr(msg, "desc") != NULL && strchr(msg, '\xff') == NULL);
	js_pop(J, 1);
}

/* Symbol.prototype stays alive when nothing in JS reaches it any more: the
 * engine still wraps symbols with it. */
static void prototype_kept(js_State *J)
{
	char got[64];
	js_dostring(J, "var __k = Symbol('kept'); delete this.Symbol;");
	js_gc(J, 0);
	js_dostring(J, "var __o = {}; for (var i = 0; i < 1000; i++) __o['x' + i] = {i: i};");
	CHECK_STR("0500: Symbol.prototype survives a collection after delete Symbol",
		  mujs_run(J, "return [Object(__k).description, __k.toString(), typeof Symbol];", got, sizeof got),
		  "[\"kept\",\"Symbol(kept)\",\"undefined\"]");
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	c_api(J);
	error_message(J);
	prototype_kept(J); /* last: it deletes the global Symbol */
	js_freestate(J);
	TEST_EXIT();
}
