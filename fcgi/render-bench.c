/* kit-render-bench — the engine's render cost, without any web server.
 *
 *   kit-render-bench [--visit-all] APP_DIR URL [N]
 *
 * Renders URL N times (default 1000) in one warm engine, as a document and as
 * a Flight payload, and prints the time per render and per element walked,
 * then the JS heap, the process's RSS and how many bundle files it loaded from
 * their compiled code (.kit/jsc/, build/jscache.h). --visit-all first renders every
 * page route without params once (a worker that served them all: each has
 * loaded its chunks of .kit/server/). `make bench` runs it; it is not a
 * test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fcgi/routes.h"
#include "render/engine.h"

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* VmRSS of this process, from /proc/self/status (0 when unreadable). */
static double rss_mib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = 0;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "VmRSS:", 6) == 0)
			kb = atol(line + 6);
	if (f)
		fclose(f);
	return kb / 1024.0;
}

static int count_write(void *ctx, const char *p, size_t n)
{
	(void)p;
	*(size_t *)ctx += n;
	return 0;
}

static int run(kit_engine *e, const kit_render_req *req, long n, size_t *bytes, double *secs)
{
	kit_render_out out = { NULL, { count_write, NULL, bytes }, NULL, NULL };
	kit_render_error err;
	double t0 = now_s();
	for (long i = 0; i < n; i++) {
		*bytes = 0;
		if (kit_engine_render(e, req, &out, &err) != 0) {
			fprintf(stderr, "kit-render-bench: render failed: %s\n", err.message);
			return -1;
		}
	}
	*secs = now_s() - t0;
	return 0;
}

int main(int argc, char **argv)
{
	int visit_all = argc > 1 && strcmp(argv[1], "--visit-all") == 0;
	if (visit_all) {
		argv++;
		argc--;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: kit-render-bench [--visit-all] APP_DIR URL [N]\n");
		return 2;
	}
	long n = argc > 3 ? atol(argv[3]) : 1000;
	if (n < 1)
		n = 1;
	char kit_dir[4096], server_js[4200], err[KIT_ERR_SIZE];
	snprintf(kit_dir, sizeof kit_dir, "%s/.kit", argv[1]);
	snprintf(server_js, sizeof server_js, "%s/server.js", kit_dir);
	kit_routes routes;
	if (kit_routes_load(&routes, kit_dir, err, sizeof err) < 0) {
		fprintf(stderr, "kit-render-bench: %s\n", err);
		return 1;
	}
	double t0 = now_s();
	kit_engine *e = kit_engine_open(server_js, routes.json, NULL, err, sizeof err);
	double load = now_s() - t0;
	if (!e) {
		fprintf(stderr, "kit-render-bench: %s\n", err);
		kit_routes_free(&routes);
		return 1;
	}
	kit_arena *arena = kit_arena_new(4096);
	kit_match m;
	kit_routes_match(arena, &routes, argv[2], &m);
	if (m.index < 0) {
		fprintf(stderr, "kit-render-bench: no route matches %s\n", argv[2]);
		return 1;
	}
	kit_render_req req = { .route_index = m.index, .pathname = argv[2], .params = m.params,
			       .nparams = m.nparams, .mode = KIT_RENDER_DOCUMENT };
	size_t bytes = 0;
	double secs;
	int rc = 0;
	printf("engine load (server.js + init): %.1f ms, JS heap %.2f MiB\n", load * 1000,
	       kit_engine_heap_bytes(e) / 1048576.0);
	for (size_t i = 0; visit_all && i < routes.n; i++) {
		const kit_route *rt = &routes.routes[i];
		int fixed = !rt->is_api;
		for (size_t k = 0; k < rt->nsegs; k++)
			fixed &= rt->segs[k].type == KIT_SEG_STATIC;
		if (!fixed)
			continue;
		kit_render_req one = { .route_index = (int)i, .pathname = rt->path, .mode = KIT_RENDER_DOCUMENT };
		size_t ignored = 0;
		kit_render_out out = { NULL, { count_write, NULL, &ignored }, NULL, NULL };
		kit_render_error rerr;
		if (kit_engine_render(e, &one, &out, &rerr) != 0)
			fprintf(stderr, "kit-render-bench: %s: %s\n", rt->path, rerr.message);
	}
	if (run(e, &req, n, &bytes, &secs) == 0) {
		kit_render_stats st;
		kit_engine_last_stats(e, &st);
		size_t elements = st.host_elements + st.components;
		printf("document %s: %ld renders, %.3f ms/render, %zu bytes, %zu elements + %zu components, "
		       "%.2f us/element\n", argv[2], n, secs * 1000 / n, bytes, st.host_elements, st.components,
		       secs * 1e6 / n / (elements ? elements : 1));
	} else {
		rc = 1;
	}
	req.mode = KIT_RENDER_FLIGHT;
	if (rc == 0 && run(e, &req, n, &bytes, &secs) == 0)
		printf("flight   %s: %ld renders, %.3f ms/render, %zu bytes\n", argv[2], n, secs * 1000 / n, bytes);
	printf("JS heap after: %.2f MiB, RSS %.2f MiB%s; %d bundle file%s loaded from compiled code\n",
	       kit_engine_heap_bytes(e) / 1048576.0, rss_mib(),
	       visit_all ? " (every page route without params visited first)" : "", kit_engine_cached_scripts(e),
	       kit_engine_cached_scripts(e) == 1 ? "" : "s");
	kit_arena_free(arena);
	kit_engine_close(e);
	kit_routes_free(&routes);
	return rc;
}
