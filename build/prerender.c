/* prerender.c — build-time rendering into the store (prerender.h).
 *
 * Each page route is rendered three ways with http = NULL: the document, the
 * Flight payload at depth 0, and one payload per depth N a client may hold
 * (1..the layouts before the first layout with slots, as the host computes
 * X-RSC-Segment-Depth). What the render did decides the outcome:
 *   - finished, no request read           → ○ stored (.html, .flight, .seg<N>.flight)
 *   - redirect() above every boundary     → ○ redirect stored (.redirect.json)
 *   - connection() above every boundary   → ƒ declared per request
 *   - a request read inside a boundary    → ◐ shell stored (.ppr.html): rendered
 *     again in shell mode (render/stream.c), the boundaries that read the
 *     request or still waited are holes rendered per visitor
 *   - headers()/cookies()/request() above every boundary → build failure
 *   - still waiting when the budget ran out → ◐ inside a boundary, failure above
 *   - any other throw above every boundary  → build failure naming the route, the
 *     component and the app's file:line (a warning and ƒ under --dev)
 * Request reads are seen through the marker js/request.ts throws at build time
 * (digest KIT_DYNAMIC;<what>, message "[kit:dynamic <what>] …"). */
#include "build/prerender.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build/nextmw.h"
#include "build/outdir.h"
#include "render/buf.h"
#include "render/chain.h"
#include "render/engine.h"
#include "render/errlog.h"
#include "render/json.h"
#include "render/nextmatch.h"
#include "store/store.h"
#include "render/xalloc.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static int begin_ok(void *ctx)
{
	(void)ctx;
	return 0;
}

static int buf_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

static int buf_flush(void *ctx)
{
	(void)ctx;
	return 0;
}

/* mkdir -p of the directories above rel, below dir. */
static int make_parents(const char *dir, const char *rel)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	size_t skip = strlen(dir) + 1;
	for (char *p = path + skip; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return 0;
}

static int has_dynamic_segment(const kit_scan_route *r)
{
	for (size_t i = 0; i < r->nsegments; i++)
		if (r->segments[i].type != KIT_SCAN_STATIC)
			return 1;
	return 0;
}

/* A KIT_DYNAMIC marker that is no request read but a reason to render per
 * request ("per request: exports dynamic = 'force-dynamic'", a no-store fetch). */
#define PER_REQUEST "per request: "

/* What was read, from "[kit:dynamic headers()] …" or a digest "KIT_DYNAMIC;headers()". */
static const char *dynamic_what(kit_arena *a, const char *text)
{
	const char *p = strstr(text, "[kit:dynamic ");
	if (p) {
		p += 13;
		const char *end = strchr(p, ']');
		if (end) {
			char *s = kit_arena_alloc(a, (size_t)(end - p) + 1);
			memcpy(s, p, (size_t)(end - p));
			s[end - p] = '\0';
			return s;
		}
	}
	p = strstr(text, "KIT_DYNAMIC;");
	if (p) {
		p += 12;
		size_t n = strcspn(p, "\"<>&\n,");
		char *s = kit_arena_alloc(a, n + 1);
		memcpy(s, p, n);
		s[n] = '\0';
		return s;
	}
	return NULL;
}

typedef struct pending {
	kit_store_entry *v;
	size_t n, cap;
	kit_www_page *pages;  /* stored pages no middleware.ts applies to */
	size_t npages;
} pending;

static void add_entry(pending *p, kit_arena *a, const char *route, kit_store_variant v, int depth, int status,
		      const char *headers, const char *file)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 32;
		p->v = kit_xrealloc(p->v, p->cap * sizeof *p->v);
	}
	p->v[p->n++] = (kit_store_entry){ route, v, depth, status, kit_arena_strdup(a, headers),
					  kit_arena_strdup(a, file) };
}

static int write_variant(const kit_prerender_job *job, kit_arena *a, pending *p, const char *route,
			 kit_store_variant v, int depth, int status, const char *headers, const kit_buf *body,
			 kit_diags *d)
{
	char rel[4096], err[KIT_ERR_SIZE];
	if (kit_store_file_name(job->version, route, v, depth, rel, sizeof rel) < 0) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "route %s: its path cannot be a stored file name", route);
		kit_diag_fix(d, g, "rename the directory: no \".\" or \"..\" segments");
		return -1;
	}
	if (make_parents(job->dir, rel) < 0 ||
	    kit_outdir_write(job->dir, rel, body->data ? body->data : "", body->len, err, sizeof err) < 0) {
		int e = errno;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot write %s/%s: %s", job->dir, rel, strerror(e));
		kit_diag_write_fix(d, g, e, job->dir);
		return -1;
	}
	add_entry(p, a, route, v, depth, status, headers, rel);
	return 0;
}

/* The per-request reason the last render noted (kit_engine_take_build_note),
 * in a; NULL when none. clear: only empty it, before a render. */
