/* config.c — reading and checking kit.config.json (see config.h). */
#include "build/config.h"

#include <errno.h>
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/bjson.h"
#include "render/xalloc.h"
#include "render/buf.h"

#define CONFIG_FILE "kit.config.json"

static const char *const known_keys[] = { "sourceDir", "buildBudgetMs", "keepVersions", "hostManifest", "loaders" };

static char *read_text(const char *path, int *missing)
{
	char *text = kit_read_file(path, NULL);
	*missing = !text && errno == ENOENT;
	return text;
}

/* "./src/app/" → "src/app"; NULL when the path leaves the app root or is empty. */
static const char *normalise_dir(kit_arena *a, const char *in)
{
	if (in[0] == '/')
		return NULL;
	kit_buf b;
	kit_buf_init(&b);
	const char *p = in;
	while (*p) {
		const char *end = strchr(p, '/');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n == 2 && strncmp(p, "..", 2) == 0) {
			kit_buf_free(&b);
			return NULL;
		}
		if (n && !(n == 1 && *p == '.')) {
			if (b.len)
				kit_buf_putc(&b, '/');
			kit_buf_put(&b, p, n);
		}
		p += n + (end != NULL);
	}
	const char *s = b.len ? kit_arena_strndup(a, b.data, b.len) : NULL;
	kit_buf_free(&b);
	return s;
}

/* The array of non-empty strings at the top of the stack, NULL-terminated in
 * a; NULL when it is not one (an empty array is one only when allow_empty). */
static const char **string_array(js_State *J, kit_arena *a, int allow_empty, int paths)
{
	if (!js_isarray(J, -1))
		return NULL;
	int n = js_getlength(J, -1);
	if (n == 0 && !allow_empty)
		return NULL;
	const char **v = kit_arena_alloc(a, (size_t)(n + 1) * sizeof *v);
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		const char *s = js_isstring(J, -1) ? js_tostring(J, -1) : NULL;
		if (s && *s && paths)
			s = normalise_dir(a, s);
		else if (s && *s)
			s = kit_arena_strdup(a, s);
		else
			s = NULL;
		js_pop(J, 1);
		if (!s)
			return NULL;
		v[i] = s;
	}
	v[n] = NULL;
	return v;
}

/* hostManifest: {command: [...], cwd?: "dir", watch?: [...]} */
static int check_host(js_State *J, kit_config *c, kit_arena *a, kit_diags *d)
{
	kit_diag *g;
	if (!js_isobject(J, -1) || js_isarray(J, -1)) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "\"hostManifest\" must be an object");
		kit_diag_fix(d, g, "for example \"hostManifest\": {\"command\": [\"php\", \"artisan\", \"rsc:host-manifest\"]}");
		return 1;
	}
	int bad = 0;
	js_pushiterator(J, -1, 1);
	const char *key;
	while ((key = js_nextiterator(J, -1))) {
		if (strcmp(key, "command") && strcmp(key, "cwd") && strcmp(key, "watch")) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "unknown key \"%s\" in \"hostManifest\"", key);
			kit_diag_fix(d, g, "\"hostManifest\" knows \"command\", \"cwd\" and \"watch\"; remove the key or fix its spelling");
			bad = 1;
		}
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "command");
	c->host_command = string_array(J, a, 0, 0);
	if (!c->host_command) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
				 "\"hostManifest.command\" must be a non-empty array of non-empty strings (the program, then its arguments)");
		kit_diag_fix(d, g, "for example \"command\": [\"go\", \"run\", \"./cmd/manifest\"]; it runs without a shell");
		bad = 1;
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "cwd");
	if (js_isdefined(J, -1)) {
		const char *dir = js_isstring(J, -1) ? normalise_dir(a, js_tostring(J, -1)) : NULL;
		if (!dir && js_isstring(J, -1) && strspn(js_tostring(J, -1), "./") == strlen(js_tostring(J, -1)) &&
		    js_tostring(J, -1)[0] == '.')
			dir = "";
		if (!dir) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
					 "\"hostManifest.cwd\" must name a directory inside the app");
			kit_diag_fix(d, g, "give it relative to the app without \"..\", for example \"cwd\": \"backend\"");
			bad = 1;
		}
		c->host_cwd = dir;
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "watch");
	if (js_isdefined(J, -1)) {
		c->host_watch = string_array(J, a, 1, 1);
		if (!c->host_watch) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
					 "\"hostManifest.watch\" must be an array of paths inside the app");
			kit_diag_fix(d, g, "for example \"watch\": [\"backend/app\", \"backend/routes\"] (relative, without \"..\")");
			bad = 1;
		}
	}
	js_pop(J, 1);
	return bad;
}

/* "loaders": {".md": "text", ".glb": "url", …}: how an import of a file of
 * that extension becomes a value (toolchain/assets.mjs reads them;
 * docs/assets.md). Checked here so a mistake names the key. */
