/* outdir.c — the atomic build directory and the version hash (see outdir.h). */
#include "build/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/buf.h"
#include "render/xalloc.h"

int kit_outdir_create(const char *app_root, char *tmp, size_t tmplen, char *err, size_t errlen)
{
	snprintf(tmp, tmplen, "%s/.kit.tmp-%ld", app_root, (long)getpid());
	kit_outdir_remove(tmp);
	char gen[4200];
	snprintf(gen, sizeof gen, "%s/gen", tmp);
	if (mkdir(tmp, 0755) != 0 || mkdir(gen, 0755) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
		return -1;
	}
	return 0;
}

int kit_outdir_write(const char *dir, const char *rel, const void *data, size_t len,
		     char *err, size_t errlen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	FILE *f = fopen(path, "wb");
	int bad = !f;
	if (f) {
		bad = len && fwrite(data, 1, len, f) != len;
		bad |= fclose(f) != 0;
	}
	if (bad) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

char *kit_outdir_read(const char *path, size_t *len)
{
	return kit_read_file(path, len);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void kit_outdir_remove(const char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int kit_outdir_swap_in(const char *tree, const char *dst)
{
	if (rename(tree, dst) == 0)
		return 0;
	if ((errno != EEXIST && errno != ENOTEMPTY) ||
	    renameat2(AT_FDCWD, tree, AT_FDCWD, dst, RENAME_EXCHANGE) != 0)
		return -1;
	kit_outdir_remove(tree); /* now the previous tree */
	return 0;
}

int kit_outdir_publish(const char *app_root, const char *tmp, char *err, size_t errlen)
{
	char dest[4200], old[4200];
	snprintf(dest, sizeof dest, "%s/.kit", app_root);
	if (rename(tmp, dest) == 0)
		return 0; /* there was no .kit (or an empty one) */
	if (errno != EEXIST && errno != ENOTEMPTY) {
		snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, dest, strerror(errno));
		return -1;
	}
	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, dest, RENAME_EXCHANGE) == 0) {
		kit_outdir_remove(tmp); /* now the previous build */
		return 0;
	}
	/* No exchange on this file system: two renames, a moment without .kit. */
	snprintf(old, sizeof old, "%s/.kit.old-%ld", app_root, (long)getpid());
	kit_outdir_remove(old);
	if (rename(dest, old) != 0 || rename(tmp, dest) != 0) {
		snprintf(err, errlen, "cannot replace %s: %s", dest, strerror(errno));
		return -1;
	}
	kit_outdir_remove(old);
	return 0;
}

void kit_outdir_clean_stale(const char *app_root)
{
	DIR *dp = opendir(app_root);
	if (!dp)
		return;
	struct dirent *de;
	while ((de = readdir(dp))) {
		const char *rest = NULL;
		if (strncmp(de->d_name, ".kit.tmp-", 9) == 0 || strncmp(de->d_name, ".kit.old-", 9) == 0)
			rest = de->d_name + 9;
		if (!rest || !*rest)
			continue;
		char *end;
		long pid = strtol(rest, &end, 10);
		if (*end || pid <= 0 || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue; /* that build is still running */
		char path[4200];
		snprintf(path, sizeof path, "%s/%s", app_root, de->d_name);
		kit_outdir_remove(path);
	}
	closedir(dp);
}

uint64_t kit_fnv1a64(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

typedef struct names {
	char **v;
	size_t n, cap;
} names;

static void collect(const char *root, const char *rel, names *out)
{
	char path[4200];
	snprintf(path, sizeof path, "%s%s%s", root, *rel ? "/" : "", rel);
	DIR *dp = opendir(path);
	if (!dp)
		return;
	struct dirent *de;
	while ((de = readdir(dp))) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		char child[4200], abs[4400];
		snprintf(child, sizeof child, "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		snprintf(abs, sizeof abs, "%s/%s", root, child);
		struct stat st;
		if (lstat(abs, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			collect(root, child, out);
		} else if (S_ISREG(st.st_mode)) {
			if (out->n == out->cap) {
				out->cap = out->cap ? out->cap * 2 : 32;
				out->v = kit_xrealloc(out->v, out->cap * sizeof *out->v);
			}
			out->v[out->n++] = strdup(child);
		}
	}
	closedir(dp);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

uint64_t kit_fnv1a64_tree(uint64_t h, const char *dir)
{
	names list = {0};
	collect(dir, "", &list);
	if (list.n)
		qsort(list.v, list.n, sizeof *list.v, cmp_name);
	for (size_t i = 0; i < list.n; i++) {
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", dir, list.v[i]);
		size_t len = 0;
		char *data = kit_outdir_read(path, &len);
		h = kit_fnv1a64(h, list.v[i], strlen(list.v[i]) + 1);
		if (data)
			h = kit_fnv1a64(h, data, len);
		free(data);
		free(list.v[i]);
	}
	free(list.v);
	return h;
}

int kit_outdir_files_any(const char *dir, int (*test)(const char *s, size_t len, const void *arg), const void *arg)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int found = 0;
	struct dirent *de;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		char path[PATH_MAX + 300];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		size_t len;
		char *s = kit_outdir_read(path, &len);
		found = s && test(s, len, arg);
		free(s);
	}
	closedir(d);
	return found;
}

static int holds_text(const char *s, size_t len, const void *text)
{
	return memmem(s, len, text, strlen(text)) != NULL;
}

int kit_outdir_tree_has(const char *dir, const char *text)
{
	return kit_outdir_files_any(dir, holds_text, text);
}

size_t kit_outdir_tree_bytes(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t n = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		char path[PATH_MAX];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (de->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode))
			n += (size_t)st.st_size;
	}
	closedir(d);
	return n;
}
