/* number.h — what Intl.NumberFormat (number.c) shares with Intl.PluralRules
 * (plural.c): ECMA-402's digit options, read in V8's order and written as
 * an ICU number skeleton, and the ICU functions both call. */
#ifndef KIT_INTL_NUMBER_H
#define KIT_INTL_NUMBER_H

#include <mujs.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumberrangeformatter.h>

#include "intl/icu.h"

/* [[RoundingType]] */
enum { KIT_ROUND_FRACTION, KIT_ROUND_SIGNIFICANT, KIT_ROUND_MORE, KIT_ROUND_LESS };

typedef struct kit_intl_digits {
	int mnid, mnfd, mxfd, mnsd, mxsd;
	int type;      /* KIT_ROUND_* */
	int priority;  /* the roundingPriority given: 0 auto, 1 morePrecision, 2 lessPrecision */
	int increment; /* roundingIncrement, 1 when not given */
	int strip;     /* trailingZeroDisplay "stripIfInteger" */
	int mode;      /* roundingMode, an index in kit_intl_rounding_modes */
} kit_intl_digits;

extern const char *const kit_intl_rounding_modes[];

/* Reads minimumIntegerDigits … maximumSignificantDigits and roundingPriority
 * from the options object at opts (SetNumberFormatDigitOptions) with the
 * defaults given; compact is notation "compact". d->increment must already
 * be read (NumberFormat reads it first, PluralRules never). Throws V8's
 * RangeError/TypeError for values out of range. */
void kit_intl_digits_read(js_State *J, int opts, kit_intl_digits *d, int mnfd_default, int mxfd_default,
			  int compact);

/* Appends the skeleton stems for d (precision, integer width, rounding
 * mode) to out, of size n. */
void kit_intl_digits_skeleton(const kit_intl_digits *d, char *out, size_t n);

/* Opens a number formatter for an ICU skeleton (UTF-8) and an ICU locale id;
 * throws a JS Error naming the skeleton when ICU refuses it. */
UNumberFormatter *kit_intl_open_formatter(js_State *J, const char *skeleton, const char *locale);
UNumberRangeFormatter *kit_intl_open_range_formatter(js_State *J, const char *skeleton, const char *locale);

/* A value to format, as ToIntlMathematicalValue reads it: a decimal string
 * kept exact ("1234567890123456789.5"), or a double. dec points into the
 * JS string, which must stay on the stack while the number is used. */
typedef struct kit_intl_number {
	const char *dec;  /* NULL: use d */
	int declen;
	double d;         /* the value as a double (also for a decimal string) */
} kit_intl_number;

void kit_intl_to_number(js_State *J, int idx, kit_intl_number *v);

/* Formats v into r with f (ICU's status in *st). */
void kit_intl_format_into(UNumberFormatter *f, const kit_intl_number *v, UFormattedNumber *r, UErrorCode *st);

/* Defines Intl.PluralRules on the object on top (called by
 * kit_intl_number_install). */
void kit_intl_plural_install(js_State *J);

/* Binds number.c's ICU table (loading ICU on first use). */
void kit_intl_number_need(js_State *J);

#endif
