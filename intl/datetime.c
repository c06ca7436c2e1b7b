/* datetime.c — Intl.DateTimeFormat and Date's locale methods, over ICU's
 * udat (intl/README.md, docs/intl.md "Dates and times").
 *
 * As V8 builds them: the options give a skeleton (`yMMMd`, `jm`…), ICU's
 * pattern generator gives the locale's best pattern for it, the hour cycle
 * is forced into the pattern, and a UDateFormat formats with that pattern
 * in the time zone asked for (the process's TZ by default). dateStyle and
 * timeStyle take the locale's own patterns. resolvedOptions() reads the
 * components back from the pattern, as V8 does.
 *
 * Also here: Date.prototype.toLocale*String (natives over the same
 * constructor, the option-less formatters cached per kind and locale), and
 * __kit_zone_name, the zone's name for Date.prototype.toString, which
 * runtime/mujs-fixes.js takes and deletes. Installing costs no ICU; the
 * libraries load on the first call that formats. */
#include "intl/intl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udateintervalformat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uformattedvalue.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>
#include <unicode/ustring.h>

#include "intl/icu.h"

KIT_ICU_DECL(udat_open);
KIT_ICU_DECL(udat_close);
KIT_ICU_DECL(udat_clone);
KIT_ICU_DECL(udat_toPattern);
KIT_ICU_DECL(udat_formatForFields);
KIT_ICU_DECL(udat_getCalendar);
KIT_ICU_DECL(udat_setCalendar);
KIT_ICU_DECL(udatpg_open);
KIT_ICU_DECL(udatpg_close);
KIT_ICU_DECL(udatpg_getBestPatternWithOptions);
KIT_ICU_DECL(udatpg_getDefaultHourCycle);
KIT_ICU_DECL(udatpg_getSkeleton);
KIT_ICU_DECL(ucal_clone);
KIT_ICU_DECL(ucal_close);
KIT_ICU_DECL(ucal_open);
KIT_ICU_DECL(ucal_setGregorianChange);
KIT_ICU_DECL(ucal_getType);
KIT_ICU_DECL(ucal_getCanonicalTimeZoneID);
KIT_ICU_DECL(ucal_getDefaultTimeZone);
KIT_ICU_DECL(ucal_getKeywordValuesForLocale);
KIT_ICU_DECL(ucal_getTimeZoneDisplayName);
KIT_ICU_DECL(ucal_setMillis);
KIT_ICU_DECL(ucal_get);
KIT_ICU_DECL(uenum_next);
KIT_ICU_DECL(uenum_close);
KIT_ICU_DECL(ufieldpositer_open);
KIT_ICU_DECL(ufieldpositer_next);
KIT_ICU_DECL(ufieldpositer_close);
KIT_ICU_DECL(unumsys_open);
KIT_ICU_DECL(unumsys_openByName);
KIT_ICU_DECL(unumsys_getName);
KIT_ICU_DECL(unumsys_isAlgorithmic);
KIT_ICU_DECL(unumsys_close);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(uloc_toLegacyType);
KIT_ICU_DECL(uloc_toUnicodeLocaleType);
KIT_ICU_DECL(uloc_getDefault);
KIT_ICU_DECL(u_strFromUTF8WithSub);
KIT_ICU_DECL(u_strToUTF8);
KIT_ICU_DECL(udtitvfmt_open);
KIT_ICU_DECL(udtitvfmt_close);
KIT_ICU_DECL(udtitvfmt_openResult);
KIT_ICU_DECL(udtitvfmt_closeResult);
KIT_ICU_DECL(udtitvfmt_formatToResult);
KIT_ICU_DECL(udtitvfmt_resultAsValue);
KIT_ICU_DECL(ufmtval_getString);
KIT_ICU_DECL(ufmtval_nextPosition);
KIT_ICU_DECL(ucfpos_open);
KIT_ICU_DECL(ucfpos_close);
KIT_ICU_DECL(ucfpos_getCategory);
KIT_ICU_DECL(ucfpos_getField);
KIT_ICU_DECL(ucfpos_getIndexes);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(udat_open),
	KIT_ICU_SYM(udat_close),
	KIT_ICU_SYM(udat_clone),
	KIT_ICU_SYM(udat_toPattern),
	KIT_ICU_SYM(udat_formatForFields),
	KIT_ICU_SYM(udat_getCalendar),
	KIT_ICU_SYM(udat_setCalendar),
	KIT_ICU_SYM(udatpg_open),
	KIT_ICU_SYM(udatpg_close),
	KIT_ICU_SYM(udatpg_getBestPatternWithOptions),
	KIT_ICU_SYM(udatpg_getDefaultHourCycle),
	KIT_ICU_SYM(udatpg_getSkeleton),
	KIT_ICU_SYM(ucal_clone),
	KIT_ICU_SYM(ucal_close),
	KIT_ICU_SYM(ucal_open),
	KIT_ICU_SYM(ucal_setGregorianChange),
	KIT_ICU_SYM(ucal_getType),
	KIT_ICU_SYM(ucal_getCanonicalTimeZoneID),
	KIT_ICU_SYM(ucal_getDefaultTimeZone),
	KIT_ICU_SYM(ucal_getKeywordValuesForLocale),
	KIT_ICU_SYM(ucal_getTimeZoneDisplayName),
	KIT_ICU_SYM(ucal_setMillis),
	KIT_ICU_SYM(ucal_get),
	KIT_ICU_SYM(uenum_next),
	KIT_ICU_SYM(uenum_close),
	KIT_ICU_SYM(ufieldpositer_open),
	KIT_ICU_SYM(ufieldpositer_next),
	KIT_ICU_SYM(ufieldpositer_close),
	KIT_ICU_SYM(unumsys_open),
	KIT_ICU_SYM(unumsys_openByName),
	KIT_ICU_SYM(unumsys_getName),
	KIT_ICU_SYM(unumsys_isAlgorithmic),
	KIT_ICU_SYM(unumsys_close),
	KIT_ICU_SYM(uloc_forLanguageTag),
	KIT_ICU_SYM(uloc_toLegacyType),
	KIT_ICU_SYM(uloc_toUnicodeLocaleType),
	KIT_ICU_SYM(uloc_getDefault),
	KIT_ICU_SYM(u_strFromUTF8WithSub),
	KIT_ICU_SYM(u_strToUTF8),
	KIT_ICU_SYM(udtitvfmt_open),
	KIT_ICU_SYM(udtitvfmt_close),
	KIT_ICU_SYM(udtitvfmt_openResult),
	KIT_ICU_SYM(udtitvfmt_closeResult),
	KIT_ICU_SYM(udtitvfmt_formatToResult),
	KIT_ICU_SYM(udtitvfmt_resultAsValue),
	KIT_ICU_SYM(ufmtval_getString),
	KIT_ICU_SYM(ufmtval_nextPosition),
	KIT_ICU_SYM(ucfpos_open),
	KIT_ICU_SYM(ucfpos_close),
	KIT_ICU_SYM(ucfpos_getCategory),
	KIT_ICU_SYM(ucfpos_getField),
	KIT_ICU_SYM(ucfpos_getIndexes),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.DateTimeFormat"
#define PROTO "kit.intl.DateTimeFormat.prototype"
#define SLOTS "kit.intl.DateTimeFormat.bound"
#define SLOT_TABLE "kit.intl.DateTimeFormat.slots"
#define GET_TIME "kit.intl.Date.getTime"
#define PAT_MAX 256
#define TZ_MAX 96
#define OUT_MAX 512

