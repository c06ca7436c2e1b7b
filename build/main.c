/* main.c — kit-build: from an app's route tree to its .kit/ build directory.
 *
 *   kit-build [DIR]     (DIR defaults to the current directory)
 *
 * The steps, each of which may stop the build with diagnostics (diag.h):
 * kit.config.json (config.c) → the backend manifest: run hostManifest's
 * command, read rsc-host.json, write src/server-actions.generated.ts
 * (hostgen.c) → scan the route tree (scan.c) → write the
 * generated entry into .kit.tmp-<pid>/ (emit.c) → bundle and lower it with the
 * JS toolchain (bundle.c; it also finds the "use client" modules, replaces
 * them by client references in the server bundle and writes the browser
 * build: static/ and client-manifest.json) → concatenate server.js → load it
 * in mujs and read the route modules' exports (verify.c) → manifest, typed
 * routes, rsc-env.d.ts and version (emit.c, hostgen.c) → swap the directory in as .kit (outdir.c) →
 * print the listing.
 * Nothing is published unless every step succeeded. The layout of .kit/ is the
 * contract in docs/build-output.md. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build/bundle.h"
#include "build/config.h"
#include "build/diag.h"
#include "build/emit.h"
#include "build/hostgen.h"
#include "build/jscache.h"
#include "build/nextconv.h"
#include "build/webuse.h"
#include "build/outdir.h"
#include "build/prerender.h"
#include "build/publish.h"
#include "build/scan.h"
#include "build/nextmw.h"
#include "build/verify.h"
#include "render/arena.h"
#include "render/buf.h"

#ifndef KIT_DATADIR
#define KIT_DATADIR "/usr/local/share/kit"
#endif
#ifndef KIT_NODE
#define KIT_NODE "node"
#endif

/* The runtime files server.js starts with, in this order (build-output.md). */
static const char *const runtime_parts[] = {
	"runtime/mujs-fixes.js", "runtime/prelude.js", "runtime/polyfills.js",
};

