/* json_test.c — the JSON parser and writer (render/json.c).
 *
 * Parse → write round trips, JSON.stringify's string escaping, numbers printed
 * exactly as JS String(n) prints them (table taken from node 20), and error
 * messages with line and column for malformed or hostile input. */
#include <math.h>

#include "render/arena.h"
#include "render/json.h"
#include "test.h"

static kit_arena *arena;
static kit_model model;

static const char *roundtrip(const char *in, char *err, size_t errlen)
{
	static kit_buf out;
	kit_value *v;
	kit_buf_reset(&out);
	if (kit_json_parse(&model, in, strlen(in), &v, err, errlen) < 0)
		return NULL;
	kit_json_write(&out, v);
	return kit_buf_cstr(&out);
}

static void test_roundtrips(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "{}", "{}" },
		{ "[]", "[]" },
		{ " [ 1 , -2.5 , 1e3 , 0.1e-6 , -0 ] ", "[1,-2.5,1000,1e-7,0]" },
		{ "{\"b\":1,\"a\":[true,false,null],\"c\":{\"d\":\"e\"}}", "{\"b\":1,\"a\":[true,false,null],\"c\":{\"d\":\"e\"}}" },
		{ "\"\\u00e9\\u2028\\u2029\\ud83d\\ude00\"", "\"\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xf0\x9f\x98\x80\"" },
		{ "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u007f\"", "\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\x7f\"" },
		{ "\"\\ud800 lone\"", "\"\\ud800 lone\"" },
		{ "\"\\udc00\\ud800\"", "\"\\udc00\\ud800\"" },
		{ "{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":3,\"b\":2}" },
		{ "\t\r\n 42 \n", "42" },
		{ "\"raw \xe6\x97\xa5\xe6\x9c\xac\"", "\"raw \xe6\x97\xa5\xe6\x9c\xac\"" },
		/* bytes that are not UTF-8 but start like a surrogate (ED A0-BF)
		 * are copied: the quote after them stays a quote (json_fuzz) */
		{ "\"\xed\xa0\\\"x\"", "\"\xed\xa0\\\"x\"" },
		{ "\"\xed\xad\xed\\ude00\"", "\"\xed\xad\xed\\ude00\"" },
		/* a raw high surrogate and an escaped low one are one character */
		{ "\"\xed\xa0\xbd\\ude00\"", "\"\xf0\x9f\x98\x80\"" },
		{ "\"\xed\xa0\xbd\xed\xb8\x80\"", "\"\xf0\x9f\x98\x80\"" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char err[200] = "", name[160];
		snprintf(name, sizeof name, "json round trip %zu -> %s", i, cases[i].out);
		const char *got = roundtrip(cases[i].in, err, sizeof err);
		if (!got)
			TEST_FAIL(name, "parse failed: %s", err);
		else
			CHECK_STR(name, got, cases[i].out);
	}
}

static void test_parse_shapes(void)
{
	kit_value *v;
	char err[200];
	const char *in = "{\"z\":1,\"a\":\"x\\u0000y\",\"m\":[{}]}";
	CHECK("parse: object", kit_json_parse(&model, in, strlen(in), &v, err, sizeof err) == 0 && v->kind == KIT_OBJECT);
	CHECK("parse: key order kept", v->u.obj.len == 3 && strcmp(v->u.obj.props[0].key, "z") == 0 &&
	      strcmp(v->u.obj.props[1].key, "a") == 0 && strcmp(v->u.obj.props[2].key, "m") == 0);
	const kit_value *a = kit_v_get(v, "a");
	CHECK("parse: NUL kept inside a string with its length", a && a->u.str.len == 3 && a->u.str.ptr[1] == '\0');
	/* The parser reads exactly len bytes: a value followed by more text in the
	 * buffer parses when len stops before it. */
	CHECK("parse: not NUL-terminated input", kit_json_parse(&model, "[1]xyz", 3, &v, err, sizeof err) == 0);
}

