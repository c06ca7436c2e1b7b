/* metafiles.h — Next.js's metadata file conventions (docs/metadata.md "Files").
 *
 * kit_metafiles_scan walks the source directory for the files that are not
 * route-convention modules but answer a URL or add to a segment's metadata:
 *
 *   robots.ts | robots.txt (root)                     → route /robots.txt
 *   sitemap.ts | sitemap.xml (a static segment)       → route <segment>/sitemap.xml
 *     sitemap.ts naming generateSitemaps              → and <segment>/sitemap/[__metadata_id__]
 *   manifest.ts | manifest.json | manifest.webmanifest (root)
 *                                                     → /manifest.webmanifest (/manifest.json)
 *   favicon.ico (root)                                → route /favicon.ico + an icon
 *   icon.*, apple-icon.*, opengraph-image.*, twitter-image.* (+ .alt.txt), any segment
 *                                                     → scan->images
 *
 * The routes are API routes (kind KIT_SCAN_API, one GET) whose modules the
 * generated entry builds around the file (kit_scan_module.meta); a generated
 * image (opengraph-image.tsx, icon.tsx: ImageResponse) is a warning naming the
 * static file to use instead. Called at the end of kit_scan_tree; the routes
 * and modules it adds are merged into their sorted order. */
#ifndef KIT_BUILD_METAFILES_H
#define KIT_BUILD_METAFILES_H

#include "build/scan.h"

void kit_metafiles_scan(kit_scan *scan, kit_arena *a, const char *app_root,
			const char *source_dir, kit_diags *diags);

#endif