enum { HC_NONE, HC_H11, HC_H12, HC_H23, HC_H24 };
static const char *const hc_names[] = { "h11", "h12", "h23", "h24", NULL };
static const char hc_chars[] = { 0, 'K', 'h', 'H', 'k' };

/* ToDateTimeOptions' required and defaults */
enum { REQ_ANY, REQ_DATE, REQ_TIME };
enum { DEF_DATE, DEF_TIME, DEF_ALL };

static const char *const style_names[] = { "full", "long", "medium", "short", NULL };

typedef struct dtf {
	int refs;  /* the instance and its bound format function */
	kit_intl_bound format;  /* its slot in SLOTS (kit_intl_bound_push) */
	UDateFormat *fmt;
	UDateIntervalFormat *itv;  /* made on the first formatRange */
	char locale[KIT_INTL_TAG_MAX];  /* resolvedOptions().locale */
	char icu[ULOC_FULLNAME_CAPACITY];  /* ICU's id, with the calendar and digits */
	char tz[TZ_MAX];  /* resolvedOptions().timeZone */
	UChar tzid[TZ_MAX];
	int32_t tzlen;
	int hc;  /* [[HourCycle]]: HC_NONE when the pattern has no hour */
	int date_style, time_style;  /* -1, or an index in style_names */
	UChar pattern[PAT_MAX];
	int32_t patlen;
} dtf;

static void dtf_unref(js_State *J, void *data)
{
	dtf *d = data;
	if (--d->refs > 0)
		return;
	if (d->fmt)
		icu_udat_close(d->fmt);
	if (d->itv)
		icu_udtitvfmt_close(d->itv);
	free(d);
}

/* the finalizer of a DateTimeFormat object: its slot is dead */
static void dtf_finalize(js_State *J, void *data)
{
	dtf *d = data;
	kit_intl_bound_drop(&d->format);
	dtf_unref(J, d);
}

/* --- strings --- */

static int32_t to_u16(const char *s, UChar *out, int32_t cap)
{
	int32_t len = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_u_strFromUTF8WithSub(out, cap, &len, s, -1, 0xFFFD, NULL, &st);
	if (U_FAILURE(st) || len >= cap)
		return -1;
	out[len] = 0;
	return len;
}

/* pushes the UTF-16 text as a JS string, U+202F as a space when nnbsp
 * (V8 prints the space in format, not in formatToParts or formatRange) */
static void push_u16(js_State *J, const UChar *s, int32_t len, int nnbsp)
{
	char stack[1024];
	char *volatile buf = stack;
	int32_t need = 0, cap = (int32_t)sizeof stack;
	UChar tmp[OUT_MAX];
	const UChar *src = s;
	if (nnbsp && len <= OUT_MAX) {
		for (int32_t i = 0; i < len; i++)
			tmp[i] = s[i] == 0x202F ? 0x20 : s[i];
		src = tmp;
	}
	UErrorCode st = U_ZERO_ERROR;
	icu_u_strToUTF8(buf, cap, &need, src, len, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR || need >= cap) {
		buf = malloc((size_t)need + 1);
		if (!buf)
			js_error(J, "out of memory");
		st = U_ZERO_ERROR;
		icu_u_strToUTF8(buf, need + 1, &need, src, len, &st);
	}
	buf[need < 0 ? 0 : need] = '\0';
	if (js_try(J)) {
		if (buf != stack)
			free(buf);
		js_throw(J);
	}
	js_pushstring(J, buf);
	js_endtry(J);
	if (buf != stack)
		free(buf);
}

static void u16_to_utf8(const UChar *s, int32_t len, char *out, int32_t cap)
{
	int32_t need = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_u_strToUTF8(out, cap, &need, s, len, &st);
	if (U_FAILURE(st) || need >= cap)
		out[0] = '\0';
	else
		out[need] = '\0';
}

/* --- time zones --- */

static int ascii_upper(int c)
{
	return c >= 'a' && c <= 'z' ? c - 32 : c;
}

static int ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* ICU's spelling of a zone name given in any case, as V8 writes it
 * (`asia/kolkata` → `Asia/Kolkata`, `utc` → `UTC`, `us/pacific` →
 * `US/Pacific`); 0 for characters a zone name never has */
static int title_case_zone(const char *in, char *out, size_t n)
{
	size_t len = strlen(in), word = 0;
	if (len == 0 || len >= n)
		return 0;
	char up[TZ_MAX];
	if (len >= sizeof up)
		return 0;
	for (size_t i = 0; i <= len; i++)
		up[i] = (char)ascii_upper((unsigned char)in[i]);
	if (len == 3) {
		snprintf(out, n, "%s", strcmp(up, "GMT") == 0 ? "UTC" : up);
		return 1;
	}
	if (len == 7 && up[3] >= '0' && up[3] <= '9') {  /* CST6CDT */
		snprintf(out, n, "%s", up);
		return 1;
	}
	if (!strcmp(up, "ETC/UTC") || !strcmp(up, "ETC/GMT") || !strcmp(up, "ETC/UCT") || !strcmp(up, "GMT0") ||
	    !strcmp(up, "GMT+0") || !strcmp(up, "GMT-0")) {
		snprintf(out, n, "UTC");
		return 1;
	}
	if (!strncmp(up, "ETC/GMT", 7)) {  /* Etc/GMT+5 */
		snprintf(out, n, "Etc/GMT%s", in + 7);
		return 1;
	}
	if (!strncmp(up, "SYSTEMV/", 8)) {
		snprintf(out, n, "SystemV/%s", up + 8);
		return 1;
	}
	static const char *const special[] = {
		"America/Argentina/ComodRivadavia", "America/Knox_IN", "Antarctica/DumontDUrville",
		"Antarctica/McMurdo", "Australia/ACT", "Australia/LHI", "Australia/NSW", "Brazil/DeNoronha",
		"Chile/EasterIsland", "GB", "GB-Eire", "Mexico/BajaNorte", "Mexico/BajaSur", "NZ", "NZ-CHAT", "W-SU",
		NULL,
	};
	for (int i = 0; special[i]; i++) {
		size_t k = 0;
		while (special[i][k] && ascii_upper((unsigned char)special[i][k]) == (unsigned char)up[k])
			k++;
		if (!special[i][k] && !up[k]) {
			snprintf(out, n, "%s", special[i]);
			return 1;
		}
	}
	size_t o = 0;
	for (size_t i = 0; i < len; i++) {
		int c = (unsigned char)in[i];
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			out[o++] = (char)(word == 0 ? ascii_upper(c) : ascii_lower(c));
			word++;
		} else if (c == '_' || c == '-' || c == '/') {
			/* "of", "au", "es" stay lower case (Port_of_Spain, Dumont_d'Urville aside) */
			if (word == 2 && (!strncmp(out + o - 2, "Of", 2) || !strncmp(out + o - 2, "Es", 2) ||
					  !strncmp(out + o - 2, "Au", 2)))
				out[o - 2] = (char)ascii_lower((unsigned char)out[o - 2]);
			out[o++] = (char)c;
			word = 0;
		} else {
			return 0;
		}
	}
	out[o] = '\0';
	if (!strncmp(up, "US/", 3) && o >= 2)
		out[1] = 'S';
	return 1;
}

/* resolvedOptions().timeZone of an ICU zone id: the canonical id, `UTC`
 * for Etc/UTC and Etc/GMT */
