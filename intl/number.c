/* number.c — Intl.NumberFormat and Number.prototype.toLocaleString.
 *
 * As V8 does, the options become an ICU number skeleton
 * ("currency/EUR unit-width-narrow .00 rounding-mode-half-up") opened for
 * the locale with unumf_openForSkeletonAndLocale; formatRange opens the
 * range formatter for the same skeleton on first use. The options read are
 * kept as ECMA-402 resolves them, and resolvedOptions() prints them in
 * V8's key order. A value is formatted as ToIntlMathematicalValue reads it:
 * a string that is a decimal literal stays exact, anything else becomes a
 * double. formatToParts gives each UTF-16 unit the innermost ICU field that
 * covers it (an integer's group separators inside it), then cuts the string
 * where the field changes.
 *
 * toLocaleString() without arguments, the common call, formats with one
 * formatter per state kept in the registry, and so does toLocaleString
 * with one locale string (the last one asked for); with options it opens a
 * formatter for the call and closes it. */
#include "intl/number.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uformattedvalue.h>
#include <unicode/unum.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>
#include <unicode/ucurr.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>

#include "intl/intl.h"

KIT_ICU_DECL(unumf_openForSkeletonAndLocaleWithError);
KIT_ICU_DECL(unumf_openResult);
KIT_ICU_DECL(unumf_formatDouble);
KIT_ICU_DECL(unumf_formatDecimal);
KIT_ICU_DECL(unumf_resultAsValue);
KIT_ICU_DECL(unumf_close);
KIT_ICU_DECL(unumf_closeResult);
KIT_ICU_DECL(unumrf_openForSkeletonWithCollapseAndIdentityFallback);
KIT_ICU_DECL(unumrf_openResult);
KIT_ICU_DECL(unumrf_formatDoubleRange);
KIT_ICU_DECL(unumrf_formatDecimalRange);
KIT_ICU_DECL(unumrf_resultAsValue);
KIT_ICU_DECL(unumrf_close);
KIT_ICU_DECL(unumrf_closeResult);
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
KIT_ICU_DECL(ucurr_getDefaultFractionDigits);
KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(u_strToUTF8);
KIT_ICU_DECL(u_strFromUTF8);
KIT_ICU_DECL(u_isdigit);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(unumf_openForSkeletonAndLocaleWithError),
	KIT_ICU_SYM(unumf_openResult),
	KIT_ICU_SYM(unumf_formatDouble),
	KIT_ICU_SYM(unumf_formatDecimal),
	KIT_ICU_SYM(unumf_resultAsValue),
	KIT_ICU_SYM(unumf_close),
	KIT_ICU_SYM(unumf_closeResult),
	KIT_ICU_SYM(unumrf_openForSkeletonWithCollapseAndIdentityFallback),
	KIT_ICU_SYM(unumrf_openResult),
	KIT_ICU_SYM(unumrf_formatDoubleRange),
	KIT_ICU_SYM(unumrf_formatDecimalRange),
	KIT_ICU_SYM(unumrf_resultAsValue),
	KIT_ICU_SYM(unumrf_close),
	KIT_ICU_SYM(unumrf_closeResult),
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
	KIT_ICU_SYM(ucurr_getDefaultFractionDigits),
	KIT_ICU_SYM(uloc_forLanguageTag),
	KIT_ICU_SYM(u_strToUTF8),
	KIT_ICU_SYM(u_strFromUTF8),
	KIT_ICU_SYM(u_isdigit),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

void kit_intl_number_need(js_State *J)
{
	kit_icu_need(J, &table);
}

#define SERVICE "Intl.NumberFormat"
#define PROTO "kit.intl.NumberFormat.prototype"
#define SLOT_TABLE "kit.intl.NumberFormat.slots"
#define SLOTS "kit.intl.NumberFormat.bound"
#define DEFAULT "kit.intl.NumberFormat.default"
#define LAST "kit.intl.NumberFormat.last"

static const char *const styles[] = { "decimal", "percent", "currency", "unit", NULL };
enum { STYLE_DECIMAL, STYLE_PERCENT, STYLE_CURRENCY, STYLE_UNIT };
static const char *const currency_displays[] = { "code", "symbol", "narrowSymbol", "name", NULL };
static const char *const currency_signs[] = { "standard", "accounting", NULL };
static const char *const unit_displays[] = { "short", "narrow", "long", NULL };
static const char *const notations[] = { "standard", "scientific", "engineering", "compact", NULL };
enum { NOTATION_STANDARD, NOTATION_SCIENTIFIC, NOTATION_ENGINEERING, NOTATION_COMPACT };
static const char *const compact_displays[] = { "short", "long", NULL };
static const char *const sign_displays[] = { "auto", "never", "always", "exceptZero", "negative", NULL };
static const char *const groupings[] = { "false", "min2", "auto", "always", NULL };
enum { GROUP_OFF, GROUP_MIN2, GROUP_AUTO, GROUP_ALWAYS };
static const char *const priorities[] = { "auto", "morePrecision", "lessPrecision", NULL };
static const char *const trailing_zeros[] = { "auto", "stripIfInteger", NULL };
const char *const kit_intl_rounding_modes[] = { "ceil",      "floor",     "expand",     "trunc",    "halfCeil",
						"halfFloor", "halfExpand", "halfTrunc", "halfEven", NULL };
static const char *const rounding_stems[] = { "ceiling",   "floor",   "up",        "down",     "half-ceiling",
					       "half-floor", "half-up", "half-down", "half-even" };
enum { MODE_HALF_EXPAND = 6 };

