/* scan.h — the route tree: from files under the source directory to routes.
 *
 * kit_scan_tree walks <app>/<sourceDir> once and applies every convention of
 * the route tree (docs/architecture.md §5): page, layout, loading, default,
 * middleware and route files (.tsx .ts .jsx .js), @slot directories,
 * [param], [...param] and (group) directories; anything else is a colocated
 * file and ignored. For each page.*
 * and route.* outside a slot it computes the URL segments, the layout chain with
 * each layout's slots, the nearest loading boundary and the middleware chain;
 * routes come out in match order (docs/build-output.md: first match wins).
 *
 * The scan only reads directory entries, never file contents: what a module
 * exports is learnt later by loading the bundle (verify.c). Everything it
 * returns lives in the caller's arena. */
#ifndef KIT_BUILD_SCAN_H
#define KIT_BUILD_SCAN_H

#include <stddef.h>

#include "build/diag.h"
#include "render/arena.h"
#include "render/buf.h"

typedef enum kit_file_role {
	KIT_FILE_PAGE,
	KIT_FILE_LAYOUT,
	KIT_FILE_LOADING,
	KIT_FILE_DEFAULT,
	KIT_FILE_MIDDLEWARE,
	KIT_FILE_ROUTE,
	KIT_FILE_NOT_FOUND,  /* not-found.*: what notFound() renders (Next.js convention) */
	KIT_FILE_ERROR,        /* error.*: the error boundary of its segment ('use client') */
	KIT_FILE_GLOBAL_ERROR, /* global-error.*: the root error boundary, in the root directory only */
	KIT_FILE_FORBIDDEN,    /* forbidden.*: what forbidden() renders */
	KIT_FILE_UNAUTHORIZED, /* unauthorized.*: what unauthorized() renders */
	KIT_FILE_TEMPLATE,     /* template.*: wraps its segment's content below the layout, remounted on navigation */
	KIT_FILE_NROLES
} kit_file_role;

typedef enum kit_scan_kind { KIT_SCAN_PAGE, KIT_SCAN_API } kit_scan_kind;

typedef enum kit_scan_seg_type {
	KIT_SCAN_STATIC,   /* value is the directory name */
	KIT_SCAN_DYNAMIC,  /* [name]: value is name */
	KIT_SCAN_CATCHALL, /* [...name]: value is name; always the last segment */
} kit_scan_seg_type;

/* HTTP methods an API route may export, in manifest order. */
enum {
	KIT_METHOD_GET = 1 << 0,
	KIT_METHOD_POST = 1 << 1,
	KIT_METHOD_PUT = 1 << 2,
	KIT_METHOD_PATCH = 1 << 3,
	KIT_METHOD_DELETE = 1 << 4,
	KIT_METHOD_HEAD = 1 << 5,
	KIT_METHOD_OPTIONS = 1 << 6,
	KIT_METHOD_COUNT = 7
};
/* "GET" for bit 0 ... "OPTIONS" for bit 6. */
const char *kit_scan_method_name(int bit);

typedef struct kit_scan_segment {
	kit_scan_seg_type type;
	const char *value;
} kit_scan_segment;

typedef struct kit_scan_slot {
	const char *name;   /* without the @ */
	const char *module; /* the slot's page for this URL, else its default, else NULL */
} kit_scan_slot;

typedef struct kit_scan_layout {
	const char *module;
	kit_scan_slot *slots; /* sorted by name */
	size_t nslots;
} kit_scan_layout;

/* A template.*, error.*, loading.* or fallback file (not-found, forbidden,
 * unauthorized) of a route's chain: its role, module and the layouts at or
 * above its directory. */
typedef struct kit_scan_boundary {
	kit_file_role role;
	const char *module;
	size_t depth;
} kit_scan_boundary;

