/* host.c — one request, from CGI variables to a written response.
 *
 * Order (docs/architecture.md §3): canonical URL → version check → the app's
 * Next.js-shaped middleware (docs/middleware.md) → match → guards → stored
 * file → render. Answers that vary on the X-RSC request
 * headers say so in Vary; a render that fails before the first byte becomes
 * a 500 document and a log line naming the component and the route, and the
 * worker goes on serving. */
#include "host.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "fcgi/deploy.h"
#include "fcgi/routes.h"
#include "fcgi/stored.h"
#include "fcgi/url.h"
#include "fcgi/forward.h"  /* URLs no route owns → RSC_BACKEND */
#include "render/errlog.h"
#include "fcgi/response.h"
#include "render/buf.h"
#include "render/engine.h"
#include "render/html.h"
#include "render/json.h"
#include "render/xalloc.h"
#include "render/nextmatch.h"

struct kit_host {
	char *app_dir;
	kit_routes routes;
	kit_engine *engine;          /* opened on first need (host_engine) */
	kit_engine_opts opts;
	char server_js[4200];
	size_t max_body;      /* request bodies above this are answered 413 */
	kit_store *store;     /* build-time renders (fcgi/stored.c); NULL when none */
	int lazy;             /* kit.cgi: the engine only for requests that render */
	char refused[64];     /* an active version that could not be loaded (not retried) */
	const char *dev_error;  /* KIT_DEV_ERROR_FILE (kit-serve --dev), or NULL */
	/* everything one request allocates (its URL, query pairs, headers, body,
	 * route match, the buffers the engine fills, response heads and bodies
	 * made here): released at once when kit_host_handle returns, so no
	 * handler frees anything (req_buf, kit_resp_init_in) */
	kit_arena *req;
	/* the Next.js-shaped middleware's matcher, compiled here on first need
	 * (next_middleware_paths): a path none of them matches needs no call */
	int nm_loaded;        /* nm holds the matcher (or every path) */
	kit_next_matcher nm;
	int abort_stream;        /* the answer started but cannot be finished: 1, or 2 when the engine failed
				    (kit_host_handle returns its negative) */
	const char *shown_path;  /* the request's own path when the middleware rewrote it (usePathname), else NULL */
};

/* Headers past this size are answered 431 (the web server usually refuses
 * far earlier). */
#define MAX_HEADER_BYTES (64 * 1024)
/* Limits checked before anything else looks at a request (docs/security.md
 * §6): more headers (distinct names, as the web server merged them), more
 * cookies or a longer query string answer 431 / 431 / 414 at once. */
#define MAX_HEADERS 100
#define MAX_COOKIES 300
#define MAX_QUERY_BYTES 16384

const char *kit_host_app_dir(void)
{
	static char release[4200];
	char err[KIT_ERR_SIZE];
	if (kit_deploy_active()) {
		if (kit_deploy_pick(release, sizeof release, err, sizeof err) == 0)
			return release;
		fprintf(stderr, "kit: %s\n", err);
	}
	const char *d = getenv("KIT_APP_DIR");
	return d && *d ? d : ".";
}

/* The engine (the JS state: ~100 ms to load server.js) is opened when a
 * request first needs it. A responder opens it at start-up; kit.cgi only for
 * requests that render, so a stored page costs no JS at all. */
static kit_engine *host_engine(kit_host *h, char *err, size_t errlen)
{
	if (!h->engine)
		h->engine = kit_engine_open(h->server_js, h->routes.json, &h->opts, err, errlen);
	return h->engine;
}

/* The compiled matcher of the build being replaced (or closed). */
static void forget_next_paths(kit_host *h)
{
	kit_next_matcher_free(&h->nm);
	h->nm_loaded = 0;
}

/* The build directory of a version: .kit/ when it holds that version (the
 * newest build), else the copy the store keeps (.kit-store/builds/<version>/,
 * build/publish.c). version NULL: .kit/. */
static void build_dir(const kit_host *h, const char *version, char *out, size_t outlen)
{
	snprintf(out, outlen, "%s/.kit", h->app_dir);
	if (!version)
		return;
	char path[4200], have[64] = "";
	snprintf(path, sizeof path, "%s/.kit/version", h->app_dir);
	FILE *f = fopen(path, "r");
	if (f) {
		if (!fgets(have, sizeof have, f))
			have[0] = '\0';
		fclose(f);
		have[strcspn(have, "\r\n")] = '\0';
	}
	if (strcmp(have, version) != 0)
		snprintf(out, outlen, "%s/" KIT_STORE_DIR "/builds/%s", h->app_dir, version);
}

/* Loads the build of `version` (NULL: .kit/) in place of the current one.
 * On failure the current build stays and -1 is returned with err. */
static int host_load(kit_host *h, const char *version, char *err, size_t errlen)
{
	char dir[4100];
	build_dir(h, version, dir, sizeof dir);
	kit_routes routes;
	memset(&routes, 0, sizeof routes);
	if (kit_routes_load(&routes, dir, err, errlen) < 0)
		return -1;
	if (version && strcmp(routes.version, version) != 0) {
		snprintf(err, errlen, "%s/manifest.json holds version %s, not %s", dir, routes.version, version);
		kit_routes_free(&routes);
		return -1;
	}
	char server_js[sizeof h->server_js];
	if ((size_t)snprintf(server_js, sizeof server_js, "%.4100s/server.js", dir) >= sizeof server_js) {
		snprintf(err, errlen, "the path %s is too long", dir);
		kit_routes_free(&routes);
		return -1;
	}
	kit_engine *engine = NULL;
	if (!h->lazy && !(engine = kit_engine_open(server_js, routes.json, &h->opts, err, errlen))) {
		kit_routes_free(&routes);
		return -1;
	}
	kit_engine_close(h->engine);
	kit_routes_free(&h->routes);
	forget_next_paths(h);
	h->routes = routes;
	h->engine = engine;
	memcpy(h->server_js, server_js, sizeof server_js);
	return 0;
}

/* Versions side by side (store/README.md): the store's active version is
 * the one served. A publish or a rollback flips it; the next request of
 * every responder sees the flip here and loads that version's build, so
 * documents, payloads, stored files and X-RSC-Version (hence the 409 check)
 * all come from one version. A version that cannot be loaded is logged once
 * and the current build keeps serving. */
static void host_follow(kit_host *h)
{
	char active[64], err[KIT_ERR_SIZE];
	if (!h->store || kit_store_active(h->store, active, sizeof active) < 0 || !*active ||
	    strcmp(active, h->routes.version) == 0 || strcmp(active, h->refused) == 0)
		return;
	if (host_load(h, active, err, sizeof err) < 0) {
		fprintf(stderr, "kit: the store's active version %s cannot be loaded (%s): still serving %s\n", active,
			err, h->routes.version);
		snprintf(h->refused, sizeof h->refused, "%s", active);
	}
}

static kit_host *host_open(const char *app_dir, int lazy, char *err, size_t errlen)
{
	kit_host *h = kit_xcalloc(1, sizeof *h);
	h->app_dir = strdup(app_dir);
	h->req = kit_arena_new(16384);
	h->lazy = lazy;
	h->opts.one_shot = lazy;  /* kit.cgi: one request per process */
	h->opts.app_root = h->app_dir;  /* process.cwd(), the files server code may read */
	/* KIT_JS_HEAP=malloc: the JS heap through malloc, so valgrind sees
	 * every mujs block (tests/suites/valgrind.sh); render/heap.c hands out
	 * blocks from its own chunks, where a leak or an overrun inside a chunk
	 * is invisible */
	const char *t = getenv("KIT_JS_HEAP");
	if (t && strcmp(t, "malloc") == 0)
		h->opts.js_malloc = 1;
	t = getenv("KIT_RENDER_TIMEOUT_MS");
	if (t)
		h->opts.render_timeout_ms = atol(t);
	/* the JS heap's cap (default 512 MiB): an allocation past it throws "out of memory" */
	t = getenv("KIT_JS_HEAP_LIMIT_MB");
	if (t && atol(t) > 0)
		h->opts.memory_limit = (size_t)atol(t) << 20;
	t = getenv("KIT_KEEPALIVE_MS");
	if (t)
		h->opts.keepalive_ms = atol(t);
	t = getenv("KIT_INLINE_FLIGHT");
	h->opts.always_inline_rows = t && strcmp(t, "always") == 0;
	t = getenv("KIT_MAX_BODY");
	h->max_body = t && atoll(t) > 0 ? (size_t)atoll(t) : (size_t)8 << 20;
	t = getenv("KIT_DEV_ERROR_FILE");
	h->dev_error = t && *t ? t : NULL;
	h->store = kit_stored_open(app_dir);
	/* the store's active version when it can be loaded, else .kit/ */
	char active[64] = "";
	if (h->store)
		kit_store_active(h->store, active, sizeof active);
	if (*active && host_load(h, active, err, errlen) == 0)
		return h;
	if (*active) {
		fprintf(stderr, "kit: the store's active version %s cannot be loaded (%s): serving .kit/\n", active, err);
		snprintf(h->refused, sizeof h->refused, "%s", active);
	}
	if (host_load(h, NULL, err, errlen) < 0) {
		kit_host_close(h);
		return NULL;
	}
	return h;
}

kit_host *kit_host_open(const char *app_dir, char *err, size_t errlen)
{
	return host_open(app_dir, 0, err, errlen);
}

kit_host *kit_host_open_lazy(const char *app_dir, char *err, size_t errlen)
{
	return host_open(app_dir, 1, err, errlen);
}



const char *kit_host_dir(const kit_host *h)
{
	return h->app_dir;
}

void kit_host_close(kit_host *h)
{
	if (!h)
		return;
	kit_store_close(h->store);
	kit_engine_close(h->engine);
	kit_routes_free(&h->routes);
	forget_next_paths(h);
	kit_arena_free(h->req);
	free(h->app_dir);
	free(h);
}

static const char *param(const kit_request *req, const char *name)
{
	const char *v = req->param(req->ctx, name);
	return v ? v : "";
}

/* A text buffer of the request: in its arena, gone when it is answered. */
static kit_buf req_buf(kit_host *h)
{
	kit_buf b;
	kit_buf_init_in(&b, h->req);
	return b;
}

static int send_405(const kit_sink *out, const char *allow)
{
	return kit_resp_simple(out, &(kit_simple_answer){
		.status = 405, .name = "Allow", .value = allow, .body = "405 Method Not Allowed\n",
	});
}

/* digest: the failure's (its log line carries the same), or NULL */
static void error_document(kit_buf *b, int status, const char *text, const char *digest)
{
	kit_buf_printf(b, "<!DOCTYPE html><html lang=\"en\"><head><meta charSet=\"utf-8\"/>"
		       "<title>%d: %s</title></head><body><main><h1>%d</h1><p>", status, text, status);
	kit_html_escape_text(b, text, strlen(text));
	kit_buf_puts(b, ".</p>");
	if (digest && *digest) {
		kit_buf_puts(b, "<p>Digest: <code id=\"kit-digest\">");
		kit_html_escape_text(b, digest, strlen(digest));
		kit_buf_puts(b, "</code> (the server's error log has this number beside the error)</p>");
	}
	kit_buf_puts(b, "</main></body></html>");
}