typedef struct nf {
	int refs;  /* the JS object and its bound format function */
	kit_intl_bound format;  /* its slot in SLOTS (kit_intl_bound_push) */
	UNumberFormatter *uf;
	UNumberRangeFormatter *urf;  /* opened by the first formatRange */
	UFormattedNumber *result;
	char locale[KIT_INTL_TAG_MAX];  /* as resolvedOptions says it */
	char icu_locale[KIT_INTL_TAG_MAX + 32];
	char nu[32];
	int style, currency_display, currency_sign, unit_display, notation, compact_display, sign_display, grouping;
	char currency[4];
	char unit[96];
	kit_intl_digits digits;
	char skeleton[512];
	char request[KIT_INTL_TAG_MAX];  /* the locales string of toLocaleString's kept formatters */
} nf;

static void nf_release(js_State *J, void *p)
{
	(void)J;
	nf *f = p;
	if (--f->refs > 0)
		return;
	if (f->result)
		icu_unumf_closeResult(f->result);
	if (f->uf)
		icu_unumf_close(f->uf);
	if (f->urf)
		icu_unumrf_close(f->urf);
	free(f);
}

/* the finalizer of a NumberFormat object: its slot is dead */
static void nf_finalize(js_State *J, void *p)
{
	nf *f = p;
	kit_intl_bound_drop(&f->format);
	nf_release(J, f);
}

static void append(char *out, size_t n, const char *s)
{
	size_t len = strlen(out);
	if (len + 1 < n)
		snprintf(out + len, n - len, "%s", s);
}

static void repeat(char *out, size_t n, char c, int times)
{
	char buf[64];
	if (times > (int)sizeof buf - 1)
		times = (int)sizeof buf - 1;
	memset(buf, c, (size_t)times);
	buf[times] = '\0';
	append(out, n, buf);
}

/* GetNumberOption's conversion of a value already read: an integer in
 * [min, max], or fallback for undefined */
static int default_number(js_State *J, int idx, const char *name, int min, int max, int fallback)
{
	if (js_isundefined(J, idx))
		return fallback;
	double v = js_tonumber(J, idx);
	if (v != v || v < min || v > max)
		js_rangeerror(J, "%s value is out of range.", name);
	return (int)floor(v);
}

void kit_intl_digits_read(js_State *J, int opts, kit_intl_digits *d, int mnfd_default, int mxfd_default, int compact)
{
	d->mnid = kit_intl_option_int(J, opts, "minimumIntegerDigits", 1, 21, 1);
	/* the four are read before any is converted, as the spec says */
	js_getproperty(J, opts, "minimumFractionDigits");
	js_getproperty(J, opts, "maximumFractionDigits");
	js_getproperty(J, opts, "minimumSignificantDigits");
	js_getproperty(J, opts, "maximumSignificantDigits");
	int mnfd = js_gettop(J) - 4, mxfd = mnfd + 1, mnsd = mnfd + 2, mxsd = mnfd + 3;
	d->priority = kit_intl_option_enum(J, opts, SERVICE, "roundingPriority", priorities, 0);
	int has_sd = js_isdefined(J, mnsd) || js_isdefined(J, mxsd);
	int has_fd = js_isdefined(J, mnfd) || js_isdefined(J, mxfd);
	int need_sd = 1, need_fd = 1;
	if (d->increment != 1)
		mxfd_default = mnfd_default;
	if (d->priority == 0) {
		need_sd = has_sd;
		if (need_sd || (!has_fd && compact))
			need_fd = 0;
	}
	d->mnsd = 1;
	d->mxsd = 21;
	if (need_sd && has_sd) {
		d->mnsd = default_number(J, mnsd, "minimumSignificantDigits", 1, 21, 1);
		d->mxsd = default_number(J, mxsd, "maximumSignificantDigits", d->mnsd, 21, 21);
	}
	d->mnfd = mnfd_default;
	d->mxfd = mxfd_default;
	if (need_fd && has_fd) {
		int lo = default_number(J, mnfd, "minimumFractionDigits", 0, 20, -1);
		int hi = default_number(J, mxfd, "maximumFractionDigits", 0, 20, -1);
		if (lo < 0) {
			lo = mnfd_default < hi ? mnfd_default : hi;
		} else if (hi < 0) {
			hi = mxfd_default > lo ? mxfd_default : lo;
		} else if (lo > hi) {
			js_rangeerror(J, "maximumFractionDigits value is out of range.");
		}
		d->mnfd = lo;
		d->mxfd = hi;
	}
	js_pop(J, 4);
	if (!need_sd && !need_fd) {
		d->mnfd = d->mxfd = 0;
		d->mnsd = 1;
		d->mxsd = 2;
		d->type = KIT_ROUND_MORE;
	} else if (d->priority == 0) {
		d->type = need_sd ? KIT_ROUND_SIGNIFICANT : KIT_ROUND_FRACTION;
	} else {
		d->type = d->priority == 1 ? KIT_ROUND_MORE : KIT_ROUND_LESS;
	}
}

static void fraction_stem(const kit_intl_digits *d, char *out, size_t n)
{
	if (d->mxfd == 0 && d->type == KIT_ROUND_FRACTION) {
		append(out, n, "precision-integer");
		return;
	}
	append(out, n, ".");
	repeat(out, n, '0', d->mnfd);
	repeat(out, n, '#', d->mxfd - d->mnfd);
}

static void significant_stem(const kit_intl_digits *d, char *out, size_t n)
{
	repeat(out, n, '@', d->mnsd);
	repeat(out, n, '#', d->mxsd - d->mnsd);
}