static void usage(FILE *out)
{
	fputs("usage: kit-build [--dev] [--no-prerender] [--no-host-command] [DIR]\n"
	      "       kit-build --versions [DIR]\n"
	      "       kit-build --rollback[=VERSION] [DIR]\n"
	      "       kit-build --publish-from=SRC [DIR]\n"
	      "       kit-build --watch-paths [DIR]\n"
	      "       kit-build --deploy OUT [--no-build] [--deploy-binaries BINDIR] [DIR]\n"
	      "Builds the kit app in DIR (default: the current directory) into DIR/.kit/\n"
	      "and publishes it as the active version of DIR/.kit-store/ (the store keeps\n"
	      "\"keepVersions\" versions, default 5). --versions lists them; --rollback\n"
	      "makes VERSION (default: the one published before the active one) active\n"
	      "again: running responders switch at their next request. --publish-from\n"
	      "publishes the build in SRC (a copy of .kit/ and .kit-store/ built elsewhere)\n"
	      "as DIR's active version without building (docs/deploy.md).\n"
	      "Routes are read from DIR/src/app, or from \"sourceDir\" in DIR/kit.config.json.\n"
	      "Shared hosting (docs/deploy.md):\n"
	      "  --deploy OUT       after the build (--no-build: from the existing one),\n"
	      "                     write what to upload: OUT/public_html/ (the document\n"
	      "                     root), OUT/app/ (beside it: the app, the store,\n"
	      "                     kit-fcgi and kit.cgi) and OUT/README.txt\n"
	      "  --deploy-binaries BINDIR  take kit-fcgi and kit.cgi from BINDIR (default:\n"
	      "                     beside kit-build, or $KIT_DEPLOY_BINARIES)\n"
	      "Development (what kit-serve --dev runs):\n"
	      "  --dev              a failing hostManifest command is a warning: the build\n"
	      "                     goes on with the rsc-host.json that was there; the\n"
	      "                     browser gets React's development builds, source maps\n"
	      "                     and the dev client (error overlay, live reload)\n"
	      "  --no-prerender     render nothing at build time: every route renders per\n"
	      "                     request (faster builds; build-time checks of routes skipped)\n"
	      "  --no-host-command  do not run the hostManifest command; use rsc-host.json as it is\n"
	      "  --watch-paths      print what a dev server watches, one \"build PATH\" or\n"
	      "                     \"manifest PATH\" line each (relative to DIR), and exit\n"
	      "Environment: KIT_DATADIR (kit's data directory; default: the source tree\n"
	      "             of an uninstalled kit-build, else ../share/kit beside the\n"
	      "             binary's directory, else " KIT_DATADIR "),\n"
	      "             KIT_NODE (the node binary, default " KIT_NODE "),\n"
	      "             KIT_CLIENT_ENTRY (the browser runtime entry, default\n"
	      "             @kit/core/client/entry).\n", out);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *path2(kit_arena *a, const char *x, const char *y)
{
	size_t n = strlen(x) + strlen(y) + 2;
	char *s = kit_arena_alloc(a, n);
	snprintf(s, n, "%s/%s", x, y);
	return s;
}

static int exists(const char *path, int want_dir)
{
	struct stat st;
	return stat(path, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/* Checks that kit's data directory has what a build needs. */
static int check_datadir(const char *datadir, kit_diags *d)
{
	static const char *const files[] = {
		"toolchain/bundle.mjs", "toolchain/node_modules/esbuild/package.json",
		"toolchain/node_modules/@swc/core/package.json",
		"runtime/mujs-fixes.js", "runtime/prelude.js", "runtime/polyfills.js", "runtime/polyfills-shared.js",
		"runtime/polyfills-url.js", "js/server/runtime.ts", "js/server/react.ts", "js/server/jsx-runtime.ts",
	};
	int ok = 1;
	char path[PATH_MAX + 64];
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(path, sizeof path, "%s/%s", datadir, files[i]);
		if (exists(path, 0))
			continue;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "kit's data directory %s lacks %s",
					   datadir, files[i]);
		kit_diag_fix(d, g, "%s", strncmp(files[i], "toolchain/node_modules", 22) == 0 ||
						 strncmp(files[i], "runtime/polyfills", 17) == 0
					 ? "run `make` in kit's source tree (it installs the JS toolchain), or reinstall kit"
					 : "set KIT_DATADIR to kit's data directory (the source tree in development), or reinstall kit");
		ok = 0;
	}
	return ok ? 0 : -1;
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

/* server.js = runtime parts + app bundle, each ending in a newline. An app
 * with the web classes gets runtime/polyfills-shared.js instead of
 * runtime/polyfills.js (the same, and the core-js internals that the chunk
 * of core-js's URL, runtime/polyfills-url.js, shares with it). */
static int compose_server(const char *datadir, const char *app_js, size_t app_len, int web_classes,
			  kit_buf *out, kit_verify_part *parts, kit_diags *d)
{
	size_t line = 1;
	for (size_t i = 0; i < 3; i++) {
		const char *name = runtime_parts[i];
		if (web_classes && strcmp(name, "runtime/polyfills.js") == 0)
			name = "runtime/polyfills-shared.js";
		char path[PATH_MAX + 64];
		snprintf(path, sizeof path, "%s/%s", datadir, name);
		size_t len;
		char *text = kit_outdir_read(path, &len);
		if (!text) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot read %s", path);
			kit_diag_fix(d, g, "reinstall kit, or run `make` in its source tree");
			return -1;
		}
		size_t start = out->len;
		kit_buf_put(out, text, len);
		if (!len || text[len - 1] != '\n')
			kit_buf_putc(out, '\n');
		free(text);
		parts[i] = (kit_verify_part){ name, line,
					      count_lines(out->data + start, out->len - start) };
		line += parts[i].nlines;
	}
	size_t start = out->len;
	kit_buf_put(out, app_js, app_len);
	if (!app_len || app_js[app_len - 1] != '\n')
		kit_buf_putc(out, '\n');
	parts[3] = (kit_verify_part){ "app", line, count_lines(out->data + start, out->len - start) };
	return 0;
}

/* .kit/lines/server.js (render/srcmap.c): toolchain/bundle.mjs wrote the
 * app part's table there; the runtime parts' lines go before it, each
 * naming its own file (sources appended after the app's, so the app's
 * indices stay). */
static int write_server_lines(const char *tmp, const kit_verify_part *parts, char *err, size_t errlen)
{
	char path[PATH_MAX + 64];
	if ((size_t)snprintf(path, sizeof path, "%s/lines/server.js", tmp) >= sizeof path) {
		snprintf(err, errlen, "the build directory's path is too long: %s/lines/server.js", tmp);
		return -1;
	}
	size_t len;
	char *app = kit_outdir_read(path, &len);
	if (!app)
		return 0;  /* no table: frames keep .kit/server.js */
	char *body = strchr(app, '\n');
	size_t napp = 0;
	for (const char *p = app; body && p < body; p++)
		napp += *p == '"';
	napp /= 2;
	kit_buf out;
	kit_buf_init(&out);
	if (body && body > app && body[-1] == ']') {
		kit_buf_put(&out, app, (size_t)(body - 1 - app));
		for (size_t i = 0; i < 3; i++)
			kit_buf_printf(&out, "%s\"%s\"", napp + i ? "," : "", parts[i].name);
		kit_buf_puts(&out, "]\n");
		for (size_t i = 0; i < 3; i++)
			for (size_t l = 1; l <= parts[i].nlines; l++)
				kit_buf_printf(&out, "%zu %zu\n", napp + i, l);
		kit_buf_puts(&out, body + 1);
	}
	free(app);
	int rc = out.len ? kit_outdir_write(tmp, "lines/server.js", out.data, out.len, err, errlen) : 0;
	kit_buf_free(&out);
	return rc;
}

/* Characters, not bytes, so that columns line up after non-ASCII paths. */
static size_t display_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void print_clients(const kit_bundle_result *res)
{
	size_t width = 6;
	for (size_t i = 0; i < res->nmodules; i++) {
		size_t n = display_width(res->modules[i].id);
		if (n > width)
			width = n;
	}
	if (width > 50)
		width = 50;
	printf("\nClient modules (browser JS besides the entry)\n");
	for (size_t i = 0; i < res->nmodules; i++) {
		const kit_bundle_client_module *m = &res->modules[i];
		const char *tree = res->nmodules == 1 ? "-" : i == 0 ? "┌" : i + 1 == res->nmodules ? "└" : "├";
		size_t w = display_width(m->id);
		if (strncmp(m->id, "@kit/core/", 10) == 0) /* registered by the entry itself */
			printf("%s %s%*s  in entry  kit\n", tree, m->id, (int)(w < width ? width - w : 0), "");
		else
			printf("%s %s%*s %7.1f kB  %s\n", tree, m->id, (int)(w < width ? width - w : 0), "",
			       (double)m->bytes / 1000.0, m->file);
	}
	printf("  entry%*s %7.1f kB  loaded by every page that holds a client component\n",
	       (int)(width - 5), "", (double)res->entry_bytes / 1000.0);
}

static void print_listing(const kit_scan *scan, const kit_bundle_result *res, const kit_route_outcome *outcomes,
			  size_t server_bytes, size_t chunk_bytes, double seconds)
{
	size_t width = 5, pages = 0;
	for (size_t i = 0; i < scan->nroutes; i++) {
		size_t n = display_width(scan->routes[i].path);
		if (n > width)
			width = n;
		pages += scan->routes[i].kind == KIT_SCAN_PAGE;
	}
	if (width > 40)
		width = 40;
	printf("\nRoute (%s)\n", scan->source_dir);
	for (size_t i = 0; i < scan->nroutes; i++) {
		const kit_scan_route *r = &scan->routes[i];
		const char *tree = scan->nroutes == 1 ? "-" : i == 0 ? "┌" : i + 1 == scan->nroutes ? "└" : "├";
		size_t w = display_width(r->path);
		const kit_route_outcome *o = outcomes ? &outcomes[i] : NULL;
		int stored = o && (o->outcome == KIT_OUTCOME_STORED || o->outcome == KIT_OUTCOME_REDIRECT);
		int shell = o && o->outcome == KIT_OUTCOME_SHELL, listed = o && o->outcome == KIT_OUTCOME_LISTED;
		printf("%s %s %s%*s %-4s  %s", tree, stored ? "○" : shell ? "◐" : listed ? "●" : "ƒ", r->path, (int)(w < width ? width - w : 0), "",
		       r->kind == KIT_SCAN_API ? "api" : "page", r->file);
		if (r->kind == KIT_SCAN_API) {
			fputs(" ·", stdout);
			for (int b = 0; b < KIT_METHOD_COUNT; b++)
				if (r->methods & (1u << b))
					printf(" %s", kit_scan_method_name(b));
		}
		for (size_t j = 0; j < r->nlayouts; j++)
			printf("%s%s", j ? ", " : r->nlayouts > 1 ? " · layouts " : " · layout ",
			       r->layouts[j].module);
		if (r->loading)
			printf(" · loading %s", r->loading);
		for (size_t j = 0; j < r->nmiddleware; j++)
			printf("%s%s", j ? ", " : " · middleware ", r->middleware[j]);
		if (stored)
			printf(" · %s %.1f kB%s%s", o->outcome == KIT_OUTCOME_REDIRECT ? "redirect stored" : "stored",
			       (double)o->bytes / 1000.0, o->reason ? " · " : "", o->reason ? o->reason : "");
		else if (shell)
			printf(" · shell stored %.1f kB · %s", (double)o->bytes / 1000.0, o->reason);
		else if (listed)
			printf(" · %s (%.1f kB)", o->reason, (double)o->bytes / 1000.0);
		else if (o && o->reason)
			printf(" · %s", o->reason);
		putchar('\n');
	}
	const kit_scan_module *nextmw = kit_nextmw_module(scan);
	if (nextmw)
		printf("\nMiddleware %s · runs before routing for the paths its config.matcher covers (docs/middleware.md)\n",
		       nextmw->file);
	if (res->nmodules)
		print_clients(res);
	printf("\n○  (Static)   stored at build time, served from .kit-store/stored/\n"
	       "●  (SSG)      the URLs generateStaticParams() lists stored at build time\n"
	       "◐  (Partial)  shell stored at build time, holes rendered per request\n"
	       "ƒ  (Dynamic)  rendered per request\n\n");
	printf("%zu route%s (%zu page%s, %zu API) from %zu module%s · server.js %.1f kB + %.1f kB in server/",
	       scan->nroutes, scan->nroutes == 1 ? "" : "s", pages, pages == 1 ? "" : "s",
	       scan->nroutes - pages, scan->nmodules, scan->nmodules == 1 ? "" : "s",
	       (double)server_bytes / 1000.0, (double)chunk_bytes / 1000.0);
	if (res->nmodules)
		printf(" · %zu client module%s, browser JS %.1f kB", res->nmodules,
		       res->nmodules == 1 ? "" : "s", (double)res->static_bytes / 1000.0);
	printf(" · built in %.2f s\n", seconds);
}

/* kit's data directory: $KIT_DATADIR; else, for a kit-build run uninstalled
 * from a built source tree, that tree (it has toolchain/ and js/ beside the
 * binary); else BINDIR/../share/kit when it is one (an install moved as a
 * whole, or staged with DESTDIR); else the compiled-in $(pkgdatadir). */
static const char *find_datadir(kit_arena *a)
{
	const char *env = getenv("KIT_DATADIR");
	if (env && *env)
		return env;
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash && slash != exe) {
			*slash = '\0';
			if (exists(path2(a, exe, "toolchain/bundle.mjs"), 0) &&
			    exists(path2(a, exe, "js/server/runtime.ts"), 0))
				return kit_arena_strdup(a, exe);
			char share[PATH_MAX];
			if (realpath(path2(a, exe, "../share/kit"), share) &&
			    exists(path2(a, share, "toolchain/bundle.mjs"), 0) &&
			    exists(path2(a, share, "js/server/runtime.ts"), 0))
				return kit_arena_strdup(a, share);
		}
	}
	return KIT_DATADIR;
}

