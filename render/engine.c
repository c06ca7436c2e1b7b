/* engine.c — the warm mujs state and the entry points of the engine.
 *
 * kit_engine_open builds the state once per worker: a capped allocator, the
 * natives the prelude needs, server.js, then the JS runtime's init() with the
 * manifest, and finally frozen built-in prototypes. Each entry point (render,
 * middleware, API route, action, query, generateStaticParams) runs between
 * request_begin and request_end, the one start and the one end of a request.
 * kit_engine_render runs phase 1 (buildTree + walk.c) and hands over to
 * stream.c, which runs the loop and writes the answer (flight.c or html.c).
 * Everything a request allocated goes with its arena; the JS heap is
 * collected once it has grown enough. The top layer: it calls stream.c,
 * walk.c, loop.c, fetch.c, rpc.c and req.c, and nothing calls it back. */
#include <fcntl.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine_impl.h"
#include "render/srcmap.h"
#include "fetch.h"
#include "binary.h"
#include "fs.h"
#include "env.h"
#include "seal.h"
#include "loop.h"
#include "header.h"
#include "jsstr.h"
#include "json.h"
#include "rpc.h"
#include "render/xalloc.h"
#include "intl/intl.h"

#ifdef KIT_MUJS_NUMBERTOSTRING
/* Debian's mujs 1.3.2 prints numbers through grisu2 without the correction
 * step: String(0.1 + 0.2) is "0.30000000000000007" where every other JS
 * engine prints "0.30000000000000004", so components building strings from
 * numbers would disagree with React. kit's mujs makes jsV_numbertostring a
 * weak symbol (mujs/patches/0001-weak-numbertostring.patch), so this
 * definition replaces it for String(x), "" + x, join, JSON.stringify and the
 * rest. */
const char *jsV_numbertostring(js_State *J, char buf[32], double f);
const char *jsV_numbertostring(js_State *J, char buf[32], double f)
{
	(void)J;
	kit_json_format_number(buf, f);
	return buf;
}
#endif

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	char *text = kit_read_file(path, len);
	if (!text)
		snprintf(err, errlen, "cannot read %s: %m — run kit-build in the app directory first", path);
	return text;
}

/* .kit/client-manifest.json beside server.js; absent means no client module. */
static int load_client_manifest(kit_engine *e, const char *server_js, char *err, size_t errlen)
{
	char path[4200];
	const char *slash = strrchr(server_js, '/');
	snprintf(path, sizeof path, "%.*sclient-manifest.json", slash ? (int)(slash - server_js + 1) : 0, server_js);
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	fclose(f);
	size_t len;
	char *text = read_file(path, &len, err, errlen);
	if (!text)
		return -1;
	e->manifest_arena = kit_arena_new(16 * 1024);
	kit_model_init(&e->manifest_model, e->manifest_arena);
	kit_value *root = NULL;
	char jerr[KIT_ERR_SIZE];
	int rc = kit_json_parse(&e->manifest_model, text, len, &root, jerr, sizeof jerr);
	free(text);
	if (rc < 0) {
		snprintf(err, errlen, "%s: %s — rebuild with kit-build", path, jerr);
		return -1;
	}
	kit_value *modules = kit_v_get(root, "modules");
	if (modules && modules->kind == KIT_OBJECT)
		e->client_modules = modules;
	kit_value *entry = kit_v_get(root, "entry");
	if (entry && entry->kind == KIT_STRING)
		e->client_entry = entry->u.str.ptr;
	kit_value *dev = kit_v_get(root, "dev");
	if (dev && dev->kind == KIT_STRING)
		e->dev_client = dev->u.str.ptr;
	return 0;
}

/* The capped allocator over heap.c's size classes (every engine, except
 * under AddressSanitizer). */
static void *js_alloc_heap(kit_engine *e, void *ptr, int size)
{
	size_t old = ptr ? kit_heap_size(ptr) : 0;
	if (size == 0) {
		e->heap_bytes -= old;
		kit_heap_free(e->heap, ptr);
		return NULL;
	}
	if (e->heap_bytes - old + (size_t)size > e->heap_limit)
		return NULL;
	void *p = kit_heap_realloc(e->heap, ptr, (size_t)size);
	if (!p)
		return NULL;
	e->heap_bytes = e->heap_bytes - old + kit_heap_size(p);
	return p;
}

static void *js_alloc(void *ctx, void *ptr, int size)
{
	kit_engine *e = ctx;
	if (e->heap)
		return js_alloc_heap(e, ptr, size);
	size_t old = ptr ? malloc_usable_size(ptr) : 0;
	if (size == 0) {
		e->heap_bytes -= old;
		free(ptr);
		return NULL;
	}
	if (e->heap_bytes - old + (size_t)size > e->heap_limit)
		return NULL;  /* mujs raises a catchable "out of memory" */
	void *p = realloc(ptr, (size_t)size);
	if (!p)
		return NULL;
	e->heap_bytes = e->heap_bytes - old + malloc_usable_size(p);
	return p;
}

static void js_report_stderr(js_State *J, const char *message)
{
	(void)J;
	fprintf(stderr, "kit: %s\n", message);
}

/* jsx(type, props, key): the element js/server/jsx-runtime.ts's
 * ReactElement makes (type and props own, an own key only when one is
 * given, `'' + key` (null too); $$typeof and `key: null` from the prototype), made
 * here: `new ReactElement` from the jsx function was two JS calls per
 * element, a constructor's frame and its property sets (a dynamic page of
 * 200 items makes ~450 elements per request). */
static void define_key(js_State *J, int idx);

static void native_jsx(js_State *J)
{
	/* the prototype by the pointer kept at init (the registry keeps it
	 * alive), and its own properties inserted, not defined: a fresh object
	 * whose prototype chain has no setter or read-only type, props or key
	 * (ReactElement.prototype's key is a writable null, Object.prototype is
	 * frozen without them), so the same own properties without the
	 * registry's lookup and the descriptor checks (mujs patch 1725) */
	js_newobjectproto(J, ((kit_engine *)js_getcontext(J))->jsx_proto);
	js_copy(J, 1);
	js_initproperty(J, -2, "type", 0);
	js_copy(J, 2);
	js_initproperty(J, -2, "props", 0);
	define_key(J, 3);
}

/* The own key of the new element on top of the stack from the argument at
 * idx, when one is given: '' + key. */
static void define_key(js_State *J, int idx)
{
	if (!js_isundefined(J, idx)) {  /* key={null} is "null", as React 19's */
		double d;
		if (js_isstring(J, idx)) {
			js_copy(J, idx);
		} else if (js_isnumber(J, idx) && (d = js_tonumber(J, idx)) >= -1e15 && d <= 1e15 && d == (double)(long long)d) {
			/* an integer (an id: items.map's key={item.id}), its decimal
			 * digits as '' + key gives them (-0 is "0"): js_concat's
			 * shortest round-trip formatting cost ~750 instructions */
			char digits[24], *p = digits + sizeof digits;
			long long v = (long long)d;
			unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
			*--p = '\0';
			do
				*--p = (char)('0' + u % 10);
			while (u /= 10);
			if (v < 0)
				*--p = '-';
			js_pushstring(J, p);
		} else {
			js_pushliteral(J, "");
			js_copy(J, idx);
			js_concat(J);
		}
		js_initproperty(J, -2, "key", 0);
	}
}

/* tpl([template, holes..., key]): a template element (toolchain/templates.mjs
 * compiles a server module's host JSX into them): the array as its own
 * non-enumerable _h; type, props and key are getters of its prototype that
 * build the elements the JSX stood for on first read
 * (js/server/jsx-runtime.ts). The walk expands an untouched one from the
 * compiled template (walk.c walk_template): one object of one property
 * and the array per use instead of an element, a props object and a
 * children array per element, and the key made a string only by the walk. */