void kit_intl_digits_skeleton(const kit_intl_digits *d, char *out, size_t n)
{
	append(out, n, " ");
	if (d->increment != 1) {
		/* the increment times 10^-maximumFractionDigits (= the minimum),
		 * written with that many fraction digits: 5 and 2 give 0.05 */
		char num[32], inc[64];
		int digits = d->mxfd, len = snprintf(num, sizeof num, "%d", d->increment);
		if (digits == 0)
			snprintf(inc, sizeof inc, "%s", num);
		else if (len > digits)
			snprintf(inc, sizeof inc, "%.*s.%s", len - digits, num, num + len - digits);
		else
			snprintf(inc, sizeof inc, "0.%.*s%s", digits - len, "00000000000000000000", num);
		append(out, n, "precision-increment/");
		append(out, n, inc);
	} else {
		switch (d->type) {
		case KIT_ROUND_FRACTION:
			fraction_stem(d, out, n);
			break;
		case KIT_ROUND_SIGNIFICANT:
			significant_stem(d, out, n);
			break;
		default:
			fraction_stem(d, out, n);
			append(out, n, "/");
			significant_stem(d, out, n);
			append(out, n, d->type == KIT_ROUND_MORE ? "r" : "s");
			break;
		}
		if (d->strip)
			append(out, n, "/w");
	}
	append(out, n, " rounding-mode-");
	append(out, n, rounding_stems[d->mode]);
	if (d->mnid > 1) {
		append(out, n, " integer-width/*");
		repeat(out, n, '0', d->mnid);
	}
}

/* ICU's skeletons are UTF-16; kit's are ASCII */
static int32_t widen(const char *s, UChar *out, int32_t cap)
{
	int32_t i = 0;
	for (; s[i] && i < cap - 1; i++)
		out[i] = (UChar)(unsigned char)s[i];
	out[i] = 0;
	return i;
}

UNumberFormatter *kit_intl_open_formatter(js_State *J, const char *skeleton, const char *locale)
{
	UChar sk[600];
	int32_t len = widen(skeleton, sk, 600);
	UParseError pe;
	UErrorCode st = U_ZERO_ERROR;
	UNumberFormatter *f = icu_unumf_openForSkeletonAndLocaleWithError(sk, len, locale, &pe, &st);
	if (U_FAILURE(st) && f)
		icu_unumf_close(f);
	kit_icu_check(J, st, skeleton);
	return f;
}

UNumberRangeFormatter *kit_intl_open_range_formatter(js_State *J, const char *skeleton, const char *locale)
{
	UChar sk[600];
	int32_t len = widen(skeleton, sk, 600);
	UParseError pe;
	UErrorCode st = U_ZERO_ERROR;
	UNumberRangeFormatter *f = icu_unumrf_openForSkeletonWithCollapseAndIdentityFallback(
		sk, len, UNUM_RANGE_COLLAPSE_AUTO, UNUM_IDENTITY_FALLBACK_APPROXIMATELY, locale, &pe, &st);
	if (U_FAILURE(st) && f)
		icu_unumrf_close(f);
	kit_icu_check(J, st, skeleton);
	return f;
}

/* A StringNumericLiteral that is decimal (with sign, point and exponent),
 * whitespace trimmed: ICU takes it as it is. */
static int decimal_literal(const char *s, const char **start, int *len)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\v' || *s == '\f')
		s++;
	const char *e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r' || e[-1] == '\v' ||
			 e[-1] == '\f'))
		e--;
	const char *p = s;
	if (*p == '+')
		s = ++p;
	else if (*p == '-')
		p++;
	int digits = 0;
	while (p < e && *p >= '0' && *p <= '9')
		p++, digits++;
	if (p < e && *p == '.') {
		p++;
		while (p < e && *p >= '0' && *p <= '9')
			p++, digits++;
	}
	if (!digits)
		return 0;
	if (p < e && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < e && (*p == '+' || *p == '-'))
			p++;
		int exp = 0;
		while (p < e && *p >= '0' && *p <= '9')
			p++, exp++;
		if (!exp || exp > 9)
			return 0;
	}
	if (p != e)
		return 0;
	*start = s;
	*len = (int)(e - s);
	return 1;
}

void kit_intl_to_number(js_State *J, int idx, kit_intl_number *v)
{
	v->dec = NULL;
	v->declen = 0;
	if (js_isstring(J, idx)) {
		const char *s = js_tostring(J, idx), *start;
		int len;
		if (decimal_literal(s, &start, &len)) {
			/* the string stays on the stack while it is formatted */
			v->dec = start;
			v->declen = len;
			v->d = strtod(start, NULL);
			return;
		}
	}
	v->d = js_tonumber(J, idx);
}

void kit_intl_format_into(UNumberFormatter *f, const kit_intl_number *v, UFormattedNumber *r, UErrorCode *st)
{
	if (v->dec) {
		icu_unumf_formatDecimal(f, v->dec, v->declen, r, st);
		if (U_SUCCESS(*st))
			return;
		*st = U_ZERO_ERROR;
	}
	icu_unumf_formatDouble(f, v->d, r, st);
}

/* pushes a UTF-16 string as a JS (UTF-8) string */
static void push_utf16(js_State *J, const UChar *s, int32_t len)
{
	char stack[512];
	int32_t need = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_u_strToUTF8(stack, (int32_t)sizeof stack, &need, s, len, &st);
	if (U_SUCCESS(st) && need < (int32_t)sizeof stack) {
		stack[need] = '\0';
		js_pushstring(J, stack);
		return;
	}
	/* a long string: freed on a throw too */
	char *volatile buf = malloc((size_t)need + 1);
	if (!buf)
		js_error(J, "out of memory");
	if (js_try(J)) {
		free(buf);
		js_throw(J);
	}
	st = U_ZERO_ERROR;
	icu_u_strToUTF8(buf, need + 1, &need, s, len, &st);
	kit_icu_check(J, st, "u_strToUTF8");
	buf[need] = '\0';
	js_pushstring(J, buf);
	js_endtry(J);
	free(buf);
}

