/* model.h — the Flight model: what the server components of one request rendered.
 *
 * Phase 1 of a render (walk.c) turns the JS values returned by server components
 * into this tree; phase 2 encoders read it: flight.c writes it as Flight rows,
 * html.c writes it as Fizz-compatible HTML. The same tree serves both, so nothing
 * is built twice. A stored .flight file parses back into the same tree
 * (flight_parse.c), so HTML can be produced without re-running components.
 *
 * All memory comes from the model's arena and lives until the request ends.
 * Strings are UTF-8, NUL-terminated, with an explicit length (they may contain
 * NUL bytes). Object and element props keep their insertion order.
 *
 * A row is a separately addressable value (Flight `<id>:...`). Row 0 is the
 * root. A subtree that was not ready when its parent was walked (an async
 * component, a Suspense child) is a KIT_LAZY value pointing at its row; when
 * the row completes before the parent row is written, the Flight writer inlines
 * it (fewer rows, same meaning to React's client). */
#ifndef KIT_MODEL_H
#define KIT_MODEL_H

#include <stddef.h>

#include "arena.h"

typedef enum kit_vkind {
	KIT_UNDEFINED,   /* "$undefined" */
	KIT_NULL,
	KIT_BOOL,
	KIT_NUMBER,      /* NaN, ±Infinity and -0 included: Flight writes "$NaN" etc. */
	KIT_STRING,
	KIT_BIGINT,      /* decimal digits in str: "$n<digits>" */
	KIT_DATE,        /* ISO string in str: "$D<iso>" */
	KIT_ARRAY,
	KIT_OBJECT,      /* plain object */
	KIT_ELEMENT,     /* ["$", type, key, props] */
	KIT_SYMBOL,      /* "$S<name>" — react.fragment, react.suspense, ... */
	KIT_LAZY,        /* "$L<id>": a row written separately (element or children position) */
	KIT_CLIENT_REF,  /* a client component / export: an I row, "$L<id>" in a type slot */
	KIT_MAP,         /* "$Q<id>": u.lazy is the row holding [[key, value], ...] */
	KIT_SET,         /* "$W<id>": u.lazy is the row holding [value, ...] */
	KIT_PROMISE,     /* "$@<id>": a promise passed to a client component; u.lazy is the row
	                    its value (or E row) is written to once it settles */
	KIT_SERVER_REF,  /* "$h<id>": a server action; u.lazy is the row holding {"id":…,"bound":null} */
} kit_vkind;

typedef struct kit_value kit_value;
typedef struct kit_row kit_row;

typedef struct kit_prop {
	const char *key;
	size_t keylen;
	kit_value *value;
} kit_prop;

typedef struct kit_client_ref {
	const char *module_id;   /* I row [0] */
	const char **chunks;     /* flat list of pairs: chunkId, chunkFile, ... */
	size_t nchunks;          /* number of strings in chunks (even) */
	const char *export_name; /* I row [2]: "default", "*", a name */
	kit_row *row;            /* the I row, allocated on first use */
} kit_client_ref;

struct kit_value {
	kit_vkind kind;
	/* ELEMENT, read by a development build's Flight writer only: React's
	 * dev `_store.validated` (0: not checked, 1: its key was checked (a
	 * static child, a component's output), 2: unkeyed in a list: the
	 * browser's React warns). In kind's padding: no larger value. */
	unsigned char validated;
	union {
		int boolean;
		double number;
		struct {
			const char *ptr;
			size_t len;
		} str;                  /* STRING, BIGINT, DATE, SYMBOL (name) */
		struct {
			kit_value **items;
			size_t len;
		} arr;
		struct {
			kit_prop *props;
			size_t len;
		} obj;
		struct {
			kit_value *type;     /* STRING (host tag), SYMBOL, CLIENT_REF or LAZY */
			kit_value *key;      /* NULL or a STRING */
			kit_prop *props;     /* children is one of the props */
			size_t nprops;
		} elem;
		kit_row *lazy;           /* LAZY, MAP, SET, PROMISE, SERVER_REF */
		kit_client_ref *ref;
	} u;
};

typedef enum kit_row_state {
	KIT_ROW_PENDING,
	KIT_ROW_READY,
	KIT_ROW_ERROR,
} kit_row_state;

typedef enum kit_row_kind {
	KIT_ROWK_MODEL,   /* <id>:<json> */
	KIT_ROWK_IMPORT,  /* <id>:I[...] for a client reference */
} kit_row_kind;

struct kit_row {
	unsigned id;
	kit_row_kind kind;
	kit_row_state state;
	kit_value *value;        /* READY: the row's value */
	kit_client_ref *ref;     /* IMPORT */
	const char *digest;      /* ERROR: E{"digest":...}; never the message */
	const char *message;     /* ERROR: what was thrown, for the server's log only */
	const char *component;   /* ERROR: the component that threw (NULL: not known), for the log line */
	const char *error;       /* ERROR: the error as thrown, stack mapped (render/srcmap.c), for the log line */
	const char *owners;      /* ERROR: the component stack, innermost first ("    at Post (src/…:3)\n    at Layout"), or NULL */
	int written;             /* emitted as its own Flight row */
	int inlined;             /* written inside its parent row instead */
	int html_only;           /* phase 2 (SSR of client components): never in Flight */
	int unkeyed_output;      /* dev: the awaited output of an unkeyed component of a list
				  * (walk.c key_checked): its elements draw React's key warning */
	kit_row *next_ready;     /* queue of completed rows, completion order */
};

