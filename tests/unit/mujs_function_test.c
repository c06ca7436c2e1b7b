/* mujs_function_test.c — kit's patches 0300-0303 to mujs (mujs/patches/,
 * docs/mujs.md): functions and errors as V8 has them, through the static
 * library alone (libmujs.a, no kit code).
 *
 * 0300 Function.prototype.toString gives the function's source text.
 * 0301 functions have V8's name (inferred ones included); natives V8's
 *      length and no prototype.
 * 0302 bind as V8: any target, "bound f", length, no prototype.
 * 0303 errors: stack (V8's format, lazy first line), cause,
 *      Error.captureStackTrace, Error.stackTraceLimit, a stack overflow as a
 *      RangeError.
 * 1720 a closure's length, name and prototype (inserted directly) as before.
 * 1420 js_functionlocation: where a function was defined (file, line).
 * 1540 js_compilecache/js_ploadcache: every case and frame above again from
 *      a compiled image instead of the source; the image the same bytes
 *      each time; a stale, foreign, truncated or damaged image refused.
 *
 * The cases of the table are run as scripts in mujs and, for the expected
 * value, in Node 20 with
 *   node -e 'console.log(String((0, eval)(SRC)))'
 * (the source's completion value as a string). The stack frames that follow
 * are mujs's own format (V8 adds a column, "t.js:2:10"; docs/mujs.md says
 * what else differs) and are written out by hand. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_image.h"
#include "test.h"

static int via_cache;  /* run() loads scripts from their compiled image */

static int load(js_State *J, const char *name, const char *src)
{
	if (!via_cache)
		return js_ploadstring(J, name, src);
	image im = compile_image("elsewhere.js", src);
	int rc = im.len ? js_ploadcache(J, name, src, strlen(src), im.p, im.len) : js_ploadstring(J, name, src);
	free(im.p);
	if (rc < 0) {
		js_pushstring(J, "the image was refused");
		rc = 1;
	}
	return rc;
}

/* Runs src as the script `name`; its completion value as a string, or
 * "threw <error>". */
static const char *run(js_State *J, const char *name, const char *src, char *out, size_t n)
{
	if (load(J, name, src)) {
		snprintf(out, n, "threw %s", js_trystring(J, -1, "(error)"));
		js_pop(J, 1);
		return out;
	}
	js_pushundefined(J);
	if (js_pcall(J, 0))
		snprintf(out, n, "threw %s", js_trystring(J, -1, "(error)"));
	else
		snprintf(out, n, "%s", js_trystring(J, -1, "(not a string)"));
	js_pop(J, 1);
	return out;
}

