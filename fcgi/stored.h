/* stored.h — serving build-time renders from the store (SPEC: Prerendered
 * files and lookup order, Caching headers). The host calls kit_stored_serve
 * for a GET/HEAD page after the route's middleware ran (a refusal never
 * touches the file) and before rendering. */
#ifndef KIT_FCGI_STORED_H
#define KIT_FCGI_STORED_H

#include <stddef.h>

#include "fcgi/routes.h"
#include "render/buf.h"
#include "store/store.h"

typedef struct kit_stored_req {
	const char *path;         /* canonical URL path */
	const char *query;        /* "" for a bare URL */
	int flight;               /* X-RSC: true */
	size_t depth;             /* the layouts the client shares (navigations) */
	int head_only;
	int skip;                 /* interception / revalidation: never from the store */
	const char *version;      /* this build's version: other versions are not served */
	const kit_buf *extra;     /* header lines the middleware chain set */
} kit_stored_req;

/* Opens <app_dir>/.kit/store.sqlite read-only; NULL when the build stored
 * nothing (or has no store). */
kit_store *kit_stored_open(const char *app_dir);

/* Returns 1 when the answer was written from a stored file, 0 when the
 * request must be rendered. */
int kit_stored_serve(kit_store *s, const kit_route *route, const kit_stored_req *req, const kit_sink *out);

#endif