static const char *take_note(kit_engine *e, kit_arena *a, int clear)
{
	char buf[300];
	if (!kit_engine_take_build_note(e, buf, sizeof buf) || clear)
		return NULL;
	size_t n = strlen(buf) + 1;
	char *s = kit_arena_alloc(a, n);
	memcpy(s, buf, n);
	return s;
}

/* One render into out. Returns kit_engine_render's result. */
/* The URL being prerendered: the route's path, or one generateStaticParams() listed. */
typedef struct url_job {
	const char *path;          /* the URL; the route's own path (its pattern) when params_unknown */
	const kit_param *params;
	size_t nparams;
	int params_unknown;        /* a dynamic route listing no URLs: awaiting params throws KIT_DYNAMIC */
} url_job;

static int render_once(kit_engine *e, const url_job *u, int index, const char *layouts,
		       const char *version, kit_render_mode mode, int depth, kit_buf *out, kit_render_error *err)
{
	kit_buf_reset(out);
	kit_render_req req = {
		.route_index = index,
		.pathname = u->path,
		.params = u->params,
		.nparams = u->nparams,
		.mode = mode,
		.http = NULL,
		.segment_depth = depth,
		.layouts = layouts,
		.version = version,
		.params_unknown = u->params_unknown,
	};
	kit_render_out rout = { begin_ok, { buf_write, buf_flush, out }, out, NULL };
	return kit_engine_render(e, &req, &rout, err);
}

/* A route that threw above every Suspense boundary at build time: the
 * diagnostic names the route (the URL of a listed params entry), the
 * component, the error's first line and where it was thrown (the app's
 * file:line, render/srcmap.c), and how to mark a route that can only render
 * per request. The listing's reason carries the same first line. */
static void build_error(const kit_prerender_job *job, kit_arena *a, kit_diags *d, const kit_scan_route *r,
			const url_job *u, const kit_render_error *err, kit_route_outcome *o)
{
	kit_buf line, file;
	kit_buf_init(&line);
	kit_buf_init(&file);
	if (err->component[0])
		kit_buf_printf(&line, "<%s> ", err->component);
	kit_errlog_summary(&line, err->message);
	/* the diagnostic's position: where it was thrown, when that is a file of the app */
	const char *at = strstr(kit_buf_cstr(&line), " at ");
	for (const char *next = at; next; next = strstr(next + 4, " at "))
		at = next;
	int src_line = 0;
	if (at) {
		const char *colon = strrchr(at, ':');
		if (colon && colon[1] >= '1' && colon[1] <= '9' && strncmp(at + 4, ".kit", 4) != 0 &&
		    strncmp(at + 4, "@kit/", 5) != 0 && strncmp(at + 4, "runtime/", 8) != 0) {
			kit_buf_put(&file, at + 4, (size_t)(colon - at - 4));
			src_line = atoi(colon + 1);
		}
	}
	int fetch_failed = strstr(err->message, "fetch failed") != NULL;
	kit_diag *g = kit_diag_add(d, job->dev ? KIT_DIAG_WARNING : KIT_DIAG_ERROR, file.len ? kit_buf_cstr(&file) : r->file,
				   "route %s throws at build time: %s", u->path, kit_buf_cstr(&line));
	g->line = src_line;
	kit_diag_route(d, g, r->path);
	const char *mark = "if the route can only render per request (it needs the request, or a backend or service that "
			   "is not running at build time), mark it: export const dynamic = 'force-dynamic' from its page "
			   "(as in Next.js), or await connection() before the part that needs it (docs/segment-config.md)";
	if (fetch_failed)
		kit_diag_fix(d, g, "a fetch() failed at build time: start what it asks for while kit-build runs, or %s", mark);
	else
		kit_diag_fix(d, g, "fix the error: per request the same render answers 500. Or, %s%s", mark,
			     job->dev ? " (kit-build --dev goes on: the route renders per request)" : "");
	size_t n = line.len > 300 ? 300 : line.len;
	char *why = kit_arena_alloc(a, n + 40);
	sprintf(why, "throws at build time: %.*s", (int)n, kit_buf_cstr(&line));
	o->reason = why;
	kit_buf_free(&line);
	kit_buf_free(&file);
}