/* The error page of a status: a document, or a line of text for a
 * navigation payload; with the header lines a render set (may be NULL) and
 * the failure's digest (may be NULL). */
static int send_failure_page(kit_host *h, const kit_sink *out, int status, int head_only, int flight,
			     const kit_buf *lines, const char *digest)
{
	kit_buf b = req_buf(h);
	if (flight && digest && *digest)
		kit_buf_printf(&b, "%d %s (digest %s)\n", status, kit_http_reason(status), digest);
	else if (flight)
		kit_buf_printf(&b, "%d %s\n", status, kit_http_reason(status));
	else
		error_document(&b, status, kit_http_reason(status), digest);
	return kit_resp_simple(out, &(kit_simple_answer){
		.status = status, .head_only = head_only, .lines = lines, .body = kit_buf_cstr(&b),
		.content_type = flight ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
	});
}

static int send_error_page_lines(kit_host *h, const kit_sink *out, int status, int head_only, int flight,
				 const kit_buf *lines)
{
	return send_failure_page(h, out, status, head_only, flight, lines, NULL);
}

static int send_error_page(kit_host *h, const kit_sink *out, int status, int head_only, int flight)
{
	return send_error_page_lines(h, out, status, head_only, flight, NULL);
}

/* A client of an older build (its X-RSC-Version is not the one served)
 * must not mix that build's layouts, action ids or query ids with ours: 409,
 * where to reload (location: a same-origin path, kit_url_put_location) and
 * the build it will get. One answer for the three places that check: page
 * navigations (text), actions and queries (JSON, as their other refusals). */
enum conflict_kind { CONFLICT_PAGE, CONFLICT_ACTION, CONFLICT_QUERY };

static void send_version_conflict(kit_host *h, const kit_sink *out, int head_only, enum conflict_kind kind,
				  const char *location)
{
	static const char *const bodies[] = {
		[CONFLICT_PAGE] = "409 Conflict: the app was updated; reload the page\n",
		[CONFLICT_ACTION] = "{\"message\":\"The app was updated; reload the page.\"}\n",
		[CONFLICT_QUERY] = "{\"message\":\"The app was updated; reload the page.\",\"errors\":{}}\n",
	};
	kit_resp r;
	kit_resp_init_in(&r, h->req, out, 409, head_only);
	kit_resp_header(&r, "Content-Type", kind == CONFLICT_PAGE ? "text/plain; charset=utf-8" : "application/json; charset=utf-8");
	kit_resp_header(&r, "Cache-Control", "no-store");
	kit_resp_header(&r, "X-RSC-Location", location);
	kit_resp_header(&r, "X-RSC-Version", h->routes.version);
	if (kit_resp_begin(&r) == 0 && !head_only)
		kit_sink_write(out, bodies[kind], strlen(bodies[kind]));
}

/* kit-serve --dev: while the last build failed, its diagnostics (the file
 * KIT_DEV_ERROR_FILE, written by kit-serve, removed after a good build)
 * answer every page a browser asks for (GET/HEAD accepting text/html, not a
 * navigation payload). Everything else keeps being served by the last good
 * build. Returns 1 when the error page was sent. */
static int send_dev_error(kit_host *h, const kit_request *req, const kit_sink *out, int head_only)
{
	if (!h->dev_error || *param(req, "HTTP_X_RSC") || !strstr(param(req, "HTTP_ACCEPT"), "text/html"))
		return 0;
	const char *method = param(req, "REQUEST_METHOD");
	if (strcmp(method, "GET") != 0 && !head_only)
		return 0;
	FILE *f = fopen(h->dev_error, "rb");
	if (!f)
		return 0;
	char text[32768];
	size_t n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	if (n == 0)
		return 0;
	text[n] = '\0';
	kit_buf b = req_buf(h);
	kit_buf_puts(&b, "<!DOCTYPE html><html lang=\"en\"><head><meta charSet=\"utf-8\"/>"
			 "<title>Build failed</title></head><body><main><h1>The build failed</h1>"
			 "<p>kit-serve --dev keeps serving the last good build to everything but pages; "
			 "fix the error and save: this page reloads when a build succeeds.</p><pre>");
	kit_html_escape_text(&b, text, n);
	/* polls the build status kit-serve writes and the web server serves
	 * (docs/dev.md §4: no responder per open tab); reloads once a build
	 * succeeded */
	kit_buf_puts(&b, "</pre></main><script>setInterval(function(){fetch('/_kit/dev/status.json',{cache:"
			 "'no-store'}).then(function(r){return r.ok?r.json():null}).then(function(s){if(s&&!s.error)"
			 "location.reload()},function(){})},500)</script></body></html>");
	kit_resp_simple(out, &(kit_simple_answer){
		.status = 500, .head_only = head_only, .content_type = "text/html; charset=utf-8",
		.name = "X-RSC-Kit", .value = "dev-error", .body = kit_buf_cstr(&b),
	});
	return 1;
}

/* kit-serve --dev: the source lines around the first stack frame of text
 * that names a file of the app, "(src/app/page.tsx:12)" (an app-relative
 * path, as kit's engine stacks give them), into b as HTML: the file and line,
 * then three lines either side with the failing one marked. Nothing when no
 * frame names a readable file inside the app. */
static void put_dev_source(kit_host *h, kit_buf *b, const char *text)
{
	for (const char *p = strchr(text, '('); p; p = strchr(p + 1, '(')) {
		const char *colon = NULL, *q = p + 1;
		while (*q && *q != ')' && *q != '(' && *q != ' ' && *q != '\n') {
			if (*q == ':' && !colon)
				colon = q;
			q++;
		}
		if (*q != ')' || !colon || colon == p + 1 || p[1] == '/' || colon[1] < '1' || colon[1] > '9')
			continue;
		char rel[512];
		size_t n = (size_t)(colon - p - 1);
		if (n >= sizeof rel)
			continue;
		memcpy(rel, p + 1, n);
		rel[n] = '\0';
		/* the app's own sources only: no "..", no hidden file or directory
		 * (.env, .git, .kit), nothing of node_modules, nothing a symbolic
		 * link takes outside the app */
		if (strstr(rel, "..") || rel[0] == '.' || strstr(rel, "/.") || strstr(rel, "://") ||
		    strstr(rel, "node_modules/"))
			continue;
		long line = strtol(colon + 1, NULL, 10);
		char path[PATH_MAX + 600], real[PATH_MAX], root[PATH_MAX];
		snprintf(path, sizeof path, "%s/%s", h->app_dir, rel);
		size_t rlen;
		if (!realpath(path, real) || !realpath(h->app_dir, root) || strncmp(real, root, rlen = strlen(root)) != 0 ||
		    real[rlen] != '/')
			continue;
		size_t len;
		char *src = kit_read_file(real, &len);
		if (!src)
			continue;
		kit_buf_puts(b, "<p class=\"kit-dev-file\">");
		kit_html_escape_text(b, rel, n);
		kit_buf_printf(b, ":%ld</p><pre class=\"kit-dev-source\">", line);
		long at = 1;
		for (const char *s = src, *end = src + len; s < end && at <= line + 3; at++) {
			const char *nl = memchr(s, '\n', (size_t)(end - s));
			size_t w = nl ? (size_t)(nl - s) : (size_t)(end - s);
			if (at >= line - 3) {
				kit_buf_printf(b, "%s%s%4ld | ", at == line ? "<mark>" : "", at == line ? "&gt; " : "  ", at);
				kit_html_escape_text(b, s, w);
				kit_buf_puts(b, at == line ? "</mark>\n" : "\n");
			}
			s += w + 1;
		}
		kit_buf_puts(b, "</pre>");
		free(src);
		return;
	}
}

/* kit-serve --dev: a page whose render failed shows the error (what the log
 * line says: route, message, the first frames) with the source lines of the
 * app file its stack names, as `next dev`'s overlay does; a dev build's page
 * also loads the dev client (live reload: it reloads once a build changed).
 * Deployed responders never show it (KIT_DEV_ERROR_FILE is only set by
 * kit-serve --dev). */
static void send_dev_render_error(kit_host *h, const kit_sink *out, int status, int head_only, const char *route,
				  const char *message, const kit_buf *lines)
{
	kit_buf b = req_buf(h);
	kit_buf_printf(&b, "<!DOCTYPE html><html lang=\"en\"><head><meta charSet=\"utf-8\"/>"
		       "<title>%d: %s</title><style>body{margin:0;font:14px/1.45 system-ui,sans-serif;background:#555}"
		       "main{background:#fff;max-width:960px;margin:32px auto;border-radius:8px;border-top:6px solid #d32f2f;"
		       "padding:4px 16px 12px}h1{color:#d32f2f;font-size:18px}pre{font:12.5px/1.5 ui-monospace,monospace;"
		       "white-space:pre-wrap;background:#f6f6f6;padding:8px 10px;border-radius:4px}"
		       "pre.kit-dev-message{background:#fff5f5;color:#b71c1c;font-weight:600}mark{background:#ffebee;"
		       "color:#b71c1c;font-weight:600}.kit-dev-file{font:12.5px ui-monospace,monospace}</style>"
		       "</head><body><main id=\"kit-dev-error\"><h1>%d: the page failed to render</h1><p>Route ",
		       status, kit_http_reason(status), status);
	kit_html_escape_text(&b, route, strlen(route));
	kit_buf_puts(&b, " (kit-serve --dev shows this; a deployment answers the plain error page):</p>"
			 "<pre class=\"kit-dev-message\">");
	kit_html_escape_text(&b, message, strlen(message));
	kit_buf_puts(&b, "</pre>");
	put_dev_source(h, &b, message);
	kit_buf_puts(&b, "</main>");
	const char *dev_client = h->engine ? kit_engine_dev_client(h->engine) : NULL;
	if (dev_client) {
		kit_buf_puts(&b, "<script src=\"");
		kit_html_escape_attr(&b, dev_client, strlen(dev_client));
		kit_buf_puts(&b, "\" data-version=\"");
		if (h->routes.version)
			kit_html_escape_attr(&b, h->routes.version, strlen(h->routes.version));
		kit_buf_puts(&b, "\"></script>");
	}
	kit_buf_puts(&b, "</body></html>");
	kit_resp_simple(out, &(kit_simple_answer){
		.status = status, .head_only = head_only, .content_type = "text/html; charset=utf-8",
		.name = "X-RSC-Kit", .value = "dev-render-error", .lines = lines, .body = kit_buf_cstr(&b),
	});
}

/* Splits the query into decoded pairs (in the request's arena). */
static size_t parse_query(kit_arena *a, const char *query, kit_kv **pairs)
{
	char *copy = kit_arena_strdup(a, query);
	size_t cap = 1;
	for (const char *p = query; *p; p++)
		cap += *p == '&';
	*pairs = kit_arena_alloc(a, cap * sizeof **pairs);
	size_t n = 0;
	char *save = NULL;
	for (char *part = strtok_r(copy, "&", &save); part; part = strtok_r(NULL, "&", &save)) {
		/* a key without "=" ("?debug") has the empty value: the NUL ending
		 * the key in the writable copy, never a string literal (decoding
		 * writes into the value) */
		char *eq = strchr(part, '=');
		char *value = part + strlen(part);
		if (eq) {
			*eq = '\0';
			value = eq + 1;
		}
		if (kit_url_decode_form(part) < 0 || kit_url_decode_form(value) < 0 || !*part)
			continue;
		(*pairs)[n].key = part;
		(*pairs)[n].value = value;
		n++;
	}
	return n;
}

