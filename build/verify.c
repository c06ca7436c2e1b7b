/* verify.c — server.js in mujs: does it compile, load, and export what the
 * route files must export? (see verify.h) */
#include "build/verify.h"
#include "build/nextmw.h"
#include "render/xalloc.h"
#include "intl/intl.h"
#include "build/outdir.h"
#include "render/srcmap.h"

#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The natives runtime/prelude.js expects from the engine (render/engine.c,
 * render/loop.c). At build time nothing runs later, so timers are dropped and
 * log lines printed. */
static void native_log(js_State *J)
{
	fprintf(stderr, "kit-build: server.js logged while loading: %s\n", js_trystring(J, 2, ""));
	js_pushundefined(J);
}

static void native_ignore(js_State *J)
{
	js_pushundefined(J);
}

/* __kit_load_chunk(name) (render/engine.c's, at build time): compiles and
 * runs <chunk_dir>/<name> under the name "server/<name>", the name its
 * frames carry in stack traces (where_in). */
static void native_load_chunk(js_State *J)
{
	const char *dir = js_getcontext(J);
	const char *name = js_tostring(J, 1);
	if (!dir || strchr(name, '/') || name[0] == '.')
		js_error(J, "kit: the server bundle has no chunk \"%s\"", name);
	char path[4400], label[300];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(label, sizeof label, "server/%s", name);
	size_t len;
	char *text = kit_outdir_read(path, &len);
	if (!text)
		js_error(J, "kit: cannot read .kit/server/%s", name);
	int failed = js_ploadstring(J, label, text);
	free(text);
	if (failed)
		js_throw(J);
	js_pushundefined(J);
	js_call(J, 0);
	js_pop(J, 1);
	js_pushundefined(J);
}

static void install_natives(js_State *J)
{
	js_newcfunction(J, native_load_chunk, "__kit_load_chunk", 1);
	js_setglobal(J, "__kit_load_chunk");
	js_newcfunction(J, native_log, "__kit_log", 2);
	js_setglobal(J, "__kit_log");
	js_newcfunction(J, native_ignore, "__kit_timer_arm", 2);
	js_setglobal(J, "__kit_timer_arm");
	js_newcfunction(J, native_ignore, "__kit_timer_disarm", 1);
	js_setglobal(J, "__kit_timer_disarm");
	kit_intl_install(J);
}

/* The first "server.js:<line>" or "server/<chunk>.js:<line>" in a mujs
 * message or stack trace: its line (0 if none); chunk gets the chunk's name
 * ("" for server.js). */
static size_t where_in(const char *text, char *chunk, size_t chunklen)
{
	*chunk = '\0';
	for (const char *p = text; p && (p = strstr(p, "server")); p++) {
		if (strncmp(p, "server.js:", 10) == 0)
			return strtoul(p + 10, NULL, 10);
		if (p[6] != '/')
			continue;
		const char *name = p + 7;
		size_t n = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");
		if (n > 3 && strncmp(name + n - 3, ".js", 3) == 0 && name[n] == ':') {
			snprintf(chunk, chunklen, "%.*s", (int)n, name);
			return strtoul(name + n + 1, NULL, 10);
		}
	}
	return 0;
}

static size_t line_in(const char *text)
{
	char chunk[256];
	size_t line = where_in(text, chunk, sizeof chunk);
	return *chunk ? 0 : line;
}

static int module_above(const char *s, size_t n, char *file, size_t filelen);

/* Where line L of server.js comes from: a runtime file, or the module of the
 * app bundle whose esbuild marker comment is the nearest above it. */
static void locate(const char *src, const kit_verify_part *parts, size_t nparts, size_t line,
		   char *file, size_t filelen, size_t *part_line)
{
	snprintf(file, filelen, ".kit/server.js");
	*part_line = line;
	const kit_verify_part *p = NULL;
	for (size_t i = 0; i < nparts; i++)
		if (line >= parts[i].first_line && line < parts[i].first_line + parts[i].nlines)
			p = &parts[i];
	if (!line || !p)
		return;
	*part_line = line - p->first_line + 1;
	if (strcmp(p->name, "app") != 0) {
		snprintf(file, filelen, "%s", p->name);
		return;
	}
	/* Start offsets of the lines of the app part, from its first line to `line`. */
	const char *s = src;
	for (size_t l = 1; l < p->first_line && s; l++)
		s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL;
	module_above(s, line - p->first_line + 1, file, filelen);
}

/* The module whose esbuild marker comment ("// src/x.tsx") is the nearest
 * at or above line n of the text s; 1 if found (file set). */
