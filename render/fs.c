/* fs.c — the app's own files for server code: the natives behind kit's `fs`,
 * `fs/promises` and `process.cwd()` (js/server/node/fs.ts, docs/files.md).
 *
 * Server components read their content the way a Next.js app does
 * (`fs.readFileSync(path.join(process.cwd(), "_posts", f), "utf8")`), at
 * build time and per request. Only the app's directory is readable: every
 * path is resolved (symbolic links included) and must stay below the root
 * the engine was opened with; anything else is refused before it is opened,
 * with the path in the message. Reading is synchronous: files are local and
 * small, and the promise API resolves with what the sync call returned.
 *
 * Each native returns {ok: value} or {code: "ENOENT"|…|"KIT_OUTSIDE"|
 * "KIT_TOO_LARGE"}; the JS side makes Node's errors of them. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine_impl.h"
#include "fs.h"
#include "jsstr.h"
#include "xalloc.h"

/* A file past this is refused rather than read into the JS heap. */
#define KIT_FS_MAX_FILE ((size_t)64 << 20)

static const char *errno_code(int err)
{
	switch (err) {
	case ENOENT: return "ENOENT";
	case ENOTDIR: return "ENOTDIR";
	case EISDIR: return "EISDIR";
	case EACCES: return "EACCES";
	case ELOOP: return "ELOOP";
	case ENAMETOOLONG: return "ENAMETOOLONG";
	case EMFILE: return "EMFILE";
	default: return "EIO";
	}
}

static void push_error(js_State *J, const char *code)
{
	js_newobject(J);
	js_pushstring(J, code);
	js_setproperty(J, -2, "code");
}

/* path below root, or root itself: "/srv/app" holds "/srv/app/x", not "/srv/apple" */
static int below(const char *root, const char *path)
{
	size_t n = strlen(root);
	return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0' || (n == 1 && root[0] == '/'));
}

/* Whether path (absolute, normalized by the JS side) may be read: its real
 * path, or for a path that does not exist its parent's, is below the root.
 * follow = 0 for lstat: the link itself, checked by its parent. Returns NULL
 * when allowed, else the error code. */
static const char *check(const kit_engine *e, const char *path, int follow)
{
	if (!e->fs_root)
		return "KIT_NO_ROOT";
	if (path[0] != '/' || !below(e->fs_root, path))
		return "KIT_OUTSIDE";
	char real[PATH_MAX];
	if (follow && realpath(path, real))
		return below(e->fs_root, real) ? NULL : "KIT_OUTSIDE";
	/* no such file (or lstat): the directory it would be in decides */
	char parent[PATH_MAX];
	size_t n = strlen(path);
	if (n >= sizeof parent)
		return "ENAMETOOLONG";
	memcpy(parent, path, n + 1);
	char *slash = strrchr(parent, '/');
	if (slash == parent)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	if (realpath(parent, real))
		return below(e->fs_root, real) ? NULL : "KIT_OUTSIDE";
	return NULL; /* the parent is missing too: the call itself says ENOENT */
}

static void native_root(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	if (e->fs_root)
		js_pushstring(J, e->fs_root);
	else
		js_pushundefined(J);
}

/* __kit_fs_read(path, bytes): the file as UTF-8 text, or as a byte string
 * (one character per byte) when bytes is true. */
static void native_read(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	const char *path = js_tostring(J, 1);
	int bytes = js_toboolean(J, 2);
	const char *refused = check(e, path, 1);
	if (refused) {
		push_error(J, refused);
		return;
	}
	struct stat st;
	if (stat(path, &st) < 0) {
		push_error(J, errno_code(errno));
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		push_error(J, "EISDIR");
		return;
	}
	if ((size_t)st.st_size > KIT_FS_MAX_FILE) {
		push_error(J, "KIT_TOO_LARGE");
		return;
	}
	size_t len;
	char *data = kit_read_file(path, &len);
	if (!data) {
		push_error(J, errno_code(errno));
		return;
	}
	js_newobject(J);
	if (bytes)
		kit_jsstr_push_bytes(J, data, len);
	else
		kit_jsstr_push_text(J, data, len);
	free(data);
	js_setproperty(J, -2, "ok");
}