static void native_tpl(js_State *J)
{
	js_newobjectproto(J, ((kit_engine *)js_getcontext(J))->tpl_proto);
	js_copy(J, 1);
	js_initproperty(J, -2, "_h", JS_DONTENUM);
}

/* __kit_tpl_init(prototype): keeps the template elements' prototype and
 * returns the native tpl (js/server/jsx-runtime.ts calls it once). */
static void native_tpl_init(js_State *J)
{
	if (!js_isobject(J, 1))
		js_typeerror(J, "__kit_tpl_init: the prototype of template elements is not an object");
	js_copy(J, 1);
	js_setregistry(J, REG_TPL_PROTO);
	((kit_engine *)js_getcontext(J))->tpl_proto = js_topointer(J, 1);
	js_newcfunction(J, native_tpl, "tpl", 1);
}

/* jsxs(type, props, key), development builds only: jsx's element, and each
 * element in props.children (the array esbuild gives jsxs: several static
 * children) marked as React's development jsxs marks them (_store.validated:
 * their keys need no check). The walk reads the mark (walk.c key_check) for
 * the `validated` slot of the development Flight shape, so that React's
 * development client does not warn "Each child in a list should have a
 * unique key" about them. A production build's jsxs is jsx
 * (js/server/jsx-runtime.ts). */
static void native_jsxs(js_State *J)
{
	native_jsx(J);
	if (!js_isobject(J, 2))
		return;
	js_getproperty(J, 2, "children");
	if (js_isarray(J, -1)) {
		const void *proto = ((kit_engine *)js_getcontext(J))->jsx_proto;
		int n = js_getlength(J, -1);
		for (int i = 0; i < n; i++) {
			js_getindex(J, -1, i);
			if (js_isobject(J, -1) && js_toprotopointer(J, -1) == proto) {
				js_pushboolean(J, 1);
				js_defproperty(J, -2, KIT_VALIDATED_MARK, JS_DONTENUM);
			}
			js_pop(J, 1);
		}
	}
	js_pop(J, 1);
}

/* __kit_jsx_init(prototype): keeps the elements' prototype and returns the
 * native jsx (js/server/jsx-runtime.ts calls it once, at load). */
static void native_jsx_init(js_State *J)
{
	if (!js_isobject(J, 1))
		js_typeerror(J, "__kit_jsx_init: the prototype of elements is not an object");
	js_copy(J, 1);
	js_setregistry(J, REG_JSX_PROTO);
	/* kept alive by the registry; the walk tells elements by it (walk.c) */
	((kit_engine *)js_getcontext(J))->jsx_proto = js_topointer(J, 1);
	js_newcfunction(J, native_jsx, "jsx", 3);
}

static void native_log(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	int level = js_tointeger(J, 1);
	const char *text = js_tostring(J, 2);
	static const char *names[] = { "log", "warn", "error" };
	kit_buf mapped;
	kit_buf_init(&mapped);
	/* console.error(err.stack) and the like: frames named by the app's files */
	if (e && strstr(text, ".js:"))
		kit_req_map_text(e, text, &mapped);
	fprintf(stderr, "kit: [%s] %s\n", names[level < 0 || level > 2 ? 0 : level], mapped.len ? kit_buf_cstr(&mapped) : text);
	kit_buf_free(&mapped);
	js_pushundefined(J);
}

/* Stores runtime.symbols[name] in the registry under reg. */
static void keep_symbol(js_State *J, int symbols, const char *name, const char *reg)
{
	js_getproperty(J, symbols, name);
	js_setregistry(J, reg);
}

/* server.js mapped read-only with a zero byte after it (the rest of its
 * last page, or an anonymous page): mujs keeps its functions' text there
 * for Function.prototype.toString (mujs patch 0300) instead of a copy. kit-build
 * replaces .kit whole (build/outdir.c), never this file in place. */
static char *map_file(const char *path, size_t *maplen, size_t *filelen, char *err, size_t errlen);

static int map_source(kit_engine *e, const char *path, size_t *filelen, char *err, size_t errlen)
{
	e->source_map = map_file(path, &e->source_maplen, filelen, err, errlen);
	return e->source_map ? 0 : -1;
}

static char *map_file(const char *path, size_t *maplen, size_t *filelen, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(err, errlen, "cannot read %s: %m — run kit-build in the app directory first", path);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	size_t len = (size_t)st.st_size, page = (size_t)sysconf(_SC_PAGESIZE);
	size_t total = (len / page + 1) * page;
	char *p = mmap(NULL, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p != MAP_FAILED && len && mmap(p, len, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) {
		munmap(p, total);
		p = MAP_FAILED;
	}
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "cannot map %s: %m", path);
		return NULL;
	}
	*maplen = total;
	*filelen = len;
	return p;
}

/* Compiles the bundle file at path (mapped at src, len bytes) and pushes
 * its script: from its compiled code in jsc/ when kit-build wrote an image
 * of this very file (build/jscache.h: X/server.js → X/jsc/server.jsc,
 * X/server/NAME → X/jsc/NAMEc), else from the source. The image is read
 * and let go: the functions keep only the source's text. 0, or 1 with the
 * error on the stack. */
static int load_script(kit_engine *e, const char *path, const char *src, size_t len)
{
	char cache[4500];
	const char *slash = strrchr(path, '/');
	size_t dir = slash ? (size_t)(slash - path) : 0;
	const char *name = slash ? slash + 1 : path;
	if (dir >= 7 && strncmp(path + dir - 7, "/server", 7) == 0)
		snprintf(cache, sizeof cache, "%.*s/jsc/%sc", (int)(dir - 7), path, name);
	else
		snprintf(cache, sizeof cache, "%.*s%sjsc/%sc", (int)dir, path, slash ? "/" : "", name);
	int fd = open(cache, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0) {
		void *img = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		fd = -1;
		if (img != MAP_FAILED) {
			int rc = js_ploadcache(e->J, path, src, len, img, (size_t)st.st_size);
			munmap(img, (size_t)st.st_size);
			if (rc >= 0) {
				e->cached_scripts++;
				return rc;
			}
		}
	}
	if (fd >= 0)
		close(fd);
	return js_ploadstringstatic(e->J, path, src);
}

/* server.js's pages leave the worker's RSS: clean file pages, read again
 * from the page cache when a function's text is asked for (core-js asks for
 * a few at start; a fault maps a whole folio, up to 512 kB), so this runs
 * after compiling, at the end of kit_engine_open and after each full
 * collection */
static void release_source(kit_engine *e)
{
	if (e->source_map)
		madvise(e->source_map, e->source_maplen, MADV_DONTNEED);
	for (size_t i = 0; i < e->nchunk_maps; i++)
		madvise(e->chunk_maps[i].p, e->chunk_maps[i].len, MADV_DONTNEED);
}

/* __kit_load_chunk(name): compiles and runs .kit/server/<name>, a chunk of
 * the server bundle a route needs first now (runtime/prelude.js
 * __kit_require). The file is one __kit_define call; it stays mapped, like
 * server.js, for as long as the worker runs. Throws what failed. */
