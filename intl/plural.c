/* plural.c — Intl.PluralRules over ICU's plural rules.
 *
 * As V8 does, select(n) formats n with the digit options (a number
 * formatter for the skeleton number.c builds) and asks the rules for the
 * formatted number's category, so that 1.0 with minimumFractionDigits 1 is
 * "other" in English; selectRange asks them for a formatted range. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>

#include "intl/intl.h"
#include "intl/number.h"

KIT_ICU_DECL(uplrules_openForType);
KIT_ICU_DECL(uplrules_close);
KIT_ICU_DECL(uplrules_selectFormatted);
KIT_ICU_DECL(uplrules_selectForRange);
KIT_ICU_DECL(uplrules_getKeywords);
KIT_ICU_DECL(uenum_next);
KIT_ICU_DECL(uenum_close);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(unumf_openResult);
KIT_ICU_DECL(unumf_close);
KIT_ICU_DECL(unumf_closeResult);
KIT_ICU_DECL(unumrf_openResult);
KIT_ICU_DECL(unumrf_formatDoubleRange);
KIT_ICU_DECL(unumrf_close);
KIT_ICU_DECL(unumrf_closeResult);
KIT_ICU_DECL(u_austrncpy);
KIT_ICU_DECL(ures_openDirect);
KIT_ICU_DECL(ures_getByKey);
KIT_ICU_DECL(ures_close);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(uplrules_openForType), KIT_ICU_SYM(uplrules_close),     KIT_ICU_SYM(uplrules_selectFormatted),
	KIT_ICU_SYM(uplrules_selectForRange), KIT_ICU_SYM(uplrules_getKeywords), KIT_ICU_SYM(uenum_next),
	KIT_ICU_SYM(uenum_close),          KIT_ICU_SYM(uloc_forLanguageTag), KIT_ICU_SYM(unumf_openResult),
	KIT_ICU_SYM(unumf_close),          KIT_ICU_SYM(unumf_closeResult),   KIT_ICU_SYM(unumrf_openResult),
	KIT_ICU_SYM(unumrf_formatDoubleRange), KIT_ICU_SYM(unumrf_close),    KIT_ICU_SYM(unumrf_closeResult),
	KIT_ICU_SYM(u_austrncpy),          KIT_ICU_SYM(ures_openDirect),     KIT_ICU_SYM(ures_getByKey),
	KIT_ICU_SYM(ures_close),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define SERVICE "Intl.PluralRules"
#define PROTO "kit.intl.PluralRules.prototype"

static const char *const types[] = { "cardinal", "ordinal", NULL };

typedef struct pr {
	UPluralRules *rules;
	UNumberFormatter *uf;
	UNumberRangeFormatter *urf;
	UFormattedNumber *result;
	char locale[KIT_INTL_TAG_MAX];
	char icu_locale[KIT_INTL_TAG_MAX + 32];
	char skeleton[256];
	int type;
	kit_intl_digits digits;
} pr;

static void pr_free(js_State *J, void *p)
{
	(void)J;
	pr *r = p;
	if (r->result)
		icu_unumf_closeResult(r->result);
	if (r->uf)
		icu_unumf_close(r->uf);
	if (r->urf)
		icu_unumrf_close(r->urf);
	if (r->rules)
		icu_uplrules_close(r->rules);
	free(r);
}

/* 1 when ICU has plural rules of its own for tag (ICU's plurals data
 * names en and pt_PT, not en_IN) */
static int has_rules(UResourceBundle *locales, const char *tag)
{
	char id[KIT_INTL_TAG_MAX];
	snprintf(id, sizeof id, "%s", tag);
	for (char *p = id; *p; p++)
		if (*p == '-')
			*p = '_';
	UErrorCode st = U_ZERO_ERROR;
	UResourceBundle *r = icu_ures_getByKey(locales, id, NULL, &st);
	if (r)
		icu_ures_close(r);
	return U_SUCCESS(st);
}

/* ResolveLocale as V8 does it for PluralRules: among the locales ICU has
 * plural rules for (so en-IN resolves to en), else the default locale */
static void resolve_plural_locale(js_State *J, char out[KIT_INTL_TAG_MAX])
{
	kit_intl_canonical_list(J, 1);
	UErrorCode st = U_ZERO_ERROR;
	UResourceBundle *root = icu_ures_openDirect(NULL, "plurals", &st);
	UResourceBundle *locales = icu_ures_getByKey(root, "locales", NULL, &st);
	int n = js_getlength(J, -1), found = 0;
	for (int i = 0; i < n && !found && U_SUCCESS(st); i++) {
		js_getindex(J, -1, i);
		snprintf(out, KIT_INTL_TAG_MAX, "%s", js_tostring(J, -1));
		js_pop(J, 1);
		char *ext = strstr(out, "-u-");
		if (ext)
			*ext = '\0';
		for (;;) {
			if (has_rules(locales, out)) {
				found = 1;
				break;
			}
			char *dash = strrchr(out, '-');
			if (!dash)
				break;
			*dash = '\0';
			if (dash - out >= 2 && dash[-2] == '-')
				dash[-2] = '\0';
		}
	}
	if (locales)
		icu_ures_close(locales);
	if (root)
		icu_ures_close(root);
	js_pop(J, 1);
	if (!found)
		snprintf(out, KIT_INTL_TAG_MAX, "%s", kit_intl_default_locale(J));
}