static const char *type_name(mode_t m)
{
	return S_ISREG(m) ? "file" : S_ISDIR(m) ? "dir" : S_ISLNK(m) ? "link" : "other";
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* __kit_fs_list(path): [[name, type], …] sorted by name as libuv's scandir
 * sorts (so as Node's readdir lists), without "." and "..". */
static void native_list(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	const char *path = js_tostring(J, 1);
	const char *refused = check(e, path, 1);
	if (refused) {
		push_error(J, refused);
		return;
	}
	DIR *d = opendir(path);
	if (!d) {
		push_error(J, errno_code(errno));
		return;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	for (struct dirent *de; (de = readdir(d));) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			names = kit_xrealloc(names, cap * sizeof *names);
		}
		/* the type byte after the name's NUL */
		size_t len = strlen(de->d_name);
		char *name = kit_xmalloc(len + 2);
		memcpy(name, de->d_name, len + 1);
		name[len + 1] = (char)de->d_type;
		names[n++] = name;
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	js_newobject(J);
	js_newarray(J);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(names[i]);
		unsigned char dt = (unsigned char)names[i][len + 1];
		const char *type = dt == DT_REG ? "file" : dt == DT_DIR ? "dir" : dt == DT_LNK ? "link" : NULL;
		if (!type) {
			/* a file system without d_type: ask */
			char full[PATH_MAX];
			struct stat st;
			snprintf(full, sizeof full, "%s/%s", path, names[i]);
			type = lstat(full, &st) == 0 ? type_name(st.st_mode) : "other";
		}
		js_newarray(J);
		kit_jsstr_push_text(J, names[i], len);
		js_setindex(J, -2, 0);
		js_pushstring(J, type);
		js_setindex(J, -2, 1);
		js_setindex(J, -2, (int)i);
		free(names[i]);
	}
	free(names);
	js_setproperty(J, -2, "ok");
}

static double ms(struct timespec t)
{
	return (double)t.tv_sec * 1000.0 + (double)(t.tv_nsec / 1000) / 1000.0;
}

/* __kit_fs_stat(path, follow): {size, mode, type, atimeMs, mtimeMs, ctimeMs} */
static void native_stat(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	const char *path = js_tostring(J, 1);
	int follow = js_isundefined(J, 2) || js_toboolean(J, 2);
	const char *refused = check(e, path, follow);
	if (refused) {
		push_error(J, refused);
		return;
	}
	struct stat st;
	if ((follow ? stat(path, &st) : lstat(path, &st)) < 0) {
		push_error(J, errno_code(errno));
		return;
	}
	js_newobject(J);
	js_newobject(J);
	js_pushnumber(J, (double)st.st_size);
	js_setproperty(J, -2, "size");
	js_pushnumber(J, (double)st.st_mode);
	js_setproperty(J, -2, "mode");
	js_pushstring(J, type_name(st.st_mode));
	js_setproperty(J, -2, "type");
	js_pushnumber(J, ms(st.st_atim));
	js_setproperty(J, -2, "atimeMs");
	js_pushnumber(J, ms(st.st_mtim));
	js_setproperty(J, -2, "mtimeMs");
	js_pushnumber(J, ms(st.st_ctim));
	js_setproperty(J, -2, "ctimeMs");
	js_setproperty(J, -2, "ok");
}

int kit_fs_open(kit_engine *e, const char *app_root)
{
	if (!app_root)
		return 0;
	char real[PATH_MAX];
	if (!realpath(app_root, real))
		return -1;
	e->fs_root = kit_xstrdup(real);
	return 0;
}

void kit_fs_install(kit_engine *e)
{
	js_State *J = e->J;
	js_newcfunction(J, native_root, "__kit_fs_root", 0);
	js_setglobal(J, "__kit_fs_root");
	js_newcfunction(J, native_read, "__kit_fs_read", 2);
	js_setglobal(J, "__kit_fs_read");
	js_newcfunction(J, native_list, "__kit_fs_list", 1);
	js_setglobal(J, "__kit_fs_list");
	js_newcfunction(J, native_stat, "__kit_fs_stat", 2);
	js_setglobal(J, "__kit_fs_stat");
}

void kit_fs_close(kit_engine *e)
{
	free(e->fs_root);
	e->fs_root = NULL;
}
