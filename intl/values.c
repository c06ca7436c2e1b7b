/* values.c — Intl.supportedValuesOf: ICU's calendars, collations,
 * currencies, numbering systems and time zones as BCP 47 / IANA names,
 * sorted, and the units ECMA-402 sanctions (V8's lists). */
#include "intl/text.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(ucal_getKeywordValuesForLocale);
KIT_ICU_DECL(ucal_openTimeZoneIDEnumeration);
KIT_ICU_DECL(ucol_getKeywordValues);
KIT_ICU_DECL(ucurr_openISOCurrencies);
KIT_ICU_DECL(unumsys_openAvailableNames);
KIT_ICU_DECL(unumsys_openByName);
KIT_ICU_DECL(unumsys_isAlgorithmic);
KIT_ICU_DECL(unumsys_close);
KIT_ICU_DECL(uenum_next);
KIT_ICU_DECL(uenum_close);
KIT_ICU_DECL(uloc_toUnicodeLocaleType);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(ucal_getKeywordValuesForLocale), KIT_ICU_SYM(ucal_openTimeZoneIDEnumeration),
	KIT_ICU_SYM(ucol_getKeywordValues),          KIT_ICU_SYM(ucurr_openISOCurrencies),
	KIT_ICU_SYM(unumsys_openAvailableNames),     KIT_ICU_SYM(unumsys_openByName),
	KIT_ICU_SYM(unumsys_isAlgorithmic),          KIT_ICU_SYM(unumsys_close),
	KIT_ICU_SYM(uenum_next),                     KIT_ICU_SYM(uenum_close),
	KIT_ICU_SYM(uloc_toUnicodeLocaleType),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* which: 0 calendar, 1 collation, 2 currency, 3 numberingSystem, 4 timeZone */
static void push_values(js_State *J, int which)
{
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = which == 0 ? icu_ucal_getKeywordValuesForLocale("calendar", "und", 0, &st)
		: which == 1 ? icu_ucol_getKeywordValues("collation", &st)
		: which == 2 ? icu_ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &st)
		: which == 3 ? icu_unumsys_openAvailableNames(&st)
		: icu_ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION, NULL, NULL, &st);
	kit_icu_check(J, st, "supportedValuesOf");
	size_t n = 0, cap = 64;
	char **list = malloc(cap * sizeof *list);
	const char *v;
	while (list && (v = icu_uenum_next(e, NULL, &st)) && U_SUCCESS(st)) {
		if (which == 0 || which == 1) {
			const char *bcp = icu_uloc_toUnicodeLocaleType(which ? "co" : "ca", v);
			v = bcp ? bcp : v;
			if (which == 1 && (!strcmp(v, "standard") || !strcmp(v, "search")))
				continue;
		} else if (which == 3) {
			UErrorCode s2 = U_ZERO_ERROR;
			UNumberingSystem *ns = icu_unumsys_openByName(v, &s2);
			int algorithmic = U_FAILURE(s2) || icu_unumsys_isAlgorithmic(ns);
			if (ns)
				icu_unumsys_close(ns);
			if (algorithmic)
				continue;
		}
		if (n == cap) {
			char **grown = realloc(list, (cap *= 2) * sizeof *list);
			if (!grown)
				break;
			list = grown;
		}
		list[n] = strdup(v);
		if (list[n])
			n++;
	}
	icu_uenum_close(e);
	if (!list)
		js_error(J, "out of memory");
	qsort(list, n, sizeof *list, cmp_str);
	/* ICU's calendar list names gregory twice (gregorian and its alias) */
	js_newarray(J);
	int k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!i || strcmp(list[i], list[i - 1])) {
			js_pushstring(J, list[i]);
			js_setindex(J, -2, k++);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

static void supported_values_of(js_State *J)
{
	const char *key = js_tostring(J, 1);
	static const char *const keys[] = { "calendar", "collation", "currency", "numberingSystem", "timeZone", "unit", NULL };
	int which = -1;
	for (int i = 0; keys[i]; i++)
		if (!strcmp(key, keys[i]))
			which = i;
	if (which < 0)
		js_rangeerror(J, "Invalid key : %s", key);
	if (which == 5) {
		js_newarray(J);
		for (int i = 0; kit_intl_units[i]; i++) {
			js_pushstring(J, kit_intl_units[i]);
			js_setindex(J, -2, i);
		}
		return;
	}
	kit_icu_need(J, &table);
	push_values(J, which);
}

void kit_intl_values_install(js_State *J)
{
	kit_intl_method(J, supported_values_of, "supportedValuesOf", 1);
}
