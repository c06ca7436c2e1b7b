/* locale.c — Intl.Locale: a canonical BCP 47 tag and what ICU knows about
 * it (likely subtags, calendars, collations, hour cycles, numbering
 * systems, time zones, text direction, week data), with Node 20's getters.
 *
 * An instance keeps its tag only; the getters read the tag's subtags and
 * -u- keys. Options are applied to the tag's parts, and the result goes
 * through ECMA-402's canonicalisation again (ICU's), which orders the -u-
 * keys as V8 prints them. */
#include "intl/text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(uloc_toLanguageTag);
KIT_ICU_DECL(uloc_addLikelySubtags);
KIT_ICU_DECL(uloc_minimizeSubtags);
KIT_ICU_DECL(uloc_isRightToLeft);
KIT_ICU_DECL(uloc_getBaseName);
KIT_ICU_DECL(uloc_toUnicodeLocaleType);
KIT_ICU_DECL(ucal_getKeywordValuesForLocale);
KIT_ICU_DECL(ucal_openTimeZoneIDEnumeration);
KIT_ICU_DECL(ucal_open);
KIT_ICU_DECL(ucal_close);
KIT_ICU_DECL(ucal_getAttribute);
KIT_ICU_DECL(ucal_getDayOfWeekType);
KIT_ICU_DECL(ucol_getKeywordValuesForLocale);
KIT_ICU_DECL(udatpg_open);
KIT_ICU_DECL(udatpg_close);
KIT_ICU_DECL(udatpg_getDefaultHourCycle);
KIT_ICU_DECL(unumsys_open);
KIT_ICU_DECL(unumsys_close);
KIT_ICU_DECL(unumsys_getName);
KIT_ICU_DECL(uenum_next);
KIT_ICU_DECL(uenum_close);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(uloc_forLanguageTag),       KIT_ICU_SYM(uloc_toLanguageTag),
	KIT_ICU_SYM(uloc_addLikelySubtags),     KIT_ICU_SYM(uloc_minimizeSubtags),
	KIT_ICU_SYM(uloc_isRightToLeft),        KIT_ICU_SYM(uloc_toUnicodeLocaleType),
	KIT_ICU_SYM(uloc_getBaseName),
	KIT_ICU_SYM(ucal_getKeywordValuesForLocale), KIT_ICU_SYM(ucal_openTimeZoneIDEnumeration),
	KIT_ICU_SYM(ucal_open),                 KIT_ICU_SYM(ucal_close),
	KIT_ICU_SYM(ucal_getAttribute),         KIT_ICU_SYM(ucal_getDayOfWeekType),
	KIT_ICU_SYM(ucol_getKeywordValuesForLocale), KIT_ICU_SYM(udatpg_open),
	KIT_ICU_SYM(udatpg_close),              KIT_ICU_SYM(udatpg_getDefaultHourCycle),
	KIT_ICU_SYM(unumsys_open),              KIT_ICU_SYM(unumsys_close),
	KIT_ICU_SYM(unumsys_getName),           KIT_ICU_SYM(uenum_next),
	KIT_ICU_SYM(uenum_close),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.Locale"
#define PROTO "kit.intl.Locale"
#define ID_MAX (ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX)

typedef struct locale {
	char tag[KIT_INTL_TAG_MAX];
} locale;

static void finalize(js_State *J, void *data)
{
	(void)J;
	free(data);
}

/* the parts of a canonical tag's language id */
typedef struct tag_parts {
	char language[64], script[64], region[64];
	char variants[KIT_INTL_TAG_MAX];  /* "-variant..." or "" */
	const char *ext;                  /* from the first singleton on, "" when none */
} tag_parts;

