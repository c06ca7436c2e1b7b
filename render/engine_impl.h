/* engine_impl.h — the engine's state and what its files call of each other
 * (not public). struct kit_engine is the worker, struct kit_req the request
 * being answered (e->rq). Files call only downward: engine.c → stream.c →
 * walk.c; engine.c, fetch.c, rpc.c → loop.c (loop.h) → req.c; render/README.md
 * draws the layers. */
#ifndef KIT_ENGINE_IMPL_H
#define KIT_ENGINE_IMPL_H

#include <mujs.h>

#include "engine.h"
#include "heap.h"
#include "model.h"

/* The digest of what the render budget ended: a boundary still waiting at
 * the deadline, and the error the interrupt hook throws (loop.c). */
#define KIT_TIMEOUT_DIGEST "KIT_RENDER_TIMEOUT"

/* Registry names of values C keeps between calls. */
#define REG_RUNTIME "kit.runtime"
#define REG_WORK "kit.work"
#define REG_KEEP "kit.keep"
#define REG_APP "kit.app"
#define REG_SYM_ELEMENT "kit.sym.element"
#define REG_JSX_PROTO "jsx.proto"  /* not "kit.…": read per element, and the registry's tree compares names from the first byte */
#define REG_TPL_PROTO "tpl.proto"  /* the prototype of template elements (walk.c kit_tpl_*) */
#define REG_SYM_FRAGMENT "kit.sym.fragment"
#define REG_SYM_SUSPENSE "kit.sym.suspense"
#define REG_SYM_STRICT "kit.sym.strictMode"
#define REG_SYM_PROFILER "kit.sym.profiler"
#define REG_SYM_FORWARD_REF "kit.sym.forwardRef"
#define REG_SYM_MEMO "kit.sym.memo"
#define REG_SYM_CLIENT "kit.sym.clientReference"
#define REG_SYM_CONTEXT "kit.sym.context"
#define REG_SYM_CONSUMER "kit.sym.consumer"
#define REG_SYM_LAZY "kit.sym.lazy"
#define REG_SYM_SERVER "kit.sym.serverReference"

struct walk_item;

/* One export of a client module seen in this request (one I row each). */
struct client_ref_entry {
	kit_client_ref *ref;
	struct client_ref_entry *next;
};

/* One request being answered — a render, a middleware chain, an API route,
 * an action or a query, generateStaticParams at build: everything that
 * lives from engine.c's request_begin to its request_end, and nothing else.
 * Zeroed at both ends: nothing of one request is seen by the next. Its
 * memory comes from the worker's arena (kit_engine.arena), which
 * request_end resets; its JS values live in keep slots (req.c). */
struct kit_req {
	/* every request */
	kit_render_error *err;   /* where its failure goes (kit_req_fail); NULL outside a request */
	int failed;
	const char *pathname;    /* for log lines: a render's path, else NULL */
	size_t nerrors;          /* rows that failed with an error, not an answer (logged at the end) */
	const kit_row *fail_row; /* the row that failed the page (stream.c), or NULL */
	kit_model model;
	int nkeep;               /* keep slots in use (req.c) */
	/* the render budget: the loop waits until deadline_ms; mujs's interrupt
	 * hook (loop.c) throws from interrupt_ms on (0: never; a grace after
	 * C caught its first throw: req.c) */
	long long deadline_ms;
	long long interrupt_ms;
	int budget_out;          /* the hook threw in this request: JS ran past the budget */

	/* a render (NULL and 0 for the other requests) */
	const kit_render_req *render;
	const struct kit_render_out *out;
	size_t pending_rows;     /* rows not settled yet */
	kit_render_stats stats;
	int root_data;               /* walk the next root as data, not as a node (an action's answer) */
	const char *form_state_json; /* a no-JS post's useActionState state for self.__kit_fs (arena), or NULL */

	/* the answer (stream.c) */
	struct kit_html *html;   /* document mode, from the shell on */
	int shell_sent;
	int client_gone;
	int redirect_script_sent;
	int noindex_sent;        /* the robots noindex meta went out (notFound() & co. inside a boundary) */
	int error_shell;         /* the document is the error shell (a client component's error, docs/errors.md) */
	kit_buf held_rows;       /* Flight rows of a document with no client component (yet) */
	int entry_sent;          /* the browser runtime's <script> went out */
	long long last_write_ms;

