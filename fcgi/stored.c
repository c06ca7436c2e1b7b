/* stored.c — answers from the store (stored.h).
 *
 * Documents get the `html` variant, navigations the `seg<N>` variant for the
 * client's shared depth N (the whole `flight` payload, depth 0, when there is
 * none), a route that only redirects its status and location without
 * rendering. A stored answer is for the bare URL: with a query string the
 * page is rendered (it may read searchParams). The file is streamed in
 * chunks, never held whole. Cache-Control: public, max-age=0,
 * must-revalidate; private, no-store under a middleware. */
#include "fcgi/stored.h"

#include "fcgi/response.h"
#include "render/xalloc.h"
#include "render/json.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes the rest of the open file fd to out (plain read(2): no stdio
 * buffer to allocate per answer). Returns the bytes written, or -1. */
static long long copy_fd(int fd, const kit_sink *out)
{
	char chunk[65536];
	long long total = 0;
	for (;;) {
		ssize_t got = read(fd, chunk, sizeof chunk);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0)
			return total;
		if (kit_sink_write(out, chunk, (size_t)got) < 0)
			return -1;
		total += got;
	}
}

kit_store *kit_stored_open(const char *app_dir)
{
	char path[4200], err[KIT_ERR_SIZE];
	snprintf(path, sizeof path, "%s/" KIT_STORE_DIR "/store.sqlite", app_dir);
	struct stat st;
	if (stat(path, &st) != 0)
		return NULL;
	kit_store *s = kit_store_open(path, 1, err, sizeof err);
	if (!s)
		fprintf(stderr, "kit: %s: serving without stored pages\n", err);
	return s;
}

int kit_stored_serve(kit_store *s, const kit_route *route, const kit_stored_req *req, const kit_sink *out)
{
	if (!s || !route || route->is_api || req->skip || *req->query)
		return 0;
	kit_store_hit hit;
	int redirect = kit_store_lookup(s, req->path, KIT_STORE_REDIRECT, 0, &hit) == 1;
	size_t depth = 0;
	if (!redirect) {
		int found = 0;
		if (req->flight && req->depth > 0) {
			found = kit_store_lookup(s, req->path, KIT_STORE_SEG, (int)req->depth, &hit) == 1;
			depth = found ? req->depth : 0;
		}
		if (!found)
			found = kit_store_lookup(s, req->path, req->flight ? KIT_STORE_FLIGHT : KIT_STORE_HTML, 0, &hit) == 1;
		if (!found)
			return 0;
	}
	if (strcmp(hit.version, req->version) != 0)
		return 0;  /* the active stored version is not this build's: render */
	const char *cache = route->has_middleware ? "private, no-store" : "public, max-age=0, must-revalidate";
	kit_resp r;
	if (redirect) {
		/* the stored headers are "location: <target>\r\n" (kit-build) */
		const char *loc = strncmp(hit.headers, "location: ", 10) == 0 ? hit.headers + 10 : "/";
		char *target = kit_xstrndup(loc, strcspn(loc, "\r\n"));
		int status = hit.status == 301 || hit.status == 302 || hit.status == 303 || hit.status == 308 ? hit.status : 307;
		kit_resp_init(&r, out, req->flight ? 204 : status, req->head_only);
		kit_resp_header(&r, req->flight ? "X-RSC-Redirect" : "Location", target);
		free(target);
		kit_resp_header(&r, "Content-Type", "text/plain; charset=utf-8");
		kit_resp_header(&r, "Cache-Control", cache);
		kit_resp_header(&r, "Vary", KIT_PAGE_VARY);
		kit_resp_header(&r, "X-RSC-Version", hit.version);
		kit_resp_header(&r, "X-RSC-Kit", "stored");
		kit_resp_lines(&r, req->extra);
		kit_resp_begin(&r);
		kit_resp_free(&r);
		return 1;
	}
	int fd = open(hit.path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close(fd);
		fprintf(stderr, "kit: stored file %s is missing: rendering %s instead\n", hit.path, req->path);
		return 0;
	}
	kit_resp_init(&r, out, 200, req->head_only);
	kit_resp_page_headers(&r, req->flight, cache, hit.version, depth, req->layouts ? req->layouts : route->layouts);
	kit_resp_headerf(&r, "Content-Length", "%lld", (long long)st.st_size);
	kit_resp_header(&r, "X-RSC-Kit", "stored");
	kit_resp_lines(&r, req->extra);
	if (kit_resp_begin(&r) == 0 && !req->head_only)
		copy_fd(fd, out);
	kit_resp_free(&r);
	close(fd);
	return 1;
}