typedef struct build {
	kit_arena *a;
	kit_diags diags;
	const char *app_root, *datadir, *node;
	char tmp[PATH_MAX + 64];
	int have_tmp;
	int web_classes;       /* the app bundle has js/server/web (build/webuse.c) */
	int binary;            /* and js/server/web/binary.ts */
	kit_scan scan;
	size_t server_bytes;
	size_t chunk_bytes;    /* the route modules' chunks, .kit/server/ */
	kit_bundle_result bundle;
	kit_route_outcome *outcomes;
	kit_hostgen host;
	int dev, no_prerender, no_host_command; /* the development flags (usage) */
} build;

/* Runs the hostManifest command. With --dev a failure is a warning, reported
 * while the existing file is used (docs/rpc.md §8): the rsc-host.json that
 * was there before is put back (the command may have left half a file) and
 * the build goes on with it. */
static int run_host_command(build *b, const kit_config *config)
{
	kit_diags *d = &b->diags;
	if (!b->dev || !config->host_command)
		return kit_hostgen_run_command(config, b->app_root, d);
	const char *path = path2(b->a, b->app_root, KIT_HOSTGEN_MANIFEST);
	size_t old_len = 0, from = d->len;
	char *old = kit_outdir_read(path, &old_len);
	if (kit_hostgen_run_command(config, b->app_root, d) == 0) {
		free(old);
		return 0;
	}
	kit_diags_downgrade(d, from);
	int rc = 0;
	if (old) {
		kit_buf keep = { .data = old, .len = old_len, .cap = old_len + 1 };
		char err[PATH_MAX + 256];
		if (kit_hostgen_write_if_changed(path, &keep, err, sizeof err) < 0) {
			kit_diag_add(d, KIT_DIAG_ERROR, KIT_HOSTGEN_MANIFEST, "putting it back: %s", err);
			rc = -1;
		} else {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, KIT_HOSTGEN_MANIFEST,
						   "dev: the build goes on with the %s that was there before the "
						   "hostManifest command ran", KIT_HOSTGEN_MANIFEST);
			kit_diag_fix(d, g, "fix the command; it runs again when a hostManifest.watch path changes");
		}
		free(old);
	} else {
		unlink(path); /* none before: whatever the failed command left is not used */
		kit_diag *g = kit_diag_add(d, KIT_DIAG_WARNING, KIT_HOSTGEN_MANIFEST,
					   "dev: the build goes on without %s (there was none before the "
					   "hostManifest command ran)", KIT_HOSTGEN_MANIFEST);
		kit_diag_fix(d, g, "fix the command; it runs again when a hostManifest.watch path changes");
	}
	return rc;
}

