/* budget_test.c — the render budget stops JavaScript that never returns
 * (mujs patch 0204, render/loop.c's interrupt hook).
 *
 * 1. The hook alone, on a bare mujs state: a C hook armed from JS (arm())
 *    throws at the next check; a loop, a do-while, a loop that catches the
 *    throw inside another loop, a getter, a sort comparator and recursion all
 *    end with that throw in C, and the state runs code normally afterwards.
 * 2. Through the engine: tests/fixtures/budget is built with the real
 *    kit-build into a temporary directory and opened with a 300 ms budget.
 *    A component in while (true) {} above every boundary, one that catches
 *    the throw and loops again, one reading a getter that loops, one sorting
 *    with a comparator that loops: each render answers 503 at about 300 ms;
 *    a loop in a promise job inside a Suspense boundary: the shell goes out
 *    (200) and the boundary ends with the KIT_RENDER_TIMEOUT error
 *    completion; an API route in a loop: 503. After each, the same engine
 *    renders the home page. */
#include <errno.h>
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fcgi/routes.h"
#include "render/engine.h"
#include "test.h"

/* --- 1. the hook alone ------------------------------------------------------ */

static int armed, hook_calls;

static int hook(js_State *J, void *data)
{
	(void)data;
	hook_calls++;
	if (!armed)
		return 0;
	js_newerror(J, "stopped");
	return 1;
}

static void arm(js_State *J)
{
	armed = 1;
	js_pushundefined(J);
}

/* Runs src with the hook disarmed at the start; the text of what reached C
 * ("" when it returned). */
static const char *run(js_State *J, const char *src, char *out, size_t n)
{
	armed = 0;
	out[0] = 0;
	if (js_ploadstring(J, "[test]", src)) {
		snprintf(out, n, "does not compile: %s", js_trystring(J, -1, "?"));
		js_pop(J, 1);
		return out;
	}
	js_pushundefined(J);
	if (js_pcall(J, 0))
		snprintf(out, n, "%s", js_trystring(J, -1, "(error)"));
	else
		snprintf(out, n, "returned %s", js_trystring(J, -1, "?"));
	js_pop(J, 1);
	armed = 0;
	return out;
}

static void test_hook(void)
{
	static const struct { const char *name, *src; } stopped[] = {
		{ "a while (true) loop", "arm(); while (true) {}" },
		{ "a do-while loop (backward JTRUE)", "arm(); var i = 0; do { i++; } while (i > 0);" },
		{ "a for loop with a condition (backward JFALSE)", "arm(); for (var i = 0; i >= 0; i++) {}" },
		{ "a loop catching the throw inside a loop",
		  "arm(); var n = 0; for (;;) { try { for (;;) {} } catch (e) { n++; } }" },
		{ "a loop catching the throw and looping in finally",
		  "arm(); for (;;) { try { for (;;) {} } finally { continue; } }" },
		{ "a getter that loops", "var o = { get x() { for (;;) {} } }; arm(); o.x;" },
		{ "a sort comparator that loops", "arm(); [3, 1, 2].sort(function (a, b) { for (;;) {} });" },
		{ "recursion that catches and recurses again",
		  "function f() { try { return f(); } catch (e) { return f(); } } arm(); f();" },
		{ "a catastrophic regex match (one native call)",
		  "arm(); /(a+)+$/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab');" },
		{ "a loop catching the throw of a regex match and matching again",
		  "arm(); for (;;) { try { /(a+)+$/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'); } catch (e) {} }" },
		/* every String method that runs a pattern searches through the
		 * matcher's poll too (docs/regexp.md §3) */
		{ "a catastrophic pattern through search", "arm(); 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'.search(/(a+)+$/);" },
		{ "a catastrophic pattern through a global match", "arm(); 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'.match(/(a+)+$/g);" },
		{ "a catastrophic pattern through replace", "arm(); 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'.replace(/(a+)+$/, 'x');" },
		{ "a catastrophic pattern through split", "arm(); 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab'.split(/(a+)+$/);" },
	};
	js_State *J = js_newstate(NULL, NULL, 0);
	js_newcfunction(J, arm, "arm", 0);
	js_setglobal(J, "arm");
	js_setinterrupt(J, hook, NULL);
	char out[256], name[160];
	for (size_t i = 0; i < sizeof stopped / sizeof *stopped; i++) {
		snprintf(name, sizeof name, "hook: %s ends with the hook's error in C", stopped[i].name);
		CHECK_STR(name, run(J, stopped[i].src, out, sizeof out), "Error: stopped");
	}
	hook_calls = 0;
	CHECK_STR("hook: afterwards the state runs a loop of 100,000 to its end",
		  run(J, "var s = 0; for (var i = 0; i < 100000; i++) s += i; s", out, sizeof out), "returned 4999950000");
	CHECK("hook: ... asking the hook about every 4096 loop iterations", hook_calls >= 20 && hook_calls <= 30);
	CHECK_STR("hook: a throw caught in JS before arm() is not the hook's",
		  run(J, "try { throw 1 } catch (e) {} 'ok'", out, sizeof out), "returned ok");
	js_setinterrupt(J, NULL, NULL);
	CHECK_STR("hook: removed, nothing stops a loop (it ends by itself)",
		  run(J, "arm(); var k = 0; while (k < 10000) k++; k", out, sizeof out), "returned 10000");
	js_freestate(J);
}

