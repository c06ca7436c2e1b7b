/* displaynames.c — Intl.DisplayNames over ICU's uldn (languages, regions,
 * scripts, currencies, calendars) and udatpg (date-time fields), as V8.
 *
 * A code is checked for its form (a RangeError as in V8), then handed to
 * ICU as given: ICU's lookups are case-sensitive, and with fallback "code"
 * V8 answers the code as the caller wrote it when ICU has no name. */
#include "intl/text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/udatpg.h>
#include <unicode/uldnames.h>
#include <unicode/uloc.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(uldn_openForContext);
KIT_ICU_DECL(uldn_close);
KIT_ICU_DECL(uldn_localeDisplayName);
KIT_ICU_DECL(uldn_regionDisplayName);
KIT_ICU_DECL(uldn_scriptDisplayName);
KIT_ICU_DECL(uldn_keyValueDisplayName);
KIT_ICU_DECL(udatpg_open);
KIT_ICU_DECL(udatpg_close);
KIT_ICU_DECL(udatpg_getFieldDisplayName);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(uloc_getBaseName);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(uldn_openForContext),      KIT_ICU_SYM(uldn_close),
	KIT_ICU_SYM(uldn_localeDisplayName),   KIT_ICU_SYM(uldn_regionDisplayName),
	KIT_ICU_SYM(uldn_scriptDisplayName),   KIT_ICU_SYM(uldn_keyValueDisplayName),
	KIT_ICU_SYM(udatpg_open),              KIT_ICU_SYM(udatpg_close),
	KIT_ICU_SYM(udatpg_getFieldDisplayName), KIT_ICU_SYM(uloc_forLanguageTag),
	KIT_ICU_SYM(uloc_getBaseName),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.DisplayNames"
#define PROTO "kit.intl.DisplayNames"

static const char *const styles[] = { "long", "short", "narrow", NULL };
static const char *const types[] = { "language", "region", "script", "currency", "calendar", "dateTimeField", NULL };
static const char *const fallbacks[] = { "code", "none", NULL };
static const char *const displays[] = { "dialect", "standard", NULL };
static const char *const fields[] = { "era",     "year",   "quarter", "month",     "weekOfYear", "weekday",
				      "day",     "dayPeriod", "hour",  "minute",    "second",     "timeZoneName",
				      NULL };
static const UDateTimePatternField ufields[] = {
	UDATPG_ERA_FIELD,  UDATPG_YEAR_FIELD,   UDATPG_QUARTER_FIELD,   UDATPG_MONTH_FIELD,
	UDATPG_WEEK_OF_YEAR_FIELD, UDATPG_WEEKDAY_FIELD, UDATPG_DAY_FIELD, UDATPG_DAYPERIOD_FIELD,
	UDATPG_HOUR_FIELD, UDATPG_MINUTE_FIELD, UDATPG_SECOND_FIELD, UDATPG_ZONE_FIELD,
};

typedef struct display_names {
	int style, type, fallback, display;
	ULocaleDisplayNames *ldn;
	UDateTimePatternGenerator *dtpg;
	char locale[KIT_INTL_TAG_MAX];
} display_names;

static void finalize(js_State *J, void *data)
{
	(void)J;
	display_names *d = data;
	if (d->ldn)
		icu_uldn_close(d->ldn);
	if (d->dtpg)
		icu_udatpg_close(d->dtpg);
	free(d);
}

static void construct(js_State *J)
{
	kit_icu_need(J, &table);
	int opts = kit_intl_constructor_options(J, 1, 2, TAG, kit_intl_options_object);
	int style = kit_intl_option_enum(J, opts, TAG, "style", styles, 0);
	int type = kit_intl_option_enum(J, opts, TAG, "type", types, -1);
	if (type < 0)
		js_typeerror(J, "invalid_argument");
	int fallback = kit_intl_option_enum(J, opts, TAG, "fallback", fallbacks, 0);
	int display = kit_intl_option_enum(J, opts, TAG, "languageDisplay", displays, 0);
	display_names *d = kit_intl_calloc(J, sizeof *d);
	d->style = style;
	d->type = type;
	d->fallback = fallback;
	d->display = display;
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, d, finalize);
	kit_intl_resolve(J, 1, d->locale, NULL);
	char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(d->locale, id, (int32_t)sizeof id, NULL, &st);
	if (type == 5) {
		d->dtpg = icu_udatpg_open(id, &st);
	} else {
		UDisplayContext ctx[] = {
			style == 0 ? UDISPCTX_LENGTH_FULL : UDISPCTX_LENGTH_SHORT,
			display == 0 ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES,
			fallback == 0 ? UDISPCTX_SUBSTITUTE : UDISPCTX_NO_SUBSTITUTE,
		};
		d->ldn = icu_uldn_openForContext(id, ctx, 3, &st);
	}
	kit_icu_check(J, st, TAG);
}

