/* mujs_bigint_test.c — kit's patches 1100-1102 to mujs (mujs/patches/,
 * mujs/README.md): the exponent operator, BigInt as a primitive type with
 * its arithmetic in C (mujs/src/jsbigint.c: limbs, long division, two's
 * complement bitwise operators, conversions), and bigint literals.
 *
 * mujs alone, without kit's runtime: what the engine does by itself. Each
 * case is a function body; the check runs
 *   JSON.stringify((function () { BODY })())
 * in the statically linked mujs and compares it with what Node 20 printed for
 * the same body:
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))'
 * (bigints are returned as strings: JSON has no bigint). The pseudo-random
 * case runs 5,400 operations (the operators, asIntN/asUintN of random
 * widths, toString in random radixes, Number() and back, comparisons with
 * numbers) on operands of up to 768 bits, both signs, and hashes the
 * results, which only agree with Node's when every one does. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs_run.h"
#include "test.h"

struct bigint_case {
	const char *name, *body, *want;
};

static const struct bigint_case cases[] = {
	{"1101: typeof, literals and String",
	 "return [typeof 1n, typeof 0x1fn, typeof Object(1n), String(0n), String(-0n), String(123456"
	 "789012345678901234567890n), String(0x123456789abcdef0123n), String(0o777777777777777777777"
	 "n), String(0b1111111111111111111111111111111111111111111111111111111111111111111n)];",
	 "[\"bigint\",\"bigint\",\"object\",\"0\",\"0\",\"123456789012345678901234567890\",\"5373003642731685151011\",\"92233"
	 "72036854775807\",\"147573952589676412927\"]"},
	{"1101: add and subtract across limbs",
	 "var a = 0xffffffffffffffffffffffffn; return [String(a + 1n), String(-a - 1n), String(a - a"
	 "), String(1n - a), String(-(2n ** 64n) + 1n), String(2n ** 96n - 1n - a)];",
	 "[\"79228162514264337593543950336\",\"-79228162514264337593543950336\",\"0\",\"-7922816251426433759354395033"
	 "4\",\"-18446744073709551615\",\"0\"]"},
	{"1101: multiply",
	 "return [String(0xffffffffn * 0xffffffffn), String((2n ** 64n - 1n) * (2n ** 64n - 1n)), St"
	 "ring(-3n * 4n), String(-3n * -4n), String(0n * -5n), String(123456789012345678901234567890"
	 "n * 987654321098765432109876543210n)];",
	 "[\"18446744065119617025\",\"340282366920938463426481119284349108225\",\"-12\",\"12\",\"0\",\"121932631137021795"
	 "226185032733622923332237463801111263526900\"]"},
	{"1101: factorial 100",
	 "var r = 1n; for (var i = 2n; i <= 100n; i++) r *= i; return [String(r), r.toString(16), r."
	 "toString(36)];",
	 "[\"93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518"
	 "286253697920827223758251185210916864000000000000000000000000\",\"1b30964ec395dc24069528d54bbda40d16e96"
	 "6ef9a70eb21b5b2943a321cdf10391745570cca9420c6ecb3b72ed2ee8b02ea2735c61a000000000000000000000000\",\"62"
	 "nh2mc145rixai667gy96xa5x2tuuabwkylst8ietag5jf45r9jdiagivpc8u2hfsbrvrosjbcv7k000000000000000000000000"
	 "\"]"},
	{"1101: division truncates, remainder has the sign of the dividend",
	 "return [7n / 2n, -7n / 2n, 7n / -2n, -7n / -2n, 7n % 2n, -7n % 2n, 7n % -2n, -7n % -2n].ma"
	 "p(String);",
	 "[\"3\",\"-3\",\"-3\",\"3\",\"1\",\"-1\",\"1\",\"-1\"]"},
	{"1101: long division (normalisation, the add-back step)",
	 "var a = 2n ** 192n - 1n, b = 2n ** 96n + 1n, c = 0x800000000000000000000001n, d = 0xffffff"
	 "ff00000000ffffffffn; return [a / b, a % b, a / c, a % c, a / d, a % d, (2n ** 128n) / (2n "
	 "** 64n - 1n), (2n ** 128n) % (2n ** 64n - 1n), 0x7fffffff800000010000000000000000n / 0x800"
	 "000008000000200000005n, 0x7fffffff800000010000000000000000n % 0x800000008000000200000005n]"
	 ".map(String);",
	 "[\"79228162514264337593543950335\",\"0\",\"158456325028528675187087900668\",\"3\",\"7922816253271108166725350"
	 "1952\",\"18446744073709551615\",\"18446744073709551617\",\"1\",\"4294967293\",\"39614081266355540837921718287\""
	 "]"},
	{"1101: division by zero is a RangeError",
	 "try { return String(1n / 0n); } catch (e) { return e.name; }",
	 "\"RangeError\""},
	{"1101: exponent",
	 "return [2n ** 200n, (-3n) ** 5n, 0n ** 0n, 1n ** 1000000000000n, (-1n) ** 1000000000001n, "
	 "10n ** 30n].map(String).concat([(function () { try { return 2n ** -1n; } catch (e) { retur"
	 "n e.name; } })()]);",
	 "[\"1606938044258990275541962092341162602522202993782792835301376\",\"-243\",\"1\",\"1\",\"-1\",\"10000000000000"
	 "00000000000000000\",\"RangeError\"]"},
	{"1101: bitwise in two's complement",
	 "return [-5n & 3n, -5n | 3n, -5n ^ 3n, -5n & -3n, ~0n, ~-1n, ~(2n ** 64n), -(2n ** 64n) & ("
	 "2n ** 64n - 1n), (2n ** 70n - 1n) ^ -(2n ** 40n), -(2n ** 32n) | 1n].map(String);",
	 "[\"3\",\"-5\",\"-8\",\"-7\",\"-1\",\"0\",\"-18446744073709551617\",\"0\",\"-1180591619617899675649\",\"-4294967295\"]"},
	{"1101: shifts",
	 "return [1n << 100n, (2n ** 100n) >> 99n, -1n >> 1000n, -7n >> 1n, -8n >> 1n, -(2n ** 70n) "
	 ">> 35n, -(2n ** 70n + 1n) >> 35n, 5n << -1n, 5n >> -2n, 0n << 100000000000n, -7n >> 100000"
	 "000000n].map(String);",
	 "[\"1267650600228229401496703205376\",\"2\",\"-1\",\"-4\",\"-4\",\"-34359738368\",\"-34359738369\",\"2\",\"20\",\"0\",\"-1"
	 "\"]"},
	{"1101: asIntN and asUintN",
	 "return [BigInt.asIntN(8, 255n), BigInt.asIntN(8, 128n), BigInt.asIntN(8, -129n), BigInt.as"
	 "IntN(64, 2n ** 63n), BigInt.asIntN(65, 2n ** 64n), BigInt.asIntN(32, 0xffffffffn), BigInt."
	 "asIntN(0, 5n), BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asUintN(100, -(2n *"
	 "* 70n)), BigInt.asUintN(32, -(2n ** 32n)), BigInt.asUintN(1, -1n)].map(String);",
	 "[\"-1\",\"-128\",\"127\",\"-9223372036854775808\",\"-18446744073709551616\",\"-1\",\"0\",\"255\",\"184467440737095516"
	 "15\",\"1267650599047637780779291901952\",\"0\",\"1\"]"},
	{"1101: BigInt() from numbers, strings, booleans",
	 "return [BigInt(2 ** 53), BigInt(-(2 ** 70)), BigInt(1e21), BigInt(' 0x1f '), BigInt('-12')"
	 ", BigInt('0b101'), BigInt('0o17'), BigInt(''), BigInt(true)].map(String);",
	 "[\"9007199254740992\",\"-1180591620717411303424\",\"1000000000000000000000\",\"31\",\"-12\",\"5\",\"15\",\"0\",\"1\"]"},
	{"1101: BigInt() refusals",
	 "return [1.5, NaN, '1.5', '0x', '-0x1', '1n', 'x', undefined, null].map(function (v) { try "
	 "{ return String(BigInt(v)); } catch (e) { return e.name; } }).concat([(function () { try {"
	 " return new BigInt(1); } catch (e) { return e.name; } })()]);",
	 "[\"RangeError\",\"RangeError\",\"SyntaxError\",\"SyntaxError\",\"SyntaxError\",\"SyntaxError\",\"SyntaxError\",\"Ty"
	 "peError\",\"TypeError\",\"TypeError\"]"},
	{"1101: mixing types is a TypeError",
	 "return [function () { return 1n + 1; }, function () { return 1 * 1n; }, function () { retu"
	 "rn +1n; }, function () { return 1n >>> 0n; }, function () { return Math.abs(1n); }, functi"
	 "on () { return 1n + 'x'; }].map(function (f) { try { return String(f()); } catch (e) { ret"
	 "urn e.name; } });",
	 "[\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"TypeError\",\"1x\"]"},
	{"1101: comparisons with numbers and strings are exact",
	 "var b = 2n ** 53n + 1n; return [b > 2 ** 53, b == 2 ** 53, b == 9007199254740993, 1n < 1.5"
	 ", -1n < -0.5, 5n < NaN, 5n < Infinity, 10n == '10', 10n == '0xa', 10n < 'x', 10n > 'x', 1n"
	 " == true, 0n == false, Object(1n) == 1n, 1n === 1n, 1n === 1];",
	 "[true,false,false,true,true,false,true,true,true,false,false,true,true,true,true,false]"},
	{"1101: Number() rounds to nearest, ties to even (compared: the test has mujs's own number printing)",
	 "return [Number(2n ** 53n + 1n) === 9007199254740992, Number(2n ** 53n + 3n) === 9007199254"
	 "740996, Number(2n ** 54n + 2n) === 18014398509481984, Number(2n ** 54n + 6n) === 180143985"
	 "09481992, Number(2n ** 1024n), Number(-(2n ** 1023n)) === -8.98846567431158e307, Number((2"
	 "n ** 64n + 1n) * 3n) === 55340232221128655000, Number(2n ** 64n - 1n) === 1844674407370955"
	 "2000, Number(-(2n ** 100n + 2n ** 47n)) === -1267650600228229401496703205376, Number(2n **"
	 " 100n + 2n ** 47n + 1n) === 1267650600228229682971679916032];",
	 "[true,true,true,true,null,true,true,true,true,true]"},
	{"1101: toString radix and toLocaleString",
	 "var x = 2n ** 100n - 1n; return [x.toString(2).length, x.toString(7), (-255n).toString(16)"
	 ", (1234567n).toLocaleString(), (-1234n).toLocaleString(), (0n).toString(36)];",
	 "[100,\"322653455556104044451560330542514131\",\"-ff\",\"1,234,567\",\"-1,234\",\"0\"]"},
	{"1101: increments, property keys, JSON",
	 "var a = 5n, o = {}; o[a] = 1; var r = [String(a++), String(a), String(++a), String(a--), S"
	 "tring(--a), Object.keys(o)[0]]; try { JSON.stringify({x: 1n}); } catch (e) { r.push(e.name"
	 "); } return r;",
	 "[\"5\",\"6\",\"7\",\"7\",\"5\",\"5\",\"TypeError\"]"},
	{"1101: 5,400 pseudo-random operations on up to 768-bit operands, both signs (Node's results, hashed)",
	 "var s = 0x2545f4914f6cdd1dn, m = 2n ** 64n, h = 0n, ops = 0; function next() { s = (s * 63"
	 "64136223846793005n + 1442695040888963407n) % m; return s; } function big() { var n = Numbe"
	 "r(next() % 12n), r = 0n; for (var i = 0; i < n; i++) r = (r << 64n) | next(); if (next() %"
	 " 3n == 0n) r = r >> (next() % 64n); return next() % 2n ? -r : r; } function mix(v) { h = B"
	 "igInt.asUintN(64, (h ^ v) * 0x100000001b3n); ops++; } for (var k = 0; k < 300; k++) { var "
	 "a = big(), b = big(); if (b === 0n) b = 1n; mix(a + b); mix(a - b); mix(a * b); mix(a / b)"
	 "; mix(a % b); mix(a & b); mix(a | b); mix(a ^ b); mix(a >> (next() % 900n)); mix(a << (nex"
	 "t() % 100n)); mix(BigInt.asIntN(Number(next() % 800n), a)); mix(BigInt.asUintN(Number(next"
	 "() % 800n), a)); mix(BigInt(a.toString())); mix(BigInt(a.toString(Number(next() % 35n) + 2"
	 ").length)); mix(BigInt(Number(a) === Number(a) && isFinite(Number(a)) ? (Number(a) < 0 ? M"
	 "ath.ceil(Number(a)) : Math.floor(Number(a))) : 0)); mix(a < b ? 1n : 0n); mix(a == Number("
	 "b) ? 1n : 0n); mix(a ** (next() % 4n)); } return [ops, h.toString(16)];",
	 "[5400,\"e07bc64b1efccc95\"]"},
	{"1101: JSON.stringify calls BigInt.prototype.toJSON when a program defines one",
	 "BigInt.prototype.toJSON = function () { return this.toString() + 'n'; }; try { return JSON"
	 ".stringify({a: 5n, b: [2n ** 64n], c: Object(3n)}); } finally { delete BigInt.prototype.to"
	 "JSON; }",
	 "\"{\\\"a\\\":\\\"5n\\\",\\\"b\\\":[\\\"18446744073709551616n\\\"],\\\"c\\\":\\\"3n\\\"}\""},
	{"1101: a replacer sees the bigint itself",
	 "return JSON.stringify({a: 5n, b: [1n]}, function (k, v) { return typeof v === 'bigint' ? '"
	 "big:' + v : v; });",
	 "\"{\\\"a\\\":\\\"big:5\\\",\\\"b\\\":[\\\"big:1\\\"]}\""},
	{"1100: the exponent operator on numbers",
	 "var x = 2, y = 10, z = 3; z **= 2; return [2 ** 10, x ** y, 2 ** 3 ** 2, (-2) ** 2, 2 ** -"
	 "1, 1 ** NaN, NaN ** 0, 3 * 2 ** 2, z, (function () { var o = {p: 2}; o.p **= 3; return o.p"
	 "; })()];",
	 "[1024,1024,512,4,0.5,null,1,12,9,8]"},
	{"1102: 0o and 0b number literals",
	 "return [0o17, 0b101, 0O7, 0B11, 0x1F];",
	 "[15,5,7,3,31]"},
};

/* The C API: js_isbigint, js_type, js_typeof, and the conversions a host
 * uses (ToBoolean, ToString; ToNumber throws, as V8's). */
