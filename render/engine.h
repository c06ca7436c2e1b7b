/* engine.h — one warm mujs state per worker, and the render of one request.
 *
 * kit_engine_open loads the app's server.js (mujs fixes, prelude, polyfills,
 * app bundle) once; every request then runs in that warm state. A render has
 * two phases (docs/architecture.md §4): server components → the Flight model (walk.c), then
 * the model → Flight rows or HTML (flight.c, html.c). Promises settle through
 * the event loop in loop.c, which drains microtasks, fires timers and waits
 * on the transfers of fetch() and rpc().
 *
 * Request data goes in as arguments (kit_render_req), never as JS globals.
 * After each response the state is garbage-collected and its queues cleared. */
#ifndef KIT_ENGINE_H
#define KIT_ENGINE_H

#include <stddef.h>

#include "buf.h"

typedef struct kit_engine kit_engine;

typedef struct kit_engine_opts {
	size_t memory_limit;     /* JS heap cap in bytes; 0 = 512 MiB */
	long render_timeout_ms;  /* the render budget: a shell still waiting after this is a 503,
				    boundaries still pending end with an error completion; 0 = 30 s */
	long keepalive_ms;       /* nothing written for this long while boundaries are pending:
				    write a keep-alive hydration ignores; 0 = 10 s */
	int always_inline_rows;  /* a document without client components still carries its Flight
				    rows (normally it ships no script at all); for tests and debugging */
	int one_shot;            /* the process answers one request and exits (kit.cgi) */
	int js_malloc;           /* the JS heap through malloc instead of render/heap.c's size
				    classes, so valgrind sees every mujs block (KIT_JS_HEAP=malloc) */
	const char *app_root;    /* the app's directory: process.cwd(), and the only files server
				    code may read (fs.c); NULL = none */
} kit_engine_opts;

/* server_js: path of .kit/server.js; manifest_json: the text of manifest.json
 * (handed to the JS runtime once). Returns NULL with a message in err. */
kit_engine *kit_engine_open(const char *server_js, const char *manifest_json,
			    const kit_engine_opts *opts, char *err, size_t errlen);
void kit_engine_close(kit_engine *e);

/* A route parameter: a dynamic segment has one value, a catch-all a list. */
typedef struct kit_param {
	const char *name;
	const char *const *values;
	size_t nvalues;
	int is_list;
} kit_param;

typedef struct kit_kv {
	const char *key, *value;
} kit_kv;

/* The HTTP request as JS sees it (headers(), cookies(), request(), API
 * routes). Header names are lowercase; values and the body are bytes. */
typedef struct kit_http_req {
	const char *method;
	const char *url;          /* absolute: scheme://host/path?query, as sent */
	const kit_kv *headers;    /* in arrival order */
	size_t nheaders;
	const char *body;         /* NULL when there is none */
	size_t body_len;
} kit_http_req;

typedef enum kit_render_mode {
	KIT_RENDER_DOCUMENT,  /* HTML document with the Flight rows inlined */
	KIT_RENDER_FLIGHT,    /* text/x-component */
} kit_render_mode;

/* Partial prerendering (render/stream.c, "PPR"). SHELL (kit-build, http =
 * NULL): the render runs until everything settled or the budget ran out,
 * then writes ONLY the shell: every Suspense boundary whose content still
 * waits or read the request (digest KIT_DYNAMIC;…) is a hole (pending
 * <template id="B:n">, fallback in place); nothing else is written (no rows,
 * no closing tags). The hole ordinals go to ppr_holes_out ("0,3"). RESUME
 * (per visitor): the same boundaries are made holes again (ppr_holes), the
 * shell is laid out but not written (the host sent the stored one), and the
 * answer is only what follows it: the holes' completions (same B:n ids),
 * the Flight rows, the closing tags. */
typedef enum kit_ppr_mode {
	KIT_PPR_NONE = 0,
	KIT_PPR_SHELL,
	KIT_PPR_RESUME,
} kit_ppr_mode;

