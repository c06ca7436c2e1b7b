/* mujs_slots_test.c — patch 1710 (mujs/patches/1710-local-slots.patch): a
 * function with inner functions or try/catch keeps in its environment only
 * the locals an inner function names (and those a catch variable shadows);
 * the others live in stack slots.
 *
 * Each case below is a script whose completion value is compared with Node
 * 20's, from
 *   node -e 'console.log(String((0, eval)(SRC)))'
 * and run twice: compiled from the source and loaded from its compiled
 * image (1540, which stores which locals live in the environment).
 *
 * Then what the change is for, counted with the state's allocator: a call
 * of a function with a closure allocates for the locals its closure names
 * only (six locals, one captured, cost what one captured parameter costs),
 * and a function whose only reason to be heavyweight was a try/catch
 * allocates nothing at all. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_image.h"
#include "test.h"

static const struct {
	const char *name, *src, *want;
} cases[] = {
	{ "captured and uncaptured locals side by side",
	  "(function a(p, q) { var x = 1, y = 2; var f = function () { x += p; return x; }; y += q; f(); return [x, y, f()].join(); })(10, 20)",
	  "11,22,21" },
	{ "recursion through a named function expression",
	  "(function () { var fact = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }; return fact(10); })()",
	  "3628800" },
	{ "a named function expression's name read by its closure",
	  "(function () { var fe = function g(n) { var h = function () { return g; }; return h() === g && n; }; return fe(5); })()",
	  "5" },
	{ "hoisted function declarations called before their lines",
	  "(function b() { var r = inner(3); function inner(z) { return z * k(); } function k() { return 7; } return r; })()",
	  "21" },
	{ "closures three deep",
	  "(function c(x) { var u = 1; return function (y) { var v = 2; return function (z) { return function () { return x + y + z + u + v; }; }; }; })(1)(2)(3)()",
	  "9" },
	{ "a closure made in a loop (SWC's _loop)",
	  "(function d() { var fs = []; var _loop = function (i) { fs.push(function () { return i; }); }; for (var i = 0; i < 3; i++) _loop(i); return fs.map(function (f) { return f(); }).join() + ':' + i; })()",
	  "0,1,2:3" },
	{ "an inner function's own locals shadow the outer ones",
	  "(function e(x) { var y = 5; var f = function (x) { var y = 1; return x + y; }; return f(100) + x + y; })(1000)",
	  "1106" },
	{ "a parameter shadowing an outer local, read two levels down",
	  "(function e2(x) { var y = 5; var f = function (y) { return function () { return y; }; }; x++; return f(9)() + x + y; })(1)",
	  "16" },
	{ "arguments in the outer function",
	  "(function f1(a1) { var g = function () { return a1; }; return arguments.length + ':' + g(); })(4, 5)",
	  "2:4" },
	{ "arguments in an inner function",
	  "(function f2(a1) { var t = 3; var g = function () { return arguments.length + a1; }; return g(1, 2) + t; })(10)",
	  "15" },
	{ "eval in an inner function reads outer locals",
	  "(function f3(z) { var w = 2; var g = function () { return eval('z + w'); }; return g(); })(40)",
	  "42" },
	{ "a catch variable shadowing a local, a closure in the catch block, finally",
	  "(function t1() { var e = 1, k = 0, fs; try { k = 1; throw 2; } catch (e) { k += e; e = 9; fs = function () { return e; }; } finally { k *= 10; } return [e, k, fs()].join(); })()",
	  "1,30,9" },
	{ "locals written in try and read in catch and finally",
	  "(function t3() { var n = 0, g = function () { return n; }; try { n = 5; throw 1; } catch (x) { var m = x + n; } finally { n++; } return m + ':' + g(); })()",
	  "6:6" },
	{ "var in a catch block named as the catch variable",
	  "(function t4() { var e = 3; try { throw 4; } catch (e) { var e = 7; } return e; })()",
	  "3" },
	{ "a local read in finally after a return in try",
	  "(function () { var n = 1, g = function () { return 0; }; try { n = 2; return n; } finally { n = 3; out = n + g(); } })() + ':' + out",
	  "2:3" },
	{ "typeof and delete of locals",
	  "(function ty(p) { var q; var g = function () { return typeof p; }; return [typeof p, typeof q, typeof nope, g(), delete q, delete p, typeof q].join(); })(1)",
	  "number,undefined,undefined,number,false,false,undefined" },
	{ "an undeclared name is a ReferenceError",
	  "(function re() { var a2 = 1; var g = function () { return a2; }; try { return undeclaredName; } catch (x) { return x.name + g(); } })()",
	  "ReferenceError1" },
	{ "an exception thrown from a closure",
	  "(function ex() { var cnt = 0; var thrower = function () { cnt++; throw new Error('boom' + cnt); }; try { thrower(); } catch (er) { return er.message + ':' + cnt; } })()",
	  "boom1:1" },
	{ "increments, compound assignments, for-in over locals",
	  "(function ops() { var i = 0, s = '', o = { a: 1, b: 2 }, k, j = 1; var g = function () { return j; }; i++; ++i; i += 5; i *= 2; j++; j *= 3; for (k in o) s += k; return [i, s, k, g(), j].join(); })()",
	  "14,ab,b,6,6" },
	{ "destructuring as SWC lowers it",
	  "(function ds(obj) { var _obj = obj, a3 = _obj.a, b3 = _obj.b; return function () { return a3; }() + b3; })({ a: 1, b: 2 })",
	  "3" },
	{ "duplicate parameters",
	  "(function dp(a4, a4) { return function () { return a4; }() + a4; })(1, 2)",
	  "4" },
	{ "parameters captured and not",
	  "(function pc(x, y) { x = x + 1; var g = function () { return y * 2; }; y = y + 1; return x + g(); })(1, 2)",
	  "8" },
	{ "fewer arguments than parameters",
	  "(function fa(x, y, z) { var g = function () { return z; }; return [x, y, g()].join(); })(1)",
	  "1,," },
	{ "more arguments than parameters",
	  "(function fm(x) { var g = function () { return x; }; var y; return [g(), y].join(); })(1, 2, 3)",
	  "1," },
	{ "a function declaration a closure calls",
	  "(function fdc() { var r = function () { return helper(); }; function helper() { return 'h'; } return r(); })()",
	  "h" },
	{ "a getter and a setter over locals",
	  "(function gs() { var v = 1, w = 2; var o = { get x() { return v; }, set x(n) { v = n; } }; o.x = 5; return o.x + w; })()",
	  "7" },
	{ "with in an inner function",
	  "(function wi() { var x = 1; var g = function () { with ({ x: 2 }) { return x; } }; return g() + x; })()",
	  "3" },
	{ "recursion through a function declaration",
	  "(function () { function fib(n) { var memo = function (k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }; return memo(n); } return fib(15); })()",
	  "610" },
	{ "strict mode",
	  "(function st() { 'use strict'; var a5 = 1; var g = function () { a5 = 2; }; g(); var z = 3; z++; return a5 + z; })()",
	  "6" },
	{ "a catch variable named as a parameter",
	  "(function cp(e) { try { throw 5; } catch (e) { e++; } return e; })(1)",
	  "1" },
	{ "a closure over a catch variable named as a parameter",
	  "(function cp2(e) { var g; try { throw 5; } catch (e) { g = function () { return e; }; } return e + g(); })(1)",
	  "6" },
	{ "a property name the same as an uncaptured local",
	  "(function lm() { var length = 3; var arr = [1, 2]; return function () { return arr.length; }() + length; })()",
	  "5" },
	{ "a closure sees later writes to a captured local",
	  "(function () { var x = 1, get = function () { return x; }; x = 2; var a = get(); x = 3; return a + ':' + get(); })()",
	  "2:3" },
	{ "a closure writes a local the outer function then reads",
	  "(function () { var n = 0, inc = function () { n++; }; inc(); inc(); return n; })()",
	  "2" },
	{ "state machine (SWC's async lowering)",
	  "(function () { var _state = 0, log = []; function step() { switch (_state) { case 0: _state = 1; log.push('a'); return step(); case 1: try { _state = 2; throw 'x'; } catch (err) { log.push(err); } return step(); } return log.join(''); } return step(); })()",
	  "ax" },
	{ "an uncaptured local of a function whose closure is called later",
	  "(function () { var fns = []; function make(v) { var unused = v * 2; fns.push(function () { return v; }); return unused; } var t = make(1) + make(2); return t + ':' + fns[0]() + fns[1](); })()",
	  "6:12" },
	{ "recursion keeps each call's slots",
	  "(function () { function walk(n) { var here = n; var f = function () { return n; }; if (n > 0) walk(n - 1); return here + f(); } return walk(200); })()",
	  "400" },
	{ "300 locals and a closure (more than the slots allow)",
	  "(function () { var src = 'var s = 0;'; for (var i = 0; i < 300; i++) src += 'var v' + i + ' = ' + i + ';'; src += 'var g = function () { return v299; }; return v0 + v150 + g();'; return new Function(src)(); })()",
	  "449" },
	{ "recursion past the stack in a function with slots is a RangeError",
	  "(function () { function deep(n) { var a = n, b = n + 1, c = n + 2; var f = function () { return a; }; return deep(n + 1) + f() + b + c; } try { return deep(0); } catch (e) { return e.name + ' ' + (e instanceof RangeError); } })()",
	  "RangeError true" },
	{ "a compile error after the analysis (its tables freed with the function)",
	  "(function () { try { new Function('var y = 1; var h = function () { return y; }; if (y) { break; }'); return 'compiled'; } catch (e) { return e.name; } })()",
	  "SyntaxError" },
};

/* Runs src (from its compiled image when via_cache); its completion value
 * as a string, or "threw <error>". */