/* kit-build --watch-paths: what a dev server watches (kit-serve --dev). */
static int print_watch_paths(const char *dir)
{
	char root[PATH_MAX];
	if (!realpath(dir, root)) {
		fprintf(stderr, "error: %s: the app directory cannot be opened: %s\n", dir, strerror(errno));
		return 1;
	}
	kit_arena *a = kit_arena_new(1 << 14);
	kit_diags d;
	kit_diags_init(&d);
	kit_config config;
	int rc = kit_config_load(&config, a, root, &d);
	kit_diags_print(&d, stderr);
	if (rc == 0) {
		printf("build src\nbuild public\nbuild kit.config.json\nbuild %s\n", KIT_HOSTGEN_MANIFEST);
		if (strncmp(config.source_dir, "src/", 4) != 0 && strcmp(config.source_dir, "src") != 0)
			printf("build %s\n", config.source_dir);
		for (size_t i = 0; config.host_watch && config.host_watch[i]; i++)
			printf("manifest %s\n", config.host_watch[i]);
	}
	kit_diags_free(&d);
	kit_arena_free(a);
	return rc == 0 ? 0 : 1;
}

/* Does a chunk (the route modules' chunks, server/) name a binary built-in
 * (build/webuse.c)? */
static int names_binary(const char *s, size_t len, const void *arg)
{
	(void)arg;
	return kit_binaryuse_in(s, len);
}