static void zone_for_js(const UChar *id, int32_t len, char *out, size_t n)
{
	UChar canon[TZ_MAX];
	UBool sys = 0;
	UErrorCode st = U_ZERO_ERROR;
	int32_t clen = icu_ucal_getCanonicalTimeZoneID(id, len, canon, TZ_MAX, &sys, &st);
	if (U_FAILURE(st) || clen >= TZ_MAX) {
		u16_to_utf8(id, len, out, (int32_t)n);
		return;
	}
	u16_to_utf8(canon, clen, out, (int32_t)n);
	if (!strcmp(out, "Etc/UTC") || !strcmp(out, "Etc/GMT"))
		snprintf(out, n, "UTC");
}

/* a time zone option: ICU's id in d->tzid, the name to report in d->tz;
 * RangeError for a name that is not one of ICU's zones */
static void resolve_zone(js_State *J, dtf *d, const char *given)
{
	char name[TZ_MAX];
	if (!title_case_zone(given, name, sizeof name))
		js_rangeerror(J, "Invalid time zone specified: %s", given);
	d->tzlen = to_u16(name, d->tzid, TZ_MAX);
	UChar canon[TZ_MAX];
	UBool sys = 0;
	UErrorCode st = U_ZERO_ERROR;
	int32_t clen = d->tzlen < 0 ? 0 : icu_ucal_getCanonicalTimeZoneID(d->tzid, d->tzlen, canon, TZ_MAX, &sys, &st);
	if (d->tzlen < 0 || U_FAILURE(st) || !sys || clen >= TZ_MAX)
		js_rangeerror(J, "Invalid time zone specified: %s", given);
	canon[clen] = 0;
	char c8[TZ_MAX];
	u16_to_utf8(canon, clen, c8, sizeof c8);
	if (!strcmp(c8, "Etc/Unknown"))
		js_rangeerror(J, "Invalid time zone specified: %s", given);
	zone_for_js(d->tzid, d->tzlen, d->tz, sizeof d->tz);
}

static void default_zone(dtf *d)
{
	UErrorCode st = U_ZERO_ERROR;
	d->tzlen = icu_ucal_getDefaultTimeZone(d->tzid, TZ_MAX, &st);
	if (U_FAILURE(st) || d->tzlen >= TZ_MAX) {
		d->tzlen = to_u16("UTC", d->tzid, TZ_MAX);
	}
	d->tzid[d->tzlen] = 0;
	zone_for_js(d->tzid, d->tzlen, d->tz, sizeof d->tz);
}

/* --- locale keys --- */

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)ascii_lower((unsigned char)*s);
}

/* a calendar ICU has for the locale (`gregory`, `buddhist`, `japanese`…) */
static int valid_calendar(const char *base, const char *ca)
{
	const char *legacy = icu_uloc_toLegacyType("ca", ca);
	if (!legacy)
		return 0;
	UErrorCode st = U_ZERO_ERROR;
	UEnumeration *e = icu_ucal_getKeywordValuesForLocale("calendar", base, 0, &st);
	if (U_FAILURE(st))
		return 0;
	int found = 0;
	const char *v;
	while (!found && (v = icu_uenum_next(e, NULL, &st)) && U_SUCCESS(st))
		found = !strcmp(v, legacy) || !strcmp(v, ca);
	icu_uenum_close(e);
	return found;
}

/* a numbering system with digits (`arab`, `latn`…, not the algorithmic
 * `roman`) */
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

static int hc_from_name(const char *s)
{
	for (int i = 0; hc_names[i]; i++)
		if (!strcmp(s, hc_names[i]))
			return i + 1;
	return HC_NONE;
}

static int hc_from_pattern(const UChar *p, int32_t len)
{
	int quoted = 0;
	for (int32_t i = 0; i < len; i++) {
		if (p[i] == '\'')
			quoted = !quoted;
		else if (!quoted && (p[i] == 'K' || p[i] == 'h' || p[i] == 'H' || p[i] == 'k'))
			return p[i] == 'K' ? HC_H11 : p[i] == 'h' ? HC_H12 : p[i] == 'H' ? HC_H23 : HC_H24;
	}
	return HC_NONE;
}

/* the pattern's hour letters (outside quotes) made hc's */
static void force_hour_cycle(UChar *p, int32_t len, int hc)
{
	if (hc == HC_NONE)
		return;
	int quoted = 0;
	for (int32_t i = 0; i < len; i++) {
		if (p[i] == '\'')
			quoted = !quoted;
		else if (!quoted && (p[i] == 'K' || p[i] == 'h' || p[i] == 'H' || p[i] == 'k'))
			p[i] = (UChar)hc_chars[hc];
	}
}

/* the locale's best pattern for a skeleton, with the hour cycle forced */
static int32_t best_pattern(UDateTimePatternGenerator *gen, const UChar *skel, int32_t slen, int hc, UChar *out)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = icu_udatpg_getBestPatternWithOptions(gen, skel, slen, UDATPG_MATCH_HOUR_FIELD_LENGTH, out,
							   PAT_MAX, &st);
	if (U_FAILURE(st) || len >= PAT_MAX)
		return -1;
	out[len] = 0;
	force_hour_cycle(out, len, hc);
	return len;
}

/* the component options, in the order V8 reads them, with their skeleton
 * letters for each value */
typedef struct component {
	const char *name;
	const char *const *values;
	const char *const *letters;  /* per value; the hour's depend on the cycle */
} component;

static const char *const v_nls[] = { "narrow", "long", "short", NULL };
static const char *const v_2n[] = { "2-digit", "numeric", NULL };
static const char *const v_month[] = { "narrow", "long", "short", "2-digit", "numeric", NULL };
static const char *const v_tzn[] = { "long", "short", "longOffset", "shortOffset", "longGeneric", "shortGeneric", NULL };
static const char *const l_weekday[] = { "EEEEE", "EEEE", "EEE" };
static const char *const l_era[] = { "GGGGG", "GGGG", "GGG" };
static const char *const l_year[] = { "yy", "y" };
static const char *const l_month[] = { "MMMMM", "MMMM", "MMM", "MM", "M" };
static const char *const l_day[] = { "dd", "d" };
static const char *const l_period[] = { "BBBBB", "BBBB", "B" };
static const char *const l_minute[] = { "mm", "m" };
static const char *const l_second[] = { "ss", "s" };
static const char *const l_tzn[] = { "zzzz", "z", "OOOO", "O", "vvvv", "v" };

enum { C_WEEKDAY, C_ERA, C_YEAR, C_MONTH, C_DAY, C_PERIOD, C_HOUR, C_MINUTE, C_SECOND, C_TZN, C_COUNT };

static const component components[C_COUNT] = {
	{ "weekday", v_nls, l_weekday },   { "era", v_nls, l_era },	       { "year", v_2n, l_year },
	{ "month", v_month, l_month },     { "day", v_2n, l_day },	       { "dayPeriod", v_nls, l_period },
	{ "hour", v_2n, NULL },		   { "minute", v_2n, l_minute },       { "second", v_2n, l_second },
	{ "timeZoneName", v_tzn, l_tzn },
};

/* resolvedOptions' reading of a pattern: each component's letters (longest
 * first) and the value they mean, found anywhere in the pattern as V8 does */
typedef struct readback {
	const char *letters, *value;
} readback;

static const readback rb_weekday[] = { { "EEEEE", "narrow" }, { "EEEE", "long" }, { "EEE", "short" },
				       { "ccccc", "narrow" }, { "cccc", "long" }, { "ccc", "short" }, { NULL, NULL } };
