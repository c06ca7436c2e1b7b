/* bjson.c — JSON through mujs, and string literals (see bjson.h). */
#include "build/bjson.h"

#include <stdio.h>
#include <string.h>

int kit_bjson_parse(js_State *J, const char *text, char *err, size_t errlen)
{
	js_getglobal(J, "JSON");
	js_getproperty(J, -1, "parse");
	js_rot2pop1(J);
	js_pushundefined(J);
	js_pushstring(J, text);
	if (js_pcall(J, 1)) {
		snprintf(err, errlen, "%s", js_trystring(J, -1, "not valid JSON"));
		js_pop(J, 1);
		return -1;
	}
	return 0;
}

const char *kit_bjson_string_prop(js_State *J, int idx, const char *name, kit_arena *a)
{
	if (!js_isobject(J, idx))
		return NULL;
	js_getproperty(J, idx, name);
	/* Copied: a short string lives in its stack slot and dies with the pop. */
	const char *s = js_isstring(J, -1) ? kit_arena_strdup(a, js_tostring(J, -1)) : NULL;
	js_pop(J, 1);
	return s;
}

int kit_bjson_int_prop(js_State *J, int idx, const char *name, int def)
{
	if (!js_isobject(J, idx))
		return def;
	js_getproperty(J, idx, name);
	int v = js_isnumber(J, -1) ? js_tointeger(J, -1) : def;
	js_pop(J, 1);
	return v;
}

void kit_bjson_write_string(kit_buf *out, const char *s)
{
	kit_buf_putc(out, '"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': kit_buf_puts(out, "\\\""); break;
		case '\\': kit_buf_puts(out, "\\\\"); break;
		case '\n': kit_buf_puts(out, "\\n"); break;
		case '\r': kit_buf_puts(out, "\\r"); break;
		case '\t': kit_buf_puts(out, "\\t"); break;
		default:
			if (*p < 0x20)
				kit_buf_printf(out, "\\u%04x", *p);
			else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9)) {
				kit_buf_printf(out, "\\u%s", p[2] == 0xa8 ? "2028" : "2029");
				p += 2;
			} else
				kit_buf_putc(out, (char)*p);
		}
	}
	kit_buf_putc(out, '"');
}
