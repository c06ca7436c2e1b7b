/* scan_test.c — the route scanner against fixture trees.
 *
 * Each directory under tests/fixtures/build/scan/ is an app tree plus an
 * `expect` file (the data; this file is only the driver):
 *   sourcedir DIR            source directory (default src/app)
 *   route <description>      kit_scan_describe of each route, in match order
 *   module <id> <role> <file> [<meta> [<type>]]
 *                            every route-convention file, sorted by id (a
 *                            metadata file's route: how the entry wraps it)
 *   image <dir> <kind> <file> <type|-> <alt|->
 *                            the metadata image files, in scan order
 *   error FILE ~ TEXT        a diagnostic for FILE whose message or fix has TEXT
 *   warning FILE ~ TEXT      the same for warnings
 * When route or module lines are given, the lists must match exactly; the
 * numbers of errors and warnings must always match. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/scan.h"
#include "tests/unit/test.h"

static const char *const role_names[] = {
	"page", "layout", "loading", "default", "middleware", "route", "not-found", "error", "global-error",
	"forbidden", "unauthorized", "template",
};

static const char *const meta_names[] = {
	[KIT_META_ROBOTS] = "robots", [KIT_META_SITEMAP] = "sitemap", [KIT_META_SITEMAPS] = "sitemaps",
	[KIT_META_MANIFEST] = "manifest",
	[KIT_META_TEXT] = "text", [KIT_META_FAVICON] = "favicon",
};

typedef struct lines {
	char **v;
	size_t n;
} lines;

static void lines_push(lines *l, const char *s)
{
	l->v = realloc(l->v, (l->n + 1) * sizeof *l->v);
	l->v[l->n++] = strdup(s);
}

static void lines_free(lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static int diag_matches(const kit_diag *g, const char *spec)
{
	const char *sep = strstr(spec, " ~ ");
	if (!sep || !g->file)
		return 0;
	size_t flen = (size_t)(sep - spec);
	const char *text = sep + 3;
	if (strlen(g->file) != flen || strncmp(g->file, spec, flen) != 0)
		return 0;
	return strstr(g->message, text) || (g->fix && strstr(g->fix, text)) ||
	       (g->route && strstr(g->route, text));
}

static void check_diags(const char *name, const char *level, kit_diag_level want,
			const lines *expected, const kit_diags *d)
{
	char tname[512];
	size_t actual = 0;
	for (size_t i = 0; i < d->len; i++)
		actual += d->items[i].level == want;
	for (size_t i = 0; i < expected->n; i++) {
		snprintf(tname, sizeof tname, "scan %s: %s %s", name, level, expected->v[i]);
		int found = 0;
		for (size_t j = 0; j < d->len && !found; j++)
			found = d->items[j].level == want && diag_matches(&d->items[j], expected->v[i]);
		if (found)
			TEST_PASS(tname);
		else
			TEST_FAIL(tname, "no such %s", level);
	}
	snprintf(tname, sizeof tname, "scan %s: %zu %ss", name, expected->n, level);
	if (actual == expected->n) {
		TEST_PASS(tname);
		return;
	}
	TEST_FAIL(tname, "got %zu:", actual);
	for (size_t j = 0; j < d->len; j++)
		if (d->items[j].level == want)
			printf("    %s: %s%s%s\n", d->items[j].file ? d->items[j].file : "-",
			       d->items[j].message, d->items[j].fix ? " / fix: " : "",
			       d->items[j].fix ? d->items[j].fix : "");
}

static void check_list(const char *name, const char *what, const lines *want, const lines *got)
{
	char tname[512];
	size_t n = want->n > got->n ? want->n : got->n;
	for (size_t i = 0; i < n; i++) {
		snprintf(tname, sizeof tname, "scan %s: %s %zu", name, what, i + 1);
		CHECK_STR(tname, i < got->n ? got->v[i] : "(missing)",
			  i < want->n ? want->v[i] : "(unexpected)");
	}
}

static void run_case(const char *name)
{
	char rel[512], root[4096];
	snprintf(rel, sizeof rel, "tests/fixtures/build/scan/%s/expect", name);
	snprintf(root, sizeof root, "%s/tests/fixtures/build/scan/%s", test_srcdir(), name);
	char *text = test_read_file(rel, NULL);
	if (!text) {
		TEST_FAIL(name, "cannot read %s", rel);
		return;
	}
	lines routes = {0}, modules = {0}, images = {0}, errors = {0}, warnings = {0};
	const char *source_dir = "src/app";
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "route ", 6) == 0)
			lines_push(&routes, line + 6);
		else if (strncmp(line, "module ", 7) == 0)
			lines_push(&modules, line + 7);
		else if (strncmp(line, "image ", 6) == 0)
			lines_push(&images, line + 6);
		else if (strncmp(line, "error ", 6) == 0)
			lines_push(&errors, line + 6);
		else if (strncmp(line, "warning ", 8) == 0)
			lines_push(&warnings, line + 8);
		else if (strncmp(line, "sourcedir ", 10) == 0)
			source_dir = line + 10;
	}

	kit_arena *a = kit_arena_new(1 << 14);
	kit_diags d;
	kit_diags_init(&d);
	kit_scan scan;
	int rc = kit_scan_tree(&scan, a, root, source_dir, &d);
	char tname[512];
	snprintf(tname, sizeof tname, "scan %s: result", name);
	CHECK(tname, rc == (errors.n ? -1 : 0));

	if (routes.n) {
		lines got = {0};
		kit_buf b;
		kit_buf_init(&b);
		for (size_t i = 0; i < scan.nroutes; i++) {
			kit_buf_reset(&b);
			kit_scan_describe(&scan.routes[i], &b);
			lines_push(&got, kit_buf_cstr(&b));
		}
		kit_buf_free(&b);
		check_list(name, "route", &routes, &got);
		lines_free(&got);
	}
	if (modules.n) {
		lines got = {0};
		char buf[2048];
		for (size_t i = 0; i < scan.nmodules; i++) {
			const kit_scan_module *m = &scan.modules[i];
			int n = snprintf(buf, sizeof buf, "%s %s %s", m->id, role_names[m->role], m->file);
			if (m->meta != KIT_META_NONE && n > 0 && (size_t)n < sizeof buf)
				snprintf(buf + n, sizeof buf - (size_t)n, " %s%s%s", meta_names[m->meta],
					 m->meta_type ? " " : "", m->meta_type ? m->meta_type : "");
			lines_push(&got, buf);
		}
		check_list(name, "module", &modules, &got);
		lines_free(&got);
	}
	if (images.n || scan.nimages) {
		lines got = {0};
		char buf[2048];
		for (size_t i = 0; i < scan.nimages; i++) {
			const kit_scan_image *g = &scan.images[i];
			snprintf(buf, sizeof buf, "%s %s %s %s %s", g->dir, g->kind, g->file,
				 g->type ? g->type : "-", g->alt ? g->alt : "-");
			lines_push(&got, buf);
		}
		check_list(name, "image", &images, &got);
		lines_free(&got);
	}
	check_diags(name, "error", KIT_DIAG_ERROR, &errors, &d);
	check_diags(name, "warning", KIT_DIAG_WARNING, &warnings, &d);

	kit_diags_free(&d);
	kit_arena_free(a);
	lines_free(&routes);
	lines_free(&modules);
	lines_free(&images);
	lines_free(&errors);
	lines_free(&warnings);
	free(text);
}

/* Match order is a property of the comparator alone: check it directly on
 * the cases the manifest contract names. */