static void test_numbers(void)
{
	static const struct {
		double d;
		const char *js;
	} cases[] = {
		{ 0.0, "0" }, { -0.0, "0" }, { 1, "1" }, { -1, "-1" }, { 0.1, "0.1" },
		{ 0.2 + 0.1, "0.30000000000000004" }, { 1.0 / 3, "0.3333333333333333" },
		{ 2.0 / 3, "0.6666666666666666" }, { 1e21, "1e+21" }, { 1e-7, "1e-7" }, { 1.5e-7, "1.5e-7" },
		{ 123456789012345680000.0, "123456789012345680000" }, { 9007199254740993.0, "9007199254740992" },
		{ 18446744073709551616.0, "18446744073709552000" }, { 1e300, "1e+300" }, { 5e-324, "5e-324" },
		{ 1.7976931348623157e308, "1.7976931348623157e+308" }, { 0.000001, "0.000001" }, { 100, "100" },
		{ 1e20, "100000000000000000000" }, { -1.5, "-1.5" }, { 12.5e-10, "1.25e-9" }, { 4.35, "4.35" },
		{ 0.1 + 0.7, "0.7999999999999999" }, { 1234.5678, "1234.5678" },
		{ 999999999999999900000.0, "999999999999999900000" }, { 0.000123, "0.000123" }, { -2.5e-7, "-2.5e-7" },
		{ 3.14159e15, "3141590000000000" }, { 1.5e-323, "1.5e-323" }, { 123e-20, "1.23e-18" },
		{ 9.999999999999999e22, "1e+23" }, { NAN, "NaN" }, { INFINITY, "Infinity" }, { -INFINITY, "-Infinity" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char buf[32], name[64];
		kit_json_format_number(buf, cases[i].d);
		snprintf(name, sizeof name, "number %s", cases[i].js);
		CHECK_STR(name, buf, cases[i].js);
	}
	kit_buf b;
	kit_buf_init(&b);
	kit_json_write_number(&b, NAN);
	kit_buf_putc(&b, ',');
	kit_json_write_number(&b, -INFINITY);
	CHECK_STR("number: JSON writes null for NaN and Infinity", kit_buf_cstr(&b), "null,null");
	kit_buf_free(&b);
}

static void test_errors(void)
{
	static const struct {
		const char *in, *msg;
	} cases[] = {
		{ "", "line 1, column 1: unexpected end of input" },
		{ "[1,2", "line 1, column 5: expected ',' or ']' after an array item, found end of input" },
		{ "{\"a\" 1}", "line 1, column 6: expected ':' after an object key, found '1'" },
		{ "{\"a\":1,}", "line 1, column 8: expected a string key, found '}'" },
		{ "{\"a\":1 \"b\":2}", "line 1, column 8: expected ',' or '}' after an object value, found '\"'" },
		{ "[1,\n  2,\n  x]", "line 3, column 3: unexpected 'x'" },
		{ "\"abc", "line 1, column 1: unterminated string" },
		{ "\"a\\qb\"", "line 1, column 3: invalid escape \\'q' in string" },
		{ "\"\\u12G4\"", "line 1, column 2: invalid \\u escape (expected 4 hex digits)" },
		{ "\"a\nb\"", "line 1, column 3: raw control character U+000A in string (escape it)" },
		{ "[1] [2]", "line 1, column 5: unexpected '[' after the JSON value" },
		{ "01", "line 1, column 2: unexpected '1' after the JSON value" },
		{ "-", "line 1, column 1: invalid number" },
		{ "1.", "line 1, column 1: invalid number" },
		{ "1e+", "line 1, column 1: invalid number" },
		{ "tru", "line 1, column 1: unexpected 't'" },
		{ "\"\xc3\xa9\" x", "line 1, column 5: unexpected 'x' after the JSON value" },
		{ "[\x01]", "line 1, column 2: unexpected byte 0x01" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		kit_value *v;
		char err[200] = "", name[96];
		snprintf(name, sizeof name, "json error: %s", cases[i].msg);
		int rc = kit_json_parse(&model, cases[i].in, strlen(cases[i].in), &v, err, sizeof err);
		if (rc == -1 && strcmp(err, cases[i].msg) == 0)
			TEST_PASS(name);
		else
			TEST_FAIL(name, "rc %d, message \"%s\"", rc, err);
	}
}

static void test_depth_limit(void)
{
	size_t n = 100000;
	char *deep = malloc(2 * n + 1);
	memset(deep, '[', n);
	memset(deep + n, ']', n);
	deep[2 * n] = '\0';
	kit_value *v;
	char err[200] = "";
	int rc = kit_json_parse(&model, deep, 2 * n, &v, err, sizeof err);
	CHECK("json: 100000 nested arrays refused, no stack overflow",
	      rc == -1 && strstr(err, "nesting deeper than 512 levels") != NULL);
	/* 512 levels are fine. */
	memset(deep, '[', 512);
	memset(deep + 512, ']', 512);
	CHECK("json: 512 nested arrays accepted", kit_json_parse(&model, deep, 1024, &v, err, sizeof err) == 0);
	free(deep);
}

static void test_write_kinds(void)
{
	kit_buf b;
	kit_buf_init(&b);
	kit_value *o = kit_v_object(&model, 3);
	kit_v_set_prop(&model, &o->u.obj.props[0], "u", kit_v_undefined(&model));
	kit_v_set_prop(&model, &o->u.obj.props[1], "s", kit_v_cstring(&model, "$x"));
	kit_v_set_prop(&model, &o->u.obj.props[2], "sym", kit_v_symbol(&model, "react.fragment"));
	kit_json_write(&b, o);
	CHECK_STR("json write: no Flight $-escaping, non-JSON kinds are null", kit_buf_cstr(&b),
		  "{\"u\":null,\"s\":\"$x\",\"sym\":null}");
	kit_buf_free(&b);
}

int main(void)
{
	arena = kit_arena_new(4096);
	kit_model_init(&model, arena);
	test_roundtrips();
	test_parse_shapes();
	test_numbers();
	test_errors();
	test_depth_limit();
	test_write_kinds();
	kit_model_clear(&model);
	kit_arena_free(arena);
	TEST_EXIT();
}
