/* emit.h — the text of the generated files in .kit/ (docs/build-output.md).
 *
 * Pure functions from the scanned routes to bytes: the generated server entry
 * esbuild bundles, the routes array of manifest.json, manifest.json itself and
 * the typed-route declarations. Nothing here touches the file system, so the
 * exact output is easy to test and always the same for the same tree. */
#ifndef KIT_BUILD_EMIT_H
#define KIT_BUILD_EMIT_H

#include "build/scan.h"
#include "render/buf.h"

/* gen/entry.server.js: imports the kit runtime and every route module (paths
 * relative to .kit/gen/) and exports {modules: {id: namespace}, runtime} (and
 * nextmw, the runner of a Next.js-shaped middleware, when the app has one); the
 * bundle's IIFE assigns that to the global __kit_app. */
/* web_classes: import the web platform classes first; binary: the binary
 * built-ins (build/webuse.c). */
void kit_emit_entry(const kit_scan *scan, int web_classes, int binary, kit_buf *out);

/* The manifest's "routes" array, one route per line; the build version hashes
 * exactly these bytes. */
void kit_emit_routes_json(const kit_scan *scan, kit_buf *out);

/* manifest.json around an already written routes array; next_middleware:
 * the Next.js-shaped middleware's file (build/nextmw.h), or NULL. */
void kit_emit_manifest(const char *version, const char *source_dir, const char *next_middleware,
		       const kit_buf *routes_json, kit_buf *out);

/* rsc-routes.d.ts: Href is the union of every built route, each dynamic or
 * catch-all segment widened to ${string}, optionally followed by ?query or
 * #fragment. */
void kit_emit_dts(const kit_scan *scan, kit_buf *out);

#endif
