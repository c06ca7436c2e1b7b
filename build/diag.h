/* diag.h — build diagnostics: every problem kit-build finds, with what to do.
 *
 * A build collects all the errors it can before giving up, so one run shows the
 * user everything to fix. Each diagnostic names the file (relative to the app
 * root), the route it affects when known, and the fix. Strings are copied into
 * the list's own arena; kit_diags_free releases everything. */
#ifndef KIT_BUILD_DIAG_H
#define KIT_BUILD_DIAG_H

#include <stdio.h>
#include <stddef.h>

#include "render/arena.h"

typedef enum kit_diag_level { KIT_DIAG_ERROR, KIT_DIAG_WARNING } kit_diag_level;

typedef struct kit_diag {
	kit_diag_level level;
	const char *file;    /* NULL when no file is involved */
	int line, column;    /* 1-based; 0 = unknown */
	const char *route;   /* URL pattern(s) affected, or NULL */
	const char *message;
	const char *fix;     /* NULL when there is nothing to suggest */
} kit_diag;

typedef struct kit_diags {
	kit_arena *arena;
	kit_diag *items;
	size_t len, cap;
	size_t nerrors, nwarnings;
} kit_diags;

void kit_diags_init(kit_diags *d);
void kit_diags_free(kit_diags *d);

/* Adds a diagnostic and returns it so route, position and fix can be set. */
kit_diag *kit_diag_add(kit_diags *d, kit_diag_level level, const char *file,
		       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void kit_diag_fix(kit_diags *d, kit_diag *g, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kit_diag_route(kit_diags *d, kit_diag *g, const char *route);
/* The fix for a failed write of the build's output (err: its errno): a full
 * disk (ENOSPC, EDQUOT) says so and which file system, never a fix to the
 * app's code; anything else asks for a writable app directory. */
void kit_diag_write_fix(kit_diags *d, kit_diag *g, int err, const char *dir);

/* Turns the errors added since index `from` (d->len before) into warnings
 * (kit-build --dev: a failed hostManifest command does not fail the build). */
void kit_diags_downgrade(kit_diags *d, size_t from);

/* Writes every diagnostic, errors and warnings in the order found:
 *   error: src/app/x/page.tsx:3:5: message
 *     route: /x
 *     fix:   what to do */
void kit_diags_print(const kit_diags *d, FILE *out);

#endif
