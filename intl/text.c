/* text.c — String.prototype.normalize, toLocaleUpperCase and
 * toLocaleLowerCase over ICU, the UTF-16 conversions the text services
 * share (text.h), and kit_intl_text_install, which installs them all.
 *
 * ASCII needs no ICU: every normal form of an ASCII string is itself, and
 * its case mapping is toUpperCase's and toLowerCase's in every language but
 * az, el, lt and tr (V8 tailors those four alone); other strings map with
 * ICU's full mappings (ß → SS, final sigma), root or one of the four. */
#include "intl/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(unorm2_getNFCInstance);
KIT_ICU_DECL(unorm2_getNFDInstance);
KIT_ICU_DECL(unorm2_getNFKCInstance);
KIT_ICU_DECL(unorm2_getNFKDInstance);
KIT_ICU_DECL(unorm2_normalize);
KIT_ICU_DECL(u_strToUpper);
KIT_ICU_DECL(u_strToLower);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(unorm2_getNFCInstance),  KIT_ICU_SYM(unorm2_getNFDInstance), KIT_ICU_SYM(unorm2_getNFKCInstance),
	KIT_ICU_SYM(unorm2_getNFKDInstance), KIT_ICU_SYM(unorm2_normalize),      KIT_ICU_SYM(u_strToUpper),
	KIT_ICU_SYM(u_strToLower),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