static void native_load_chunk(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	const char *name = js_tostring(J, 1);
	size_t n = strlen(name);
	if (!e->chunk_dir || n < 4 || n > 200 || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") != n ||
	    name[0] == '.' || strcmp(name + n - 3, ".js") != 0)
		js_error(J, "kit: the server bundle has no chunk \"%s\": rebuild with kit-build", name);
	char path[4400], err[4600];
	snprintf(path, sizeof path, "%s/%s", e->chunk_dir, name);
	size_t len = 0, n_dir = strlen(e->chunk_dir);
	/* a newer build replaced .kit since this worker started: its version's
	 * files are kept in the store (build/publish.c), and the names carry
	 * the content's hash, so no other build's file has this name */
	if (access(path, F_OK) != 0 && n_dir >= 12 && strcmp(e->chunk_dir + n_dir - 12, "/.kit/server") == 0 && *e->version)
		snprintf(path, sizeof path, "%.*s/.kit-store/builds/%s/server/%s", (int)(n_dir - 12), e->chunk_dir,
			 e->version, name);
	size_t maplen;
	char *p = map_file(path, &maplen, &len, err, sizeof err);
	if (!p)
		js_error(J, "kit: %s", err);
	e->chunk_maps = kit_xrealloc(e->chunk_maps, (e->nchunk_maps + 1) * sizeof *e->chunk_maps);
	e->chunk_maps[e->nchunk_maps++] = (struct kit_chunk_map){ p, maplen };
	if (load_script(e, path, p, len))
		js_throw(J);
	js_pushundefined(J);
	js_call(J, 0);
	js_pop(J, 1);
	js_pushundefined(J);
}

static int load(kit_engine *e, const char *server_js, const char *manifest_json, char *err, size_t errlen)
{
	js_State *J = e->J;
	size_t len;
	if (map_source(e, server_js, &len, err, errlen) < 0)
		return -1;
	if (load_script(e, server_js, e->source_map, len)) {
		snprintf(err, errlen, "%s does not compile in mujs: %s — rebuild it with kit-build",
			 server_js, js_trystring(J, -1, "?"));
		return -1;
	}
	release_source(e);
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		snprintf(err, errlen, "%s failed while loading: %s", server_js, js_trystring(J, -1, "?"));
		return -1;
	}
	js_pop(J, 1);

	js_getglobal(J, "__kit_app");
	if (!js_isobject(J, -1)) {
		snprintf(err, errlen, "%s does not define __kit_app — it was not written by kit-build", server_js);
		return -1;
	}
	js_copy(J, -1);
	js_setregistry(J, REG_APP);
	js_getproperty(J, -1, "runtime");
	js_copy(J, -1);
	js_setregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "symbols");
	int symbols = js_gettop(J) - 1;
	if (!js_isobject(J, symbols)) {
		snprintf(err, errlen, "%s: the kit runtime is missing (runtime.symbols)", server_js);
		return -1;
	}
	keep_symbol(J, symbols, "element", REG_SYM_ELEMENT);
	keep_symbol(J, symbols, "fragment", REG_SYM_FRAGMENT);
	keep_symbol(J, symbols, "suspense", REG_SYM_SUSPENSE);
	keep_symbol(J, symbols, "strictMode", REG_SYM_STRICT);
	keep_symbol(J, symbols, "profiler", REG_SYM_PROFILER);
	keep_symbol(J, symbols, "forwardRef", REG_SYM_FORWARD_REF);
	keep_symbol(J, symbols, "memo", REG_SYM_MEMO);
	keep_symbol(J, symbols, "clientReference", REG_SYM_CLIENT);
	keep_symbol(J, symbols, "context", REG_SYM_CONTEXT);
	keep_symbol(J, symbols, "consumer", REG_SYM_CONSUMER);
	keep_symbol(J, symbols, "lazy", REG_SYM_LAZY);
	keep_symbol(J, symbols, "serverReference", REG_SYM_SERVER);
	js_pop(J, 1);

	/* runtime.init(__kit_app.modules, JSON.parse(manifest)) */
	js_getproperty(J, -1, "init");
	js_copy(J, -2);
	js_getproperty(J, -4, "modules");
	js_getglobal(J, "JSON");
	js_getproperty(J, -1, "parse");
	js_rot2pop1(J);
	js_pushundefined(J);
	js_pushstring(J, manifest_json);
	if (js_pcall(J, 1)) {
		snprintf(err, errlen, "the route manifest is not valid JSON: %s", js_trystring(J, -1, "?"));
		return -1;
	}
	if (js_pcall(J, 2)) {
		snprintf(err, errlen, "the kit runtime failed to start: %s", js_trystring(J, -1, "?"));
		return -1;
	}
	js_pop(J, 3);

	js_newarray(J);
	js_setregistry(J, REG_WORK);
	js_newarray(J);
	js_setregistry(J, REG_KEEP);

	/* which server references are queries (js/server/query-ids.ts): the
	 * documents carry them so the browser calls those with GET /_rsc/query.
	 * From kit's core, so that the action runners and the web classes load
	 * with the first action, not here (build/emit.c) */
	js_getregistry(J, REG_APP);
	js_getproperty(J, -1, "queryIds");
	if (js_iscallable(J, -1)) {
		js_copy(J, -2);
		if (!js_pcall(J, 0) && js_isstring(J, -1) && *js_tostring(J, -1))
			e->query_ids = strdup(js_tostring(J, -1));
	}
	js_pop(J, 2);

	/* built-ins are shared by every request of this worker (prelude.js) */
	js_getglobal(J, "__kit_harden");
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		snprintf(err, errlen, "could not freeze the built-in prototypes: %s", js_trystring(J, -1, "?"));
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

kit_engine *kit_engine_open(const char *server_js, const char *manifest_json,
			    const kit_engine_opts *opts, char *err, size_t errlen)
{
	kit_engine *e = kit_xcalloc(1, sizeof *e);
	e->heap_limit = opts && opts->memory_limit ? opts->memory_limit : (size_t)512 << 20;
	e->timeout_ms = opts && opts->render_timeout_ms ? opts->render_timeout_ms : 30000;
	e->keepalive_ms = opts && opts->keepalive_ms ? opts->keepalive_ms : 10000;
	e->always_inline_rows = opts && opts->always_inline_rows;
	e->one_shot = opts && opts->one_shot;
	/* heap.c's size classes: glibc's malloc cost 12.6 % of a warm render
	 * (callgrind, /bench/list); AddressSanitizer checks the mujs heap only
	 * through malloc */
#ifndef __SANITIZE_ADDRESS__
	if (!(opts && opts->js_malloc) && !(e->heap = kit_heap_new()))
		kit_out_of_memory(0);
#endif
	e->J = js_newstate(js_alloc, e, 0);
	if (!e->J) {
		snprintf(err, errlen, "cannot create a mujs state");
		kit_heap_free_all(e->heap);
		free(e);
		return NULL;
	}
	js_setcontext(e->J, e);
	js_setreport(e->J, js_report_stderr);
	e->arena = kit_arena_new(64 * 1024);

	js_newcfunction(e->J, native_log, "__kit_log", 2);
	js_setglobal(e->J, "__kit_log");
	js_newcfunction(e->J, native_load_chunk, "__kit_load_chunk", 1);
	js_setglobal(e->J, "__kit_load_chunk");
	js_newcfunction(e->J, native_jsx_init, "__kit_jsx_init", 1);
	js_setglobal(e->J, "__kit_jsx_init");
	js_newcfunction(e->J, native_tpl_init, "__kit_tpl_init", 1);
	js_setglobal(e->J, "__kit_tpl_init");
	js_newcfunction(e->J, kit_tpl_template, "__kit_template", 2);
	js_setglobal(e->J, "__kit_template");
	const char *slash = strrchr(server_js, '/');
	size_t dirlen = slash ? (size_t)(slash - server_js + 1) : 0;
	e->chunk_dir = kit_xmalloc(dirlen + 8);
	snprintf(e->chunk_dir, dirlen + 8, "%.*sserver", (int)dirlen, server_js);
	/* timers and transfers (loop.c); fetch()'s natives (fetch.c) */
	if (kit_loop_open(e, err, errlen) < 0) {
		kit_engine_close(e);
		return NULL;
	}
	kit_loop_install(e);
	kit_fetch_install(e);
	kit_binary_install(e->J);  /* binary.c: TextEncoder, crypto, performance */
	/* rpc(): the backend's configuration and the natives (rpc.c) */
	if (kit_rpc_open(e, err, errlen) < 0) {
		kit_engine_close(e);
		return NULL;
	}
	kit_rpc_install(e);
	/* the app's files (fs.c) */
	if (kit_fs_open(e, opts ? opts->app_root : NULL) < 0) {
		snprintf(err, errlen, "the app's directory %s does not exist", opts->app_root);
		kit_engine_close(e);
		return NULL;
	}
	kit_fs_install(e);
	/* Intl over ICU, which loads on the first call (intl/) */
	kit_intl_install(e->J);
	/* process.env: the .env files' values under the environment (env.c) */
	kit_env_install(e->J, server_js);
	kit_seal_install(e->J, server_js);

	if (load_client_manifest(e, server_js, err, errlen) < 0) {
		kit_engine_close(e);
		return NULL;
	}
	if (e->dev_client) {
		/* the jsxs of a development build (js/server/jsx-runtime.ts) */
		js_newcfunction(e->J, native_jsxs, "jsxs", 3);
		js_setglobal(e->J, "__kit_jsxs");
	}
	if (load(e, server_js, manifest_json, err, errlen) < 0) {
		kit_engine_close(e);
		return NULL;
	}
	/* the version is what the manifest says; kept in C for the headers */
	kit_model m;
	kit_model_init(&m, e->arena);
	kit_value *man = NULL;
	char jerr[KIT_ERR_SIZE];
	if (kit_json_parse(&m, manifest_json, strlen(manifest_json), &man, jerr, sizeof jerr) == 0) {
		kit_value *v = kit_v_get(man, "version");
		if (v && v->kind == KIT_STRING)
			snprintf(e->version, sizeof e->version, "%s", v->u.str.ptr);
	}
	kit_model_clear(&m);
	kit_arena_reset(e->arena);
	js_gc(e->J, 0);
	e->heap_after_gc = e->heap_bytes;
	release_source(e);
	return e;
}

