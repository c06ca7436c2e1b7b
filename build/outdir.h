/* outdir.h — writing .kit/ so that a reader never sees half a build.
 *
 * Everything is written into <app>/.kit.tmp-<pid>/, then swapped with .kit in
 * one renameat2(RENAME_EXCHANGE) (two renames where the file system cannot
 * exchange) and the old build removed. A failed build only ever removes its
 * own temporary directory, so the previous .kit stays as it was. Leftovers of
 * builds that were killed (their pid no longer runs) are removed at start. */
#ifndef KIT_BUILD_OUTDIR_H
#define KIT_BUILD_OUTDIR_H

#include <stddef.h>
#include <stdint.h>

/* Creates <app_root>/.kit.tmp-<pid> (with gen/) and writes its path to tmp. */
int kit_outdir_create(const char *app_root, char *tmp, size_t tmplen, char *err, size_t errlen);
/* Writes dir/rel (creating no directories). */
int kit_outdir_write(const char *dir, const char *rel, const void *data, size_t len,
		     char *err, size_t errlen);
/* Reads a whole file; NULL when it cannot. The caller frees. */
char *kit_outdir_read(const char *path, size_t *len);
/* Makes tmp the app's .kit and removes the previous one. */
int kit_outdir_publish(const char *app_root, const char *tmp, char *err, size_t errlen);
/* The bytes of the regular files directly in dir (0 without dir). */
size_t kit_outdir_tree_bytes(const char *dir);
/* Does test say yes of a file directly in dir (its bytes, arg)? (0 without dir) */
int kit_outdir_files_any(const char *dir, int (*test)(const char *s, size_t len, const void *arg), const void *arg);
/* Does a regular file directly in dir hold the text? (0 without dir) */
int kit_outdir_tree_has(const char *dir, const char *text);
/* Moves the directory tree to dst; an existing dst is exchanged with it in
 * one step (a reader finds either tree complete) and then removed. -1 with
 * errno set when neither works. */
int kit_outdir_swap_in(const char *tree, const char *dst);
/* rm -rf path (never follows symbolic links). */
void kit_outdir_remove(const char *path);
/* Removes .kit.tmp-<pid> and .kit.old-<pid> left by builds no longer running. */
void kit_outdir_clean_stale(const char *app_root);

/* FNV-1a 64: start with KIT_FNV_OFFSET, feed bytes in order. */
#define KIT_FNV_OFFSET 0xcbf29ce484222325ULL
uint64_t kit_fnv1a64(uint64_t h, const void *p, size_t n);
/* Feeds every regular file below dir in byte order of its relative path:
 * the path, a NUL, then the content. A missing dir adds nothing. */
uint64_t kit_fnv1a64_tree(uint64_t h, const char *dir);

#endif