static void split(const char *tag, tag_parts *p)
{
	memset(p, 0, sizeof *p);
	p->ext = tag + strlen(tag);
	const char *s = tag;
	int i = 0;
	while (*s) {
		const char *e = strchr(s, '-');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		if (n == 1) {
			p->ext = s - 1;
			break;
		}
		if (i == 0 && n < sizeof p->language)
			snprintf(p->language, sizeof p->language, "%.*s", (int)n, s);
		else if (i == 1 && n == 4 && isalpha((unsigned char)*s))
			snprintf(p->script, sizeof p->script, "%.*s", (int)n, s);
		else if (i <= 2 && !p->region[0] && ((n == 2 && isalpha((unsigned char)*s)) || (n == 3 && isdigit((unsigned char)*s))))
			snprintf(p->region, sizeof p->region, "%.*s", (int)n, s);
		else
			snprintf(p->variants + strlen(p->variants), sizeof p->variants - strlen(p->variants), "-%.*s",
				 (int)n, s);
		i = p->region[0] || p->variants[0] ? 3 : i + 1;
		s += n;
		if (*s == '-')
			s++;
	}
}

/* the -u- extension of a tag ("-u-..." up to the next singleton, or "") */
static void unicode_ext(const char *tag, char out[KIT_INTL_TAG_MAX])
{
	out[0] = '\0';
	const char *u = strstr(tag, "-u-"), *x = strstr(tag, "-x-");
	if (!u || (x && x < u))
		return;
	const char *end = u + 3;
	while (*end) {
		const char *d = strchr(end, '-');
		if (!d) {
			end += strlen(end);
			break;
		}
		if (d[1] && (d[2] == '-' || !d[2])) {
			end = d;
			break;
		}
		end = d + 1;
	}
	snprintf(out, KIT_INTL_TAG_MAX, "%.*s", (int)(end - u), u);
}

static int is_alpha_run(const char *s, size_t min, size_t max)
{
	size_t n = strlen(s);
	if (n < min || n > max)
		return 0;
	for (; *s; s++)
		if (!isalpha((unsigned char)*s))
			return 0;
	return 1;
}

static void bad_tag(js_State *J)
{
	js_rangeerror(J, "Incorrect locale information provided");
}

/* canonicalises tag (ECMA-402, through ICU) into out */
static void canonicalize(js_State *J, const char *tag, char out[KIT_INTL_TAG_MAX])
{
	js_pushstring(J, tag);
	kit_intl_canonical_list(J, -1);
	js_getindex(J, -1, 0);
	snprintf(out, KIT_INTL_TAG_MAX, "%s", js_tostring(J, -1));
	js_pop(J, 3);
}

/* removes key (and its value) from a -u- extension, in place */
static void drop_key(char *ext, const char *key)
{
	if (!ext[0])
		return;
	char *p = ext + 2;  /* at "-xx..." */
	while (*p) {
		char *start = p;
		char *q = p + 1;
		char *e = strchr(q, '-');
		size_t n = e ? (size_t)(e - q) : strlen(q);
		if (n == 2 && !strncmp(q, key, 2)) {
			char *end = q + n;
			while (*end == '-') {
				char *v = end + 1, *ve = strchr(v, '-');
				size_t vn = ve ? (size_t)(ve - v) : strlen(v);
				if (vn < 3)
					break;
				end = v + vn;
			}
			memmove(start, end, strlen(end) + 1);
			continue;
		}
		p = q + n;
	}
}

static void push_locale(js_State *J, const char *tag)
{
	locale *l = malloc(sizeof *l);
	if (!l)
		js_error(J, "out of memory");
	snprintf(l->tag, sizeof l->tag, "%s", tag);
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, l, finalize);
}