static const char *run(js_State *J, const char *src, int via_cache, char *out, size_t n)
{
	int rc;
	if (via_cache) {
		image im = compile_image("t.js", src);
		rc = im.len ? js_ploadcache(J, "t.js", src, strlen(src), im.p, im.len) : -1;
		free(im.p);
		if (rc < 0) {
			snprintf(out, n, "the image was refused");
			return out;
		}
	} else {
		rc = js_ploadstring(J, "t.js", src);
	}
	if (!rc) {
		js_pushundefined(J);
		rc = js_pcall(J, 0);
	}
	if (rc)
		snprintf(out, n, "threw %s", js_trystring(J, -1, "(error)"));
	else
		snprintf(out, n, "%s", js_trystring(J, -1, "(unprintable)"));
	js_pop(J, 1);
	return out;
}

static unsigned long allocations;

static void *counting_alloc(void *ctx, void *ptr, int size)
{
	(void)ctx;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	if (!ptr)
		++allocations;
	return realloc(ptr, (size_t)size);
}

/* allocations of 1,000 calls of fn(1, 2, 3) */
static long calls(js_State *J, const char *fn)
{
	char src[256];
	unsigned long before;
	snprintf(src, sizeof src, "for (var i = 0; i < 1000; ++i) %s(1, 2, 3);", fn);
	js_gc(J, 0);
	before = allocations;
	if (js_dostring(J, src))
		return -1000000;
	return (long)(allocations - before);
}

