/* prerender.h — build-time rendering of every route into the store
 * (store/store.h); the outcomes are docs/build-output.md "Stored renders".
 *
 * After server.js and manifest.json are written into the temporary build
 * directory, the engine is opened on them and each page route without
 * dynamic segments is rendered with no request behind it (http = NULL),
 * within the build budget: a document, its Flight payload (depth 0) and one
 * payload per depth a client may hold (seg<N>). The files go under
 * <dir>/stored/<version>/ and their store rows into job->entries;
 * build/publish.c moves the files into the app's store and publishes them
 * in one transaction. */
#ifndef KIT_BUILD_PRERENDER_H
#define KIT_BUILD_PRERENDER_H

#include <stddef.h>

#include "build/diag.h"
#include "build/scan.h"
#include "build/www.h"
#include "render/arena.h"
#include "store/store.h"

typedef enum kit_outcome {
	KIT_OUTCOME_STORED,    /* ○ whole page stored */
	KIT_OUTCOME_REDIRECT,  /* ○ redirect stored */
	KIT_OUTCOME_LISTED,    /* ● dynamic segments: the URLs generateStaticParams() listed are stored */
	KIT_OUTCOME_SHELL,     /* ◐ shell stored (.ppr.html), holes per visitor (reason says why) */
	KIT_OUTCOME_DYNAMIC,   /* ƒ rendered per request (reason says why) */
	KIT_OUTCOME_FAILED,    /* the build fails (a diagnostic names the route and the fix) */
} kit_outcome;

typedef struct kit_route_outcome {
	kit_outcome outcome;
	const char *reason;    /* ƒ: why per request; stored: NULL */
	size_t bytes;          /* the stored document (or redirect file) */
	double ms;             /* build-time render */
} kit_route_outcome;

typedef struct kit_prerender_job {
	const char *dir;          /* the temporary build directory (server.js, manifest.json) */
	const char *version;
	long budget_ms;
	const kit_scan *scan;     /* routes in manifest order */
	kit_store_entry *entries; /* out: the store rows of the files written (malloc'ed; the caller frees) */
	size_t nentries;
	const char *app_root;     /* the app's directory: server code reads its files (render/fs.c) */
	/* kit-build --dev: a route that throws at build time is a warning (it
	 * renders per request and answers 500), not an error */
	int dev;
	kit_www_page *pages;      /* out: the stored pages no middleware.ts applies to, nor src/middleware.ts's
				   matcher (malloc'ed; the caller frees) */
	size_t npages;
	int raw_only;             /* out: the app has a src/middleware.ts (www.h kit_www_write) */
} kit_prerender_job;

/* Fills outcomes[i] for scan->routes[i]. Returns 0, or -1 when a route
 * failed the build or the store could not be written (errors added to d). */
int kit_prerender(kit_prerender_job *job, kit_arena *a, kit_diags *d, kit_route_outcome *outcomes);

#endif
