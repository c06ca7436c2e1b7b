/* reltime.c — Intl.RelativeTimeFormat over ICU's ureldatefmt ("in 3 days",
 * "yesterday"), as V8 builds it: the locale's relative-time formatter in the
 * style's width, numeric:"always" through formatNumeric, "auto" through
 * format (which knows "tomorrow"); formatToParts gives the number's parts
 * (integer, group, decimal, fraction) with the unit, and the text around
 * them as literals. */
#include "intl/intl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uformattedvalue.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumsys.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>

#include "intl/icu.h"

KIT_ICU_DECL(ureldatefmt_open);
KIT_ICU_DECL(ureldatefmt_close);
KIT_ICU_DECL(ureldatefmt_openResult);
KIT_ICU_DECL(ureldatefmt_closeResult);
KIT_ICU_DECL(ureldatefmt_resultAsValue);
KIT_ICU_DECL(ureldatefmt_formatNumericToResult);
KIT_ICU_DECL(ureldatefmt_formatToResult);
KIT_ICU_DECL(ufmtval_getString);
KIT_ICU_DECL(ufmtval_nextPosition);
KIT_ICU_DECL(ucfpos_open);
KIT_ICU_DECL(ucfpos_close);
KIT_ICU_DECL(ucfpos_getCategory);
KIT_ICU_DECL(ucfpos_getField);
KIT_ICU_DECL(ucfpos_getIndexes);
KIT_ICU_DECL(unumsys_open);
KIT_ICU_DECL(unumsys_openByName);
KIT_ICU_DECL(unumsys_getName);
KIT_ICU_DECL(unumsys_isAlgorithmic);
KIT_ICU_DECL(unumsys_close);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(u_strToUTF8);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(ureldatefmt_open),
	KIT_ICU_SYM(ureldatefmt_close),
	KIT_ICU_SYM(ureldatefmt_openResult),
	KIT_ICU_SYM(ureldatefmt_closeResult),
	KIT_ICU_SYM(ureldatefmt_resultAsValue),
	KIT_ICU_SYM(ureldatefmt_formatNumericToResult),
	KIT_ICU_SYM(ureldatefmt_formatToResult),
	KIT_ICU_SYM(ufmtval_getString),
	KIT_ICU_SYM(ufmtval_nextPosition),
	KIT_ICU_SYM(ucfpos_open),
	KIT_ICU_SYM(ucfpos_close),
	KIT_ICU_SYM(ucfpos_getCategory),
	KIT_ICU_SYM(ucfpos_getField),
	KIT_ICU_SYM(ucfpos_getIndexes),
	KIT_ICU_SYM(unumsys_open),
	KIT_ICU_SYM(unumsys_openByName),
	KIT_ICU_SYM(unumsys_getName),
	KIT_ICU_SYM(unumsys_isAlgorithmic),
	KIT_ICU_SYM(unumsys_close),
	KIT_ICU_SYM(uloc_forLanguageTag),
	KIT_ICU_SYM(u_strToUTF8),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.RelativeTimeFormat"
#define PROTO "kit.intl.RelativeTimeFormat.prototype"

static const char *const styles[] = { "long", "short", "narrow", NULL };
static const char *const numerics[] = { "always", "auto", NULL };

typedef struct rtf {
	URelativeDateTimeFormatter *fmt;
	char locale[KIT_INTL_TAG_MAX];
	char nu[32];
	int style, numeric;
} rtf;

static void rtf_free(js_State *J, void *data)
{
	rtf *r = data;
	if (r->fmt)
		icu_ureldatefmt_close(r->fmt);
	free(r);
}

static int valid_numbering(const char *nu)
{
	if (!kit_intl_is_type(nu) || !strcmp(nu, "native") || !strcmp(nu, "traditio") || !strcmp(nu, "finance"))
		return 0;
	UErrorCode st = U_ZERO_ERROR;
	UNumberingSystem *ns = icu_unumsys_openByName(nu, &st);
	if (U_FAILURE(st) || !ns)
		return 0;
	int ok = !icu_unumsys_isAlgorithmic(ns);
	icu_unumsys_close(ns);
	return ok;
}

