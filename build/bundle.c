/* bundle.c — running toolchain/bundle.mjs and reading its report (see bundle.h). */
#include "build/bundle.h"

#include <errno.h>
#include <fcntl.h>
#include <mujs.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "build/bjson.h"
#include "render/xalloc.h"
#include "render/buf.h"

extern char **environ;

static void write_job(const kit_bundle_job *job, kit_buf *out)
{
	kit_buf_puts(out, "{\"entry\":");
	kit_bjson_write_string(out, job->entry);
	kit_buf_puts(out, ",\"entryName\":");
	kit_bjson_write_string(out, job->entry_name);
	kit_buf_puts(out, ",\"outfile\":");
	kit_bjson_write_string(out, job->outfile);
	kit_buf_puts(out, ",\"root\":");
	kit_bjson_write_string(out, job->root);
	if (job->envfile) {
		kit_buf_puts(out, ",\"envfile\":");
		kit_bjson_write_string(out, job->envfile);
	}
	kit_buf_puts(out, ",\"mode\":\"production\",\"alias\":{");
	for (size_t i = 0; i < job->nalias; i++) {
		if (i)
			kit_buf_putc(out, ',');
		kit_bjson_write_string(out, job->alias_from[i]);
		kit_buf_putc(out, ':');
		kit_bjson_write_string(out, job->alias_to[i]);
	}
	kit_buf_putc(out, '}');
	if (job->client_entry) {
		kit_buf_puts(out, ",\"client\":{\"entry\":");
		kit_bjson_write_string(out, job->client_entry);
		kit_buf_puts(out, ",\"outdir\":");
		kit_bjson_write_string(out, job->static_dir);
		kit_buf_puts(out, ",\"manifest\":");
		kit_bjson_write_string(out, job->client_manifest);
		kit_buf_puts(out, ",\"publicPath\":\"/_kit/static/\"");
		if (job->dev)
			kit_buf_puts(out, ",\"dev\":true");
		kit_buf_putc(out, '}');
	}
	kit_buf_putc(out, '}');
}

/* Runs node and collects its stdout. Returns the exit status (or -1 when it
 * could not start, with the reason in err). */