static void push_value_string(js_State *J, const UFormattedValue *fv)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = 0;
	const UChar *s = icu_ufmtval_getString(fv, &len, &st);
	kit_icu_check(J, st, "ufmtval_getString");
	push_utf16(J, s, len);
}

/* the part type V8 gives an ICU number field; text decides the sign and
 * whether an integer is NaN or Infinity */
static const char *field_type(int32_t field, const UChar *text, int32_t len)
{
	switch (field) {
	case UNUM_INTEGER_FIELD:
		for (int32_t i = 0; i < len; i++) {
			if (text[i] == 0x221E)
				return "infinity";
			if (icu_u_isdigit(text[i]))
				return "integer";
		}
		return "nan";
	case UNUM_FRACTION_FIELD:
		return "fraction";
	case UNUM_DECIMAL_SEPARATOR_FIELD:
		return "decimal";
	case UNUM_EXPONENT_SYMBOL_FIELD:
		return "exponentSeparator";
	case UNUM_EXPONENT_SIGN_FIELD:
		return "exponentMinusSign";
	case UNUM_EXPONENT_FIELD:
		return "exponentInteger";
	case UNUM_GROUPING_SEPARATOR_FIELD:
		return "group";
	case UNUM_CURRENCY_FIELD:
		return "currency";
	case UNUM_PERCENT_FIELD:
		return "percentSign";
	case UNUM_PERMILL_FIELD:
		return "permille";
	case UNUM_SIGN_FIELD:
		for (int32_t i = 0; i < len; i++)
			if (text[i] == '+' || text[i] == 0xFF0B)
				return "plusSign";
		return "minusSign";
	case UNUM_MEASURE_UNIT_FIELD:
		return "unit";
	case UNUM_COMPACT_FIELD:
		return "compact";
#if U_ICU_VERSION_MAJOR_NUM >= 71
	case UNUM_APPROXIMATELY_SIGN_FIELD:
		return "approximatelySign";
#endif
	default:
		return "literal";
	}
}

/* Pushes formatToParts' array for fv: with_source adds `source` from the
 * range spans (startRange, endRange, shared). */
static void push_parts(js_State *J, const UFormattedValue *fv, int with_source)
{
	UErrorCode st = U_ZERO_ERROR;
	int32_t len = 0;
	const UChar *s = icu_ufmtval_getString(fv, &len, &st);
	kit_icu_check(J, st, "ufmtval_getString");
	int32_t *field = malloc(sizeof *field * (size_t)(len + 1) * 3);
	if (!field)
		js_error(J, "out of memory");
	int32_t *width = field + len + 1, *source = width + len + 1;
	for (int32_t i = 0; i < len; i++) {
		field[i] = -1;
		width[i] = INT32_MAX;
		source[i] = -1;
	}
	UConstrainedFieldPosition *pos = icu_ucfpos_open(&st);
	while (U_SUCCESS(st) && icu_ufmtval_nextPosition(fv, pos, &st)) {
		int32_t cat = icu_ucfpos_getCategory(pos, &st), f = icu_ucfpos_getField(pos, &st), a = 0, b = 0;
		icu_ucfpos_getIndexes(pos, &a, &b, &st);
		if (U_FAILURE(st) || a < 0 || b > len)
			break;
		for (int32_t i = a; i < b; i++) {
			if (cat == UFIELD_CATEGORY_NUMBER_RANGE_SPAN) {
				source[i] = f;
			} else if (cat == UFIELD_CATEGORY_NUMBER && b - a <= width[i]) {
				/* the innermost field wins */
				field[i] = f;
				width[i] = b - a;
			}
		}
	}
	if (pos)
		icu_ucfpos_close(pos);
	if (U_FAILURE(st)) {
		free(field);
		kit_icu_check(J, st, "ufmtval_nextPosition");
	}
	if (js_try(J)) {
		free(field);
		js_throw(J);
	}
	js_newarray(J);
	int k = 0;
	for (int32_t i = 0; i < len;) {
		int32_t j = i + 1;
		/* a field's run ends where another field (or another instance) starts */
		while (j < len && field[j] == field[i] && width[j] == width[i] && source[j] == source[i])
			j++;
		js_newobject(J);
		kit_intl_set_string(J, "type", field[i] < 0 ? "literal" : field_type(field[i], s + i, j - i));
		push_utf16(J, s + i, j - i);
		js_setproperty(J, -2, "value");
		if (with_source) {
			kit_intl_set_string(J, "source", source[i] == 0 ? "startRange" : source[i] == 1 ? "endRange" : "shared");
		}
		js_setindex(J, -2, k++);
		i = j;
	}
	js_endtry(J);
	free(field);
}

/* IsWellFormedUnitIdentifier */
static int sanctioned(const char *u, size_t len)
{
	for (size_t i = 0; kit_intl_units[i]; i++)
		if (strlen(kit_intl_units[i]) == len && !strncmp(kit_intl_units[i], u, len))
			return 1;
	return 0;
}

static int well_formed_unit(const char *u)
{
	if (sanctioned(u, strlen(u)))
		return 1;
	const char *per = strstr(u, "-per-");
	if (!per || strstr(per + 5, "-per-"))
		return 0;
	return sanctioned(u, (size_t)(per - u)) && sanctioned(per + 5, strlen(per + 5));
}