/* --- 2. through the engine ------------------------------------------------ */

#define BUDGET_MS 300

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int buf_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

static int begin_ok(void *ctx)
{
	(void)ctx;
	return 0;
}

/* Builds the fixture app into a temporary directory; its path, or NULL. */
static char *build_fixture(void)
{
	static char dir[] = "/tmp/kit-budget-test.XXXXXX";
	if (!mkdtemp(dir)) {
		TEST_FAIL("engine: a temporary directory", "%s", strerror(errno));
		return NULL;
	}
	const char *top_build = getenv("KIT_TOP_BUILDDIR");
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cp -R '%s/tests/fixtures/budget/.' '%s/' && cd '%s' && '%s/kit-build' >build.log 2>&1",
		 test_srcdir(), dir, dir, top_build && *top_build ? top_build : test_srcdir());
	if (system(cmd) != 0) {
		snprintf(cmd, sizeof cmd, "tail -n 20 '%s/build.log'", dir);
		TEST_FAIL("engine: kit-build tests/fixtures/budget", "see below");
		if (system(cmd) != 0)
			return NULL;
		return NULL;
	}
	TEST_PASS("engine: kit-build tests/fixtures/budget");
	return dir;
}

struct answer {
	int rc;
	kit_render_error err;
	kit_buf body;
	double ms;
};

static void render(kit_engine *e, kit_routes *routes, kit_arena *a, const char *path, struct answer *ans)
{
	kit_match m;
	kit_routes_match(a, routes, path, &m);
	kit_render_req req = { .route_index = m.index, .pathname = path, .params = m.params, .nparams = m.nparams,
			       .mode = KIT_RENDER_DOCUMENT };
	kit_http_req http = { .method = "GET", .url = path };
	req.http = &http;
	kit_buf_init(&ans->body);
	kit_render_out out = { begin_ok, { buf_write, NULL, &ans->body }, &ans->body, NULL };
	double t0 = now_ms();
	ans->rc = kit_engine_render(e, &req, &out, &ans->err);
	ans->ms = now_ms() - t0;
}

/* The engine still serves: the home page renders, fast. */
static void check_serves(kit_engine *e, kit_routes *routes, kit_arena *a, const char *after)
{
	struct answer h;
	render(e, routes, a, "/", &h);
	char name[200];
	snprintf(name, sizeof name, "engine: after %s, the same engine renders / (200, <p>home</p>)", after);
	if (h.rc == 0 && strstr(kit_buf_cstr(&h.body), "<p>home</p>") && h.ms < BUDGET_MS)
		TEST_PASS(name);
	else
		TEST_FAIL(name, "rc %d, status %d, %.0f ms: %.200s", h.rc, h.err.status, h.ms, h.err.message);
	kit_buf_free(&h.body);
}

static int on_time(double ms)
{
	return ms >= BUDGET_MS - 5 && ms <= BUDGET_MS + 700;
}