typedef struct kit_render_req {
	int route_index;       /* index in manifest routes; -1 renders the 404 page */
	/* render the route's fallback page instead: 404 (or 1) not-found, 403
	 * forbidden, 401 unauthorized (after notFound(), forbidden(),
	 * unauthorized() above every boundary; docs/errors.md) */
	int not_found;
	/* the innermost segment (SegmentBoundary depth) of what threw it, whose
	 * nearest fallback file is rendered; -1: the page's */
	int fallback_segment;
	const char *pathname;  /* decoded, canonical */
	const kit_param *params;
	size_t nparams;
	const kit_kv *search;  /* query pairs in order; repeated keys allowed */
	size_t nsearch;
	kit_render_mode mode;
	const kit_http_req *http; /* NULL: no request behind the render (build time) */
	int segment_depth;        /* navigation: the layouts the client keeps (0 = the whole document) */
	const char *layouts;      /* the route's layout chain (X-RSC-Layouts), for the browser runtime */
	const char *version;      /* the build version, for the browser runtime */
	/* An interception (X-RSC-Intercept): route_index/params are the referring
	 * page's; the target route's page renders into this slot of its tree. */
	const char *intercept_slot;
	int intercept_route;
	const kit_param *intercept_params;
	size_t intercept_nparams;
	kit_ppr_mode ppr;          /* documents only; KIT_PPR_NONE normally */
	const char *ppr_holes;     /* RESUME: the hole ordinals the build found ("0,3") */
	kit_buf *ppr_holes_out;    /* SHELL: receives them */
	/* The answer of a server action (kit_engine_action ran just before):
	 * row 0 is {"a": its return value} plus, when route_index >= 0, "p": that
	 * page below segment_depth layouts (docs/actions.md §3). FLIGHT only. */
	int action;
	/* The page answering a no-JS form post: useActionState hooks get the
	 * state the action left (js/server/form-state.ts). */
	int form_state;
	/* kit-build, a dynamic route listing no URLs: its params are not known,
	 * so awaiting them throws the KIT_DYNAMIC marker ("params") like a
	 * request read (js/server/runtime.ts); params/nparams are ignored */
	int params_unknown;
} kit_render_req;

/* The host's side of a response. begin is called once, before the first
 * byte, when the status is decided (always 200 for a successful render); the
 * host writes its headers then. Output then goes to sink.
 * headers (may be NULL) receives the header lines ("name: value\r\n") the
 * render itself set while the headers were open — the Set-Cookie lines of
 * host-call answers (rpc(), js/server/rpc.ts) — appended just before begin is
 * called, or before kit_engine_render returns -1 (the host's error, redirect
 * or not-found answer carries them too). After that point the headers are
 * sealed: a later Set-Cookie is dropped with a warning naming the call. */
typedef struct kit_render_out {
	int (*begin)(void *ctx);
	kit_sink sink;
	void *ctx;
	kit_buf *headers;
} kit_render_out;

typedef struct kit_render_error {
	/* 500 for a throw above every boundary, 503 when the shell missed the
	 * render budget, 3xx for redirect() above every boundary (location set),
	 * 404, 403, 401 for notFound(), forbidden(), unauthorized() above every
	 * boundary. */
	int status;
	/* set for those three (not for a backend refusal's 401 or 403 through
	 * rpc(), which keeps its plain answer): the host renders the fallback
	 * page; segment: the innermost SegmentBoundary depth of the component
	 * that threw, -1 when not known */
	int fallback;
	int segment;
	/* set before begin: an error above every Suspense boundary was caught
	 * by an error boundary (error.tsx, global-error.tsx); the document
	 * shows it and answers 500 (docs/errors.md) */
	int caught;
	char message[1024];      /* the error as thrown (for the log, never the visitor) */
	char component[128];     /* the component that threw, when known */
	/* the digest of a 500/503 (the page shows it, the log line carries it),
	 * and whether the engine wrote the log line (render/errlog.h) */
	char digest[64];
	int logged;
	char location[2048];     /* redirect target */
	/* JS was still running when the budget ran out (a loop that never ends):
	 * mujs's interrupt stopped it, with KIT_RENDER_TIMEOUT; set even when
	 * the answer went out (its boundaries ended with error completions) */
	int loop;
	/* with -2: the engine itself failed after the headers and part of the
	 * body went out (out of memory, a throw in its own machinery), not the
	 * client leaving; message and digest say why. The host aborts the answer
	 * (docs/fastcgi.md §10) and the log line's status is 500. */
	int cut;
} kit_render_error;