/* The request as the engine hands it to JS: absolute URL, headers with
 * lowercase names, and the body when one is wanted; all of it in the
 * request's arena. */
typedef struct http_req {
	kit_http_req http;
	kit_kv *headers;
} http_req;

/* The body into the arena: CONTENT_LENGTH bytes at once when it is given,
 * else doubling; one byte read past the end tells whether there is more.
 * Returns 0, 413 past max_body, 400 when reading failed. */
static int read_body(kit_arena *a, const kit_request *req, size_t max, kit_http_req *http)
{
	const char *cl = param(req, "CONTENT_LENGTH");
	unsigned long long declared = *cl ? strtoull(cl, NULL, 10) : 0;
	if (declared > max)
		return 413;
	size_t cap = *cl ? (size_t)declared : 65536 < max ? 65536 : max, n = 0;
	char *buf = kit_arena_alloc(a, cap + 1);
	for (;;) {
		char probe;
		long got = n < cap ? req->read(req->ctx, buf + n, cap - n) : req->read(req->ctx, &probe, 1);
		if (got < 0)
			return 400;
		if (got == 0)
			break;
		if (n < cap) {
			n += (size_t)got;
			continue;
		}
		if (cap >= max)
			return 413;
		size_t grown = cap * 2 < max ? (cap ? cap * 2 : 65536) : max;
		char *more = kit_arena_alloc(a, grown + 1);
		memcpy(more, buf, n);
		more[n++] = probe;
		buf = more;
		cap = grown;
	}
	buf[n] = '\0';
	http->body = buf;
	http->body_len = n;
	return 0;
}

/* Returns 0, or the 4xx status to answer (431 headers too large, 413 body
 * too large, 400 unreadable body). */
