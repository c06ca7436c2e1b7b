/* jscache.c — .kit/jsc/: the bundle's compiled code (see jscache.h). */
#include "build/jscache.h"
#include "build/outdir.h"
#include "render/xalloc.h"
#include "render/buf.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void append(void *ctx, const void *p, size_t n)
{
	kit_buf_put(ctx, p, n);
}

/* Compiles dir/name and writes its image to tmp/jsc/<name>c; a file that
 * does not compile gets none. */
static int write_one(js_State *J, const char *tmp, const char *dir, const char *name, char *err, size_t errlen)
{
	char path[PATH_MAX + 300], rel[400];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	size_t len;
	char *src = kit_outdir_read(path, &len);
	if (!src) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	kit_buf img;
	kit_buf_init(&img);
	int rc = 0;
	if (memchr(src, 0, len)) {
		snprintf(err, errlen, "%s holds a zero byte", path);
		rc = -1;
	} else if (js_compilecache(J, path, src, len, append, &img)) {
		/* no image: the host compiles the file and reports its error
		 * (kit-build --dev publishes a build with a chunk that fails) */
		js_pop(J, 1);
	} else {
		snprintf(rel, sizeof rel, "jsc/%sc", name);
		rc = kit_outdir_write(tmp, rel, img.data, img.len, err, errlen);
	}
	int saved = errno;
	kit_buf_free(&img);
	free(src);
	errno = saved;
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int kit_jscache_write(const char *tmp, char *err, size_t errlen)
{
	char dir[PATH_MAX + 20];
	snprintf(dir, sizeof dir, "%s/jsc", tmp);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return -1;
	}
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J) {
		snprintf(err, errlen, "cannot create a mujs state");
		return -1;
	}
	int rc = write_one(J, tmp, tmp, "server.js", err, errlen);
	snprintf(dir, sizeof dir, "%s/server", tmp);
	DIR *d = rc == 0 ? opendir(dir) : NULL;
	if (d) {
		/* in name order: the first failure is the same one every time */
		char **names = NULL;
		size_t n = 0;
		struct dirent *de;
		while ((de = readdir(d))) {
			size_t l = strlen(de->d_name);
			if (de->d_name[0] != '.' && l > 3 && l < 200 && strcmp(de->d_name + l - 3, ".js") == 0) {
				names = kit_xrealloc(names, (n + 1) * sizeof *names);
				names[n++] = kit_xstrdup(de->d_name);
			}
		}
		closedir(d);
		if (n)
			qsort(names, n, sizeof *names, by_name);
		int saved = 0;
		for (size_t i = 0; i < n; i++) {
			if (rc == 0 && (rc = write_one(J, tmp, dir, names[i], err, errlen)) != 0)
				saved = errno;
			free(names[i]);
		}
		free(names);
		errno = saved;
	}
	int saved = errno;
	js_freestate(J);
	errno = saved;
	return rc;
}
