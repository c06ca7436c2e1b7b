/* diag.c — collecting and printing build diagnostics (see diag.h). */
#include "build/diag.h"
#include "render/xalloc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void kit_diags_init(kit_diags *d)
{
	memset(d, 0, sizeof *d);
	d->arena = kit_arena_new(4096);
}

void kit_diags_free(kit_diags *d)
{
	kit_arena_free(d->arena);
	free(d->items);
	memset(d, 0, sizeof *d);
}

static char *vformat(kit_arena *a, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	char *s = kit_arena_alloc(a, (size_t)(n < 0 ? 0 : n) + 1);
	vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
	return s;
}

kit_diag *kit_diag_add(kit_diags *d, kit_diag_level level, const char *file,
		       const char *fmt, ...)
{
	if (d->len == d->cap) {
		d->cap = d->cap ? d->cap * 2 : 16;
		d->items = kit_xrealloc(d->items, d->cap * sizeof *d->items);
	}
	kit_diag *g = &d->items[d->len++];
	memset(g, 0, sizeof *g);
	g->level = level;
	g->file = file ? kit_arena_strdup(d->arena, file) : NULL;
	va_list ap;
	va_start(ap, fmt);
	g->message = vformat(d->arena, fmt, ap);
	va_end(ap);
	if (level == KIT_DIAG_ERROR)
		d->nerrors++;
	else
		d->nwarnings++;
	return g;
}

void kit_diags_downgrade(kit_diags *d, size_t from)
{
	for (size_t i = from; i < d->len; i++) {
		if (d->items[i].level != KIT_DIAG_ERROR)
			continue;
		d->items[i].level = KIT_DIAG_WARNING;
		d->nerrors--;
		d->nwarnings++;
	}
}

void kit_diag_fix(kit_diags *d, kit_diag *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	g->fix = vformat(d->arena, fmt, ap);
	va_end(ap);
}

void kit_diag_write_fix(kit_diags *d, kit_diag *g, int err, const char *dir)
{
	if (err == ENOSPC || err == EDQUOT)
		kit_diag_fix(d, g, "the disk is full (%s): free space on the file system holding %s (df -h shows it), "
			     "then build again; the app's code is not at fault", err == ENOSPC ? "ENOSPC" : "EDQUOT", dir);
	else
		kit_diag_fix(d, g, "make the app directory writable (and leave room on its file system), then build again");
}

void kit_diag_route(kit_diags *d, kit_diag *g, const char *route)
{
	g->route = route ? kit_arena_strdup(d->arena, route) : NULL;
}

void kit_diags_print(const kit_diags *d, FILE *out)
{
	for (size_t i = 0; i < d->len; i++) {
		const kit_diag *g = &d->items[i];
		fputs(g->level == KIT_DIAG_ERROR ? "error: " : "warning: ", out);
		if (g->file) {
			fputs(g->file, out);
			if (g->line)
				fprintf(out, ":%d", g->line);
			if (g->line && g->column)
				fprintf(out, ":%d", g->column);
			fputs(": ", out);
		}
		fprintf(out, "%s\n", g->message);
		if (g->route)
			fprintf(out, "  route: %s\n", g->route);
		if (g->fix)
			fprintf(out, "  fix:   %s\n", g->fix);
	}
}