/* a numbering system ICU has digits for (not an algorithmic one) */
static int valid_numbering_system(const char *nu)
{
	if (!strcmp(nu, "native") || !strcmp(nu, "traditio") || !strcmp(nu, "finance"))
		return 0;
	UErrorCode st = U_ZERO_ERROR;
	UNumberingSystem *ns = icu_unumsys_openByName(nu, &st);
	int ok = U_SUCCESS(st) && ns && !icu_unumsys_isAlgorithmic(ns);
	if (ns)
		icu_unumsys_close(ns);
	return ok;
}

/* the ICU locale id for a BCP 47 tag, with the numbering system */
static void icu_locale_of(js_State *J, const char *tag, const char *nu, char *out, size_t n)
{
	int32_t parsed = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(tag, out, (int32_t)n, &parsed, &st);
	kit_icu_check(J, st, "uloc_forLanguageTag");
	if (nu[0]) {
		append(out, n, strchr(out, '@') ? ";numbers=" : "@numbers=");
		append(out, n, nu);
	}
}

/* writes f's options as an ICU number skeleton into f->skeleton */
static void nf_skeleton(nf *f)
{
	const kit_intl_digits *d = &f->digits;
	char *sk = f->skeleton;
	size_t n = sizeof f->skeleton;
	sk[0] = '\0';
	switch (f->style) {
	case STYLE_PERCENT:
		append(sk, n, "percent scale/100");
		break;
	case STYLE_CURRENCY:
		append(sk, n, "currency/");
		append(sk, n, f->currency);
		static const char *const cwidth[] = { " unit-width-iso-code", "", " unit-width-narrow",
						      " unit-width-full-name" };
		append(sk, n, cwidth[f->currency_display]);
		break;
	case STYLE_UNIT:
		if (!strcmp(f->unit, "percent")) {
			append(sk, n, "percent");
		} else {
			append(sk, n, "unit/");
			append(sk, n, f->unit);
		}
		static const char *const uwidth[] = { "", " unit-width-narrow", " unit-width-full-name" };
		append(sk, n, uwidth[f->unit_display]);
		break;
	}
	static const char *const nstems[] = { "", " scientific", " engineering", " compact-short" };
	append(sk, n, f->notation == NOTATION_COMPACT && f->compact_display ? " compact-long" : nstems[f->notation]);
	kit_intl_digits_skeleton(d, sk, n);
	static const char *const gstems[] = { " group-off", " group-min2", "", " group-on-aligned" };
	append(sk, n, gstems[f->grouping]);
	int acc = f->style == STYLE_CURRENCY && f->currency_sign;
	static const char *const sstems[] = { "", " sign-never", " sign-always", " sign-except-zero", " sign-negative" };
	static const char *const astems[] = { " sign-accounting", " sign-never", " sign-accounting-always",
					      " sign-accounting-except-zero", " sign-accounting-negative" };
	append(sk, n, acc ? astems[f->sign_display] : sstems[f->sign_display]);
	if (sk[0] == ' ')
		memmove(sk, sk + 1, strlen(sk));
}

/* InitializeNumberFormat: reads locales (at loc) and options (at opt) into
 * f and opens its formatter */