static void pr_init(js_State *J, pr *r)
{
	kit_icu_need(J, &table);
	kit_intl_number_need(J);
	int opts = kit_intl_constructor_options(J, 1, 2, SERVICE, kit_intl_options);
	r->type = kit_intl_option_enum(J, opts, SERVICE, "type", types, 0);
	r->digits.increment = 1;
	r->digits.mode = 6; /* halfExpand */
	kit_intl_digits_read(J, opts, &r->digits, 0, 3, 0);
	js_pop(J, 1);
	resolve_plural_locale(J, r->locale);
	int32_t parsed = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(r->locale, r->icu_locale, (int32_t)sizeof r->icu_locale, &parsed, &st);
	kit_icu_check(J, st, "uloc_forLanguageTag");
	r->rules = icu_uplrules_openForType(r->icu_locale, r->type ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL,
					    &st);
	kit_icu_check(J, st, "uplrules_openForType");
	r->skeleton[0] = '\0';
	kit_intl_digits_skeleton(&r->digits, r->skeleton, sizeof r->skeleton);
	r->uf = kit_intl_open_formatter(J, r->skeleton + 1, r->icu_locale);
	r->result = icu_unumf_openResult(&st);
	kit_icu_check(J, st, "unumf_openResult");
}

static void pr_construct(js_State *J)
{
	pr *r = kit_intl_calloc(J, sizeof *r);
	if (js_try(J)) {
		pr_free(J, r);
		js_throw(J);
	}
	pr_init(J, r);
	js_endtry(J);
	js_getregistry(J, PROTO);
	js_newuserdata(J, SERVICE, r, pr_free);
}

static void pr_call(js_State *J)
{
	js_typeerror(J, "Constructor Intl.PluralRules requires 'new'");
}

static void push_keyword(js_State *J, const UChar *kw, int32_t len, UErrorCode st)
{
	kit_icu_check(J, st, "uplrules_select");
	char out[32];
	if (len >= (int32_t)sizeof out)
		len = (int32_t)sizeof out - 1;
	icu_u_austrncpy(out, kw, len);
	out[len] = '\0';
	js_pushstring(J, out);
}

static void select_(js_State *J)
{
	pr *r = kit_intl_this_repr(J, SERVICE, "Intl.PluralRules.prototype.select");
	kit_intl_number v;
	v.dec = NULL;
	v.d = js_tonumber(J, 1);
	UErrorCode st = U_ZERO_ERROR;
	kit_intl_format_into(r->uf, &v, r->result, &st);
	kit_icu_check(J, st, "unumf_format");
	UChar kw[32];
	int32_t len = icu_uplrules_selectFormatted(r->rules, r->result, kw, 32, &st);
	push_keyword(J, kw, len, st);
}

static void select_range(js_State *J)
{
	pr *r = kit_intl_this_repr(J, SERVICE, "Intl.PluralRules.prototype.selectRange");
	if (js_isundefined(J, 1))
		js_typeerror(J, "Invalid startRange : undefined");
	if (js_isundefined(J, 2))
		js_typeerror(J, "Invalid endRange : undefined");
	double x = js_tonumber(J, 1), y = js_tonumber(J, 2);
	if (x != x)
		js_rangeerror(J, "Invalid startRange : NaN");
	if (y != y)
		js_rangeerror(J, "Invalid endRange : NaN");
	if (!r->urf)
		r->urf = kit_intl_open_range_formatter(J, r->skeleton + 1, r->icu_locale);
	UErrorCode st = U_ZERO_ERROR;
	UFormattedNumberRange *res = icu_unumrf_openResult(&st);
	kit_icu_check(J, st, "unumrf_openResult");
	icu_unumrf_formatDoubleRange(r->urf, x, y, res, &st);
	UChar kw[32];
	int32_t len = U_SUCCESS(st) ? icu_uplrules_selectForRange(r->rules, res, kw, 32, &st) : 0;
	icu_unumrf_closeResult(res);
	push_keyword(J, kw, len, st);
}

static void resolved_options(js_State *J)
{
	pr *r = kit_intl_this_repr(J, SERVICE, "Intl.PluralRules.prototype.resolvedOptions");
	const kit_intl_digits *d = &r->digits;
	js_newobject(J);
	kit_intl_set_string(J, "locale", r->locale);
	kit_intl_set_string(J, "type", types[r->type]);
	kit_intl_set_number(J, "minimumIntegerDigits", d->mnid);
	/* V8 gives one pair: the significant digits when they round */
	if (d->type == KIT_ROUND_FRACTION) {
		kit_intl_set_number(J, "minimumFractionDigits", d->mnfd);
		kit_intl_set_number(J, "maximumFractionDigits", d->mxfd);
	} else {
		kit_intl_set_number(J, "minimumSignificantDigits", d->mnsd);
		kit_intl_set_number(J, "maximumSignificantDigits", d->mxsd);
	}
	/* pluralCategories in ICU's order, as V8 gives them */
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_uplrules_getKeywords(r->rules, &st);
	kit_icu_check(J, st, "uplrules_getKeywords");
	js_newarray(J);
	const char *kw;
	int32_t len, k = 0;
	while ((kw = icu_uenum_next(e, &len, &st)) && U_SUCCESS(st)) {
		js_pushstring(J, kw);
		js_setindex(J, -2, k++);
	}
	icu_uenum_close(e);
	js_setproperty(J, -2, "pluralCategories");
}

static void supported_locales_of(js_State *J)
{
	kit_intl_supported_locales_of(J);
}

void kit_intl_plural_install(js_State *J)
{
	/* the constructor first: "constructor" is the prototype's first key, as in V8 */
	js_newobject(J);
	js_newcconstructor(J, pr_call, pr_construct, SERVICE, 0);
	kit_intl_method(J, supported_locales_of, "supportedLocalesOf", 1);
	js_getproperty(J, -1, "prototype");
	kit_intl_to_string_tag(J, -1, SERVICE);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, select_, "select", 1);
	kit_intl_method(J, select_range, "selectRange", 2);
	js_setregistry(J, PROTO);
	js_defproperty(J, -2, "PluralRules", JS_DONTENUM);
}
