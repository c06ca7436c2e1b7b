/* config.h — kit.config.json, the app's build options (schema: build/README.md).
 *
 * The file is optional. Unknown keys and wrong types are errors, not warnings:
 * a misspelt option that silently does nothing costs more than a failed build. */
#ifndef KIT_BUILD_CONFIG_H
#define KIT_BUILD_CONFIG_H

#include "build/diag.h"
#include "render/arena.h"

typedef struct kit_config {
	const char *source_dir; /* relative to the app root, normalised: "src/app" */
	long build_budget_ms;   /* prerendering: a route still waiting after this is not stored whole (5000) */
	int keep_versions;      /* the store keeps this many published versions for a rollback (5) */
	/* hostManifest: the backend command that writes rsc-host.json (build/hostgen.c) */
	const char **host_command;  /* NULL-terminated argv, or NULL when not configured */
	const char *host_cwd;       /* relative to the app root, normalised ("" = the app root) */
	const char **host_watch;    /* NULL-terminated relative paths (for a dev mode), or NULL */
} kit_config;

/* Reads <app_root>/kit.config.json when it exists. Returns 0, or -1 after
 * adding errors to d. Strings live in a. */
int kit_config_load(kit_config *c, kit_arena *a, const char *app_root, kit_diags *d);

#endif