/* Streams the answer: begin and the shell as soon as every part outside the
 * Suspense boundaries is ready, then each boundary's completion (HTML and
 * Flight rows) as it resolves, flushing after each. Returns 0 when the
 * response was written (begin called), -1 when the render ended before
 * anything was sent (err filled; the host answers err->status), -2 when the
 * answer cannot be finished: the client went away mid-response, or the engine
 * failed after the shell (err->cut); the render stopped, nothing of it runs
 * on, and the host must not end the answer as if it were complete. */
int kit_engine_render(kit_engine *e, const kit_render_req *req, const kit_render_out *out,
		      kit_render_error *err);

typedef enum kit_guard_outcome {
	KIT_GUARD_ALLOW,     /* render / answer the route */
	KIT_GUARD_REDIRECT,  /* redirect() in a middleware.ts: status + location */
	KIT_GUARD_REFUSE,    /* a throw (403), notFound() (404), or no answer possible (5xx) */
} kit_guard_outcome;

typedef struct kit_guard_result {
	kit_guard_outcome outcome;
	int status;
	char location[2048];
	char message[512];   /* for the log */
	char visible[512];   /* for the visitor: a backend refusal's own text, or "" */
	/* a middleware that threw (500): its module id and the digest of the
	 * error (the page shows it, the log line carries it), else "" */
	char component[128];
	char digest[64];
	/* response headers the chain set (Set-Cookie, responseHeaders()), as
	 * "name: value\r\n" lines: appended to the caller's buffer */
	kit_buf headers;
} kit_guard_result;

/* Runs the route's middleware.ts chain for this request, before anything at
 * or below its directory renders or is read. Returns 0 (see out), or -1 when
 * the chain itself could not run (out->status 500/503, message set).
 * out->headers is the caller's: initialised before the call (kit_buf_init,
 * or kit_buf_init_in the request's arena) and freed by it, as are the
 * buffers of kit_api_answer and kit_action_outcome below. */
int kit_engine_middleware(kit_engine *e, int route_index, const kit_http_req *http, kit_guard_result *out);

/* What an API route answered. */
typedef struct kit_api_answer {
	int status;
	kit_buf headers;     /* "name: value\r\n" lines; the caller's (see kit_guard_result) */
	kit_buf body;        /* bytes; the caller's */
	int bytes;           /* the body was bytes (not text): never stored at build */
	int reads_query;     /* the handler awaited ctx.searchParams, or the module exports a
				searchParams schema: a stored answer is for the bare URL only */
} kit_api_answer;

/* Runs the route.ts handler for the method (HEAD falls back to GET) with the
 * request's Request and { params }. Returns 0 (out filled), or -1 with err
 * (the handler threw or returned something that is not a Response: 500). */
int kit_engine_api(kit_engine *e, int route_index, const char *module, const char *method,
		   const kit_http_req *http, const kit_param *params, size_t nparams,
		   kit_api_answer *out, kit_render_error *err);

/* What the Next.js-shaped middleware (src/middleware.ts) decided. */
typedef enum kit_next_kind {
	KIT_NEXT_SKIP,      /* its matcher does not cover the request */
	KIT_NEXT_CONTINUE,  /* nothing / NextResponse.next(): answer.headers join the answer */
	KIT_NEXT_REWRITE,   /* answer the app's path in location under this URL */
	KIT_NEXT_REDIRECT,  /* answer.status + location */
	KIT_NEXT_RESPONSE,  /* answer as it is (status, headers, body) */
} kit_next_kind;

typedef struct kit_next_outcome {
	kit_next_kind outcome;
	char location[2048];      /* absolute URL (rewrite, redirect) */
	int has_request_headers;  /* NextResponse.next({ request: { headers } }) */
	kit_buf request_headers;  /* then: every request header, "name: value\r\n"; the caller's */
	kit_api_answer answer;    /* its buffers the caller's (see kit_guard_result) */
} kit_next_outcome;

/* Runs the middleware module `module` (its config.matcher first) for this
 * request, with a NextRequest. Returns 0 (out filled), or -1 with err (it
 * threw, or returned something that is not a Response: 500). */
