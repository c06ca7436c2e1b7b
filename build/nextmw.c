/* nextmw.c — finding the Next.js-shaped middleware file (nextmw.h). */
#include "build/nextmw.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const exts[] = { ".ts", ".tsx", ".js", ".jsx" };

/* The first dir/middleware.<ext> that is a file, relative to the app root
 * (in a), or NULL. dir "" is the root. */
static const char *find_in(kit_arena *a, const char *app_root, const char *dir)
{
	for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
		char rel[1024], abs[4200];
		snprintf(rel, sizeof rel, "%s%smiddleware%s", dir, *dir ? "/" : "", exts[i]);
		snprintf(abs, sizeof abs, "%s/%s", app_root, rel);
		struct stat st;
		if (stat(abs, &st) == 0 && S_ISREG(st.st_mode))
			return kit_arena_strdup(a, rel);
	}
	return NULL;
}

int kit_nextmw_find(kit_scan *scan, kit_arena *a, const char *app_root, kit_diags *d)
{
	/* beside the source directory: "src" for "src/app", the root for "app" */
	const char *slash = strrchr(scan->source_dir, '/');
	char parent[1024];
	snprintf(parent, sizeof parent, "%.*s", slash ? (int)(slash - scan->source_dir) : 0, scan->source_dir);
	const char *beside = find_in(a, app_root, parent);
	const char *root = *parent ? find_in(a, app_root, "") : NULL;
	if (beside && root) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, root, "the app has two Next.js middleware files: %s and %s",
					   beside, root);
		kit_diag_fix(d, g, "keep one of them (Next.js runs one middleware per app; kit runs %s)", beside);
		return -1;
	}
	const char *file = beside ? beside : root;
	if (!file)
		return 0;
	kit_scan_module *mods = kit_arena_alloc(a, (scan->nmodules + 1) * sizeof *mods);
	size_t at = 0;
	while (at < scan->nmodules && strcmp(scan->modules[at].id, KIT_NEXT_MIDDLEWARE_ID) < 0)
		at++;
	for (size_t i = 0; i < at; i++)
		mods[i] = scan->modules[i];
	mods[at] = (kit_scan_module){ .id = KIT_NEXT_MIDDLEWARE_ID, .file = file, .role = KIT_FILE_MIDDLEWARE };
	for (size_t i = at; i < scan->nmodules; i++)
		mods[i + 1] = scan->modules[i];
	scan->modules = mods;
	scan->nmodules++;
	return 0;
}

const kit_scan_module *kit_nextmw_module(const kit_scan *scan)
{
	return kit_scan_find_module(scan, KIT_NEXT_MIDDLEWARE_ID);
}

const char *kit_nextmw_file(const kit_scan *scan)
{
	const kit_scan_module *m = kit_nextmw_module(scan);
	return m ? m->file : NULL;
}
