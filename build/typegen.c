/* typegen.c — kit-typegen: the generated files an app commits or type-checks
 * against, without a whole build.
 *
 *   kit-typegen [--check] [DIR]
 *
 * Runs kit.config.json's hostManifest command (hostgen.c), then computes
 *   rsc-host.json                    (what the command wrote; only with a command)
 *   src/server-actions.generated.ts  (only when rsc-host.json exists)
 *   .kit/rsc-env.d.ts
 *   .kit/rsc-routes.d.ts             (from the route tree, as kit-build writes it)
 * exactly as kit-build does. Without --check it writes the ones that differ.
 * With --check it writes nothing: rsc-host.json is put back as it was before
 * the command ran, and every file whose current content differs from the
 * regenerated one is named; the exit status is then 1.
 * Exit status: 0 up to date (or written), 1 out of date or failed, 2 usage. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/config.h"
#include "build/diag.h"
#include "build/emit.h"
#include "build/hostgen.h"
#include "build/outdir.h"
#include "build/scan.h"
#include "render/arena.h"
#include "render/buf.h"

static void usage(FILE *out)
{
	fputs("usage: kit-typegen [--check] [DIR]\n"
	      "Regenerates the files kit-build derives from the backend manifest and the\n"
	      "route tree of the kit app in DIR (default: the current directory):\n"
	      "  rsc-host.json (by kit.config.json's hostManifest command, when set),\n"
	      "  " KIT_HOSTGEN_ACTIONS ", .kit/" KIT_HOSTGEN_ENV_DTS ", .kit/rsc-routes.d.ts.\n"
	      "Without --check, writes those that changed.\n"
	      "--check  writes nothing (rsc-host.json is restored after the command ran),\n"
	      "         names each file that differs from its regenerated content and\n"
	      "         exits 1 if any does (for CI: the committed files are current).\n", out);
}

typedef struct gen_file {
	const char *rel;  /* relative to the app root */
	kit_buf text;
} gen_file;

int main(int argc, char **argv)
{
	const char *dir = NULL;
	int check = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[i], "--check") == 0) {
			check = 1;
			continue;
		}
		if (argv[i][0] == '-' || dir) {
			fprintf(stderr, "kit-typegen: unexpected argument \"%s\"\n", argv[i]);
			usage(stderr);
			return 2;
		}
		dir = argv[i];
	}
	if (!dir)
		dir = ".";
	char root[PATH_MAX];
	if (!realpath(dir, root)) {
		fprintf(stderr, "error: %s: the app directory cannot be opened: %s\n"
				"  fix:   run kit-typegen in an app directory, or pass one: kit-typegen path/to/app\n",
			dir, strerror(errno));
		return 1;
	}

	kit_arena *a = kit_arena_new(1 << 16);
	kit_diags d;
	kit_diags_init(&d);
	kit_config config;
	kit_scan scan;
	kit_hostgen host;
	kit_buf_init(&host.actions);
	kit_buf_init(&host.env_dts);
	gen_file files[4];
	size_t nfiles = 0;
	int rc = 1;

	char manifest_path[PATH_MAX + 64];
	snprintf(manifest_path, sizeof manifest_path, "%s/%s", root, KIT_HOSTGEN_MANIFEST);
	size_t old_len = 0;
	char *old_manifest = NULL;
	int restore = 0;

	if (kit_config_load(&config, a, root, &d) != 0)
		goto out;
	if (config.host_command && check) {
		/* the command rewrites rsc-host.json: keep what was there to put it back */
		old_manifest = kit_outdir_read(manifest_path, &old_len);
		restore = 1;
	}
	/* the files come from the manifest the command writes now; with --check
	 * the previous one is put back right after they are computed */
	int manifest_differs = 0;
	int load_rc = kit_hostgen_run_command(&config, root, &d);
	if (load_rc == 0)
		load_rc = kit_hostgen_load(&host, root, &d);
	if (restore) {
		size_t new_len = 0;
		char *new_manifest = kit_outdir_read(manifest_path, &new_len);
		manifest_differs = !old_manifest || !new_manifest || old_len != new_len ||
				   memcmp(old_manifest, new_manifest, old_len) != 0;
		free(new_manifest);
		if (old_manifest) {
			kit_buf keep = { .data = old_manifest, .len = old_len, .cap = old_len + 1 };
			char err[PATH_MAX + 256];
			if (kit_hostgen_write_if_changed(manifest_path, &keep, err, sizeof err) < 0)
				kit_diag_add(&d, KIT_DIAG_ERROR, KIT_HOSTGEN_MANIFEST, "putting it back: %s", err);
		} else {
			unlink(manifest_path);
		}
		if (load_rc == 0 && manifest_differs)
			printf("kit-typegen: %s differs from what the hostManifest command writes now\n",
			       KIT_HOSTGEN_MANIFEST);
	}
	if (load_rc != 0)
		goto out;
	if (kit_scan_tree(&scan, a, root, config.source_dir, &d) != 0)
		goto out;

	if (host.present) {
		files[nfiles].rel = KIT_HOSTGEN_ACTIONS;
		kit_buf_init(&files[nfiles].text);
		kit_buf_put(&files[nfiles].text, host.actions.data ? host.actions.data : "", host.actions.len);
		nfiles++;
	}
	files[nfiles].rel = ".kit/" KIT_HOSTGEN_ENV_DTS;
	kit_buf_init(&files[nfiles].text);
	kit_buf_put(&files[nfiles].text, host.env_dts.data ? host.env_dts.data : "", host.env_dts.len);
	nfiles++;
	files[nfiles].rel = ".kit/rsc-routes.d.ts";
	kit_buf_init(&files[nfiles].text);
	kit_emit_dts(&scan, &files[nfiles].text);
	nfiles++;

	int differ = manifest_differs;
	for (size_t i = 0; i < nfiles; i++) {
		char path[PATH_MAX + 64];
		snprintf(path, sizeof path, "%s/%s", root, files[i].rel);
		if (check) {
			size_t len;
			char *cur = kit_outdir_read(path, &len);
			if (!cur) {
				printf("kit-typegen: %s is missing\n", files[i].rel);
				differ = 1;
			} else if (len != files[i].text.len || memcmp(cur, files[i].text.data, len) != 0) {
				printf("kit-typegen: %s differs from its regenerated content\n", files[i].rel);
				differ = 1;
			}
			free(cur);
			continue;
		}
		char err[PATH_MAX + 256];
		int w = kit_hostgen_write_if_changed(path, &files[i].text, err, sizeof err);
		if (w < 0) {
			kit_diag_add(&d, KIT_DIAG_ERROR, files[i].rel, "%s", err);
			goto out;
		}
		if (w > 0)
			printf("kit-typegen: wrote %s\n", files[i].rel);
	}
	if (check && differ) {
		fprintf(stderr, "kit-typegen: generated files are out of date; run kit-typegen (or kit-build) in %s "
				"and commit the result\n", root);
		rc = 1;
	} else {
		if (check)
			printf("kit-typegen: %zu generated file%s up to date\n", nfiles + (restore ? 1 : 0),
			       nfiles + (restore ? 1 : 0) == 1 ? " is" : "s are");
		rc = 0;
	}
out:
	kit_diags_print(&d, stderr);
	if (d.nerrors)
		rc = 1;
	for (size_t i = 0; i < nfiles; i++)
		kit_buf_free(&files[i].text);
	free(old_manifest);
	kit_hostgen_free(&host);
	kit_diags_free(&d);
	kit_arena_free(a);
	return rc;
}