static const readback rb_era[] = { { "GGGGG", "narrow" }, { "GGGG", "long" }, { "GGG", "short" }, { NULL, NULL } };
static const readback rb_year[] = { { "yy", "2-digit" }, { "y", "numeric" }, { NULL, NULL } };
static const readback rb_month[] = { { "MMMMM", "narrow" }, { "MMMM", "long" }, { "MMM", "short" },
				     { "MM", "2-digit" },   { "M", "numeric" }, { "LLLLL", "narrow" },
				     { "LLLL", "long" },    { "LLL", "short" }, { "LL", "2-digit" },
				     { "L", "numeric" },    { NULL, NULL } };
static const readback rb_day[] = { { "dd", "2-digit" }, { "d", "numeric" }, { NULL, NULL } };
static const readback rb_period[] = { { "BBBBB", "narrow" }, { "bbbbb", "narrow" }, { "BBBB", "long" },
				      { "bbbb", "long" },    { "B", "short" },	    { "b", "short" },
				      { NULL, NULL } };
static const readback rb_hour[] = { { "HH", "2-digit" }, { "H", "numeric" }, { "hh", "2-digit" }, { "h", "numeric" },
				    { "kk", "2-digit" }, { "k", "numeric" }, { "KK", "2-digit" }, { "K", "numeric" },
				    { NULL, NULL } };
static const readback rb_minute[] = { { "mm", "2-digit" }, { "m", "numeric" }, { NULL, NULL } };
static const readback rb_second[] = { { "ss", "2-digit" }, { "s", "numeric" }, { NULL, NULL } };
static const readback rb_tzn[] = { { "zzzz", "long" },	       { "z", "short" },	 { "OOOO", "longOffset" },
				   { "O", "shortOffset" }, { "vvvv", "longGeneric" }, { "v", "shortGeneric" },
				   { NULL, NULL } };
static const readback *const readbacks[C_COUNT] = { rb_weekday, rb_era,	   rb_year,   rb_month,	 rb_day,
						    rb_period,	rb_hour,   rb_minute, rb_second, rb_tzn };

/* the ICU locale id for base plus the calendar and numbering keys */
static void icu_id(const char *base, const char *ca, const char *hc, const char *nu, char *out, size_t n)
{
	char tag[KIT_INTL_TAG_MAX * 2];
	snprintf(tag, sizeof tag, "%s%s%s%s%s%s%s%s", base, (ca[0] || hc[0] || nu[0]) ? "-u" : "", ca[0] ? "-ca-" : "",
		 ca, hc[0] ? "-hc-" : "", hc, nu[0] ? "-nu-" : "", nu);
	UErrorCode st = U_ZERO_ERROR;
	int32_t parsed = 0;
	icu_uloc_forLanguageTag(tag, out, (int32_t)n, &parsed, &st);
	if (U_FAILURE(st) && n > 0) {
		size_t len = strlen(base);
		if (len >= n)
			len = n - 1;
		memcpy(out, base, len);
		out[len] = '\0';
	}
}

/* what the locale and its options resolve to, before the pattern */
typedef struct resolved {
	char base[KIT_INTL_TAG_MAX], ext[KIT_INTL_TAG_MAX];
	char ca[64], nu[64], hcx[16];  /* for ICU's locale */
	char ca_key[64], nu_key[64], hc_key[16];  /* the -u- keys reported, when kept */
	int keep_ca, keep_nu, keep_hc;
	int hour12, hc_opt, hc_given;
} resolved;

/* localeMatcher, calendar, numberingSystem, hour12, hourCycle, then
 * ResolveLocale: the -u- keys that stay are the valid ones an option does
 * not override */
static void resolve_locale(js_State *J, int list, int opts, resolved *r)
{
	kit_intl_option_matcher(J, opts, TAG);
	char ca_opt[64] = "", nu_opt[64] = "";
	if (kit_intl_option_string(J, opts, "calendar", ca_opt, sizeof ca_opt) && !kit_intl_is_type(ca_opt))
		js_rangeerror(J, "Invalid calendar : %s", ca_opt);
	if (kit_intl_option_string(J, opts, "numberingSystem", nu_opt, sizeof nu_opt) && !kit_intl_is_type(nu_opt))
		js_rangeerror(J, "Invalid numberingSystem : %s", nu_opt);
	lower(ca_opt);  /* (V8 takes `ISLAMIC-civil`, not `ARAB`: ICU's keywords ignore case, its numbering names do not) */
	r->hour12 = kit_intl_option_bool(J, opts, "hour12", -1);
	r->hc_given = r->hc_opt = kit_intl_option_enum(J, opts, TAG, "hourCycle", hc_names, -1) + 1;  /* HC_NONE when absent */
	if (r->hour12 >= 0)
		r->hc_opt = HC_NONE;

	kit_intl_resolve(J, list, r->base, r->ext);
	if (kit_intl_unicode_key(r->ext, "ca", r->ca_key, sizeof r->ca_key) && valid_calendar(r->base, r->ca_key))
		snprintf(r->ca, sizeof r->ca, "%s", r->ca_key);
	else
		r->ca_key[0] = '\0';
	if (kit_intl_unicode_key(r->ext, "nu", r->nu_key, sizeof r->nu_key) && valid_numbering(r->nu_key))
		snprintf(r->nu, sizeof r->nu, "%s", r->nu_key);
	else
		r->nu_key[0] = '\0';
	if (kit_intl_unicode_key(r->ext, "hc", r->hc_key, sizeof r->hc_key) && hc_from_name(r->hc_key))
		snprintf(r->hcx, sizeof r->hcx, "%s", r->hc_key);
	else
		r->hc_key[0] = '\0';
	r->keep_ca = r->ca_key[0] != '\0';
	r->keep_nu = r->nu_key[0] != '\0';
	r->keep_hc = r->hc_key[0] != '\0';
	if (ca_opt[0] && r->keep_ca && strcmp(r->ca_key, ca_opt)) {
		r->keep_ca = 0;
		r->ca[0] = '\0';
	}
	if (nu_opt[0] && r->keep_nu && strcmp(r->nu_key, nu_opt)) {
		r->keep_nu = 0;
		r->nu[0] = '\0';
	}
	if (ca_opt[0] && valid_calendar(r->base, ca_opt))
		snprintf(r->ca, sizeof r->ca, "%s", ca_opt);
	if (nu_opt[0] && valid_numbering(nu_opt))
		snprintf(r->nu, sizeof r->nu, "%s", nu_opt);
}

/* the hour cycle: hourCycle or -u-hc-, else the locale's; hour12 picks the
 * cycle that starts where the locale's does (0 or 1): h11 or h23 for a
 * locale whose hours start at 0, h12 or h24 otherwise (Node 20's V8: `de`
 * with hour12 gives h11, `en` with hour12:false h24) */
static int hour_cycle(UDateTimePatternGenerator *gen, const resolved *r)
{
	int hc_default = HC_NONE, hc = HC_NONE;
	UErrorCode st = U_ZERO_ERROR;
	UDateFormatHourCycle dh = icu_udatpg_getDefaultHourCycle(gen, &st);
	if (U_SUCCESS(st))
		hc_default = dh == UDAT_HOUR_CYCLE_11 ? HC_H11 : dh == UDAT_HOUR_CYCLE_12 ? HC_H12
			     : dh == UDAT_HOUR_CYCLE_23 ? HC_H23 : HC_H24;
	if (r->hc_opt != HC_NONE)
		hc = r->hc_opt;
	else if (r->hcx[0])
		hc = hc_from_name(r->hcx);
	int from_zero = hc_default == HC_H11 || hc_default == HC_H23;
	if (r->hour12 == 1)
		return from_zero ? HC_H11 : HC_H12;
	if (r->hour12 == 0)
		return from_zero ? HC_H23 : HC_H24;
	return hc == HC_NONE ? hc_default : hc;
}