/* The app bundle (gen/app.js, read and removed): the generated entry
 * bundled by toolchain/bundle.mjs. NULL with errors in the diagnostics. */
static char *bundle_app(build *b, size_t *app_len)
{
	kit_diags *d = &b->diags;
	char err[PATH_MAX + 256];
	b->web_classes = kit_webuse_needed(&b->scan, b->app_root);
	b->binary = kit_binaryuse_needed(b->app_root);
	size_t ndiags = d->len, nwarnings = d->nwarnings;
again:;
	kit_buf buf;
	kit_buf_init(&buf);
	kit_emit_entry(&b->scan, b->web_classes, b->binary, &buf);
	int rc = kit_outdir_write(b->tmp, "gen/entry.server.js", buf.data, buf.len, err, sizeof err);
	kit_buf_free(&buf);
	if (rc != 0) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
		return NULL;
	}

	const char *react = path2(b->a, b->datadir, "js/server/react.ts");
	const char *jsx = path2(b->a, b->datadir, "js/server/jsx-runtime.ts");
	const char *jsx_dev = path2(b->a, b->datadir, "js/server/jsx-dev-runtime.ts");
	const char *client_entry = getenv("KIT_CLIENT_ENTRY");
	kit_bundle_job job = {
		.node = b->node,
		.script = path2(b->a, b->datadir, "toolchain/bundle.mjs"),
		.entry = path2(b->a, b->tmp, "gen/entry.server.js"),
		.entry_name = ".kit/gen/entry.server.js",
		.outfile = path2(b->a, b->tmp, "gen/app.js"),
		.root = b->app_root,
		/* core-js: kit's pinned copy, the one runtime/polyfills.js is built from */
		.alias_from = { "react", "react/jsx-runtime", "react/jsx-dev-runtime", "@kit/core", "core-js",
				"react-dom" },
		.alias_to = { react, jsx, exists(jsx_dev, 0) ? jsx_dev : jsx,
			      path2(b->a, b->datadir, "js"), path2(b->a, b->datadir, "toolchain/node_modules/core-js"),
			      path2(b->a, b->datadir, "js/server/react-dom.ts") },
		.nalias = 6,
		.client_entry = client_entry && *client_entry ? client_entry : "@kit/core/client/entry",
		.static_dir = path2(b->a, b->tmp, "static"),
		.client_manifest = path2(b->a, b->tmp, "client-manifest.json"),
		.envfile = path2(b->a, b->tmp, "env.json"),
		.dev = b->dev,
	};
	if (kit_bundle_run(&job, &b->scan, d, &b->bundle) != 0)
		return NULL;

	char *app_js = kit_outdir_read(job.outfile, app_len);
	if (!app_js) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "the JS toolchain wrote no %s", job.outfile);
		return NULL;
	}
	unlink(job.outfile);
	/* a package reached the web classes without the app's sources naming
	 * them (Node's `url` module is js/server/web's URL): bundle again with
	 * them installed, so that runtime/polyfills-web.js comes in; a library
	 * names a binary built-in the sources do not (build/webuse.c): again
	 * with them. Each pass adds one at least: three at most. The route
	 * modules' chunks (server/) count as much as server.js's core. */
	const char *chunks = path2(b->a, b->tmp, "server");
	int web = !b->web_classes && (strstr(app_js, "/js/server/web/url.ts\n") ||
				      kit_outdir_tree_has(chunks, "/js/server/web/url.ts\n"));
	int binary = !b->binary && (kit_binaryuse_in(app_js, *app_len) || kit_outdir_files_any(chunks, names_binary, NULL));
	if (web || binary) {
		free(app_js);
		b->web_classes |= web;
		b->binary |= binary;
		d->len = ndiags;  /* the next run says again what this one said */
		d->nwarnings = nwarnings;
		goto again;
	}
	return app_js;
}

