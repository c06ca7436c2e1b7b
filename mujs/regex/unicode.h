/* mujs/regex/unicode.h — the Unicode tables of kit's regex engine (regex.c),
 * generated into unicode.c by unicode.mjs from Node (the reference). */
#ifndef KIT_REGEX_UNICODE_H
#define KIT_REGEX_UNICODE_H

#include <stdint.h>

/* A property usable in \p{...}: kind 0 General_Category (also bare, \p{Lu}),
 * 1 Script, 2 Script_Extensions, 3 a binary property (bare only). Its
 * nranges ranges are varints in data: the gap after the previous range's end,
 * then the length - 1. Sorted by kind, then name (strcmp). */
struct kit_regex_uprop {
	int kind;
	const char *name;
	const unsigned char *data;
	int nranges;
};
extern const struct kit_regex_uprop kit_regex_uprops[];
extern const int kit_regex_nuprops;

/* Code points lo..hi map to code point + delta; the others to themselves. */
struct kit_regex_casemap {
	int32_t lo, hi, delta;
};
extern const struct kit_regex_casemap kit_regex_case_upper[]; /* without u */
extern const int kit_regex_ncase_upper;
extern const struct kit_regex_casemap kit_regex_case_fold[]; /* with u or v */
extern const int kit_regex_ncase_fold;

#endif