static int module_above(const char *s, size_t n, char *file, size_t filelen)
{
	const char **starts = kit_xmalloc(n * sizeof *starts);
	size_t k = 0;
	for (; k < n && s && *s; k++) {
		starts[k] = s;
		const char *nl = strchr(s, '\n');
		s = nl ? nl + 1 : NULL;
	}
	while (k-- > 0) {
		const char *q = starts[k];
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "// ", 3) != 0)
			continue;
		q += 3;
		size_t len = strcspn(q, "\n");
		const char *dot = memrchr(q, '.', len);
		if (!dot || memchr(q, ' ', len))
			continue;
		size_t elen = len - (size_t)(dot + 1 - q);
		const char *exts[] = { "tsx", "ts", "jsx", "js", "mjs", "cjs", "json" };
		for (size_t e = 0; e < sizeof exts / sizeof *exts; e++)
			if (strlen(exts[e]) == elen && strncmp(dot + 1, exts[e], elen) == 0) {
				snprintf(file, filelen, "%.*s", (int)len, q);
				free(starts);
				return 1;
			}
	}
	free(starts);
	return 0;
}

static void load_failed(kit_scan *scan, const char *src, const kit_verify_part *parts,
			size_t nparts, const char *msg, const char *trace, int compiling, kit_diags *d)
{
	char file[1024];
	size_t pline;
	size_t line = line_in(compiling ? msg : trace);
	if (!line)
		line = line_in(msg);
	locate(src, parts, nparts, line, file, sizeof file, &pline);
	int in_runtime = strncmp(file, "runtime/", 8) == 0;
	kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, file, "%s: %s",
				   compiling ? "mujs cannot compile the server bundle"
					     : "the server bundle throws while loading",
				   msg);
	kit_diag_route(d, g, kit_scan_routes_using(scan, d->arena, file));
	if (in_runtime)
		kit_diag_fix(d, g, "this is kit's own runtime (line %zu of %s): reinstall kit or report the bug", pline, file);
	else if (compiling && strstr(msg, "too much recursion"))
		kit_diag_fix(d, g, "mujs parses expressions nested at most ~10,000 deep (a + b + ... chains of ~10,000 terms, "
				   "fewer levels of nested calls or JSX when its C stack runs out, docs/mujs.md §1): split the deeply nested "
				   "code of %s into smaller components or functions, or break the long expression up", file);
	else if (compiling)
		kit_diag_fix(d, g, "the code of %s lowered to ES5 uses something mujs does not parse (for example a regular expression with the y or u flag): rewrite that construct", file);
	else
		kit_diag_fix(d, g, "the top-level code of %s runs when the server starts, in mujs (ES5 plus kit's polyfills, no Node.js or browser globals): make it not throw there, for example by moving the work into the component", file);
}

/* The Next.js-shaped middleware (build/nextmw.h): a middleware or default
 * function, and a config.matcher the runner compiles (js/server/next-middleware.ts),
 * so a bad pattern fails the build rather than every request. The module's
 * namespace is on top of the stack. */
static void check_next_middleware(js_State *J, const kit_scan_module *m, int has_default, kit_diags *d)
{
	kit_diag *g;
	js_getproperty(J, -1, "middleware");
	int fn = js_iscallable(J, -1);
	js_pop(J, 1);
	if (!fn && !has_default) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "the middleware exports neither a middleware function nor a default function");
		kit_diag_fix(d, g, "export function middleware(request) { ... } from %s (docs/middleware.md)", m->file);
	}
	js_getproperty(J, -1, "config");
	js_getglobal(J, "__kit_app");
	js_getproperty(J, -1, "nextmw");
	js_rot2pop1(J);
	js_getproperty(J, -1, "compileMatcher");
	js_rot2(J);
	js_copy(J, -3);     /* config, compileMatcher, nextmw, config */
	if (js_pcall(J, 1)) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "config.matcher: %s", js_trystring(J, -1, "?"));
		kit_diag_fix(d, g, "write each matcher as a path pattern (\"/about/:path*\", \"/((?!api|_kit).*)\") "
			     "or { source, has?, missing? } (docs/middleware.md \"Matcher\")");
	}
	js_pop(J, 2);
}

/* Reads one module's exports; the namespace object is on top of the stack.
 * Runs under js_try because esbuild's export getters are arbitrary JS. */
