/* libcrypto.c — libcrypto through dlopen, on first use (libcrypto.h). */
#include "render/libcrypto.h"

#include <dlfcn.h>
#include <stdio.h>

#ifndef KIT_LIBCRYPTO_SONAME
#define KIT_LIBCRYPTO_SONAME "libcrypto.so.3"
#endif

static void *lib;         /* the handle, once loaded */
static char failure[256]; /* dlerror's message, when loading failed */
static int state;         /* 0 not tried, 1 loaded, -1 failed */

int kit_crypto_bind(const kit_crypto_sym *syms, size_t n, char *err, size_t errlen)
{
	if (!state) {
		static const char *const names[] = { KIT_LIBCRYPTO_SONAME, "libcrypto.so.3", "libcrypto.so.1.1" };
		for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) {
			lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
			/* copied at once: the next failing dlopen frees the text dlerror returned */
			if (!lib && i == 0)
				snprintf(failure, sizeof failure, "%s", dlerror());
		}
		state = lib ? 1 : -1;
	}
	if (state < 0) {
		snprintf(err, errlen, "%s", failure);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		/* POSIX lets a void * from dlsym become a function pointer this way */
		*syms[i].slot = dlsym(lib, syms[i].name);
		if (!*syms[i].slot) {
			snprintf(err, errlen, "%s", syms[i].name);
			return -2;
		}
	}
	return 0;
}
