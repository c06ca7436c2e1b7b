/* nextmw.h — the Next.js-shaped middleware file (docs/middleware.md).
 *
 * Besides the per-directory middleware.ts guards of the route tree, an app
 * may have one Next.js middleware: middleware.{ts,tsx,js,jsx} beside the
 * source directory (src/middleware.ts for src/app) or at the app's root.
 * kit-build bundles it as the module KIT_NEXT_MIDDLEWARE_ID; the manifest
 * says so ("nextMiddleware"), and the host runs it before anything else. */
#ifndef KIT_BUILD_NEXTMW_H
#define KIT_BUILD_NEXTMW_H

#include "build/diag.h"
#include "build/scan.h"
#include "render/arena.h"

#define KIT_NEXT_MIDDLEWARE_ID "middleware"

/* Adds the file, when there is one, to scan->modules (role
 * KIT_FILE_MIDDLEWARE, id KIT_NEXT_MIDDLEWARE_ID). Returns 0, or -1 with an
 * error in d (two such files). */
int kit_nextmw_find(kit_scan *scan, kit_arena *a, const char *app_root, kit_diags *d);

/* The module, or NULL when the app has none. */
const kit_scan_module *kit_nextmw_module(const kit_scan *scan);
/* Its file relative to the app root ("src/middleware.ts"), or NULL. */
const char *kit_nextmw_file(const kit_scan *scan);

#endif