static int run_node(const kit_bundle_job *job, const char *job_json, kit_buf *out,
		    char *err, size_t errlen)
{
	int fds[2];
	if (pipe(fds) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	char *argv[] = { (char *)job->node, (char *)job->script, (char *)job_json, NULL };
	pid_t pid;
	int rc = posix_spawnp(&pid, job->node, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (rc != 0) {
		close(fds[0]);
		snprintf(err, errlen, "cannot run %s: %s", job->node, strerror(rc));
		return -1;
	}
	char chunk[16384];
	ssize_t n;
	while ((n = read(fds[0], chunk, sizeof chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		kit_buf_put(out, chunk, (size_t)n);
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	kit_buf_cstr(out);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	snprintf(err, errlen, "%s was killed by signal %d", job->node, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	return -1;
}

/* A Next.js import in an app: where kit has the same thing (README "Coming
 * from Next.js", docs/nextjs.md), rather than "npm install next". */
static const struct {
	const char *spec, *fix;
} next_imports[] = {
	{ "next/link", "kit is not Next.js: import Link from '@kit/core/Link'" },
	{ "next/navigation",
	  "kit is not Next.js: usePathname and useSearchParams come from '@kit/core/navigation', "
	  "redirect, permanentRedirect, notFound, forbidden and unauthorized from '@kit/core/redirect', "
	  "visit and prefetch (instead of useRouter) from '@kit/core/router'; useParams: read the page's params prop" },
	{ "next/headers",
	  "kit is not Next.js: import { headers, cookies, connection } from '@kit/core/request' (draftMode has no "
	  "equivalent)" },
	{ "next/cache",
	  "kit is not Next.js: revalidate('page' | '@slot' | layout) comes from '@kit/core/revalidate', "
	  "cache from '@kit/core/cache'; unstable_cache, cacheLife and cacheTag have no equivalent (kit does not keep "
	  "results between requests: a page that reads no request is stored at build), unstable_noStore is "
	  "await connection() from '@kit/core/request'" },
	{ "next/server",
	  "kit is not Next.js: import { NextResponse, type NextRequest } from '@kit/core/server' "
	  "(src/middleware.ts, docs/middleware.md); API routes (route.ts) take and return the web Request "
	  "and Response; connection() comes from '@kit/core/request'; after() has no equivalent: do the work before "
	  "answering, or hand it to the backend with rpc()" },
	{ "next/image",
	  "kit has no Image component: import the image file (it gives { src, width, height }, docs/assets.md) and "
	  "render an <img>; files in public/ are served as they are" },
	{ "next/font/google",
	  "kit does not fetch fonts: put the font files in public/ (or import them from a stylesheet) with an "
	  "@font-face rule in a global stylesheet (docs/styles.md)" },
	{ "next/font/local",
	  "kit has no font loader: declare the font with an @font-face rule in a global stylesheet and import the "
	  "stylesheet from the root layout (docs/styles.md)" },
	{ "next/script",
	  "kit has no Script component: render a <script src> in the root layout, or import the code from a "
	  "\"use client\" component" },
	{ "next/dynamic",
	  "kit has no dynamic(): import the component (a \"use client\" module is loaded by the browser only where a "
	  "page renders it), wrapped in <Suspense> from 'react' where it should stream" },
	{ "next/og",
	  "ImageResponse (satori, resvg) does not run in kit's engine: render the image once and keep it as a static "
	  "file (docs/metadata.md)" },
	{ "next/form", "kit is not Next.js: import Form from '@kit/core/Form'" },
	{ "next/head",
	  "next/head is the Pages Router's: export metadata or generateMetadata from the page or layout "
	  "(docs/metadata.md)" },
	{ "next/router",
	  "next/router is the Pages Router's: visit and prefetch come from '@kit/core/router', usePathname and "
	  "useSearchParams from '@kit/core/navigation'" },
};

static const char *next_import_fix(const char *spec)
{
	for (size_t i = 0; i < sizeof next_imports / sizeof *next_imports; i++)
		if (strcmp(spec, next_imports[i].spec) == 0 ||
		    (!strcmp(next_imports[i].spec, "next/font/google") && !strncmp(spec, "next/font/", 10) &&
		     strcmp(spec, "next/font/local") != 0))
			return next_imports[i].fix;
	return "kit is not Next.js and has no such module: see README \"Coming from Next.js\", docs/nextjs.md and "
	       "the @kit/core modules (js/README.md)";
}

static int is_node_builtin(const char *spec)
{
	static const char *const builtins[] = {
		"assert", "buffer", "child_process", "cluster", "crypto", "dgram", "dns",
		"events", "fs", "fs/promises", "http", "http2", "https", "module", "net",
		"os", "path", "perf_hooks", "process", "querystring", "readline", "stream",
		"string_decoder", "timers", "tls", "tty", "url", "util", "v8", "vm",
		"worker_threads", "zlib",
	};
	if (strncmp(spec, "node:", 5) == 0)
		return 1;
	for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
		if (strcmp(spec, builtins[i]) == 0)
			return 1;
	return 0;
}

/* "@scope/pkg/sub" → "@scope/pkg", "pkg/sub" → "pkg". */
static void package_name(const char *spec, char *out, size_t outlen)
{
	const char *slash = strchr(spec, '/');
	if (spec[0] == '@' && slash)
		slash = strchr(slash + 1, '/');
	size_t n = slash ? (size_t)(slash - spec) : strlen(spec);
	snprintf(out, outlen, "%.*s", (int)n, spec);
}

static void add_report_item(js_State *J, int idx, kit_diag_level level, const kit_scan *scan,
			    kit_diags *d)
{
	kit_arena *a = d->arena;
	const char *file = kit_bjson_string_prop(J, idx, "file", a);
	const char *text = kit_bjson_string_prop(J, idx, "text", a);
	const char *kind = kit_bjson_string_prop(J, idx, "kind", a);
	const char *spec = kit_bjson_string_prop(J, idx, "specifier", a);
	const char *fix = kit_bjson_string_prop(J, idx, "fix", a);
	const char *phase = kit_bjson_string_prop(J, idx, "phase", a);
	int browser = phase && strcmp(phase, "browser") == 0;
	int line = kit_bjson_int_prop(J, idx, "line", 0);
	int column = kit_bjson_int_prop(J, idx, "column", 0);
	if (file && !*file)
		file = NULL;
	int generated = file && strcmp(file, ".kit/gen/entry.server.js") == 0;
	if (!text)
		text = "(no message)";
	if (!kind)
		kind = "syntax";

	kit_diag *g;
	if (strcmp(kind, "client") == 0 || strcmp(kind, "style") == 0 || strcmp(kind, "config") == 0 ||
	    strcmp(kind, "disk") == 0) {
		/* the toolchain's own fix */
		g = kit_diag_add(d, level, file, "%s", text);
		if (fix)
			kit_diag_fix(d, g, "%s", fix);
	} else if (strcmp(kind, "resolve") == 0 && spec) {
		g = kit_diag_add(d, level, file, "cannot resolve import \"%s\"%s", spec,
				 browser ? " in the browser bundle" : "");
		if (generated || strncmp(spec, "@kit/core", 9) == 0 || strncmp(spec, "react", 5) == 0)
			kit_diag_fix(d, g, "%s; kit's own modules come from its data directory: set KIT_DATADIR to it or reinstall kit", text);
		else if (spec[0] == '.' || spec[0] == '/')
			kit_diag_fix(d, g, "fix the path: no file matches it relative to this file (tried .tsx .ts .jsx .js .json and index files)");
		else if (strcmp(spec, "next") == 0 || strncmp(spec, "next/", 5) == 0)
			kit_diag_fix(d, g, "%s", next_import_fix(spec));
		else if (is_node_builtin(spec) && browser)
			kit_diag_fix(d, g, "\"use client\" modules and what they import run in the browser, where Node's \"%s\" does not exist: do that work in a server component and pass the result as a prop", spec);
		else if (is_node_builtin(spec))
			kit_diag_fix(d, g, "server components run in kit's embedded engine, not in Node.js, so Node's \"%s\" does not exist: call the backend with rpc() or use a package written in plain JS", spec);
		else {
			char pkg[256];
			package_name(spec, pkg, sizeof pkg);
			kit_diag_fix(d, g, "install it (npm install %s in the app directory) or fix the path", pkg);
		}
	} else if (strcmp(kind, "transform") == 0) {
		g = kit_diag_add(d, level, file, "SWC could not lower the bundle to ES5: %s", text);
		kit_diag_fix(d, g, "rewrite the construct in %s; if the code is valid modern JS this is a kit bug: please report it",
			     file ? file : "the module named above");
	} else {
		g = kit_diag_add(d, level, file, "%s%s", browser ? "in the browser bundle: " : "", text);
		if (level == KIT_DIAG_ERROR)
			kit_diag_fix(d, g, "correct the code at this position (kit-build strips TypeScript types without checking them: run tsc --noEmit for type errors)");
	}
	g->line = line;
	g->column = column;
	if (file && !generated)
		kit_diag_route(d, g, kit_scan_routes_using(scan, a, file));
}

static void add_report_list(js_State *J, const char *name, kit_diag_level level,
			    const kit_scan *scan, kit_diags *d)
{
	js_getproperty(J, -1, name);
	if (js_isarray(J, -1)) {
		int n = js_getlength(J, -1);
		for (int i = 0; i < n; i++) {
			js_getindex(J, -1, i);
			add_report_item(J, -1, level, scan, d);
			js_pop(J, 1);
		}
	}
	js_pop(J, 1);
}

/* The report's "client" object (on top of the stack) into res. */
static void read_client(js_State *J, kit_arena *a, kit_bundle_result *res)
{
	res->entry_bytes = (size_t)kit_bjson_int_prop(J, -1, "entryBytes", 0);
	res->static_bytes = (size_t)kit_bjson_int_prop(J, -1, "bytes", 0);
	js_getproperty(J, -1, "modules");
	if (js_isarray(J, -1)) {
		int n = js_getlength(J, -1);
		res->modules = kit_arena_alloc(a, (size_t)(n > 0 ? n : 1) * sizeof *res->modules);
		for (int i = 0; i < n; i++) {
			js_getindex(J, -1, i);
			const char *id = kit_bjson_string_prop(J, -1, "id", a);
			const char *file = kit_bjson_string_prop(J, -1, "file", a);
			if (id && file)
				res->modules[res->nmodules++] = (kit_bundle_client_module){
					id, file, (size_t)kit_bjson_int_prop(J, -1, "bytes", 0) };
			js_pop(J, 1);
		}
	}
	js_pop(J, 1);
}

int kit_bundle_run(const kit_bundle_job *job, const kit_scan *scan, kit_diags *d,
		   kit_bundle_result *res)
{
	if (res)
		*res = (kit_bundle_result){0};
	kit_buf jb, out;
	kit_buf_init(&jb);
	kit_buf_init(&out);
	write_job(job, &jb);
	char err[KIT_ERR_SIZE];
	int status = run_node(job, kit_buf_cstr(&jb), &out, err, sizeof err);
	kit_buf_free(&jb);
	if (status < 0) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "the JS toolchain did not run: %s", err);
		kit_diag_fix(d, g, "install Node.js (18 or newer; needed at build time only) or set KIT_NODE to the node binary");
		kit_buf_free(&out);
		return -1;
	}

	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J)
		kit_out_of_memory(0);  /* mujs could not allocate its state */
	size_t errors_before = d->nerrors;
	/* The report is the last line; anything before it is stray output. */
	const char *report = out.data ? out.data : "";
	const char *nl = out.len > 1 ? memrchr(out.data, '\n', out.len - 1) : NULL;
	if (nl)
		report = nl + 1;
	if (kit_bjson_parse(J, report, err, sizeof err) != 0 || !js_isobject(J, -1)) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL,
					   "the JS toolchain (%s) failed with exit status %d and no report",
					   job->script, status);
		kit_diag_fix(d, g, "see its messages above; if node_modules is missing run `make` in kit's source tree (or reinstall kit)");
	} else {
		add_report_list(J, "errors", KIT_DIAG_ERROR, scan, d);
		add_report_list(J, "warnings", KIT_DIAG_WARNING, scan, d);
		if (status != 0 && d->nerrors == errors_before) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL,
						   "the JS toolchain failed with exit status %d", status);
			kit_diag_fix(d, g, "see its messages above");
		}
		if (res && status == 0) {
			res->server_bytes = (size_t)kit_bjson_int_prop(J, -1, "bytes", 0);
			js_getproperty(J, -1, "client");
			if (js_isobject(J, -1))
				read_client(J, d->arena, res);
			js_pop(J, 1);
		}
	}
	js_freestate(J);
	kit_buf_free(&out);
	return d->nerrors == errors_before && status == 0 ? 0 : -1;
}
