/* collator.c — Intl.Collator and String.prototype.localeCompare over ICU's
 * ucol (the object V8 uses), with V8's option handling.
 *
 * localeCompare(that) without locales or options is hot (`arr.sort((a, b)
 * => a.localeCompare(b))`): it uses one collator for the process's default
 * locale, opened on the first call and kept (a UCollator compares from any
 * thread), and compares mujs's UTF-8 directly unless a string holds a NUL
 * or a surrogate (mujs's own forms, which ICU's UTF-8 reader does not
 * take): no allocation, no conversion. localeCompare(that, "de") keeps
 * the collators of the last few locales strings likewise.
 *
 * A locale resolves among those with collation data of their own, keeping
 * the request's -u-co, -u-kf and -u-kn keys the locale supports; the
 * collator opens with a collation option in place of the tag's, and
 * resolvedOptions reads usage, collation and locale back from ICU's valid
 * locale, as V8 does (docs/intl.md "Text"). */
#include "intl/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucol.h>
#include <unicode/udata.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(ucol_open);
KIT_ICU_DECL(ucol_close);
KIT_ICU_DECL(ucol_setAttribute);
KIT_ICU_DECL(ucol_getAttribute);
KIT_ICU_DECL(ucol_strcoll);
KIT_ICU_DECL(ucol_strcollUTF8);
KIT_ICU_DECL(ucol_getKeywordValuesForLocale);
KIT_ICU_DECL(uenum_next);
KIT_ICU_DECL(uenum_close);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(uloc_toUnicodeLocaleType);
KIT_ICU_DECL(uloc_getDefault);
KIT_ICU_DECL(ures_open);
KIT_ICU_DECL(ures_close);
KIT_ICU_DECL(uloc_toLanguageTag);
KIT_ICU_DECL(uloc_setKeywordValue);
KIT_ICU_DECL(uloc_getKeywordValue);
KIT_ICU_DECL(ucol_getLocaleByType);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(ucol_open),
	KIT_ICU_SYM(ucol_close),
	KIT_ICU_SYM(ucol_setAttribute),
	KIT_ICU_SYM(ucol_getAttribute),
	KIT_ICU_SYM(ucol_strcoll),
	KIT_ICU_SYM(ucol_strcollUTF8),
	KIT_ICU_SYM(ucol_getKeywordValuesForLocale),
	KIT_ICU_SYM(uenum_next),
	KIT_ICU_SYM(uenum_close),
	KIT_ICU_SYM(uloc_forLanguageTag),
	KIT_ICU_SYM(uloc_toUnicodeLocaleType),
	KIT_ICU_SYM(uloc_getDefault),
	KIT_ICU_SYM(ures_open),
	KIT_ICU_SYM(ures_close),
	KIT_ICU_SYM(uloc_toLanguageTag),
	KIT_ICU_SYM(uloc_setKeywordValue),
	KIT_ICU_SYM(uloc_getKeywordValue),
	KIT_ICU_SYM(ucol_getLocaleByType),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.Collator"
#define PROTO "kit.intl.Collator"

typedef struct collator {
	int refs;  /* the instance, and its bound compare once made */
	UCollator *col;
	char locale[KIT_INTL_TAG_MAX * 2];  /* "" when ICU's valid locale says it */
	const char *compare_ref;  /* js_ref of the bound compare, or NULL */
} collator;

static void release(collator *c)
{
	if (--c->refs > 0)
		return;
	if (c->col)
		icu_ucol_close(c->col);
	free(c);
}

static void finalize(js_State *J, void *data)
{
	collator *c = data;
	if (c->compare_ref) {
		js_unref(J, c->compare_ref);
		c->compare_ref = NULL;
	}
	release(c);
}

static void finalize_compare(js_State *J, void *data)
{
	(void)J;
	release(data);
}

/* -1, 0 or 1 for a against b: UTF-8 straight to ICU unless a string holds
 * mujs's C0 80 (NUL) or a 3-byte surrogate (ED A0-BF) */
static int utf8_safe(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p == 0xC0 || (*p == 0xED && p[1] >= 0xA0))
			return 0;
	return 1;
}