static void constructor(js_State *J)
{
	kit_icu_need(J, &table);
	kit_intl_canonical_list(J, 1);
	int list = js_gettop(J) - 1;
	int opts = kit_intl_options(J, 2);
	kit_intl_option_matcher(J, opts, TAG);
	char nu_opt[64] = "";
	if (kit_intl_option_string(J, opts, "numberingSystem", nu_opt, sizeof nu_opt) && !kit_intl_is_type(nu_opt))
		js_rangeerror(J, "Invalid numberingSystem : %s", nu_opt);
	char base[KIT_INTL_TAG_MAX], ext[KIT_INTL_TAG_MAX], nu_key[64] = "", nu[64] = "";
	kit_intl_resolve(J, list, base, ext);
	int keep_nu = kit_intl_unicode_key(ext, "nu", nu_key, sizeof nu_key) && valid_numbering(nu_key);
	if (keep_nu)
		memcpy(nu, nu_key, sizeof nu);
	if (nu_opt[0] && keep_nu && strcmp(nu_opt, nu_key)) {
		keep_nu = 0;
		nu[0] = '\0';
	}
	if (nu_opt[0] && valid_numbering(nu_opt))
		memcpy(nu, nu_opt, sizeof nu);
	int style = kit_intl_option_enum(J, opts, TAG, "style", styles, 0);
	int numeric = kit_intl_option_enum(J, opts, TAG, "numeric", numerics, 0);

	char tag[KIT_INTL_TAG_MAX * 2], id[ULOC_FULLNAME_CAPACITY];
	snprintf(tag, sizeof tag, "%s%s%s", base, nu[0] ? "-u-nu-" : "", nu);
	UErrorCode st = U_ZERO_ERROR;
	int32_t parsed = 0;
	icu_uloc_forLanguageTag(tag, id, sizeof id, &parsed, &st);
	kit_icu_check(J, st, "uloc_forLanguageTag");
	static const UDateRelativeDateTimeFormatterStyle widths[] = { UDAT_STYLE_LONG, UDAT_STYLE_SHORT,
								       UDAT_STYLE_NARROW };
	st = U_ZERO_ERROR;
	URelativeDateTimeFormatter *f = icu_ureldatefmt_open(id, NULL, widths[style], UDISPCTX_CAPITALIZATION_NONE, &st);
	kit_icu_check(J, st, "ureldatefmt_open");
	rtf *r = calloc(1, sizeof *r);
	if (!r) {
		icu_ureldatefmt_close(f);
		js_error(J, "out of memory");
	}
	r->fmt = f;
	r->style = style;
	r->numeric = numeric;
	snprintf(tag, sizeof tag, "%s%s%s", base, keep_nu ? "-u-nu-" : "", keep_nu ? nu_key : "");
	memcpy(r->locale, tag, sizeof r->locale - 1);
	st = U_ZERO_ERROR;
	UNumberingSystem *ns = icu_unumsys_open(id, &st);
	snprintf(r->nu, sizeof r->nu, "%s", U_SUCCESS(st) && ns ? icu_unumsys_getName(ns) : "latn");
	if (ns)
		icu_unumsys_close(ns);
	js_pop(J, 2);
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, r, rtf_free);
}

static void call_without_new(js_State *J)
{
	js_typeerror(J, "Constructor Intl.RelativeTimeFormat requires 'new'");
}

static rtf *this_rtf(js_State *J, const char *method)
{
	if (!js_isuserdata(J, 0, TAG))
		js_typeerror(J, "Method Intl.RelativeTimeFormat.prototype.%s called on incompatible receiver",
			     method);
	return js_touserdata(J, 0, TAG);
}

static const char *const units[] = { "second", "minute", "hour", "day", "week", "month", "quarter", "year", NULL };
static const URelativeDateTimeUnit icu_units[] = { UDAT_REL_UNIT_SECOND, UDAT_REL_UNIT_MINUTE, UDAT_REL_UNIT_HOUR,
						    UDAT_REL_UNIT_DAY,	  UDAT_REL_UNIT_WEEK,	UDAT_REL_UNIT_MONTH,
						    UDAT_REL_UNIT_QUARTER, UDAT_REL_UNIT_YEAR };

static void push_u16(js_State *J, const UChar *s, int32_t len)
{
	char buf[1024];
	int32_t need = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_u_strToUTF8(buf, sizeof buf, &need, s, len, &st);
	if (U_FAILURE(st) || need >= (int32_t)sizeof buf)
		need = 0;
	buf[need] = '\0';
	js_pushstring(J, buf);
}

static void add_part(js_State *J, int *n, const char *type, const UChar *s, int32_t len, const char *unit)
{
	if (len <= 0)
		return;
	js_newobject(J);
	kit_intl_set_string(J, "type", type);
	push_u16(J, s, len);
	js_setproperty(J, -2, "value");
	if (unit) {
		kit_intl_set_string(J, "unit", unit);
	}
	js_setindex(J, -2, (*n)++);
}

static const char *number_type(int field)
{
	switch (field) {
	case UNUM_INTEGER_FIELD: return "integer";
	case UNUM_FRACTION_FIELD: return "fraction";
	case UNUM_DECIMAL_SEPARATOR_FIELD: return "decimal";
	case UNUM_GROUPING_SEPARATOR_FIELD: return "group";
	case UNUM_SIGN_FIELD: return "minusSign";
	case UNUM_PERCENT_FIELD: return "percentSign";
	case UNUM_EXPONENT_SYMBOL_FIELD: return "exponentSeparator";
	case UNUM_EXPONENT_FIELD: return "exponentInteger";
	case UNUM_COMPACT_FIELD: return "compact";
	case UNUM_MEASURE_UNIT_FIELD: return "unit";
	default: return "literal";
	}
}