static void check_module(js_State *J, kit_scan *scan, const kit_scan_module *m, kit_diags *d)
{
	const char *route = kit_scan_routes_using(scan, d->arena, m->file);
	kit_diag *g;
	if (m->role == KIT_FILE_ROUTE) {
		unsigned methods = 0;
		for (int b = 0; b < KIT_METHOD_COUNT; b++) {
			const char *name = kit_scan_method_name(b);
			js_getproperty(J, -1, name);
			if (js_iscallable(J, -1)) {
				methods |= 1u << b;
			} else if (js_isdefined(J, -1)) {
				g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "%s is exported but is not a function", name);
				kit_diag_route(d, g, route);
				kit_diag_fix(d, g, "export %s as a function taking a Request and returning a Response: export async function %s(request) { ... }", name, name);
			}
			js_pop(J, 1);
		}
		if (!methods) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "the API route exports no HTTP method");
			kit_diag_route(d, g, route);
			kit_diag_fix(d, g, "export GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS from %s, for example: export async function GET(request) { return Response.json({ ok: true }) }", m->file);
		}
		for (size_t i = 0; i < scan->nroutes; i++)
			if (strcmp(scan->routes[i].module, m->id) == 0)
				scan->routes[i].methods = methods;
		return;
	}
	js_getproperty(J, -1, "default");
	int component = js_iscallable(J, -1);
	js_pop(J, 1);
	if (strcmp(m->id, KIT_NEXT_MIDDLEWARE_ID) == 0) {
		check_next_middleware(J, m, component, d);
		return;
	}
	if (m->role == KIT_FILE_MIDDLEWARE) {
		js_getproperty(J, -1, "middleware");
		int guards = js_isarray(J, -1);
		js_pop(J, 1);
		if (!component && !guards) {
			g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "the middleware exports neither a default function nor a middleware guard list");
			kit_diag_route(d, g, route);
			kit_diag_fix(d, g, "export default an async function from %s (return to allow, redirect() or throw to refuse), or export const middleware = [\"guard\", ...] for backend guards", m->file);
		}
		return;
	}
	if (!component) {
		const char *what = m->role == KIT_FILE_PAGE ? "page" : m->role == KIT_FILE_LAYOUT ? "layout"
				 : m->role == KIT_FILE_LOADING ? "loading fallback" : m->role == KIT_FILE_DEFAULT ? "slot default"
				 : m->role == KIT_FILE_TEMPLATE ? "template" : "not-found page";
		g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "the %s has no default export component", what);
		kit_diag_route(d, g, route);
		kit_diag_fix(d, g, "export default a component from %s: export default function %s(props) { return <div /> }",
			     m->file, m->role == KIT_FILE_LAYOUT ? "Layout" : m->role == KIT_FILE_PAGE ? "Page" : "Fallback");
	}
}

/* A route module whose chunks throw while loading (the error on top of the
 * stack: __kit_load_module's, its cause the original): an error of the
 * routes that use it, at the module of the bundle the trace's first frame
 * is in. Only those routes fail (docs/build-output.md): under --dev it is a
 * warning, the build goes on and the routes answer 500 when asked for. */
static void module_failed(js_State *J, kit_scan *scan, const kit_scan_module *m, const char *chunk_dir,
			  kit_srcmap *map, const char *src, const kit_verify_part *parts, size_t nparts, int dev,
			  kit_diags *d)
{
	if (js_isobject(J, -1))
		js_getproperty(J, -1, "cause");
	else
		js_pushundefined(J);
	if (!js_isobject(J, -1)) {
		js_pop(J, 1);
		js_copy(J, -1);
	}
	int compiling = 0;
	js_getproperty(J, -1, "name");
	compiling = js_isstring(J, -1) && strcmp(js_tostring(J, -1), "SyntaxError") == 0;
	js_pop(J, 1);
	js_getglobal(J, "__kit_error_text");
	js_pushundefined(J);
	js_copy(J, -3);
	const char *text = js_pcall(J, 1) ? "?" : js_trystring(J, -1, "?");
	char *msg = strdup(text);
	js_pop(J, 2);
	char *nl = strstr(msg, "\n    at ");
	char chunk[256], file[1024];
	size_t line = where_in(nl ? nl : msg, chunk, sizeof chunk);
	if (!line)
		line = where_in(msg, chunk, sizeof chunk);
	if (nl)
		*nl = '\0';
	snprintf(file, sizeof file, "%s", m->file);
	size_t pline = line, src_line = 0;
	char label[300];
	snprintf(label, sizeof label, "server/%s", chunk);
	unsigned long mapped = 0;
	if (*chunk && line && kit_srcmap_find(map, label, strlen(label), line, file, sizeof file, &mapped)) {
		src_line = mapped;
	} else if (*chunk && line) {
		char path[4400];
		snprintf(path, sizeof path, "%s/%s", chunk_dir, chunk);
		size_t len;
		char *ctext = kit_outdir_read(path, &len);
		if (ctext)
			module_above(ctext, line, file, sizeof file);
		free(ctext);
	} else if (line && !*chunk) {
		locate(src, parts, nparts, line, file, sizeof file, &pline);
	}
	const char *routes = kit_scan_routes_using(scan, d->arena, m->file);
	kit_diag *g = kit_diag_add(d, dev ? KIT_DIAG_WARNING : KIT_DIAG_ERROR, file,
				   "%s: %s (%s; line %zu of .kit/%s%s)",
				   compiling ? "mujs cannot compile the server bundle"
					     : "the server bundle throws while loading",
				   msg, m->file, *chunk ? line : pline, *chunk ? "server/" : "server.js", chunk);
	g->line = (int)src_line;
	kit_diag_route(d, g, routes);
	if (compiling)
		kit_diag_fix(d, g, "the code of %s lowered to ES5 uses something mujs does not parse (for example a regular expression with the y or u flag): rewrite that construct", file);
	else
		kit_diag_fix(d, g, "the top-level code of %s runs when the route is first asked for, in mujs (ES5 plus kit's polyfills, no Node.js or browser globals): make it not throw there, for example by moving the work into the component, or import it only from the routes that can run it%s",
			     file, dev ? " (kit-build --dev goes on: the other routes are served, this one answers 500)" : "");
	free(msg);
}