static void call(js_State *J)
{
	js_typeerror(J, "Constructor Intl.DisplayNames requires 'new'");
}

static int all(const char *s, size_t min, size_t max, int (*is)(int))
{
	size_t n = strlen(s);
	if (n < min || n > max)
		return 0;
	for (; *s; s++)
		if (!is((unsigned char)*s))
			return 0;
	return 1;
}

static void of(js_State *J)
{
	display_names *d = kit_intl_this(J, TAG, "Intl.DisplayNames.prototype.of");
	const char *code = js_tostring(J, 1);
	UChar out[256];
	int32_t len = 0;
	UErrorCode st = U_ZERO_ERROR;
	char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	switch (d->type) {
	case 0: {
		/* the language id alone: V8 names the base name, extensions
		 * and private use dropped */
		kit_intl_canonical_list(J, 1);
		js_getindex(J, -1, 0);
		char full[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
		icu_uloc_forLanguageTag(js_tostring(J, -1), full, (int32_t)sizeof full, NULL, &st);
		js_pop(J, 2);
		icu_uloc_getBaseName(full, id, (int32_t)sizeof id, &st);
		if (U_SUCCESS(st))
			len = icu_uldn_localeDisplayName(d->ldn, id, out, 256, &st);
		break;
	}
	case 1:
		if (!all(code, 2, 2, isalpha) && !all(code, 3, 3, isdigit))
			js_rangeerror(J, "invalid_argument");
		len = icu_uldn_regionDisplayName(d->ldn, code, out, 256, &st);
		break;
	case 2:
		if (!all(code, 4, 4, isalpha))
			js_rangeerror(J, "invalid_argument");
		len = icu_uldn_scriptDisplayName(d->ldn, code, out, 256, &st);
		break;
	case 3: {
		if (!all(code, 3, 3, isalpha))
			js_rangeerror(J, "invalid_argument");
		char upper[4];
		for (int i = 0; i < 4; i++)
			upper[i] = (char)toupper((unsigned char)code[i]);
		len = icu_uldn_keyValueDisplayName(d->ldn, "currency", upper, out, 256, &st);
		/* ICU answers an unknown currency with its code */
		int unknown = U_FAILURE(st) || len == 0 || (len == 3 && out[0] == (UChar)upper[0] &&
							     out[1] == (UChar)upper[1] && out[2] == (UChar)upper[2]);
		if (unknown) {
			if (d->fallback == 0)
				js_pushstring(J, upper);
			else
				js_pushundefined(J);
			return;
		}
		break;
	}
	case 4: {
		if (!kit_intl_is_type(code))
			js_rangeerror(J, "invalid_argument");
		/* the two BCP 47 names ICU's data does not use, mapped as V8
		 * maps them; any other code goes to ICU as written */
		const char *type = !strcmp(code, "gregory") ? "gregorian"
			: !strcmp(code, "ethioaa") ? "ethiopic-amete-alem" : code;
		len = icu_uldn_keyValueDisplayName(d->ldn, "calendar", type, out, 256, &st);
		break;
	}
	default: {
		int f = -1;
		for (int i = 0; fields[i]; i++)
			if (!strcmp(code, fields[i]))
				f = i;
		if (f < 0)
			js_rangeerror(J, "invalid_argument");
		static const UDateTimePGDisplayWidth widths[] = { UDATPG_WIDE, UDATPG_ABBREVIATED, UDATPG_NARROW };
		len = icu_udatpg_getFieldDisplayName(d->dtpg, ufields[f], widths[d->style], out, 256, &st);
		break;
	}
	}
	if (U_FAILURE(st) || len <= 0 || len > 256) {
		if (d->fallback == 0)
			js_pushstring(J, code);
		else
			js_pushundefined(J);
		return;
	}
	kit_intl_push_u16(J, out, len);
}

static void resolved_options(js_State *J)
{
	display_names *d = kit_intl_this(J, TAG, "Intl.DisplayNames.prototype.resolvedOptions");
	js_newobject(J);
	kit_intl_set_string(J, "locale", d->locale);
	kit_intl_set_string(J, "style", styles[d->style]);
	kit_intl_set_string(J, "type", types[d->type]);
	kit_intl_set_string(J, "fallback", fallbacks[d->fallback]);
	if (d->type == 0)
		kit_intl_set_string(J, "languageDisplay", displays[d->display]);
}

void kit_intl_displaynames_install(js_State *J)
{
	kit_intl_new_prototype(J, PROTO, TAG);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, of, "of", 1);
	js_newcconstructor(J, call, construct, "DisplayNames", 2);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "DisplayNames", JS_DONTENUM);
}