static int check_loaders(js_State *J, kit_diags *d)
{
	static const char *const kinds[] = { "text", "url", "image", "base64", "json" };
	kit_diag *g;
	if (!js_isobject(J, -1) || js_isarray(J, -1)) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "\"loaders\" must be an object of extensions");
		kit_diag_fix(d, g, "for example \"loaders\": {\".md\": \"text\", \".glb\": \"url\"}");
		return 1;
	}
	int bad = 0;
	js_pushiterator(J, -1, 1);
	const char *ext;
	while ((ext = js_nextiterator(J, -1))) {
		int ok_ext = ext[0] == '.' && ext[1] && strspn(ext + 1, "abcdefghijklmnopqrstuvwxyz0123456789.-_") == strlen(ext + 1);
		js_getproperty(J, -2, ext);
		const char *kind = js_isstring(J, -1) ? js_tostring(J, -1) : "";
		size_t i;
		for (i = 0; i < sizeof kinds / sizeof *kinds; i++)
			if (strcmp(kind, kinds[i]) == 0)
				break;
		if (!ok_ext) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "\"loaders\": \"%s\" is not a file extension", ext);
			kit_diag_fix(d, g, "write it as a dot and lower-case letters or digits, for example \".md\"");
			bad = 1;
		} else if (i == sizeof kinds / sizeof *kinds) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "\"loaders\": \"%s\" has no loader \"%s\"", ext, kind);
			kit_diag_fix(d, g, "use \"text\" (the file as a string), \"url\" (its URL), \"image\" ({ src, width, height }), \"base64\" or \"json\"");
			bad = 1;
		}
		js_pop(J, 1);
	}
	js_pop(J, 1);
	return bad;
}

static int check(js_State *J, kit_config *c, kit_arena *a, kit_diags *d)
{
	int bad = 0;
	kit_diag *g;
	if (!js_isobject(J, -1) || js_isarray(J, -1)) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "the file must hold one JSON object");
		kit_diag_fix(d, g, "write {\"sourceDir\": \"src/app\"}, or delete the file to use the defaults");
		return -1;
	}
	js_pushiterator(J, -1, 1);
	const char *key;
	while ((key = js_nextiterator(J, -1))) {
		size_t i;
		for (i = 0; i < sizeof known_keys / sizeof *known_keys; i++)
			if (strcmp(key, known_keys[i]) == 0)
				break;
		if (i == sizeof known_keys / sizeof *known_keys) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "unknown key \"%s\"", key);
			kit_diag_fix(d, g, "kit-build knows \"sourceDir\", \"buildBudgetMs\", \"keepVersions\", \"hostManifest\" and \"loaders\" (see build/README.md); remove the key or fix its spelling");
			bad = 1;
		}
	}
	js_pop(J, 1);

	js_getproperty(J, -1, "sourceDir");
	if (js_isdefined(J, -1)) {
		const char *dir = js_isstring(J, -1) ? normalise_dir(a, js_tostring(J, -1)) : NULL;
		if (!js_isstring(J, -1)) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "\"sourceDir\" must be a string");
			kit_diag_fix(d, g, "give the routes directory relative to the app, for example \"sourceDir\": \"src/app\"");
			bad = 1;
		} else if (!dir) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
					 "\"sourceDir\" (\"%s\") must name a directory inside the app",
					 js_tostring(J, -1));
			kit_diag_fix(d, g, "use a relative path without \"..\", for example \"src/app\"");
			bad = 1;
		} else {
			c->source_dir = dir;
		}
	}
	js_pop(J, 1);

	js_getproperty(J, -1, "buildBudgetMs");
	if (js_isdefined(J, -1)) {
		double ms = js_isnumber(J, -1) ? js_tonumber(J, -1) : -1;
		if (!(ms >= 1 && ms <= 600000) || ms != (double)(long)ms) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
					 "\"buildBudgetMs\" must be a whole number of milliseconds from 1 to 600000");
			kit_diag_fix(d, g, "for example \"buildBudgetMs\": 5000 (the default)");
			bad = 1;
		} else {
			c->build_budget_ms = (long)ms;
		}
	}
	js_pop(J, 1);

	js_getproperty(J, -1, "keepVersions");
	if (js_isdefined(J, -1)) {
		double n = js_isnumber(J, -1) ? js_tonumber(J, -1) : -1;
		if (!(n >= 1 && n <= 100) || n != (double)(int)n) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE,
					 "\"keepVersions\" must be a whole number of versions from 1 to 100");
			kit_diag_fix(d, g, "for example \"keepVersions\": 5 (the default): the store keeps the newest five builds for a rollback");
			bad = 1;
		} else {
			c->keep_versions = (int)n;
		}
	}
	js_pop(J, 1);

	js_getproperty(J, -1, "hostManifest");
	if (js_isdefined(J, -1))
		bad |= check_host(J, c, a, d);
	js_pop(J, 1);

	js_getproperty(J, -1, "loaders");
	if (js_isdefined(J, -1))
		bad |= check_loaders(J, d);
	js_pop(J, 1);
	return bad ? -1 : 0;
}

int kit_config_load(kit_config *c, kit_arena *a, const char *app_root, kit_diags *d)
{
	c->source_dir = "src/app";
	c->build_budget_ms = 5000;
	c->keep_versions = 5;
	c->host_command = NULL;
	c->host_cwd = "";
	c->host_watch = NULL;
	size_t n = strlen(app_root) + sizeof CONFIG_FILE + 2;
	char *path = kit_arena_alloc(a, n);
	snprintf(path, n, "%s/%s", app_root, CONFIG_FILE);
	int missing;
	char *text = read_text(path, &missing);
	if (!text) {
		if (missing)
			return 0;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "cannot read the file: %s",
					   strerror(errno));
		kit_diag_fix(d, g, "make it readable, or delete it to use the defaults");
		return -1;
	}
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J)
		kit_out_of_memory(0);  /* mujs could not allocate its state */
	char err[KIT_ERR_SIZE];
	int rc;
	if (kit_bjson_parse(J, text, err, sizeof err) != 0) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, CONFIG_FILE, "not valid JSON (%s)", err);
		kit_diag_fix(d, g, "fix the syntax (JSON has no comments and no trailing commas)");
		rc = -1;
	} else {
		rc = check(J, c, a, d);
	}
	js_freestate(J);
	free(text);
	return rc;
}