/* bits of what read_components found */
enum { EX_ANY = 1, EX_DATE = 2, EX_TIME = 4, EX_HOUR = 8 };

/* the component options in V8's order, into a skeleton (hour letters of
 * the cycle hc); *first gets the first one given, for the TypeError */
static int read_components(js_State *J, int opts, int hc, char skel[64], const char **first)
{
	int explicit = 0;
	for (int c = 0; c < C_COUNT; c++) {
		if (c == C_TZN) {
			int fsd = kit_intl_option_int(J, opts, "fractionalSecondDigits", 1, 3, 0);
			if (fsd > 0) {
				explicit |= EX_ANY | EX_TIME;
				if (!*first)
					*first = "fractionalSecondDigits";
			}
			for (int i = 0; i < fsd; i++)
				strcat(skel, "S");
		}
		int v = kit_intl_option_enum(J, opts, TAG, components[c].name, components[c].values, -1);
		if (v < 0)
			continue;
		explicit |= EX_ANY;
		if (!*first)
			*first = components[c].name;
		if (c == C_HOUR) {
			explicit |= EX_HOUR;
			char h[3] = { hc == HC_NONE ? 'j' : hc_chars[hc], 0, 0 };
			if (v == 0)
				h[1] = h[0];
			strcat(skel, h);
		} else {
			strcat(skel, components[c].letters[v]);
		}
		if (c == C_WEEKDAY || c == C_YEAR || c == C_MONTH || c == C_DAY)
			explicit |= EX_DATE;
		if (c == C_PERIOD || c == C_HOUR || c == C_MINUTE || c == C_SECOND)
			explicit |= EX_TIME;
	}
	return explicit;
}

/* dateStyle/timeStyle: the locale's pattern; with a time whose hour cycle
 * is not dhc, the style's skeleton with dhc's hour letters (am/pm
 * dropped) through the generator again, as V8 */
static void style_pattern(js_State *J, dtf *d, UDateTimePatternGenerator *gen, int dhc)
{
	UErrorCode st = U_ZERO_ERROR;
	UDateFormat *f = icu_udat_open(d->time_style >= 0 ? (UDateFormatStyle)d->time_style : UDAT_NONE,
				       d->date_style >= 0 ? (UDateFormatStyle)d->date_style : UDAT_NONE, d->icu, d->tzid,
				       d->tzlen, NULL, 0, &st);
	kit_icu_check(J, st, "udat_open");
	d->patlen = icu_udat_toPattern(f, 0, d->pattern, PAT_MAX, &st);
	icu_udat_close(f);
	if (U_FAILURE(st) || d->patlen >= PAT_MAX)
		kit_icu_check(J, U_BUFFER_OVERFLOW_ERROR, "udat_toPattern");
	d->pattern[d->patlen] = 0;
	if (d->time_style < 0 || dhc == hc_from_pattern(d->pattern, d->patlen))
		return;
	UChar sk[PAT_MAX], sk2[PAT_MAX];
	int32_t sl = icu_udatpg_getSkeleton(NULL, d->pattern, d->patlen, sk, PAT_MAX, &st);
	kit_icu_check(J, st, "udatpg_getSkeleton");
	int32_t k = 0;
	for (int32_t i = 0; i < sl && i < PAT_MAX; i++) {
		UChar ch = sk[i];
		if (ch == 'a' || ch == 'b' || ch == 'B')
			continue;
		if (ch == 'h' || ch == 'H' || ch == 'K' || ch == 'k')
			ch = (UChar)hc_chars[dhc];
		sk2[k++] = ch;
	}
	d->patlen = best_pattern(gen, sk2, k, dhc, d->pattern);
	if (d->patlen < 0)
		kit_icu_check(J, U_BUFFER_OVERFLOW_ERROR, "udatpg_getBestPattern");
}

/* the formatter for d's pattern, proleptic Gregorian as ECMAScript's dates */
static void open_format(js_State *J, dtf *d)
{
	UErrorCode st = U_ZERO_ERROR;
	d->fmt = icu_udat_open(UDAT_PATTERN, UDAT_PATTERN, d->icu, d->tzid, d->tzlen, d->pattern, d->patlen, &st);
	kit_icu_check(J, st, "udat_open");
	const UCalendar *cal = icu_udat_getCalendar(d->fmt);
	const char *type = icu_ucal_getType(cal, &st);
	if (U_SUCCESS(st) && (!strcmp(type, "gregorian") || !strcmp(type, "iso8601"))) {
		UCalendar *c2 = icu_ucal_clone(cal, &st);
		if (U_SUCCESS(st)) {
			icu_ucal_setGregorianChange(c2, -9007199254740992.0, &st);
			icu_udat_setCalendar(d->fmt, c2);
			icu_ucal_close(c2);
		}
	}
}

/* resolvedOptions().locale: the base and the -u- keys kept (-hc- only when
 * hour12/hourCycle agree with it) */
static void report_locale(dtf *d, resolved *r)
{
	if ((r->hour12 >= 0 || r->hc_given != HC_NONE) && r->keep_hc && hc_from_name(r->hc_key) != d->hc)
		r->keep_hc = 0;
	char tag[KIT_INTL_TAG_MAX * 2];
	snprintf(tag, sizeof tag, "%s%s%s%s%s%s%s%s", r->base, (r->keep_ca || r->keep_hc || r->keep_nu) ? "-u" : "",
		 r->keep_ca ? "-ca-" : "", r->keep_ca ? r->ca_key : "", r->keep_hc ? "-hc-" : "",
		 r->keep_hc ? r->hc_key : "", r->keep_nu ? "-nu-" : "", r->keep_nu ? r->nu_key : "");
	memcpy(d->locale, tag, sizeof d->locale - 1);
}

/* pushes a new DateTimeFormat for the locales and options at the given
 * indices, as CreateDateTimeFormat(required, defaults) */
