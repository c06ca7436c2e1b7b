/* icu-static.c — intl/icu.c for the portable kit-fcgi and kit.cgi: ICU is
 * linked into the program (Debian's static archives, portable/local.mk), so
 * binding a table fills each slot with the linked function itself.
 *
 * The list of functions comes from the Intl files' own tables
 * (portable/icu-list.sh writes portable/icu-list.h from their KIT_ICU_SYM
 * lines); nothing here names an ICU function but u_errorName. The program
 * links this file before librender.a, which then leaves out intl/icu.o:
 * this file defines everything it would. Taking each function's address
 * here is what pulls it, and what it calls, out of the archives. */
#include "intl/icu.h"

#include <stdio.h>
#include <string.h>

#include "portable/icu-list.h"

typedef struct kit_icu_fn {
	const char *name;  /* versioned, as in the tables: "unum_open_72" */
	void *fn;
} kit_icu_fn;

/* POSIX lets a function's address be held in a void *, as dlsym returns it */
#define KIT_ICU_FN(fn) { KIT_ICU_STR(fn), (void *)&fn },
static const kit_icu_fn linked[] = { KIT_ICU_LIST(KIT_ICU_FN) };

int kit_icu_bind(kit_icu_table *t, char *err, size_t errlen)
{
	if (t->bound)
		return 0;
	for (size_t i = 0; i < t->n; i++) {
		void *p = NULL;
		for (size_t j = 0; j < sizeof linked / sizeof *linked && !p; j++)
			if (strcmp(linked[j].name, t->syms[i].name) == 0)
				p = linked[j].fn;
		if (!p) {
			/* only a stale portable/icu-list.h gets here */
			snprintf(err, errlen, "the ICU linked into this program has no %s", t->syms[i].name);
			return -1;
		}
		*t->syms[i].slot = p;
	}
	t->bound = 1;
	return 0;
}

void kit_icu_need(js_State *J, kit_icu_table *t)
{
	char err[600];
	if (kit_icu_bind(t, err, sizeof err) < 0)
		js_error(J, "%s", err);
}

void kit_icu_check(js_State *J, UErrorCode status, const char *what)
{
	if (U_FAILURE(status))
		js_error(J, "%s failed in ICU: %s", what, u_errorName(status));
}