void kit_engine_close(kit_engine *e)
{
	if (!e)
		return;
	kit_loop_close(e);  /* transfers, the multi handle, timers */
	kit_fs_close(e);
	/* a process that answers one request (kit.cgi) and exits lets its JS
	 * heap go whole: kit_heap_free_all returns every chunk below, and the
	 * finalizers only free memory (2.6 M instructions of kit.cgi /whoami's
	 * 58 M were js_freestate walking every object) */
	if (e->J && !(e->one_shot && e->heap))
		js_freestate(e->J);
	if (e->source_map)
		munmap(e->source_map, e->source_maplen);
	for (size_t i = 0; i < e->nchunk_maps; i++)
		munmap(e->chunk_maps[i].p, e->chunk_maps[i].len);
	free(e->chunk_maps);
	free(e->chunk_dir);
	kit_srcmap_close(e->srcmap);
	kit_heap_free_all(e->heap);
	kit_arena_free(e->arena);
	if (e->manifest_arena) {
		kit_model_clear(&e->manifest_model);
		kit_arena_free(e->manifest_arena);
	}
	free(e->items);
	free(e->scopes);
	free(e->query_ids);
	free(e);
}

const char *kit_engine_dev_client(const kit_engine *e)
{
	return e->dev_client;
}

const char *kit_engine_version(const kit_engine *e)
{
	return e->version;
}

size_t kit_engine_heap_bytes(const kit_engine *e)
{
	return e->heap_bytes;
}

int kit_engine_cached_scripts(const kit_engine *e)
{
	return e->cached_scripts;
}

void kit_engine_last_stats(const kit_engine *e, kit_render_stats *out)
{
	*out = e->last_stats;
}

/* Pushes {name: value or [values]} for the route params. */
static void push_params(js_State *J, const kit_render_req *req)
{
	js_newobject(J);
	for (size_t i = 0; i < req->nparams; i++) {
		const kit_param *p = &req->params[i];
		if (p->is_list) {
			js_newarray(J);
			for (size_t j = 0; j < p->nvalues; j++) {
				js_pushstring(J, p->values[j]);
				js_setindex(J, -2, (int)j);
			}
		} else {
			js_pushstring(J, p->nvalues ? p->values[0] : "");
		}
		js_setproperty(J, -2, p->name);
	}
}

/* Pushes the search params as Next.js shapes them: a repeated key becomes an array. */
static void push_search(js_State *J, const kit_render_req *req)
{
	js_newobject(J);
	int obj = js_gettop(J) - 1;
	for (size_t i = 0; i < req->nsearch; i++) {
		const kit_kv *kv = &req->search[i];
		if (js_hasproperty(J, obj, kv->key)) {
			if (js_isarray(J, -1)) {
				js_pushstring(J, kv->value);
				js_setindex(J, -2, js_getlength(J, -2));
				js_pop(J, 1);
			} else {
				js_newarray(J);
				js_rot2(J);
				js_setindex(J, -2, 0);
				js_pushstring(J, kv->value);
				js_setindex(J, -2, 1);
				js_setproperty(J, obj, kv->key);
			}
		} else {
			js_pushstring(J, kv->value);
			js_setproperty(J, obj, kv->key);
		}
	}
}

/* Calls runtime.<name>() and drops its result; an exception is ignored. */
static void call_runtime(kit_engine *e, const char *name)
{
	js_State *J = e->J;
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, name);
	js_rot2(J);
	if (js_pcall(J, 0) == 0)
		js_pop(J, 1);
	else
		js_pop(J, 1);
}

/* --- the request scope: one begin, one end for every entry point ---------
 *
 * Every entry point below runs   request_begin → its work → request_end,
 * with a single exit path to request_end whatever failed. begin gives the
 * request a fresh scope (e->rq) and starts it in JS; end runs nothing of it
 * any more: JS's request state, keep slots, contexts, the answer's state,
 * timers and transfers (loop.c), the model and the arena all go, and the
 * scope is zeroed. */

/* The path of the request's URL (scheme://host/path?query), for log lines
 * of requests that are not renders; NULL without a request. */
static const char *url_path(kit_arena *a, const kit_http_req *http)
{
	if (!http || !http->url)
		return NULL;
	const char *p = strstr(http->url, "://");
	p = p ? strchr(p + 3, '/') : http->url;
	if (!p)
		return "/";
	return kit_arena_strndup(a, p, strcspn(p, "?#"));
}

/* What a request is: its phase as JS names it ("render", "middleware",
 * "route", "action", "build"), the HTTP request behind it (NULL at build
 * time) and, for a render only, what to render and where it goes. */
typedef struct request_start {
	const char *phase;
	const kit_http_req *http;
	const kit_render_req *render;
	const kit_render_out *out;
} request_start;

/* err (cleared) receives the request's failure. Then
 * runtime.beginRequest({method, url, headers, body} or null, phase).
 * Returns 0, or -1 with the failure recorded: the caller still ends the
 * request. */
