/* icu.c — libicuuc and libicui18n through dlopen, on first use (icu.h says why). */
#include "intl/icu.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <unicode/uversion.h>
#include <unicode/utypes.h>

#define SONAME(lib) "lib" lib ".so." KIT_ICU_STR(U_ICU_VERSION_MAJOR_NUM)

static int state;          /* 0 not tried, 1 loaded, -1 failed */
static void *libs[2];      /* libicuuc, libicui18n */
static char failure[512];  /* why, when state is -1 */
static const char *(*error_name)(UErrorCode);

static int load(void)
{
	static const char *const sonames[] = { SONAME("icuuc"), SONAME("icui18n") };
	for (size_t i = 0; i < 2; i++) {
		libs[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
		if (!libs[i]) {
			snprintf(failure, sizeof failure,
				 "cannot load ICU (%s), needed for Intl and toLocaleString: %s "
				 "(on Debian: apt-get install libicu" KIT_ICU_STR(U_ICU_VERSION_MAJOR_NUM) ")",
				 sonames[i], dlerror());
			return -1;
		}
	}
	/* POSIX lets a void * from dlsym become a function pointer this way */
	*(void **)&error_name = dlsym(libs[0], KIT_ICU_STR(u_errorName));
	return 0;
}

int kit_icu_bind(kit_icu_table *t, char *err, size_t errlen)
{
	if (t->bound)
		return 0;
	if (state == 0)
		state = load() == 0 ? 1 : -1;
	if (state < 0) {
		snprintf(err, errlen, "%s", failure);
		return -1;
	}
	for (size_t i = 0; i < t->n; i++) {
		void *p = dlsym(libs[0], t->syms[i].name);
		if (!p)
			p = dlsym(libs[1], t->syms[i].name);
		if (!p) {
			snprintf(err, errlen, "the ICU loaded (libicu%d) has no %s", U_ICU_VERSION_MAJOR_NUM,
				 t->syms[i].name);
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
		js_error(J, "%s failed in ICU: %s", what, error_name ? error_name(status) : "error");
}
