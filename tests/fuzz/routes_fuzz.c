/* routes_fuzz.c — libFuzzer target: route matching (fcgi/routes.c) on the
 * manifest of tests/fixtures/routes/ (static, dynamic, catch-all, a group,
 * API routes, in kit-build's order).
 *
 * One input: a REQUEST_URI up to the first NUL, then the X-RSC-Segments
 * header a client sent. The URI is canonicalised as the host does it
 * (kit_url_parse, the trailing slash cut) and matched. Checked: a match
 * rebuilds the path exactly (each static segment, each param value one
 * non-empty segment, a catch-all one or more), and the layouts the client
 * may keep are never more than the route has. A violation aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/routes.h"
#include "fcgi/url.h"

#ifndef KIT_FUZZ_SRCDIR
#define KIT_FUZZ_SRCDIR "."
#endif

static kit_routes routes;

static void fail(const char *what, const char *path, const char *rebuilt)
{
	fprintf(stderr, "routes_fuzz: %s (path \"%s\", rebuilt \"%s\")\n", what, path, rebuilt);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static kit_arena *a;
	if (!a) {
		char err[KIT_ERR_SIZE];
		const char *dir = getenv("KIT_TOP_SRCDIR");
		char path[4096];
		snprintf(path, sizeof path, "%s/tests/fixtures/routes", dir ? dir : KIT_FUZZ_SRCDIR);
		if (kit_routes_load(&routes, path, err, sizeof err) < 0) {
			fprintf(stderr, "routes_fuzz: %s\n", err);
			exit(1);
		}
		a = kit_arena_new(4096);
	}
	kit_arena_reset(a);
	char *uri = kit_arena_strndup(a, (const char *)data, size);
	size_t ulen = strlen(uri);
	const char *segments = ulen < size ? kit_arena_strndup(a, (const char *)data + ulen + 1, size - ulen - 1) : "";

	kit_url u;
	const char *why;
	if (kit_url_parse(a, uri, &u, &why) < 0)
		return 0;
	size_t plen = strlen(u.path);
	if (plen > 1 && u.path[plen - 1] == '/')
		u.path[plen - 1] = '\0';

	kit_match m;
	kit_routes_match(a, &routes, u.path, &m);
	if (m.index < 0)
		return 0;
	if ((size_t)m.index >= routes.n)
		fail("the match is past the manifest", u.path, "");
	const kit_route *rt = &routes.routes[m.index];
	kit_buf b;
	kit_buf_init_in(&b, a);
	size_t p = 0;
	for (size_t s = 0; s < rt->nsegs; s++) {
		if (rt->segs[s].type == KIT_SEG_STATIC) {
			kit_buf_printf(&b, "/%s", rt->segs[s].text);
			continue;
		}
		if (p >= m.nparams || strcmp(m.params[p].name, rt->segs[s].text) != 0)
			fail("a param is missing", u.path, kit_buf_cstr(&b));
		const kit_param *pr = &m.params[p++];
		if (pr->nvalues < 1 || (!pr->is_list && pr->nvalues != 1))
			fail("a param has the wrong number of values", u.path, kit_buf_cstr(&b));
		for (size_t k = 0; k < pr->nvalues; k++) {
			if (!pr->values[k][0] || strchr(pr->values[k], '/'))
				fail("a param value is empty or holds \"/\"", u.path, kit_buf_cstr(&b));
			kit_buf_printf(&b, "/%s", pr->values[k]);
		}
	}
	if (p != m.nparams)
		fail("more params than the route has", u.path, kit_buf_cstr(&b));
	const char *rebuilt = b.len ? kit_buf_cstr(&b) : "/";
	if (strcmp(rebuilt, u.path) != 0)
		fail("the route and its params do not rebuild the path", u.path, rebuilt);

	const char *chain = kit_route_chain(a, rt, m.params, m.nparams);
	if (kit_route_shared_depth(rt, chain, segments) > rt->nlayouts)
		fail("the client keeps more layouts than the route has", u.path, rebuilt);
	return 0;
}