static const struct {
	const char *name, *src, *node;
} cases[] = {
	{ "1720: a closure's own names, in order",
	  "(function () { 'use strict'; var f = function f(a, b) {}; return Object.getOwnPropertyNames(f).join() + '/' + Object.getOwnPropertyNames(f.prototype).join(); })()",
	  "length,name,prototype/constructor" },
	{ "1720: length, name and prototype keep their attributes",
	  "(function () { 'use strict'; var f = function g(a) {}; return [f.length, f.name].concat(['length', 'name', 'prototype'].map(function (k) { var d = Object.getOwnPropertyDescriptor(f, k); return k + ':' + d.writable + d.enumerable + d.configurable; })).join(); })()",
	  "1,g,length:falsefalsetrue,name:falsefalsetrue,prototype:truefalsefalse" },
	{ "1720: the prototype's constructor",
	  "(function () { var f = function () {}; var d = Object.getOwnPropertyDescriptor(f.prototype, 'constructor'); return [d.value === f, d.writable, d.enumerable, d.configurable, Object.getPrototypeOf(f.prototype) === Object.prototype].join(); })()",
	  "true,true,false,true,true" },
	{ "1720: new and instanceof through a closure's prototype, a replaced one",
	  "(function () { var F = function F() { this.a = 1; }; F.prototype.b = 2; var o = new F(); var r = [o instanceof F, o.a + o.b]; F.prototype = { c: 3 }; var p = new F(); r.push(p.c, p instanceof F, o instanceof F, delete F.prototype, delete F.name, F.name); return r.join(); })()",
	  "true,3,3,true,false,false,true," },
	{ "0300: a declaration's text",
	  "function foo(a, b) { return a + b; } String(foo)",
	  "function foo(a, b) { return a + b; }" },
	{ "0300: an anonymous expression's text",
	  "String(function () {})",
	  "function () {}" },
	{ "0300: a getter's text starts at get",
	  "var o = { get g() { return 1; } }; String(Object.getOwnPropertyDescriptor(o, 'g').get)",
	  "get g() { return 1; }" },
	{ "0300: a setter's text starts at set",
	  "var o = { set s(v) { this.v = v; } }; String(Object.getOwnPropertyDescriptor(o, 's').set)",
	  "set s(v) { this.v = v; }" },
	{ "0300: comments and lines inside are kept",
	  "var f = function /* c */ (x) {\n  // one\n  return x; /* } */\n};\nString(f)",
	  "function /* c */ (x) {\n  // one\n  return x; /* } */\n}" },
	{ "0300: a function in a block",
	  "if (true) { function inb() { return '}'; } } String(inb)",
	  "function inb() { return '}'; }" },
	{ "0300: non-ASCII text",
	  "String(function () { return '\xc3""\xa9""\xc3""\xa8""'; })",
	  "function () { return '\xc3""\xa9""\xc3""\xa8""'; }" },
	{ "0300: an inner function's own slice",
	  "function outer() { return function inner(a) { return a; }; } String(outer())",
	  "function inner(a) { return a; }" },
	{ "0300: (${fn})() runs the function",
	  "var theme = function () { return 6 * 7; }; eval('(' + String(theme) + ')()')",
	  "42" },
	{ "0300: a native prints V8's short name",
	  "String(Math.max) + '|' + String(Array.prototype.push)",
	  "function max() { [native code] }|function push() { [native code] }" },
	{ "0300: Function.prototype and a bound function have no name",
	  "String(Function.prototype) + '|' + String(function f() {}.bind(null))",
	  "function () { [native code] }|function () { [native code] }" },
	{ "0300: new Function's text",
	  "String(new Function('a', 'b', 'return a + b'))",
	  "function anonymous(a,b\n) {\nreturn a + b\n}" },
	{ "0300: new Function without parameters",
	  "String(new Function('return 1'))",
	  "function anonymous(\n) {\nreturn 1\n}" },
	{ "0300: a function inside new Function's body",
	  "String(new Function('return function inner() { return 1; }')())",
	  "function inner() { return 1; }" },
	{ "0300: an eval'd function's text",
	  "String(eval('(function e(x) { return x; })'))",
	  "function e(x) { return x; }" },
	{ "0301: a declaration's name",
	  "function foo() {} foo.name",
	  "foo" },
	{ "0301: var f = function () {} is f",
	  "var bar = function () {}; bar.name",
	  "bar" },
	{ "0301: f = function () {} is f",
	  "var x; x = function () {}; x.name",
	  "x" },
	{ "0301: o.f = function () {} is \"\"",
	  "var o = {}; o.f = function () {}; JSON.stringify(o.f.name)",
	  "\"\"" },
	{ "0301: object literal values are named by their key",
	  "JSON.stringify([{ f: function () {} }.f.name, { 1.50: function () {} }[1.5].name, { 'a b': function () {} }['a b'].name])",
	  "[\"f\",\"1.5\",\"a b\"]" },
	{ "0301: accessors are get x / set x",
	  "var o = { get g() { return 1; }, set g(v) {} }; var d = Object.getOwnPropertyDescriptor(o, 'g'); d.get.name + '|' + d.set.name",
	  "get g|set g" },
	{ "0301: a named expression keeps its name",
	  "var f = function g() {}; f.name",
	  "g" },
	{ "0301: an anonymous function is \"\"",
	  "JSON.stringify((function () {}).name)",
	  "\"\"" },
	{ "0301: not inferred through a conditional",
	  "var c = true ? function () {} : null; JSON.stringify(c.name)",
	  "\"\"" },
	{ "0301: new Function is anonymous",
	  "new Function('return 1').name",
	  "anonymous" },
	{ "0301: natives are named as V8 names them",
	  "[Math.max.name, Array.prototype.map.name, JSON.parse.name, Error.name, TypeError.name, JSON.stringify(Function.prototype.name)].join()",
	  "max,map,parse,Error,TypeError,\"\"" },
	{ "0301: name is non-writable, non-enumerable, configurable",
	  "JSON.stringify(Object.getOwnPropertyDescriptor(function f() {}, 'name'))",
	  "{\"value\":\"f\",\"writable\":false,\"enumerable\":false,\"configurable\":true}" },
	{ "0301: own properties in V8's order",
	  "JSON.stringify(Object.getOwnPropertyNames(function f() { 'use strict'; }))",
	  "[\"length\",\"name\",\"prototype\"]" },
	{ "0301: name can be redefined",
	  "var f = function () {}; Object.defineProperty(f, 'name', { value: 'renamed' }); f.name",
	  "renamed" },
	{ "0301: assigning name does nothing",
	  "var f = function a() {}; f.name = 'b'; f.name",
	  "a" },
	{ "0301: natives have V8's length",
	  "[Math.max.length, Math.min.length, Array.prototype.push.length, [].splice.length, [].concat.length, Date.length, parseInt.length, String.fromCharCode.length, Function.prototype.toString.length, RegExp.length].join()",
	  "2,2,1,2,1,7,2,1,0,2" },
	{ "0301: padding still as before",
	  "[Math.max(), [].push(), String.fromCharCode()].join()",
	  "-Infinity,0," },
	{ "0301: length is configurable",
	  "Object.getOwnPropertyDescriptor(function (a, b) {}, 'length').configurable",
	  "true" },
	{ "0301: a native that is not a constructor has no prototype",
	  "['prototype' in Math.max, typeof Math.max.prototype, 'prototype' in Date].join()",
	  "false,undefined,true" },
	{ "0302: a bound function's name, length, prototype",
	  "function foo(a, b, c) {} var b = foo.bind(null, 1); [b.name, b.length, 'prototype' in b].join()",
	  "bound foo,2,false" },
	{ "0302: new and instanceof with a bound function",
	  "function P(a) { this.a = a; } var B = P.bind(null, 7); var x = new B(); [x.a, x instanceof B, x instanceof P].join()",
	  "7,true,true" },
	{ "0302: bind of a function without a prototype object",
	  "var f = function () { return this.v; }; f.prototype = undefined; f.bind({ v: 3 })()",
	  "3" },
	{ "0302: bind of a native",
	  "Math.max.bind(null, 5)(3)",
	  "5" },
	{ "0302: bound anonymous and bound bound",
	  "var g = function () {}; JSON.stringify([(function () {}).bind().name, g.bind().bind().name])",
	  "[\"bound \",\"bound bound g\"]" },
	{ "0302: more bound arguments than parameters",
	  "function two(a, b) {} two.bind(null, 1, 2, 3).length",
	  "0" },
	{ "0303: cause, own and after stack and message",
	  "var e = new Error('x', { cause: 1 }); JSON.stringify([e.cause, Object.getOwnPropertyNames(e), Object.keys(e)])",
	  "[1,[\"stack\",\"message\",\"cause\"],[]]" },
	{ "0303: cause: undefined is still defined",
	  "new TypeError('m', { cause: undefined }).hasOwnProperty('cause')",
	  "true" },
	{ "0303: no cause without one",
	  "[new Error('m', {}).hasOwnProperty('cause'), new Error('m', 'c').hasOwnProperty('cause'), new RangeError('m').hasOwnProperty('cause')].join()",
	  "false,false,false" },
	{ "0303: cause's descriptor",
	  "JSON.stringify(Object.getOwnPropertyDescriptor(new URIError('m', { cause: 'c' }), 'cause'))",
	  "{\"value\":\"c\",\"writable\":true,\"enumerable\":false,\"configurable\":true}" },
	{ "0303: every native error takes a cause",
	  "[Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError].map(function (E) { return new E('m', { cause: E.name }).cause; }).join()",
	  "Error,TypeError,RangeError,SyntaxError,ReferenceError,EvalError,URIError" },
	{ "0303: stack is an own string",
	  "var e = new Error('x'); [typeof e.stack, e.hasOwnProperty('stack'), Object.getOwnPropertyDescriptor(e, 'stack').enumerable, Object.getOwnPropertyDescriptor(e, 'stack').writable].join()",
	  "string,true,false,true" },
	{ "0303: stack's first line",
	  "new Error('x').stack.split('\\n')[0] + '|' + new TypeError().stack.split('\\n')[0]",
	  "Error: x|TypeError" },
	{ "0303: a name set after the constructor shows",
	  "function M(m) { var e = new Error(m); Object.setPrototypeOf(e, M.prototype); e.name = 'M'; return e; } M.prototype = Object.create(Error.prototype); new M('y').stack.split('\\n')[0]",
	  "M: y" },
	{ "0303: the first line is made when stack is first read",
	  "var e = new Error('a'); e.message = 'b'; var s1 = e.stack.split('\\n')[0]; e.message = 'c'; s1 + '|' + e.stack.split('\\n')[0]",
	  "Error: b|Error: b" },
	{ "0303: stack can be assigned",
	  "var e = new Error('s'); e.stack = 'custom'; e.stack",
	  "custom" },
	{ "0303: engine errors have a stack",
	  "var s; try { undefined(); } catch (e) { s = [e instanceof TypeError, typeof e.stack, e.stack.indexOf('TypeError: ') === 0, Object.keys(e).length]; } s.join()",
	  "true,string,true,0" },
	{ "0303: Error.captureStackTrace and stackTraceLimit",
	  "[typeof Error.captureStackTrace, Error.captureStackTrace.length, Error.stackTraceLimit].join()",
	  "function,2,10" },
	{ "0303: captureStackTrace on a plain object",
	  "var o = { name: 'N', message: 'mm' }; Error.captureStackTrace(o); [o.stack.split('\\n')[0], Object.keys(o).join('+')].join()",
	  "N: mm,name+message" },
	{ "0303: captureStackTrace on {}",
	  "var o = {}; Error.captureStackTrace(o); o.stack.split('\\n')[0]",
	  "Error" },
	{ "0303: stackTraceLimit 0: the first line alone",
	  "Error.stackTraceLimit = 0; var s = new Error('q').stack; Error.stackTraceLimit = 10; s",
	  "Error: q" },
	{ "0303: stackTraceLimit not a number: stack undefined",
	  "Error.stackTraceLimit = undefined; var e = new Error('q'); Error.stackTraceLimit = 10; [e.hasOwnProperty('stack'), typeof e.stack].join()",
	  "true,undefined" },
	{ "0303: stackTraceLimit 2: two frames",
	  "function a() { return b(); } function b() { return c(); } function c() { return new Error('d').stack; } Error.stackTraceLimit = 2; var s = a(); Error.stackTraceLimit = 10; s.split('\\n').length",
	  "3" },
	{ "0303: a stack overflow is a RangeError",
	  "function r() { r(); } var s; try { r(); } catch (e) { s = [e instanceof RangeError, e.message, typeof e.stack]; } s.join()",
	  "true,Maximum call stack size exceeded,string" },
	{ "0303: deep recursion through an argument",
	  "function r(n) { return r(n + 1) + 1; } var s; try { r(0); } catch (e) { s = e.name; } s",
	  "RangeError" },
	{ "0303: Error.prototype.message and the native errors' inheritance",
	  "[JSON.stringify(new TypeError().message), TypeError.prototype.hasOwnProperty('message'), Object.getPrototypeOf(TypeError) === Error, Object.getPrototypeOf(Error) === Function.prototype].join()",
	  "\"\",true,true,true" },
	{ "0303: a getter reading the stack while it is made",
	  "var e = new Error('t'); Object.defineProperty(e, 'name', { get: function () { return 'G' + typeof this.stack; } }); e.stack.split('\\n')[0]",
	  "Gstring: t" },
	{ "0303: a descriptor's value has the first line",
	  "Object.getOwnPropertyDescriptor(new Error('d'), 'stack').value.split('\\n')[0]",
	  "Error: d" },
	{ "0303: Reflect.get with another receiver",
	  "Reflect.get(new Error('r'), 'stack', {}).split('\\n')[0]",
	  "Error: r" },
	{ "0303: defineProperty replaces the stack",
	  "var e = new Error('x'); Object.defineProperty(e, 'stack', { value: 'v' }); e.stack",
	  "v" },
	{ "0301: a symbol-keyed native's name and text",
	  "[Date.prototype[Symbol.toPrimitive].name, String(Date.prototype[Symbol.toPrimitive]), Object.getOwnPropertyDescriptor(RegExp, Symbol.species).get.name].join('|')",
	  "[Symbol.toPrimitive]|function [Symbol.toPrimitive]() { [native code] }|get [Symbol.species]" },
	/* with patches 0700 and 0702: names copied into their properties, a
	 * deleted node's successor relinked, accessors in a block of their own */
	{ "0303: the stack's first line after its neighbours are deleted",
	  "var e = new Error('m'); for (var i = 0; i < 64; i++) e['s' + i] = e['r' + i] = e['t' + i] = i; for (i = 0; i < 64; i++) { delete e['s' + i]; delete e['r' + i]; delete e['t' + i]; } [e.stack.split('\\n')[0], Object.getOwnPropertyNames(e).join('+')].join()",
	  "Error: m,stack+message" },
	{ "0303: the stack as an accessor, then data again",
	  "var e = new Error('m'); Object.defineProperty(e, 'stack', { get: function () { return 'g'; }, configurable: true }); var a = e.stack; Object.defineProperty(e, 'stack', { value: 'v' }); [a, e.stack, typeof Object.getOwnPropertyDescriptor(e, 'stack').get].join()",
	  "g,v,undefined" },
	{ "0301: a long name, deleted",
	  "var f = function aFunctionWhoseNameIsLongerThanSixtyFourBytesSoThatItsValueIsLong() {}; [f.name.length, delete f.name, JSON.stringify(f.name), Object.getOwnPropertyNames(f).indexOf('name')].join()",
	  "64,true,\"\",-1" },
	{ "0301: computed keys name nothing; a redefined long name",
	  "var fs = []; for (var i = 0; i < 1000; i++) { var o = {}; o['k' + i] = function () {}; fs.push(o['k' + i]); } var g = function () {}; Object.defineProperty(g, 'name', { value: Array(301).join('x') }); [fs[999].name === '', g.name.length, String(g)].join()",
	  "true,300,function () {}" },
};

