/* verify.c — server.js in mujs: does it compile, load, and export what the
 * route files must export? (see verify.h) */
#include "build/verify.h"
#include "build/nextmw.h"
#include "render/xalloc.h"
#include "intl/intl.h"

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

static void install_natives(js_State *J)
{
	js_newcfunction(J, native_log, "__kit_log", 2);
	js_setglobal(J, "__kit_log");
	js_newcfunction(J, native_ignore, "__kit_timer_arm", 2);
	js_setglobal(J, "__kit_timer_arm");
	js_newcfunction(J, native_ignore, "__kit_timer_disarm", 1);
	js_setglobal(J, "__kit_timer_disarm");
	kit_intl_install(J);
}

/* The first "server.js:<line>" in a mujs message or stack trace; 0 if none. */
static size_t line_in(const char *text)
{
	const char *p = text ? strstr(text, "server.js:") : NULL;
	return p ? strtoul(p + 10, NULL, 10) : 0;
}

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
	size_t n = line - p->first_line + 1;
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
				return;
			}
	}
	free(starts);
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
				 : "not-found page";
		g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "the %s has no default export component", what);
		kit_diag_route(d, g, route);
		kit_diag_fix(d, g, "export default a component from %s: export default function %s(props) { return <div /> }",
			     m->file, m->role == KIT_FILE_LAYOUT ? "Layout" : m->role == KIT_FILE_PAGE ? "Page" : "Fallback");
	}
}

static void check_exports(js_State *J, kit_scan *scan, kit_diags *d)
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
		if (js_try(J)) {
			kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, m->file, "reading its exports threw: %s",
						   js_trystring(J, -1, "?"));
			kit_diag_fix(d, g, "make the module's exports plain values and functions");
			js_pop(J, 1);
			continue;
		}
		js_getproperty(J, -1, m->id);
		if (js_isobject(J, -1))
			check_module(J, scan, m, d);
		js_pop(J, 1);
		js_endtry(J);
	}
	js_pop(J, 2);
}

int kit_verify_server(kit_scan *scan, const char *src, const kit_verify_part *parts,
		      size_t nparts, kit_diags *d)
{
	size_t errors_before = d->nerrors;
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J)
		kit_out_of_memory(0);  /* mujs could not allocate its state */
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
	check_exports(J, scan, d);
out:
	js_freestate(J);
	return d->nerrors == errors_before ? 0 : -1;
}