static void construct(js_State *J)
{
	kit_icu_need(J, &table);
	char tag[KIT_INTL_TAG_MAX];
	if (js_isuserdata(J, 1, TAG)) {
		snprintf(tag, sizeof tag, "%s", ((locale *)js_touserdata(J, 1, TAG))->tag);
	} else {
		if (!js_isstring(J, 1) && !js_isobject(J, 1))
			js_typeerror(J, "First argument to Intl.Locale constructor can't be empty or missing");
		const char *s = js_tostring(J, 1);
		if (!s[0])
			bad_tag(J);
		canonicalize(J, s, tag);
	}
	int opts = kit_intl_options(J, 2);

	/* ApplyOptionsToTag: language, script, region */
	tag_parts p;
	split(tag, &p);
	char v[64];
	if (kit_intl_option_string(J, opts, "language", v, sizeof v)) {
		if (!(is_alpha_run(v, 2, 3) || is_alpha_run(v, 5, 8)))
			bad_tag(J);
		snprintf(p.language, sizeof p.language, "%s", v);
	}
	if (kit_intl_option_string(J, opts, "script", v, sizeof v)) {
		if (!is_alpha_run(v, 4, 4))
			bad_tag(J);
		snprintf(p.script, sizeof p.script, "%s", v);
	}
	if (kit_intl_option_string(J, opts, "region", v, sizeof v)) {
		if (!is_alpha_run(v, 2, 2) && !(strlen(v) == 3 && isdigit((unsigned char)v[0]) &&
						isdigit((unsigned char)v[1]) && isdigit((unsigned char)v[2])))
			bad_tag(J);
		snprintf(p.region, sizeof p.region, "%s", v);
	}

	/* ApplyUnicodeExtensionToTag: ca, co, hc, kf, kn, nu */
	char ext[KIT_INTL_TAG_MAX], others[KIT_INTL_TAG_MAX];
	unicode_ext(tag, ext);
	/* the extensions other than -u- */
	snprintf(others, sizeof others, "%s", p.ext);
	if (ext[0]) {
		char *u = strstr(others, ext);
		if (u)
			memmove(u, u + strlen(ext), strlen(u + strlen(ext)) + 1);
	}
	char add[KIT_INTL_TAG_MAX] = "";
	static const char *const hcs[] = { "h11", "h12", "h23", "h24", NULL };
	static const char *const kfs[] = { "upper", "lower", "false", NULL };
	static const char *const keys[] = { "ca", "co", "hc", "kf", "kn", "nu" };
	static const char *const names[] = { "calendar", "collation", "hourCycle", "caseFirst", "numeric", "numberingSystem" };
	for (int i = 0; i < 6; i++) {
		char val[64];
		int have;
		if (i == 2) {
			int k = kit_intl_option_enum(J, opts, TAG, names[i], hcs, -1);
			have = k >= 0;
			if (have)
				snprintf(val, sizeof val, "%s", hcs[k]);
		} else if (i == 3) {
			int k = kit_intl_option_enum(J, opts, TAG, names[i], kfs, -1);
			have = k >= 0;
			if (have)
				snprintf(val, sizeof val, "%s", kfs[k]);
		} else if (i == 4) {
			int k = kit_intl_option_bool(J, opts, names[i], -1);
			have = k >= 0;
			if (have)
				snprintf(val, sizeof val, "%s", k ? "true" : "false");
		} else {
			have = kit_intl_option_string(J, opts, names[i], val, sizeof val);
			if (have && !kit_intl_is_type(val))
				bad_tag(J);
		}
		if (!have)
			continue;
		drop_key(ext, keys[i]);
		snprintf(add + strlen(add), sizeof add - strlen(add), "-%s-%s", keys[i], val);
	}
	char built[KIT_INTL_TAG_MAX * 6];
	snprintf(built, sizeof built, "%s%s%s%s%s%s%s%s%s", p.language, p.script[0] ? "-" : "", p.script,
		 p.region[0] ? "-" : "", p.region, p.variants, ext[0] || add[0] ? (ext[0] ? ext : "-u") : "", add,
		 others);
	if (strlen(built) >= KIT_INTL_TAG_MAX)
		bad_tag(J);
	canonicalize(J, built, tag);
	push_locale(J, tag);
}

static void call(js_State *J)
{
	js_typeerror(J, "Constructor Intl.Locale requires 'new'");
}

static locale *this_locale(js_State *J, const char *method)
{
	return kit_intl_this(J, TAG, method);
}