/* mujs's own frame format: "    at fn (file:line)", "    at file:line" for
 * code outside functions, "(native)" for natives (V8: "file:line:col",
 * "(<anonymous>)") */
static void test_frames(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	CHECK_STR("0303: frames of a function and the script",
		  run(J, "t.js", "function f() {\n  return new Error('z').stack;\n}\nf()", got, sizeof got),
		  "Error: z\n    at f (t.js:2)\n    at t.js:4");
	CHECK_STR("0303: an inferred name in a frame",
		  run(J, "t.js", "var anon = function () { return new Error().stack.split('\\n')[1]; }; anon()", got, sizeof got),
		  "    at anon (t.js:1)");
	CHECK_STR("0303: a native's frame",
		  run(J, "t.js", "var s; try { JSON.parse('{'); } catch (e) { s = e.stack.split('\\n')[1]; } s", got, sizeof got),
		  "    at JSON.parse (native)");
	CHECK_STR("0303: captureStackTrace(o, fn) starts below fn",
		  run(J, "t.js", "function g() {\n  return h();\n}\nfunction h() { var o = {}; Error.captureStackTrace(o, h); return o.stack; }\ng()",
		      got, sizeof got),
		  "Error\n    at g (t.js:2)\n    at t.js:5");
	CHECK_STR("0303: captureStackTrace(o, fn) without fn on the stack: no frames",
		  run(J, "t.js", "var o = {}; Error.captureStackTrace(o, function never() {}); o.stack", got, sizeof got),
		  "Error");
	CHECK_STR("0303: an engine error's frame is where it was thrown",
		  run(J, "t.js", "function bad() {\n  var u;\n  return u.x;\n}\nvar s; try { bad(); } catch (e) { s = e.stack.split('\\n')[1]; } s",
		      got, sizeof got),
		  "    at bad (t.js:3)");
	CHECK_STR("0303: no frame for a bound function",
		  run(J, "t.js", "function k() { return new Error().stack.split('\\n')[1]; }\nk.bind(null)()", got, sizeof got),
		  "    at k (t.js:1)");
	CHECK_STR("0303: a subclass made as SWC lowers it shows its name and frame",
		  run(J, "t.js", "function E(m) {\n  var e = new Error(m);\n  Object.setPrototypeOf(e, E.prototype);\n  e.name = 'E';\n  return e;\n}\n"
		      "E.prototype = Object.create(Error.prototype);\nnew E('w').stack", got, sizeof got),
		  "E: w\n    at E (t.js:2)\n    at t.js:8");
	js_freestate(J);
}