	/* the walk (walk.c); JS values of the work stack live in the REG_WORK array */
	struct client_ref_entry *client_refs;  /* arena memory */
	struct server_ref_entry *server_refs;  /* "$h" values by action id, arena memory */
	size_t nitems;               /* used of kit_engine.items */
	unsigned work_top;
	int walking;
	int ssr;                     /* phase 2: components run with hooks, rows are html_only */
	unsigned tree_id;            /* React's tree context of the item being walked (useId) */
	const char *tree_overflow;
	unsigned ssr_tree_id;        /* the tree context of the client element kit_walk_client renders */
	const char *ssr_tree_overflow;
	struct ssr_cache *ssr_cache; /* client element -> its SSR row */
	struct row_promise *row_promises;  /* phase 2 JS promises of "$@" rows */
	struct row_promise *sent_promises; /* phase 1: promise props already given a row (slot: the JS promise) */
	int nscopes;                 /* used of kit_engine.scopes */
	/* the component stack (walk.c struct walk_owner, arena memory): the
	 * component whose output is being walked, its parent through ->parent */
	const struct walk_owner *owner;
	unsigned char list;          /* development builds: where the item being walked sits (walk.c key_check) */
	unsigned walks;              /* walk_row calls so far: whose work array a node's slot is in */
};

/* The worker: one warm mujs state with server.js loaded, for every request
 * it answers, one at a time (rq). */
struct kit_engine {
	js_State *J;
	/* the own, non-enumerable property a development build's jsxs puts on
	 * its static children (engine.c native_jsxs, walk.c key_check) */
#define KIT_VALIDATED_MARK "_validated"
	const void *jsx_proto;    /* the prototype of jsx()'s elements (js_topointer; NULL until jsx-runtime.ts loads) */
	const void *tpl_proto;    /* the prototype of template elements (walk.c kit_tpl_*; NULL until jsx-runtime.ts loads) */
	char *source_map;         /* server.js mapped: mujs keeps its functions' text there */
	size_t source_maplen;
	char *chunk_dir;          /* .kit/server/ beside server.js: the chunks loaded on first use */
	struct kit_chunk_map { char *p; size_t len; } *chunk_maps; /* each loaded chunk, mapped as server.js */
	size_t nchunk_maps;
	int one_shot;             /* kit_engine_opts.one_shot: the process exits after one request */
	int cached_scripts;       /* bundle files loaded from their compiled code (build/jscache.h) */
	struct kit_srcmap *srcmap; /* the line tables, read on the first error (req.c, render/srcmap.c) */
	kit_heap *heap;           /* heap.c's size classes, or NULL: malloc */
	size_t heap_bytes, heap_limit;
	size_t heap_after_gc;     /* heap size right after the last full collection */
	long timeout_ms;
	long keepalive_ms;
	int always_inline_rows;   /* inline Flight rows even without client components (tests, debugging) */
	char version[64];

	/* .kit/client-manifest.json: module id -> chunk list */
	kit_arena *manifest_arena;
	kit_model manifest_model;
	kit_value *client_modules;   /* the manifest's "modules" object, or NULL */
	const char *client_entry;    /* the browser runtime entry URL, or NULL */
	const char *dev_client;      /* kit-build --dev: the dev client's URL (js/client/dev-client.ts), or NULL */
	char *query_ids;             /* the app's query ids, comma-separated (self.__kit_q), or NULL */

	kit_arena *arena;         /* the pool of the request being answered: request_end resets it */
	unsigned generation;      /* bumps when a request begins and ends: late callbacks are ignored */
	kit_render_stats last_stats;  /* of the last render */
	/* Arrays the walk reuses from request to request (their used lengths are
	 * the request's: rq.nitems, rq.nscopes). scopes: kit.scope number n ->
	 * keep slot scopes[n - 1]. JS values a request keeps between calls
	 * (retries, kit.scope context values) are keep slots, not js_ref: its
	 * names never repeat, and mujs keeps every property name it has seen,
	 * so a per-request js_ref leaks. */
	struct walk_item *items;
	size_t capitems;
	int *scopes;
	int capscopes;

	/* every wait (loop.c): the curl multi handle; the request's timers and transfers */
	struct kit_loop *loop;
	char *fs_root;            /* the app's directory (its real path): what fs.c may read, or NULL */

	struct kit_req rq;        /* the request being answered */
};

/* The SSR of one client element (phase 2), cached per element and place:
 * html.c renders a boundary's content again for its completion, and the
 * same element may be put in two places (a client component rendering its
 * children twice), each with its own tree context (useId). */
