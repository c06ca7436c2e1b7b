/* routes.h — the route manifest as the host uses it, and URL matching.
 *
 * kit-build sorts the manifest so that the first matching route is the most
 * specific one (static beats dynamic beats catch-all, segment by segment), so
 * matching is a scan in order that stops at the first hit. */
#ifndef KIT_ROUTES_H
#define KIT_ROUTES_H

#include <stddef.h>

#include "render/arena.h"
#include "render/engine.h"

enum kit_seg_type { KIT_SEG_STATIC, KIT_SEG_DYNAMIC, KIT_SEG_CATCHALL };

typedef struct kit_seg {
	enum kit_seg_type type;
	char *text;   /* the value (static) or the param name */
} kit_seg;

typedef struct kit_route {
	char *path;          /* "/blog/[slug]" */
	int is_api;
	char *module;
	kit_seg *segs;
	size_t nsegs;
	char *layouts;       /* the layout ids joined by ",": the chain when no layout is dynamic */
	int dynamic_chain;   /* a layout's directory has params: the chain carries their values (render/chain.h) */
	char **layout_ids;   /* the same, one per layout, outermost first */
	size_t nlayouts;
	size_t slot_layout;  /* index of the first layout with parallel slots (nlayouts: none) */
	char **layout_slots; /* per layout: its slot names joined by "," ("" for none) */
	int has_middleware;
	char *allow;         /* API routes: the Allow header (exported methods, + HEAD with GET) */
	unsigned methods;    /* API routes: KIT_METHOD_* bits */
} kit_route;

enum {
	KIT_METHOD_GET = 1, KIT_METHOD_POST = 2, KIT_METHOD_PUT = 4, KIT_METHOD_PATCH = 8,
	KIT_METHOD_DELETE = 16, KIT_METHOD_HEAD = 32, KIT_METHOD_OPTIONS = 64,
};
/* The KIT_METHOD_* bit of an HTTP method, 0 for anything else. */
unsigned kit_method_bit(const char *method);

typedef struct kit_routes {
	kit_route *routes;
	size_t n;
	char *version;
	char *json;          /* the manifest text (handed to the engine) */
	char *next_middleware; /* the Next.js-shaped middleware's module id, NULL when none (docs/middleware.md) */
	char *next_middleware_file; /* its file ("src/middleware.ts"), for the log */
} kit_routes;

/* Reads <kit_dir>/manifest.json. Returns 0 or -1 with err. */
int kit_routes_load(kit_routes *r, const char *kit_dir, char *err, size_t errlen);
void kit_routes_free(kit_routes *r);

/* A match: the route and its params. */
typedef struct kit_match {
	int index;           /* -1: no route */
	kit_param *params;
	size_t nparams;
} kit_match;

/* path: canonical, without a trailing slash (except "/"). The params and
 * their values live in the arena (the request's). A path of more than 128
 * segments matches no route. */
void kit_routes_match(kit_arena *a, const kit_routes *r, const char *path, kit_match *m);

/* The request's layout chain (X-RSC-Layouts, render/chain.h): the route's
 * layout ids, with the param values of dynamic layouts; in a when it has any. */
const char *kit_route_chain(kit_arena *a, const kit_route *rt, const kit_param *params, size_t nparams);

/* How many of the request's chain the client holds (X-RSC-Segments, outermost
 * first): the longest common prefix, stopping before a layout with parallel
 * slots (their content changes with the URL, so such a layout renders again).
 * The client's list only narrows what is sent: it never skips middleware. */
size_t kit_route_shared_depth(const kit_route *rt, const char *chain, const char *segments);

/* The index of the route's layout that declares the slot, or -1. */
int kit_route_slot_layout(const kit_route *rt, const char *slot);

#endif