/* the host's hook maps each frame (a source map) */
static void map_frame(js_State *J, const char **file, int *line)
{
	(void)J;
	if (strcmp(*file, "server.js") == 0) {
		*file = "app/page.tsx";
		*line -= 100;
	}
}

static void test_hook(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024], src[512];
	int k = snprintf(src, sizeof src, "%s", "");
	for (int i = 0; i < 102; i++)
		k += snprintf(src + k, sizeof src - (size_t)k, "\n");
	snprintf(src + k, sizeof src - (size_t)k, "function Page() { return new Error('p').stack; } Page()");
	js_setstackframehook(J, map_frame);
	CHECK_STR("0303: js_setstackframehook maps file and line",
		  run(J, "server.js", src, got, sizeof got),
		  "Error: p\n    at Page (app/page.tsx:3)\n    at app/page.tsx:3");
	js_freestate(J);
}

/* an allocator that counts the bytes in use */
static size_t live;

static void *counting_alloc(void *ctx, void *ptr, int size)
{
	(void)ctx;
	size_t *p = ptr ? (size_t *)ptr - 1 : NULL;
	if (p)
		live -= *p;
	if (size == 0) {
		free(p);
		return NULL;
	}
	p = realloc(p, sizeof *p + (size_t)size);
	if (!p)
		return NULL;
	*p = (size_t)size;
	live += (size_t)size;
	return p + 1;
}