static int run(build *b)
{
	kit_diags *d = &b->diags;
	kit_config config;
	if (kit_config_load(&config, b->a, b->app_root, d) != 0)
		return -1;
	/* the backend manifest first: the app may import the actions generated from it */
	if (!b->no_host_command && run_host_command(b, &config) != 0)
		return -1;
	if (kit_hostgen_load(&b->host, b->app_root, d) != 0)
		return -1;
	if (b->host.present) {
		char herr[PATH_MAX + 256];
		if (kit_hostgen_write_if_changed(path2(b->a, b->app_root, KIT_HOSTGEN_ACTIONS), &b->host.actions,
						 herr, sizeof herr) < 0) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, KIT_HOSTGEN_ACTIONS, "%s", herr);
			kit_diag_fix(d, g, "make the app's src/ directory writable by the user running kit-build");
			return -1;
		}
	}
	if (kit_scan_tree(&b->scan, b->a, b->app_root, config.source_dir, d) != 0 ||
	    kit_nextmw_find(&b->scan, b->a, b->app_root, d) != 0)
		return -1;
	kit_nextconv_check(b->app_root, config.source_dir, d);
	if (check_datadir(b->datadir, d) != 0)
		return -1;

	char err[PATH_MAX + 256];
	kit_outdir_clean_stale(b->app_root);
	if (kit_outdir_create(b->app_root, b->tmp, sizeof b->tmp, err, sizeof err) != 0) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
		kit_diag_fix(d, g, "make the app directory writable by the user running kit-build");
		return -1;
	}
	b->have_tmp = 1;

	size_t app_len;
	char *app_js = bundle_app(b, &app_len);
	if (!app_js)
		return -1;
	int rc;
	kit_buf server;
	kit_buf_init(&server);
	kit_verify_part parts[4];
	rc = compose_server(b->datadir, app_js, app_len, b->web_classes, &server, parts, d);
	free(app_js);
	if (rc == 0)
		rc = kit_outdir_write(b->tmp, "server.js", server.data, server.len, err, sizeof err);
	if (rc == 0)
		rc = write_server_lines(b->tmp, parts, err, sizeof err);
	if (rc == 0) {
		b->server_bytes = server.len;
		b->chunk_bytes = kit_outdir_tree_bytes(path2(b->a, b->tmp, "server"));
		rc = kit_verify_server(&b->scan, kit_buf_cstr(&server), parts, 4, path2(b->a, b->tmp, "server"),
				       b->dev, d);
		/* the compiled code the host loads instead of parsing (build/jscache.h) */
		if (rc == 0 && kit_jscache_write(b->tmp, err, sizeof err) != 0) {
			int e = errno;
			kit_diag_write_fix(d, kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err), e, b->tmp);
			rc = -1;
		}
	} else if (d->nerrors == 0) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
	}
	if (rc != 0) {
		kit_buf_free(&server);
		return -1;
	}

	/* version = FNV-1a 64 over server.js, the routes array, server/, then static/. */
	kit_buf routes, out;
	kit_buf_init(&routes);
	kit_buf_init(&out);
	kit_emit_routes_json(&b->scan, &routes);
	uint64_t h = kit_fnv1a64(KIT_FNV_OFFSET, server.data, server.len);
	h = kit_fnv1a64(h, routes.data, routes.len);
	h = kit_fnv1a64_tree(h, path2(b->a, b->tmp, "server"));
	h = kit_fnv1a64_tree(h, path2(b->a, b->tmp, "static"));
	kit_buf_free(&server);
	char version[17];
	snprintf(version, sizeof version, "%016llx", (unsigned long long)h);

	kit_emit_manifest(version, b->scan.source_dir, kit_nextmw_file(&b->scan), &routes, &out);
	rc = kit_outdir_write(b->tmp, "manifest.json", out.data, out.len, err, sizeof err);
	kit_buf_reset(&out);
	kit_emit_dts(&b->scan, &out);
	if (rc == 0)
		rc = kit_outdir_write(b->tmp, "rsc-routes.d.ts", out.data, out.len, err, sizeof err);
	if (rc == 0)
		rc = kit_outdir_write(b->tmp, KIT_HOSTGEN_ENV_DTS, b->host.env_dts.data, b->host.env_dts.len, err,
				      sizeof err);
	kit_buf_reset(&out);
	kit_buf_printf(&out, "%s\n", version);
	if (rc == 0)
		rc = kit_outdir_write(b->tmp, "version", out.data, out.len, err, sizeof err);
	if (rc == 0 && kit_publish_keep_key(b->app_root, b->tmp, version) != 0) {
		snprintf(err, sizeof err, "cannot link the action key of the kept build %s: %s", version, strerror(errno));
		rc = -1;
	}
	if (rc == 0) {
		/* every route rendered at build time; the stored ones published into the store */
		b->outcomes = kit_arena_alloc(b->a, (b->scan.nroutes ? b->scan.nroutes : 1) * sizeof *b->outcomes);
		kit_prerender_job pj = { b->tmp, version, config.build_budget_ms, &b->scan, NULL, 0, b->app_root, b->dev, NULL, 0, 0 };
		if (b->no_prerender) {
			for (size_t i = 0; i < b->scan.nroutes; i++)
				b->outcomes[i] = (kit_route_outcome){ KIT_OUTCOME_DYNAMIC, "not prerendered", 0, 0 };
		} else if (kit_prerender(&pj, b->a, d, b->outcomes) != 0) {
			kit_buf_free(&routes);
			kit_buf_free(&out);
			return -1;
		}
		/* into the app's store, active, .kit swapped in (build/publish.c) */
		kit_buf_free(&routes);
		kit_buf_free(&out);
		/* the web server serves the stored pages no middleware applies to */
		kit_publish_job job = { b->app_root, b->tmp, version, config.keep_versions, pj.entries, pj.nentries,
					pj.pages, pj.npages, pj.raw_only, NULL };
		int prc = kit_publish(&job, d);
		free(pj.entries);
		free(pj.pages);
		if (prc != 0)
			return -1;
		b->have_tmp = 0;
		return 0;
	}
	kit_buf_free(&routes);
	kit_buf_free(&out);
	kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
	return -1;
}