static int http_collect(kit_host *h, const kit_request *req, int want_body, http_req *r)
{
	memset(r, 0, sizeof *r);
	const char *https = param(req, "HTTPS");
	const char *host = param(req, "HTTP_HOST");
	kit_buf url = req_buf(h);
	kit_buf_printf(&url, "%s://%s%s", *https && strcmp(https, "off") != 0 ? "https" : "http",
		       *host ? host : *param(req, "SERVER_NAME") ? param(req, "SERVER_NAME") : "localhost",
		       *param(req, "REQUEST_URI") ? param(req, "REQUEST_URI") : "/");
	r->http.method = param(req, "REQUEST_METHOD");
	r->http.url = kit_buf_cstr(&url);

	char **env = req->params ? req->params(req->ctx) : NULL;
	size_t n = 0, bytes = 0;
	for (size_t i = 0; env && env[i]; i++)
		if (strncmp(env[i], "HTTP_", 5) == 0 || strncmp(env[i], "CONTENT_TYPE=", 13) == 0 ||
		    strncmp(env[i], "CONTENT_LENGTH=", 15) == 0) {
			n++;
			bytes += strlen(env[i]) + 1;
		}
	if (bytes > MAX_HEADER_BYTES)
		return 431;
	r->headers = kit_arena_zalloc(h->req, (n ? n : 1) * sizeof *r->headers);
	char *w = kit_arena_alloc(h->req, bytes + 1);  /* the lowercase names */
	for (size_t i = 0; env && env[i]; i++) {
		const char *v = env[i];
		if (strncmp(v, "HTTP_", 5) == 0)
			v += 5;
		else if (strncmp(v, "CONTENT_TYPE=", 13) != 0 && strncmp(v, "CONTENT_LENGTH=", 15) != 0)
			continue;
		const char *eq = strchr(v, '=');
		if (!eq)
			continue;
		kit_kv *kv = &r->headers[r->http.nheaders++];
		kv->key = w;
		for (const char *p = v; p < eq; p++)
			*w++ = *p == '_' ? '-' : (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
		*w++ = '\0';
		kv->value = eq + 1;
	}
	r->http.headers = r->headers;
	if (want_body && req->read)
		return read_body(h->req, req, h->max_body, &r->http);
	return 0;
}

/* The Cookie header the request would carry after the Set-Cookie lines in
 * set_lines ("set-cookie: n=v; attrs\r\n", as an action wrote them): a
 * page rendered in the same response (an action's answer, the page after a
 * form post) reads what the action wrote. Max-Age=0 deletes. */
static void merge_cookies(const char *cookie, const kit_buf *set_lines, kit_buf *out)
{
	kit_buf_reset(out);
	const char *sets = set_lines && set_lines->len ? kit_buf_cstr((kit_buf *)set_lines) : "";
	/* the request's pairs whose name no Set-Cookie line names */
	for (const char *p = cookie; *p;) {
		while (*p == ' ' || *p == ';')
			p++;
		size_t len = strcspn(p, ";");
		size_t nlen = strcspn(p, "=;");
		int replaced = 0;
		for (const char *s = sets; *s && nlen;) {
			const char *line_end = strchr(s, '\n');
			size_t llen = line_end ? (size_t)(line_end - s) : strlen(s);
			if (llen > 12 && strncasecmp(s, "set-cookie: ", 12) == 0 && llen > 12 + nlen &&
			    strncmp(s + 12, p, nlen) == 0 && s[12 + nlen] == '=')
				replaced = 1;
			s += llen + (line_end ? 1 : 0);
		}
		if (len && !replaced) {
			if (out->len)
				kit_buf_puts(out, "; ");
			kit_buf_put(out, p, len);
		}
		p += len;
	}
	/* then every cookie set (not deleted) */
	for (const char *s = sets; *s;) {
		const char *line_end = strchr(s, '\n');
		size_t llen = line_end ? (size_t)(line_end - s) : strlen(s);
		if (llen > 12 && strncasecmp(s, "set-cookie: ", 12) == 0) {
			const char *pair = s + 12;
			size_t plen = strcspn(pair, ";\r\n");
			const char *attrs = pair + plen;
			size_t alen = llen - 12 - plen;
			int deleted = 0;
			for (size_t i = 0; i + 10 <= alen; i++)
				if (strncasecmp(attrs + i, "Max-Age=0", 9) == 0 && (attrs[i + 9] < '0' || attrs[i + 9] > '9'))
					deleted = 1;
			if (!deleted && memchr(pair, '=', plen)) {
				if (out->len)
					kit_buf_puts(out, "; ");
				kit_buf_put(out, pair, plen);
			}
		}
		s += llen + (line_end ? 1 : 0);
	}
	kit_buf_cstr(out);
}

/* Replaces (or adds) the request's Cookie header; value must outlive r. */
static void override_cookie(kit_arena *a, http_req *r, const char *value)
{
	for (size_t i = 0; i < r->http.nheaders; i++)
		if (strcmp(r->headers[i].key, "cookie") == 0) {
			r->headers[i].value = value;
			return;
		}
	kit_kv *more = kit_arena_alloc(a, (r->http.nheaders + 1) * sizeof *more);
	memcpy(more, r->headers, r->http.nheaders * sizeof *more);
	r->headers = more;
	r->headers[r->http.nheaders].key = "cookie";
	r->headers[r->http.nheaders].value = value;
	r->http.nheaders++;
	r->http.headers = r->headers;
}

struct render_ctx {
	kit_resp *resp;
	const kit_sink *out;
	const kit_buf *lines;  /* what the render set (Set-Cookie of host calls) */
	/* a page render's error: an error boundary caught a failure above
	 * every Suspense boundary (err->caught), a document then answers 500
	 * (docs/errors.md); NULL elsewhere */
	const kit_render_error *err;
	int document;
};

static int render_begin(void *ctx)
{
	struct render_ctx *rc = ctx;
	if (!rc->resp->sent)
		kit_resp_lines(rc->resp, rc->lines);
	if (!rc->resp->sent && rc->err && rc->err->caught && rc->document)
		rc->resp->status = 500;
	return kit_resp_begin(rc->resp);
}

static int body_write(void *ctx, const char *p, size_t n)
{
	struct render_ctx *rc = ctx;
	if (rc->resp->head_only)
		return 0;
	return kit_sink_write(rc->out, p, n);
}

static int body_flush(void *ctx)
{
	struct render_ctx *rc = ctx;
	return kit_sink_flush(rc->out);
}

static int is_true(const char *v)
{
	return strcmp(v, "true") == 0 || strcmp(v, "1") == 0;
}

/* The path of an absolute URL (scheme://host/path?query), in the request's arena. */
static const char *url_path(kit_host *h, const char *url)
{
	const char *p = strstr(url, "://");
	p = p ? strchr(p + 3, '/') : url;
	if (!p)
		return "/";
	size_t n = strcspn(p, "?#");
	char *s = kit_arena_alloc(h->req, n + 1);
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

/* Runs the route's middleware chain. Returns 1 when the request may go on
 * (guard->headers, the caller's buffer, then holds what the chain set), 0
 * when a refusal was answered. Pages are refused with a redirect (document
 * 3xx; navigation 204 + X-RSC-Redirect); API routes with 401 or 403, never
 * a redirect, the wanted destination in X-RSC-Redirect. */
static int run_guards(kit_host *h, const kit_request *req, const kit_sink *out, const kit_route *route,
		      int route_index, const kit_http_req *http, int head_only, kit_guard_result *guard)
{
	int flight = is_true(param(req, "HTTP_X_RSC"));
	char oerr[KIT_ERR_SIZE];
	if (!host_engine(h, oerr, sizeof oerr)) {
		/* no engine, no guard: fail closed */
		kit_log("500 %s (route %s): %s", http->url, route->path, oerr);
		send_error_page(h, out, 500, head_only, flight);
		return 0;
	}
	kit_engine_middleware(h->engine, route_index, http, guard);
	if (guard->outcome == KIT_GUARD_ALLOW)
		return 1;
	kit_resp r;
	int status = guard->status;
	const char *body = "";
	if (guard->outcome == KIT_GUARD_REDIRECT) {
		status = route->is_api ? 401 : flight ? 204 : (status >= 300 && status < 400 ? status : 307);
	} else if (status >= 500) {
		/* a middleware that threw, or a chain that could not run: an error,
		 * never a refusal (docs/errors.md "The log line") */
		if (!guard->digest[0])
			kit_errlog_digest(guard->message, guard->digest, sizeof guard->digest);
		kit_errlog(status, param(req, "REQUEST_METHOD"), url_path(h, http->url), guard->component, guard->message,
			   guard->digest);
		if (h->dev_error && !flight)
			send_dev_render_error(h, out, status, head_only, route->path, guard->message, &guard->headers);
		else
			send_failure_page(h, out, status, head_only, flight, &guard->headers, guard->digest);
		return 0;
	} else {
		kit_log("%d %s %s (route %s): %s", status, param(req, "REQUEST_METHOD"), http->url, route->path,
			 guard->message);
		if (route->is_api && status != 401 && status != 404)
			status = 403;
	}
	if (status >= 400)
		body = guard->visible[0] && !strpbrk(guard->visible, "\r\n") ? guard->visible : kit_http_reason(status);
	kit_resp_init_in(&r, h->req, out, status, head_only);
	kit_resp_header(&r, "Content-Type", "text/plain; charset=utf-8");
	kit_resp_header(&r, "Cache-Control", "private, no-store");
	kit_resp_header(&r, "Vary", KIT_PAGE_VARY);
	if (guard->outcome == KIT_GUARD_REDIRECT) {
		if (route->is_api || flight)
			kit_resp_header(&r, "X-RSC-Redirect", guard->location);
		else
			kit_resp_header(&r, "Location", guard->location);
	}
	kit_resp_lines(&r, &guard->headers);
	if (kit_resp_begin(&r) == 0 && !head_only && *body) {
		kit_sink_write(out, body, strlen(body));
		kit_sink_write(out, "\n", 1);
	}
	return 0;
}

/* A stored file is looked up after the middleware chain (a refusal never
 * touches the file), never for an interception or a revalidation, before
 * rendering (docs/build-output.md "Serving stored files"). */
static int serve_stored(kit_host *h, const kit_request *req, const kit_sink *out, const kit_url *url,
			const kit_route *route, const char *chain, int head_only, const kit_guard_result *guard)
{
	if (!h->store || !route)
		return 0;
	int flight = is_true(param(req, "HTTP_X_RSC"));
	kit_stored_req sreq = {
		.path = url->path,
		.query = url->query,
		.flight = flight,
		.depth = flight ? kit_route_shared_depth(route, chain, param(req, "HTTP_X_RSC_SEGMENTS")) : 0,
		.layouts = chain,
		.head_only = head_only,
		.skip = *param(req, "HTTP_X_RSC_INTERCEPT") || *param(req, "HTTP_X_RSC_REVALIDATE"),
		.version = h->routes.version,
		.extra = &guard->headers,
	};
	return kit_stored_serve(h->store, route, &sreq, out);
}

/* resume: POST /_rsc/ppr-resume for url (the holes only, after the guards).
 * form: the page after a no-JS form post ran its action (handle_form_post):
 * never from the store, with the action's headers (cookies) and status. */
typedef struct form_answer {
	const kit_buf *headers;
	int status;
	const char *cookie;   /* the Cookie header after the action's writes */
} form_answer;

/* The canonical URL of the page the client says it is on (X-RSC-Referer: a
 * path or an absolute URL, whose path is taken), in the request's arena;
 * -1 when it names none. */
static int parse_referer(kit_host *h, const kit_request *req, kit_url *url)
{
	const char *ref = param(req, "HTTP_X_RSC_REFERER");
	const char *path = strstr(ref, "://") ? strchr(strstr(ref, "://") + 3, '/') : ref;
	const char *why;
	return path && *path == '/' && kit_url_parse(h->req, path, url, &why) == 0 ? 0 : -1;
}

/* A route path to match: without its trailing slash (but "/"). */
static void trim_slash(char *path)
{
	size_t n = strlen(path);
	if (n > 1 && path[n - 1] == '/')
		path[n - 1] = '\0';
}

/* A page request past its guards: what rendering it needs. */
typedef struct page_job {
	const kit_request *req;
	const kit_sink *out;
	const kit_url *url;
	const kit_match *match;
	const kit_route *route;
	const kit_route *referer;      /* an interception's page (NULL: none) */
	const char *chain;             /* the layout chain of what renders: the route's, or the referer's */
	const form_answer *form;
	const kit_buf *guard_headers;  /* what the route's middleware set */
	const kit_stored_shell_hit *shell;  /* the stored shell, NULL when none */
	int head_only, flight, resume;
	size_t depth;
} page_job;

/* An interception (client navigations only): the page the client came from
 * (X-RSC-Referer) renders again from the layout declaring the slot, with
 * this route's page in the slot (X-RSC-Intercept). A full load, or a
 * referer without that slot, renders the real page (*referer stays NULL).
 * Returns -1 when the referer's own guards refused (answered). */
static int resolve_intercept(kit_host *h, page_job *job, const kit_http_req *http, const char *intercept,
			     kit_match *referer_match)
{
	const kit_request *req = job->req;
	kit_url rurl;
	if (parse_referer(h, req, &rurl) == 0) {
		trim_slash(rurl.path);
		kit_routes_match(h->req, &h->routes, rurl.path, referer_match);
	}
	const kit_route *rr = referer_match->index >= 0 ? &h->routes.routes[referer_match->index] : NULL;
	int slot_layout = rr && !rr->is_api ? kit_route_slot_layout(rr, intercept) : -1;
	if (slot_layout < 0)
		return 0;
	if (rr->has_middleware) {
		/* the referer's tree renders too: its guards run as well */
		kit_guard_result rguard = { .outcome = KIT_GUARD_ALLOW, .headers = req_buf(h) };
		if (!run_guards(h, req, job->out, rr, referer_match->index, http, job->head_only, &rguard))
			return -1;
	}
	job->referer = rr;
	job->chain = kit_route_chain(h->req, rr, referer_match->params, referer_match->nparams);
	/* the payload must hold the layout with the slot: widen if the client keeps it */
	size_t shared = kit_route_shared_depth(rr, job->chain, param(req, "HTTP_X_RSC_SEGMENTS"));
	job->depth = shared < (size_t)slot_layout ? shared : (size_t)slot_layout;
	return 0;
}

/* A render that cannot be finished once its headers went out
 * (kit_engine_render's -2: the engine failed after the shell, or the client
 * left, or a write failed) is never ended as if complete: kit_host_handle
 * returns -1 (-2 for the engine's own failure, whose worker kit-fcgi then
 * restarts), so kit-fcgi drops the connection without FCGI_END_REQUEST and
 * kit.cgi exits 1 (docs/fastcgi.md §10). The engine logged the failure; this
 * line says the visitor got a cut answer. */
static void abort_answer(kit_host *h, const char *method, const char *path, const kit_render_error *err)
{
	h->abort_stream = err->cut ? 2 : 1;
	if (err->cut)
		kit_log("%s %s: the answer was cut after its headers went out (digest %s): the connection is "
			"aborted, not ended", method, path, err->digest[0] ? err->digest : "none");
}

/* Renders the page (after its stored shell, when there is one) and answers
 * a failure: a notFound(), forbidden() or unauthorized() above every
 * boundary renders the nearest page of its kind instead (one retry,
 * docs/errors.md), a redirect() answers 3xx (204 + X-RSC-Redirect for a
 * navigation), anything else the error page and a log line. */
static void render_page(kit_host *h, const page_job *job, kit_render_req *rreq)
{
	const kit_request *req = job->req;
	const kit_sink *out = job->out;
	const kit_route *route = job->route;
	int head_only = job->head_only, flight = job->flight;
	/* Set-Cookie lines of host calls made before the head was written; kept
	 * across the not-found retry (the backend's cookie still stands) */
	kit_buf rlines = req_buf(h);
	for (int attempt = 0; attempt < 2; attempt++) {
		int status = rreq->route_index >= 0 && !rreq->not_found ? 200
			     : rreq->not_found == 403 || rreq->not_found == 401 ? rreq->not_found : 404;
		if (job->form && status == 200 && job->form->status >= 400)
			status = job->form->status;
		kit_resp resp;
		kit_resp_init_in(&resp, h->req, out, status, head_only);
		if (job->form)
			kit_resp_lines(&resp, job->form->headers);
		kit_resp_page_headers(&resp, flight,
				      route && (route->has_middleware || job->shell) ? "private, no-store" : "no-store",
				      h->routes.version, rreq->not_found ? (size_t)0 : job->depth,
				      route || job->referer ? job->chain : "app/layout");
		kit_resp_header(&resp, "X-Accel-Buffering", "no");
		kit_resp_lines(&resp, job->guard_headers);
		if (job->shell && attempt == 0) {
			/* the shell leaves at once; the holes follow in the same response */
			kit_resp_header(&resp, "X-RSC-Kit", job->resume ? "resume" : "shell");
			rreq->ppr = KIT_PPR_RESUME;
			rreq->ppr_holes = job->shell->holes;
			if (kit_resp_begin(&resp) < 0 ||
			    (!job->resume && !head_only && kit_stored_copy(job->shell->hit.path, out) < 0) ||
			    kit_sink_flush(out) < 0)
				break;
		}
		kit_render_error err;
		struct render_ctx ctx = { &resp, out, &rlines, &err, !flight };
		kit_render_out rout = { render_begin, { body_write, body_flush, &ctx }, &ctx, &rlines };
		char oerr[KIT_ERR_SIZE];
		if (!host_engine(h, oerr, sizeof oerr)) {
			kit_log("500 %s (route %s): %s", rreq->http->url, route ? route->path : "not-found page", oerr);
			send_error_page(h, out, 500, head_only, flight);
			break;
		}
		int rc = kit_engine_render(h->engine, rreq, &rout, &err);
		if (rc == -2) {
			abort_answer(h, param(req, "REQUEST_METHOD"), job->url->path, &err);
			break;
		}
		if (job->shell && rc == -1) {
			/* after the shell: its fallbacks stay */
			if (!err.logged)
				kit_errlog(err.status, param(req, "REQUEST_METHOD"), job->url->path, err.component,
					   err.message, err.digest);
			if (!head_only)
				kit_sink_write(out, "</body></html>", 14);
			break;
		}
		if (rc != -1 || resp.sent)
			break;
		if ((err.status == 404 || err.fallback) && !rreq->not_found) {
			/* notFound(), forbidden(), unauthorized(): the nearest page of its
			 * kind at or above the segment that threw (docs/errors.md) */
			rreq->not_found = err.status;
			rreq->fallback_segment = err.segment;
			rreq->segment_depth = 0;
			rreq->intercept_slot = NULL;
			rreq->route_index = job->match->index;
			continue;
		}
		if (err.status >= 300 && err.status < 400) {
			/* a login that redirects still logs in: the backend's cookies go along */
			kit_resp_simple(out, &(kit_simple_answer){
				.status = flight ? 204 : err.status, .head_only = head_only,
				.name = flight ? "X-RSC-Redirect" : "Location", .value = err.location, .lines = &rlines,
			});
			break;
		}
		/* the engine logged its errors (render/errlog.h); a backend
		 * refusal's own status is logged here */
		if (!err.logged)
			kit_errlog(err.status, param(req, "REQUEST_METHOD"), job->url->path, err.component, err.message,
				   err.digest);
		/* the engine resets its queues, timers and transfers after every
		 * request, a budget 503 included: the worker goes on serving (exiting
		 * here would lose the requests already queued on its socket) */
		if (h->dev_error && !flight)
			send_dev_render_error(h, out, err.status ? err.status : 500, head_only,
					      route ? route->path : "not-found page", err.message, &rlines);
		else
			send_failure_page(h, out, err.status ? err.status : 500, head_only, flight, &rlines, err.digest);
		break;
	}
}

/* A page: its middleware chain first (every request runs the whole chain
 * before anything at or below it renders; client-sent X-RSC-* headers never
 * skip it), then the stored answer when there is one, else the render. */
static void handle_page(kit_host *h, const kit_request *req, const kit_sink *out, const kit_url *url,
		       const kit_match *match, int head_only, int resume, const form_answer *form)
{
	page_job job = {
		.req = req, .out = out, .url = url, .match = match, .form = form,
		.route = match->index >= 0 ? &h->routes.routes[match->index] : NULL,
		.head_only = head_only, .resume = resume,
		.flight = !resume && is_true(param(req, "HTTP_X_RSC")),
	};
	const kit_route *route = job.route;
	job.chain = route ? kit_route_chain(h->req, route, match->params, match->nparams) : "";
	http_req hreq;
	int bad = http_collect(h, req, 0, &hreq);
	if (bad) {
		send_error_page(h, out, bad, head_only, job.flight);
		return;
	}
	if (form)
		override_cookie(h->req, &hreq, form->cookie);
	kit_guard_result guard = { .outcome = KIT_GUARD_ALLOW, .headers = req_buf(h) };
	job.guard_headers = &guard.headers;
	kit_stored_shell_hit shell;
	kit_stored_req shreq = { .path = url->path, .query = resume ? "" : url->query, .flight = job.flight,
				 .layouts = job.chain,
				 .skip = !resume && (*param(req, "HTTP_X_RSC_INTERCEPT") || *param(req, "HTTP_X_RSC_REVALIDATE")),
				 .version = h->routes.version };
	if (route && route->has_middleware && !run_guards(h, req, out, route, match->index, &hreq.http, head_only, &guard))
		return;
	if (!resume && !form && serve_stored(h, req, out, url, route, job.chain, head_only, &guard))
		return;
	/* a stored shell (fcgi/stored.c): written first, then the holes rendered for this visitor */
	if (!form && kit_stored_shell(h->store, route, &shreq, &shell))
		job.shell = &shell;
	if (resume && !job.shell) {
		kit_resp_text(out, 404, head_only, "Nothing to resume\n");
		return;
	}
	if (resume) {
		/* what request().url says: the page's URL, not the endpoint's */
		const char *at = strstr(hreq.http.url, "/_rsc/ppr-resume");
		if (at) {
			size_t origin = (size_t)(at - hreq.http.url), plen = strlen(url->path);
			char *page = kit_arena_alloc(h->req, origin + plen + 1);
			memcpy(page, hreq.http.url, origin);
			memcpy(page + origin, url->path, plen + 1);
			hreq.http.url = page;
		}
	}
	job.depth = job.flight && route ? kit_route_shared_depth(route, job.chain, param(req, "HTTP_X_RSC_SEGMENTS")) : 0;
	const char *intercept = job.flight && route ? param(req, "HTTP_X_RSC_INTERCEPT") : "";
	kit_match referer_match = { .index = -1 };
	if (*intercept && resolve_intercept(h, &job, &hreq.http, intercept, &referer_match) < 0)
		return;
	kit_kv *search = NULL;
	size_t nsearch = parse_query(h->req, url->query, &search);
	kit_render_req rreq = {
		.http = &hreq.http,
		.segment_depth = (int)job.depth,
		.layouts = route || job.referer ? job.chain : "",
		.version = h->routes.version,
		.route_index = match->index,
		.pathname = h->shown_path ? h->shown_path : url->path,
		.params = match->params,
		.nparams = match->nparams,
		.search = search,
		.nsearch = nsearch,
		.mode = job.flight ? KIT_RENDER_FLIGHT : KIT_RENDER_DOCUMENT,
		.form_state = form != NULL,
	};
	if (job.referer) {
		rreq.intercept_slot = intercept;
		rreq.intercept_route = match->index;
		rreq.intercept_params = match->params;
		rreq.intercept_nparams = match->nparams;
		rreq.route_index = referer_match.index;
		rreq.params = referer_match.params;
		rreq.nparams = referer_match.nparams;
	}
	render_page(h, &job, &rreq);
}

/* route.ts: middleware first, then the handler for the method; 405 with
 * Allow for a method it does not export, HEAD answered by GET without the
 * body, OPTIONS answered with Allow unless exported. */
static void handle_api(kit_host *h, const kit_request *req, const kit_sink *out, const kit_route *route,
		      const kit_match *match, const char *method, const kit_url *url)
{
	int head_only = strcmp(method, "HEAD") == 0;
	/* a GET answer stored at build (fcgi/stored.c): from disk, no JS */
	if (kit_stored_api(h->store, route, url->path, url->query, method, h->routes.version, out))
		return;
	unsigned bit = kit_method_bit(method);
	if (!(route->methods & bit)) {
		if (strcmp(method, "OPTIONS") == 0) {
			kit_resp_simple(out, &(kit_simple_answer){ .status = 204, .name = "Allow", .value = route->allow });
			return;
		}
		if (!(head_only && (route->methods & KIT_METHOD_GET))) {
			kit_resp_simple(out, &(kit_simple_answer){
				.status = 405, .head_only = head_only, .name = "Allow", .value = route->allow,
				.body = "405 Method Not Allowed\n",
			});
			return;
		}
	}
	http_req hreq;
	int bad = http_collect(h, req, !head_only && strcmp(method, "GET") != 0, &hreq);
	if (bad) {
		kit_buf b = req_buf(h);
		kit_buf_printf(&b, "%d %s%s\n", bad, kit_http_reason(bad),
			       bad == 413 ? ": the request body is larger than this server accepts (KIT_MAX_BODY)" : "");
		kit_resp_text(out, bad, head_only, kit_buf_cstr(&b));
		return;
	}
	kit_guard_result guard = { .outcome = KIT_GUARD_ALLOW, .headers = req_buf(h) };
	if (route->has_middleware && !run_guards(h, req, out, route, match->index, &hreq.http, head_only, &guard))
		return;
	kit_api_answer ans = { .headers = req_buf(h), .body = req_buf(h) };
	kit_render_error err;
	char oerr[KIT_ERR_SIZE];
	if (!host_engine(h, oerr, sizeof oerr)) {
		memset(&err, 0, sizeof err);
		err.status = 500;
		snprintf(err.message, sizeof err.message, "%.900s", oerr);
	}
	if (!h->engine || kit_engine_api(h->engine, match->index, route->module, method, &hreq.http, match->params,
					 match->nparams, &ans, &err) < 0) {
		int status = err.status >= 500 ? err.status : 500;
		if (!err.digest[0])
			kit_errlog_digest(err.message, err.digest, sizeof err.digest);
		kit_errlog(status, method, url->path, route->module, err.message, err.digest);
		char body[128];
		snprintf(body, sizeof body, "%d %s (digest %s)\n", status, kit_http_reason(status), err.digest);
		kit_resp_text(out, status, head_only, body);
		return;
	}
	kit_resp r;
	kit_resp_init_in(&r, h->req, out, ans.status >= 100 && ans.status <= 599 ? ans.status : 500, head_only);
	if (!strstr(kit_buf_cstr(&ans.headers), "content-type:"))
		kit_resp_header(&r, "Content-Type", ans.body.len ? "text/plain; charset=utf-8" : "text/plain");
	if (route->has_middleware)
		kit_resp_header(&r, "Cache-Control", "private, no-store");
	kit_resp_lines(&r, &guard.headers);
	kit_resp_lines(&r, &ans.headers);
	if (kit_resp_begin(&r) == 0 && !head_only)
		kit_sink_write(out, ans.body.data ? ans.body.data : "", ans.body.len);
}

/* --- server actions (docs/actions.md §3, §5) ------------------------------ */

/* A JSON answer of an action or a query: a's head, then json and a newline
 * (nothing for a 204 or no json). */
static int json_answer(kit_host *h, const kit_sink *out, kit_simple_answer a, const char *json)
{
	a.content_type = "application/json; charset=utf-8";
	if (a.status != 204 && json && *json) {
		kit_buf b = req_buf(h);
		kit_buf_printf(&b, "%s\n", json);
		a.body = kit_buf_cstr(&b);
	}
	return kit_resp_simple(out, &a);
}

/* An action's JSON answer, with the header lines it set (may be NULL) and
 * one more header (X-RSC-Redirect) when name is not NULL. */
static int send_json(kit_host *h, const kit_sink *out, int status, const char *json, const kit_buf *headers,
		     const char *name, const char *value)
{
	return json_answer(h, out, (kit_simple_answer){ .status = status, .lines = headers, .name = name, .value = value },
			   json);
}

/* {"message": text} (text is ASCII without quotes). */
static int send_json_message(kit_host *h, const kit_sink *out, int status, const char *message)
{
	kit_buf b = req_buf(h);
	kit_buf_printf(&b, "{\"message\":\"%s\"}", message);
	return send_json(h, out, status, kit_buf_cstr(&b), NULL, NULL, NULL);
}

/* An action is a public endpoint (its id is no secret): a browser must not
 * run one for another site. A request carrying Origin is refused when its
 * host is not the one the request was sent to (X-Forwarded-Host behind a
 * proxy, else Host). Requests without Origin (curl, old browsers on
 * same-origin GETs) go through: browsers always send it on a POST. */
static int same_origin(const kit_request *req)
{
	const char *origin = param(req, "HTTP_ORIGIN");
	if (!*origin)
		/* no Origin: a browser that says where the request came from still decides */
		return strcmp(param(req, "HTTP_SEC_FETCH_SITE"), "cross-site") != 0 &&
		       strcmp(param(req, "HTTP_SEC_FETCH_SITE"), "same-site") != 0;
	const char *host = param(req, "HTTP_X_FORWARDED_HOST");
	if (!*host)
		host = param(req, "HTTP_HOST");
	const char *sep = strstr(origin, "://");
	if (!sep || !*host)
		return 0;
	const char *ohost = sep + 3;
	size_t hlen = strcspn(host, ", ");  /* the first of a forwarded list */
	return strlen(ohost) == hlen && strncasecmp(ohost, host, hlen) == 0;
}

/* Where a client of an older build reloads (X-RSC-Location of a 409): the
 * page it says it is on (X-RSC-Referer: a path or an absolute URL), as a
 * same-origin path re-encoded from its canonical form; "/" when it names
 * none. Never the header as sent: "//evil.example" must not become a target. */
static void referer_location(kit_host *h, const kit_request *req, kit_buf *out)
{
	*out = req_buf(h);
	kit_url url;
	if (parse_referer(h, req, &url) == 0) {
		kit_url_put_location(out, url.path, url.query);
	} else {
		kit_buf_puts(out, "/");
	}
	kit_buf_cstr(out);
}

/* The page an action came from (X-RSC-Referer: a path or an absolute URL). */
static int referer_page(kit_host *h, const kit_request *req, kit_url *url, kit_match *m)
{
	m->index = -1;
	m->params = NULL;
	m->nparams = 0;
	if (parse_referer(h, req, url) < 0)
		return -1;
	trim_slash(url->path);
	kit_routes_match(h->req, &h->routes, url->path, m);
	if (m->index < 0 || h->routes.routes[m->index].is_api) {
		m->index = -1;
		return -1;
	}
	return 0;
}

/* The regions an action revalidated (docs/actions.md §3), as the depth of
 * the page payload that holds them all: 'page' is what the client does not
 * hold (shared depth), '@slot' widens to the layout declaring the slot, a
 * layout id ("app/blog/layout") to that layout. -1: none of them is on this
 * page. */
static int region_depth(const kit_route *route, const char *regions, size_t shared)
{
	int found = 0;
	size_t depth = shared;
	for (const char *p = regions; *p;) {
		size_t len = strcspn(p, ",");
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
		if (strcmp(name, "page") == 0) {
			found = 1;
		} else if (name[0] == '@') {
			int i = kit_route_slot_layout(route, name + 1);
			if (i >= 0) {
				found = 1;
				if ((size_t)i < depth)
					depth = (size_t)i;
			}
		} else {
			for (size_t i = 0; i < route->nlayouts; i++)
				if (strcmp(route->layout_ids[i], name) == 0) {
					found = 1;
					if (i < depth)
						depth = i;
				}
		}
		p += len;
		if (*p)
			p++;
	}
	return found ? (int)depth : -1;
}

/* The action's Flight answer: {a} plus the page it came from when it
 * revalidated 'page' (below the layouts the client holds). */
static int answer_action(kit_host *h, const kit_request *req, const kit_sink *out, http_req *hreq,
			 const kit_action_outcome *ao)
{
	kit_buf cookie = req_buf(h);
	merge_cookies(param(req, "HTTP_COOKIE"), &ao->headers, &cookie);
	override_cookie(h->req, hreq, kit_buf_cstr(&cookie));
	kit_url rurl;
	kit_match rm = { .index = -1 };
	int page = *ao->regions && referer_page(h, req, &rurl, &rm) == 0;
	const kit_route *route = page ? &h->routes.routes[rm.index] : NULL;
	const char *chain = route ? kit_route_chain(h->req, route, rm.params, rm.nparams) : "";
	int region = route ? region_depth(route, ao->regions, kit_route_shared_depth(route, chain, param(req, "HTTP_X_RSC_SEGMENTS"))) : -1;
	if (region < 0)
		route = NULL;
	if (route && route->has_middleware) {
		/* the page renders again: its guards decide whether this visitor sees it */
		kit_guard_result guard = { .headers = req_buf(h) };
		kit_engine_middleware(h->engine, rm.index, &hreq->http, &guard);
		if (guard.outcome != KIT_GUARD_ALLOW)
			route = NULL;
	}
	kit_kv *search = NULL;
	size_t nsearch = route ? parse_query(h->req, rurl.query, &search) : 0;
	size_t depth = route ? (size_t)region : 0;
	kit_render_req rreq = {
		.http = &hreq->http,
		.action = 1,
		.route_index = route ? rm.index : -1,
		.segment_depth = (int)depth,
		.layouts = route ? chain : "",
		.version = h->routes.version,
		.pathname = route ? rurl.path : "/",
		.params = route ? rm.params : NULL,
		.nparams = route ? rm.nparams : 0,
		.search = search,
		.nsearch = nsearch,
		.mode = KIT_RENDER_FLIGHT,
	};
	kit_resp resp;
	kit_resp_init_in(&resp, h->req, out, 200, 0);
	kit_resp_header(&resp, "Content-Type", "text/x-component");
	kit_resp_header(&resp, "Cache-Control", "no-store");
	kit_resp_header(&resp, "X-RSC-Version", h->routes.version);
	kit_resp_header(&resp, "X-Accel-Buffering", "no");
	if (route)
		kit_resp_header(&resp, "X-RSC-Revalidated", ao->regions);
	if (route) {
		kit_resp_headerf(&resp, "X-RSC-Segment-Depth", "%zu", depth);
		kit_resp_header(&resp, "X-RSC-Layouts", chain);
	}
	kit_resp_lines(&resp, &ao->headers);
	kit_buf rlines = req_buf(h);
	struct render_ctx ctx = { &resp, out, &rlines, NULL, 0 };
	kit_render_out rout = { render_begin, { body_write, body_flush, &ctx }, &ctx, &rlines };
	kit_render_error err;
	int rc = kit_engine_render(h->engine, &rreq, &rout, &err);
	if (rc == -2)
		abort_answer(h, "POST", "/_rsc/action", &err);
	if (rc == -1 && !resp.sent) {
		if (err.status >= 300 && err.status < 400) {
			send_json(h, out, 204, NULL, &ao->headers, "X-RSC-Redirect", err.location);
		} else {
			if (!err.logged)
				kit_log("%d POST /_rsc/action %s (the action ran; its answer failed): %s", err.status,
					param(req, "HTTP_X_RSC_ACTION"), err.message);
			send_json(h, out, 500, "{\"message\":\"The action ran, but its answer could not be rendered.\"}",
				  &ao->headers, NULL, NULL);
		}
	}
	return 0;
}

/* POST /_rsc/action. Every refusal is JSON (never a Flight stream). */
static void handle_action(kit_host *h, const kit_request *req, const kit_sink *out, const char *method)
{
	if (strcmp(method, "POST") != 0) {
		kit_resp r;
		kit_resp_init_in(&r, h->req, out, 405, 0);
		kit_resp_header(&r, "Content-Type", "application/json; charset=utf-8");
		kit_resp_header(&r, "Allow", "POST");
		if (kit_resp_begin(&r) == 0)
			kit_sink_write(out, "{\"message\":\"Server actions are called with POST.\"}\n", 51);
		return;
	}
	const char *id = param(req, "HTTP_X_RSC_ACTION");
	if (!*id) {
		send_json_message(h, out, 400, "The X-RSC-Action header is missing.");
		return;
	}
	if (strlen(id) > 256 || strpbrk(id, "\r\n\"\\")) {
		send_json_message(h, out, 400, "The X-RSC-Action header is malformed.");
		return;
	}
	if (!same_origin(req)) {
		kit_log("403 POST /_rsc/action %s: Origin %s is not this site", id, param(req, "HTTP_ORIGIN"));
		send_json_message(h, out, 403, "Cross-origin action.");
		return;
	}
	const char *client_version = param(req, "HTTP_X_RSC_VERSION");
	if (*client_version && strcmp(client_version, h->routes.version) != 0) {
		kit_buf loc;
		referer_location(h, req, &loc);
		send_version_conflict(h, out, 0, CONFLICT_ACTION, kit_buf_cstr(&loc));
		return;
	}
	const char *type = param(req, "HTTP_X_RSC_CONTENT_TYPE");
	if (!*type) {
		send_json_message(h, out, 400, "The X-RSC-Content-Type header is missing.");
		return;
	}
	http_req hreq;
	int bad = http_collect(h, req, 1, &hreq);
	if (bad) {
		send_json_message(h, out, bad, bad == 413 ? "The request body is larger than this server accepts (KIT_MAX_BODY)."
					  : bad == 431 ? "The request headers are too large." : "The request body could not be read.");
		return;
	}
	if (!hreq.http.body) {
		hreq.http.body = "";
		hreq.http.body_len = 0;
	}
	char oerr[KIT_ERR_SIZE];
	if (!host_engine(h, oerr, sizeof oerr)) {
		kit_log("500 POST /_rsc/action %s: %s", id, oerr);
		send_json_message(h, out, 500, "The action failed.");
		return;
	}
	kit_action_outcome ao = { .json = req_buf(h), .headers = req_buf(h) };
	kit_engine_action(h->engine, id, type, &hreq.http, &ao);
	if (ao.ok) {
		answer_action(h, req, out, &hreq, &ao);
	} else if (ao.status == 204 && *ao.location) {
		send_json(h, out, 204, NULL, &ao.headers, "X-RSC-Redirect", ao.location);
	} else {
		if (*ao.digest)
			kit_errlog(ao.status, "POST", "/_rsc/action", ao.component, ao.log, ao.digest);
		else if (*ao.log)
			kit_log("%d POST /_rsc/action: %s", ao.status, ao.log);
		int status = ao.status >= 400 && ao.status <= 599 ? ao.status : 500;
		const char *body = ao.json.len ? kit_buf_cstr(&ao.json) : "{\"message\":\"The action failed.\"}";
		static const char failed[] = "{\"message\":\"The action failed.\"";
		if (h->dev_error && *ao.log && strncmp(body, failed, sizeof failed - 1) == 0) {
			/* kit-serve --dev: what the action threw reaches the browser
			 * (ActionError's message, the dev overlay when nothing catches
			 * it), as `next dev` does; a deployment keeps it in the log.
			 * The digest stays. */
			kit_buf b = req_buf(h);
			kit_buf_puts(&b, "{\"message\":");
			kit_buf tmp = req_buf(h);
			kit_buf_printf(&tmp, "The action failed: %s", ao.log);
			kit_json_write_string(&b, tmp.data, tmp.len);
			kit_buf_puts(&b, body + sizeof failed - 1);
			body = kit_buf_cstr(&b);
		}
		send_json(h, out, status, body, &ao.headers, NULL, NULL);
	}
}

/* --- GET /_rsc/query (docs/action-client.md) ------------------------------ */

#define QUERY_VARY "Cookie, X-RSC-Referer"
#define MAX_QUERY_STRING 8000

/* A query's JSON answer: private, varying on the cookie and the page. */
static int send_query_json(kit_host *h, const kit_sink *out, int status, int head_only, const char *json,
			   const kit_buf *headers, const char *name, const char *value)
{
	return json_answer(h, out, (kit_simple_answer){
		.status = status, .head_only = head_only, .cache_control = "private, no-store", .vary = QUERY_VARY,
		.lines = headers, .name = name, .value = value,
	}, json);
}

static int query_refusal(kit_host *h, const kit_sink *out, int status, int head_only, const char *message)
{
	kit_buf b = req_buf(h);
	kit_buf_printf(&b, "{\"message\":\"%s\",\"errors\":{}}", message);
	return send_query_json(h, out, status, head_only, kit_buf_cstr(&b), NULL, NULL, NULL);
}

/* GET /_rsc/query?id=<hash>#<export>&args=<encodeReply text>, header
 * X-RSC-Query: a query of the action client, called from a client component.
 * Its own chain runs (route middleware does not); refusals are JSON
 * {message, errors}; success is a Flight answer {a: value}, shared caches
 * allowed only for a query built with { cache: 'public' }. */
static void handle_query(kit_host *h, const kit_request *req, const kit_sink *out, const kit_url *url, const char *method)
{
	int head_only = strcmp(method, "HEAD") == 0;
	if (strcmp(method, "GET") != 0 && !head_only) {
		kit_resp r;
		kit_resp_init_in(&r, h->req, out, 405, 0);
		kit_resp_header(&r, "Content-Type", "application/json; charset=utf-8");
		kit_resp_header(&r, "Allow", "GET, HEAD");
		static const char body[] = "{\"message\":\"Queries are called with GET.\",\"errors\":{}}\n";
		if (kit_resp_begin(&r) == 0)
			kit_sink_write(out, body, sizeof body - 1);
		return;
	}
	/* a custom header: a cross-site page cannot send it without a CORS preflight */
	if (!*param(req, "HTTP_X_RSC_QUERY")) {
		query_refusal(h, out, 400, head_only, "The X-RSC-Query header is missing.");
		return;
	}
	if (strlen(url->query) > MAX_QUERY_STRING) {
		query_refusal(h, out, 414, head_only, "The query string is longer than 8000 characters.");
		return;
	}
	if (!same_origin(req)) {
		kit_log("403 GET /_rsc/query: Origin %s is not this site", param(req, "HTTP_ORIGIN"));
		query_refusal(h, out, 403, head_only, "Cross-origin query.");
		return;
	}
	/* a page of an older build: its query ids may mean nothing now (as for actions) */
	const char *client_version = param(req, "HTTP_X_RSC_VERSION");
	if (*client_version && strcmp(client_version, h->routes.version) != 0) {
		kit_buf loc;
		referer_location(h, req, &loc);
		send_version_conflict(h, out, head_only, CONFLICT_QUERY, kit_buf_cstr(&loc));
		return;
	}
	kit_kv *pairs = NULL;
	size_t n = parse_query(h->req, url->query, &pairs);
	const char *id = NULL, *args = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!id && strcmp(pairs[i].key, "id") == 0)
			id = pairs[i].value;
		else if (!args && strcmp(pairs[i].key, "args") == 0)
			args = pairs[i].value;
	}
	if (!id || !*id || !args) {
		query_refusal(h, out, 400, head_only, !id || !*id ? "The id parameter is missing." : "The args parameter is missing.");
	} else if (strlen(id) > 256 || strpbrk(id, "\r\n\"\\")) {
		query_refusal(h, out, 400, head_only, "The id parameter is malformed.");
	} else {
		http_req hreq;
		char oerr[KIT_ERR_SIZE];
		int bad = http_collect(h, req, 0, &hreq);
		if (bad) {
			query_refusal(h, out, bad, head_only, "The request headers are too large.");
		} else if (!host_engine(h, oerr, sizeof oerr)) {
			kit_log("500 GET /_rsc/query %s: %s", id, oerr);
			query_refusal(h, out, 500, head_only, "The query failed.");
		} else {
			kit_action_outcome ao = { .json = req_buf(h), .headers = req_buf(h) };
			kit_engine_query(h->engine, id, args, strlen(args), &hreq.http, &ao);
			if (ao.ok) {
				if (*ao.log)
					kit_log("GET /_rsc/query: %s", ao.log);
				kit_render_req rreq = {
					.http = &hreq.http,
					.action = 1,
					.route_index = -1,
					.layouts = "",
					.version = h->routes.version,
					.pathname = "/",
					.mode = KIT_RENDER_FLIGHT,
				};
				kit_resp resp;
				kit_resp_init_in(&resp, h->req, out, 200, head_only);
				kit_resp_header(&resp, "Content-Type", "text/x-component");
				kit_resp_header(&resp, "Cache-Control",
						ao.cache_public ? "public, max-age=0, must-revalidate" : "private, no-store");
				kit_resp_header(&resp, "Vary", QUERY_VARY);
				kit_resp_header(&resp, "X-RSC-Version", h->routes.version);
				kit_resp_lines(&resp, &ao.headers);
				struct render_ctx ctx = { &resp, out, NULL, NULL, 0 };
				kit_render_out rout = { render_begin, { body_write, body_flush, &ctx }, &ctx, NULL };
				kit_render_error err;
				int rc = kit_engine_render(h->engine, &rreq, &rout, &err);
				if (rc == -2)
					abort_answer(h, "GET", "/_rsc/query", &err);
				if (rc == -1 && !resp.sent) {
					if (!err.logged)
						kit_log("%d GET /_rsc/query %s (the query ran; its answer failed): %s", err.status, id,
							err.message);
					send_query_json(h, out, 500, head_only, "{\"message\":\"The query failed.\",\"errors\":{}}",
							&ao.headers, NULL, NULL);
				}
			} else if (ao.status == 204 && *ao.location) {
				send_query_json(h, out, 204, head_only, NULL, &ao.headers, "X-RSC-Redirect", ao.location);
			} else {
				if (*ao.digest)
					kit_errlog(ao.status, "GET", "/_rsc/query", ao.component, ao.log, ao.digest);
				else if (*ao.log)
					kit_log("%d GET /_rsc/query: %s", ao.status, ao.log);
				int status = ao.status >= 400 && ao.status <= 599 ? ao.status : 500;
				send_query_json(h, out, status, head_only, ao.json.len ? kit_buf_cstr(&ao.json) :
						"{\"message\":\"The query failed.\",\"errors\":{}}", &ao.headers, NULL, NULL);
			}
		}
	}
}