static void check_exports(js_State *J, kit_scan *scan, const char *chunk_dir, kit_srcmap *map, const char *src,
			  const kit_verify_part *parts, size_t nparts, int dev, kit_diags *d)
{
	js_getglobal(J, "__kit_app");
	js_getproperty(J, -1, "modules");
	if (!js_isobject(J, -1)) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, ".kit/server.js", "the bundle does not define __kit_app.modules");
		kit_diag_fix(d, g, "this is a kit bug (the generated entry defines it): please report it");
		js_pop(J, 2);
		return;
	}
	for (size_t i = 0; i < scan->nmodules; i++) {
		const kit_scan_module *m = &scan->modules[i];
		/* loading the module's chunks: the route's own failure */
		if (js_try(J)) {
			module_failed(J, scan, m, chunk_dir, map, src, parts, nparts, dev, d);
			js_pop(J, 1);
			continue;
		}
		js_getproperty(J, -1, m->id);
		js_endtry(J);
		if (js_try(J)) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "reading its exports threw: %s",
						   js_trystring(J, -1, "?"));
			kit_diag_fix(d, g, "make the module's exports plain values and functions");
			js_pop(J, 2);
			continue;
		}
		if (js_isobject(J, -1))
			check_module(J, scan, m, d);
		js_pop(J, 1);
		js_endtry(J);
	}
	js_pop(J, 2);
}

int kit_verify_server(kit_scan *scan, const char *src, const kit_verify_part *parts,
		      size_t nparts, const char *chunk_dir, int dev, kit_diags *d)
{
	size_t errors_before = d->nerrors;
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J)
		kit_out_of_memory(0);  /* mujs could not allocate its state */
	js_setcontext(J, (void *)chunk_dir);
	install_natives(J);
	if (js_ploadstring(J, "server.js", src)) {
		load_failed(scan, src, parts, nparts, js_trystring(J, -1, "?"), NULL, 1, d);
		goto out;
	}
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		char *trace = NULL;
		if (js_isobject(J, -1)) {
			/* its frames: the stack after its first line (the message) */
			js_getproperty(J, -1, "stack");
			const char *frames = js_isstring(J, -1) ? strstr(js_tostring(J, -1), "\n    at ") : NULL;
			if (frames)
				trace = strdup(frames);
			js_pop(J, 1);
		}
		load_failed(scan, src, parts, nparts, js_trystring(J, -1, "?"), trace, 0, d);
		free(trace);
		goto out;
	}
	js_pop(J, 1);
	/* as a worker does (render/engine.c) before the route modules load */
	js_getglobal(J, "__kit_harden");
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, ".kit/server.js", "could not freeze the built-in prototypes: %s",
					   js_trystring(J, -1, "?"));
		kit_diag_fix(d, g, "this is kit's own runtime: reinstall kit or report the bug");
		goto out;
	}
	js_pop(J, 1);
	char kit_dir[4400];
	snprintf(kit_dir, sizeof kit_dir, "%s/..", chunk_dir);
	kit_srcmap *map = kit_srcmap_open(kit_dir);
	check_exports(J, scan, chunk_dir, map, src, parts, nparts, dev, d);
	kit_srcmap_close(map);
out:
	js_freestate(J);
	return d->nerrors == errors_before ? 0 : -1;
}