/* path made absolute against the current directory (kit-build's --deploy
 * OUT is the user's, wherever the build runs) into buf. */
static const char *absolute(const char *path, char *buf, size_t len)
{
	char cwd[PATH_MAX];
	if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
		return path;
	snprintf(buf, len, "%.*s/%.*s", PATH_MAX / 2, cwd, PATH_MAX / 2, path);
	return buf;
}

/* --deploy OUT: contrib/deploy/deploy.sh of the data directory lays out
 * what to upload to a shared host (docs/deploy.md "Shared hosting"), with
 * kit-fcgi and kit.cgi from bins (default $KIT_DEPLOY_BINARIES, else the
 * directory kit-build runs from: both are installed beside it). */
static int run_deploy(const char *root, const char *out, const char *bins)
{
	char exe[PATH_MAX], script[PATH_MAX + 64], datadir[PATH_MAX];
	kit_arena *a = kit_arena_new(4096);
	snprintf(datadir, sizeof datadir, "%s", find_datadir(a));
	kit_arena_free(a);
	snprintf(script, sizeof script, "%s/contrib/deploy/deploy.sh", datadir);
	const char *env = getenv("KIT_DEPLOY_BINARIES");
	if (!bins && env && *env)
		bins = env;
	if (!bins) {
		ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
		exe[n > 0 ? n : 0] = '\0';
		char *slash = strrchr(exe, '/');
		if (!slash) {
			fprintf(stderr, "kit-build: --deploy: where kit-build runs from is unknown: pass --deploy-binaries DIR\n");
			return 1;
		}
		*slash = '\0';
		bins = exe;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "kit-build: --deploy: fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		execl("/bin/sh", "sh", script, root, out, bins, datadir, (char *)NULL);
		fprintf(stderr, "kit-build: --deploy: /bin/sh %s: %s\n", script, strerror(errno));
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *rollback = NULL, *publish_from = NULL, *deploy = NULL, *deploy_bins = NULL;
	int no_build = 0;
	int versions = 0, watch_paths = 0, dev = 0, no_prerender = 0, no_host_command = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[i], "--versions") == 0) {
			versions = 1;
			continue;
		}
		if (strcmp(argv[i], "--dev") == 0 || strcmp(argv[i], "--no-prerender") == 0 ||
		    strcmp(argv[i], "--no-host-command") == 0 || strcmp(argv[i], "--watch-paths") == 0) {
			int *flag = argv[i][2] == 'd' ? &dev : argv[i][2] == 'w' ? &watch_paths
				  : argv[i][5] == 'p' ? &no_prerender : &no_host_command;
			*flag = 1;
			continue;
		}
		if (strcmp(argv[i], "--no-build") == 0) {
			no_build = 1;
			continue;
		}
		if (strcmp(argv[i], "--deploy") == 0 || strcmp(argv[i], "--deploy-binaries") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "kit-build: %s needs a directory\n", argv[i]);
				usage(stderr);
				return 2;
			}
			*(argv[i][8] ? &deploy_bins : &deploy) = argv[i + 1];
			i++;
			continue;
		}
		if (strncmp(argv[i], "--deploy=", 9) == 0 || strncmp(argv[i], "--deploy-binaries=", 18) == 0) {
			char *eq = strchr(argv[i], '=');
			*(argv[i][8] == '=' ? &deploy : &deploy_bins) = eq + 1;
			continue;
		}
		if (strcmp(argv[i], "--rollback") == 0 || strncmp(argv[i], "--rollback=", 11) == 0) {
			rollback = argv[i][10] == '=' ? argv[i] + 11 : "";
			continue;
		}
		if (strncmp(argv[i], "--publish-from=", 15) == 0 && argv[i][15]) {
			publish_from = argv[i] + 15;
			continue;
		}
		if (argv[i][0] == '-' || dir) {
			fprintf(stderr, "kit-build: unexpected argument \"%s\"\n", argv[i]);
			usage(stderr);
			return 2;
		}
		dir = argv[i];
	}
	if (!dir)
		dir = ".";
	if (versions && rollback) {
		fprintf(stderr, "kit-build: --versions and --rollback do not go together\n");
		usage(stderr);
		return 2;
	}
	if ((versions || rollback || watch_paths) && (dev || no_prerender || no_host_command)) {
		fprintf(stderr, "kit-build: --dev, --no-prerender and --no-host-command go with a build only\n");
		usage(stderr);
		return 2;
	}
	if (watch_paths && (versions || rollback)) {
		fprintf(stderr, "kit-build: --watch-paths goes alone\n");
		usage(stderr);
		return 2;
	}
	if (publish_from && (versions || rollback || watch_paths || dev || no_prerender || no_host_command || deploy)) {
		fprintf(stderr, "kit-build: --publish-from goes alone\n");
		usage(stderr);
		return 2;
	}
	if (publish_from) {
		/* keepVersions of the app directory's kit.config.json, if it has one */
		kit_arena *a = kit_arena_new(1 << 12);
		kit_diags d;
		kit_diags_init(&d);
		kit_config config;
		int rc = kit_config_load(&config, a, dir, &d);
		kit_diags_print(&d, stderr);
		kit_diags_free(&d);
		rc = rc == 0 ? kit_publish_from(publish_from, dir, config.keep_versions) : 1;
		kit_arena_free(a);
		return rc;
	}
	const char *misuse = (no_build || deploy_bins) && !deploy ? "--no-build and --deploy-binaries go with --deploy"
		: deploy && (versions || rollback || watch_paths || publish_from || (no_build && (no_prerender || no_host_command)))
		? "--deploy goes with a build (or --no-build) only"
		: deploy && dev ? "--deploy writes a production build: leave out --dev" : NULL;
	if (misuse) {
		fprintf(stderr, "kit-build: %s\n", misuse);
		usage(stderr);
		return 2;
	}
	char out_abs[PATH_MAX + 2];
	deploy = deploy ? absolute(deploy, out_abs, sizeof out_abs) : NULL;
	if (watch_paths)
		return print_watch_paths(dir);
	if (versions)
		return kit_publish_list(dir);
	if (rollback)
		return kit_publish_rollback(dir, rollback);
	double start = now();
	char root[PATH_MAX];
	if (!realpath(dir, root)) {
		fprintf(stderr, "error: %s: the app directory cannot be opened: %s\n"
				"  fix:   run kit-build in an app directory, or pass one: kit-build path/to/app\n",
			dir, strerror(errno));
		return 1;
	}

	if (no_build)
		return run_deploy(root, deploy, deploy_bins);

	build b = { .a = kit_arena_new(1 << 16), .app_root = root, .dev = dev, .no_prerender = no_prerender,
		    .no_host_command = no_host_command };
	kit_buf_init(&b.host.actions);
	kit_buf_init(&b.host.env_dts);
	kit_diags_init(&b.diags);
	b.datadir = find_datadir(b.a);
	const char *env = getenv("KIT_NODE");
	b.node = env && *env ? env : KIT_NODE;

	int rc = run(&b);
	if (b.have_tmp)
		kit_outdir_remove(b.tmp);
	kit_diags_print(&b.diags, stderr);
	if (rc == 0) {
		print_listing(&b.scan, &b.bundle, b.outcomes, b.server_bytes, b.chunk_bytes, now() - start);
	} else {
		fprintf(stderr, "\nkit-build: build failed with %zu error%s; %s/.kit was left as it was\n",
			b.diags.nerrors, b.diags.nerrors == 1 ? "" : "s", root);
	}
	if (rc == 0 && deploy)
		rc = run_deploy(root, deploy, deploy_bins);
	kit_diags_free(&b.diags);
	kit_hostgen_free(&b.host);
	kit_arena_free(b.a);
	return rc == 0 ? 0 : 1;
}
