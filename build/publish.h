/* publish.h — making a build the served version (store/README.md,
 * docs/build-output.md "Versions and rollback").
 *
 * The app's store lives in <app>/.kit-store/, beside .kit/ (which every
 * build swaps whole), so earlier versions survive a rebuild:
 *   store.sqlite            the index (store/store.h)
 *   stored/<version>/       the stored files of each kept version
 *   builds/<version>/       server.js, manifest.json, client-manifest.json and
 *                           static/ of each kept version (hard links), what a
 *                           responder loads when that version is active
 * kit_publish: copies the new build's files there, links the browser files
 * of the kept versions into the new .kit/static/ (hashed names never
 * collide) and its own into the live one, then ONE store transaction records
 * the stored renders and makes the version active, then .kit is swapped in
 * (a failed swap re-activates the previous version), then the web server's
 * tree of stored pages (build/www.h) follows the active version, then
 * versions beyond keepVersions are forgotten and their files removed. */
#ifndef KIT_BUILD_PUBLISH_H
#define KIT_BUILD_PUBLISH_H

#include <stddef.h>

#include "build/diag.h"
#include "build/www.h"
#include "store/store.h"

typedef struct kit_publish_job {
	const char *app_root;
	const char *tmp;                 /* the build directory that becomes .kit */
	const char *version;
	int keep;                        /* versions kept (kit.config.json keepVersions) */
	const kit_store_entry *entries;  /* files under <tmp>/stored/<version>/ */
	size_t nentries;
	const kit_www_page *pages;       /* of those, the pages the web server serves itself (build/www.h) */
	size_t npages;
	int raw_only;                    /* only for a request whose path is sent as it is (www.h) */
	const char *www_from;            /* kit-build --publish-from: the version's web server tree, linked
					    instead of laid out from pages (NULL: from pages) */
} kit_publish_job;

/* Returns 0, or -1 with errors in d (the previous version stays active and
 * .kit as it was). Prints one line about the version and what was pruned. */
int kit_publish(const kit_publish_job *job, kit_diags *d);

/* A version built again: <tmp>/action-key becomes the one of
 * builds/<version>/ when there is one. 0, or -1 when it cannot be linked. */
int kit_publish_keep_key(const char *app_root, const char *tmp, const char *version);

/* kit-build --publish-from=SRC: publishes the version SRC/.kit holds (SRC: a
 * copy of an app's .kit/ and .kit-store/ as kit-build left them, built on
 * another machine) as the active version of app_root, as kit_publish does
 * for a build: its files linked (or copied across file systems) into
 * app_root/.kit-store/, the browser files into the live .kit/static, one
 * store transaction, .kit swapped, www/current, pruning. Builds nothing: no
 * sources, toolchain or Node.js needed. keep: keepVersions. Exit status. */
int kit_publish_from(const char *src_root, const char *app_root, int keep);

/* kit-build --versions: prints the app's published versions. Exit status. */
int kit_publish_list(const char *app_root);

/* kit-build --rollback[=VERSION]: makes VERSION (default: the version
 * published before the active one) active again. Exit status. */
int kit_publish_rollback(const char *app_root, const char *version);

#endif
