/* bundle.h — driving the JS toolchain (toolchain/bundle.mjs) from kit-build.
 *
 * One node process per build: it bundles gen/entry.server.js with esbuild and
 * lowers the result to ES5 with SWC (the why is in toolchain/bundle.mjs and
 * shared/notes/mujs.md §3). kit-build hands it a JSON job on argv and reads
 * one JSON report from its stdout; its stderr goes straight to the user.
 * Each error of the report becomes a diagnostic naming the file, the routes
 * that use it and the fix. */
#ifndef KIT_BUILD_BUNDLE_H
#define KIT_BUILD_BUNDLE_H

#include <stddef.h>

#include "build/diag.h"
#include "build/scan.h"

#define KIT_BUNDLE_MAX_ALIASES 8

typedef struct kit_bundle_job {
	const char *node;    /* the node binary */
	const char *script;  /* .../toolchain/bundle.mjs */
	const char *entry;   /* absolute path of gen/entry.server.js */
	const char *entry_name; /* its name in the output: ".kit/gen/entry.server.js" */
	const char *outfile; /* where the ES5 app bundle goes */
	const char *root;    /* the app root (absolute) */
	const char *alias_from[KIT_BUNDLE_MAX_ALIASES];
	const char *alias_to[KIT_BUNDLE_MAX_ALIASES];
	size_t nalias;
} kit_bundle_job;

/* Runs the job. Returns 0 when outfile was written, else -1 with errors in d.
 * Toolchain warnings become warnings either way. */
int kit_bundle_run(const kit_bundle_job *job, const kit_scan *scan, kit_diags *d);

#endif