static void prerender_route(const kit_prerender_job *job, kit_engine *e, kit_arena *a, kit_diags *d,
			    pending *p, size_t i, const url_job *u, kit_route_outcome *o)
{
	const kit_scan_route *r = &job->scan->routes[i];
	double start = now_ms();
	kit_buf layouts, body;
	kit_buf_init(&layouts);
	kit_buf_init(&body);
	size_t max_depth = 0;
	int slotted = 0;
	for (size_t j = 0; j < r->nlayouts; j++) {
		if (j)
			kit_buf_putc(&layouts, ',');
		kit_layout_key_put(&layouts, r->layouts[j].module, u->params, u->nparams);  /* render/chain.h */
		slotted |= r->layouts[j].nslots > 0;
		if (!slotted)
			max_depth = j + 1;
	}
	kit_render_error err;
	const char *note = take_note(e, a, 1);
	int rc = render_once(e, u, (int)i, kit_buf_cstr(&layouts), job->version, KIT_RENDER_DOCUMENT, 0, &body, &err);
	note = take_note(e, a, 0);
	const char *what = NULL;
	if (err.loop) {
		/* JS still ran at the budget (mujs's interrupt stopped it): a loop
		 * that would hold every worker rendering this route per request too */
		o->outcome = KIT_OUTCOME_FAILED;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file,
					   "route %s was still running JavaScript when the build budget (%ld ms) ran out%s%s: "
					   "a loop that never ends? (it was stopped with an error)",
					   u->path, job->budget_ms, err.component[0] ? ", in " : "", err.component);
		kit_diag_route(d, g, r->path);
		kit_diag_fix(d, g, "find the loop or recursion that does not end in this route's components, or raise "
				   "\"buildBudgetMs\" in kit.config.json if the work is real");
	} else if (note && rc == 0 && !dynamic_what(a, kit_buf_cstr(&body))) {
		o->outcome = KIT_OUTCOME_DYNAMIC;  /* the page caught what said so */
		o->reason = note;
	} else if (u->params_unknown && rc == -1 && err.status >= 300 && err.status < 400) {
		o->outcome = KIT_OUTCOME_DYNAMIC;  /* no URL to store it under */
		o->reason = "params without listed values (redirects at build time)";
	} else if (rc == -1 && err.status >= 300 && err.status < 400) {
		kit_buf json;
		kit_buf_init(&json);
		kit_buf_printf(&json, "{\"status\":%d,\"location\":", err.status);
		kit_json_write_string(&json, err.location, strlen(err.location));
		kit_buf_puts(&json, "}\n");
		kit_buf hdr;
		kit_buf_init(&hdr);
		kit_buf_printf(&hdr, "location: %s\r\n", err.location);
		if (strpbrk(err.location, "\r\n")) {
			o->outcome = KIT_OUTCOME_DYNAMIC;
			o->reason = "redirects to a location with a line break";
		} else if (write_variant(job, a, p, u->path, KIT_STORE_REDIRECT, 0, err.status, kit_buf_cstr(&hdr), &json, d) == 0) {
			o->outcome = KIT_OUTCOME_REDIRECT;
			o->bytes = json.len;
		} else {
			o->outcome = KIT_OUTCOME_FAILED;
		}
		kit_buf_free(&json);
		kit_buf_free(&hdr);
	} else if (rc == -1 && (what = dynamic_what(a, err.message)) != NULL) {
		if (strcmp(what, "connection()") == 0) {
			o->outcome = KIT_OUTCOME_DYNAMIC;
			o->reason = "awaits connection()";
		} else if (strncmp(what, PER_REQUEST, strlen(PER_REQUEST)) == 0) {
			/* segment config or a no-store fetch (js/server/segment-config.ts) */
			o->outcome = KIT_OUTCOME_DYNAMIC;
			o->reason = what + strlen(PER_REQUEST);
		} else if (strcmp(what, "params") == 0) {
			o->outcome = KIT_OUTCOME_FAILED;
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file,
						   "route %s reads its params above every Suspense boundary and lists no URLs to "
						   "build, so nothing of it can be rendered at build time", r->path);
			kit_diag_route(d, g, r->path);
			kit_diag_fix(d, g, "list the URLs to build (export generateStaticParams() from the page), put the "
					   "part that reads params inside a <Suspense> boundary, add a loading.tsx, or await "
					   "connection() first to declare that the route renders per request");
		} else {
			o->outcome = KIT_OUTCOME_FAILED;
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file,
						   "route %s reads the request (%s) above every Suspense boundary, so nothing of it can be rendered at build time",
						   u->path, what);
			kit_diag_fix(d, g, "put the part that calls %s inside a <Suspense> boundary, add a loading.tsx "
					   "above the page, or await connection() first to declare that the route renders per request", what);
		}
	} else if (rc == -1 && (err.status == 404 || err.status == 403 || err.status == 401)) {
		o->outcome = KIT_OUTCOME_DYNAMIC;
		o->reason = err.status == 404 ? "calls notFound() at build time"
			    : err.status == 403 ? "calls forbidden() at build time" : "calls unauthorized() at build time";
	} else if (rc == -1 && err.status == 503) {
		o->outcome = KIT_OUTCOME_FAILED;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file,
					   "route %s was still waiting above every Suspense boundary after the build budget (%ld ms)",
					   u->path, job->budget_ms);
		kit_diag_fix(d, g, "put the waiting part inside a <Suspense> boundary, add a loading.tsx, "
				   "await connection() to render it per request, or raise \"buildBudgetMs\" in kit.config.json");
	} else if (rc == -1) {
		/* the same render per request answers 500: the build fails (as
		 * Next.js's "Error occurred prerendering page"), naming where it
		 * threw; under --dev a warning, the route renders per request */
		o->outcome = job->dev ? KIT_OUTCOME_DYNAMIC : KIT_OUTCOME_FAILED;
		build_error(job, a, d, r, u, &err, o);
	} else if ((what = dynamic_what(a, kit_buf_cstr(&body))) != NULL && strcmp(what, "connection()") == 0) {
		o->outcome = KIT_OUTCOME_DYNAMIC;
		o->reason = "awaits connection() inside a Suspense boundary";
	} else if (what || strstr(kit_buf_cstr(&body), "KIT_RENDER_TIMEOUT")) {
		/* a request read or a wait at the budget inside a boundary: the
		 * shell is stored, the holes render per visitor (render/stream.c) */
		char *why = kit_arena_alloc(a, (what ? strlen(what) : 0) + 80);
		if (what && strncmp(what, PER_REQUEST, strlen(PER_REQUEST)) == 0)
			sprintf(why, "%s inside a Suspense boundary", what + strlen(PER_REQUEST));
		else if (what)
			sprintf(why, "reads %s inside a Suspense boundary", what);
		else
			sprintf(why, "a Suspense boundary still waited after the build budget");
		o->reason = why;
		kit_buf holes, hdr;
		kit_buf_init(&holes);
		kit_buf_init(&hdr);
		kit_buf_reset(&body);
		kit_render_req req = {
			.route_index = (int)i,
			.pathname = u->path,
			.params = u->params,
			.nparams = u->nparams,
			.mode = KIT_RENDER_DOCUMENT,
			.layouts = kit_buf_cstr(&layouts),
			.version = job->version,
			.ppr = KIT_PPR_SHELL,
			.ppr_holes_out = &holes,
			.params_unknown = u->params_unknown,
		};
		kit_render_out rout = { begin_ok, { buf_write, buf_flush, &body }, &body, NULL };
		rc = kit_engine_render(e, &req, &rout, &err);
		if (rc != 0 || holes.len == 0) {
			o->outcome = KIT_OUTCOME_DYNAMIC;
			o->reason = kit_arena_alloc(a, strlen(why) + 40);
			sprintf((char *)o->reason, "%s (no shell: %s)", why, rc ? "the shell render failed" : "no hole");
		} else {
			kit_buf_printf(&hdr, "x-kit-holes: %s\r\n", kit_buf_cstr(&holes));
			o->outcome = KIT_OUTCOME_SHELL;
			o->bytes = body.len;
			if (write_variant(job, a, p, u->path, KIT_STORE_PPR, 0, 200, kit_buf_cstr(&hdr), &body, d) < 0)
				o->outcome = KIT_OUTCOME_FAILED;
		}
		kit_buf_free(&holes);
		kit_buf_free(&hdr);
	} else if (u->params_unknown) {
		/* it never awaited its params: the same page for every URL, but
		 * nothing to key it by without listed URLs */
		o->outcome = KIT_OUTCOME_DYNAMIC;
		o->reason = "params without listed values (it never reads them: export generateStaticParams() to store URLs)";
	} else {
		/* whole page: the document, then the payloads */
		o->outcome = KIT_OUTCOME_STORED;
		o->bytes = body.len;
		if (strstr(kit_buf_cstr(&body), "<!--$!-->")) {
			/* a hook throwing at build time (useSearchParams() in a
			 * client component, …) caught by a loading.tsx or another
			 * boundary: stored with that fallback, and said so */
			kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, r->file,
						   "route %s is stored with a Suspense fallback in place: a component threw at "
						   "build time (useSearchParams() in a client component, or a hook or component "
						   "that fails without a browser), so the browser renders that part",
						   u->path);
			kit_diag_route(d, g, r->path);
			kit_diag_fix(d, g, "if the shared fallback (loading.tsx) is what visitors should see first, nothing to "
					   "do; otherwise wrap the component in its own <Suspense> boundary close to it, or "
					   "make it render without the browser (.kit/prerender.log has the error)");
		}
		if (write_variant(job, a, p, u->path, KIT_STORE_HTML, 0, 200, "", &body, d) < 0)
			o->outcome = KIT_OUTCOME_FAILED;
		for (size_t depth = 0; o->outcome == KIT_OUTCOME_STORED && depth <= max_depth; depth++) {
			rc = render_once(e, u, (int)i, kit_buf_cstr(&layouts), job->version, KIT_RENDER_FLIGHT,
					 (int)depth, &body, &err);
			if (rc != 0 || dynamic_what(a, kit_buf_cstr(&body))) {
				/* the payload did not render like the document did: keep the route live */
				o->outcome = KIT_OUTCOME_DYNAMIC;
				o->reason = "its navigation payload could not be rendered at build time";
				break;
			}
			if (write_variant(job, a, p, u->path, depth ? KIT_STORE_SEG : KIT_STORE_FLIGHT, (int)depth, 200, "",
					  &body, d) < 0)
				o->outcome = KIT_OUTCOME_FAILED;
		}
		if (o->outcome != KIT_OUTCOME_STORED) {
			/* drop this route's entries: nothing of it is published */
			while (p->n && strcmp(p->v[p->n - 1].route_path, u->path) == 0)
				p->n--;
		} else if (!r->nmiddleware) {
			/* the web server may answer it itself (build/www.h) */
			if (p->npages % 32 == 0)
				p->pages = kit_xrealloc(p->pages, (p->npages + 32) * sizeof *p->pages);
			p->pages[p->npages++] = (kit_www_page){ kit_arena_strdup(a, u->path),
								kit_arena_strdup(a, kit_buf_cstr(&layouts)), (int)max_depth };
		}
	}
	o->ms = now_ms() - start;
	kit_buf_free(&layouts);
	kit_buf_free(&body);
}