static void test_engine(void)
{
	char *dir = build_fixture();
	if (!dir)
		return;
	char kit_dir[4200], server_js[4300], err[KIT_ERR_SIZE];
	snprintf(kit_dir, sizeof kit_dir, "%s/.kit", dir);
	snprintf(server_js, sizeof server_js, "%s/server.js", kit_dir);
	kit_routes routes;
	if (kit_routes_load(&routes, kit_dir, err, sizeof err) < 0) {
		TEST_FAIL("engine: the fixture's manifest loads", "%s", err);
		return;
	}
	kit_engine_opts opts = { .render_timeout_ms = BUDGET_MS };
	kit_engine *e = kit_engine_open(server_js, routes.json, &opts, err, sizeof err);
	if (!e) {
		TEST_FAIL("engine: opens on the fixture", "%s", err);
		kit_routes_free(&routes);
		return;
	}
	kit_arena *a = kit_arena_new(4096);
	check_serves(e, &routes, a, "the start");

	static const struct { const char *path, *what; } shell[] = {
		{ "/loop", "a component in while (true) {}" },
		{ "/trycatch", "a component catching the throw and looping again" },
		{ "/getter", "a component reading a getter that loops" },
		{ "/sort", "a component sorting with a comparator that loops" },
		{ "/regex", "a component matching /(a+)+$/ on 40 a's and a b" },
	};
	char name[300];
	for (size_t i = 0; i < sizeof shell / sizeof *shell; i++) {
		struct answer r;
		render(e, &routes, a, shell[i].path, &r);
		snprintf(name, sizeof name, "engine: %s (%s): the budget's 503 at ~%d ms, saying the budget ran out in a loop",
			 shell[i].path, shell[i].what, BUDGET_MS);
		if (r.rc == -1 && r.err.status == 503 && on_time(r.ms) && r.err.loop &&
		    strstr(r.err.message, "the render budget ran out in a loop"))
			TEST_PASS(name);
		else
			TEST_FAIL(name, "rc %d, status %d, loop %d, %.0f ms: %.300s", r.rc, r.err.status, r.err.loop, r.ms,
				  r.err.message);
		kit_buf_free(&r.body);
		check_serves(e, &routes, a, shell[i].path);
	}

	struct answer j;
	render(e, &routes, a, "/job", &j);
	const char *html = kit_buf_cstr(&j.body);
	snprintf(name, sizeof name, "engine: /job (a loop in a promise job inside a boundary): 200, the shell, "
		 "and the boundary's KIT_RENDER_TIMEOUT error completion at ~%d ms", BUDGET_MS);
	if (j.rc == 0 && j.err.loop && strstr(html, "<h1>job</h1>") && strstr(html, "$KX(\"B:0\",\"KIT_RENDER_TIMEOUT\"") &&
	    on_time(j.ms))
		TEST_PASS(name);
	else
		TEST_FAIL(name, "rc %d, loop %d, %.0f ms: %.400s", j.rc, j.err.loop, j.ms, html);
	kit_buf_free(&j.body);
	check_serves(e, &routes, a, "/job");

	kit_match m;
	kit_routes_match(a, &routes, "/api/loop", &m);
	kit_http_req http = { .method = "GET", .url = "http://localhost/api/loop" };
	kit_api_answer ans;
	memset(&ans, 0, sizeof ans);
	kit_render_error aerr;
	double t0 = now_ms();
	int rc = m.index >= 0 ? kit_engine_api(e, m.index, routes.routes[m.index].module, "GET", &http, NULL, 0, &ans, &aerr)
			      : -2;
	double ms = now_ms() - t0;
	snprintf(name, sizeof name, "engine: GET /api/loop (an API route in a loop): 503 at ~%d ms", BUDGET_MS);
	if (rc == -1 && aerr.status == 503 && on_time(ms))
		TEST_PASS(name);
	else
		TEST_FAIL(name, "rc %d, status %d, %.0f ms: %.300s", rc, rc == -2 ? 0 : aerr.status, ms,
			  rc == -2 ? "no route" : aerr.message);
	kit_buf_free(&ans.headers);
	kit_buf_free(&ans.body);
	check_serves(e, &routes, a, "/api/loop");

	kit_arena_free(a);
	kit_engine_close(e);
	kit_routes_free(&routes);
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "budget_test: could not remove %s\n", dir);
}

int main(void)
{
	test_hook();
	test_engine();
	TEST_EXIT();
}