/* one copy of a script's text, kept while one of its functions lives */
static void test_source_lifetime(void)
{
	js_State *J = js_newstate(counting_alloc, NULL, 0);
	char got[256];
	size_t n = 200000;
	char *src = malloc(n + 200);
	snprintf(src, n + 200, "var keep = function kept() { return 1; };");
	size_t k = strlen(src);
	memset(src + k, ' ', n);
	snprintf(src + k + n, 200, "var drop = function dropped() { return 2; };");
	js_gc(J, 0);
	size_t before = live;
	run(J, "big.js", src, got, sizeof got);
	memset(src, 'x', n); /* the host's buffer is not what mujs keeps */
	free(src);
	js_gc(J, 0);
	CHECK("0300: the text is kept while its functions live", live - before >= n);
	CHECK_STR("0300: a function's text outlives the host's buffer",
		  run(J, "t.js", "String(keep) + String(drop)", got, sizeof got),
		  "function kept() { return 1; }function dropped() { return 2; }");
	run(J, "t.js", "keep = drop = undefined", got, sizeof got);
	js_gc(J, 0);
	CHECK("0300: the text is freed with its last function", live < before + n / 10);
	js_freestate(J);
}

/* 1420: the file and line of a function's head, for the host */
static void test_location(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[64];
	run(J, "app.js", "\nfunction Post() { return 1; }\nvar Layout =\n  function (p) { return p; };\nvar bound = Post.bind(null);", got,
	    sizeof got);
	const char *file = NULL;
	int line = 0;
	js_getglobal(J, "Post");
	CHECK("1420: a declared function: its file and line",
	      js_functionlocation(J, -1, &file, &line) == 1 && strcmp(file, "app.js") == 0 && line == 2);
	js_getglobal(J, "Layout");
	line = 0;
	CHECK("1420: a function expression: the line of its head", js_functionlocation(J, -1, &file, &line) == 1 && line == 4);
	js_getglobal(J, "bound");
	CHECK("1420: a bound function has none", js_functionlocation(J, -1, &file, &line) == 0);
	js_getglobal(J, "parseInt");
	CHECK("1420: a native has none", js_functionlocation(J, -1, &file, &line) == 0);
	js_pushnumber(J, 1);
	CHECK("1420: a number has none", js_functionlocation(J, -1, &file, &line) == 0);
	js_pop(J, 5);
	js_freestate(J);
}

