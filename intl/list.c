/* list.c — Intl.ListFormat over ICU's ulistformatter, as V8 has it: format
 * and formatToParts take any iterable of strings, read by a small JS
 * function compiled once per state (text.c's kit_intl_string_list). */
#include "intl/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uformattedvalue.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(ulistfmt_openForType);
KIT_ICU_DECL(ulistfmt_close);
KIT_ICU_DECL(ulistfmt_openResult);
KIT_ICU_DECL(ulistfmt_closeResult);
KIT_ICU_DECL(ulistfmt_formatStringsToResult);
KIT_ICU_DECL(ulistfmt_resultAsValue);
KIT_ICU_DECL(ufmtval_getString);
KIT_ICU_DECL(ufmtval_nextPosition);
KIT_ICU_DECL(ucfpos_open);
KIT_ICU_DECL(ucfpos_close);
KIT_ICU_DECL(ucfpos_constrainField);
KIT_ICU_DECL(ucfpos_getIndexes);
KIT_ICU_DECL(uloc_forLanguageTag);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(ulistfmt_openForType),   KIT_ICU_SYM(ulistfmt_close),
	KIT_ICU_SYM(ulistfmt_openResult),    KIT_ICU_SYM(ulistfmt_closeResult),
	KIT_ICU_SYM(ulistfmt_formatStringsToResult), KIT_ICU_SYM(ulistfmt_resultAsValue),
	KIT_ICU_SYM(ufmtval_getString),      KIT_ICU_SYM(ufmtval_nextPosition),
	KIT_ICU_SYM(ucfpos_open),            KIT_ICU_SYM(ucfpos_close),
	KIT_ICU_SYM(ucfpos_constrainField),  KIT_ICU_SYM(ucfpos_getIndexes),
	KIT_ICU_SYM(uloc_forLanguageTag),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.ListFormat"
#define PROTO "kit.intl.ListFormat"

static const char *const types[] = { "conjunction", "disjunction", "unit", NULL };
static const char *const styles[] = { "long", "short", "narrow", NULL };

typedef struct list_format {
	UListFormatter *fmt;
	int type, style;
	char locale[KIT_INTL_TAG_MAX];
} list_format;

static void finalize(js_State *J, void *data)
{
	(void)J;
	list_format *f = data;
	if (f->fmt)
		icu_ulistfmt_close(f->fmt);
	free(f);
}

static void construct(js_State *J)
{
	kit_icu_need(J, &table);
	int opts = kit_intl_constructor_options(J, 1, 2, TAG, kit_intl_options_object);
	int type = kit_intl_option_enum(J, opts, TAG, "type", types, 0);
	int style = kit_intl_option_enum(J, opts, TAG, "style", styles, 0);
	list_format *f = kit_intl_calloc(J, sizeof *f);
	f->type = type;
	f->style = style;
	kit_intl_resolve(J, 1, f->locale, NULL);
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, f, finalize);
	char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(f->locale, id, (int32_t)sizeof id, NULL, &st);
	static const UListFormatterType utypes[] = { ULISTFMT_TYPE_AND, ULISTFMT_TYPE_OR, ULISTFMT_TYPE_UNITS };
	static const UListFormatterWidth widths[] = { ULISTFMT_WIDTH_WIDE, ULISTFMT_WIDTH_SHORT, ULISTFMT_WIDTH_NARROW };
	f->fmt = icu_ulistfmt_openForType(id, utypes[type], widths[style], &st);
	kit_icu_check(J, st, TAG);
}

static void call(js_State *J)
{
	js_typeerror(J, "Constructor Intl.ListFormat requires 'new'");
}

/* formats the list (an iterable at index 1) into result; the strings stay
 * in units/lens (freed by the caller through *block) */