static void c_api(js_State *J)
{
	int threw;
	js_dostring(J, "var __b = 2n ** 70n, __z = 0n;");
	js_getglobal(J, "__b");
	CHECK("1101: js_isbigint", js_isbigint(J, -1) && !js_isnumber(J, -1) && js_isprimitive(J, -1));
	CHECK("1101: js_type of a bigint is JS_ISBIGINT", js_type(J, -1) == JS_ISBIGINT);
	CHECK_STR("1101: js_typeof of a bigint", js_typeof(J, -1), "bigint");
	CHECK("1101: js_toboolean of 2n ** 70n", js_toboolean(J, -1));
	js_copy(J, -1);
	CHECK_STR("1101: js_tostring of a bigint is its digits", js_tostring(J, -1), "1180591620717411303424");
	js_pop(J, 1);
	threw = 0;
	if (js_try(J)) {
		threw = 1;
		js_pop(J, 1); /* the error */
	} else {
		(void)js_tonumber(J, -1);
		js_endtry(J);
	}
	CHECK("1101: js_tonumber of a bigint throws (a TypeError, as V8's ToNumber)", threw);
	js_pop(J, 1);
	js_getglobal(J, "__z");
	CHECK("1101: js_toboolean of 0n", !js_toboolean(J, -1));
	js_pop(J, 1);
}