/* A no-JS form post (docs/actions.md §5): a native multipart POST to a page
 * whose body names the action in $ACTION_ID_<id> (the form's HTML, from
 * <form action={action}>). The action runs with the form's fields as its
 * FormData argument; then the page is answered as a document (its status the
 * action's failure status, if any), or 303 to where redirect() pointed. */
static void handle_form_post(kit_host *h, const kit_request *req, const kit_sink *out, const kit_url *url,
			    const kit_match *match)
{
	if (!same_origin(req)) {
		kit_log("403 POST %s: a form post from Origin %s", url->path, param(req, "HTTP_ORIGIN"));
		kit_resp_text(out, 403, 0, "403 Forbidden: cross-origin form post\n");
		return;
	}
	http_req hreq;
	int bad = http_collect(h, req, 1, &hreq);
	if (bad) {
		send_error_page(h, out, bad, 0, 0);
		return;
	}
	if (!hreq.http.body) {
		hreq.http.body = "";
		hreq.http.body_len = 0;
	}
	char oerr[KIT_ERR_SIZE];
	if (!host_engine(h, oerr, sizeof oerr)) {
		kit_log("500 POST %s: %s", url->path, oerr);
		send_error_page(h, out, 500, 0, 0);
		return;
	}
	kit_action_outcome ao = { .json = req_buf(h), .headers = req_buf(h) };
	kit_engine_action(h->engine, NULL, param(req, "CONTENT_TYPE"), &hreq.http, &ao);
	if (!ao.ok && ao.status == 204 && *ao.location) {
		kit_resp_simple(out, &(kit_simple_answer){
			.status = 303, .name = "Location", .value = ao.location, .lines = &ao.headers,
		});
		return;
	}
	if (!ao.ok && *ao.digest)
		kit_errlog(ao.status, "POST", url->path, ao.component, ao.log, ao.digest);
	else if (!ao.ok && *ao.log)
		kit_log("%d POST %s (form post): %s", ao.status, url->path, ao.log);
	kit_buf cookie = req_buf(h);
	merge_cookies(param(req, "HTTP_COOKIE"), &ao.headers, &cookie);
	form_answer fa = { &ao.headers, ao.ok ? 200 : ao.status, kit_buf_cstr(&cookie) };
	handle_page(h, req, out, url, match, 0, 0, &fa);
}