/* allocations per call of fn(1, 2, 3) beyond what a call of an empty
 * function and the loop making it take */
static double per_call(js_State *J, const char *fn)
{
	long base = calls(J, "noop");
	return (double)(calls(J, fn) - base) / 1000;
}

int main(void)
{
	char got[512], name[300];
	js_State *J = js_newstate(NULL, NULL, 0);

	for (int via_cache = 0; via_cache < 2; ++via_cache) {
		for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
			snprintf(name, sizeof name, "1710: %s%s", cases[i].name, via_cache ? " (compiled image)" : "");
			CHECK_STR(name, run(J, cases[i].src, via_cache, got, sizeof got), cases[i].want);
		}
	}
	CHECK("1710: the stack is as it was", js_gettop(J) == 0);
	js_freestate(J);

	J = js_newstate(counting_alloc, NULL, 0);
	CHECK("1710: the allocation-counting state runs",
	      !js_dostring(J, "function noop() {}\n"
			      "function one(a) { return function () { return a; }; }\n"
			      "function six(a, b, c) { var x = a, y = b, z = c; return function () { return a; }; }\n"
			      "function tc(a, b) { var x = a; try { x = b; } catch (e) { x = e; } return x; }\n"));
	double one = per_call(J, "one"), six = per_call(J, "six");
	if (one > 0 && six - one < 0.5 && one - six < 0.5)
		TEST_PASS("1710: five uncaptured locals allocate nothing (a call of six() costs what one() costs)");
	else
		TEST_FAIL("1710: five uncaptured locals allocate nothing (a call of six() costs what one() costs)",
			  "one() %.2f, six() %.2f allocations a call", one, six);
	double tc = per_call(J, "tc");
	if (tc < 0.5 && tc > -0.5)
		TEST_PASS("1710: a function with try/catch and no closure allocates nothing");
	else
		TEST_FAIL("1710: a function with try/catch and no closure allocates nothing", "%.2f allocations a call", tc);
	js_freestate(J);
	TEST_EXIT();
}