static void create(js_State *J, int locidx, int optidx, int required, int defaults)
{
	kit_icu_need(J, &table);
	if (locidx < 0)
		locidx += js_gettop(J);
	if (optidx < 0)
		optidx += js_gettop(J);
	kit_intl_canonical_list(J, locidx);
	int list = js_gettop(J) - 1;
	int opts = kit_intl_options(J, optidx);
	resolved r;
	memset(&r, 0, sizeof r);
	resolve_locale(J, list, opts, &r);

	dtf *d = kit_intl_calloc(J, sizeof *d);
	d->refs = 1;
	d->format = (kit_intl_bound)KIT_INTL_BOUND_INIT;
	d->date_style = d->time_style = -1;
	UDateTimePatternGenerator *volatile gen = NULL;
	if (js_try(J)) {
		if (gen)
			icu_udatpg_close(gen);
		dtf_unref(J, d);
		js_throw(J);
	}
	icu_id(r.base, r.ca, r.hcx, r.nu, d->icu, sizeof d->icu);
	UErrorCode st = U_ZERO_ERROR;
	gen = icu_udatpg_open(d->icu, &st);
	if (U_FAILURE(st)) {
		st = U_ZERO_ERROR;
		gen = icu_udatpg_open("root", &st);
	}
	kit_icu_check(J, st, "udatpg_open");
	int hc = hour_cycle(gen, &r);

	js_getproperty(J, opts, "timeZone");
	if (js_isundefined(J, -1))
		default_zone(d);
	else
		resolve_zone(J, d, js_tostring(J, -1));
	js_pop(J, 1);

	char skel[64] = "";
	const char *first = NULL;
	int explicit = read_components(J, opts, hc, skel, &first);
	static const char *const fm[] = { "basic", "best fit", NULL };
	kit_intl_option_enum(J, opts, TAG, "formatMatcher", fm, 1);
	d->date_style = kit_intl_option_enum(J, opts, TAG, "dateStyle", style_names, -1);
	d->time_style = kit_intl_option_enum(J, opts, TAG, "timeStyle", style_names, -1);

	if (d->date_style >= 0 || d->time_style >= 0) {
		if (explicit)
			js_typeerror(J, "Can't set option %s when %s is used", first,
				     d->date_style >= 0 ? "dateStyle" : "timeStyle");
		if (required == REQ_DATE && d->time_style >= 0)
			js_typeerror(J, "Invalid option : timeStyle");
		if (required == REQ_TIME && d->date_style >= 0)
			js_typeerror(J, "Invalid option : dateStyle");
		d->hc = d->time_style >= 0 ? hc : HC_NONE;
		style_pattern(J, d, gen, d->hc);
	} else {
		/* ToDateTimeOptions' defaults when no component of the kind required was given */
		int need = !((required != REQ_TIME && (explicit & EX_DATE)) || (required != REQ_DATE && (explicit & EX_TIME)));
		if (need && (defaults == DEF_DATE || defaults == DEF_ALL))
			strcat(skel, "yMd");
		if (need && (defaults == DEF_TIME || defaults == DEF_ALL))
			strcat(skel, hc == HC_H12 ? "hms" : hc == HC_H11 ? "Kms" : hc == HC_H24 ? "kms" : "Hms");
		d->hc = (explicit & EX_HOUR) ? hc : HC_NONE;
		UChar usk[64];
		int32_t sl = to_u16(skel, usk, 64);
		d->patlen = best_pattern(gen, usk, sl, d->hc, d->pattern);
		if (d->patlen < 0)
			kit_icu_check(J, U_BUFFER_OVERFLOW_ERROR, "udatpg_getBestPattern");
	}
	icu_udatpg_close(gen);
	gen = NULL;
	open_format(J, d);
	report_locale(d, &r);
	js_endtry(J);

	js_pop(J, 2);  /* the list and the options */
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, d, dtf_finalize);
}

/* the time value of a format argument: now for undefined, else ToNumber,
 * TimeClip'd; RangeError for NaN */
static double date_value(js_State *J, int idx)
{
	double x;
	if (js_isundefined(J, idx)) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		x = floor(ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6);
	} else {
		x = js_tonumber(J, idx);
	}
	if (!isfinite(x) || fabs(x) > 8.64e15)
		js_rangeerror(J, "Invalid time value");
	return trunc(x) + 0.0;
}

static int32_t format_u16(js_State *J, UDateFormat *f, double x, UChar *out, int32_t cap, UFieldPositionIterator *fp)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = icu_udat_formatForFields(f, x, out, cap, fp, &st);
	if (U_FAILURE(st) || len >= cap)
		js_rangeerror(J, "Invalid time value");
	out[len] = 0;
	return len;
}

static const char *field_type(int field)
{
	switch (field) {
	case UDAT_YEAR_FIELD:
	case UDAT_EXTENDED_YEAR_FIELD: return "year";
	case UDAT_YEAR_NAME_FIELD: return "yearName";
	case UDAT_MONTH_FIELD:
	case UDAT_STANDALONE_MONTH_FIELD: return "month";
	case UDAT_DATE_FIELD: return "day";
	case UDAT_HOUR_OF_DAY1_FIELD:
	case UDAT_HOUR_OF_DAY0_FIELD:
	case UDAT_HOUR1_FIELD:
	case UDAT_HOUR0_FIELD: return "hour";
	case UDAT_MINUTE_FIELD: return "minute";
	case UDAT_SECOND_FIELD: return "second";
	case UDAT_DAY_OF_WEEK_FIELD:
	case UDAT_DOW_LOCAL_FIELD:
	case UDAT_STANDALONE_DAY_FIELD: return "weekday";
	case UDAT_AM_PM_FIELD:
	case UDAT_AM_PM_MIDNIGHT_NOON_FIELD:
	case UDAT_FLEXIBLE_DAY_PERIOD_FIELD: return "dayPeriod";
	case UDAT_TIMEZONE_FIELD:
	case UDAT_TIMEZONE_RFC_FIELD:
	case UDAT_TIMEZONE_GENERIC_FIELD:
	case UDAT_TIMEZONE_SPECIAL_FIELD:
	case UDAT_TIMEZONE_LOCALIZED_GMT_OFFSET_FIELD:
	case UDAT_TIMEZONE_ISO_FIELD:
	case UDAT_TIMEZONE_ISO_LOCAL_FIELD: return "timeZoneName";
	case UDAT_ERA_FIELD: return "era";
	case UDAT_FRACTIONAL_SECOND_FIELD: return "fractionalSecond";
	case UDAT_RELATED_YEAR_FIELD: return "relatedYear";
	default: return "literal";
	}
}

/* appends {type, value[, source]} to the array on top */
static void push_part(js_State *J, int *n, const char *type, const UChar *s, int32_t len, const char *source,
		      int nnbsp)
{
	if (len <= 0)
		return;
	js_newobject(J);
	kit_intl_set_string(J, "type", type);
	push_u16(J, s, len, nnbsp);
	js_setproperty(J, -2, "value");
	if (source) {
		kit_intl_set_string(J, "source", source);
	}
	js_setindex(J, -2, (*n)++);
}

static void format_to_parts(js_State *J, UDateFormat *f, double x, const char *source, int *n)
{
	UChar out[OUT_MAX];
	UErrorCode st = U_ZERO_ERROR;
	UFieldPositionIterator *fp = icu_ufieldpositer_open(&st);
	kit_icu_check(J, st, "ufieldpositer_open");
	if (js_try(J)) {
		icu_ufieldpositer_close(fp);
		js_throw(J);
	}
	int32_t len = format_u16(J, f, x, out, OUT_MAX, fp);
	int32_t at = 0, b, e;
	int field;
	while ((field = icu_ufieldpositer_next(fp, &b, &e)) >= 0) {
		if (b < at)
			continue;  /* a field inside another */
		push_part(J, n, "literal", out + at, b - at, source, 0);
		push_part(J, n, field_type(field), out + b, e - b, source, 0);
		at = e;
	}
	push_part(J, n, "literal", out + at, len - at, source, 0);
	js_endtry(J);
	icu_ufieldpositer_close(fp);
}

static void push_formatted(js_State *J, UDateFormat *f, double x)
{
	UChar out[OUT_MAX];
	int32_t len = format_u16(J, f, x, out, OUT_MAX, NULL);
	push_u16(J, out, len, 1);
}

/* the bound format function: its data is the dtf */
static void bound_format(js_State *J)
{
	dtf *d = js_currentfunctiondata(J);
	push_formatted(J, d->fmt, date_value(J, 1));
}