static void format(js_State *J, int parts)
{
	rtf *r = this_rtf(J, parts ? "formatToParts" : "format");
	double v = js_tonumber(J, 1);
	const char *u = js_tostring(J, 2);
	if (!isfinite(v))
		js_rangeerror(J, "Value need to be finite number for Intl.RelativeTimeFormat.prototype.%s()", parts ? "formatToParts" : "format");
	int unit = -1;
	size_t ul = strlen(u);
	for (int i = 0; units[i] && unit < 0; i++) {
		size_t l = strlen(units[i]);
		if (!strcmp(u, units[i]) || (ul == l + 1 && !strncmp(u, units[i], l) && u[l] == 's'))
			unit = i;
	}
	if (unit < 0)
		js_rangeerror(J, "Invalid unit argument for Intl.RelativeTimeFormat.prototype.%s() '%s'", parts ? "formatToParts" : "format", u);
	UErrorCode st = U_ZERO_ERROR;
	UFormattedRelativeDateTime *res = icu_ureldatefmt_openResult(&st);
	kit_icu_check(J, st, "ureldatefmt_openResult");
	UConstrainedFieldPosition *pos = NULL;
	if (js_try(J)) {
		if (pos)
			icu_ucfpos_close(pos);
		icu_ureldatefmt_closeResult(res);
		js_throw(J);
	}
	if (r->numeric)
		icu_ureldatefmt_formatToResult(r->fmt, v, icu_units[unit], res, &st);
	else
		icu_ureldatefmt_formatNumericToResult(r->fmt, v, icu_units[unit], res, &st);
	kit_icu_check(J, st, "ureldatefmt_format");
	const UFormattedValue *val = icu_ureldatefmt_resultAsValue(res, &st);
	int32_t len = 0;
	const UChar *text = icu_ufmtval_getString(val, &len, &st);
	kit_icu_check(J, st, "ufmtval_getString");
	if (!parts) {
		push_u16(J, text, len);
	} else {
		pos = icu_ucfpos_open(&st);
		kit_icu_check(J, st, "ucfpos_open");
		/* the number's fields; group separators cut the integer */
		int32_t gb[32], ge[32], fb[32], fe[32];
		int ff[32], ng = 0, nf = 0;
		while (icu_ufmtval_nextPosition(val, pos, &st) && U_SUCCESS(st)) {
			int32_t b, e;
			icu_ucfpos_getIndexes(pos, &b, &e, &st);
			if (icu_ucfpos_getCategory(pos, &st) != UFIELD_CATEGORY_NUMBER)
				continue;
			int field = icu_ucfpos_getField(pos, &st);
			if (field == UNUM_GROUPING_SEPARATOR_FIELD) {
				if (ng < 32) {
					gb[ng] = b;
					ge[ng++] = e;
				}
			} else if (nf < 32) {
				fb[nf] = b;
				fe[nf] = e;
				ff[nf++] = field;
			}
		}
		js_newarray(J);
		int n = 0;
		int32_t at = 0;
		for (int i = 0; i < nf; i++) {
			int32_t b = fb[i];
			if (b > at)
				add_part(J, &n, "literal", text + at, b - at, NULL);
			if (ff[i] == UNUM_INTEGER_FIELD) {
				for (int g = 0; g < ng; g++) {
					if (gb[g] > b && ge[g] <= fe[i]) {
						add_part(J, &n, "integer", text + b, gb[g] - b, units[unit]);
						add_part(J, &n, "group", text + gb[g], ge[g] - gb[g], units[unit]);
						b = ge[g];
					}
				}
			}
			add_part(J, &n, number_type(ff[i]), text + b, fe[i] - b, units[unit]);
			at = fe[i];
		}
		if (at < len)
			add_part(J, &n, "literal", text + at, len - at, NULL);
	}
	js_endtry(J);
	if (pos)
		icu_ucfpos_close(pos);
	icu_ureldatefmt_closeResult(res);
}

static void p_format(js_State *J)
{
	format(J, 0);
}

static void p_format_to_parts(js_State *J)
{
	format(J, 1);
}

static void p_resolved_options(js_State *J)
{
	rtf *r = this_rtf(J, "resolvedOptions");
	js_newobject(J);
	kit_intl_set_string(J, "locale", r->locale);
	kit_intl_set_string(J, "style", styles[r->style]);
	kit_intl_set_string(J, "numeric", numerics[r->numeric]);
	kit_intl_set_string(J, "numberingSystem", r->nu);
}

void kit_intl_reltime_install(js_State *J)
{
	js_newobject(J);
	js_pushundefined(J);
	js_defproperty(J, -2, "constructor", JS_DONTENUM);
	kit_intl_method(J, p_resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, p_format, "format", 2);
	kit_intl_method(J, p_format_to_parts, "formatToParts", 2);
	kit_intl_to_string_tag(J, -1, TAG);
	js_copy(J, -1);
	js_setregistry(J, PROTO);
	js_newcconstructor(J, call_without_new, constructor, "RelativeTimeFormat", 0);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "RelativeTimeFormat", JS_DONTENUM);
}
