/* nextmatch.h — the paths a Next.js-shaped src/middleware.ts runs for. */
#ifndef KIT_RENDER_NEXTMATCH_H
#define KIT_RENDER_NEXTMATCH_H

#include <stddef.h>

#include "render/engine.h"
#include "mujs/regex/regex.h"

typedef struct kit_next_matcher {
	kit_regex **re;
	size_t n;
	int every;  /* no matcher, or a pattern that did not load or compile: every path */
} kit_next_matcher;

/* Asks the engine for module's config.matcher path patterns and compiles
 * them (kit_engine_next_matcher); on any failure m->every is set. */
void kit_next_matcher_load(kit_next_matcher *m, kit_engine *e, const char *module);

/* 1 when one of the patterns matches path[0..len) (the has and missing
 * conditions are the engine's to check), or m->every. */
int kit_next_matcher_covers(const kit_next_matcher *m, const char *path, size_t len);

void kit_next_matcher_free(kit_next_matcher *m);

#endif