static void p_format_get(js_State *J)
{
	static const kit_intl_bound_kind kind = { SLOTS, SLOT_TABLE, bound_format, 1, dtf_unref };
	dtf *d = kit_intl_this(J, TAG, "Intl.DateTimeFormat.prototype.format");
	kit_intl_bound_push(J, &kind, &d->format, d, &d->refs);
}

static void p_format_to_parts(js_State *J)
{
	dtf *d = kit_intl_this(J, TAG, "Intl.DateTimeFormat.prototype.formatToParts");
	double x = date_value(J, 1);
	js_newarray(J);
	int n = 0;
	format_to_parts(J, d->fmt, x, NULL, &n);
}

static void interval(js_State *J, dtf *d)
{
	if (d->itv)
		return;
	UChar sk[PAT_MAX];
	UErrorCode st = U_ZERO_ERROR;
	int32_t sl = icu_udatpg_getSkeleton(NULL, d->pattern, d->patlen, sk, PAT_MAX, &st);
	kit_icu_check(J, st, "udatpg_getSkeleton");
	char id[ULOC_FULLNAME_CAPACITY + 16];
	if (d->hc != HC_NONE)
		snprintf(id, sizeof id, "%s%shours=%s", d->icu, strchr(d->icu, '@') ? ";" : "@", hc_names[d->hc - 1]);
	else
		snprintf(id, sizeof id, "%s", d->icu);
	st = U_ZERO_ERROR;
	d->itv = icu_udtitvfmt_open(id, sk, sl, d->tzid, d->tzlen, &st);
	kit_icu_check(J, st, "udtitvfmt_open");
}

/* formatRange (parts 0) and formatRangeToParts (parts 1) */
static void format_range(js_State *J, int parts)
{
	dtf *d = kit_intl_this(J, TAG, parts ? "Intl.DateTimeFormat.prototype.formatRangeToParts"
					   : "Intl.DateTimeFormat.prototype.formatRange");
	if (js_isundefined(J, 1) || js_isundefined(J, 2))
		js_typeerror(J, "startDate or endDate is undefined");
	double x = date_value(J, 1), y = date_value(J, 2);
	interval(J, d);
	UErrorCode st = U_ZERO_ERROR;
	UFormattedDateInterval *res = icu_udtitvfmt_openResult(&st);
	kit_icu_check(J, st, "udtitvfmt_openResult");
	UConstrainedFieldPosition *pos = NULL;
	if (js_try(J)) {
		if (pos)
			icu_ucfpos_close(pos);
		icu_udtitvfmt_closeResult(res);
		js_throw(J);
	}
	icu_udtitvfmt_formatToResult(d->itv, x, y, res, &st);
	kit_icu_check(J, st, "udtitvfmt_formatToResult");
	const UFormattedValue *val = icu_udtitvfmt_resultAsValue(res, &st);
	int32_t len = 0;
	const UChar *text = icu_ufmtval_getString(val, &len, &st);
	kit_icu_check(J, st, "ufmtval_getString");
	pos = icu_ucfpos_open(&st);
	kit_icu_check(J, st, "ucfpos_open");
	/* the spans (start and end) and the date fields */
	int32_t span[2][2] = { { -1, -1 }, { -1, -1 } };
	int32_t fb[64], fe[64];
	int ff[64], nf = 0;
	while (icu_ufmtval_nextPosition(val, pos, &st) && U_SUCCESS(st)) {
		int32_t b, e;
		icu_ucfpos_getIndexes(pos, &b, &e, &st);
		int cat = icu_ucfpos_getCategory(pos, &st), field = icu_ucfpos_getField(pos, &st);
		if (cat == UFIELD_CATEGORY_DATE_INTERVAL_SPAN && field >= 0 && field < 2) {
			span[field][0] = b;
			span[field][1] = e;
		} else if (cat == UFIELD_CATEGORY_DATE && nf < 64) {
			fb[nf] = b;
			fe[nf] = e;
			ff[nf++] = field;
		}
	}
	if (span[0][0] < 0 && span[1][0] < 0) {
		/* practically equal: the one date, every part shared */
		js_endtry(J);
		icu_ucfpos_close(pos);
		icu_udtitvfmt_closeResult(res);
		if (!parts) {
			push_formatted(J, d->fmt, x);
		} else {
			js_newarray(J);
			int n = 0;
			format_to_parts(J, d->fmt, x, "shared", &n);
		}
		return;
	}
	if (!parts) {
		push_u16(J, text, len, 0);
	} else {
		js_newarray(J);
		int n = 0;
		int32_t at = 0;
		for (int i = 0; i <= nf; i++) {
			int32_t b = i < nf ? fb[i] : len, e = i < nf ? fe[i] : len;
			if (b < at)
				continue;
			/* the literal text before the field, cut at span edges */
			while (at < b) {
				int32_t stop = b;
				const char *src = "shared";
				for (int k = 0; k < 2; k++) {
					if (at >= span[k][0] && at < span[k][1]) {
						src = k ? "endRange" : "startRange";
						if (span[k][1] < stop)
							stop = span[k][1];
					} else if (span[k][0] > at && span[k][0] < stop) {
						stop = span[k][0];
					}
				}
				push_part(J, &n, "literal", text + at, stop - at, src, 0);
				at = stop;
			}
			if (i < nf) {
				const char *src = "shared";
				for (int k = 0; k < 2; k++)
					if (b >= span[k][0] && b < span[k][1])
						src = k ? "endRange" : "startRange";
				push_part(J, &n, field_type(ff[i]), text + b, e - b, src, 0);
				at = e;
			}
		}
	}
	js_endtry(J);
	icu_ucfpos_close(pos);
	icu_udtitvfmt_closeResult(res);
}

static void p_format_range(js_State *J)
{
	format_range(J, 0);
}

static void p_format_range_to_parts(js_State *J)
{
	format_range(J, 1);
}

static void p_resolved_options(js_State *J)
{
	dtf *d = kit_intl_this(J, TAG, "Intl.DateTimeFormat.prototype.resolvedOptions");
	js_newobject(J);
	kit_intl_set_string(J, "locale", d->locale);
	UErrorCode st = U_ZERO_ERROR;
	const char *type = icu_ucal_getType(icu_udat_getCalendar(d->fmt), &st);
	const char *ca = U_SUCCESS(st) ? icu_uloc_toUnicodeLocaleType("ca", type) : NULL;
	kit_intl_set_string(J, "calendar", ca ? ca : U_SUCCESS(st) ? type : "gregory");
	st = U_ZERO_ERROR;
	UNumberingSystem *ns = icu_unumsys_open(d->icu, &st);
	if (U_SUCCESS(st) && ns) {
		kit_intl_set_string(J, "numberingSystem", icu_unumsys_getName(ns));
		icu_unumsys_close(ns);
	}
	kit_intl_set_string(J, "timeZone", d->tz);
	if (d->hc != HC_NONE) {
		kit_intl_set_string(J, "hourCycle", hc_names[d->hc - 1]);
		js_pushboolean(J, d->hc == HC_H11 || d->hc == HC_H12);
		js_setproperty(J, -2, "hour12");
	}
	if (d->date_style < 0 && d->time_style < 0) {
		char pat[PAT_MAX * 3];
		u16_to_utf8(d->pattern, d->patlen, pat, sizeof pat);
		for (int c = 0; c < C_COUNT; c++) {
			if (c == C_TZN) {
				int fsd = 0;
				for (const char *p = pat; *p && fsd < 3; p++)
					fsd += *p == 'S';
				if (fsd > 0) {
					kit_intl_set_number(J, "fractionalSecondDigits", fsd);
				}
			}
			for (const readback *r = readbacks[c]; r->letters; r++) {
				if (strstr(pat, r->letters)) {
					kit_intl_set_string(J, components[c].name, r->value);
					break;
				}
			}
		}
	}
	if (d->date_style >= 0)
		kit_intl_set_string(J, "dateStyle", style_names[d->date_style]);
	if (d->time_style >= 0)
		kit_intl_set_string(J, "timeStyle", style_names[d->time_style]);
}

