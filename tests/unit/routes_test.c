/* routes_test.c — route matching (fcgi/routes.c) as a case table on the
 * manifest of tests/fixtures/routes/ (kit-build's order: static before
 * dynamic before catch-all, segment by segment; a route group adds no
 * segment). Each row: a canonical path, the route it matches ("-" for
 * none) and its params as "name=value" ("name=a/b" for a catch-all's
 * list), joined by " ".
 *
 * kit has no optional catch-all ([[...x]]): kit-build refuses one
 * (build/scan.c), so the manifest never holds it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/routes.h"
#include "render/arena.h"
#include "render/buf.h"
#include "test.h"

static const struct route_case {
	const char *path;
	const char *route;
	const char *params;
} cases[] = {
	/* static */
	{ "/", "/", "" },
	{ "/about", "/about", "" },
	{ "/blog", "/blog", "" },
	{ "/api/items", "/api/items", "" },
	{ "/cart", "/cart", "" },                       /* app/(shop)/cart: the group adds no segment */
	/* static beats dynamic, at any depth */
	{ "/blog/new", "/blog/new", "" },
	{ "/blog/News", "/blog/[slug]", "slug=News" }, /* case-sensitive */
	{ "/About", "/[lang]", "lang=About" },
	{ "/de/about", "/[lang]/about", "lang=de" },
	/* dynamic */
	{ "/blog/hello", "/blog/[slug]", "slug=hello" },
	{ "/blog/hello/edit", "/blog/[slug]/edit", "slug=hello" },
	{ "/api/items/42", "/api/items/[id]", "id=42" },
	{ "/de", "/[lang]", "lang=de" },
	{ "/blog/h\xc3\xa9llo", "/blog/[slug]", "slug=h\xc3\xa9llo" },
	{ "/blog/a b;c", "/blog/[slug]", "slug=a b;c" },
	/* dynamic beats catch-all */
	{ "/blog/hello/other", "/[lang]/[...rest]", "lang=blog rest=hello/other" },
	{ "/api/items/42/x", "/[lang]/[...rest]", "lang=api rest=items/42/x" },
	/* catch-all: one segment or more, never none */
	{ "/docs/a", "/docs/[...path]", "path=a" },
	{ "/docs/a/b/c", "/docs/[...path]", "path=a/b/c" },
	{ "/docs", "/[lang]", "lang=docs" },
	{ "/de/x/y", "/[lang]/[...rest]", "lang=de rest=x/y" },
	{ "/de/about/x", "/[lang]/[...rest]", "lang=de rest=about/x" },
	/* the segment limit: 128 */
	{ "LONG:127", "/docs/[...path]", "path=127 values" },
	{ "LONG:128", "-", "" },
	{ "LONG:200", "-", "" },
};

/* "LONG:N" is "/docs" followed by N segments "/a". */
static const char *path_of(kit_arena *a, const char *p)
{
	if (strncmp(p, "LONG:", 5) != 0)
		return p;
	int n = atoi(p + 5);
	kit_buf b;
	kit_buf_init_in(&b, a);
	kit_buf_puts(&b, "/docs");
	for (int i = 0; i < n; i++)
		kit_buf_puts(&b, "/a");
	return kit_buf_cstr(&b);
}

int main(void)
{
	kit_routes routes;
	char err[KIT_ERR_SIZE], dir[4096], name[300];
	snprintf(dir, sizeof dir, "%s/tests/fixtures/routes", test_srcdir());
	if (kit_routes_load(&routes, dir, err, sizeof err) < 0) {
		TEST_FAIL("routes: load tests/fixtures/routes/manifest.json", "%s", err);
		TEST_EXIT();
	}
	kit_arena *a = kit_arena_new(4096);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct route_case *c = &cases[i];
		kit_match m;
		kit_routes_match(a, &routes, path_of(a, c->path), &m);
		kit_buf got;
		kit_buf_init_in(&got, a);
		kit_buf_puts(&got, m.index < 0 ? "-" : routes.routes[m.index].path);
		for (size_t p = 0; p < m.nparams; p++) {
			const kit_param *pr = &m.params[p];
			kit_buf_printf(&got, "%s%s=", p ? " " : " | ", pr->name);
			if (pr->nvalues > 8) {
				kit_buf_printf(&got, "%zu values", pr->nvalues);
				continue;
			}
			for (size_t k = 0; k < pr->nvalues; k++)
				kit_buf_printf(&got, "%s%s", k ? "/" : "", pr->values[k]);
		}
		char want[300];
		snprintf(want, sizeof want, "%s%s%s", c->route, *c->params ? " | " : "", c->params);
		snprintf(name, sizeof name, "routes: %.100s", c->path);
		CHECK_STR(name, kit_buf_cstr(&got), want);
		kit_arena_reset(a);
	}
	kit_arena_free(a);
	kit_routes_free(&routes);
	TEST_EXIT();
}