static int compare(js_State *J, const UCollator *col, const char *a, const char *b)
{
	UErrorCode st = U_ZERO_ERROR;
	UCollationResult r;
	if (utf8_safe(a) && utf8_safe(b)) {
		r = icu_ucol_strcollUTF8(col, a, -1, b, -1, &st);
	} else {
		UChar abuf[128], bbuf[128];
		int32_t alen, blen;
		UChar *ua = kit_intl_u16(a, abuf, 128, &alen), *ub = kit_intl_u16(b, bbuf, 128, &blen);
		r = ua && ub ? icu_ucol_strcoll(col, ua, alen, ub, blen) : UCOL_EQUAL;
		if (!ua || !ub)
			st = U_MEMORY_ALLOCATION_ERROR;
		if (ua != abuf)
			free(ua);
		if (ub != bbuf)
			free(ub);
	}
	kit_icu_check(J, st, "compare");
	return r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0;
}

/* the collations ICU has for locale (BCP 47 names, without standard and
 * search, which a request cannot name); 1 when name is one */
static int collation_supported(const char *icu_locale, const char *name)
{
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_ucol_getKeywordValuesForLocale("collation", icu_locale, 0, &st);
	if (U_FAILURE(st))
		return 0;
	int found = 0;
	const char *v;
	while (!found && (v = icu_uenum_next(e, NULL, &st)) && U_SUCCESS(st)) {
		const char *bcp = icu_uloc_toUnicodeLocaleType("co", v);
		if (!bcp)
			bcp = v;
		if (strcmp(bcp, "standard") && strcmp(bcp, "search") && !strcmp(bcp, name))
			found = 1;
	}
	icu_uenum_close(e);
	return found;
}

static void icu_id(js_State *J, const char *tag, char *id, int32_t cap)
{
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(tag, id, cap, NULL, &st);
	kit_icu_check(J, st, "Intl.Collator");
}

/* Collator's available locales are those with collation data of their
 * own, as V8 builds its set (`de-DE` resolves to `de`, `en-GB` to `en`,
 * `en-US` and `zh-TW` stay): tag shortened until ICU's collation tree has
 * a bundle for it */
static void collation_locale(js_State *J, char tag[KIT_INTL_TAG_MAX])
{
	for (;;) {
		char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
		icu_id(J, tag, id, (int32_t)sizeof id);
		UErrorCode st = U_ZERO_ERROR;
		UResourceBundle *b = icu_ures_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "coll", id, &st);
		int own = b && st == U_ZERO_ERROR;
		if (b)
			icu_ures_close(b);
		char *dash = strrchr(tag, '-');
		if (own || !dash)
			return;
		*dash = '\0';
		if (dash - tag >= 2 && dash[-2] == '-')
			dash[-2] = '\0';
	}
}

/* base plus -u- keys co, kf, kn (those not empty), alphabetical as V8
 * prints them; kn "true" is the key alone */
static void with_keys(char *out, size_t n, const char *base, const char *co, const char *kf, const char *kn)
{
	snprintf(out, n, "%s%s%s%s%s%s%s%s", base, co[0] || kf[0] || kn[0] ? "-u" : "", co[0] ? "-co-" : "", co,
		 kf[0] ? "-kf-" : "", kf, kn[0] ? "-kn" : "", !strcmp(kn, "false") ? "-false" : "");
}

static const char *const usages[] = { "sort", "search", NULL };
static const char *const case_firsts[] = { "upper", "lower", "false", NULL };
static const char *const sensitivities[] = { "base", "accent", "case", "variant", NULL };

