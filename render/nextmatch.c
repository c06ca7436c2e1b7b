/* nextmatch.c — the paths a Next.js-shaped src/middleware.ts runs for
 * (docs/middleware.md).
 *
 * Its config.matcher path patterns are asked of the engine once and compiled
 * with kit's regex engine, so that the host decides without JS whether the
 * middleware runs for a request, and kit-build lays out for the web server
 * exactly the pages the host would never run it for (one matcher, two
 * users: they must not disagree). */
#include "render/nextmatch.h"

#include <stdlib.h>
#include <string.h>

#include "render/xalloc.h"

static void *regex_alloc(void *ctx, void *p, int n)
{
	(void)ctx;
	if (n == 0) {
		free(p);
		return NULL;
	}
	return kit_xrealloc(p, (size_t)n);
}

static int regex_poll(void *ctx)
{
	int *left = ctx;
	return --*left < 0;
}

void kit_next_matcher_load(kit_next_matcher *m, kit_engine *e, const char *module)
{
	char err[KIT_ERR_SIZE];
	char **sources = NULL;
	size_t n = 0;
	memset(m, 0, sizeof *m);
	if (kit_engine_next_matcher(e, module, &sources, &n, err, sizeof err) != 0) {
		m->every = 1;  /* the engine's own call reports why */
		return;
	}
	m->re = kit_xcalloc(n ? n : 1, sizeof *m->re);
	for (size_t i = 0; i < n; i++) {
		const char *why = NULL;
		kit_regex *re = kit_regex_compile(regex_alloc, NULL, sources[i], KIT_REGEX_I, &why);
		if (re)
			m->re[m->n++] = re;
		else
			m->every = 1;  /* JS compiled it: every path goes to the engine */
		free(sources[i]);
	}
	free(sources);
}

int kit_next_matcher_covers(const kit_next_matcher *m, const char *path, size_t len)
{
	if (m->every)
		return 1;
	int caps[2 * 64], hit = 0;
	/* a pattern that backtracks without end on a visitor's path is left to
	 * the engine, whose budget interrupts it: here it stops after ~1 M steps */
	int polls = 16;
	kit_regex_set_poll(regex_poll, &polls);
	for (size_t i = 0; i < m->n && !hit; i++)
		hit = kit_regex_ncaptures(m->re[i]) > 64 || kit_regex_match(m->re[i], path, (int)len, 0, 1, caps) != 0;
	kit_regex_set_poll(NULL, NULL);
	return hit;
}

void kit_next_matcher_free(kit_next_matcher *m)
{
	for (size_t i = 0; i < m->n; i++)
		kit_regex_free(regex_alloc, NULL, m->re[i]);
	free(m->re);
	memset(m, 0, sizeof *m);
}