static const char *outcome_word(const kit_route_outcome *o)
{
	return o->outcome == KIT_OUTCOME_STORED ? "stored" : o->outcome == KIT_OUTCOME_REDIRECT ? "redirect stored"
		: o->outcome == KIT_OUTCOME_SHELL ? "shell stored" : o->outcome == KIT_OUTCOME_FAILED ? "FAILED" : "per request";
}

static char *vstr(kit_arena *a, const kit_value *v)
{
	char *s = kit_arena_alloc(a, v->u.str.len + 1);
	memcpy(s, v->u.str.ptr, v->u.str.len);
	s[v->u.str.len] = '\0';
	return s;
}

/* A segment value from generateStaticParams: not empty, no "/", no "." or "..". */
static int bad_value(const char *s, int list)
{
	return !*s || (!list && strchr(s, '/')) || strcmp(s, ".") == 0 || strcmp(s, "..") == 0;
}

/* The URLs a route's module lists with generateStaticParams() ([{slug: 'a'}],
 * catch-all values as arrays), into *out (arena). Returns 0, 1 when the
 * module exports none, -1 when the build fails (a diagnostic names the route
 * and the fix). */
static int list_urls(const kit_prerender_job *job, kit_engine *e, kit_arena *a, kit_diags *d, size_t i,
		     url_job **out, size_t *nout)
{
	const kit_scan_route *r = &job->scan->routes[i];
	*out = NULL;
	*nout = 0;
	kit_buf json;
	kit_buf_init(&json);
	kit_render_error err;
	int rc = kit_engine_static_params(e, r->module, &json, &err);
	if (rc == 1) {
		kit_buf_free(&json);
		return 1;
	}
	if (rc < 0) {
		/* the error's first line and where it was thrown (the app's file:line) */
		kit_buf line;
		kit_buf_init(&line);
		kit_errlog_summary(&line, err.message);
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file, "route %s: generateStaticParams() threw: %s", r->path,
					   kit_buf_cstr(&line));
		kit_buf_free(&line);
		kit_diag_fix(d, g, "make generateStaticParams() return the list of params to build, [{ name: 'value' }, …]");
		kit_buf_free(&json);
		return -1;
	}
	kit_model m;
	kit_model_init(&m, a);
	kit_value *list = NULL;
	char perr[KIT_ERR_SIZE];
	if (kit_json_parse(&m, json.data ? json.data : "null", json.len ? json.len : 4, &list, perr, sizeof perr) < 0 ||
	    !list || list->kind != KIT_ARRAY) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file, "route %s: generateStaticParams() did not return an array",
					   r->path);
		kit_diag_fix(d, g, "return [{ name: 'value' }, …] (arrays of strings for a catch-all segment)");
		kit_buf_free(&json);
		kit_model_clear(&m);
		return -1;
	}
	size_t n = list->u.arr.len;
	url_job *urls = kit_arena_alloc(a, (n ? n : 1) * sizeof *urls);
	int bad = 0;
	for (size_t k = 0; k < n && !bad; k++) {
		const kit_value *item = list->u.arr.items[k];
		kit_param *params = kit_arena_alloc(a, (r->nsegments + 1) * sizeof *params);
		size_t np = 0;
		kit_buf path;
		kit_buf_init(&path);
		for (size_t s = 0; s < r->nsegments && !bad; s++) {
			const kit_scan_segment *seg = &r->segments[s];
			if (seg->type == KIT_SCAN_STATIC) {
				kit_buf_printf(&path, "/%s", seg->value);
				continue;
			}
			int list_seg = seg->type != KIT_SCAN_DYNAMIC;
			const kit_value *v = item && item->kind == KIT_OBJECT ? kit_v_get(item, seg->value) : NULL;
			const char **vals = NULL;
			size_t nv = 0;
			if (v && v->kind == KIT_STRING && !list_seg) {
				vals = kit_arena_alloc(a, sizeof *vals);
				vals[nv++] = vstr(a, v);
			} else if (v && v->kind == KIT_ARRAY && list_seg && v->u.arr.len) {
				vals = kit_arena_alloc(a, v->u.arr.len * sizeof *vals);
				for (size_t t = 0; t < v->u.arr.len; t++) {
					const kit_value *x = v->u.arr.items[t];
					if (!x || x->kind != KIT_STRING) {
						bad = 1;
						break;
					}
					vals[nv++] = vstr(a, x);
				}
			} else {
				bad = 1;
			}
			for (size_t t = 0; !bad && t < nv; t++) {
				if (bad_value(vals[t], 0))
					bad = 1;
				else
					kit_buf_printf(&path, "/%s", vals[t]);
			}
			if (!bad)
				params[np++] = (kit_param){ seg->value, vals, nv, list_seg };
		}
		if (bad) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, r->file,
						   "route %s: generateStaticParams() entry %zu does not give every segment a value",
						   r->path, k);
			kit_diag_fix(d, g, "each entry names every dynamic segment with a string (a non-empty array of strings "
					   "for a catch-all), without \"/\", \".\" or \"..\"");
		} else {
			urls[k] = (url_job){ kit_arena_strdup(a, kit_buf_cstr(&path)), params, np, 0 };
		}
		kit_buf_free(&path);
	}
	kit_buf_free(&json);
	kit_model_clear(&m);
	if (bad)
		return -1;
	*out = urls;
	*nout = n;
	return 0;
}