static void nf_init(js_State *J, nf *f, int loc, int opt)
{
	kit_icu_need(J, &table);
	int opts = kit_intl_constructor_options(J, loc, opt, SERVICE, kit_intl_options);
	char nu_option[64] = "";
	if (kit_intl_option_string(J, opts, "numberingSystem", nu_option, sizeof nu_option) &&
	    !kit_intl_is_type(nu_option))
		js_rangeerror(J, "Invalid numberingSystem : %s", nu_option);
	char ext[KIT_INTL_TAG_MAX], nu_ext[64] = "";
	kit_intl_resolve(J, loc, f->locale, ext);
	kit_intl_unicode_key(ext, "nu", nu_ext, sizeof nu_ext);
	char base[KIT_INTL_TAG_MAX];
	snprintf(base, sizeof base, "%s", f->locale);
	f->nu[0] = '\0';
	if (nu_ext[0] && valid_numbering_system(nu_ext)) {
		snprintf(f->nu, sizeof f->nu, "%s", nu_ext);
		if (!nu_option[0] || !strcmp(nu_option, nu_ext)) {
			append(f->locale, sizeof f->locale, "-u-nu-");
			append(f->locale, sizeof f->locale, nu_ext);
		}
	}
	if (nu_option[0] && valid_numbering_system(nu_option))
		snprintf(f->nu, sizeof f->nu, "%s", nu_option);
	icu_locale_of(J, base, f->nu, f->icu_locale, sizeof f->icu_locale);
	if (!f->nu[0]) {
		UErrorCode st = U_ZERO_ERROR;
		UNumberingSystem *ns = icu_unumsys_open(f->icu_locale, &st);
		snprintf(f->nu, sizeof f->nu, "%s", U_SUCCESS(st) && ns ? icu_unumsys_getName(ns) : "latn");
		if (ns)
			icu_unumsys_close(ns);
	}

	f->style = kit_intl_option_enum(J, opts, SERVICE, "style", styles, STYLE_DECIMAL);
	char currency[64] = "";
	int has_currency = kit_intl_option_string(J, opts, "currency", currency, sizeof currency);
	if (has_currency) {
		int ok = strlen(currency) == 3;
		for (int i = 0; ok && i < 3; i++) {
			char c = currency[i];
			ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
			if (c >= 'a' && c <= 'z')
				currency[i] = (char)(c - 'a' + 'A');
		}
		if (!ok)
			js_rangeerror(J, "Invalid currency code : %s", currency);
	}
	f->currency_display = kit_intl_option_enum(J, opts, SERVICE, "currencyDisplay", currency_displays, 1);
	f->currency_sign = kit_intl_option_enum(J, opts, SERVICE, "currencySign", currency_signs, 0);
	char unit[96] = "";
	int has_unit = kit_intl_option_string(J, opts, "unit", unit, sizeof unit);
	if (has_unit && !well_formed_unit(unit))
		js_rangeerror(J, "Invalid unit argument for Intl.NumberFormat() '%s'", unit);
	f->unit_display = kit_intl_option_enum(J, opts, SERVICE, "unitDisplay", unit_displays, 0);
	if (f->style == STYLE_CURRENCY && !has_currency)
		js_typeerror(J, "Currency code is required with currency style.");
	if (f->style == STYLE_UNIT && !has_unit)
		js_typeerror(J, "Invalid unit argument for Intl.NumberFormat() '%s'", unit);
	if (f->style == STYLE_CURRENCY)
		memcpy(f->currency, currency, 4);
	if (f->style == STYLE_UNIT)
		snprintf(f->unit, sizeof f->unit, "%s", unit);

	kit_intl_digits *d = &f->digits;
	d->increment = kit_intl_option_int(J, opts, "roundingIncrement", 1, 5000, 1);
	static const int increments[] = { 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000 };
	int inc_ok = 0;
	for (size_t i = 0; i < sizeof increments / sizeof *increments; i++)
		inc_ok |= increments[i] == d->increment;
	if (!inc_ok)
		js_rangeerror(J, "roundingIncrement value is out of range.");
	f->notation = kit_intl_option_enum(J, opts, SERVICE, "notation", notations, NOTATION_STANDARD);
	int mnfd_default = 0, mxfd_default = f->style == STYLE_PERCENT ? 0 : 3;
	if (f->style == STYLE_CURRENCY) {
		UChar code[4];
		widen(f->currency, code, 4);
		UErrorCode st = U_ZERO_ERROR;
		int32_t digits = icu_ucurr_getDefaultFractionDigits(code, &st);
		mnfd_default = mxfd_default = U_SUCCESS(st) ? digits : 2;
	}
	kit_intl_digits_read(J, opts, d, mnfd_default, mxfd_default, f->notation == NOTATION_COMPACT);
	d->strip = kit_intl_option_enum(J, opts, SERVICE, "trailingZeroDisplay", trailing_zeros, 0);
	if (d->increment != 1) {
		if (d->type != KIT_ROUND_FRACTION)
			js_typeerror(J, "RoundingType is not fractionDigits");
		if (d->mxfd != d->mnfd)
			js_rangeerror(J, "maximumFractionDigits not equal to minimumFractionDigits");
	}
	f->compact_display = kit_intl_option_enum(J, opts, SERVICE, "compactDisplay", compact_displays, 0);

	/* useGrouping: a boolean or one of the strings; "true" and "false" mean the default */
	int group_default = f->notation == NOTATION_COMPACT ? GROUP_MIN2 : GROUP_AUTO;
	f->grouping = group_default;
	js_getproperty(J, opts, "useGrouping");
	if (js_isdefined(J, -1)) {
		if (js_isboolean(J, -1) && js_toboolean(J, -1)) {
			f->grouping = GROUP_ALWAYS;
		} else if (!js_toboolean(J, -1)) {
			f->grouping = GROUP_OFF;
		} else {
			const char *g = js_tostring(J, -1);
			if (!strcmp(g, "min2"))
				f->grouping = GROUP_MIN2;
			else if (!strcmp(g, "auto"))
				f->grouping = GROUP_AUTO;
			else if (!strcmp(g, "always"))
				f->grouping = GROUP_ALWAYS;
			else if (strcmp(g, "true") && strcmp(g, "false"))
				js_rangeerror(J, "Value %s out of range for %s options property useGrouping", g, SERVICE);
		}
	}
	js_pop(J, 1);
	f->sign_display = kit_intl_option_enum(J, opts, SERVICE, "signDisplay", sign_displays, 0);
	d->mode = kit_intl_option_enum(J, opts, SERVICE, "roundingMode", kit_intl_rounding_modes, MODE_HALF_EXPAND);
	js_pop(J, 1);

	nf_skeleton(f);
	f->uf = kit_intl_open_formatter(J, f->skeleton, f->icu_locale);
	UErrorCode st = U_ZERO_ERROR;
	f->result = icu_unumf_openResult(&st);
	kit_icu_check(J, st, "unumf_openResult");
}

static nf *nf_new(js_State *J)
{
	nf *f = kit_intl_calloc(J, sizeof *f);
	f->refs = 1;
	f->format = (kit_intl_bound)KIT_INTL_BOUND_INIT;
	return f;
}

/* pushes a new Intl.NumberFormat for the arguments at 1 and 2 */
static void nf_construct(js_State *J)
{
	nf *f = nf_new(J);
	if (js_try(J)) {
		nf_release(J, f);
		js_throw(J);
	}
	nf_init(J, f, 1, 2);
	js_endtry(J);
	js_getregistry(J, PROTO);
	js_newuserdata(J, SERVICE, f, nf_finalize);
}

/* formats the value at idx with f into f->result */
static const UFormattedValue *nf_format(js_State *J, nf *f, int idx)
{
	kit_intl_number v;
	kit_intl_to_number(J, idx, &v);
	UErrorCode st = U_ZERO_ERROR;
	kit_intl_format_into(f->uf, &v, f->result, &st);
	kit_icu_check(J, st, "unumf_format");
	const UFormattedValue *fv = icu_unumf_resultAsValue(f->result, &st);
	kit_icu_check(J, st, "unumf_resultAsValue");
	return fv;
}

static void bound_format(js_State *J)
{
	nf *f = js_currentfunctiondata(J);
	push_value_string(J, nf_format(J, f, 1));
}