static UFormattedList *format_list(js_State *J, list_format *f)
{
	kit_intl_string_list(J, 1);
	int n = js_getlength(J, -1);
	/* the strings as UTF-16, one block: pointers, lengths, then units */
	size_t total = 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		total += strlen(js_tostring(J, -1)) + 1;
		js_pop(J, 1);
	}
	size_t head = (size_t)n * (sizeof(UChar *) + sizeof(int32_t));
	head = (head + sizeof(UChar) - 1) / sizeof(UChar) * sizeof(UChar);
	char *block = malloc(head + total * sizeof(UChar) + 1);
	if (!block)
		js_error(J, "out of memory");
	const UChar **strs = (const UChar **)(void *)block;
	int32_t *lens = (int32_t *)(void *)(block + (size_t)n * sizeof(UChar *));
	UChar *units = (UChar *)(void *)(block + head);
	size_t used = 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		const char *s = js_tostring(J, -1);
		int32_t len;
		kit_intl_u16(s, units + used, (int32_t)(strlen(s) + 1), &len);
		strs[i] = units + used;
		lens[i] = len;
		used += (size_t)len + 1;
		js_pop(J, 1);
	}
	js_pop(J, 1);
	UErrorCode st = U_ZERO_ERROR;
	UFormattedList *r = icu_ulistfmt_openResult(&st);
	if (U_SUCCESS(st))
		icu_ulistfmt_formatStringsToResult(f->fmt, strs, lens, n, r, &st);
	free(block);
	if (U_FAILURE(st)) {
		if (r)
			icu_ulistfmt_closeResult(r);
		kit_icu_check(J, st, "format");
	}
	return r;
}

static void format(js_State *J)
{
	list_format *f = kit_intl_this(J, TAG, "Intl.ListFormat.prototype.format");
	UFormattedList *r = format_list(J, f);
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = 0;
	const UChar *s = icu_ufmtval_getString(icu_ulistfmt_resultAsValue(r, &st), &len, &st);
	if (U_FAILURE(st)) {
		icu_ulistfmt_closeResult(r);
		kit_icu_check(J, st, "format");
	}
	if (js_try(J)) {
		icu_ulistfmt_closeResult(r);
		js_throw(J);
	}
	kit_intl_push_u16(J, s, len);
	js_endtry(J);
	icu_ulistfmt_closeResult(r);
}

static void push_part(js_State *J, int *k, const char *type, const UChar *s, int32_t len)
{
	js_newobject(J);
	kit_intl_set_string(J, "type", type);
	kit_intl_push_u16(J, s, len);
	js_setproperty(J, -2, "value");
	js_setindex(J, -2, (*k)++);
}

static void format_to_parts(js_State *J)
{
	list_format *f = kit_intl_this(J, TAG, "Intl.ListFormat.prototype.formatToParts");
	UFormattedList *r = format_list(J, f);
	UErrorCode st = U_ZERO_ERROR;
	const UFormattedValue *v = icu_ulistfmt_resultAsValue(r, &st);
	int32_t len = 0;
	const UChar *s = icu_ufmtval_getString(v, &len, &st);
	UConstrainedFieldPosition *pos = icu_ucfpos_open(&st);
	if (U_FAILURE(st)) {
		if (pos)
			icu_ucfpos_close(pos);
		icu_ulistfmt_closeResult(r);
		kit_icu_check(J, st, "formatToParts");
	}
	if (js_try(J)) {
		icu_ucfpos_close(pos);
		icu_ulistfmt_closeResult(r);
		js_throw(J);
	}
	icu_ucfpos_constrainField(pos, UFIELD_CATEGORY_LIST, ULISTFMT_ELEMENT_FIELD, &st);
	js_newarray(J);
	int k = 0;
	int32_t at = 0, start, limit;
	while (icu_ufmtval_nextPosition(v, pos, &st) && U_SUCCESS(st)) {
		icu_ucfpos_getIndexes(pos, &start, &limit, &st);
		if (start > at)
			push_part(J, &k, "literal", s + at, start - at);
		push_part(J, &k, "element", s + start, limit - start);
		at = limit;
	}
	if (len > at)
		push_part(J, &k, "literal", s + at, len - at);
	js_endtry(J);
	icu_ucfpos_close(pos);
	icu_ulistfmt_closeResult(r);
}

static void resolved_options(js_State *J)
{
	list_format *f = kit_intl_this(J, TAG, "Intl.ListFormat.prototype.resolvedOptions");
	js_newobject(J);
	kit_intl_set_string(J, "locale", f->locale);
	kit_intl_set_string(J, "type", types[f->type]);
	kit_intl_set_string(J, "style", styles[f->style]);
}

void kit_intl_list_install(js_State *J)
{
	kit_intl_new_prototype(J, PROTO, TAG);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, format, "format", 1);
	kit_intl_method(J, format_to_parts, "formatToParts", 1);
	js_newcconstructor(J, call, construct, "ListFormat", 0);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "ListFormat", JS_DONTENUM);
}