/* Bigints are collected like strings: values kept in arrays and properties
 * survive collections, the rest are freed. */
static void collected(js_State *J)
{
	char got[256];
	js_dostring(J, "var __keep = []; for (var i = 0; i < 2000; i++) { var t = BigInt(i) * 12345678901234567890123n; "
		    "if (i % 100 === 0) __keep.push(t); }");
	js_gc(J, 0);
	js_dostring(J, "for (var j = 0; j < 2000; j++) { var u = 2n ** 300n + BigInt(j); }");
	js_gc(J, 0);
	CHECK_STR("1101: bigints kept in an array survive collections",
		  mujs_run(J, "var s = 0n; for (var i = 0; i < __keep.length; i++) s += __keep[i]; "
			   "return [__keep.length, String(s), String(Object(__keep[3]) + 1n)];", got, sizeof got),
		  "[20,\"234567899123456789912337000\",\"3703703670370370367036901\"]");
}

/* Past 2^24 bits (16,777,216; V8's limit is 2^30) a RangeError, which the
 * program can catch, instead of an allocation that may fail. */
static void size_limit(js_State *J)
{
	char got[256];
	CHECK_STR("1101: Maximum BigInt size exceeded",
		  mujs_run(J, "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } } "
			   "return [t(function () { return 1n << 16777215n; }), t(function () { return 1n << 16777216n; }), "
			   "t(function () { return 2n ** 16777216n; }), t(function () { return (1n << 16777000n) * (1n << 1000n); })];",
			   got, sizeof got),
		  "[\"ok\",\"RangeError: Maximum BigInt size exceeded\",\"RangeError: Maximum BigInt size exceeded\","
		  "\"RangeError: Maximum BigInt size exceeded\"]");
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[2048];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	c_api(J);
	collected(J);
	size_limit(J);
	js_freestate(J);
	TEST_EXIT();
}