typedef struct kit_model {
	kit_arena *arena;
	kit_row **rows;          /* by id */
	size_t nrows, caprows;
	kit_row *ready_head, *ready_tail; /* completed, not yet written */
	int dev;                 /* kit-build --dev: elements in the development shape (flight.h) */
} kit_model;

/* The model borrows the arena; rows[] is malloc'd and freed by kit_model_clear. */
void kit_model_init(kit_model *m, kit_arena *arena);
void kit_model_clear(kit_model *m);

/* Allocates the next row id (0 first), PENDING. */
kit_row *kit_model_new_row(kit_model *m);
kit_row *kit_model_row(const kit_model *m, unsigned id);
/* PENDING -> READY / ERROR; queues the row for the Flight writer. */
void kit_row_resolve(kit_model *m, kit_row *r, kit_value *v);
void kit_row_reject(kit_model *m, kit_row *r, const char *digest);

/* Constructors. Strings are copied into the arena. */
kit_value *kit_v_undefined(kit_model *m);
kit_value *kit_v_null(kit_model *m);
kit_value *kit_v_bool(kit_model *m, int b);
kit_value *kit_v_number(kit_model *m, double d);
kit_value *kit_v_string(kit_model *m, const char *s, size_t n);
kit_value *kit_v_cstring(kit_model *m, const char *s);
/* A string the caller keeps alive as long as the model (arena memory, a
 * compiled template's text): not copied. */
kit_value *kit_v_string_at(kit_model *m, const char *s, size_t n);
kit_value *kit_v_symbol(kit_model *m, const char *name);
kit_value *kit_v_array(kit_model *m, size_t len);          /* items zeroed */
kit_value *kit_v_object(kit_model *m, size_t nprops);      /* props zeroed */
kit_value *kit_v_element(kit_model *m, kit_value *type, kit_value *key, size_t nprops);
kit_value *kit_v_lazy(kit_model *m, kit_row *row);
kit_value *kit_v_promise(kit_model *m, kit_row *row);
kit_value *kit_v_client_ref(kit_model *m, kit_client_ref *ref);
/* A Map / Set: its entries go in a row of their own (resolved here), as React
 * writes them; entries is an ARRAY of [key, value] ARRAYs / of values. */
kit_value *kit_v_map(kit_model *m, kit_value *entries);
kit_value *kit_v_set(kit_model *m, kit_value *items);
/* A server reference (docs/actions.md §2): its {"id","bound":null} object goes
 * in a row of its own (resolved here), as React's Flight server outlines it. */
kit_value *kit_v_server_ref(kit_model *m, const char *id, size_t idlen);
/* A server reference bound to arguments in the HTML only (useActionState's
 * dispatch in phase 2): bound_json is the arguments as encodeReply writes
 * them, key the hook's $ACTION_KEY (or NULL). Never written as Flight. */
kit_value *kit_v_server_ref_bound(kit_model *m, const char *id, size_t idlen, const char *bound_json,
				  const char *key);
/* Its "kitBound" / "kitKey" strings, or NULL. */
const char *kit_v_server_ref_extra(const kit_value *v, const char *name);
/* The action id of a SERVER_REF value ("<hash>#<export>"), or NULL. */
const char *kit_v_server_ref_id(const kit_value *v);
void kit_v_set_prop(kit_model *m, kit_prop *p, const char *key, kit_value *v);

/* Lookups used by the encoders. NULL when absent. */
kit_value *kit_v_get(const kit_value *obj_or_elem, const char *key);
int kit_v_is_symbol(const kit_value *v, const char *name);
/* The module id of a client component element's type (a CLIENT_REF, or a
 * LAZY to an import row), or NULL. */
const char *kit_v_client_module(const kit_value *type);
/* A digest that is an answer of its own rather than an error: redirect(),
 * notFound(), forbidden(), unauthorized(), a backend refusal through rpc(),
 * the render budget, a build-time request read, a client-only bailout.
 * Error boundaries (docs/errors.md) never catch them. */
int kit_digest_is_answer(const char *digest);
/* Follows READY lazies; NULL for a pending or errored row. */
const kit_value *kit_v_deref(const kit_value *v);

/* React's tree context (react-dom-server's pushTreeContext/getTreeId), which
 * useId() derives its ids from: the root is {1, ""}; child `index` of `total`
 * array children, or the children of a component that called useId()
 * (total 1, index 0), get a forked context. Overflow strings come from arena. */
void kit_tree_push(kit_arena *arena, unsigned base_id, const char *base_overflow, unsigned total,
		   unsigned index, unsigned *id, const char **overflow);
/* The id as useId() prints it after "_R_": base 32 without the leading bit, then the overflow. */
void kit_tree_text(unsigned id, const char *overflow, char *out, size_t n);

#endif