typedef struct kit_scan_route {
	kit_scan_kind kind;
	const char *path;   /* "/blog/[slug]", "/" for the root */
	const char *module; /* "app/blog/[slug]/page" */
	const char *file;   /* "src/app/blog/[slug]/page.tsx", relative to the app root */
	kit_scan_segment *segments;
	size_t nsegments;
	kit_scan_layout *layouts; /* outermost first; empty for API routes */
	size_t nlayouts;
	const char *loading; /* NULL when none */
	size_t loading_depth;
	const char *not_found; /* nearest not-found.* at or above the page, NULL when none */
	size_t not_found_depth; /* layouts at or above its directory */
	/* every template, error, loading, not-found, forbidden and unauthorized
	 * file at or above the page, outermost first (docs/errors.md) */
	struct kit_scan_boundary *boundaries;
	size_t nboundaries;
	const char **middleware; /* outermost first */
	size_t nmiddleware;
	unsigned methods; /* KIT_METHOD_* bits; filled after bundling (API routes) */
} kit_scan_route;

/* A route made from a metadata file (build/metafiles.c, docs/metadata.md
 * "Files"): what the generated entry wraps the file in. */
typedef enum kit_meta_kind {
	KIT_META_NONE,     /* a route-convention file, imported as it is */
	KIT_META_ROBOTS,   /* robots.ts: its default export serialized as robots.txt */
	KIT_META_SITEMAP,  /* sitemap.ts: as sitemap XML */
	KIT_META_SITEMAPS, /* sitemap.ts with generateSitemaps: <segment>/sitemap/[id].xml */
	KIT_META_MANIFEST, /* manifest.ts: as JSON */
	KIT_META_TEXT,     /* robots.txt, sitemap.xml, manifest.json: meta_text as it is */
	KIT_META_FAVICON,  /* favicon.ico: a redirect to its hashed static URL */
} kit_meta_kind;

/* One route-convention file: what the generated entry imports. */
typedef struct kit_scan_module {
	const char *id;   /* "app/(shop)/cart/page" */
	const char *file; /* relative to the app root */
	kit_file_role role;
	int in_slot;      /* below an @slot directory */
	kit_meta_kind meta;
	const char *meta_text; /* KIT_META_TEXT: the file's content */
	const char *meta_type; /* KIT_META_TEXT: its Content-Type */
} kit_scan_module;

/* An image file of a segment's metadata (icon.png, apple-icon.png,
 * opengraph-image.png, twitter-image.png, the root's favicon.ico). */
typedef struct kit_scan_image {
	const char *dir;  /* the directory's id: "app", "app/blog" */
	const char *kind; /* "icon", "apple", "openGraph", "twitter", "favicon" */
	const char *file; /* relative to the app root */
	const char *type; /* the MIME type Next.js writes, NULL for none (.jpg, .gif) */
	const char *alt;  /* the content of its .alt.txt, or NULL */
} kit_scan_image;

typedef struct kit_scan {
	const char *source_dir; /* as configured, e.g. "src/app" */
	kit_scan_route *routes;      /* in match order */
	size_t nroutes;
	kit_scan_module *modules;    /* sorted by id */
	size_t nmodules;
	kit_scan_image *images;      /* metadata image files, by directory */
	size_t nimages;
} kit_scan;

/* Scans <app_root>/<source_dir>. Returns 0, or -1 when errors were added to
 * diags (warnings may be added either way). On -1 the routes are incomplete. */
int kit_scan_tree(kit_scan *scan, kit_arena *a, const char *app_root,
		  const char *source_dir, kit_diags *diags);

/* Match order: segment by segment, static < dynamic < catch-all, static values
 * byte-wise; a route that ends first comes first. 0 only for routes that match
 * exactly the same URLs (a conflict). */
int kit_scan_route_cmp(const kit_scan_route *a, const kit_scan_route *b);

/* The module with this id, or NULL. */
const kit_scan_module *kit_scan_find_module(const kit_scan *scan, const char *id);
/* The URL patterns a file serves (as a page, API route, layout, loading,
 * middleware or slot module), for diagnostics: "/a", "/a, /b" or
 * "/a, /b and 3 more"; NULL when no route uses it. Allocated from a. */
const char *kit_scan_routes_using(const kit_scan *scan, kit_arena *a, const char *file);

/* One line describing a route (the unit tests compare these):
 *   page /blog/[slug] app/blog/[slug]/page
 *     layouts=app/layout{modal=app/@modal/default},app/blog/layout
 *     loading=app/blog/loading@2 middleware=app/middleware
 * (on one line; "-" for an empty field). */
void kit_scan_describe(const kit_scan_route *r, kit_buf *out);

#endif