static void to_string(js_State *J)
{
	js_pushstring(J, this_locale(J, "Intl.Locale.prototype.toString")->tag);
}

static void likely(js_State *J, int maximize)
{
	locale *l = this_locale(J, maximize ? "Intl.Locale.prototype.maximize" : "Intl.Locale.prototype.minimize");
	kit_icu_need(J, &table);
	char id[ID_MAX], out[ID_MAX], tag[KIT_INTL_TAG_MAX];
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(l->tag, id, ID_MAX, NULL, &st);
	if (maximize)
		icu_uloc_addLikelySubtags(id, out, ID_MAX, &st);
	else
		icu_uloc_minimizeSubtags(id, out, ID_MAX, &st);
	icu_uloc_toLanguageTag(out, tag, KIT_INTL_TAG_MAX, 0, &st);
	if (U_FAILURE(st)) {
		push_locale(J, l->tag);
		return;
	}
	push_locale(J, tag);
}

static void maximize(js_State *J)
{
	likely(J, 1);
}

static void minimize(js_State *J)
{
	likely(J, 0);
}

/* the getters of language id parts */
static void get_part(js_State *J, int which, const char *name)
{
	locale *l = this_locale(J, name);
	tag_parts p;
	split(l->tag, &p);
	if (which == 0) {
		js_pushlstring(J, l->tag, (int)(p.ext - l->tag));
		return;
	}
	const char *v = which == 1 ? p.language : which == 2 ? p.script : p.region;
	/* V8 reports the undetermined language as absent */
	if (v[0] && !(which == 1 && !strcmp(v, "und")))
		js_pushstring(J, v);
	else
		js_pushundefined(J);
}

/* ICU's base name as a tag, as V8 gives it: a variant ICU keeps as a
 * keyword comes back as one (`en-US-posix` is `en-US-u-va-posix`) */
static void get_base_name(js_State *J)
{
	locale *l = this_locale(J, "get Intl.Locale.prototype.baseName");
	kit_icu_need(J, &table);
	char id[ID_MAX], base[ID_MAX], tag[KIT_INTL_TAG_MAX];
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(l->tag, id, ID_MAX, NULL, &st);
	icu_uloc_getBaseName(id, base, ID_MAX, &st);
	icu_uloc_toLanguageTag(base, tag, KIT_INTL_TAG_MAX, 0, &st);
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) {
		get_part(J, 0, "get Intl.Locale.prototype.baseName");
		return;
	}
	js_pushstring(J, tag);
}

static void get_language(js_State *J)
{
	get_part(J, 1, "get Intl.Locale.prototype.language");
}

static void get_script(js_State *J)
{
	get_part(J, 2, "get Intl.Locale.prototype.script");
}

static void get_region(js_State *J)
{
	get_part(J, 3, "get Intl.Locale.prototype.region");
}

/* the value of a -u- key of `this`, into out; 0 when absent */
static int key_of(js_State *J, const char *key, char *out, size_t n)
{
	locale *l = this_locale(J, "get Intl.Locale.prototype");
	char ext[KIT_INTL_TAG_MAX];
	unicode_ext(l->tag, ext);
	return kit_intl_unicode_key(ext, key, out, n);
}

static void get_key(js_State *J, const char *key)
{
	char v[64];
	if (key_of(J, key, v, sizeof v))
		js_pushstring(J, v);
	else
		js_pushundefined(J);
}

static void get_calendar(js_State *J)
{
	get_key(J, "ca");
}

static void get_case_first(js_State *J)
{
	get_key(J, "kf");
}

static void get_collation(js_State *J)
{
	get_key(J, "co");
}

static void get_hour_cycle(js_State *J)
{
	get_key(J, "hc");
}

static void get_numbering_system(js_State *J)
{
	get_key(J, "nu");
}

static void get_numeric(js_State *J)
{
	char v[64];
	js_pushboolean(J, key_of(J, "kn", v, sizeof v) && strcmp(v, "false") != 0);
}