static const char *listed_reason(kit_arena *a, size_t stored, size_t n)
{
	char *why = kit_arena_alloc(a, 96);
	snprintf(why, 96, "%zu of %zu listed URL%s stored, other params per request", stored, n, n == 1 ? "" : "s");
	return why;
}

/* A route with dynamic segments: one stored render per URL its page's
 * generateStaticParams() lists; unlisted URLs render per request. Returns -1
 * when the build fails. */
static int prerender_listed(const kit_prerender_job *job, kit_engine *e, kit_arena *a, kit_diags *d, pending *p,
			    size_t i, kit_route_outcome *o)
{
	const kit_scan_route *r = &job->scan->routes[i];
	o->reason = "params without listed values";
	url_job *urls;
	size_t n;
	int rc = list_urls(job, e, a, d, i, &urls, &n);
	if (rc < 0) {
		o->outcome = KIT_OUTCOME_FAILED;
		return -1;
	}
	if (rc == 1 || n == 0) {
		/* no URLs listed (no export, or an empty list): rendered once with params unknown (reading them
		 * above every boundary fails the build; inside one, the route's
		 * shell is stored under its own path and resumed with each URL's
		 * params) */
		url_job u = { r->path, NULL, 0, 1 };
		prerender_route(job, e, a, d, p, i, &u, o);
		printf("  %s (params unknown) %s (%.0f ms)\n", r->path, outcome_word(o), o->ms);
		return o->outcome == KIT_OUTCOME_FAILED ? -1 : 0;
	}
	size_t stored = 0, bytes = 0;
	int bad = 0;
	double start = now_ms();
	/* every listed URL, so that one build names each entry that fails */
	for (size_t k = 0; k < n; k++) {
		kit_route_outcome one;
		memset(&one, 0, sizeof one);
		prerender_route(job, e, a, d, p, i, &urls[k], &one);
		printf("  %s (%s) %s (%.0f ms)\n", urls[k].path, r->path, outcome_word(&one), one.ms);
		if (one.outcome == KIT_OUTCOME_FAILED)
			bad = 1;
		stored += one.outcome != KIT_OUTCOME_DYNAMIC;
		bytes += one.bytes;
	}
	o->ms = now_ms() - start;
	o->bytes = bytes;
	o->reason = listed_reason(a, stored, n);
	if (bad)
		o->outcome = KIT_OUTCOME_FAILED;
	else if (stored)
		o->outcome = KIT_OUTCOME_LISTED;
	return bad ? -1 : 0;
}