/* --- the Next.js-shaped middleware (docs/middleware.md) ------------------ */

/* 1 when one of the matcher's path patterns matches path[0..len) (its has
 * and missing conditions are the engine's to check), or when that cannot be
 * told here (render/nextmatch.c). The patterns are asked of the engine once
 * per build, so a request the matcher leaves out costs no JS at all. */
static int next_middleware_paths(kit_host *h, const char *path, size_t len)
{
	if (!h->nm_loaded) {
		char oerr[KIT_ERR_SIZE];
		h->nm_loaded = 1;
		if (host_engine(h, oerr, sizeof oerr))
			kit_next_matcher_load(&h->nm, h->engine, h->routes.next_middleware);
		else
			h->nm.every = 1;
	}
	return kit_next_matcher_covers(&h->nm, path, len);
}

/* 1 when the app's Next.js-shaped middleware would run for a page at path
 * (its matcher, has/missing counted as met): the edge endpoints, which
 * never run it, refuse such pages. */
static int next_middleware_covers(kit_host *h, const char *path)
{
	return h->routes.next_middleware && next_middleware_paths(h, path, strlen(path));
}

/* The same for the request's own path as sent (REQUEST_URI before "?"),
 * what the matcher is matched against. */
static int next_middleware_may_run(kit_host *h, const kit_request *req)
{
	const char *uri = param(req, "REQUEST_URI");
	return next_middleware_paths(h, uri, strcspn(uri, "?#"));
}