/* pushes [value] when the key is in the tag; 1 then */
static int single(js_State *J, const char *key)
{
	char v[64];
	if (!key_of(J, key, v, sizeof v))
		return 0;
	js_newarray(J);
	js_pushstring(J, v);
	js_setindex(J, -2, 0);
	return 1;
}

static void this_id(js_State *J, char id[ID_MAX])
{
	kit_icu_need(J, &table);
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(this_locale(J, "get Intl.Locale.prototype")->tag, id, ID_MAX, NULL, &st);
	kit_icu_check(J, st, TAG);
}

/* an array of an enumeration's values as BCP 47 types of key, without
 * those in skip (NULL-terminated), sorted when sort */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void push_enum(js_State *J, UEnumeration *e, const char *key, const char *const *skip, int sort)
{
	const char *list[512];
	char store[512][64];
	int n = 0;
	UErrorCode st = U_ZERO_ERROR;
	const char *v;
	while (n < 512 && (v = icu_uenum_next(e, NULL, &st)) && U_SUCCESS(st)) {
		const char *bcp = key ? icu_uloc_toUnicodeLocaleType(key, v) : v;
		if (!bcp)
			bcp = v;
		int skipped = 0;
		for (int i = 0; skip && skip[i]; i++)
			if (!strcmp(bcp, skip[i]))
				skipped = 1;
		if (skipped)
			continue;
		snprintf(store[n], sizeof store[n], "%s", bcp);
		list[n] = store[n];
		n++;
	}
	icu_uenum_close(e);
	if (sort)
		qsort(list, (size_t)n, sizeof *list, cmp_str);
	js_newarray(J);
	for (int i = 0; i < n; i++) {
		js_pushstring(J, list[i]);
		js_setindex(J, -2, i);
	}
}

static void get_calendars(js_State *J)
{
	if (single(J, "ca"))
		return;
	char id[ID_MAX];
	this_id(J, id);
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_ucal_getKeywordValuesForLocale("calendar", id, 1, &st);
	kit_icu_check(J, st, "calendars");
	push_enum(J, e, "ca", NULL, 0);
}

static void get_collations(js_State *J)
{
	if (single(J, "co"))
		return;
	char id[ID_MAX];
	this_id(J, id);
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_ucol_getKeywordValuesForLocale("collation", id, 1, &st);
	kit_icu_check(J, st, "collations");
	static const char *const skip[] = { "standard", "search", NULL };
	push_enum(J, e, "co", skip, 1);
}

static void get_hour_cycles(js_State *J)
{
	if (single(J, "hc"))
		return;
	char id[ID_MAX];
	this_id(J, id);
	UErrorCode st = U_ZERO_ERROR;
	UDateTimePatternGenerator *g = icu_udatpg_open(id, &st);
	kit_icu_check(J, st, "hourCycles");
	UDateFormatHourCycle hc = icu_udatpg_getDefaultHourCycle(g, &st);
	icu_udatpg_close(g);
	kit_icu_check(J, st, "hourCycles");
	js_newarray(J);
	js_pushstring(J, hc == UDAT_HOUR_CYCLE_11 ? "h11" : hc == UDAT_HOUR_CYCLE_12 ? "h12"
			: hc == UDAT_HOUR_CYCLE_23 ? "h23" : "h24");
	js_setindex(J, -2, 0);
}

static void get_numbering_systems(js_State *J)
{
	if (single(J, "nu"))
		return;
	char id[ID_MAX];
	this_id(J, id);
	UErrorCode st = U_ZERO_ERROR;
	UNumberingSystem *ns = icu_unumsys_open(id, &st);
	kit_icu_check(J, st, "numberingSystems");
	js_newarray(J);
	js_pushstring(J, icu_unumsys_getName(ns));
	js_setindex(J, -2, 0);
	icu_unumsys_close(ns);
}