int kit_engine_next_middleware(kit_engine *e, const char *module, const kit_http_req *http, kit_next_outcome *out,
			       kit_render_error *err);

/* The middleware's matcher as regular expression sources (matched with the
 * i flag against the request's raw path): 0 with *sources (malloc'd, as is
 * each string; the caller frees them) and *n; 1 when it has no matcher
 * (every path); -1 with err when the matcher does not compile. */
int kit_engine_next_matcher(kit_engine *e, const char *module, char ***sources, size_t *n, char *err, size_t errlen);

/* What a server action came to (docs/actions.md §3). */
typedef struct kit_action_outcome {
	int ok;               /* it returned: render the answer (kit_render_req.action) */
	int status;           /* 200; 204 + location for redirect(); else the failure's status */
	char location[2048];
	kit_buf json;         /* a failure's body: {"message","errors"?}; the caller's (see kit_guard_result) */
	kit_buf headers;      /* Set-Cookie / responseHeaders() lines "name: value\r\n"; the caller's */
	char regions[1024];   /* revalidate() names, comma-separated */
	char log[1024];       /* a failure, for the server's log (never sent) */
	/* a throw (not a refusal): the action or query and the digest of its
	 * error, for the log line (render/errlog.h); log is then the error, its
	 * stack mapped. "" otherwise */
	char component[160];
	char digest[64];
	int cache_public;     /* a query built with { cache: 'public' } (kit_engine_query) */
} kit_action_outcome;

/* Runs a server action for this request: id is X-RSC-Action's value, or NULL
 * for a no-JS form post (the multipart body names it in $ACTION_ID_<id>);
 * content_type is the body's real type. Route middleware does not run; the
 * action may write cookies and response headers. Returns 0 (out filled), -1
 * when the engine itself failed (out: 500). The return value is kept for the
 * next kit_engine_render with req->action. */
int kit_engine_action(kit_engine *e, const char *id, const char *content_type, const kit_http_req *http,
		      kit_action_outcome *out);

/* GET /_rsc/query (docs/action-client.md): runs the query `id` (404 unless
 * client.query() built it) with args, the `args` parameter (encodeReply's
 * text of the argument list, bytes). Route middleware does not run. Returns
 * as kit_engine_action does; on success the value is kept for the next
 * kit_engine_render with req->action (and route_index -1): {"a": value}. */
int kit_engine_query(kit_engine *e, const char *id, const char *args, size_t args_len, const kit_http_req *http,
		     kit_action_outcome *out);

/* kit-build: calls the page module's generateStaticParams() (sync or async)
 * with no request behind it and writes its result as JSON into json.
 * Returns 0, 1 when the module exports none, -1 with err (it threw). */
int kit_engine_static_params(kit_engine *e, const char *module, kit_buf *json, kit_render_error *err);

/* kit-build: how many times Date.now() and Math.random() were called since
 * the last call (then 0 again). */
int kit_engine_take_clock_reads(kit_engine *e);

/* kit-build: the reason the last render gave to be rendered per request
 * although nothing it threw said so (a no-store fetch whose error the page
 * caught), into out; 0 when none. Taking it clears it. */
int kit_engine_take_build_note(kit_engine *e, char *out, size_t outlen);

/* The build version found in the manifest ("" when none). */
const char *kit_engine_version(const kit_engine *e);
/* kit-build --dev: the dev client's URL (client-manifest.json "dev"), which
 * every HTML page of a dev build loads; NULL for a production build. */
const char *kit_engine_dev_client(const kit_engine *e);

/* Bytes of JS heap in use (for tests and the bench). */
size_t kit_engine_heap_bytes(const kit_engine *e);
/* How many bundle files (server.js, chunks) this engine loaded from their
 * compiled code in .kit/jsc/ instead of parsing them (build/jscache.h). */
int kit_engine_cached_scripts(const kit_engine *e);

/* What the last render walked (for the bench: cost per element). */
typedef struct kit_render_stats {
	size_t host_elements;   /* built-in elements (div, li, ...) */
	size_t components;      /* component calls */
	size_t rows;            /* Flight rows allocated */
} kit_render_stats;
void kit_engine_last_stats(const kit_engine *e, kit_render_stats *out);

#endif
