/* mujs_test.c — kit's patches to mujs (mujs/patches/, mujs/README.md), each
 * checked through the statically linked engine library.
 *
 * 0001 weak jsV_numbertostring: this program defines its own, as
 * render/engine.c does; without the patch it would not link (two
 * definitions), and with the library's own grisu2 String(0.1 + 0.2) would be
 * "0.30000000000000007". */
#include <mujs.h>
#include <stdio.h>
#include <string.h>

#include "render/json.h"
#include "test.h"

const char *jsV_numbertostring(js_State *J, char buf[32], double f);
const char *jsV_numbertostring(js_State *J, char buf[32], double f)
{
	(void)J;
	kit_json_format_number(buf, f);
	return buf;
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

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[128];
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
	js_freestate(J);
	TEST_EXIT();
}