static void get_format(js_State *J)
{
	static const kit_intl_bound_kind kind = { SLOTS, SLOT_TABLE, bound_format, 1, nf_release };
	nf *f = kit_intl_this_repr(J, SERVICE, "get Intl.NumberFormat.prototype.format");
	kit_intl_bound_push(J, &kind, &f->format, f, &f->refs);
}

static void format_to_parts(js_State *J)
{
	nf *f = kit_intl_this_repr(J, SERVICE, "Intl.NumberFormat.prototype.formatToParts");
	push_parts(J, nf_format(J, f, 1), 0);
}

/* v as a decimal string: the literal given, else the double's shortest
 * form (as String(x) prints it, with the sign of -0) */
static void decimal_of(js_State *J, const kit_intl_number *v, char *out, size_t n)
{
	if (v->dec && v->declen < (int)n) {
		snprintf(out, n, "%.*s", v->declen, v->dec);
	} else if (v->d == 0) {
		snprintf(out, n, "%s", signbit(v->d) ? "-0" : "0");
	} else {
		js_pushnumber(J, v->d);
		snprintf(out, n, "%s", js_tostring(J, -1));
		js_pop(J, 1);
	}
}

/* v as a decimal string times 100 into out: ICU 72's range formatter
 * scales an approximate range ("~500%") twice, so kit's percent ranges
 * open without scale/100 and scale the values here, exactly */
static void percent_decimal(js_State *J, const kit_intl_number *v, char *out, size_t n)
{
	char num[280];
	decimal_of(J, v, num, sizeof num);
	char *e = strpbrk(num, "eE");
	long exp = 2;
	if (e) {
		exp += strtol(e + 1, NULL, 10);
		*e = '\0';
	}
	snprintf(out, n, "%sE%ld", num, exp);
}

/* formats the range (x at 1, y at 2) into a new result */
static UFormattedNumberRange *nf_format_range(js_State *J, nf *f)
{
	if (js_isundefined(J, 1))
		js_typeerror(J, "Invalid start : undefined");
	if (js_isundefined(J, 2))
		js_typeerror(J, "Invalid end : undefined");
	kit_intl_number x, y;
	kit_intl_to_number(J, 1, &x);
	kit_intl_to_number(J, 2, &y);
	if (x.d != x.d)
		js_rangeerror(J, "Invalid start : NaN");
	if (y.d != y.d)
		js_rangeerror(J, "Invalid end : NaN");
	int percent = f->style == STYLE_PERCENT;
	if (!f->urf) {
		char sk[sizeof f->skeleton];
		snprintf(sk, sizeof sk, "%s", f->skeleton);
		char *scale = strstr(sk, " scale/100");
		if (scale)
			memmove(scale, scale + 10, strlen(scale + 10) + 1);
		f->urf = kit_intl_open_range_formatter(J, sk, f->icu_locale);
	}
	UErrorCode st = U_ZERO_ERROR;
	UFormattedNumberRange *r = icu_unumrf_openResult(&st);
	kit_icu_check(J, st, "unumrf_openResult");
	char xs[320], ys[320];
	if ((x.dec || y.dec || percent) && isfinite(x.d) && isfinite(y.d)) {
		/* as decimals, both (ICU's range takes one kind) */
		if (percent) {
			percent_decimal(J, &x, xs, sizeof xs);
			percent_decimal(J, &y, ys, sizeof ys);
		} else {
			decimal_of(J, &x, xs, sizeof xs);
			decimal_of(J, &y, ys, sizeof ys);
		}
		icu_unumrf_formatDecimalRange(f->urf, xs, (int32_t)strlen(xs), ys, (int32_t)strlen(ys), r, &st);
	} else {
		double scale = percent ? 100 : 1;
		icu_unumrf_formatDoubleRange(f->urf, x.d * scale, y.d * scale, r, &st);
	}
	if (U_FAILURE(st)) {
		icu_unumrf_closeResult(r);
		kit_icu_check(J, st, "unumrf_format");
	}
	return r;
}

static void push_range(js_State *J, int parts)
{
	nf *f = kit_intl_this_repr(J, SERVICE, parts ? "Intl.NumberFormat.prototype.formatRangeToParts"
				 : "Intl.NumberFormat.prototype.formatRange");
	UFormattedNumberRange *r = nf_format_range(J, f);
	if (js_try(J)) {
		icu_unumrf_closeResult(r);
		js_throw(J);
	}
	UErrorCode st = U_ZERO_ERROR;
	const UFormattedValue *fv = icu_unumrf_resultAsValue(r, &st);
	kit_icu_check(J, st, "unumrf_resultAsValue");
	if (parts)
		push_parts(J, fv, 1);
	else
		push_value_string(J, fv);
	js_endtry(J);
	icu_unumrf_closeResult(r);
}

static void format_range(js_State *J)
{
	push_range(J, 0);
}

static void format_range_to_parts(js_State *J)
{
	push_range(J, 1);
}