/* ---- Shells (partial prerendering; GET /_rsc/ppr-shell, POST /_rsc/ppr-resume:
 * docs/wire-formats.md §3.2, docs/build-output.md "Shells (partial prerendering)") */

int kit_stored_shell(kit_store *s, const kit_route *route, const kit_stored_req *req, kit_stored_shell_hit *out)
{
	if (!s || !route || route->is_api || req->skip || req->flight || *req->query)
		return 0;
	/* the URL's own shell (a listed URL), else the route's (a dynamic route
	 * listing no URLs: its shell is stored under its pattern, the holes
	 * render with this URL's params) */
	int dynamic = 0;
	for (size_t i = 0; i < route->nsegs; i++)
		dynamic |= route->segs[i].type != KIT_SEG_STATIC;
	if (kit_store_lookup(s, req->path, KIT_STORE_PPR, 0, &out->hit) != 1 &&
	    !(dynamic && kit_store_lookup(s, route->path, KIT_STORE_PPR, 0, &out->hit) == 1))
		return 0;
	if (strcmp(out->hit.version, req->version) != 0)
		return 0;
	const char *h = strstr(out->hit.headers, "x-kit-holes: ");
	if (!h)
		return 0;
	h += 13;
	size_t n = strcspn(h, "\r\n");
	if (n >= sizeof out->holes)
		return 0;
	memcpy(out->holes, h, n);
	out->holes[n] = '\0';
	return 1;
}

long long kit_stored_copy(const char *path, const kit_sink *out)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	long long total = copy_fd(fd, out);
	close(fd);
	return total;
}

int kit_stored_endpoint_url(kit_arena *a, const char *query, kit_url *out)
{
	/* url=<path> among the query's pairs */
	for (const char *p = query; p && *p;) {
		size_t n = strcspn(p, "&");
		if (n > 4 && strncmp(p, "url=", 4) == 0) {
			char *v = kit_arena_strndup(a, p + 4, n - 4);
			const char *why;
			if (kit_url_decode_form(v) < 0 || v[0] != '/' || kit_url_parse(a, v, out, &why) < 0)
				return -1;
			size_t len = strlen(out->path);
			if (len > 1 && out->path[len - 1] == '/')
				out->path[len - 1] = '\0';
			return 0;
		}
		p += n;
		if (*p == '&')
			p++;
	}
	return -1;
}

static int buf_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

