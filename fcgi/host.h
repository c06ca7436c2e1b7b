/* host.h — HTTP semantics of kit, shared by kit-fcgi and kit.cgi.
 *
 * The host owns everything between the web server and the engine: it
 * canonicalises the URL, checks the build version, matches the manifest,
 * picks the answer (document, Flight payload, 404, 500) and writes CGI-style
 * response headers ("Status: ...") followed by the body. The transport (a
 * FastCGI stream or stdio) is behind kit_request and kit_sink. */
#ifndef KIT_HOST_H
#define KIT_HOST_H

#include <stddef.h>

#include "render/buf.h"

typedef struct kit_host kit_host;

typedef struct kit_request {
	/* CGI variable lookup: "REQUEST_METHOD", "REQUEST_URI", "HTTP_X_RSC", ... */
	const char *(*param)(void *ctx, const char *name);
	/* every CGI variable as "NAME=value", NULL-terminated (headers are HTTP_*) */
	char **(*params)(void *ctx);
	/* reads up to n bytes of the request body: the count, 0 at its end, -1 on error */
	long (*read)(void *ctx, char *buf, size_t n);
	void *ctx;
} kit_request;

/* app_dir holds .kit/ (written by kit-build). */
kit_host *kit_host_open(const char *app_dir, char *err, size_t errlen);
/* The same, opening the JS engine only when a request needs it (kit.cgi: a
 * stored page or a redirect then costs no JS at all). */
kit_host *kit_host_open_lazy(const char *app_dir, char *err, size_t errlen);
void kit_host_close(kit_host *h);

/* Answers one request, whatever happens: every failure becomes an answer
 * (4xx/5xx) and a log line, and the engine resets its request state after
 * every request (a budget 503 included), so the worker goes on serving.
 * Returns -1 when an answer already started could not be finished (a
 * backend's answer cut short, a render whose client left or whose write
 * failed): the caller then aborts the stream, so the visitor sees a broken
 * transfer, never a clean end (docs/fastcgi.md §10); -2 the same when the
 * engine itself failed after the headers went out (out of memory, a throw in
 * its own machinery): its JS state may hold what broke it, so kit-fcgi also
 * ends the worker after the request and the web server starts a fresh one. */
int kit_host_handle(kit_host *h, const kit_request *req, const kit_sink *out);

/* The app directory a responder serves: $KIT_APP_DIR, else the release of a
 * shared-hosting deploy ($KIT_DEPLOY_DIR, fcgi/deploy.c), else the current
 * directory. */
const char *kit_host_app_dir(void);

/* The app directory h was opened with. */
const char *kit_host_dir(const kit_host *h);

#endif
