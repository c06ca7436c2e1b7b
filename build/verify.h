/* verify.h — loading the finished server.js in mujs, as the host will.
 *
 * esbuild and SWC accept code that Debian's mujs 1.3.2 cannot compile (it
 * stops at an AST depth of 100: ~47 nested JSX elements) or cannot run at top
 * level, so the build proves the bundle loads before publishing it. From the
 * loaded state it then learns what each route module exports: the HTTP
 * methods of API routes (written to the manifest) and whether pages, layouts,
 * loading and default files export a component. Errors inside the app bundle
 * are traced to a module by esbuild's `// <path>` comments. */
#ifndef KIT_BUILD_VERIFY_H
#define KIT_BUILD_VERIFY_H

#include <stddef.h>

#include "build/diag.h"
#include "build/scan.h"

/* One of the files concatenated into server.js, by line range. */
typedef struct kit_verify_part {
	const char *name;  /* "runtime/prelude.js" or "app" for the app bundle */
	size_t first_line; /* 1-based line of server.js where the part starts */
	size_t nlines;
} kit_verify_part;

/* Loads src (the text of server.js), then each route module with the
 * chunks of chunk_dir (.kit/server/) it needs, and checks the modules of
 * scan; fills scan->routes[].methods. A module whose chunks throw while
 * loading is an error naming its routes (a warning with dev: only those
 * routes fail). Returns 0, or -1 with errors in d. */
int kit_verify_server(kit_scan *scan, const char *src, const kit_verify_part *parts,
		      size_t nparts, const char *chunk_dir, int dev, kit_diags *d);

#endif