static void resolved_options(js_State *J)
{
	nf *f = kit_intl_this_repr(J, SERVICE, "Intl.NumberFormat.prototype.resolvedOptions");
	const kit_intl_digits *d = &f->digits;
	js_newobject(J);
	kit_intl_set_string(J, "locale", f->locale);
	kit_intl_set_string(J, "numberingSystem", f->nu);
	kit_intl_set_string(J, "style", styles[f->style]);
	if (f->style == STYLE_CURRENCY) {
		kit_intl_set_string(J, "currency", f->currency);
		kit_intl_set_string(J, "currencyDisplay", currency_displays[f->currency_display]);
		kit_intl_set_string(J, "currencySign", currency_signs[f->currency_sign]);
	}
	if (f->style == STYLE_UNIT) {
		kit_intl_set_string(J, "unit", f->unit);
		kit_intl_set_string(J, "unitDisplay", unit_displays[f->unit_display]);
	}
	kit_intl_set_number(J, "minimumIntegerDigits", d->mnid);
	if (d->type != KIT_ROUND_FRACTION) {
		kit_intl_set_number(J, "minimumSignificantDigits", d->mnsd);
		kit_intl_set_number(J, "maximumSignificantDigits", d->mxsd);
	}
	if (d->type != KIT_ROUND_SIGNIFICANT) {
		kit_intl_set_number(J, "minimumFractionDigits", d->mnfd);
		kit_intl_set_number(J, "maximumFractionDigits", d->mxfd);
	}
	if (f->grouping == GROUP_OFF)
		kit_intl_set_bool(J, "useGrouping", 0);
	else
		kit_intl_set_string(J, "useGrouping", groupings[f->grouping]);
	kit_intl_set_string(J, "notation", notations[f->notation]);
	if (f->notation == NOTATION_COMPACT)
		kit_intl_set_string(J, "compactDisplay", compact_displays[f->compact_display]);
	kit_intl_set_string(J, "signDisplay", sign_displays[f->sign_display]);
	kit_intl_set_string(J, "roundingMode", kit_intl_rounding_modes[d->mode]);
	kit_intl_set_number(J, "roundingIncrement", d->increment);
	kit_intl_set_string(J, "trailingZeroDisplay", trailing_zeros[d->strip]);
	/* V8 reads the priority back from the skeleton, where "/w"
	 * (stripIfInteger) after ".##/@@r" hides it: "auto" then */
	kit_intl_set_string(J, "roundingPriority",
		   d->strip ? "auto"
			    : d->type == KIT_ROUND_MORE ? "morePrecision" : d->type == KIT_ROUND_LESS ? "lessPrecision" : "auto");
}

/* toLocaleString's formatter for a call without options and with no
 * locales (kept in DEFAULT) or one locale string (the last one, in LAST):
 * on top of the stack, made when the slot holds none or another string's */
static nf *kept_formatter(js_State *J)
{
	const char *slot = js_isundefined(J, 1) ? DEFAULT : LAST;
	const char *key = js_isundefined(J, 1) ? "" : js_tostring(J, 1);
	js_getregistry(J, slot);
	if (js_isuserdata(J, -1, SERVICE)) {
		nf *f = js_touserdata(J, -1, SERVICE);
		if (!strcmp(f->request, key))
			return f;
	}
	js_pop(J, 1);
	nf_construct(J);
	nf *f = js_touserdata(J, -1, SERVICE);
	snprintf(f->request, sizeof f->request, "%s", key);
	js_copy(J, -1);
	js_setregistry(J, slot);
	return f;
}

/* Number.prototype.toLocaleString(locales, options) */
static void number_to_locale_string(js_State *J)
{
	if (!js_isnumber(J, 0) && !js_isnumberobject(J, 0))
		js_typeerror(J, "Number.prototype.toLocaleString requires that 'this' be a Number");
	double x = js_tonumber(J, 0);
	if (js_isundefined(J, 2) &&
	    (js_isundefined(J, 1) || (js_isstring(J, 1) && strlen(js_tostring(J, 1)) < KIT_INTL_TAG_MAX))) {
		nf *f = kept_formatter(J);
		js_pushnumber(J, x);
		push_value_string(J, nf_format(J, f, -1));
		return;
	}
	nf *f = nf_new(J);
	if (js_try(J)) {
		nf_release(J, f);
		js_throw(J);
	}
	nf_init(J, f, 1, 2);
	js_pushnumber(J, x);
	push_value_string(J, nf_format(J, f, -1));
	js_endtry(J);
	nf_release(J, f);
}

static void supported_locales_of(js_State *J)
{
	kit_intl_supported_locales_of(J);
}

/* defines the property name of the object on top again, last */
static void move_to_end(js_State *J, const char *name)
{
	if (!js_hasproperty(J, -1, name))
		return;
	js_delproperty(J, -2, name);
	js_defproperty(J, -2, name, JS_DONTENUM);
}

void kit_intl_number_install(js_State *J)
{
	/* the constructor first, so that "constructor" is the prototype's
	 * first key, as in V8 */
	js_newobject(J);
	js_newcconstructor(J, nf_construct, nf_construct, SERVICE, 0);
	kit_intl_method(J, supported_locales_of, "supportedLocalesOf", 1);
	js_getproperty(J, -1, "prototype");
	kit_intl_to_string_tag(J, -1, SERVICE);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, format_to_parts, "formatToParts", 1);
	kit_intl_getter(J, get_format, "format", "get format");
	kit_intl_method(J, format_range, "formatRange", 2);
	kit_intl_method(J, format_range_to_parts, "formatRangeToParts", 2);
	js_setregistry(J, PROTO);
	js_defproperty(J, -2, "NumberFormat", JS_DONTENUM);
	/* Intl's keys in V8's order: those V8 lists after NumberFormat, and
	 * PluralRules among them, go after it (keys enumerate in insertion
	 * order, so each is defined again) */
	move_to_end(J, "Collator");
	kit_intl_plural_install(J);
	static const char *const after[] = { "RelativeTimeFormat", "ListFormat", "Locale", "DisplayNames", "Segmenter" };
	for (size_t i = 0; i < sizeof after / sizeof *after; i++)
		move_to_end(J, after[i]);

	js_getglobal(J, "Number");
	js_getproperty(J, -1, "prototype");
	kit_intl_method(J, number_to_locale_string, "toLocaleString", 0);
	js_pop(J, 2);
}
