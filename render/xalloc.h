/* xalloc.h — allocation that does not fail.
 *
 * kit has no recovery from an exhausted heap that is better than stopping:
 * a responder that ends is replaced by its web server, a kit-build that
 * ends says so. These end the process with a message on stderr (the web
 * server's error log) instead of a bare abort() at every call site. */
#ifndef KIT_XALLOC_H
#define KIT_XALLOC_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline _Noreturn void kit_out_of_memory(size_t n)
{
	fprintf(stderr, "kit: out of memory (allocating %zu bytes)\n", n);
	abort();
}

static inline void *kit_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		kit_out_of_memory(n);
	return p;
}

static inline void *kit_xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		kit_out_of_memory(count * size);
	return p;
}

static inline void *kit_xrealloc(void *old, size_t n)
{
	void *p = realloc(old, n ? n : 1);
	if (!p)
		kit_out_of_memory(n);
	return p;
}

static inline char *kit_xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		kit_out_of_memory(strlen(s ? s : "") + 1);
	return p;
}

static inline char *kit_xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);
	if (!p)
		kit_out_of_memory(n + 1);
	return p;
}

#endif