/* pushes a new Intl.Collator for the locales and options at those indices */
static collator *create(js_State *J, int locales, int options)
{
	kit_icu_need(J, &table);
	kit_intl_canonical_list(J, locales);
	int requested = js_getlength(J, -1);
	js_pop(J, 1);
	int opts = kit_intl_options(J, options);
	int search = kit_intl_option_enum(J, opts, TAG, "usage", usages, 0);
	kit_intl_option_matcher(J, opts, TAG);
	char co_opt[64] = "";
	if (kit_intl_option_string(J, opts, "collation", co_opt, sizeof co_opt) && !kit_intl_is_type(co_opt))
		js_rangeerror(J, "Invalid collation : %s", co_opt);
	int numeric = kit_intl_option_bool(J, opts, "numeric", -1);
	int case_first = kit_intl_option_enum(J, opts, TAG, "caseFirst", case_firsts, -1);

	char base[KIT_INTL_TAG_MAX], ext[KIT_INTL_TAG_MAX];
	kit_intl_resolve(J, locales, base, ext);
	/* V8 takes the default locale as it is (`de-DE` under LANG=de_DE) */
	if (requested)
		collation_locale(J, base);
	char base_id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	icu_id(J, base, base_id, (int32_t)sizeof base_id);

	/* ResolveLocale: the request's co, kf and kn keys that the locale
	 * supports stay in the locale (V8 keeps them whatever the options) */
	char co[64] = "", kf[64] = "", kn[64] = "", val[64];
	if (kit_intl_unicode_key(ext, "co", val, sizeof val) && collation_supported(base_id, val))
		snprintf(co, sizeof co, "%s", val);
	if (kit_intl_unicode_key(ext, "kf", val, sizeof val) &&
	    (!strcmp(val, "upper") || !strcmp(val, "lower") || !strcmp(val, "false")))
		snprintf(kf, sizeof kf, "%s", val);
	if (kit_intl_unicode_key(ext, "kn", val, sizeof val) && (!strcmp(val, "true") || !strcmp(val, "false")))
		snprintf(kn, sizeof kn, "%s", val);
	char resolved[KIT_INTL_TAG_MAX * 2];
	with_keys(resolved, sizeof resolved, base, co, kf, kn);

	/* the locale ICU's collator opens: a collation option replaces the
	 * request's (and is dropped when the locale has no such collation);
	 * the search usage is ICU's "search" collation */
	char open_co[64];
	snprintf(open_co, sizeof open_co, "%s", co);
	if (co_opt[0] && strcmp(co_opt, co))
		open_co[0] = '\0';
	if (search)
		snprintf(open_co, sizeof open_co, "search");
	else if (co_opt[0] && collation_supported(base_id, co_opt))
		snprintf(open_co, sizeof open_co, "%s", co_opt);
	char open_tag[KIT_INTL_TAG_MAX * 2];
	with_keys(open_tag, sizeof open_tag, base, open_co, kf, kn);

	collator *c = kit_intl_calloc(J, sizeof *c);
	c->refs = 1;
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, c, finalize);
	char open_id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	icu_id(J, open_tag, open_id, (int32_t)sizeof open_id);
	UErrorCode st = U_ZERO_ERROR;
	c->col = icu_ucol_open(open_id, &st);
	if (U_FAILURE(st)) {
		st = U_ZERO_ERROR;
		c->col = icu_ucol_open(base_id, &st);
	}
	kit_icu_check(J, st, "Intl.Collator");
	/* resolvedOptions reads the locale from ICU's valid locale, unless it
	 * is not the one asked for: then the resolved tag, as V8 does */
	const char *valid = icu_ucol_getLocaleByType(c->col, ULOC_VALID_LOCALE, &st);
	if (U_SUCCESS(st) && valid && strcmp(valid, open_id))
		snprintf(c->locale, sizeof c->locale, "%s", resolved);

	icu_ucol_setAttribute(c->col, UCOL_NORMALIZATION_MODE, UCOL_ON, &st);
	if (numeric < 0 && kn[0])
		numeric = !strcmp(kn, "true");
	if (numeric >= 0)
		icu_ucol_setAttribute(c->col, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &st);
	if (case_first < 0 && kf[0])
		case_first = !strcmp(kf, "upper") ? 0 : !strcmp(kf, "lower") ? 1 : 2;
	if (case_first >= 0)
		icu_ucol_setAttribute(c->col, UCOL_CASE_FIRST,
				      case_first == 0 ? UCOL_UPPER_FIRST : case_first == 1 ? UCOL_LOWER_FIRST : UCOL_OFF,
				      &st);
	int sensitivity = kit_intl_option_enum(J, opts, TAG, "sensitivity", sensitivities, -1);
	if (sensitivity < 0 && !search)
		sensitivity = 3;
	if (sensitivity >= 0) {
		static const UColAttributeValue strengths[] = { UCOL_PRIMARY, UCOL_SECONDARY, UCOL_PRIMARY, UCOL_TERTIARY };
		icu_ucol_setAttribute(c->col, UCOL_STRENGTH, strengths[sensitivity], &st);
		if (sensitivity == 2)
			icu_ucol_setAttribute(c->col, UCOL_CASE_LEVEL, UCOL_ON, &st);
	}
	if (kit_intl_option_bool(J, opts, "ignorePunctuation", 0) > 0)
		icu_ucol_setAttribute(c->col, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &st);
	kit_icu_check(J, st, "Intl.Collator");
	js_rot2pop1(J);
	return c;
}

