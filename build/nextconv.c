/* nextconv.c — Next.js files kit does not read (nextconv.h). */
#include "build/nextconv.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Deeper than any route tree; stops symlink loops (build/scan.c's limit). */
#define MAX_DEPTH 64

static const char *const code_exts[] = { ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts" };

static int is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The first dir/base<ext> that is a file, relative to the app root, into
 * rel; 0 when there is none. dir "" is the root. */
static int find_code(const char *app_root, const char *dir, const char *base, char *rel, size_t len)
{
	for (size_t i = 0; i < sizeof code_exts / sizeof *code_exts; i++) {
		char abs[4200];
		snprintf(rel, len, "%s%s%s%s", dir, *dir ? "/" : "", base, code_exts[i]);
		snprintf(abs, sizeof abs, "%s/%s", app_root, rel);
		if (is_file(abs))
			return 1;
	}
	return 0;
}

/* Files Next.js reads beside the source directory ("src" for "src/app") or
 * at the app's root. */
static const struct {
	const char *base, *what, *fix;
} beside_files[] = {
	{ "next.config", "Next.js's configuration; kit does not read it",
	  "kit's settings are in kit.config.json (sourceDir, loaders, hostManifest: build/README.md); redirects, "
	  "rewrites and headers go in src/middleware.ts (NextResponse.redirect(), rewrite(), docs/middleware.md) or in "
	  "the web server's configuration (contrib/); images need no configuration (docs/assets.md)" },
	{ "instrumentation", "Next.js calls its register() at start and onRequestError() on errors; kit calls neither",
	  "put start-up work at the top level of a server module (it runs when a worker first loads that route); kit "
	  "logs every render error itself, with its route (docs/errors.md)" },
	{ "instrumentation-client", "Next.js runs it in the browser before the app; kit does not load it",
	  "import it from a \"use client\" component that the root layout renders" },
	{ "proxy", "Next.js 16's name for middleware.ts; kit reads middleware.ts only",
	  "rename it middleware.ts and its export proxy to middleware (or export it as default): docs/middleware.md" },
	{ "mdx-components", "kit does not compile MDX, so nothing reads it",
	  "import .md files as text through kit.config.json \"loaders\" (docs/assets.md) and render them with a "
	  "markdown library, as examples/blog does" },
};

/* Does dir hold a code file (not below it)? */
static int holds_code(const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return 0;
	int found = 0;
	struct dirent *de;
	while (!found && (de = readdir(dp))) {
		const char *dot = strrchr(de->d_name, '.');
		for (size_t i = 0; dot && i < sizeof code_exts / sizeof *code_exts; i++)
			found |= !strcmp(dot, code_exts[i]);
	}
	closedir(dp);
	return found;
}

static void warn(kit_diags *d, const char *file, const char *what, const char *fix)
{
	kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, file, "%s; this file is not used", what);
	kit_diag_fix(d, g, "%s", fix);
}

static int is_route_code(const char *dot)
{
	return !strcmp(dot, ".tsx") || !strcmp(dot, ".ts") || !strcmp(dot, ".jsx") || !strcmp(dot, ".js");
}

/* The route tree: page.md(x) and global-not-found.* files, which scan.c
 * takes for colocated files, and pages inside a private folder (_name),
 * which Next.js never routes and kit does. private: the first such folder
 * above, or NULL. */
static void walk(const char *app_root, const char *rel, const char *private, int depth, kit_diags *d)
{
	if (depth > MAX_DEPTH)
		return;
	char abs[4200];
	snprintf(abs, sizeof abs, "%s/%s", app_root, rel);
	DIR *dp = opendir(abs);
	if (!dp)
		return;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "node_modules"))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			char **grown = realloc(names, cap * sizeof *names);
			if (!grown)
				break;
			names = grown;
		}
		names[n] = strdup(de->d_name);
		if (names[n])
			n++;
	}
	closedir(dp);
	/* byte order, so that the warnings never depend on the file system */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++) {
		char child[4200];
		int k = snprintf(child, sizeof child, "%s/%s", rel, names[i]);
		if (k < 0 || (size_t)k >= sizeof child)
			continue;
		k = snprintf(abs, sizeof abs, "%s/%s", app_root, child);
		if (k < 0 || (size_t)k >= sizeof abs)
			continue;
		if (is_dir(abs)) {
			walk(app_root, child, private ? private : names[i][0] == '_' ? child : NULL, depth + 1, d);
			continue;
		}
		const char *dot = strrchr(names[i], '.');
		if (!dot)
			continue;
		size_t base = (size_t)(dot - names[i]);
		if (base == 4 && !strncmp(names[i], "page", 4) && (!strcmp(dot, ".mdx") || !strcmp(dot, ".md")))
			warn(d, child, "a page written in MDX or Markdown: kit's pages are .tsx, .ts, .jsx or .js files",
			     "make it page.tsx that renders the text (import the .md file through kit.config.json "
			     "\"loaders\", docs/assets.md)");
		else if (private && is_route_code(dot) && ((base == 4 && !strncmp(names[i], "page", 4)) ||
							    (base == 5 && !strncmp(names[i], "route", 5)))) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, child,
						   "a %.*s inside the private folder %s: Next.js never routes it, kit does "
						   "(the folder's name is a URL segment)", (int)base, names[i], private);
			kit_diag_fix(d, g, "rename the folder without the _ if this is a route; else move the file out "
				     "(in kit only page and route files make routes: other files need no private folder)");
		} else if (base == 16 && !strncmp(names[i], "global-not-found", 16) && is_route_code(dot))
			warn(d, child, "Next.js's global-not-found file (a 404 page with its own <html>) is not a kit convention",
			     "put a not-found.tsx in the root directory: kit renders it inside the root layout for every "
			     "URL no route matches (docs/errors.md)");
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

void kit_nextconv_check(const char *app_root, const char *source_dir, kit_diags *d)
{
	const char *slash = strrchr(source_dir, '/');
	char parent[1024];
	snprintf(parent, sizeof parent, "%.*s", slash ? (int)(slash - source_dir) : 0, source_dir);
	for (size_t i = 0; i < sizeof beside_files / sizeof *beside_files; i++) {
		char rel[2048];
		if (find_code(app_root, parent, beside_files[i].base, rel, sizeof rel) ||
		    (*parent && find_code(app_root, "", beside_files[i].base, rel, sizeof rel)))
			warn(d, rel, beside_files[i].what, beside_files[i].fix);
	}
	/* the Pages Router: pages/ beside the source directory, or at the root */
	const char *dirs[] = { parent, "" };
	for (size_t i = 0; i < (*parent ? 2u : 1u); i++) {
		char rel[2048], abs[4200];
		snprintf(rel, sizeof rel, "%s%spages", dirs[i], *dirs[i] ? "/" : "");
		snprintf(abs, sizeof abs, "%s/%s", app_root, rel);
		if (strcmp(rel, source_dir) && is_dir(abs) && holds_code(abs)) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, rel,
						   "a Pages Router directory: kit has the App Router only (%s); these files are not used",
						   source_dir);
			kit_diag_fix(d, g, "move each page to %s/<path>/page.tsx: getServerSideProps and getStaticProps become "
				     "an async server component, API routes route.ts files with GET/POST exports (docs/architecture.md)",
				     source_dir);
		}
	}
	walk(app_root, source_dir, NULL, 0, d);
}