static int request_begin(kit_engine *e, const request_start *start, kit_render_error *err)
{
	js_State *J = e->J;
	const kit_http_req *http = start->http;
	memset(err, 0, sizeof *err);
	memset(&e->rq, 0, sizeof e->rq);
	e->generation++;
	e->rq.err = err;
	e->rq.render = start->render;
	e->rq.out = start->out;
	e->rq.pathname = start->render ? start->render->pathname : url_path(e->arena, http);
	e->rq.last_write_ms = kit_loop_now_ms();
	e->rq.deadline_ms = e->rq.last_write_ms + e->timeout_ms;
	e->rq.interrupt_ms = e->rq.deadline_ms;
	e->rq.tree_id = 1;
	e->rq.tree_overflow = "";
	kit_model_init(&e->rq.model, e->arena);
	e->rq.model.dev = e->dev_client != NULL;

	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "beginRequest");
	js_rot2(J);
	if (http) {
		js_newobject(J);
		js_pushstring(J, http->method);
		js_setproperty(J, -2, "method");
		js_pushstring(J, http->url);
		js_setproperty(J, -2, "url");
		js_newarray(J);
		int plain = 1;
		for (size_t i = 0; i < http->nheaders; i++) {
			js_newarray(J);
			js_pushstring(J, http->headers[i].key);
			js_setindex(J, -2, 0);
			kit_jsstr_push_bytes(J, http->headers[i].value, strlen(http->headers[i].value));
			js_setindex(J, -2, 1);
			js_setindex(J, -2, (int)i);
			plain = plain && kit_header_plain(http->headers[i].key, http->headers[i].value);
		}
		js_setproperty(J, -2, "headers");
		/* every pair as Headers stores it: request() skips its checks */
		js_pushboolean(J, plain);
		js_setproperty(J, -2, "headersPlain");
		if (http->body)
			kit_jsstr_push_bytes(J, http->body, http->body_len);
		else
			js_pushnull(J);
		js_setproperty(J, -2, "body");
	} else {
		js_pushnull(J);
	}
	js_pushstring(J, start->phase);
	if (js_pcall(J, 2)) {
		kit_req_exception(e, NULL, "starting the request");
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

/* Nothing of the request may run in the next one. */
static void request_end(kit_engine *e)
{
	e->rq.interrupt_ms = 0;    /* the budget's hook stops (it may have been throwing) */
	call_runtime(e, "endRequest");
	e->generation++;           /* callbacks still held by JS see another request */
	kit_req_keep_clear(e);     /* fetch()/rpc() callbacks, retries, kit.scope values */
	call_runtime(e, "resetContexts");
	kit_stream_reset(e);
	kit_loop_reset(e);         /* timers, transfers, JS's queues */
	kit_model_clear(&e->rq.model);
	kit_arena_reset(e->arena);
	if (e->rq.render)
		e->last_stats = e->rq.stats;
	memset(&e->rq, 0, sizeof e->rq);  /* rq.err NULL: natives refuse to run outside a request */
	/* A full collection costs ~20 % of a small render (measured on
	 * /bench/list), so it runs once the heap has grown by half since the last
	 * one (at least 2 MiB): memory stays flat, most responses skip it. */
	size_t grown = e->heap_bytes > e->heap_after_gc ? e->heap_bytes - e->heap_after_gc : 0;
	if (grown > e->heap_after_gc / 2 && grown > ((size_t)2 << 20)) {
		js_gc(e->J, 0);
		/* a big render (1,000 boundaries) must not leave the worker at its peak RSS */
		if (e->heap_after_gc + ((size_t)8 << 20) < grown)
			malloc_trim(0);
		e->heap_after_gc = e->heap_bytes;
		release_source(e);
	}
}

/* --- awaiting one promise (middleware, API routes, actions, build) -------- */

static void settled_cb(js_State *J)
{
	int *flag = js_currentfunctiondata(J);
	if (*flag == 0) {
		js_copy(J, 1);
		js_setregistry(J, "kit.settled");
		*flag = 1;
	}
	js_pushundefined(J);
}

/* Is the value on top of the stack, one of runtime/prelude.js's promises
 * (runRoute's: no getters), fulfilled: _s 1, its value in _v (the walker
 * reads settled promises the same way, render/walk.c)? */
static int fulfilled_promise(js_State *J)
{
	if (!js_isobject(J, -1) || js_iscallable(J, -1))
		return 0;
	js_getproperty(J, -1, "_s");
	int one = js_isnumber(J, -1) && js_tonumber(J, -1) == 1;
	js_pop(J, 1);
	if (!one)
		return 0;
	js_getproperty(J, -1, "then");
	int thenable = js_iscallable(J, -1);
	js_pop(J, 1);
	return thenable;
}

/* The promise on top of the stack (popped): waits for it through the loop.
 * Its value is then on top of the stack. Returns 0 or -1 (e->rq.err filled). */
static int await_top(kit_engine *e)
{
	js_State *J = e->J;
	static int flag;  /* one request at a time per process */
	flag = 0;
	js_getglobal(J, "Promise");
	js_getproperty(J, -1, "resolve");
	js_rot2(J);
	js_copy(J, -3);    /* value, resolve, Promise, value */
	if (js_pcall(J, 1)) {
		kit_req_exception(e, NULL, "Promise.resolve");
		return -1;
	}
	js_rot2pop1(J);
	js_getproperty(J, -1, "then");
	js_rot2(J);
	js_newcfunctionx(J, settled_cb, "kitSettled", 1, &flag, NULL);
	js_copy(J, -1);
	if (js_pcall(J, 2)) {
		kit_req_exception(e, NULL, "then()");
		return -1;
	}
	js_pop(J, 1);
	if (kit_loop_await(e, &flag) < 0)
		return -1;
	js_getregistry(J, "kit.settled");
	js_delregistry(J, "kit.settled");
	return 0;
}

/* --- a render ------------------------------------------------------------ */

/* Phase 1 (the route's element tree walked into row 0 and every lazy row),
 * interleaved by the loop with writing the answer (stream.c). */
static int render_model(kit_engine *e)
{
	const kit_render_req *req = e->rq.render;
	js_State *J = e->J;
	/* resuming after a stored shell: the host sent the headers already */
	if (req->ppr == KIT_PPR_RESUME)
		kit_req_seal_headers(e);
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "beginFormStateRender");
	js_copy(J, -2);
	js_pushboolean(J, req->form_state);
	if (js_pcall(J, 1) == 0)
		js_pop(J, 1);
	else
		js_pop(J, 1);
	if (req->form_state) {
		js_getproperty(J, -1, "formStateJSON");
		js_copy(J, -2);
		if (js_pcall(J, 0) == 0 && js_isstring(J, -1) && *js_tostring(J, -1))
			e->rq.form_state_json = kit_arena_strdup(e->arena, js_tostring(J, -1));
		js_pop(J, 1);
	}
	if (req->action) {
		/* runtime.buildActionRoot(actions.takeResult(), route, params, search, depth, pathname) */
		js_getproperty(J, -1, "buildActionRoot");
		js_rot2(J);
		js_getregistry(J, REG_APP);
		js_getproperty(J, -1, "actions");
		js_rot2pop1(J);
		if (js_isobject(J, -1)) {
			js_getproperty(J, -1, "takeResult");
			js_rot2(J);
			if (js_pcall(J, 0)) {
				js_pop(J, 1);
				js_pushundefined(J);
			}
		} else {
			js_pop(J, 1);
			js_pushundefined(J);
		}
		js_pushnumber(J, req->not_found ? -1 : req->route_index);
		push_params(J, req);
		push_search(J, req);
		js_pushnumber(J, req->segment_depth);
		js_pushstring(J, req->pathname ? req->pathname : "/");
		if (js_pcall(J, 6)) {
			kit_req_exception(e, NULL, "composing the action's answer");
			return -1;
		}
		e->rq.root_data = 1;
	} else if (req->route_index >= 0 && !req->not_found) {
		js_getproperty(J, -1, "buildTree");
		js_rot2(J);
		js_pushnumber(J, req->route_index);
		if (req->params_unknown)
			js_pushnull(J);  /* buildTree: params that throw the KIT_DYNAMIC marker */
		else
			push_params(J, req);
		push_search(J, req);
		js_pushnumber(J, req->segment_depth);
		js_pushstring(J, req->pathname ? req->pathname : "/");
		if (req->intercept_slot) {
			js_newobject(J);
			js_pushstring(J, req->intercept_slot);
			js_setproperty(J, -2, "slot");
			js_pushnumber(J, req->intercept_route);
			js_setproperty(J, -2, "routeIndex");
			kit_render_req target = { .params = req->intercept_params, .nparams = req->intercept_nparams };
			push_params(J, &target);
			js_setproperty(J, -2, "params");
		} else {
			js_pushnull(J);
		}
		if (js_pcall(J, 6)) {
			kit_req_exception(e, NULL, "composing the route (layouts, page)");
			return -1;
		}
	} else {
		js_getproperty(J, -1, "buildNotFound");
		js_rot2(J);
		js_pushnumber(J, req->route_index);
		js_pushstring(J, req->pathname ? req->pathname : "/");
		js_pushnumber(J, req->not_found == 403 || req->not_found == 401 ? req->not_found : 404);
		js_pushnumber(J, req->not_found ? req->fallback_segment : -1);
		if (js_pcall(J, 4)) {
			kit_req_exception(e, NULL, "composing the not-found page");
			return -1;
		}
	}
	kit_row *root = kit_model_new_row(&e->rq.model);
	if (kit_walk_row(e, root) < 0)
		return -1;
	return kit_stream_run(e);
}