struct ssr_cache {
	const kit_value *element;
	unsigned tree_id;
	const char *tree_overflow;
	int scope;
	kit_value *result;
	struct ssr_cache *next;
};
/* The JS promise a client component got for a KIT_PROMISE row (phase 2):
 * keep slot of {promise, resolve, reject}; settled once the row is. */
struct row_promise {
	const kit_row *row;
	int slot;
	int settled;
	struct row_promise *next;
};

/* --- what the files call of each other, top layer first ----------------- */

/* stream.c — when each piece of the answer is written. Runs the loop
 * (loop.h) with its hooks until the answer is complete, walk.c's
 * kit_walk_settle_promises among them. Returns 0, -1 (failed before the
 * shell) or -2 (client gone). */
int kit_stream_run(kit_engine *e);
/* Frees the per-request stream state (after the answer or a failure). */
void kit_stream_reset(kit_engine *e);

/* walk.c: turns the JS value on top of the stack (popped) into row's value.
 * Returns 0, or -1 with the render marked failed. */
int kit_walk_row(kit_engine *e, kit_row *row);

/* Templates (render/README.md "Templates"): __kit_template(d) compiles a
 * template's description once into a kit.template userdata (walk.c);
 * engine.c's __kit_tpl_init(proto) keeps the template elements' prototype
 * and gives tpl(template, holes, key), which makes one
 * (js/server/jsx-runtime.ts). */
#define KIT_TPL_TAG "kit.template"
void kit_tpl_template(js_State *J);
/* Phase 2: renders a client component element for the HTML (walk.c).
 * tree_id/tree_overflow: React's tree context at the element. */
kit_value *kit_walk_client(kit_engine *e, const kit_value *element, unsigned tree_id, const char *tree_overflow,
			   int scope);
/* Settles the phase 2 promises whose rows settled since the last call
 * (stream.c's hook, which the loop calls after each drain); returns how
 * many (their callbacks are queued microtasks). */
int kit_walk_settle_promises(kit_engine *e);

/* (fetch.h, rpc.h: their natives; loop.h: every wait.) */

/* req.c — the request in progress; the bottom layer, callable from any file.
 * Records a failure (the first one wins) in the request's kit_render_error. */
void kit_req_fail(kit_engine *e, int status, const char *component, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Reads the thrown value on top of the stack (popped): its text (with the
 * mujs stack trace) and its digest — the `digest` property if it has one
 * (redirect() and notFound() set it), else a hash of the text. */
void kit_req_read_exception(kit_engine *e, char *msg, size_t msglen, char *digest, size_t dlen);
/* Records the JS exception on top of the stack (popped) as the failure
 * ("<component or what> threw <error>"; the error alone when what is NULL),
 * its digest in err->digest. */
void kit_req_exception(kit_engine *e, const char *component, const char *what);
/* An error's digest, or one the log shows although it is an answer (the
 * render budget's, a backend refusal through rpc()): not redirect(),
 * notFound(), forbidden(), unauthorized(), request reads at build time. */
int kit_req_digest_logged(const char *digest);
/* Appends text to out, its stack frames named by the app's files
 * (render/srcmap.c; the tables read on the first call). */
void kit_req_map_text(kit_engine *e, const char *text, kit_buf *out);
/* The render's end: one log line (render/errlog.h) per row that failed with
 * an error, and for the render's own failure when no row was its cause;
 * status is the answer's. Sets err->digest and err->logged. */
void kit_req_log_render(kit_engine *e, int status);
/* After a failed js_pcall: when the render budget ran out inside JS in this
 * request (loop.c's interrupt hook threw), pops the value, counts it caught
 * and returns 1 (the caller ends the request as at its deadline); else 0. */
int kit_req_budget_caught(kit_engine *e);
/* Keeps the value on top of the stack (popped) until the request ends;
 * returns its slot. kit_req_keep_get pushes it back; kit_req_keep_clear
 * empties every slot (the end of the request). */
int kit_req_keep(kit_engine *e);
void kit_req_keep_get(kit_engine *e, int slot);
void kit_req_keep_clear(kit_engine *e);
/* Appends the response headers JS set until now to out (and takes them). */
void kit_req_take_headers(kit_engine *e, kit_buf *out);
/* Seals the response headers of the render (a later Set-Cookie of a host
 * call is dropped with a warning) and appends what was set until now to
 * e->rq.out->headers. Called just before out->begin and before a failed
 * render returns. */
void kit_req_seal_headers(kit_engine *e);

#endif