static void get_time_zones(js_State *J)
{
	locale *l = this_locale(J, "get Intl.Locale.prototype.timeZones");
	tag_parts p;
	split(l->tag, &p);
	if (!p.region[0] || isdigit((unsigned char)p.region[0])) {
		js_pushundefined(J);
		return;
	}
	kit_icu_need(J, &table);
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_ucal_openTimeZoneIDEnumeration(UCAL_ZONE_TYPE_CANONICAL_LOCATION, p.region, NULL, &st);
	kit_icu_check(J, st, "timeZones");
	push_enum(J, e, NULL, NULL, 1);
}

static void get_text_info(js_State *J)
{
	char id[ID_MAX];
	this_id(J, id);
	js_newobject(J);
	kit_intl_set_string(J, "direction", icu_uloc_isRightToLeft(id) ? "rtl" : "ltr");
}

static void get_week_info(js_State *J)
{
	char id[ID_MAX];
	this_id(J, id);
	UErrorCode st = U_ZERO_ERROR;
	UCalendar *cal = icu_ucal_open(NULL, 0, id, UCAL_GREGORIAN, &st);
	kit_icu_check(J, st, "weekInfo");
	int first = icu_ucal_getAttribute(cal, UCAL_FIRST_DAY_OF_WEEK);
	int minimal = icu_ucal_getAttribute(cal, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK);
	int weekend[7], n = 0;
	/* ISO days 1 (Monday) to 7 (Sunday); ICU counts from Sunday = 1 */
	for (int d = 1; d <= 7; d++) {
		UCalendarDaysOfWeek day = (UCalendarDaysOfWeek)(d % 7 + 1);
		UCalendarWeekdayType t = icu_ucal_getDayOfWeekType(cal, day, &st);
		if (t == UCAL_WEEKEND || t == UCAL_WEEKEND_ONSET || t == UCAL_WEEKEND_CEASE)
			weekend[n++] = d;
	}
	icu_ucal_close(cal);
	kit_icu_check(J, st, "weekInfo");
	js_newobject(J);
	kit_intl_set_number(J, "firstDay", first == 1 ? 7 : first - 1);
	js_newarray(J);
	for (int i = 0; i < n; i++) {
		js_pushnumber(J, weekend[i]);
		js_setindex(J, -2, i);
	}
	js_setproperty(J, -2, "weekend");
	kit_intl_set_number(J, "minimalDays", minimal);
}

void kit_intl_locale_install(js_State *J)
{
	kit_intl_new_prototype(J, PROTO, TAG);
	kit_intl_method(J, to_string, "toString", 0);
	kit_intl_method(J, maximize, "maximize", 0);
	kit_intl_method(J, minimize, "minimize", 0);
	kit_intl_getter(J, get_language, "language", "get language");
	kit_intl_getter(J, get_script, "script", "get script");
	kit_intl_getter(J, get_region, "region", "get region");
	kit_intl_getter(J, get_base_name, "baseName", "get baseName");
	kit_intl_getter(J, get_calendar, "calendar", "get calendar");
	kit_intl_getter(J, get_case_first, "caseFirst", "get caseFirst");
	kit_intl_getter(J, get_collation, "collation", "get collation");
	kit_intl_getter(J, get_hour_cycle, "hourCycle", "get hourCycle");
	kit_intl_getter(J, get_numeric, "numeric", "get numeric");
	kit_intl_getter(J, get_numbering_system, "numberingSystem", "get numberingSystem");
	kit_intl_getter(J, get_calendars, "calendars", "get calendars");
	kit_intl_getter(J, get_collations, "collations", "get collations");
	kit_intl_getter(J, get_hour_cycles, "hourCycles", "get hourCycles");
	kit_intl_getter(J, get_numbering_systems, "numberingSystems", "get numberingSystems");
	kit_intl_getter(J, get_text_info, "textInfo", "get textInfo");
	kit_intl_getter(J, get_time_zones, "timeZones", "get timeZones");
	kit_intl_getter(J, get_week_info, "weekInfo", "get weekInfo");
	js_newcconstructor(J, call, construct, "Locale", 1);
	js_defproperty(J, -2, "Locale", JS_DONTENUM);
}