int kit_engine_render(kit_engine *e, const kit_render_req *req, const kit_render_out *out,
		      kit_render_error *err)
{
	const request_start start = {
		.phase = req->http ? "render" : "build", .http = req->http, .render = req, .out = out,
	};
	int rc = request_begin(e, &start, err);
	if (rc == 0)
		rc = render_model(e);
	e->rq.stats.rows = e->rq.model.nrows;
	if (rc == -1 && !e->rq.failed)
		kit_req_fail(e, 500, NULL, "render failed");
	if (rc == -1 && !e->rq.shell_sent)
		kit_req_seal_headers(e);
	if (rc == -1 && e->rq.shell_sent) {
		rc = -2;  /* a failure of the engine itself after the shell: the answer is cut */
		err->cut = 1;
	}
	/* the answer's status: the failure's, 500 for a document whose error an
	 * error.tsx shows (fcgi/host.c render_begin) or that was cut, else 200 */
	int status = rc == -1 ? (err->status ? err->status : 500)
		     : err->cut || (err->caught && req->mode == KIT_RENDER_DOCUMENT) ? 500 : 200;
	kit_req_log_render(e, status);
	request_end(e);
	return rc;
}

/* --- middleware, API routes ---------------------------------------------- */

int kit_engine_middleware(kit_engine *e, int route_index, const kit_http_req *http, kit_guard_result *out)
{
	js_State *J = e->J;
	kit_render_error err;
	out->outcome = KIT_GUARD_REFUSE;
	out->status = 500;
	out->location[0] = out->message[0] = out->visible[0] = out->component[0] = out->digest[0] = '\0';
	int rc = -1;
	if (request_begin(e, &(request_start){ .phase = "middleware", .http = http }, &err) < 0)
		goto done;
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "runMiddleware");
	js_rot2(J);
	js_pushnumber(J, route_index);
	if (js_pcall(J, 1)) {
		kit_req_exception(e, NULL, "the middleware chain");
		goto done;
	}
	if (await_top(e) < 0)
		goto done;
	js_getproperty(J, -1, "outcome");
	const char *outcome = js_isstring(J, -1) ? js_tostring(J, -1) : "";
	out->outcome = strcmp(outcome, "allow") == 0 ? KIT_GUARD_ALLOW
		     : strcmp(outcome, "redirect") == 0 ? KIT_GUARD_REDIRECT : KIT_GUARD_REFUSE;
	js_pop(J, 1);
	js_getproperty(J, -1, "status");
	out->status = js_isnumber(J, -1) ? js_toint32(J, -1) : out->outcome == KIT_GUARD_ALLOW ? 200 : 403;
	js_pop(J, 1);
	js_getproperty(J, -1, "location");
	if (js_isstring(J, -1))
		snprintf(out->location, sizeof out->location, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	js_getproperty(J, -1, "message");
	if (js_isstring(J, -1))
		snprintf(out->message, sizeof out->message, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	js_getproperty(J, -1, "visible");
	if (js_isstring(J, -1))
		snprintf(out->visible, sizeof out->visible, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	js_getproperty(J, -1, "module");
	if (js_isstring(J, -1)) {
		/* a throw that is no answer: the error, its stack mapped, for the log line */
		snprintf(out->component, sizeof out->component, "%s", js_tostring(J, -1));
		js_getproperty(J, -2, "error");
		char msg[900];
		kit_req_read_exception(e, msg, sizeof msg, out->digest, sizeof out->digest);
		snprintf(out->message, sizeof out->message, "%.500s", msg);
	}
	js_pop(J, 2);
	kit_req_take_headers(e, &out->headers);
	rc = 0;
done:
	if (rc < 0) {
		out->outcome = KIT_GUARD_REFUSE;
		out->status = err.status ? err.status : 500;
		snprintf(out->message, sizeof out->message, "%.500s", err.message);
	}
	request_end(e);
	return rc;
}

/* The answer runRoute (or runNextMiddleware) resolved to, on top of the
 * stack (left there): status, header lines, body. */
static void read_answer(js_State *J, const char *module, kit_api_answer *out)
{
	js_getproperty(J, -1, "status");
	out->status = js_isnumber(J, -1) ? js_toint32(J, -1) : 500;
	js_pop(J, 1);
	js_getproperty(J, -1, "headers");
	int n = js_isarray(J, -1) ? js_getlength(J, -1) : 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		js_getindex(J, -1, 0);
		js_getindex(J, -2, 1);
		const char *name = js_tostring(J, -2), *value = js_tostring(J, -1);
		/* the web Headers class threw for a bad name or value already */
		if (strcasecmp(name, "content-length") != 0 && strcasecmp(name, "transfer-encoding") != 0 &&
		    strcasecmp(name, "status") != 0 && kit_header_append(&out->headers, name, value) < 0)
			fprintf(stderr, "kit: %s: a response header was dropped: its name is not a token or its value holds CR, LF or NUL\n", module);
		js_pop(J, 3);
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "kind");
	const char *kind = js_isstring(J, -1) ? js_tostring(J, -1) : "none";
	int bytes = strcmp(kind, "bytes") == 0, text = strcmp(kind, "text") == 0;
	out->bytes = bytes;
	js_pop(J, 1);
	js_getproperty(J, -1, "readsQuery");
	out->reads_query = js_toboolean(J, -1);
	js_pop(J, 1);
	if (bytes || text) {
		js_getproperty(J, -1, "body");
		if (bytes)
			kit_jsstr_put_bytes(&out->body, js_tostring(J, -1));
		else
			kit_jsstr_put_text(&out->body, js_tostring(J, -1));
		js_pop(J, 1);
	}
}

/* Pushes the app (left for the caller to pop), then __kit_app[part][fn],
 * part as its this and the module's namespace: ready for js_pcall with the
 * namespace as the first argument. -1 with a 500 (blaming blame, which may
 * be NULL) when the bundle has no such runner. */
static int push_runner(kit_engine *e, const char *part, const char *fn, const char *module, const char *what,
		       const char *blame)
{
	js_State *J = e->J;
	js_getregistry(J, REG_APP);
	js_getproperty(J, -1, part);
	if (!js_isobject(J, -1)) {
		js_pop(J, 2);
		kit_req_fail(e, 500, blame, "the server bundle has no %s runner: rebuild with kit-build", what);
		return -1;
	}
	js_getproperty(J, -1, fn);
	js_rot2(J);                       /* app, fn, part */
	js_getproperty(J, -3, "modules");
	js_getproperty(J, -1, module);
	js_rot2pop1(J);                   /* app, fn, part, ns */
	return 0;
}

int kit_engine_api(kit_engine *e, int route_index, const char *module, const char *method,
		   const kit_http_req *http, const kit_param *params, size_t nparams,
		   kit_api_answer *out, kit_render_error *err)
{
	(void)route_index;
	js_State *J = e->J;
	out->status = 500;
	out->bytes = 0;
	out->reads_query = 0;
	int rc = -1;
	/* no request: kit-build stores GET answers (request reads throw KIT_DYNAMIC) */
	if (request_begin(e, &(request_start){ .phase = http ? "route" : "build", .http = http }, err) < 0)
		goto done;
	if (push_runner(e, "api", "runRoute", module, "API route", NULL) < 0)
		goto done;
	js_pushstring(J, method);
	kit_render_req req = { .params = params, .nparams = nparams };
	push_params(J, &req);
	if (js_pcall(J, 3)) {
		kit_req_exception(e, module, NULL);
		js_pop(J, 1);
		goto done;
	}
	js_rot2pop1(J);                   /* the promise */
	if (fulfilled_promise(J)) {
		/* a Response the handler returned, read at once: its value now,
		 * once the microtasks queued so far have run, as await_top's then()
		 * would give it after the loop's first drain */
		static const int settled = 1;
		js_getproperty(J, -1, "_v");
		js_rot2pop1(J);
		if (kit_loop_await(e, &settled) < 0)
			goto done;
	} else if (await_top(e) < 0) {
		goto done;
	}
	if (!http && js_isobject(J, -1)) {
		/* kit-build: a request read rejects with the KIT_DYNAMIC marker (js/request.ts) */
		js_getproperty(J, -1, "digest");
		if (js_isstring(J, -1) && strncmp(js_tostring(J, -1), "KIT_DYNAMIC;", 12) == 0) {
			err->status = 500;
			snprintf(err->message, sizeof err->message, "%s", js_tostring(J, -1));
			js_pop(J, 2);
			goto done;
		}
		js_pop(J, 1);
	}
	/* a rejection settles await_top too: anything but runRoute's answer is
	 * the handler's throw (or a non-Response), reported like one */
	js_getproperty(J, -1, "kind");
	int answer = js_isobject(J, -2) && js_isstring(J, -1);
	js_pop(J, 1);
	if (!answer) {
		kit_req_exception(e, module, NULL);  /* the error, its stack mapped */
		goto done;
	}
	read_answer(J, module, out);
	js_pop(J, 1);
	/* cookies() and responseHeaders() of the handler, after the Response's
	 * own: taken once the loop has run what the handler queued */
	kit_req_take_headers(e, &out->headers);
	rc = 0;
done:
	if (rc < 0 && !err->status)
		err->status = 500;
	request_end(e);
	return rc;
}

/* --- the Next.js-shaped middleware (docs/middleware.md) ------------------ */

int kit_engine_next_middleware(kit_engine *e, const char *module, const kit_http_req *http, kit_next_outcome *out,
			       kit_render_error *err)
{
	js_State *J = e->J;
	out->outcome = KIT_NEXT_SKIP;
	out->location[0] = '\0';
	out->has_request_headers = 0;
	out->answer.status = 500;
	out->answer.bytes = 0;
	out->answer.reads_query = 0;
	int rc = -1;
	if (request_begin(e, &(request_start){ .phase = "middleware", .http = http }, err) < 0)
		goto done;
	if (push_runner(e, "nextmw", "runNextMiddleware", module, "middleware", module) < 0)
		goto done;
	if (js_pcall(J, 1)) {
		kit_req_exception(e, module, NULL);
		js_pop(J, 1);
		goto done;
	}
	js_rot2pop1(J);                   /* the promise */
	if (await_top(e) < 0)
		goto done;
	/* a rejection settles await_top too: the middleware threw */
	js_getproperty(J, -1, "outcome");
	const char *what = js_isobject(J, -2) && js_isstring(J, -1) ? js_tostring(J, -1) : NULL;
	if (!what) {
		js_pop(J, 1);
		kit_req_exception(e, module, NULL);  /* the error, its stack mapped */
		goto done;
	}
	out->outcome = strcmp(what, "next") == 0 ? KIT_NEXT_CONTINUE : strcmp(what, "rewrite") == 0 ? KIT_NEXT_REWRITE
		     : strcmp(what, "redirect") == 0 ? KIT_NEXT_REDIRECT : strcmp(what, "response") == 0 ? KIT_NEXT_RESPONSE
		     : KIT_NEXT_SKIP;
	js_pop(J, 1);
	js_getproperty(J, -1, "location");
	if (js_isstring(J, -1))
		snprintf(out->location, sizeof out->location, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	js_getproperty(J, -1, "requestHeaders");
	if (js_isarray(J, -1)) {
		out->has_request_headers = 1;
		int n = js_getlength(J, -1);
		for (int i = 0; i < n; i++) {
			js_getindex(J, -1, i);
			js_getindex(J, -1, 0);
			js_getindex(J, -2, 1);
			if (kit_header_append(&out->request_headers, js_tostring(J, -2), js_tostring(J, -1)) < 0)
				fprintf(stderr, "kit: %s: a request header was dropped: its name is not a token or its value holds CR, LF or NUL\n", module);
			js_pop(J, 3);
		}
	}
	js_pop(J, 1);
	read_answer(J, module, &out->answer);
	js_pop(J, 1);
	rc = 0;
done:
	if (rc < 0 && !err->status)
		err->status = 500;
	request_end(e);
	return rc;
}

int kit_engine_next_matcher(kit_engine *e, const char *module, char ***sources, size_t *n, char *err, size_t errlen)
{
	js_State *J = e->J;
	*sources = NULL;
	*n = 0;
	int rc = -1;
	js_getregistry(J, REG_APP);
	js_getproperty(J, -1, "nextmw");
	if (!js_isobject(J, -1)) {
		snprintf(err, errlen, "the server bundle has no middleware runner: rebuild with kit-build");
		js_pop(J, 2);
		return -1;
	}
	js_getproperty(J, -1, "matcherSources");
	js_rot2(J);                       /* app, fn, nextmw */
	js_getproperty(J, -3, "modules");
	js_getproperty(J, -1, module);
	js_rot2pop1(J);                   /* app, fn, nextmw, ns */
	if (js_pcall(J, 1)) {
		snprintf(err, errlen, "config.matcher: %s", js_trystring(J, -1, "?"));
	} else if (js_isarray(J, -1)) {
		int len = js_getlength(J, -1);
		*sources = kit_xcalloc((size_t)(len ? len : 1), sizeof **sources);
		for (int i = 0; i < len; i++) {
			js_getindex(J, -1, i);
			(*sources)[(*n)++] = kit_xstrdup(js_tostring(J, -1));
			js_pop(J, 1);
		}
		rc = 0;
	} else {
		rc = 1;
	}
	js_pop(J, 2);
	return rc;
}

/* --- server actions (docs/actions.md §3) ---------------------------------- */

static void copy_string_prop(js_State *J, const char *name, char *dst, size_t n)
{
	js_getproperty(J, -1, name);
	if (js_isstring(J, -1))
		snprintf(dst, n, "%s", js_tostring(J, -1));
	js_pop(J, 1);
}

/* What kit_engine_action and kit_engine_query differ in: the runner of
 * js/server/actions.ts, its second argument, and the texts of a failure. */
typedef struct server_call {
	const char *runner;       /* "run" or "runQuery" */
	const char *id;           /* NULL: an action read from the form body */
	const char *arg;          /* the content type, or the query's args */
	size_t arg_len;
	int arg_bytes;            /* arg goes in as a byte string (a body) */
	const char *what;         /* for the log: "the action runner" */
	const char *no_bundle;    /* log line when the bundle has no server functions */
	const char *unknown_json; /* 404 body then */
	const char *failed_json;  /* body when the runner itself failed */
} server_call;

/* Calls actions.<runner>(id, arg) and copies its outcome {kind, status,
 * location, log, json, regions, cache} and the response headers into out. */
static int run_server_call(kit_engine *e, const server_call *c, const kit_http_req *http, kit_action_outcome *out)
{
	js_State *J = e->J;
	kit_render_error err;
	out->ok = 0;
	out->status = 500;
	out->cache_public = 0;
	out->location[0] = out->regions[0] = out->log[0] = out->component[0] = out->digest[0] = '\0';
	int rc = -1;
	if (request_begin(e, &(request_start){ .phase = "action", .http = http }, &err) < 0)
		goto done;
	js_getregistry(J, REG_APP);
	js_getproperty(J, -1, "actions");
	js_rot2pop1(J);
	if (!js_isobject(J, -1)) {
		js_pop(J, 1);
		out->status = 404;
		snprintf(out->log, sizeof out->log, "%s", c->no_bundle);
		kit_buf_puts(&out->json, c->unknown_json);
		rc = 0;
		goto done;
	}
	js_getproperty(J, -1, c->runner);
	js_rot2(J);
	if (c->id)
		js_pushstring(J, c->id);
	else
		js_pushnull(J);
	if (c->arg_bytes)
		kit_jsstr_push_bytes(J, c->arg, c->arg_len);
	else
		js_pushstring(J, c->arg ? c->arg : "");
	if (js_pcall(J, 2)) {
		kit_req_exception(e, NULL, c->what);
		goto done;
	}
	if (await_top(e) < 0)
		goto done;
	js_getproperty(J, -1, "kind");
	const char *kind = js_isstring(J, -1) ? js_tostring(J, -1) : "failed";
	out->ok = strcmp(kind, "ok") == 0;
	js_pop(J, 1);
	js_getproperty(J, -1, "status");
	out->status = js_isnumber(J, -1) ? js_toint32(J, -1) : 500;
	js_pop(J, 1);
	js_getproperty(J, -1, "cache");
	out->cache_public = js_isstring(J, -1) && strcmp(js_tostring(J, -1), "public") == 0;
	js_pop(J, 1);
	copy_string_prop(J, "location", out->location, sizeof out->location);
	copy_string_prop(J, "log", out->log, sizeof out->log);
	copy_string_prop(J, "where", out->component, sizeof out->component);
	if (*out->component) {
		/* a throw: the error, its stack mapped, for the log line */
		char msg[1000];
		js_getproperty(J, -1, "error");
		kit_req_read_exception(e, msg, sizeof msg, out->digest, sizeof out->digest);
		snprintf(out->log, sizeof out->log, "%s", msg);
	}
	js_getproperty(J, -1, "json");
	if (js_isstring(J, -1))
		kit_jsstr_put_text(&out->json, js_tostring(J, -1));
	js_pop(J, 1);
	if (*out->component && *out->digest && out->json.len && out->json.data[out->json.len - 1] == '}') {
		/* a throw: its digest in the answer, as the log line has it (React
		 * sends the client a thrown action's digest, never its message) */
		out->json.len--;
		kit_buf_puts(&out->json, out->json.len > 1 ? ",\"digest\":" : "\"digest\":");
		kit_json_write_string(&out->json, out->digest, strlen(out->digest));
		kit_buf_putc(&out->json, '}');
	}
	js_getproperty(J, -1, "regions");
	int n = js_isarray(J, -1) ? js_getlength(J, -1) : 0;
	size_t used = 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		const char *r = js_isstring(J, -1) ? js_tostring(J, -1) : "";
		if (*r && !strpbrk(r, ",\r\n") && used + strlen(r) + 2 < sizeof out->regions)
			used += (size_t)snprintf(out->regions + used, sizeof out->regions - used, "%s%s", used ? "," : "", r);
		js_pop(J, 1);
	}
	js_pop(J, 2);
	/* the redirect target becomes a header: no line breaks */
	if (strpbrk(out->location, "\r\n"))
		out->location[0] = '\0';
	kit_req_take_headers(e, &out->headers);
	rc = 0;
done:
	if (rc < 0) {
		out->ok = 0;
		out->status = err.status ? err.status : 500;
		snprintf(out->log, sizeof out->log, "%.1000s", err.message);
		kit_buf_reset(&out->json);
		kit_buf_puts(&out->json, c->failed_json);
	}
	request_end(e);
	return rc;
}

int kit_engine_action(kit_engine *e, const char *id, const char *content_type, const kit_http_req *http,
		      kit_action_outcome *out)
{
	const server_call c = {
		.runner = "run", .id = id, .arg = content_type, .what = "the action runner",
		.no_bundle = "the server bundle has no server actions",
		.unknown_json = "{\"message\":\"Unknown action.\"}",
		.failed_json = "{\"message\":\"The action failed.\"}",
	};
	return run_server_call(e, &c, http, out);
}

/* --- GET /_rsc/query (docs/action-client.md) ------------------------------ */

int kit_engine_query(kit_engine *e, const char *id, const char *args, size_t args_len, const kit_http_req *http,
		     kit_action_outcome *out)
{
	const server_call c = {
		.runner = "runQuery", .id = id, .arg = args, .arg_len = args_len, .arg_bytes = 1,
		.what = "the query runner",
		.no_bundle = "the server bundle has no server functions",
		.unknown_json = "{\"message\":\"Unknown query.\",\"errors\":{}}",
		.failed_json = "{\"message\":\"The query failed.\",\"errors\":{}}",
	};
	return run_server_call(e, &c, http, out);
}

/* --- build time: generateStaticParams() of a route's layouts and page ---- */

int kit_engine_static_params(kit_engine *e, const char *module, kit_buf *json, kit_render_error *err)
{
	js_State *J = e->J;
	int rc = -1;
	if (request_begin(e, &(request_start){ .phase = "build" }, err) < 0)
		goto done;
	/* js/server/runtime.ts composes the layouts' and the page's */
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "staticParams");
	js_rot2(J);
	js_pushstring(J, module);
	if (js_pcall(J, 1)) {
		kit_req_exception(e, module, "generateStaticParams()");
		js_pop(J, 1);
		goto done;
	}
	if (js_isundefined(J, -1)) {
		js_pop(J, 1);
		rc = 1;
		goto done;
	}
	if (await_top(e) < 0)
		goto done;
	js_getglobal(J, "JSON");
	js_getproperty(J, -1, "stringify");
	js_rot2pop1(J);
	js_pushundefined(J);
	js_copy(J, -3);
	if (js_pcall(J, 1)) {
		kit_req_exception(e, module, "JSON.stringify(generateStaticParams())");
		js_pop(J, 2);
		goto done;
	}
	kit_buf_puts(json, js_isstring(J, -1) ? js_tostring(J, -1) : "null");
	js_pop(J, 2);
	rc = 0;
done:
	if (rc < 0 && !err->status)
		err->status = 500;
	request_end(e);
	return rc;
}

int kit_engine_take_build_note(kit_engine *e, char *out, size_t outlen)
{
	js_State *J = e->J;
	js_getglobal(J, "__kit_take_build_note");
	js_pushundefined(J);
	int found = 0;
	if (js_pcall(J, 0) == 0 && js_isstring(J, -1)) {
		snprintf(out, outlen, "%s", js_tostring(J, -1));
		found = 1;
	}
	js_pop(J, 1);
	return found;
}

int kit_engine_take_clock_reads(kit_engine *e)
{
	js_State *J = e->J;
	js_getglobal(J, "__kit_take_clock_reads");
	js_pushundefined(J);
	int n = 0;
	if (js_pcall(J, 0) == 0 && js_isnumber(J, -1))
		n = js_toint32(J, -1);
	js_pop(J, 1);
	return n;
}
