/* nextconv.h — Next.js files kit does not read (docs/nextjs.md).
 *
 * A Next.js app brought to kit may hold files that Next.js reads by name and
 * kit does not: next.config.*, instrumentation.ts, proxy.ts (Next.js 16's
 * name for middleware.ts), mdx-components.tsx, a pages/ directory, and in
 * the route tree page.mdx and global-not-found.tsx. Each would be ignored
 * silently; kit-build warns instead, naming the file and what to do; and
 * about a page or route file in a private folder (_name), which Next.js
 * never routes and kit does. (The
 * route tree's other foreign names are build/scan.c's and
 * build/metafiles.c's; exports and imports are toolchain/bundle.mjs's.) */
#ifndef KIT_BUILD_NEXTCONV_H
#define KIT_BUILD_NEXTCONV_H

#include "build/diag.h"

/* Adds a warning to d for each such file of the app at app_root, whose
 * routes are in source_dir ("src/app"). */
void kit_nextconv_check(const char *app_root, const char *source_dir, kit_diags *d);

#endif
