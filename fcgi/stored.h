/* stored.h — serving build-time renders from the store (docs/build-output.md
 * "Stored renders", docs/wire-formats.md §3.4 and §6). The host calls kit_stored_serve
 * for a GET/HEAD page after the route's middleware ran (a refusal never
 * touches the file) and before rendering. */
#ifndef KIT_FCGI_STORED_H
#define KIT_FCGI_STORED_H

#include <stddef.h>

#include "fcgi/routes.h"
#include "fcgi/url.h"
#include "render/buf.h"
#include "store/store.h"

typedef struct kit_stored_req {
	const char *path;         /* canonical URL path */
	const char *query;        /* "" for a bare URL */
	int flight;               /* X-RSC: true */
	size_t depth;             /* the layouts the client shares (navigations) */
	const char *layouts;      /* the request's layout chain (X-RSC-Layouts; routes.h kit_route_chain) */
	int head_only;
	int skip;                 /* interception / revalidation: never from the store */
	const char *version;      /* this build's version: other versions are not served */
	const kit_buf *extra;     /* header lines the middleware chain set */
} kit_stored_req;

/* Opens <app_dir>/.kit-store/store.sqlite read-only; NULL when the build stored
 * nothing (or has no store). */
kit_store *kit_stored_open(const char *app_dir);

/* Returns 1 when the answer was written from a stored file, 0 when the
 * request must be rendered. */
int kit_stored_serve(kit_store *s, const kit_route *route, const kit_stored_req *req, const kit_sink *out);

/* A stored shell (variant ppr) for a document of a bare URL under this
 * build's version: 1 with the file and the hole ordinals. The host writes
 * the file first, then renders the holes (kit_render_req.ppr = RESUME). */
typedef struct kit_stored_shell_hit {
	kit_store_hit hit;
	char holes[1024];
} kit_stored_shell_hit;
int kit_stored_shell(kit_store *s, const kit_route *route, const kit_stored_req *req, kit_stored_shell_hit *out);

/* Writes a stored file to out; its size, or -1. */
long long kit_stored_copy(const char *path, const kit_sink *out);

/* The url=<path> of /_rsc/ppr-shell and /_rsc/ppr-resume, decoded and
 * canonical (in the arena). -1 when missing or not starting with "/". */
int kit_stored_endpoint_url(kit_arena *a, const char *query, kit_url *out);

/* GET|HEAD /_rsc/ppr-shell?url=<path>: the stored shell, cacheable
 * (public, max-age=0, must-revalidate); 400 without a url; 404 for no such
 * page, a route with middleware (never edge-cacheable), no stored shell. */
int kit_stored_shell_endpoint(kit_arena *a, kit_store *s, const kit_routes *routes, const char *query, int head_only,
			      const kit_sink *out);

/* GET|HEAD of an API route stored at build (variant api), never under a
 * middleware: its status, headers and body from disk. path: the canonical
 * URL path (a listed URL of a dynamic route has its own row). Rule 5: a
 * route that never read its query was stored for any query string; one that
 * did (row header x-kit-varies: query) only for the bare URL. Internal
 * x-kit-* header lines are not sent. 1 when answered. */
int kit_stored_api(kit_store *s, const kit_route *route, const char *path, const char *query, const char *method,
		   const char *version, const kit_sink *out);

#endif