/* new Intl.Collator(locales, options) and Intl.Collator(...): the same */
static void construct(js_State *J)
{
	create(J, 1, 2);
}

static void bound_compare(js_State *J)
{
	collator *c = js_currentfunctiondata(J);
	const char *a = js_tostring(J, 1);
	js_pushnumber(J, compare(J, c->col, a, js_tostring(J, 2)));
}

static void get_compare(js_State *J)
{
	collator *c = kit_intl_this(J, TAG, "get Intl.Collator.prototype.compare");
	if (c->compare_ref) {
		js_getregistry(J, c->compare_ref);
		return;
	}
	c->refs++;
	js_newcfunctionx(J, bound_compare, "", 2, c, finalize_compare);
	js_copy(J, -1);
	c->compare_ref = js_ref(J);
}

static void resolved_options(js_State *J)
{
	collator *c = kit_intl_this(J, TAG, "Intl.Collator.prototype.resolvedOptions");
	UErrorCode st = U_ZERO_ERROR;
	UColAttributeValue strength = icu_ucol_getAttribute(c->col, UCOL_STRENGTH, &st);
	int case_level = icu_ucol_getAttribute(c->col, UCOL_CASE_LEVEL, &st) == UCOL_ON;
	int numeric = icu_ucol_getAttribute(c->col, UCOL_NUMERIC_COLLATION, &st) == UCOL_ON;
	UColAttributeValue cf = icu_ucol_getAttribute(c->col, UCOL_CASE_FIRST, &st);
	int shifted = icu_ucol_getAttribute(c->col, UCOL_ALTERNATE_HANDLING, &st) == UCOL_SHIFTED;
	/* usage, collation and (mostly) the locale come from ICU's valid
	 * locale, as V8 reads them: its "search" collation is the usage */
	char valid[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX], co[64] = "", tag[KIT_INTL_TAG_MAX * 2];
	snprintf(valid, sizeof valid, "%s", icu_ucol_getLocaleByType(c->col, ULOC_VALID_LOCALE, &st));
	kit_icu_check(J, st, "resolvedOptions");
	UErrorCode kst = U_ZERO_ERROR;
	int32_t colen = icu_uloc_getKeywordValue(valid, "collation", co, (int32_t)sizeof co, &kst);
	if (U_FAILURE(kst) || colen <= 0)
		co[0] = '\0';
	const char *bcp = co[0] ? icu_uloc_toUnicodeLocaleType("co", co) : NULL;
	int search = bcp && !strcmp(bcp, "search");
	if (search) {
		kst = U_ZERO_ERROR;
		icu_uloc_setKeywordValue("collation", NULL, valid, (int32_t)sizeof valid, &kst);
	}
	if (c->locale[0]) {
		snprintf(tag, sizeof tag, "%s", c->locale);
	} else {
		kst = U_ZERO_ERROR;
		icu_uloc_toLanguageTag(valid, tag, (int32_t)sizeof tag, 0, &kst);
		if (U_FAILURE(kst))
			snprintf(tag, sizeof tag, "%s", kit_intl_default_locale(J));
	}
	js_newobject(J);
	kit_intl_set_string(J, "locale", tag);
	kit_intl_set_string(J, "usage", search ? "search" : "sort");
	kit_intl_set_string(J, "sensitivity", strength == UCOL_PRIMARY ? (case_level ? "case" : "base")
			: strength == UCOL_SECONDARY ? "accent" : "variant");
	kit_intl_set_bool(J, "ignorePunctuation", shifted);
	kit_intl_set_string(J, "collation", bcp && !search ? bcp : "default");
	kit_intl_set_bool(J, "numeric", numeric);
	kit_intl_set_string(J, "caseFirst", cf == UCOL_UPPER_FIRST ? "upper" : cf == UCOL_LOWER_FIRST ? "lower" : "false");
}

