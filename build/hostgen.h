/* hostgen.h — the backend manifest (docs/wire-formats.md §5.7, docs/rpc.md §8)
 * and what the build generates from it.
 *
 * rsc-host.json at the app root is written by the backend, by the command of
 * kit.config.json's hostManifest, which kit-build (and kit-typegen) run first.
 * From it come two files:
 *   src/server-actions.generated.ts  a 'use server' module, one export per
 *                                    "actions" entry calling rpc('<Backend.fn>')
 *   .kit/rsc-env.d.ts                declares the global rpc() with the
 *                                    "functions" names (and their types) as its
 *                                    first argument (HostRegister of @kit/core/rpc)
 * Without rsc-host.json there is no actions module, and rsc-env.d.ts declares
 * rpc(name: string). The texts depend on the file only, so kit-typegen --check
 * can compare them with the files on disk. */
#ifndef KIT_BUILD_HOSTGEN_H
#define KIT_BUILD_HOSTGEN_H

#include "build/config.h"
#include "build/diag.h"
#include "render/buf.h"

#define KIT_HOSTGEN_MANIFEST "rsc-host.json"
#define KIT_HOSTGEN_ACTIONS "src/server-actions.generated.ts"
#define KIT_HOSTGEN_ENV_DTS "rsc-env.d.ts" /* in .kit/ */

/* Runs hostManifest.command (no shell) in <app_root>/<cwd>, its output on
 * stderr. Returns 0 (also when none is configured), or -1 after adding an
 * error naming the command, its exit status and the end of its stderr, or
 * saying it wrote no rsc-host.json. */
int kit_hostgen_run_command(const kit_config *c, const char *app_root, kit_diags *d);

typedef struct kit_hostgen {
	int present;      /* rsc-host.json exists */
	kit_buf actions;  /* src/server-actions.generated.ts (when present) */
	kit_buf env_dts;  /* .kit/rsc-env.d.ts (always) */
} kit_hostgen;

/* Reads <app_root>/rsc-host.json when it exists and writes both texts.
 * Returns 0, or -1 after adding errors (a bad file: each problem named). */
int kit_hostgen_load(kit_hostgen *g, const char *app_root, kit_diags *d);
void kit_hostgen_free(kit_hostgen *g);

/* Writes path only when its content differs (mtime and watchers left alone);
 * creates the parent directory. Returns 1 written, 0 unchanged, -1 error. */
int kit_hostgen_write_if_changed(const char *path, const kit_buf *text, char *err, size_t errlen);

#endif
