/* mujs_test.c — kit's patches to mujs (mujs/patches/, mujs/README.md), each
 * checked through the statically linked engine library.
 *
 * 0001 weak jsV_numbertostring: this program defines its own, as
 * render/engine.c does; without the patch it would not link (two
 * definitions), and with the library's own grisu2 String(0.1 + 0.2) would be
 * "0.30000000000000007".
 *
 * 0003 and 0402: strings and literals read as numbers as Node reads them
 * (signed integers, subnormals, long digit strings, 0b/0o, Unicode white
 * space, parseInt and parseFloat); the expected strings are Node's.
 *
 * 0403: toFixed, toExponential, toPrecision and toString(radix) from the
 * exact value of the double, as Node writes them.
 *
 * 1350: local time per instant, daylight saving included, under TZ set
 * here (Europe/Prague, Australia/Lord_Howe); the answers are Node 20's
 * under the same TZ.
 *
 * 1351 and 1352: date strings read as V8 reads them, and the Date
 * constructor's arguments (Node 20's answers under UTC and Prague).
 *
 * 1620, 1670 and 1671: Date.UTC and MakeDay over the whole range of years
 * (negative ones, 0 to 99, the +-275,760 limits), integer parts.
 *
 * 1653: the variable lookup cache gives what a lookup by name gives after
 * every way the variables can change: a global defined, deleted and defined
 * again, a with object gaining and losing a name, a sloppy eval adding a
 * var to a function's scope, environments freed by the collector and their
 * memory reused (each object with 8 names or more, which the cache asks).
 *
 * 1700: a primitive's property read without its wrapper object gives what
 * the wrapper gave (getters, symbols, proxies, indices past the end).
 *
 * 1701: ToObject through the C API, of objects and of primitives. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/json.h"
#include "test.h"

const char *jsV_numbertostring(js_State *J, char buf[32], double f);
const char *jsV_numbertostring(js_State *J, char buf[32], double f)
{
	(void)J;
	kit_json_format_number(buf, f);
	return buf;
}

static void gc_now(js_State *J)
{
	js_gc(J, 0);
	js_pushundefined(J);
}

/* The value of a JS expression as a string (String(expr)). */
static const char *eval(js_State *J, const char *expr, char *out, size_t n)
{
	char src[512];
	snprintf(src, sizeof src, "var __r = String(%s);", expr);
	if (js_dostring(J, src)) {
		snprintf(out, n, "(threw)");
		return out;
	}
	js_getglobal(J, "__r");
	snprintf(out, n, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	return out;
}

/* 1672: indexOf and lastIndexOf (Node 20's answers), and a search that
 * took seconds a call (the text's length times the needle's) */
static void test_string_search(js_State *J)
{
	char got[256];
	CHECK_STR("1672: indexOf from a position", eval(J, "String('abcabc'.indexOf('bc', 2))", got, sizeof got), "4");
	CHECK_STR("1672: indexOf in non-ASCII text", eval(J, "String('h\u00e9llo w\u00f6rld'.indexOf('w\u00f6'))", got, sizeof got), "6");
	CHECK_STR("1672: indexOf from a position in non-ASCII text", eval(J, "String('\u65e5\u672c\u8a9e\u65e5\u672c'.indexOf('\u672c', 2))", got, sizeof got), "4");
	CHECK_STR("1672: indexOf past the end", eval(J, "String('abc'.indexOf('c', 5))", got, sizeof got), "-1");
	CHECK_STR("1672: lastIndexOf of overlapping matches", eval(J, "String('aaa'.lastIndexOf('aa'))", got, sizeof got), "1");
	CHECK_STR("1672: lastIndexOf before a position", eval(J, "String('abcabc'.lastIndexOf('abc', 2))", got, sizeof got), "0");
	CHECK_STR("1672: lastIndexOf at a position", eval(J, "String('abcabc'.lastIndexOf('abc', 3))", got, sizeof got), "3");
	CHECK_STR("1672: lastIndexOf in non-ASCII text", eval(J, "String('\u65e5\u672c\u8a9e\u65e5\u672c'.lastIndexOf('\u672c'))", got, sizeof got), "4");
	CHECK_STR("1672: lastIndexOf before a position in non-ASCII text", eval(J, "String('\u65e5\u672c\u8a9e\u65e5\u672c'.lastIndexOf('\u672c', 3))", got, sizeof got), "1");
	CHECK_STR("1672: lastIndexOf of a needle longer than the text", eval(J, "String('x'.lastIndexOf('xy'))", got, sizeof got), "-1");
	{
		CHECK("1672: the text and the needle", js_dostring(J, "var hay = Array(1000001).join('a'), pin = Array(500001).join('a') + 'b';") == 0);
		clock_t t0 = clock();
		const char *r = eval(J, "[hay.indexOf(pin), hay.lastIndexOf(pin), hay.indexOf(pin.slice(0, -1), 10), hay.lastIndexOf(pin.slice(0, -1))].join()", got, sizeof got);
		double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
		CHECK_STR("1672: 'a' x 1,000,000 searched for 'a' x 500,000 + 'b' and 'a' x 500,000", r, "-1,-1,10,500000");
		CHECK("1672: those four searches take under a second of CPU (6.9 s and 5.3 s for the first two before)", secs < 1.0);
		js_dostring(J, "hay = pin = undefined;");
	}
}

/* 1670: Date.UTC's years and arguments; 1671: integer parts; 1673: the
 * constructor's arguments given as undefined; 1721: the setters' (Node 20's
 * answers, under UTC) */
static void test_date_years(js_State *J)
{
	char got[256];
	CHECK_STR("1670: Date.UTC of year -1000", eval(J, "String(Date.UTC(-1000, 0))", got, sizeof got), "-93724128000000");
	CHECK_STR("1670: Date.UTC of year -1", eval(J, "String(Date.UTC(-1, 0))", got, sizeof got), "-62198755200000");
	CHECK_STR("1670: Date.UTC of the last day of year -1", eval(J, "String(Date.UTC(-1, 11, 31))", got, sizeof got), "-62167305600000");
	CHECK_STR("1670: Date.UTC of year -400, a leap day", eval(J, "String(Date.UTC(-400, 1, 29))", got, sizeof got), "-74784902400000");
	CHECK_STR("1670: Date.UTC of the first time value", eval(J, "String(Date.UTC(-271821, 3, 20))", got, sizeof got), "-8640000000000000");
	CHECK_STR("1670: Date.UTC a day before the first time value", eval(J, "String(Date.UTC(-271821, 3, 19))", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC a millisecond before the first time value", eval(J, "String(Date.UTC(-271821, 3, 20, 0, 0, 0, -1))", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC a millisecond past the last time value", eval(J, "String(Date.UTC(275760, 8, 13, 0, 0, 0, 1))", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC of year 0 is 1900", eval(J, "String(Date.UTC(0, 0))", got, sizeof got), "-2208988800000");
	CHECK_STR("1670: Date.UTC of year 99 is 1999", eval(J, "String(Date.UTC(99, 11))", got, sizeof got), "944006400000");
	CHECK_STR("1670: Date.UTC of year 100 is 100", eval(J, "String(Date.UTC(100, 0))", got, sizeof got), "-59011459200000");
	CHECK_STR("1670: Date.UTC of year -0.5 is 1900", eval(J, "String(Date.UTC(-0.5, 0))", got, sizeof got), "-2208988800000");
	CHECK_STR("1670: Date.UTC of year 99.9 is 1999", eval(J, "String(Date.UTC(99.9, 0))", got, sizeof got), "915148800000");
	CHECK_STR("1670: Date.UTC without a month", eval(J, "String(Date.UTC(2020))", got, sizeof got), "1577836800000");
	CHECK_STR("1670: Date.UTC with an undefined month", eval(J, "String(Date.UTC(2020, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC with an undefined day", eval(J, "String(Date.UTC(2020, 0, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC()", eval(J, "String(Date.UTC())", got, sizeof got), "NaN");
	CHECK_STR("1670: Date.UTC.length", eval(J, "String(Date.UTC.length)", got, sizeof got), "7");
	CHECK_STR("1671: a day of 1.5", eval(J, "String(Date.UTC(1970, 0, 1.5))", got, sizeof got), "0");
	CHECK_STR("1671: an hour of 1.5", eval(J, "String(Date.UTC(1970, 0, 1, 1.5))", got, sizeof got), "3600000");
	CHECK_STR("1671: new Date with a day of 1.5", eval(J, "String(new Date(1970, 0, 1.5).getTime())", got, sizeof got), "0");
	CHECK_STR("1671: setUTCHours(1.7)", eval(J, "String(new Date(0).setUTCHours(1.7))", got, sizeof got), "3600000");
	CHECK_STR("1671: setUTCDate(1.5)", eval(J, "String(new Date(0).setUTCDate(1.5))", got, sizeof got), "0");
	CHECK_STR("1671: year 100.5 and month -1212 is year -1", eval(J, "String(Date.UTC(100.5, -1212))", got, sizeof got), "-62198755200000");
	CHECK_STR("1671: an infinite day", eval(J, "String(Date.UTC(2020, 0, Infinity))", got, sizeof got), "NaN");
	CHECK_STR("1673: new Date with an undefined day", eval(J, "String(new Date(2020, 0, undefined).getTime())", got, sizeof got), "NaN");
	CHECK_STR("1673: new Date with undefined hours", eval(J, "String(new Date(2020, 0, 1, undefined).getTime())", got, sizeof got), "NaN");
	CHECK_STR("1673: new Date with undefined milliseconds", eval(J, "String(new Date(2020, 0, 1, 0, 0, 0, undefined).getTime())", got, sizeof got), "NaN");
	CHECK_STR("1673: new Date without a day", eval(J, "String(new Date(2020, 0).getTime())", got, sizeof got), "1577836800000");
	CHECK_STR("1721: setFullYear(y, undefined) is NaN", eval(J, "String(new Date(1700000000123).setFullYear(2021, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1721: setFullYear(y) keeps the month and day", eval(J, "String(new Date(1700000000123).setFullYear(2021))", got, sizeof got), "1636928000123");
	CHECK_STR("1721: setHours(h, undefined) is NaN", eval(J, "String(new Date(1700000000123).setHours(1, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1721: setMinutes(m, undefined, ms) is NaN", eval(J, "String(new Date(1700000000123).setMinutes(5, undefined, 3))", got, sizeof got), "NaN");
	CHECK_STR("1721: setMonth(m, undefined) is NaN", eval(J, "String(new Date(1700000000123).setMonth(1, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1721: setUTCSeconds(s, undefined) is NaN", eval(J, "String(new Date(1700000000123).setUTCSeconds(1, undefined))", got, sizeof got), "NaN");
	CHECK_STR("1721: setSeconds() is NaN", eval(J, "String(new Date(1700000000123).setSeconds())", got, sizeof got), "NaN");
	CHECK_STR("1721: setUTCHours(h) keeps the minutes", eval(J, "new Date(new Date(1700000000123).setUTCHours(5)).toISOString()", got, sizeof got), "2023-11-14T05:13:20.123Z");
	CHECK_STR("1721: setUTCHours(h, m) keeps the seconds", eval(J, "new Date(new Date(1700000000123).setUTCHours(5, 7)).toISOString()", got, sizeof got), "2023-11-14T05:07:20.123Z");
	CHECK_STR("1721: setFullYear on an invalid date starts from +0", eval(J, "String(new Date(NaN).setFullYear(2020))", got, sizeof got), "1577836800000");
	CHECK_STR("1721: setUTCFullYear on an invalid date starts from +0", eval(J, "String(new Date(NaN).setUTCFullYear(2020, 5))", got, sizeof got), "1590969600000");
	CHECK_STR("1721: setHours on an invalid date stays NaN", eval(J, "String(new Date(NaN).setHours(2))", got, sizeof got), "NaN");
	CHECK_STR("1721: the setters' lengths", eval(J, "[Date.prototype.setHours.length, Date.prototype.setUTCMinutes.length, Date.prototype.setFullYear.length, Date.prototype.setMilliseconds.length, Date.prototype.setUTCMonth.length].join()", got, sizeof got), "4,3,3,1,2");

}

/* 1722: the String and Array methods runtime/mujs-fixes.js wrapped (Node 20's answers) */
static void test_string_array_fixes(js_State *J)
{
	char got[512];
	CHECK_STR("1722: slice with the end before the start", eval(J, "JSON.stringify(['hello'.slice(3, 1), 'hello'.slice(-2, -4), 'héllo'.slice(1, 3), 'hello'.slice(2, 2), 'hello'.slice(NaN, 2)])", got, sizeof got), "[\"\",\"\",\"él\",\"\",\"he\"]");
	CHECK_STR("1722: indexOf of the empty string", eval(J, "JSON.stringify(['abc'.indexOf(''), 'abc'.indexOf('', 10), 'abc'.indexOf('', 2), 'abc'.indexOf('', -5), ''.indexOf(''), 'héllo'.indexOf('', 9)])", got, sizeof got), "[0,3,2,0,0,5]");
	CHECK_STR("1722: lastIndexOf with a NaN position", eval(J, "JSON.stringify(['abcabc'.lastIndexOf('b', NaN), 'abcabc'.lastIndexOf('b', 'x'), 'abcabc'.lastIndexOf('b', undefined), 'abcabc'.lastIndexOf('b', 2), 'abcabc'.lastIndexOf('', 2)])", got, sizeof got), "[4,4,4,1,2]");
	CHECK_STR("1722: split's limit as ToUint32", eval(J, "JSON.stringify(['ab'.split(undefined, 0), 'a,b'.split(',', 0), 'a,b'.split(',', -1), 'a,b'.split(',', 4294967296), 'a,b,c'.split(',', 2), 'abc'.split('', 2), 'ab'.split(undefined)])", got, sizeof got), "[[],[],[\"a\",\"b\"],[],[\"a\",\"b\"],[\"a\",\"b\"],[\"ab\"]]");
	CHECK_STR("1722: substr", eval(J, "JSON.stringify(['hello'.substr(1, 3), 'hello'.substr(-3), 'hello'.substr(-3, 2), 'hello'.substr(2, -1), 'hello'.substr(9), 'héllo'.substr(1, 2), 'hello'.substr(), String.prototype.substr.length])", got, sizeof got), "[\"ell\",\"llo\",\"ll\",\"\",\"\",\"él\",\"hello\",2]");
	CHECK_STR("1722: trim of Unicode white space", eval(J, "JSON.stringify([' \\u00a0x\\u3000\\ufeff'.trim(), '\\u2028\\u2029\\u1680 a b \\u2000\\u200a\\u202f\\u205f'.trim(), '\\u200bx'.trim(), 'x'.trim(), '   '.trim()])", got, sizeof got), "[\"x\",\"a b\",\"​x\",\"x\",\"\"]");
	CHECK_STR("1722: every and some give booleans", eval(J, "JSON.stringify([[1, 2, 3].every(function (x) { return x; }), [1, 0].every(function (x) { return x ? 'y' : ''; }), [1, 2].some(function (x) { return x > 1 ? 'y' : 0; }), [].some(function () { return 1; }), [0].some(function (x) { return x; })])", got, sizeof got), "[true,false,true,false,false]");
	CHECK_STR("1722: splice without a deleteCount", eval(J, "(function () { var a = [1, 2, 3], b = [1, 2, 3], c = [1, 2, 3], d = [1, 2, 3]; var r = [a.splice(1), b.splice(), c.splice(1, undefined), d.splice(-1)]; return JSON.stringify([r, a, b, c, d, Array.prototype.splice.length]); })()", got, sizeof got), "[[[2,3],[],[],[3]],[1],[1,2,3],[1,2,3],[1,2],2]");
}

/* 1723: Object's functions given a primitive, as ES2015 (Node 20's answers) */
static void test_object_primitives(js_State *J)
{
	char got[512];
	CHECK_STR("1723: getPrototypeOf of primitives", eval(J, "JSON.stringify([Object.getPrototypeOf('a') === String.prototype, Object.getPrototypeOf(1) === Number.prototype, Object.getPrototypeOf(true) === Boolean.prototype, Object.getPrototypeOf(Symbol.iterator) === Symbol.prototype])", got, sizeof got), "[true,true,true,true]");
	CHECK_STR("1723: getPrototypeOf of null and undefined throws", eval(J, "(function () { var r = []; [null, undefined].forEach(function (v) { try { Object.getPrototypeOf(v); r.push('no'); } catch (e) { r.push(e.name); } }); return r.join(); })()", got, sizeof got), "TypeError,TypeError");
	CHECK_STR("1723: keys of primitives", eval(J, "JSON.stringify([Object.keys('ab'), Object.keys(5), Object.keys(true)])", got, sizeof got), "[[\"0\",\"1\"],[],[]]");
	CHECK_STR("1723: freeze, seal, preventExtensions give a primitive back", eval(J, "JSON.stringify([Object.freeze(1), Object.seal('a'), Object.preventExtensions(true), Object.freeze(null), Object.seal(undefined) === undefined])", got, sizeof got), "[1,\"a\",true,null,true]");
	CHECK_STR("1723: isFrozen, isSealed, isExtensible of primitives", eval(J, "JSON.stringify([Object.isFrozen(1), Object.isSealed('a'), Object.isExtensible(true), Object.isFrozen(null), Object.isExtensible(undefined)])", got, sizeof got), "[true,true,false,true,false]");
	CHECK_STR("1723: getOwnPropertyDescriptor of a string", eval(J, "JSON.stringify([Object.getOwnPropertyDescriptor('abc', 'length'), Object.getOwnPropertyDescriptor('abc', 1)])", got, sizeof got), "[{\"value\":3,\"writable\":false,\"enumerable\":false,\"configurable\":false},{\"value\":\"b\",\"writable\":false,\"enumerable\":true,\"configurable\":false}]");
}

/* 1724: an array's element stored at its length within its capacity
 * appends without jsR_growarray: the length, holes and undefined elements
 * as before (Node 20's answers) */
static void test_array_appends(js_State *J)
{
	char got[256];
	CHECK_STR("1724: appends past the first capacity", eval(J, "(function () { var a = []; for (var i = 0; i < 20; i++) a[i] = i * 2; return JSON.stringify([a.length, a[19], a[8], 7 in a]); })()", got, sizeof got), "[20,38,16,true]");
	CHECK_STR("1724: a store past the length leaves holes", eval(J, "(function () { var a = [1, 2, 3]; a[5] = 6; a[6] = 7; return JSON.stringify([a.length, 3 in a, 4 in a, 6 in a, a[6]]); })()", got, sizeof got), "[7,false,false,true,7]");
	CHECK_STR("1724: appends after a longer length was set", eval(J, "(function () { var a = []; a.length = 3; a[3] = 1; a[4] = 2; return JSON.stringify([a.length, 0 in a, 2 in a, 3 in a, a.indexOf(2)]); })()", got, sizeof got), "[5,false,false,true,4]");
	CHECK_STR("1724: an append after the length shrank", eval(J, "(function () { var a = [1, 2, 3, 4, 5, 6, 7, 8]; a.length = 2; a[2] = 'x'; return JSON.stringify([a.length, a, 3 in a]); })()", got, sizeof got), "[3,[1,2,\"x\"],false]");
	CHECK_STR("1724: appended undefined elements are not holes", eval(J, "(function () { var a = []; a[0] = undefined; a[1] = undefined; return JSON.stringify([a.length, 0 in a, 1 in a, a.indexOf(undefined)]); })()", got, sizeof got), "[2,true,true,0]");
}

/* 1725: js_newobjectproto and js_initproperty, as render/engine.c's jsx()
 * and tpl() make elements: the prototype by pointer, own data properties
 * with their attributes, in insertion order */
static void test_new_object_proto(js_State *J)
{
	char got[256];
	js_dostring(J, "var np = { kind: 'proto' };");
	js_getglobal(J, "np");
	const void *proto = js_topointer(J, -1);
	js_pop(J, 1);
	int top = js_gettop(J);
	js_newobjectproto(J, proto);
	CHECK("1725: js_newobjectproto pushes one object", js_gettop(J) == top + 1 && js_isobject(J, -1));
	js_pushnumber(J, 1);
	js_initproperty(J, -2, "b", 0);
	js_pushstring(J, "x");
	js_initproperty(J, -2, "a", 0);
	js_pushboolean(J, 1);
	js_initproperty(J, -2, "_h", JS_DONTENUM);
	CHECK("1725: js_initproperty pops the value only", js_gettop(J) == top + 1);
	js_setglobal(J, "made");
	CHECK_STR("1725: the prototype given by pointer", eval(J, "Object.getPrototypeOf(made) === np && made.kind", got, sizeof got), "proto");
	CHECK_STR("1725: own properties in insertion order", eval(J, "JSON.stringify([Object.keys(made), made.b, made.a, made._h])", got, sizeof got), "[[\"b\",\"a\"],1,\"x\",true]");
	CHECK_STR("1725: their attributes", eval(J, "JSON.stringify([Object.getOwnPropertyDescriptor(made, 'a'), Object.getOwnPropertyDescriptor(made, '_h')])", got, sizeof got),
		  "[{\"value\":\"x\",\"writable\":true,\"enumerable\":true,\"configurable\":true},{\"value\":true,\"writable\":true,\"enumerable\":false,\"configurable\":true}]");
	js_getglobal(J, "made");
	js_pushnumber(J, 2);
	js_initproperty(J, -2, "b", 0);
	js_pop(J, 1);
	CHECK_STR("1725: a second value for a name replaces the first", eval(J, "JSON.stringify([Object.keys(made), made.b])", got, sizeof got), "[[\"b\",\"a\"],2]");
}

/* 1726: the variable cache keeps objects of any size: a name missing from
 * a small scope until eval declares it, a small with object gaining and
 * losing a name (Node's answers) */
static void test_small_scopes(js_State *J)
{
	char got[256];
	CHECK_STR("1726: a name missing from a small scope, then declared there by eval", eval(J, "(function () { var a = 1; var f = function () { try { return b; } catch (e) { return 'none'; } }; var r = [f()]; eval('var b = 2'); r.push(f()); b = 5; r.push(f()); return r.join(); })()", got, sizeof got), "none,2,5");
	CHECK_STR("1726: a with object of one property gains and loses a name", eval(J, "(function () { var x = 'outer'; var o = { y: 1 }; var r = []; with (o) { for (var k = 0; k < 3; k++) { r.push(x); if (k == 0) o.x = 'in'; if (k == 1) delete o.x; } } return r.join(); })()", got, sizeof got), "outer,in,outer");
}

/* 1722-1723: what runtime/mujs-fixes.js's wrappers did, natively; 1724 */
static void test_wrappers_gone(js_State *J)
{
	test_string_array_fixes(J);
	test_object_primitives(J);
	test_array_appends(J);
	test_new_object_proto(J);
	test_small_scopes(J);
}

/* 1653: the variable lookup cache after every way the variables change */
static void test_variable_cache(js_State *J)
{
	char got[256];
	js_newcfunction(J, gc_now, "gc", 0);
	js_setglobal(J, "gc");
	js_dostring(J, "var vcLate = function () { try { return String(vcLateName); } catch (e) { return 'missing'; } };");
	CHECK_STR("1653: a global not defined yet", eval(J, "vcLate() + vcLate()", got, sizeof got), "missingmissing");
	CHECK_STR("1653: the global once assigned", eval(J, "(vcLateName = 1, vcLate())", got, sizeof got), "1");
	CHECK_STR("1653: the global deleted", eval(J, "(vcLate(), delete this.vcLateName, vcLate())", got, sizeof got), "missing");
	CHECK_STR("1653: the global defined again", eval(J, "(vcLateName = 2, vcLate() + ',' + vcLate())", got, sizeof got), "2,2");
	CHECK_STR("1653: a with object gains and loses a name",
		  eval(J, "(function () { var o = {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9}; var x = 'outer', r = [];"
			  " with (o) { for (var k = 0; k < 4; k++) { r.push(x); if (k == 0) o.x = 'in'; if (k == 1) delete o.x; if (k == 2) o.x = 'again'; } }"
			  " return r.join(); })()", got, sizeof got), "outer,in,outer,again");
	CHECK_STR("1653: a sloppy eval adds a var to a function's scope",
		  eval(J, "(function () { var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, r = [];"
			  " function inner() { return typeof z === 'undefined' ? '-' : z; }"
			  " r.push(inner(), inner()); eval('var z = 5'); r.push(inner()); return r.join(); })()", got, sizeof got), "-,-,5");
	CHECK_STR("1653: environments freed and their memory reused",
		  eval(J, "(function () { function mk(i) { var a = i, b = 1, c = 2, d = 3, e = 4, f = 5, g = 6, h = 7; return function () { return a + h; }; }"
			  " var bad = 0; for (var i = 0; i < 300; i++) { var fn = mk(i); if (fn() !== i + 7 || fn() !== i + 7) bad++; fn = null; gc(); } return bad; })()", got, sizeof got), "0");
	CHECK_STR("1653: a global accessor", eval(J, "(function () { var n = 0; Object.defineProperty(this, 'vcGet', {get: function () { return ++n; }, configurable: true});"
			  " var s = vcGet + vcGet; delete this.vcGet; return s + ' ' + typeof vcGet; })()", got, sizeof got), "3 undefined");
}

/* 1700: a primitive's property read without its wrapper object gives what
 * the wrapper gave (Node 20's answers): a string's length and elements
 * (also past the end, where the prototype chain answers), methods and
 * data properties of the prototypes and of Object.prototype, accessors
 * (which see the wrapper), symbol keys, a property added later, a proxy
 * ending String.prototype's chain, numbers and booleans */
static void test_primitive_get(js_State *J)
{
	char got[256];
	CHECK_STR("1700: a string's length", eval(J, "(function (s) { return s.length + ',' + s['length'] + ',' + ''.length; })('h\\u00e9llo')", got, sizeof got), "5,5,0");
	CHECK_STR("1700: elements by number and by name", eval(J, "(function (s) { return s[0] + s[1] + s['4'] + s[s.length - 1]; })('h\\u00e9llo')", got, sizeof got), "h\u00e9oo");
	CHECK_STR("1700: past the end, negative, fractional, '01'", eval(J, "(function (s) { return [s[5], s[-1], s[1.5], s['01'], ''[0]].join('|') + typeof s[5]; })('hello')", got, sizeof got), "||||undefined");
	CHECK_STR("1700: a pair's halves", eval(J, "(function (s) { return s.length + ',' + s.charCodeAt(1) + ',' + s.charCodeAt(2) + ',' + s[3]; })('a\\ud83d\\ude00b')", got, sizeof got), "4,55357,56832,b");
	CHECK_STR("1700: an index past the end from String.prototype", eval(J, "(function () { String.prototype[7] = 'P'; var r = 'ab'[7] + 'ab'['7'] + 'ab'[1]; delete String.prototype[7]; return r + typeof 'ab'[7]; })()", got, sizeof got), "PPbundefined");
	CHECK_STR("1700: String.prototype's length is not the string's", eval(J, "(function () { return 'ab'.length + ',' + String.prototype.length; })()", got, sizeof got), "2,0");
	CHECK_STR("1700: methods and a missing name", eval(J, "(function (s) { return s.charCodeAt(1) + s.toUpperCase() + typeof s.nope + s.constructor.name; })('abc')", got, sizeof got), "98ABCundefinedString");
	CHECK_STR("1700: a method added later, then deleted", eval(J, "(function (s) { var a = typeof s.later; String.prototype.later = function () { return this + '!'; }; var b = s.later(); delete String.prototype.later; return a + ',' + b + ',' + typeof s.later; })('q')", got, sizeof got), "undefined,q!,undefined");
	CHECK_STR("1700: a getter on String.prototype sees the wrapper", eval(J, "(function () { Object.defineProperty(String.prototype, 'gs', {get: function () { return typeof this + this.length; }, configurable: true}); var r = 'abc'.gs; delete String.prototype.gs; return r; })()", got, sizeof got), "object3");
	CHECK_STR("1700: a getter on Number.prototype", eval(J, "(function () { Object.defineProperty(Number.prototype, 'twice', {get: function () { return this * 2; }, configurable: true}); var r = (21).twice; delete Number.prototype.twice; return r; })()", got, sizeof got), "42");
	CHECK_STR("1700: a setter alone reads undefined", eval(J, "(function () { Object.defineProperty(Number.prototype, 'so', {set: function (v) {}, configurable: true}); var r = typeof (1).so; delete Number.prototype.so; return r; })()", got, sizeof got), "undefined");
	CHECK_STR("1700: Object.prototype's getter and data", eval(J, "(function () { Object.defineProperty(Object.prototype, 'og', {get: function () { return typeof this; }, configurable: true}); Object.prototype.od = 5;"
			  " var r = 'x'.og + (1).og + true.og + ('x'.od + (1).od + true.od); delete Object.prototype.og; delete Object.prototype.od; return r + typeof 'x'.od; })()", got, sizeof got), "objectobjectobject15undefined");
	CHECK_STR("1700: a symbol key", eval(J, "(function () { var k = Symbol('k'); String.prototype[k] = 'sym'; var r = 'z'[k] + ',' + typeof (1)[k]; delete String.prototype[k]; return r + ',' + typeof 'z'[k]; })()", got, sizeof got), "sym,undefined,undefined");
	CHECK_STR("1700: a proxy ending String.prototype's chain", eval(J, "(function () { var o = Object.getPrototypeOf(String.prototype), n = 0; Object.setPrototypeOf(String.prototype, new Proxy({}, {get: function () { n++; return 'px'; }}));"
			  " var r = 'a'.missing + 'a'[5] + (1).missing + 'a'.length + 'a'[0] + typeof 'a'.charAt; Object.setPrototypeOf(String.prototype, o); return r + n + 'a'.missing; })()", got, sizeof got), "pxpxundefined1afunction2undefined");
	CHECK_STR("1700: a key's toString runs once", eval(J, "(function () { var n = 0, k = {toString: function () { n++; return 'length'; }}; return 'abcd'[k] + ',' + n; })()", got, sizeof got), "4,1");
	CHECK_STR("1700: numbers", eval(J, "(function (n) { return n.toFixed(1) + ',' + n.length + ',' + (5)[0] + ',' + n.constructor.name + ',' + n.toString(2); })(2.25)", got, sizeof got), "2.3,undefined,undefined,Number,10.01");
	CHECK_STR("1700: an index of a number from Number.prototype", eval(J, "(function () { Number.prototype[0] = 'N'; var r = (5)[0] + (5)['0']; delete Number.prototype[0]; return r; })()", got, sizeof got), "NN");
	CHECK_STR("1700: booleans", eval(J, "true.toString() + false.valueOf() + true.length + true[0]", got, sizeof got), "truefalseundefinedundefined");
	CHECK_STR("1700: undefined and null are TypeErrors", eval(J, "(function () { var r = ''; try { undefined.x; } catch (e) { r += e.name; } try { var u = null; u[0]; } catch (e) { r += e.name; } return r; })()", got, sizeof got), "TypeErrorTypeError");
	CHECK_STR("1700: a bigint's and a symbol's properties", eval(J, "(5n).toString() + Symbol('d').description", got, sizeof got), "5d");
	CHECK_STR("1700: a long string's last element", eval(J, "(function () { var s = ''; for (var i = 0; i < 100; i++) s += 'ab'; return s.length + s[199] + s[150] + typeof s[200]; })()", got, sizeof got), "200baundefined");
}

/* 1701: ToObject through the C API (js_toobject, which answers an object
 * itself and leaves the rest to jsV_toobject): objects, wrappers of
 * primitives, and undefined's TypeError */
static void test_toobject(js_State *J)
{
	char got[256];
	int threw;
	js_newobject(J);
	js_pushnumber(J, 7);
	js_setproperty(J, -2, "x");
	js_getproperty(J, -1, "x");
	CHECK("1701: js_getproperty of an object", js_tonumber(J, -1) == 7);
	js_pop(J, 2);
	js_pushstring(J, "h\xc3\xa9llo");
	js_getproperty(J, -1, "length");
	CHECK("1701: js_getproperty of a string: its length", js_tonumber(J, -1) == 5);
	js_pop(J, 1);
	js_getindex(J, -1, 1);
	CHECK_STR("1701: js_getindex of a string: an element", js_tostring(J, -1), "\xc3\xa9");
	js_pop(J, 1);
	CHECK("1701: js_toobject of a string is a String object", js_isstringobject(J, -1));
	js_pop(J, 1);
	js_pushnumber(J, 255);
	js_getproperty(J, -1, "toString");
	CHECK("1701: js_getproperty of a number: Number.prototype's method", js_iscallable(J, -1));
	js_pop(J, 2);
	js_pushundefined(J);
	threw = js_try(J);
	if (!threw) {
		js_getproperty(J, -1, "x");
		js_endtry(J);
	} else {
		js_pop(J, 1);
	}
	CHECK("1701: js_getproperty of undefined throws", threw);
	js_pop(J, 1);
	CHECK_STR("1701: Object() of primitives and objects", eval(J, "(function (o) { return [typeof Object('s'), Object(1) instanceof Number, Object(o) === o, Object('ab').length, Object('ab')[1]]; })({})", got, sizeof got), "object,true,true,2,b");
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[256];
	CHECK_STR("0001: String(0.1 + 0.2)", eval(J, "0.1 + 0.2", got, sizeof got), "0.30000000000000004");
	CHECK_STR("0001: String(123.456)", eval(J, "123.456", got, sizeof got), "123.456");
	CHECK_STR("0001: String(5e-7)", eval(J, "5e-7", got, sizeof got), "5e-7");
	CHECK_STR("0001: String(1e21)", eval(J, "1e21", got, sizeof got), "1e+21");
	CHECK_STR("0001: String(-0)", eval(J, "-0", got, sizeof got), "0");
	CHECK_STR("0001: [1.1, 2.2].join()", eval(J, "[0.1 * 3, 2.2].join()", got, sizeof got), "0.30000000000000004,2.2");
	CHECK_STR("0001: JSON.stringify", eval(J, "JSON.stringify({a: 0.1 + 0.2})", got, sizeof got),
		  "{\"a\":0.30000000000000004}");
	CHECK_STR("0003: Number(\"-7\")", eval(J, "Number('-7')", got, sizeof got), "-7");
	CHECK_STR("0003: \"-3\" - 1", eval(J, "'-3' - 1", got, sizeof got), "-4");
	CHECK_STR("0003: isNaN(\"-1\")", eval(J, "isNaN('-1')", got, sizeof got), "false");
	CHECK_STR("0003: Number(\"+3\")", eval(J, "Number('+3')", got, sizeof got), "3");
	CHECK_STR("0003: 1/Number(\"-0\")", eval(J, "1 / Number('-0')", got, sizeof got), "-Infinity");
	CHECK_STR("0003: Number(\"-\")", eval(J, "Number('-')", got, sizeof got), "NaN");
	CHECK_STR("0003: Number(\" -12 \")", eval(J, "Number(' -12 ')", got, sizeof got), "-12");
	CHECK_STR("0003: +\"12345678901234567890\"", eval(J, "+'12345678901234567890'", got, sizeof got),
		  "12345678901234567000");
	CHECK_STR("0003: Number(\"-9007199254740993\")", eval(J, "Number('-9007199254740993')", got, sizeof got),
		  "-9007199254740992");
	CHECK_STR("0402: 5e-324", eval(J, "5e-324", got, sizeof got), "5e-324");
	CHECK_STR("0402: 2.2250738585072014e-308", eval(J, "2.2250738585072014e-308", got, sizeof got), "2.2250738585072014e-308");
	CHECK_STR("0402: Number.MIN_VALUE / 2", eval(J, "Number.MIN_VALUE / 2", got, sizeof got), "0");
	CHECK_STR("0402: 123456789.123456789", eval(J, "123456789.123456789", got, sizeof got), "123456789.12345679");
	CHECK_STR("0402: Number(\"2.4703282292062328e-324\")", eval(J, "Number('2.4703282292062328e-324')", got, sizeof got), "5e-324");
	CHECK_STR("0402: Number(\"1.7976931348623159e308\")", eval(J, "Number('1.7976931348623159e308')", got, sizeof got), "Infinity");
	CHECK_STR("0402: Math.floor(5e-324) === 5e-324", eval(J, "Math.floor(5e-324) === 5e-324", got, sizeof got), "false");
	CHECK_STR("0402: parseFloat(\"5e-324\")", eval(J, "parseFloat('5e-324')", got, sizeof got), "5e-324");
	CHECK_STR("0402: Number(\"0b101\")", eval(J, "Number('0b101')", got, sizeof got), "5");
	CHECK_STR("0402: Number(\"0o17\")", eval(J, "Number('0o17')", got, sizeof got), "15");
	CHECK_STR("0402: Number(\"\\u00a012\\ufeff\")", eval(J, "Number('\\u00a012\\ufeff')", got, sizeof got), "12");
	CHECK_STR("0402: Number(\"\\u3000 7 \\u2029\")", eval(J, "Number('\\u3000 7 \\u2029')", got, sizeof got), "7");
	CHECK_STR("0402: Number(\"1e\")", eval(J, "Number('1e')", got, sizeof got), "NaN");
	CHECK_STR("0402: Number(\"0x\")", eval(J, "Number('0x')", got, sizeof got), "NaN");
	CHECK_STR("0402: Number(\"-0x10\")", eval(J, "Number('-0x10')", got, sizeof got), "NaN");
	CHECK_STR("0402: Number(\"1_000\")", eval(J, "Number('1_000')", got, sizeof got), "NaN");
	CHECK_STR("0402: parseInt(\"123456789012345678901234567890\")", eval(J, "parseInt('123456789012345678901234567890')", got, sizeof got), "1.2345678901234568e+29");
	CHECK_STR("0402: parseInt(\"0x1F\", 16)", eval(J, "parseInt('0x1F', 16)", got, sizeof got), "31");
	CHECK_STR("0402: parseInt(\"\\u00a0-0x10\")", eval(J, "parseInt('\\u00a0-0x10')", got, sizeof got), "-16");
	CHECK_STR("0402: parseFloat(\"1e\")", eval(J, "parseFloat('1e')", got, sizeof got), "1");
	CHECK_STR("0402: parseFloat(\"0x10\")", eval(J, "parseFloat('0x10')", got, sizeof got), "0");
	CHECK_STR("0402: 1/parseFloat(\"-0\")", eval(J, "1 / parseFloat('-0')", got, sizeof got), "-Infinity");
	CHECK_STR("0402: parseFloat(\"\\u2003-.5e1x\")", eval(J, "parseFloat('\\u2003-.5e1x')", got, sizeof got), "-5");
	CHECK_STR("0403: (2.5).toFixed(0)", eval(J, "(2.5).toFixed(0)", got, sizeof got), "3");
	CHECK_STR("0403: (0.5).toFixed(0)", eval(J, "(0.5).toFixed(0)", got, sizeof got), "1");
	CHECK_STR("0403: (1.005).toFixed(2)", eval(J, "(1.005).toFixed(2)", got, sizeof got), "1.00");
	CHECK_STR("0403: (8.345).toFixed(2)", eval(J, "(8.345).toFixed(2)", got, sizeof got), "8.35");
	CHECK_STR("0403: (1).toFixed(100)", eval(J, "(1).toFixed(100)", got, sizeof got), "1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000");
	CHECK_STR("0403: (0.1).toFixed(30)", eval(J, "(0.1).toFixed(30)", got, sizeof got), "0.100000000000000005551115123126");
	CHECK_STR("0403: (1e21).toFixed(2)", eval(J, "(1e21).toFixed(2)", got, sizeof got), "1e+21");
	CHECK_STR("0403: (1000000000000000128).toFixed(0)", eval(J, "(1000000000000000128).toFixed(0)", got, sizeof got), "1000000000000000128");
	CHECK_STR("0403: (-0).toFixed(2)", eval(J, "(-0).toFixed(2)", got, sizeof got), "0.00");
	CHECK_STR("0403: (-0.0001).toFixed(2)", eval(J, "(-0.0001).toFixed(2)", got, sizeof got), "-0.00");
	CHECK_STR("0403: (999.9999).toFixed(2)", eval(J, "(999.9999).toFixed(2)", got, sizeof got), "1000.00");
	CHECK_STR("0403: (5e-324).toExponential(20)", eval(J, "(5e-324).toExponential(20)", got, sizeof got), "4.94065645841246544177e-324");
	CHECK_STR("0403: (123.456).toExponential()", eval(J, "(123.456).toExponential()", got, sizeof got), "1.23456e+2");
	CHECK_STR("0403: (0).toExponential(2)", eval(J, "(0).toExponential(2)", got, sizeof got), "0.00e+0");
	CHECK_STR("0403: (1.7976931348623157e308).toExponential(40)", eval(J, "(1.7976931348623157e308).toExponential(40)", got, sizeof got), "1.7976931348623157081452742373170435679807e+308");
	CHECK_STR("0403: (1).toPrecision(3)", eval(J, "(1).toPrecision(3)", got, sizeof got), "1.00");
	CHECK_STR("0403: (123.456).toPrecision(2)", eval(J, "(123.456).toPrecision(2)", got, sizeof got), "1.2e+2");
	CHECK_STR("0403: (0.0000001234).toPrecision(2)", eval(J, "(0.0000001234).toPrecision(2)", got, sizeof got), "1.2e-7");
	CHECK_STR("0403: (0.000001234).toPrecision(2)", eval(J, "(0.000001234).toPrecision(2)", got, sizeof got), "0.0000012");
	CHECK_STR("0403: (99.99).toPrecision(3)", eval(J, "(99.99).toPrecision(3)", got, sizeof got), "100");
	CHECK_STR("0403: (0.1).toPrecision(100)", eval(J, "(0.1).toPrecision(100)", got, sizeof got), "0.1000000000000000055511151231257827021181583404541015625000000000000000000000000000000000000000000000");
	CHECK_STR("0403: (3.14159).toString(8)", eval(J, "(3.14159).toString(8)", got, sizeof got), "3.11037476006703156");
	CHECK_STR("0403: (-0.1).toString(16)", eval(J, "(-0.1).toString(16)", got, sizeof got), "-0.1999999999999a");
	CHECK_STR("0403: (0.5).toString(3)", eval(J, "(0.5).toString(3)", got, sizeof got), "0.1111111111111111111111111111111112");
	CHECK_STR("0403: (2 ** 53).toString(36)", eval(J, "Math.pow(2, 53).toString(36)", got, sizeof got), "2gosa7pa2gw");
	CHECK_STR("0403: (1e21).toString(3)", eval(J, "(1e21).toString(3)", got, sizeof got), "100010202110111202020110202012022200000000000");
	CHECK_STR("0403: (255.5).toString(16)", eval(J, "(255.5).toString(16)", got, sizeof got), "ff.8");
	CHECK_STR("0403: toFixed(101) throws", eval(J, "(function () { try { return (1).toFixed(101); } catch (e) { return e.name; } })()", got, sizeof got), "RangeError");
	CHECK_STR("0403: NaN.toExponential(-1)", eval(J, "NaN.toExponential(-1)", got, sizeof got), "NaN");

	/* 1350: local time per instant (answers from Node 20 under the same TZ) */
	setenv("TZ", "Europe/Prague", 1);
	tzset();
	CHECK_STR("1350: Prague, a millisecond before the spring change", eval(J, "new Date(1711846800000 - 1).getHours()", got, sizeof got), "1");
	CHECK_STR("1350: Prague, at the spring change", eval(J, "new Date(1711846800000).getHours()", got, sizeof got), "3");
	CHECK_STR("1350: Prague's offset in January", eval(J, "new Date(1705276800000).getTimezoneOffset()", got, sizeof got), "-60");
	CHECK_STR("1350: Prague's offset in July", eval(J, "new Date(1721001600000).getTimezoneOffset()", got, sizeof got), "-120");
	CHECK_STR("1350: Prague, 02:30 in the spring gap is 03:30", eval(J, "new Date(2024, 2, 31, 2, 30).getHours()", got, sizeof got), "3");
	CHECK_STR("1350: Prague, 02:30 repeated in autumn is the earlier", eval(J, "new Date(2024, 9, 27, 2, 30).getTime()", got, sizeof got), "1729989000000");
	CHECK_STR("1350: Prague, a summer local time", eval(J, "new Date(2024, 6, 1, 10).getTime()", got, sizeof got), "1719820800000");
	CHECK_STR("1350: Prague, a summer local date string", eval(J, "Date.parse('2024-07-01T10:00')", got, sizeof got), "1719820800000");
	CHECK_STR("1350: Prague's local mean time in whole minutes", eval(J, "new Date(-62198755200000).getTimezoneOffset()", got, sizeof got), "-57");
	setenv("TZ", "Australia/Lord_Howe", 1);
	tzset();
	CHECK_STR("1350: Lord Howe's offset in January", eval(J, "new Date(1705276800000).getTimezoneOffset()", got, sizeof got), "-660");
	CHECK_STR("1350: Lord Howe's offset in July", eval(J, "new Date(1721001600000).getTimezoneOffset()", got, sizeof got), "-630");
	CHECK_STR("1350: Lord Howe, 01:45 repeated in April is the earlier", eval(J, "new Date(2024, 3, 7, 1, 45).getTime()", got, sizeof got), "1712414700000");
	CHECK_STR("1350: Lord Howe, 02:15 in the half-hour gap is 02:45", eval(J, "new Date(2024, 9, 6, 2, 15).getMinutes()", got, sizeof got), "45");
	setenv("TZ", "UTC", 1);
	tzset();
	/* 1620: years no time value reaches are NaN before an int overflows */
	CHECK_STR("1620: a 20-digit year in a date string", eval(J, "String(new Date('12345678901234567890').getTime())", got, sizeof got), "NaN");
	CHECK_STR("1620: Date.UTC of year 1e9", eval(J, "String(Date.UTC(1e9, 0))", got, sizeof got), "NaN");
	CHECK_STR("1620: a month of 1e12", eval(J, "String(new Date(2024, 1e12).getTime())", got, sizeof got), "NaN");
	CHECK_STR("1620: a NaN year", eval(J, "String(new Date(NaN, 0).getTime())", got, sizeof got), "NaN");
	CHECK_STR("1620: the last time value", eval(J, "String(Date.UTC(275760, 8, 13))", got, sizeof got), "8640000000000000");
	test_string_search(J);
	test_date_years(J);
	test_wrappers_gone(J);

	/* 1351: date strings as V8 reads them */
	CHECK_STR("1351: a date-only ISO form is UTC", eval(J, "Date.parse('2024-03-07')", got, sizeof got), "1709769600000");
	CHECK_STR("1351: a leading space goes to the legacy reader", eval(J, "Date.parse('  2024-03-07')", got, sizeof got), "1709769600000");
	CHECK_STR("1351: toUTCString's form", eval(J, "Date.parse('Thu, 07 Mar 2024 10:00:00 GMT')", got, sizeof got), "1709805600000");
	CHECK_STR("1351: a US zone name", eval(J, "Date.parse('Thu, 7 Mar 2024 10:00:00 EST')", got, sizeof got), "1709823600000");
	CHECK_STR("1351: pm", eval(J, "Date.parse('Mar 7 2024 10:00 pm')", got, sizeof got), "1709848800000");
	CHECK_STR("1351: 7.3.2024 is July 3rd", eval(J, "Date.parse('7.3.2024')", got, sizeof got), "1719964800000");
	CHECK_STR("1351: a month and day without a year is 2001", eval(J, "Date.parse('Mar 7')", got, sizeof got), "983923200000");
	CHECK_STR("1351: six fraction digits", eval(J, "Date.parse('2024-03-07T10:00:00.123456Z')", got, sizeof got), "1709805600123");
	CHECK_STR("1351: past the last time value", eval(J, "Date.parse('+275760-09-13T00:00:00.001Z')", got, sizeof got), "NaN");
	CHECK_STR("1351: an offset without minutes in the ISO form", eval(J, "Date.parse('2024-03-07T10:00+01')", got, sizeof got), "NaN");
	CHECK_STR("1351: toString's form with a zone in parentheses", eval(J, "Date.parse('Thu Mar 07 2024 10:00:00 GMT+0100 (CET)')", got, sizeof got), "1709802000000");
	CHECK_STR("1351: a word after a number", eval(J, "Date.parse('garbage 7 2024')", got, sizeof got), "NaN");
	setenv("TZ", "Europe/Prague", 1);
	tzset();
	CHECK_STR("1351: Prague, a date-time ISO form is local", eval(J, "Date.parse('2024-03-07T10:00')", got, sizeof got), "1709802000000");
	CHECK_STR("1351: Prague, a legacy date is local", eval(J, "Date.parse('  2024-03-07')", got, sizeof got), "1709766000000");
	setenv("TZ", "UTC", 1);
	tzset();
	/* 1352: the Date constructor's arguments */
	CHECK_STR("1352: new Date(date) keeps the milliseconds", eval(J, "new Date(new Date(1.5e12 + 123)).getTime()", got, sizeof got), "1500000000123");
	CHECK_STR("1352: new Date(-1, 0) is the year -1", eval(J, "new Date(-1, 0).getFullYear()", got, sizeof got), "-1");
	CHECK_STR("1352: new Date(99.5, 0) is 1999", eval(J, "new Date(99.5, 0).getFullYear()", got, sizeof got), "1999");
	CHECK_STR("1352: Date() is a string", eval(J, "typeof Date()", got, sizeof got), "string");

	/* 0900: URI functions over UTF-16 (answers from Node 20) */
	CHECK_STR("0900: encodeURIComponent of an emoji", eval(J, "encodeURIComponent('\\ud83d\\ude00')", got, sizeof got), "%F0%9F%98%80");
	CHECK_STR("0900: encodeURIComponent of U+0000", eval(J, "encodeURIComponent('a\\u0000b')", got, sizeof got), "a%00b");
	CHECK_STR("0900: encodeURI keeps reserved characters", eval(J, "encodeURI(';/?:@&=+$,#é')", got, sizeof got), ";/?:@&=+$,#%C3%A9");
	CHECK_STR("0900: a lone high surrogate is a URIError", eval(J, "(function () { try { return encodeURIComponent('\\ud800'); } catch (e) { return e.name + ': ' + e.message; } })()", got, sizeof got), "URIError: URI malformed");
	CHECK_STR("0900: a lone low surrogate too", eval(J, "(function () { try { return encodeURI('\\udc00x'); } catch (e) { return e.name + ': ' + e.message; } })()", got, sizeof got), "URIError: URI malformed");
	CHECK_STR("0900: decodeURIComponent of an emoji: a pair", eval(J, "(function (s) { return s.length + ' ' + s.charCodeAt(0) + ' ' + s.charCodeAt(1); })(decodeURIComponent('%F0%9F%98%80'))", got, sizeof got), "2 55357 56832");
	CHECK_STR("0900: decodeURIComponent('%00') keeps the NUL", eval(J, "(function (s) { return s.length + ' ' + s.charCodeAt(1); })(decodeURIComponent('a%00b'))", got, sizeof got), "3 0");
	CHECK_STR("0900: an overlong escape is a URIError", eval(J, "(function () { try { return decodeURIComponent('%C0%80'); } catch (e) { return e.name + ': ' + e.message; } })()", got, sizeof got), "URIError: URI malformed");
	CHECK_STR("0900: an escaped surrogate is a URIError", eval(J, "(function () { try { return decodeURI('%ED%A0%80'); } catch (e) { return e.name; } })()", got, sizeof got), "URIError");
	CHECK_STR("0900: a cut sequence is a URIError", eval(J, "(function () { try { return decodeURIComponent('%C3'); } catch (e) { return e.message; } })()", got, sizeof got), "URI malformed");
	CHECK_STR("0900: decodeURI keeps escaped reserved characters", eval(J, "decodeURI('%2F%3F%23%C3%A9')", got, sizeof got), "%2F%3F%23é");
	CHECK_STR("0900: a round trip", eval(J, "(function (s) { return String(decodeURIComponent(encodeURIComponent(s)) === s); })('€ \\ud83d\\ude00 ä\\u0000z')", got, sizeof got), "true");
	test_variable_cache(J);
	test_primitive_get(J);
	test_toobject(J);
	js_freestate(J);
	TEST_EXIT();
}