/* The request as the middleware handed it on: its HTTP_* variables are the
 * headers of NextResponse.next({ request: { headers } }); the rest (method,
 * URI, body) is the web server's. */
typedef struct over_req {
	kit_request req;
	const kit_request *base;
	char **env;   /* NULL-terminated "NAME=value", in the request's arena */
} over_req;

static const char *over_param(void *ctx, const char *name)
{
	over_req *o = ctx;
	if (strncmp(name, "HTTP_", 5) != 0)
		return o->base->param(o->base->ctx, name);
	size_t n = strlen(name);
	for (char **e = o->env; *e; e++)
		if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

static char **over_params(void *ctx)
{
	return ((over_req *)ctx)->env;
}

static long over_read(void *ctx, char *buf, size_t n)
{
	over_req *o = ctx;
	return o->base->read ? o->base->read(o->base->ctx, buf, n) : 0;
}

/* A request whose headers are lines ("name: value\r\n", checked tokens). */
static const kit_request *override_headers(kit_host *h, const kit_request *base, const kit_buf *lines)
{
	char **env = base->params ? base->params(base->ctx) : NULL;
	size_t n = 0, nlines = 0;
	while (env && env[n])
		n++;
	for (size_t i = 0; i < lines->len; i++)
		nlines += lines->data[i] == '\n';
	over_req *o = kit_arena_zalloc(h->req, sizeof *o);
	o->base = base;
	o->env = kit_arena_zalloc(h->req, (n + nlines + 1) * sizeof *o->env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(env[i], "HTTP_", 5) != 0)
			o->env[k++] = env[i];
	const char *p = lines->len ? lines->data : "", *end = p + lines->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *stop = nl ? nl : end;
		const char *colon = memchr(p, ':', (size_t)(stop - p));
		if (colon) {
			size_t vlen = (size_t)(stop - colon - 1);
			const char *v = colon + 1;
			while (vlen && *v == ' ')
				v++, vlen--;
			if (vlen && v[vlen - 1] == '\r')
				vlen--;
			char *e = kit_arena_alloc(h->req, 5 + (size_t)(colon - p) + 1 + vlen + 1), *w = e;
			memcpy(w, "HTTP_", 5);
			w += 5;
			for (const char *c = p; c < colon; c++)
				*w++ = *c == '-' ? '_' : (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
			*w++ = '=';
			memcpy(w, v, vlen);
			w[vlen] = '\0';
			o->env[k++] = e;
		}
		p = nl ? nl + 1 : end;
	}
	o->req = (kit_request){ over_param, over_params, over_read, o };
	return &o->req;
}

/* The part of an absolute URL after the request's own origin ("/en?x=1"),
 * or NULL when it points elsewhere. */
static const char *same_origin_path(const char *request_url, const char *target)
{
	const char *sep = strstr(request_url, "://");
	const char *path = sep ? strchr(sep + 3, '/') : NULL;
	size_t olen = path ? (size_t)(path - request_url) : strlen(request_url);
	if (strncasecmp(target, request_url, olen) == 0 && target[olen] == '/')
		return target + olen;
	return NULL;
}

/* Runs the app's Next.js-shaped middleware for a request its matcher covers,
 * before anything is routed (so for URLs no route claims too). Returns 1
 * when it answered (a redirect, its own Response, a failure); else 0, with
 * *req the request as handed on, *url the app path to route (a rewrite),
 * and the headers it set joining every head of the answer, which is
 * private, no-store (kit_resp_request_extra). */
static int run_next_middleware(kit_host *h, const kit_request **req, const kit_sink *out, kit_url *url, int head_only)
{
	int flight = is_true(param(*req, "HTTP_X_RSC"));
	const char *method = param(*req, "REQUEST_METHOD");
	http_req hreq;
	int bad = http_collect(h, *req, 0, &hreq);
	if (bad) {
		send_error_page(h, out, bad, head_only, flight);
		return 1;
	}
	char oerr[KIT_ERR_SIZE];
	if (!host_engine(h, oerr, sizeof oerr)) {
		kit_log("500 %s %s (%s): %s", method, url->path, h->routes.next_middleware_file, oerr);
		send_error_page(h, out, 500, head_only, flight);
		return 1;
	}
	kit_next_outcome o = {
		.request_headers = req_buf(h),
		.answer = { .headers = req_buf(h), .body = req_buf(h) },
	};
	kit_render_error err;
	if (kit_engine_next_middleware(h->engine, h->routes.next_middleware, &hreq.http, &o, &err) < 0) {
		int status = err.status >= 500 ? err.status : 500;
		if (!err.digest[0])
			kit_errlog_digest(err.message, err.digest, sizeof err.digest);
		kit_errlog(status, method, url->path, h->routes.next_middleware_file, err.message, err.digest);
		if (h->dev_error && !flight)
			send_dev_render_error(h, out, status, head_only, h->routes.next_middleware_file, err.message, NULL);
		else
			send_failure_page(h, out, status, head_only, flight, NULL, err.digest);
		return 1;
	}
	const char *local = NULL;
	switch (o.outcome) {
	case KIT_NEXT_SKIP:
		return 0;
	case KIT_NEXT_REDIRECT:
		/* a navigation follows it itself (204 + X-RSC-Redirect, a path of this site) */
		local = same_origin_path(hreq.http.url, o.location);
		kit_resp_simple(out, &(kit_simple_answer){
			.status = flight ? 204 : o.answer.status, .head_only = head_only, .vary = KIT_PAGE_VARY,
			.cache_control = "private, no-store", .name = flight ? "X-RSC-Redirect" : "Location",
			.value = flight && local ? local : o.location, .lines = &o.answer.headers,
		});
		return 1;
	case KIT_NEXT_RESPONSE: {
		kit_resp r;
		kit_resp_init_in(&r, h->req, out, o.answer.status >= 200 && o.answer.status <= 599 ? o.answer.status : 500,
				 head_only);
		kit_resp_lines(&r, &o.answer.headers);
		if (!kit_resp_has(&r, "Content-Type"))
			kit_resp_header(&r, "Content-Type", "text/plain; charset=utf-8");
		if (!kit_resp_has(&r, "Cache-Control"))
			kit_resp_header(&r, "Cache-Control", "private, no-store");
		if (kit_resp_begin(&r) == 0 && !head_only && o.answer.body.len)
			kit_sink_write(out, o.answer.body.data, o.answer.body.len);
		return 1;
	}
	case KIT_NEXT_REWRITE: {
		local = same_origin_path(hreq.http.url, o.location);
		const char *why = "another origin";
		kit_url target;
		if (!local || kit_url_parse(h->req, local, &target, &why) < 0) {
			kit_log("500 %s %s (%s): NextResponse.rewrite(%s): %s is not supported (a path of this app only)",
				method, url->path, h->routes.next_middleware_file, o.location, why);
			send_error_page(h, out, 500, head_only, flight);
			return 1;
		}
		trim_slash(target.path);
		h->shown_path = url->path;  /* what the browser shows: usePathname() renders it */
		*url = target;
		break;
	}
	case KIT_NEXT_CONTINUE:
		break;
	}
	if (o.has_request_headers)
		*req = override_headers(h, *req, &o.request_headers);
	kit_buf *keep = kit_arena_alloc(h->req, sizeof *keep);
	*keep = o.answer.headers;
	kit_resp_request_extra(keep, "private, no-store");
	return 0;
}

/* 0, or the status for a request past one of the limits above (why says
 * which). */
static int request_limits(const kit_request *req, const kit_url *url, const char **why)
{
	char **env = req->params ? req->params(req->ctx) : NULL;
	size_t n = 0, bytes = 0;
	for (size_t i = 0; env && env[i]; i++)
		if (strncmp(env[i], "HTTP_", 5) == 0) {
			n++;
			bytes += strlen(env[i]) + 1;
		}
	if (bytes > MAX_HEADER_BYTES) {
		*why = "the request headers are larger than 64 KiB";
		return 431;
	}
	if (n > MAX_HEADERS) {
		*why = "more than 100 request headers";
		return 431;
	}
	size_t cookies = 0;
	for (const char *c = param(req, "HTTP_COOKIE"); *c; c++)
		if (*c == ';')
			cookies++;
	if (cookies >= MAX_COOKIES) {
		*why = "more than 300 cookies";
		return 431;
	}
	if (strlen(url->query) > MAX_QUERY_BYTES) {
		*why = "the query string is longer than 16384 bytes";
		return 414;
	}
	return 0;
}

static void handle(kit_host *h, const kit_request *req, const kit_sink *out)
{
	host_follow(h);
	const char *method = param(req, "REQUEST_METHOD");
	int head_only = strcmp(method, "HEAD") == 0;
	const char *uri = req->param(req->ctx, "REQUEST_URI");
	if (!uri || !*uri)
		uri = "/";

	kit_url url;
	const char *why = NULL;
	if (kit_url_parse(h->req, uri, &url, &why) < 0) {
		kit_buf b = req_buf(h);
		kit_buf_printf(&b, "400 Bad Request: %s\n", why);
		kit_resp_text(out, 400, head_only, kit_buf_cstr(&b));
		return;
	}
	int limit = request_limits(req, &url, &why);
	if (limit) {
		kit_buf b = req_buf(h);
		kit_buf_printf(&b, "%d %s: %s\n", limit, limit == 414 ? "URI Too Long" : "Request Header Fields Too Large", why);
		kit_resp_text(out, limit, head_only, kit_buf_cstr(&b));
		return;
	}

	size_t plen = strlen(url.path);
	const char *client_version = param(req, "HTTP_X_RSC_VERSION");
	if (send_dev_error(h, req, out, head_only)) {
		/* answered: the last build failed (kit-serve --dev) */
	} else if (is_true(param(req, "HTTP_X_RSC")) && *client_version && strcmp(client_version, h->routes.version) != 0) {
		/* a client from an older build must not mix its layouts with ours */
		kit_buf loc = req_buf(h);
		kit_url_put_location(&loc, url.path, url.query);
		send_version_conflict(h, out, head_only, CONFLICT_PAGE, kit_buf_cstr(&loc));
	} else if (plen > 1 && url.path[plen - 1] == '/') {
		/* re-encoded, never the decoded bytes: "/x%0d%0aSet-Cookie:.../"
		 * must not become a header, "/%5Cevil.example/" not "/\evil.example"
		 * (which browsers resolve to another host) */
		url.path[plen - 1] = '\0';
		kit_buf loc = req_buf(h);
		kit_url_put_location(&loc, url.path, url.query);
		kit_resp_simple(out, &(kit_simple_answer){
			.status = 308, .head_only = head_only, .name = "Location", .value = kit_buf_cstr(&loc),
			.body = "308 Permanent Redirect\n",
		});
	} else if (h->routes.next_middleware && strncmp(url.path, "/_rsc/", 6) != 0 && next_middleware_may_run(h, req) &&
		   run_next_middleware(h, &req, out, &url, head_only)) {
		/* answered by the Next.js-shaped middleware */
	} else {
		kit_match match;
		kit_routes_match(h->req, &h->routes, url.path, &match);
		const kit_route *route = match.index >= 0 ? &h->routes.routes[match.index] : NULL;
		if (strcmp(url.path, "/_rsc/query") == 0) {
			handle_query(h, req, out, &url, method);
		} else if (strcmp(url.path, "/_rsc/action") == 0) {
			handle_action(h, req, out, method);
		} else if (strcmp(url.path, "/_rsc/ppr-shell") == 0) {
			kit_url target;
			if (strcmp(method, "GET") != 0 && !head_only)
				send_405(out, "GET, HEAD");
			else if (kit_stored_endpoint_url(h->req, url.query, &target) == 0 && next_middleware_covers(h, target.path))
				kit_resp_text(out, 404, head_only, "This route is not edge-cacheable\n");
			else
				kit_stored_shell_endpoint(h->req, h->store, &h->routes, url.query, head_only, out);
		} else if (strcmp(url.path, "/_rsc/ppr-resume") == 0) {
			kit_url target;
			kit_match tm = { .index = -1 };
			if (strcmp(method, "POST") != 0) {
				send_405(out, "POST");
			} else if (kit_stored_endpoint_url(h->req, url.query, &target) < 0) {
				kit_resp_text(out, 400, 0, "A url is required\n");
			} else {
				kit_routes_match(h->req, &h->routes, target.path, &tm);
				if (tm.index < 0 || h->routes.routes[tm.index].is_api)
					kit_resp_text(out, 404, 0, "No such page\n");
				else if (next_middleware_covers(h, target.path))
					kit_resp_text(out, 404, 0, "This route is not edge-cacheable\n");
				else
					handle_page(h, req, out, &target, &tm, 0, 1, NULL);
			}
		} else if (!route && kit_forward_wanted(req)) {
			/* a URL no route owns belongs to the backend (fcgi/forward.c) */
			if (kit_forward(req, out) < 0)
				h->abort_stream = 1;
		} else if (route && route->is_api) {
			handle_api(h, req, out, route, &match, method, &url);
		} else if (strcmp(method, "POST") == 0 && route &&
			   strncasecmp(param(req, "CONTENT_TYPE"), "multipart/form-data", 19) == 0) {
			handle_form_post(h, req, out, &url, &match);
		} else if (strcmp(method, "GET") != 0 && !head_only) {
			send_405(out, "GET, HEAD");
		} else {
			handle_page(h, req, out, &url, &match, head_only, 0, NULL);
		}
	}
	return;
}

int kit_host_handle(kit_host *h, const kit_request *req, const kit_sink *out)
{
	h->abort_stream = 0;
	kit_store_hold(h->store, 1);  /* one read of the store's change counter per request */
	handle(h, req, out);
	kit_store_hold(h->store, 0);
	kit_resp_request_extra(NULL, NULL);
	h->shown_path = NULL;
	kit_arena_reset(h->req);  /* everything the request parsed goes at once */
	return -h->abort_stream;
}