/* 1540: what the loader refuses, and what it takes */
static void test_cache(void)
{
	const char *src = "var re = /a(b)c/gi, big = 12345678901234567890n, x = 0.5, s = 'caf\u00e9';\n"
			  "function outer(a) {\n  var t = 0;\n  function inner(b) { return a + b + arguments.length; }\n"
			  "  try { switch (a) { case 1: t = inner(2); break; default: t = -1; } } catch (e) { t = e; }\n"
			  "  with ({ w: 7 }) { t += w; }\n  return t;\n}\n"
			  "var o = { get g() { return 'g'; }, k1: function () { return eval('a') ; } };\n"
			  "[outer(1), re.exec('xABc')[1], String(big), x, s, o.g, o.k1.name, String(outer).length].join()";
	const char *stale = "var re = 1; outer(1)";
	image a = compile_image("elsewhere.js", src), b = compile_image("elsewhere.js", src);
	CHECK("1540: an image is made", a.len > 64);
	CHECK("1540: the same source gives the same bytes", a.len == b.len && a.len && memcmp(a.p, b.p, a.len) == 0);
	if (!a.len) {
		free(b.p);
		return;
	}

	js_State *J = js_newstate(NULL, NULL, 0);
	js_State *R = js_newstate(NULL, NULL, 0);
	char got[256], want[256];
	via_cache = 0;
	/* Node 20 prints the same (node -e with the script) */
	CHECK_STR("1540: the script from its source", run(R, "t.js", src, want, sizeof want),
		  "11,B,12345678901234567890,0.5,caf\u00e9,g,k1,225");
	via_cache = 1;
	CHECK_STR("1540: the script from its image gives what the source gives", run(J, "t.js", src, got, sizeof got), want);
	CHECK("1540: a stale image (another source) is refused",
	      js_ploadcache(J, "t.js", stale, strlen(stale), a.p, a.len) == -1);
	CHECK("1540: an image for a longer source is refused",
	      js_ploadcache(J, "t.js", src, strlen(src) - 1, a.p, a.len) == -1);
	int all = 1;
	for (size_t n = 0; n < a.len; n++)
		all &= js_ploadcache(J, "t.js", src, strlen(src), a.p, n) == -1;
	CHECK("1540: every truncation is refused", all);
	all = 1;
	for (size_t i = 0; i < a.len; i++) {
		a.p[i] ^= 0x41;
		all &= js_ploadcache(J, "t.js", src, strlen(src), a.p, a.len) == -1;
		a.p[i] ^= 0x41;
	}
	CHECK("1540: every damaged byte is refused", all);
	a.p[8] ^= 1;  /* the engine's identity */
	CHECK("1540: another engine's image is refused", js_ploadcache(J, "t.js", src, strlen(src), a.p, a.len) == -1);
	a.p[8] ^= 1;
	CHECK("1540: the image still loads after all that", js_ploadcache(J, "t.js", src, strlen(src), a.p, a.len) == 0);
	js_pop(J, 1);
	CHECK("1540: the stack after refusals is as it was", js_gettop(J) == 0);
	via_cache = 0;
	free(a.p);
	free(b.p);
	js_freestate(J);
	js_freestate(R);
}

static void run_cases(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		js_State *J = js_newstate(NULL, NULL, 0);
		char got[1024];
		CHECK_STR(cases[i].name, run(J, "t.js", cases[i].src, got, sizeof got), cases[i].node);
		js_freestate(J);
	}
}

int main(void)
{
	run_cases();
	test_frames();
	test_hook();
	test_source_lifetime();
	test_location();
	/* 1540: the same from compiled images */
	via_cache = 1;
	run_cases();
	test_frames();
	via_cache = 0;
	test_cache();
	TEST_EXIT();
}
