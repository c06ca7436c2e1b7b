/* mujs_array_test.c — kit's patches 0400-0401 to mujs (mujs/patches/,
 * mujs/README.md): arrays have holes as in V8 (0400), and
 * Array.prototype.sort is V8's TimSort, comparator calls included (0401).
 *
 * Each case is an ES5 function body. The check runs
 *   JSON.stringify((function () { BODY })())
 * in the statically linked mujs and compares it with what Node 20 printed for
 * the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))' */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

struct array_case {
	const char *name, *body, *want;
};

static const struct array_case cases[] = {
	{"0400: 0 in [, 1]",
	 "var a = [, 1]; return [0 in a, 1 in a, a.length];",
	 "[false,true,2]"},
	{"0400: trailing elisions",
	 "return [[1, , ].length, [, ].length, [, , ].length, 1 in [1, , ]];",
	 "[2,1,2,false]"},
	{"0400: new Array(5) has five holes",
	 "var a = new Array(5); return [a.length, 0 in a, 4 in a, Object.keys(a).length];",
	 "[5,false,false,0]"},
	{"0400: delete leaves a hole, length kept",
	 "var a = [1, 2, 3]; var d = delete a[1]; return [d, 1 in a, a.length, Object.keys(a), a.hasOwnProperty(1)];",
	 "[true,false,3,[\"0\",\"2\"],false]"},
	{"0400: hasOwnProperty and propertyIsEnumerable of a hole",
	 "var a = [1, , 3]; return [a.hasOwnProperty(1), a.propertyIsEnumerable(1), a.hasOwnProperty(2), a.propertyIsEnumerable(2)];",
	 "[false,false,true,true]"},
	{"0400: an undefined element is not a hole",
	 "var a = [undefined, void 0]; a[2] = undefined; a.push(undefined); return [0 in a, 1 in a, 2 in a, 3 in a, Object.keys(a)];",
	 "[true,true,true,true,[\"0\",\"1\",\"2\",\"3\"]]"},
	{"0400: forEach, filter, some, every skip holes",
	 "var n = 0, a = [1, , 3]; a.forEach(function () { n++; }); return [n, a.filter(function () { return true; }).length, a.some(function (x) { return x === undefined; }), a.every(function (x) { return x !== undefined; })];",
	 "[2,2,false,true]"},
	{"0400: map keeps holes",
	 "var r = [1, , 3].map(function (x) { return x * 2; }); return [r.length, 1 in r, r[0], r[2]];",
	 "[3,false,2,6]"},
	{"0400: reduce and reduceRight skip holes",
	 "return [[1, , 3].reduce(function (a, b) { return a + ',' + b; }), [1, , 3].reduceRight(function (a, b) { return a + ',' + b; }), [, 5].reduce(function (a, b) { return a + b; })];",
	 "[\"1,3\",\"3,1\",5]"},
	{"0400: indexOf and lastIndexOf skip holes",
	 "return [[1, , 3].indexOf(undefined), [1, , 3].lastIndexOf(undefined), [1, undefined, 3].indexOf(undefined)];",
	 "[-1,-1,1]"},
	{"0400: join reads holes as empty",
	 "return [1, , 3, , ].join('-');",
	 "\"1--3-\""},
	{"0400: for-in and Object.keys skip holes",
	 "var r = []; for (var k in [1, , 3, , 5]) r.push(k); return [r, Object.keys([, 'a', , 'b'])];",
	 "[[\"0\",\"2\",\"4\"],[\"1\",\"3\"]]"},
	{"0400: a hole reads the prototype",
	 "Array.prototype[1] = 'p'; var a = [0, , 2]; var r = [a[1], 1 in a, a.hasOwnProperty(1), a.join()]; delete Array.prototype[1]; return r;",
	 "[\"p\",true,false,\"0,p,2\"]"},
	{"0400: a write past the end leaves holes",
	 "var a = []; a[3] = 'x'; return [a.length, 0 in a, 3 in a, Object.keys(a)];",
	 "[4,false,true,[\"3\"]]"},
	{"0400: a[1e6] on an empty array",
	 "var a = []; a[1e6] = 1; a[5] = 2; return [a.length, Object.keys(a), 6 in a];",
	 "[1000001,[\"5\",\"1000000\"],false]"},
	{"0400: length grows with holes, shrinks",
	 "var a = [1, 2, 3]; a.length = 6; var r = [a.length, 4 in a, a.join()]; a.length = 1; a[3] = 4; return r.concat([a.join(), 1 in a, a.length]);",
	 "[6,false,\"1,2,3,,,\",\"1,,,4\",false,4]"},
	{"0400: concat and slice keep holes",
	 "var c = [1, , 3].concat([4, , ]), s = Array.prototype.slice.call({length: 3, 1: 'x'}); return [c.length, 1 in c, 4 in c, 5 in c, s.length, 0 in s, s[1], [1, , 3].slice(1).length];",
	 "[5,false,false,false,3,false,\"x\",2]"},
	{"0400: reverse, shift, unshift, splice move holes",
	 "var a = [1, , 3]; a.reverse(); var b = [1, , 3]; b.shift(); var c = [1, , 3]; c.unshift(0); var d = [1, , 3, 4]; d.splice(0, 1); return [1 in a, 0 in b, 2 in c, 0 in d, d.length];",
	 "[false,false,false,false,3]"},
	{"0400: pop and push around a hole",
	 "var a = [1, , 3]; a.pop(); a.push(9); return [a.length, 1 in a, a[2]];",
	 "[3,false,9]"},
	{"0400: JSON.stringify and String of holes",
	 "return [JSON.stringify([1, , 3]), String([, 1, , ])];",
	 "[\"[1,null,3]\",\",1,\"]"},
	{"0400: sort moves holes after undefined",
	 "var a = [3, undefined, 1, , 2, , ]; a.sort(); return [a.length, a[3] === undefined, 3 in a, 4 in a, 5 in a, a.slice(0, 3)];",
	 "[6,true,true,false,false,[1,2,3]]"},
	{"0400: a filled array stays fast",
	 "var a = [], i; for (i = 0; i < 100000; i++) a[i * 2] = i; return [a.length, a[199998], 1 in a, 2 in a];",
	 "[199999,99999,false,true]"},
	{"0400: Object.getOwnPropertyNames of a holey array",
	 "return Object.getOwnPropertyNames([1, , 3]);",
	 "[\"0\",\"2\",\"length\"]"},
};

/* JSON.stringify of what the body returns, in out; "(threw)" when it throws. */
static const char *run(js_State *J, const char *body, char *out, size_t n)
{
	static const char head[] = "var __r = JSON.stringify((function () {", tail[] = "})());";
	size_t len = strlen(head) + strlen(body) + strlen(tail) + 1;
	char *src = malloc(len);
	if (!src)
		abort();
	snprintf(src, len, "%s%s%s", head, body, tail);
	int failed = js_dostring(J, src);
	free(src);
	if (failed) {
		snprintf(out, n, "(threw)");
		return out;
	}
	js_getglobal(J, "__r");
	snprintf(out, n, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	return out;
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, run(J, cases[i].body, got, sizeof got), cases[i].want);
	js_freestate(J);
	TEST_EXIT();
}