UChar *kit_intl_u16(const char *s, UChar *buf, int32_t cap, int32_t *len)
{
	size_t n = strlen(s);
	/* every byte gives at most one unit (a 4-byte sequence two) */
	UChar *u = buf;
	if ((size_t)cap < n + 1) {
		u = malloc((n + 1) * sizeof *u);
		if (!u)
			return NULL;
	}
	int32_t k = 0;
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		unsigned c = *p;
		if (c < 0x80) {
			u[k++] = (UChar)c;
			p++;
		} else if (c < 0xE0 && (p[1] & 0xC0) == 0x80) {
			u[k++] = (UChar)(((c & 0x1F) << 6) | (p[1] & 0x3F));
			p += 2;
		} else if (c < 0xF0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80) {
			u[k++] = (UChar)(((c & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
			p += 3;
		} else if (c < 0xF8 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80 && (p[3] & 0xC0) == 0x80) {
			uint32_t r = ((c & 0x07) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
			r -= 0x10000;
			u[k++] = (UChar)(0xD800 + (r >> 10));
			u[k++] = (UChar)(0xDC00 + (r & 0x3FF));
			p += 4;
		} else {
			u[k++] = 0xFFFD;
			p++;
		}
	}
	u[k] = 0;
	*len = k;
	return u;
}

/* pushes out (malloc'd), freeing it even when the push throws */
static void push_owned(js_State *J, char *out)
{
	if (js_try(J)) {
		free(out);
		js_throw(J);
	}
	js_pushstring(J, out);
	js_endtry(J);
	free(out);
}

void kit_intl_push_u16(js_State *J, const UChar *u, int32_t len)
{
	char stack[512], *out = stack;
	size_t need = (size_t)len * 3 + 1;
	if (need > sizeof stack) {
		out = malloc(need);
		if (!out)
			js_error(J, "out of memory");
	}
	size_t k = 0;
	for (int32_t i = 0; i < len; i++) {
		unsigned c = u[i];
		if (c == 0) {
			out[k++] = (char)0xC0;
			out[k++] = (char)0x80;
		} else if (c < 0x80) {
			out[k++] = (char)c;
		} else if (c < 0x800) {
			out[k++] = (char)(0xC0 | (c >> 6));
			out[k++] = (char)(0x80 | (c & 0x3F));
		} else {
			out[k++] = (char)(0xE0 | (c >> 12));
			out[k++] = (char)(0x80 | ((c >> 6) & 0x3F));
			out[k++] = (char)(0x80 | (c & 0x3F));
		}
	}
	out[k] = '\0';
	if (out == stack)
		js_pushstring(J, out);
	else
		push_owned(J, out);
}

int kit_intl_is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

void kit_intl_new_prototype(js_State *J, const char *name, const char *tag)
{
	js_newobject(J);
	/* `constructor` first, as in V8: js_newcconstructor sets it in place */
	js_pushundefined(J);
	js_defproperty(J, -2, "constructor", JS_DONTENUM);
	kit_intl_to_string_tag(J, -1, tag);
	js_copy(J, -1);
	js_setregistry(J, name);
}

int kit_intl_options_object(js_State *J, int idx)
{
	if (js_isundefined(J, idx)) {
		js_newobject(J);
	} else {
		if (!js_isobject(J, idx))
			js_typeerror(J, "Options must be an object");
		js_copy(J, idx);
	}
	return js_gettop(J) - 1;
}

/* pushes the function of source (compiled the first time, then kept in the
 * registry under name) */
static void shim(js_State *J, const char *name, const char *source)
{
	js_getregistry(J, name);
	if (js_isdefined(J, -1))
		return;
	js_pop(J, 1);
	js_loadstring(J, "[intl]", source);
	js_pushundefined(J);
	js_call(J, 0);
	js_copy(J, -1);
	js_setregistry(J, name);
}

void kit_intl_string_list(js_State *J, int idx)
{
	if (idx < 0)
		idx = js_gettop(J) + idx;
	shim(J, "kit.intl.strings",
	     "(function (v) { var a = []; if (v === undefined) return a;"
	     " function bad(x) { return new TypeError('Iterable yielded ' + (typeof x === 'symbol' ? 'Symbol()' : String(x)) + ' which is not a string'); }"
	     " if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) { if (typeof v[i] !== 'string') throw bad(v[i]); a.push(v[i]); } return a; }"
	     " var it = v[Symbol.iterator](), r;"
	     " while (!(r = it.next()).done) {"
	     "  if (typeof r.value !== 'string') {"
	     "   var e = bad(r.value);"
	     "   if (typeof it['return'] === 'function') it['return']();"
	     "   throw e; }"
	     "  a.push(r.value); }"
	     " return a; })");
	js_pushundefined(J);
	js_copy(J, idx);
	js_call(J, 1);
}

void kit_intl_define_symbol(js_State *J, int obj, const char *name)
{
	if (obj < 0)
		obj = js_gettop(J) + obj;
	shim(J, "kit.intl.defsym",
	     "(function (o, k, v) { Object.defineProperty(o, Symbol[k], { value: v, writable: true, configurable: true }); })");
	js_pushundefined(J);
	js_copy(J, obj);
	js_pushstring(J, name);
	js_copy(J, -5);
	js_call(J, 3);
	js_pop(J, 2);
}

/* the string `this` as String.prototype's methods take it */
static const char *this_string(js_State *J, const char *method)
{
	if (!js_iscoercible(J, 0))
		js_typeerror(J, "String.prototype.%s called on null or undefined", method);
	return js_tostring(J, 0);
}

static void push_u16_owned(js_State *J, UChar *u, int32_t n)
{
	if (js_try(J)) {
		free(u);
		js_throw(J);
	}
	kit_intl_push_u16(J, u, n);
	js_endtry(J);
	free(u);
}

/* calls fn (writing len units of src into dst of cap units, giving the
 * needed length) with a stack buffer first, then with one of the size ICU
 * asked for; pushes the result */
typedef int32_t (*transform_fn)(const void *ctx, const UChar *src, int32_t len, UChar *dst, int32_t cap,
				UErrorCode *st);

static void push_transformed(js_State *J, const char *s, transform_fn fn, const void *ctx, const char *what)
{
	UChar sbuf[256], dbuf[512];
	int32_t len;
	UChar *src = kit_intl_u16(s, sbuf, 256, &len);
	if (!src)
		js_error(J, "out of memory");
	UChar *dst = dbuf;
	UErrorCode st = U_ZERO_ERROR;
	int32_t n = fn(ctx, src, len, dst, 512, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR) {
		dst = malloc(((size_t)n + 1) * sizeof *dst);
		st = dst ? U_ZERO_ERROR : U_MEMORY_ALLOCATION_ERROR;
		if (dst)
			n = fn(ctx, src, len, dst, n + 1, &st);
	}
	if (src != sbuf)
		free(src);
	if (U_FAILURE(st)) {
		if (dst != dbuf)
			free(dst);
		kit_icu_check(J, st, what);
	}
	if (dst == dbuf)
		kit_intl_push_u16(J, dst, n);
	else
		push_u16_owned(J, dst, n);
}

static int32_t normalize_with(const void *ctx, const UChar *src, int32_t len, UChar *dst, int32_t cap, UErrorCode *st)
{
	return icu_unorm2_normalize(ctx, src, len, dst, cap, st);
}

static void normalize(js_State *J)
{
	const char *s = this_string(J, "normalize");
	const char *form = js_isundefined(J, 1) ? "NFC" : js_tostring(J, 1);
	int which = !strcmp(form, "NFC") ? 0 : !strcmp(form, "NFD") ? 1 : !strcmp(form, "NFKC") ? 2
		: !strcmp(form, "NFKD") ? 3 : -1;
	if (which < 0)
		js_rangeerror(J, "The normalization form should be one of NFC, NFD, NFKC, NFKD.");
	if (kit_intl_is_ascii(s)) {
		js_pushstring(J, s);
		return;
	}
	kit_icu_need(J, &table);
	UErrorCode st = U_ZERO_ERROR;
	const UNormalizer2 *n = which == 0 ? icu_unorm2_getNFCInstance(&st)
		: which == 1 ? icu_unorm2_getNFDInstance(&st)
		: which == 2 ? icu_unorm2_getNFKCInstance(&st)
		: icu_unorm2_getNFKDInstance(&st);
	kit_icu_check(J, st, "normalize");
	push_transformed(J, s, normalize_with, n, "normalize");
}

static int32_t upper_with(const void *ctx, const UChar *src, int32_t len, UChar *dst, int32_t cap, UErrorCode *st)
{
	return icu_u_strToUpper(dst, cap, src, len, ctx, st);
}

static int32_t lower_with(const void *ctx, const UChar *src, int32_t len, UChar *dst, int32_t cap, UErrorCode *st)
{
	return icu_u_strToLower(dst, cap, src, len, ctx, st);
}

/* toLocaleUpperCase/toLocaleLowerCase(locales): the first requested
 * locale's language (or the default's); az, el, lt and tr map through ICU,
 * every other language as toUpperCase/toLowerCase */
static void convert_case(js_State *J, int upper)
{
	const char *method = upper ? "toLocaleUpperCase" : "toLocaleLowerCase";
	const char *s = this_string(J, method);
	char lang[KIT_INTL_TAG_MAX] = "";
	if (js_isdefined(J, 1)) {
		kit_intl_canonical_list(J, 1);
		if (js_getlength(J, -1) > 0) {
			js_getindex(J, -1, 0);
			snprintf(lang, sizeof lang, "%s", js_tostring(J, -1));
			js_pop(J, 1);
		}
		js_pop(J, 1);
	}
	if (!lang[0] && js_isdefined(J, 1))
		snprintf(lang, sizeof lang, "%s", kit_intl_default_locale(J));
	char *dash = strchr(lang, '-');
	if (dash)
		*dash = '\0';
	/* ASCII maps the same in every language but tr and az (I, i) */
	int special = !strcmp(lang, "az") || !strcmp(lang, "el") || !strcmp(lang, "lt") || !strcmp(lang, "tr");
	if (!special && kit_intl_is_ascii(s)) {
		js_pushstring(J, s);
		js_getproperty(J, -1, upper ? "toUpperCase" : "toLowerCase");
		js_rot2(J);
		js_call(J, 0);
		return;
	}
	kit_icu_need(J, &table);
	push_transformed(J, s, upper ? upper_with : lower_with, special ? lang : "", method);
}

static void to_locale_upper(js_State *J)
{
	convert_case(J, 1);
}

static void to_locale_lower(js_State *J)
{
	convert_case(J, 0);
}

void kit_intl_text_install(js_State *J)
{
	js_getglobal(J, "String");
	js_getproperty(J, -1, "prototype");
	kit_intl_method(J, normalize, "normalize", 0);
	kit_intl_method(J, to_locale_upper, "toLocaleUpperCase", 0);
	kit_intl_method(J, to_locale_lower, "toLocaleLowerCase", 0);
	js_pop(J, 2);
	/* in V8's order of Intl's keys */
	kit_intl_values_install(J);
	kit_intl_collator_install(J);
	kit_intl_list_install(J);
	kit_intl_locale_install(J);
	kit_intl_displaynames_install(J);
	kit_intl_segmenter_install(J);
}