static void constructor(js_State *J)
{
	create(J, 1, 2, REQ_ANY, DEF_DATE);
}

/* --- Date.prototype.toLocale*String --- */

static double this_time(js_State *J)
{
	js_getregistry(J, GET_TIME);
	js_copy(J, 0);
	js_call(J, 0);
	double t = js_tonumber(J, -1);
	js_pop(J, 1);
	return t;
}

/* the formatters of toLocale*String() without options, by kind, for the
 * last locale string asked (V8 caches them the same way) */
static struct {
	UDateFormat *fmt;
	char locales[KIT_INTL_TAG_MAX];  /* "" for undefined */
} cache[3];

static void to_locale(js_State *J, int kind)
{
	static const int req[] = { REQ_ANY, REQ_DATE, REQ_TIME }, def[] = { DEF_ALL, DEF_DATE, DEF_TIME };
	double t = this_time(J);
	if (t != t) {
		js_pushstring(J, "Invalid Date");
		return;
	}
	int cacheable = (js_isundefined(J, 1) || js_isstring(J, 1)) && js_isundefined(J, 2) &&
			(js_isundefined(J, 1) || strlen(js_tostring(J, 1)) < KIT_INTL_TAG_MAX);
	const char *key = js_isstring(J, 1) ? js_tostring(J, 1) : "";
	if (cacheable && cache[kind].fmt && !strcmp(cache[kind].locales, key)) {
		push_formatted(J, cache[kind].fmt, t);
		return;
	}
	create(J, 1, 2, req[kind], def[kind]);
	dtf *d = js_touserdata(J, -1, TAG);
	if (cacheable) {
		UErrorCode st = U_ZERO_ERROR;
		UDateFormat *copy = icu_udat_clone(d->fmt, &st);
		if (U_SUCCESS(st)) {
			if (cache[kind].fmt)
				icu_udat_close(cache[kind].fmt);
			cache[kind].fmt = copy;
			snprintf(cache[kind].locales, sizeof cache[kind].locales, "%s", key);
		}
	}
	push_formatted(J, d->fmt, t);
}

static void d_to_locale_string(js_State *J)
{
	to_locale(J, 0);
}

static void d_to_locale_date_string(js_State *J)
{
	to_locale(J, 1);
}

static void d_to_locale_time_string(js_State *J)
{
	to_locale(J, 2);
}

/* --- the zone's name in Date.prototype.toString --- */

/* V8 names the zone by whether daylight saving is in force, outside
 * 1970-2037 in an equivalent year (the same leap-ness and first weekday)
 * between 2008 and 2035, and prints the zone's present long name for it in
 * the default locale ("Central European Summer Time" for a summer date of
 * 1906 too), not the name of the day's rules */
static int leap(long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static double days_from_civil(double y, int m, int d)
{
	y -= m <= 2;
	double era = floor(y / 400), yoe = y - era * 400;
	double doy = floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
	return era * 146097 + yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + doy - 719468;
}

static double equivalent_time(double t)
{
	double days = floor(t / 86400000.0), ms = t - days * 86400000.0;
	/* the civil date of days */
	double z = days + 719468, era = floor(z / 146097), doe = z - era * 146097;
	double yoe = floor((doe - floor(doe / 1460) + floor(doe / 36524) - floor(doe / 146096)) / 365);
	double y = yoe + era * 400, doy = doe - (365 * yoe + floor(yoe / 4) - floor(yoe / 100));
	double mp = floor((5 * doy + 2) / 153);
	int d = (int)(doy - floor((153 * mp + 2) / 5) + 1), m = (int)(mp < 10 ? mp + 3 : mp - 9);
	y += m <= 2;
	int wd = (int)fmod(fmod(days_from_civil(y, 1, 1) + 4, 7) + 7, 7);
	int recent = (leap((long)y) ? 1956 : 1967) + (wd * 12) % 28;
	int ey = 2008 + (recent + 3 * 28 - 2008) % 28;
	return days_from_civil(ey, m, d) * 86400000.0 + ms;
}

static void zone_name(js_State *J)
{
	static char names[2][128];
	static UCalendar *cal;
	double t = js_tonumber(J, 1);
	kit_icu_need(J, &table);
	UErrorCode st = U_ZERO_ERROR;
	if (!cal) {
		cal = icu_ucal_open(NULL, 0, icu_uloc_getDefault(), UCAL_GREGORIAN, &st);
		kit_icu_check(J, st, "ucal_open");
	}
	if (t < 0 || t > 2147483647000.0)
		t = equivalent_time(t);
	icu_ucal_setMillis(cal, t, &st);
	int dst = U_SUCCESS(st) && icu_ucal_get(cal, UCAL_DST_OFFSET, &st) != 0 && U_SUCCESS(st);
	if (!names[dst][0]) {
		UChar buf[128];
		st = U_ZERO_ERROR;
		int32_t len = icu_ucal_getTimeZoneDisplayName(cal, dst ? UCAL_DST : UCAL_STANDARD, icu_uloc_getDefault(),
							      buf, 128, &st);
		kit_icu_check(J, st, "ucal_getTimeZoneDisplayName");
		u16_to_utf8(buf, len, names[dst], sizeof names[dst]);
	}
	js_pushstring(J, names[dst]);
}

void kit_intl_datetime_install(js_State *J)
{
	js_newobject(J);
	/* (first, so that it comes first as in V8: js_newcconstructor sets it) */
	js_pushundefined(J);
	js_defproperty(J, -2, "constructor", JS_DONTENUM);
	kit_intl_to_string_tag(J, -1, TAG);
	kit_intl_method(J, p_resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, p_format_to_parts, "formatToParts", 1);
	js_newcfunction(J, p_format_get, "get format", 0);
	js_pushnull(J);
	js_defaccessor(J, -3, "format", JS_DONTENUM);
	kit_intl_method(J, p_format_range, "formatRange", 2);
	kit_intl_method(J, p_format_range_to_parts, "formatRangeToParts", 2);
	js_copy(J, -1);
	js_setregistry(J, PROTO);
	js_newcconstructor(J, constructor, constructor, "DateTimeFormat", 0);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "DateTimeFormat", JS_DONTENUM);
	kit_intl_reltime_install(J);

	js_getglobal(J, "Date");
	js_getproperty(J, -1, "prototype");
	js_getproperty(J, -1, "getTime");
	js_setregistry(J, GET_TIME);
	kit_intl_method(J, d_to_locale_string, "toLocaleString", 0);
	kit_intl_method(J, d_to_locale_date_string, "toLocaleDateString", 0);
	kit_intl_method(J, d_to_locale_time_string, "toLocaleTimeString", 0);
	js_pop(J, 2);
	/* for runtime/mujs-fixes.js's toString, which takes it and deletes it */
	js_newcfunction(J, zone_name, "__kit_zone_name", 1);
	js_defglobal(J, "__kit_zone_name", JS_DONTENUM);
}