/* API routes (docs/build-output.md "API routes"): GET is
 * called once per URL with no request; an answer that read nothing, set no
 * cookie, is text and finished is stored (variant api: status, header lines,
 * body). A handler that awaited ctx.searchParams, or a module exporting a
 * searchParams schema, read the query: its answer is stored for the
 * bare URL only (header line x-kit-varies: query, which the host strips). */
static void api_once(const kit_prerender_job *job, kit_engine *e, kit_arena *a, kit_diags *d, pending *p, size_t i,
		     const url_job *u, kit_route_outcome *o)
{
	const kit_scan_route *r = &job->scan->routes[i];
	double start = now_ms();
	kit_api_answer ans;
	kit_render_error err;
	kit_buf_init(&ans.headers);
	kit_buf_init(&ans.body);
	kit_engine_take_clock_reads(e);
	take_note(e, a, 1);
	int rc = kit_engine_api(e, (int)i, r->module, "GET", NULL, u->params, u->nparams, &ans, &err);
	int clock_reads = kit_engine_take_clock_reads(e);
	const char *note = take_note(e, a, 0);
	o->ms = now_ms() - start;
	const char *what = rc < 0 ? dynamic_what(a, err.message) : NULL;
	const char *hdrs = kit_buf_cstr(&ans.headers);
	if (note) {
		o->reason = note;
	} else if (what && strncmp(what, PER_REQUEST, strlen(PER_REQUEST)) == 0) {
		o->reason = what + strlen(PER_REQUEST);
	} else if (what) {
		char *why = kit_arena_alloc(a, strlen(what) + 16);
		sprintf(why, "reads %s", what);
		o->reason = why;
	} else if (rc < 0 && (err.status == 503 || strstr(err.message, "can never settle"))) {
		o->reason = "does not finish within the build budget";
	} else if (rc < 0 || ans.status >= 500) {
		o->reason = "throws or fails at build time";
	} else if (strstr(hdrs, "set-cookie:") || strstr(hdrs, "Set-Cookie:")) {
		o->reason = "sets a cookie";
	} else if (ans.bytes) {
		o->reason = "answers bytes";
	} else if (ans.headers.len >= 1900) {
		o->reason = "too many response headers to store";
	} else {
		o->outcome = KIT_OUTCOME_STORED;
		o->bytes = ans.body.len;
		if (ans.reads_query) {
			kit_buf_puts(&ans.headers, "x-kit-varies: query\r\n");
			hdrs = kit_buf_cstr(&ans.headers);
			o->reason = "bare URL only: reads searchParams";
		}
		if (write_variant(job, a, p, u->path, KIT_STORE_API, 0, ans.status, hdrs, &ans.body, d) < 0)
			o->outcome = KIT_OUTCOME_FAILED;
		if (clock_reads && o->outcome == KIT_OUTCOME_STORED) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, r->file,
						   "GET %s called Date.now() or Math.random() at build time: the stored "
						   "answer keeps the values of the build", u->path);
			kit_diag_route(d, g, r->path);
			kit_diag_fix(d, g, "if they must change per request, read the request (e.g. request.headers) "
				     "or await connection() in the handler, so it is answered per request");
		}
	}
	kit_buf_free(&ans.headers);
	kit_buf_free(&ans.body);
}