/* the default locale's collator, opened once per process. ICU's default
 * locale as kit_intl_default_locale reads it (C and POSIX are en-US), with
 * ICU's own fallback for the collation data instead of the lookup in the
 * list of available locales, which costs ~28 M instructions to build: a
 * page whose only Intl call is a localeCompare does not pay it */
static UCollator *default_collator(js_State *J)
{
	static UCollator *col;
	if (!col) {
		kit_icu_need(J, &table);
		const char *id = icu_uloc_getDefault();
		if (!strcmp(id, "en_US_POSIX") || !strcmp(id, "c") || !strcmp(id, "C") || !strcmp(id, "POSIX"))
			id = "en_US";
		UErrorCode st = U_ZERO_ERROR;
		col = icu_ucol_open(id, &st);
		kit_icu_check(J, st, "localeCompare");
		icu_ucol_setAttribute(col, UCOL_NORMALIZATION_MODE, UCOL_ON, &st);
	}
	return col;
}

/* the collators of the last few `localeCompare(that, "de")` calls (locales
 * a string, no options: what a sort writes), kept for the process; opening
 * one costs ~20 us */
#define CACHED 4
static struct {
	char locales[64];
	UCollator *col;
} cache[CACHED];
static int cache_next;

static UCollator *cached_collator(js_State *J)
{
	const char *locales = js_tostring(J, 2);
	for (int i = 0; i < CACHED; i++)
		if (cache[i].col && !strcmp(cache[i].locales, locales))
			return cache[i].col;
	collator *c = create(J, 2, 3);
	if (strlen(locales) >= sizeof cache[0].locales)
		return c->col;
	/* the cache takes the ICU collator; the Intl.Collator made for it
	 * goes to the collector without one */
	int slot = cache_next;
	cache_next = (cache_next + 1) % CACHED;
	if (cache[slot].col)
		icu_ucol_close(cache[slot].col);
	snprintf(cache[slot].locales, sizeof cache[slot].locales, "%s", locales);
	cache[slot].col = c->col;
	c->col = NULL;
	return cache[slot].col;
}

static void locale_compare(js_State *J)
{
	if (!js_iscoercible(J, 0))
		js_typeerror(J, "String.prototype.localeCompare called on null or undefined");
	const char *a = js_tostring(J, 0);
	const char *b = js_tostring(J, 1);
	if (js_isundefined(J, 2) && js_isundefined(J, 3)) {
		js_pushnumber(J, compare(J, default_collator(J), a, b));
		return;
	}
	if (js_isstring(J, 2) && js_isundefined(J, 3)) {
		js_pushnumber(J, compare(J, cached_collator(J), a, b));
		return;
	}
	/* a collator for these locales and options, as V8 makes one */
	collator *c = create(J, 2, 3);
	js_pushnumber(J, compare(J, c->col, a, b));
}

void kit_intl_collator_install(js_State *J)
{
	kit_intl_new_prototype(J, PROTO, TAG);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	js_newcfunction(J, get_compare, "get compare", 0);
	js_pushnull(J);
	js_defaccessor(J, -3, "compare", JS_DONTENUM);
	js_newcconstructor(J, construct, construct, "Collator", 0);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "Collator", JS_DONTENUM);

	js_getglobal(J, "String");
	js_getproperty(J, -1, "prototype");
	kit_intl_method(J, locale_compare, "localeCompare", 1);
	js_pop(J, 2);
}
