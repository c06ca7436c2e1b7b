/* bundle.h — driving the JS toolchain (toolchain/bundle.mjs) from kit-build.
 *
 * One node process per build: it bundles gen/entry.server.js with esbuild and
 * lowers the result to ES5 with SWC (the why is in toolchain/bundle.mjs and
 * docs/mujs.md §4); client modules become client references there,
 * and the browser build writes static/ and client-manifest.json
 * (docs/client-components.md). kit-build hands it a JSON job on argv and
 * reads one JSON report from its stdout; its stderr goes straight to the
 * user. Each error of the report becomes a diagnostic naming the file, the
 * routes that use it and the fix. */
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
	/* The browser build; client_entry NULL = no client modules looked for. */
	const char *client_entry;    /* browser runtime entry: specifier or path */
	const char *static_dir;      /* .kit.tmp-<pid>/static */
	const char *client_manifest; /* .kit.tmp-<pid>/client-manifest.json */
	const char *envfile;         /* .kit.tmp-<pid>/env.json: the .env files' values, or NULL */
	int dev;                     /* kit-build --dev: the browser build with React's development
					builds, source maps and the dev client (toolchain/bundle.mjs) */
} kit_bundle_job;

/* A client module of the build, as the listing shows it. */
typedef struct kit_bundle_client_module {
	const char *id;   /* module id (docs/client-components.md §1) */
	const char *file; /* relative to the app root (absolute outside it) */
	size_t bytes;     /* its browser chunks besides the entry's */
} kit_bundle_client_module;

typedef struct kit_bundle_result {
	size_t server_bytes;           /* the ES5 app bundle */
	kit_bundle_client_module *modules; /* in id order; in the diags' arena */
	size_t nmodules;
	size_t entry_bytes;            /* the runtime entry and what it imports */
	size_t static_bytes;           /* every file written to static/ */
} kit_bundle_result;

/* Runs the job. Returns 0 when outfile (and, with client_entry, static/ and
 * client_manifest) were written, else -1 with errors in d. Toolchain warnings
 * become warnings either way. res may be NULL. */
int kit_bundle_run(const kit_bundle_job *job, const kit_scan *scan, kit_diags *d,
		   kit_bundle_result *res);

#endif