static int prerender_api(const kit_prerender_job *job, kit_engine *e, kit_arena *a, kit_diags *d, pending *p,
			 size_t i, kit_route_outcome *o)
{
	const kit_scan_route *r = &job->scan->routes[i];
	if (!(r->methods & 1u)) {  /* GET is the first method bit */
		o->reason = "no GET (only GET is stored)";
		return 0;
	}
	if (r->nmiddleware) {
		o->reason = "under a middleware";
		return 0;
	}
	if (!has_dynamic_segment(r)) {
		url_job u = { r->path, NULL, 0, 0 };
		api_once(job, e, a, d, p, i, &u, o);
		printf("  %s (API, GET) %s (%.0f ms)\n", r->path, outcome_word(o), o->ms);
		return o->outcome == KIT_OUTCOME_FAILED ? -1 : 0;
	}
	/* dynamic segments: the URLs the route module's generateStaticParams() lists */
	o->reason = "params without listed values";
	url_job *urls;
	size_t n;
	int rc = list_urls(job, e, a, d, i, &urls, &n);
	if (rc != 0) {
		if (rc < 0)
			o->outcome = KIT_OUTCOME_FAILED;
		return rc < 0 ? -1 : 0;
	}
	size_t stored = 0, bytes = 0;
	int bad = 0;
	double start = now_ms();
	const char *first_why = NULL;
	for (size_t k = 0; k < n; k++) {
		kit_route_outcome one;
		memset(&one, 0, sizeof one);
		one.outcome = KIT_OUTCOME_DYNAMIC;
		api_once(job, e, a, d, p, i, &urls[k], &one);
		printf("  %s (API, GET %s) %s%s%s (%.0f ms)\n", urls[k].path, r->path, outcome_word(&one),
		       one.reason ? ": " : "", one.reason ? one.reason : "", one.ms);
		bad |= one.outcome == KIT_OUTCOME_FAILED;
		stored += one.outcome == KIT_OUTCOME_STORED;
		bytes += one.bytes;
		if (one.outcome == KIT_OUTCOME_DYNAMIC && !first_why)
			first_why = one.reason;
	}
	o->ms = now_ms() - start;
	o->bytes = bytes;
	if (bad) {
		o->outcome = KIT_OUTCOME_FAILED;
	} else if (stored) {
		o->outcome = KIT_OUTCOME_LISTED;
		o->reason = listed_reason(a, stored, n);
	} else if (first_why) {
		o->reason = first_why;  /* the handler read the request (or …) for every listed URL */
	}
	return bad ? -1 : 0;
}