int kit_stored_shell_endpoint(kit_arena *a, kit_store *s, const kit_routes *routes, const char *query, int head_only,
			      const kit_sink *out)
{
	kit_url url;
	if (kit_stored_endpoint_url(a, query, &url) < 0)
		return kit_resp_text(out, 400, head_only, "A url is required\n");
	kit_match m;
	kit_routes_match(a, routes, url.path, &m);
	const kit_route *route = m.index >= 0 ? &routes->routes[m.index] : NULL;
	kit_stored_req sreq = { .path = url.path, .query = "", .version = routes->version };
	kit_stored_shell_hit hit;
	int rc;
	if (!route || route->is_api)
		rc = kit_resp_text(out, 404, head_only, "No such page\n");
	else if (route->has_middleware)
		rc = kit_resp_text(out, 404, head_only, "This route is not edge-cacheable\n");
	else if (!kit_stored_shell(s, route, &sreq, &hit))
		rc = kit_resp_text(out, 404, head_only, "No shell for this page\n");
	else {
		/* {"shell": "<the stored file>", "version": "<build>"}: the reference
		 * framework's shape, so its edge workers work (docs/wire-formats.md §3.2) */
		kit_buf file;
		kit_buf_init(&file);
		kit_sink fs = { buf_write, NULL, &file };
		if (kit_stored_copy(hit.hit.path, &fs) < 0) {
			rc = kit_resp_text(out, 404, head_only, "No shell for this page\n");
		} else {
			kit_buf json;
			kit_buf_init(&json);
			kit_buf_puts(&json, "{\"shell\":");
			kit_json_write_string(&json, file.data ? file.data : "", file.len);
			kit_buf_puts(&json, ",\"version\":");
			kit_json_write_string(&json, hit.hit.version, strlen(hit.hit.version));
			kit_buf_puts(&json, "}");
			kit_resp r;
			kit_resp_init(&r, out, 200, head_only);
			kit_resp_header(&r, "Content-Type", "application/json");
			kit_resp_headerf(&r, "Content-Length", "%zu", json.len);
			kit_resp_header(&r, "Cache-Control", "public, max-age=0, must-revalidate");
			kit_resp_header(&r, "X-RSC-Version", hit.hit.version);
			kit_resp_header(&r, "X-RSC-Kit", "shell");
			rc = kit_resp_begin(&r);
			kit_resp_free(&r);
			if (rc == 0 && !head_only)
				rc = kit_sink_write(out, json.data, json.len);
			kit_buf_free(&json);
		}
		kit_buf_free(&file);
	}
	return rc;
}

/* ---- API routes stored at build (docs/build-output.md "API routes") */

int kit_stored_api(kit_store *s, const kit_route *route, const char *path, const char *query, const char *method,
		   const char *version, const kit_sink *out)
{
	int head_only = strcmp(method, "HEAD") == 0;
	if (!s || !route || !route->is_api || route->has_middleware || (strcmp(method, "GET") != 0 && !head_only))
		return 0;
	kit_store_hit hit;
	if (kit_store_lookup(s, path, KIT_STORE_API, 0, &hit) != 1 || strcmp(hit.version, version) != 0)
		return 0;
	/* a route that read its query is stored for the bare URL only */
	if (query && *query && strstr(hit.headers, "x-kit-varies: query\r\n"))
		return 0;
	struct stat st;
	if (stat(hit.path, &st) != 0)
		return 0;
	kit_resp r;
	kit_resp_init(&r, out, hit.status >= 100 && hit.status <= 599 ? hit.status : 500, head_only);
	/* the handler's header lines, without kit's own (x-kit-…) */
	kit_buf lines;
	kit_buf_init(&lines);
	for (const char *line = hit.headers; *line;) {
		size_t n = strcspn(line, "\n");
		if (strncmp(line, "x-kit-", 6) != 0)
			kit_buf_put(&lines, line, n + (line[n] == '\n'));
		line += n + (line[n] == '\n');
	}
	kit_resp_lines(&r, &lines);
	kit_buf_free(&lines);
	if (!strstr(hit.headers, "content-type:"))
		kit_resp_header(&r, "Content-Type", st.st_size ? "text/plain; charset=utf-8" : "text/plain");
	if (!strstr(hit.headers, "cache-control:"))
		kit_resp_header(&r, "Cache-Control", "public, max-age=0, must-revalidate");
	kit_resp_headerf(&r, "Content-Length", "%lld", (long long)st.st_size);
	kit_resp_header(&r, "X-RSC-Version", hit.version);
	kit_resp_header(&r, "X-RSC-Kit", "stored");
	int rc = kit_resp_begin(&r);
	kit_resp_free(&r);
	if (rc == 0 && !head_only)
		kit_stored_copy(hit.path, out);
	return 1;
}
