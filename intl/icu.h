/* icu.h — ICU (Debian's libicu), loaded when the first Intl call needs it.
 *
 * kit.cgi and kit-fcgi do not link ICU: relocating libicuuc and libicui18n
 * costs every process ~1.5 ms of CPU at start, and most pages never format
 * a date. Each part of Intl (a file in intl/) declares the ICU functions it calls
 * as pointers and binds them on first use:
 *
 *     KIT_ICU_DECL(unum_open);              // static pointer icu_unum_open
 *     static const kit_icu_sym syms[] = { KIT_ICU_SYM(unum_open), ... };
 *     static kit_icu_table table = KIT_ICU_TABLE(syms);
 *     ...
 *     kit_icu_need(J, &table);              // throws a JS Error if ICU is missing
 *     icu_unum_open(...);
 *
 * The headers give the types and constants. ICU renames its symbols by
 * version (unum_open is unum_open_72 in Debian 12's libicu72): the headers'
 * macros give the versioned name, so the library loaded is the one kit was
 * built against (libicuuc.so.<major>). */
#ifndef KIT_ICU_H
#define KIT_ICU_H

#include <stddef.h>

#include <mujs.h>
#include <unicode/utypes.h>

typedef struct kit_icu_sym {
	const char *name;  /* versioned, e.g. "unum_open_72" */
	void **slot;
} kit_icu_sym;

typedef struct kit_icu_table {
	const kit_icu_sym *syms;
	size_t n;
	int bound;  /* 0 not yet, 1 every slot filled */
} kit_icu_table;

#define KIT_ICU_STR_(x) #x
#define KIT_ICU_STR(x) KIT_ICU_STR_(x)
/* the pointer to ICU's fn, with fn's own type (the header's prototype) */
#define KIT_ICU_DECL(fn) static __typeof__(fn) *icu_##fn
#define KIT_ICU_SYM(fn) { KIT_ICU_STR(fn), (void **)&icu_##fn }
#define KIT_ICU_TABLE(syms) { syms, sizeof syms / sizeof *syms, 0 }

/* Loads ICU the first time and fills every slot of t; 0, or -1 with why in
 * err (the same answer on every later call for a missing library). */
int kit_icu_bind(kit_icu_table *t, char *err, size_t errlen);

/* kit_icu_bind, throwing a JS Error with the reason on failure. */
void kit_icu_need(js_State *J, kit_icu_table *t);

/* Throws a JS Error naming what failed and ICU's error name when
 * U_FAILURE(status). */
void kit_icu_check(js_State *J, UErrorCode status, const char *what);

#endif