/* The app's Next.js-shaped middleware runs before routing for the paths its
 * matcher covers (docs/middleware.md): the pages it may run for are not the
 * web server's (their answer is its to make). Its patterns are matched as the
 * host matches them (render/nextmatch.c, fcgi/host.c: the i flag, a
 * pattern that does not compile here, one that takes too long or no matcher
 * at all count as a match) against the page's path; the web server then
 * answers the others only for a request whose path as sent is that path
 * (www.h "raw-only"). Returns 1 when the app has such a middleware. */
static int drop_middleware_pages(kit_engine *e, const kit_scan *scan, pending *p)
{
	const kit_scan_module *mw = kit_nextmw_module(scan);
	if (!mw)
		return 0;
	kit_next_matcher m;
	kit_next_matcher_load(&m, e, mw->id);
	size_t kept = 0;
	for (size_t i = 0; i < p->npages; i++) {
		const char *path = p->pages[i].path;
		if (!kit_next_matcher_covers(&m, path, strlen(path)))
			p->pages[kept++] = p->pages[i];
	}
	p->npages = kept;
	kit_next_matcher_free(&m);
	return 1;
}

int kit_prerender(kit_prerender_job *job, kit_arena *a, kit_diags *d, kit_route_outcome *outcomes)
{
	const kit_scan *scan = job->scan;
	char path[4200], err[KIT_ERR_SIZE];
	snprintf(path, sizeof path, "%s/manifest.json", job->dir);
	size_t len;
	char *manifest = kit_outdir_read(path, &len);
	if (!manifest) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot read %s", path);
		return -1;
	}
	snprintf(path, sizeof path, "%s/server.js", job->dir);
	/* what the engine logs while prerendering (errors thrown at build time)
	 * goes to .kit/prerender.log, not to the build's stderr */
	char logpath[4200];
	snprintf(logpath, sizeof logpath, "%s/prerender.log", job->dir);
	fflush(stderr);
	int saved = dup(2), log = open(logpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (saved >= 0 && log >= 0)
		dup2(log, 2);
	if (log >= 0)
		close(log);
	kit_engine_opts opts = { .render_timeout_ms = job->budget_ms, .app_root = job->app_root };
	/* the same switch as the responders' (fcgi/README.md): stored documents
	 * then carry their Flight rows like rendered ones */
	const char *inline_flight = getenv("KIT_INLINE_FLIGHT");
	opts.always_inline_rows = inline_flight && strcmp(inline_flight, "always") == 0;
	kit_engine *e = kit_engine_open(path, manifest, &opts, err, sizeof err);
	free(manifest);
	if (!e) {
		fflush(stderr);
		if (saved >= 0) {
			dup2(saved, 2);
			close(saved);
		}
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot load server.js to prerender: %s", err);
		return -1;
	}
	pending p = { 0 };
	int failed = 0;
	size_t todo = 0;
	for (size_t i = 0; i < scan->nroutes; i++)
		todo += scan->routes[i].kind == KIT_SCAN_PAGE && !has_dynamic_segment(&scan->routes[i]);
	if (todo)
		printf("Prerendering %zu route%s (build budget %ld ms)\n", todo, todo == 1 ? "" : "s", job->budget_ms);
	size_t done = 0;
	for (size_t i = 0; i < scan->nroutes; i++) {
		const kit_scan_route *r = &scan->routes[i];
		kit_route_outcome *o = &outcomes[i];
		memset(o, 0, sizeof *o);
		o->outcome = KIT_OUTCOME_DYNAMIC;
		if (r->kind == KIT_SCAN_API) {
			failed |= prerender_api(job, e, a, d, &p, i, o) < 0;
			continue;
		}
		if (has_dynamic_segment(r)) {
			failed |= prerender_listed(job, e, a, d, &p, i, o) < 0;
			continue;
		}
		url_job u = { r->path, NULL, 0, 0 };
		prerender_route(job, e, a, d, &p, i, &u, o);
		done++;
		printf("  [%zu/%zu] %s %s (%.0f ms)\n", done, todo, r->path, outcome_word(o), o->ms);
		failed |= o->outcome == KIT_OUTCOME_FAILED;
	}
	job->raw_only = drop_middleware_pages(e, scan, &p);
	kit_engine_close(e);
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (failed) {
		free(p.v);
		free(p.pages);
		return -1;
	}
	job->entries = p.v;   /* published by build/publish.c */
	job->nentries = p.n;
	job->pages = p.pages;
	job->npages = p.npages;
	return 0;
}