static void check_order(void)
{
	kit_scan_segment s_blog = {KIT_SCAN_STATIC, "blog"}, s_new = {KIT_SCAN_STATIC, "new"},
		    d_slug = {KIT_SCAN_DYNAMIC, "slug"}, d_id = {KIT_SCAN_DYNAMIC, "id"},
		    c_rest = {KIT_SCAN_CATCHALL, "rest"};
	kit_scan_segment blog_new[] = {s_blog, s_new}, blog_slug[] = {s_blog, d_slug},
		    blog_id[] = {s_blog, d_id}, blog_rest[] = {s_blog, c_rest},
		    rest[] = {c_rest}, slug_new[] = {d_slug, s_new};
	kit_scan_route r_blog_new = {.segments = blog_new, .nsegments = 2},
		  r_blog_slug = {.segments = blog_slug, .nsegments = 2},
		  r_blog_id = {.segments = blog_id, .nsegments = 2},
		  r_blog_rest = {.segments = blog_rest, .nsegments = 2},
		  r_blog = {.segments = blog_new, .nsegments = 1},
		  r_root = {.segments = NULL, .nsegments = 0},
		  r_rest = {.segments = rest, .nsegments = 1},
		  r_slug_new = {.segments = slug_new, .nsegments = 2};
	CHECK("order: static beats dynamic", kit_scan_route_cmp(&r_blog_new, &r_blog_slug) < 0);
	CHECK("order: dynamic beats catch-all", kit_scan_route_cmp(&r_blog_slug, &r_blog_rest) < 0);
	CHECK("order: regardless of argument order", kit_scan_route_cmp(&r_blog_slug, &r_blog_new) > 0);
	CHECK("order: leftmost segment decides", kit_scan_route_cmp(&r_blog_rest, &r_slug_new) < 0);
	CHECK("order: shorter first on a common prefix", kit_scan_route_cmp(&r_blog, &r_blog_new) < 0);
	CHECK("order: root before a top-level catch-all", kit_scan_route_cmp(&r_root, &r_rest) < 0);
	CHECK("order: parameter names do not matter", kit_scan_route_cmp(&r_blog_slug, &r_blog_id) == 0);
	CHECK_STR("method names", kit_scan_method_name(6), "OPTIONS");
}

int main(void)
{
	static const char *const cases[] = {
		"conventions", "slots", "conflicts", "empty", "missing", "metafiles",
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		run_case(cases[i]);
	check_order();
	TEST_EXIT();
}
