/* walk.c — phase 1: server components → the Flight model.
 *
 * C walks the tree; JS only runs component bodies (docs/architecture.md §4). mujs's
 * value stack is bounded (Debian's had 256 slots; kit's patch 0205 65,536), so the
 * walk keeps no JS value per level on it: pending values wait in a JS array (the registry's REG_WORK) and the C
 * side keeps a stack of work items, each naming the array slot of its value
 * and the model slot its result goes to. Items are pushed in reverse so the
 * walk visits the tree depth-first in document order, like React: component
 * bodies run in the order a reader would expect. Stack use is constant
 * whatever the depth of the tree.
 *
 * A component returning a promise that has not settled yet becomes a lazy row:
 * the parent gets "$L<id>" and the row is walked when the promise settles
 * (the then-callbacks are C functions carrying the row). Our Promise exposes
 * its state (_s, _v), so an already settled value is taken at once.
 *
 * A component that throws (or a promise that rejects, or a value React cannot
 * render) does not stop the walk: its place becomes an errored row, as in
 * React's Flight server. Whether that fails the page or only its Suspense
 * boundary is decided when the response is written (stream.c). The digest
 * sent to the browser never contains the message; the message goes to the
 * log. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_impl.h"
#include "render/xalloc.h"
#include "jsstr.h"

enum walk_mode {
	MODE_NODE,         /* a React node: children, a component's result */
	MODE_PROP,         /* a prop value of a host element (serialised as data) */
	MODE_CLIENT_PROP,  /* a prop value of a client component (data; elements are walked) */
};

enum item_kind {
	ITEM_VALUE,         /* walk the value in its slot */
	ITEM_POP_PROVIDER,  /* a context provider's subtree is done: restore the outer value */
};

struct walk_item {
	kit_value **target;
	unsigned slot;          /* index in the REG_WORK array */
	unsigned char mode, kind;
	const char *context;    /* host tag or prop, for messages */
	unsigned tree_id;       /* React's tree context (phase 2: useId) */
	const char *tree_overflow;
	const struct walk_owner *owner;  /* the component whose output this is (NULL: none) */
	unsigned char list;     /* development builds: IN_PLACE, IN_LIST or UNKEYED_OUTPUT (key_check) */
};

/* A component being rendered, for the component stack of an error (React's
 * "at Post … at Layout"): each call_component makes one in the arena, its
 * parent the component whose output held the element. The success path only
 * links them; the function waits in the work array (slot, valid during the
 * walk `walk`) and is named when an error needs the stack, or when a row is
 * deferred (the work array is emptied when its walk ends). */
struct walk_owner {
	const struct walk_owner *parent;
	unsigned walk;
	unsigned slot;
	const char *name;       /* NULL until named */
};

/* What a then-callback needs: the row it fills and, for a retry (a
 * component that suspended with use()), how to render it again. */
struct settle_data {
	kit_engine *e;
	unsigned generation;
	unsigned row_id;
	char component[96];
	int retry;              /* re-walk the saved element instead of the settled value */
	int retry_slot;         /* keep slot (kit_req_keep) of {element, contexts} */
	int ssr;
	int data;               /* the row is a promise's value: walked as data (MODE_CLIENT_PROP) */
	unsigned tree_id;
	char tree_overflow[128];
	const struct walk_owner *owner;  /* the component stack there (named) */
};

static void push_item(kit_engine *e, kit_value **target, unsigned slot, int mode, const char *context)
{
	if (e->rq.nitems == e->capitems) {
		size_t cap = e->capitems ? e->capitems * 2 : 256;
		struct walk_item *items = kit_xrealloc(e->items, cap * sizeof *items);
		e->items = items;
		e->capitems = cap;
	}
	struct walk_item *it = &e->items[e->rq.nitems++];
	it->target = target;
	it->slot = slot;
	it->mode = (unsigned char)mode;
	it->kind = ITEM_VALUE;
	it->context = context;
	it->tree_id = e->rq.tree_id;
	it->tree_overflow = e->rq.tree_overflow;
	it->owner = e->rq.owner;
	it->list = e->rq.list;
}

/* Stack layout of a walk: [value, work array, element symbol, ...]; the
 * element symbol sits right above the work array, so the check every node
 * needs is a copy, not a registry lookup. */
#define SYM_SLOT(work) ((work) + 1)

/* Moves the value on top of the stack into a new work slot (popped). The
 * work array sits at stack index `work`. */
static unsigned stash(kit_engine *e, int work)
{
	unsigned slot = e->rq.work_top++;
	js_setindex(e->J, work, (int)slot);
	return slot;
}

/* js_strictequal against a registry value, leaving the stack as it was. */
static int is_registry(js_State *J, int idx, const char *name)
{
	js_copy(J, idx);
	js_getregistry(J, name);
	int eq = js_strictequal(J);
	js_pop(J, 2);
	return eq;
}

/* A component's name for messages: displayName or name (the one V8 gives,
 * inferred for `var Name = function () {}`: mujs patch 0301). Only called
 * on the slow paths (errors, deferred rows). */
static void component_name(js_State *J, int idx, char *out, size_t n)
{
	snprintf(out, n, "(anonymous component)");
	if (!js_iscallable(J, idx))
		return;
	static const char *props[2] = { "displayName", "name" };
	for (int i = 0; i < 2; i++) {
		js_getproperty(J, idx, props[i]);
		if (js_isstring(J, -1) && *js_tostring(J, -1)) {
			snprintf(out, n, "%s", js_tostring(J, -1));
			js_pop(J, 1);
			return;
		}
		js_pop(J, 1);
	}
}

/* Names the components of the stack from o up that are not named yet (while
 * the walk that made them runs: the work array holds their functions). */
static void name_owners(kit_engine *e, const struct walk_owner *o)
{
	js_State *J = e->J;
	for (; o && !o->name; o = o->parent) {
		struct walk_owner *w = (struct walk_owner *)o;
		char name[96] = "Anonymous", text[4300];
		const char *file = NULL;
		int line = 0;
		if (w->walk == e->rq.walks && e->rq.walking) {
			js_getregistry(J, REG_WORK);
			js_getindex(J, -1, (int)w->slot);
			component_name(J, -1, name, sizeof name);
			if (strcmp(name, "(anonymous component)") == 0)
				snprintf(name, sizeof name, "Anonymous");
			/* its own place (mujs patch 1420): mapped to the app's file by owner_stack */
			if (!js_functionlocation(J, -1, &file, &line))
				file = NULL;
			js_pop(J, 2);
		}
		if (file)
			snprintf(text, sizeof text, "%s (%s:%d)", name, file, line);
		else
			snprintf(text, sizeof text, "%s", name);
		w->name = kit_arena_strdup(e->arena, text);
	}
}

/* The component stack from o up, React's way: "    at Post
 * (src/app/page.tsx:4)\n    at Layout (src/app/layout.tsx:2)" (arena), or NULL
 * when there is none. */
static const char *owner_stack(kit_engine *e, const struct walk_owner *o)
{
	if (!o)
		return NULL;
	name_owners(e, o);
	kit_buf b;
	kit_buf_init(&b);
	for (int n = 0; o && n < 40; o = o->parent, n++)
		kit_buf_printf(&b, "%s    at %s", b.len ? "\n" : "", o->name);
	/* the bundle's file:line as the app's (render/srcmap.c) */
	kit_buf mapped;
	kit_buf_init(&mapped);
	kit_req_map_text(e, kit_buf_cstr(&b), &mapped);
	const char *text = kit_arena_strdup(e->arena, kit_buf_cstr(&mapped));
	kit_buf_free(&mapped);
	kit_buf_free(&b);
	return text;
}

/* Marks row as errored with the message (kept for the host's 500). An
 * error (not an answer) is logged when the render ends (kit_req_log_render),
 * with the status the answer got: error is what was thrown, its stack
 * mapped. */
static void reject_row(kit_engine *e, kit_row *row, const char *component, const char *digest, const char *message,
		       const char *error)
{
	kit_row_reject(&e->rq.model, row, digest);
	row->message = kit_arena_strdup(e->arena, message);
	/* the first component the budget's interrupt stopped names the loop (kit-build says it) */
	if (strcmp(digest, KIT_TIMEOUT_DIGEST) == 0 && component && e->rq.err && !e->rq.err->component[0])
		snprintf(e->rq.err->component, sizeof e->rq.err->component, "%s", component);
	if (!kit_req_digest_logged(digest))
		return;  /* redirect(), notFound(), forbidden(), unauthorized() and client-only bailouts are answers, not errors */
	row->component = component ? kit_arena_strdup(e->arena, component) : NULL;
	row->error = kit_arena_strdup(e->arena, error);
	row->owners = owner_stack(e, e->rq.owner);
	e->rq.nerrors++;
}

/* The thrown value on top of the stack (popped) becomes an errored row at
 * target. */
static void exception_at(kit_engine *e, kit_value **target, const char *component, const char *what)
{
	char msg[900], text[1100], digest[256];
	kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
	snprintf(text, sizeof text, "%s threw %s", component ? component : what, msg);
	kit_row *row = kit_model_new_row(&e->rq.model);
	row->html_only = e->rq.ssr;  /* a client component's error in the HTML phase is never a Flight row */
	*target = kit_v_lazy(&e->rq.model, row);
	reject_row(e, row, component, digest, text, msg);
}

/* A value React cannot render: an errored row at target, the walk goes on. */
static void error_at(kit_engine *e, kit_value **target, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void error_at(kit_engine *e, kit_value **target, const char *fmt, ...)
{
	char text[1000], digest[32];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 16777619u;
	snprintf(digest, sizeof digest, "%u", (unsigned)h);
	kit_row *row = kit_model_new_row(&e->rq.model);
	row->html_only = e->rq.ssr;
	*target = kit_v_lazy(&e->rq.model, row);
	reject_row(e, row, NULL, digest, text, text);
}

/* A mujs string as model text (arena copy, real UTF-8). */
static const char *js_text(kit_engine *e, const char *s, size_t *len)
{
	size_t n = strlen(s);
	if (!memchr(s, 0xC0, n) && !memchr(s, 0xED, n)) {
		*len = n;
		return kit_arena_strndup(e->arena, s, n);
	}
	char *out = kit_arena_alloc(e->arena, n + 1);
	*len = kit_jsstr_utf8(out, s, n);
	out[*len] = '\0';
	return out;
}

static kit_value *make_string(kit_engine *e, js_State *J, int idx)
{
	size_t len;
	const char *text = js_text(e, js_tostring(J, idx), &len);
	return kit_v_string_at(&e->rq.model, text, len);
}

static void on_settle(js_State *J, int fulfilled);
static void on_fulfilled(js_State *J) { on_settle(J, 1); }
static void on_rejected(js_State *J) { on_settle(J, 0); }

static struct settle_data *settle_data_new(kit_engine *e, kit_row *row, const char *component)
{
	struct settle_data *d = kit_xmalloc(sizeof *d);
	memset(d, 0, sizeof *d);
	d->e = e;
	d->generation = e->generation;
	d->row_id = row->id;
	snprintf(d->component, sizeof d->component, "%s", component ? component : "");
	d->ssr = e->rq.ssr;
	d->tree_id = e->rq.tree_id;
	snprintf(d->tree_overflow, sizeof d->tree_overflow, "%s", e->rq.tree_overflow);
	/* the row is walked by a later walk: the stack is named now */
	name_owners(e, e->rq.owner);
	d->owner = e->rq.owner;
	return d;
}

static void settle_data_free(js_State *J, void *p)
{
	(void)J;
	free(p);
}

/* The thenable at stack index t becomes a lazy row; `then` is called with
 * two C callbacks. Returns 0 or -1 (failed). */
static int defer_thenable(kit_engine *e, int t, kit_value **target, const char *component)
{
	js_State *J = e->J;
	kit_row *row = kit_model_new_row(&e->rq.model);
	row->html_only = e->rq.ssr;
	*target = kit_v_lazy(&e->rq.model, row);
	e->rq.pending_rows++;
	js_getproperty(J, t, "then");
	js_copy(J, t);
	js_newcfunctionx(J, on_fulfilled, "kitFulfilled", 1, settle_data_new(e, row, component), settle_data_free);
	js_newcfunctionx(J, on_rejected, "kitRejected", 1, settle_data_new(e, row, component), settle_data_free);
	if (js_pcall(J, 2)) {
		char msg[900], digest[256], text[1100];
		kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
		snprintf(text, sizeof text, "then() of a thenable threw %s", msg);
		e->rq.pending_rows--;
		reject_row(e, row, component, digest, text, msg);
		return 0;
	}
	js_pop(J, 1);
	return 0;
}

/* A promise passed to a client component (phase 1): "$@<id>" now, the row
 * holds its value once it settles (walked as data: elements, plain values)
 * or an E row when it rejects, as React's Flight server does. Settled
 * promises take the same path (one microtask): React also gives them a row
 * of their own. */
static int defer_promise(kit_engine *e, int t, kit_value **target, const char *prop)
{
	js_State *J = e->J;
	/* the same promise passed again refers to the same row, as React does */
	for (struct row_promise *p = e->rq.sent_promises; p; p = p->next) {
		js_copy(J, t);
		kit_req_keep_get(e, p->slot);
		int same = js_strictequal(J);  /* compares -2 and -1, pops nothing */
		js_pop(J, 2);
		if (same) {
			*target = kit_v_promise(&e->rq.model, (kit_row *)p->row);
			return 0;
		}
	}
	kit_row *row = kit_model_new_row(&e->rq.model);
	struct row_promise *sent = kit_arena_zalloc(e->arena, sizeof *sent);
	sent->row = row;
	js_copy(J, t);
	sent->slot = kit_req_keep(e);
	sent->next = e->rq.sent_promises;
	e->rq.sent_promises = sent;
	*target = kit_v_promise(&e->rq.model, row);
	e->rq.pending_rows++;
	char what[128];
	snprintf(what, sizeof what, "the promise passed as prop \"%s\"", prop ? prop : "?");
	struct settle_data *ok = settle_data_new(e, row, what), *bad = settle_data_new(e, row, what);
	ok->data = bad->data = 1;
	js_getproperty(J, t, "then");
	js_copy(J, t);
	js_newcfunctionx(J, on_fulfilled, "kitFulfilled", 1, ok, settle_data_free);
	js_newcfunctionx(J, on_rejected, "kitRejected", 1, bad, settle_data_free);
	if (js_pcall(J, 2)) {
		char msg[900], digest[256], text[1100];
		kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
		snprintf(text, sizeof text, "then() of %s threw %s", what, msg);
		e->rq.pending_rows--;
		reject_row(e, row, what, digest, text, msg);
		return 0;
	}
	js_pop(J, 1);
	return 0;
}

static int walk_row(kit_engine *e, kit_row *row, int mode);

static void on_settle(js_State *J, int fulfilled)
{
	struct settle_data *d = js_currentfunctiondata(J);
	kit_engine *e = d->e;
	if (d->generation != e->generation || e->rq.failed) {
		js_pushundefined(J);
		return;
	}
	kit_row *row = kit_model_row(&e->rq.model, d->row_id);
	if (!row || row->state != KIT_ROW_PENDING) {
		js_pushundefined(J);
		return;
	}
	e->rq.owner = d->owner;
	if (d->retry) {
		/* the component suspended: render it again now that its promise settled
		 * (a rejection is re-thrown by use() inside it) */
		kit_req_keep_get(e, d->retry_slot);
		js_getregistry(J, REG_RUNTIME);
		js_getproperty(J, -1, "restoreContexts");
		js_rot2(J);
		js_getproperty(J, -3, "contexts");
		int restored = 0;
		if (js_pcall(J, 1) == 0 && js_isnumber(J, -1))
			restored = js_toint32(J, -1);
		js_pop(J, 1);
		js_getproperty(J, -1, "element");
		js_remove(J, -2);
		e->rq.ssr = d->ssr;
		e->rq.tree_id = d->tree_id;
		e->rq.tree_overflow = kit_arena_strdup(e->arena, d->tree_overflow);
		kit_walk_row(e, row);
		for (int i = 0; i < restored; i++) {
			js_getregistry(J, REG_RUNTIME);
			js_getproperty(J, -1, "popProvider");
			js_rot2(J);
			js_pcall(J, 0);
			js_pop(J, 1);
		}
		js_pushundefined(J);
		return;
	}
	js_copy(J, 1);
	if (fulfilled) {
		e->rq.ssr = d->ssr;
		e->rq.tree_id = d->tree_id;
		e->rq.tree_overflow = kit_arena_strdup(e->arena, d->tree_overflow);
		walk_row(e, row, d->data ? MODE_CLIENT_PROP : MODE_NODE);
	} else {
		char msg[900], digest[256], text[1100];
		kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
		const char *component = d->component[0] ? d->component : NULL;
		snprintf(text, sizeof text, "%s rejected with %s", component ? component : "an awaited promise", msg);
		e->rq.pending_rows--;
		reject_row(e, row, component, digest, text, msg);
	}
	e->rq.owner = NULL;
	js_pushundefined(J);
}

/* Props objects of up to this many keys are read with js_pushownvalues
 * (mujs patch 1520: the values pushed in order, no iterator, no lookups);
 * bigger ones, and what it refuses, through own_keys. */
#define WALK_OWN_VALUES 32

static int is_ref_or_key(const char *name)
{
	return (name[0] == 'r' && strcmp(name, "ref") == 0) || (name[0] == 'k' && strcmp(name, "key") == 0);
}

/* Collects the own enumerable keys of the object at idx into the arena. */
static const char **own_keys(kit_engine *e, int idx, size_t *n)
{
	js_State *J = e->J;
	size_t cap = 8, len = 0;
	const char **keys = kit_arena_alloc(e->arena, cap * sizeof *keys);
	js_pushiterator(J, idx, 1);
	const char *k;
	while ((k = js_nextiterator(J, -1))) {
		if (len == cap) {
			const char **more = kit_arena_alloc(e->arena, cap * 2 * sizeof *keys);
			memcpy(more, keys, len * sizeof *keys);
			keys = more;
			cap *= 2;
		}
		keys[len++] = kit_arena_strdup(e->arena, k);
	}
	js_pop(J, 1);
	*n = len;
	return keys;
}

/* Leaves (strings, numbers, ...) need no work slot: they are converted at
 * once. Returns NULL for anything that has to be walked. */
static kit_value *leaf_value(kit_engine *e, js_State *J, int idx)
{
	switch (js_type(J, idx)) {
	case JS_ISUNDEFINED: return kit_v_undefined(&e->rq.model);
	case JS_ISNULL: return kit_v_null(&e->rq.model);
	case JS_ISBOOLEAN: return kit_v_bool(&e->rq.model, js_toboolean(J, idx));
	case JS_ISNUMBER: return kit_v_number(&e->rq.model, js_tonumber(J, idx));
	case JS_ISSTRING: return make_string(e, J, idx);
	default: return NULL;
	}
}

/* The value on top of the stack (popped) goes to target: at once for a
 * leaf, through the work stack otherwise. */
static void take_or_push(kit_engine *e, int work, kit_value **target, int mode, const char *context)
{
	kit_value *leaf = leaf_value(e, e->J, -1);
	if (leaf) {
		*target = leaf;
		js_pop(e->J, 1);
	} else {
		push_item(e, target, stash(e, work), mode, context);
	}
}

static int is_thenable(js_State *J, int idx)
{
	if (!js_isobject(J, idx))
		return 0;
	js_getproperty(J, idx, "then");
	int yes = js_iscallable(J, -1);
	js_pop(J, 1);
	return yes;
}

/* Element with a host tag: its props become model props; children is a node,
 * every other prop is data. */
static int walk_host(kit_engine *e, int work, kit_value **target, const char *tag, int keyidx, int propsidx)
{
	js_State *J = e->J;
	const char *names[WALK_OWN_VALUES];
	int pushed = js_isobject(J, propsidx) ? js_pushownvalues(J, propsidx, names, WALK_OWN_VALUES) : 0;
	if (pushed >= 0) {
		/* the common case: the values are on the stack, in order */
		size_t kept = 0;
		for (int i = 0; i < pushed; i++)
			kept += !is_ref_or_key(names[i]);
		kit_value *key = js_isstring(J, keyidx) ? make_string(e, J, keyidx) : NULL;
		kit_value *el = kit_v_element(&e->rq.model, kit_v_cstring(&e->rq.model, tag), key, kept);
		*target = el;
		e->rq.stats.host_elements++;
		const char *ctag = el->u.elem.type->u.str.ptr;
		for (int i = pushed; i-- > 0;) {
			if (is_ref_or_key(names[i])) {
				js_pop(J, 1);
				continue;
			}
			kit_prop *p = &el->u.elem.props[--kept];
			p->key = js_text(e, names[i], &p->keylen);
			int is_children = strcmp(p->key, "children") == 0;
			take_or_push(e, work, &p->value, is_children ? MODE_NODE : MODE_PROP, is_children ? ctag : p->key);
		}
		return 0;
	}
	size_t n = 0;
	const char **keys = js_isobject(J, propsidx) ? own_keys(e, propsidx, &n) : NULL;
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(keys[i], "ref") != 0 && strcmp(keys[i], "key") != 0)
			keys[kept++] = keys[i];
	kit_value *key = js_isstring(J, keyidx) ? make_string(e, J, keyidx) : NULL;
	kit_value *el = kit_v_element(&e->rq.model, kit_v_cstring(&e->rq.model, tag), key, kept);
	*target = el;
	e->rq.stats.host_elements++;
	const char *ctag = el->u.elem.type->u.str.ptr;
	for (size_t i = kept; i-- > 0;) {
		kit_prop *p = &el->u.elem.props[i];
		p->key = js_text(e, keys[i], &p->keylen);
		js_getproperty(J, propsidx, keys[i]);
		int is_children = strcmp(keys[i], "children") == 0;
		take_or_push(e, work, &p->value, is_children ? MODE_NODE : MODE_PROP, is_children ? ctag : keys[i]);
	}
	return 0;
}

/* Calls the component at typeidx with the props at propsidx (and a ref for
 * forwardRef); the result is pushed as a new node item. */
/* A component that called use() on a pending promise threw a
 * SuspenseException (js/server/hooks.ts), on top of the stack (popped): its
 * place becomes a row that is rendered again, with the same props and
 * context values, once the promise settles. */
static int defer_retry(kit_engine *e, kit_value **target, int fnidx, int propsidx, const char *name)
{
	js_State *J = e->J;
	kit_row *row = kit_model_new_row(&e->rq.model);
	row->html_only = e->rq.ssr;
	*target = kit_v_lazy(&e->rq.model, row);
	e->rq.pending_rows++;
	/* {element, contexts} kept in the registry until the callbacks are collected */
	js_newobject(J);
	js_newobject(J);
	js_getregistry(J, REG_SYM_ELEMENT);
	js_setproperty(J, -2, "$$typeof");
	js_copy(J, fnidx);
	js_setproperty(J, -2, "type");
	js_copy(J, propsidx);
	js_setproperty(J, -2, "props");
	js_pushnull(J);
	js_setproperty(J, -2, "key");
	js_setproperty(J, -2, "element");
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "saveContexts");
	js_rot2(J);
	if (js_pcall(J, 0))
		js_pop(J, 1), js_newarray(J);
	js_setproperty(J, -2, "contexts");
	js_copy(J, -1);
	int slot = kit_req_keep(e);
	struct settle_data *ok = settle_data_new(e, row, name), *bad = settle_data_new(e, row, name);
	ok->retry = bad->retry = 1;
	ok->retry_slot = bad->retry_slot = slot;
	js_pop(J, 1);
	js_getproperty(J, -1, "thenable");
	js_getproperty(J, -1, "then");
	js_rot2(J);
	js_newcfunctionx(J, on_fulfilled, "kitRetry", 1, ok, settle_data_free);
	js_newcfunctionx(J, on_fulfilled, "kitRetry", 1, bad, settle_data_free);
	if (js_pcall(J, 2)) {
		e->rq.pending_rows--;
		char msg[900], digest[256], text[1100];
		kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
		snprintf(text, sizeof text, "then() of the promise %s waits for threw %s", name, msg);
		reject_row(e, row, name, digest, text, msg);
	} else {
		js_pop(J, 1);
	}
	js_pop(J, 1);  /* the exception */
	return 0;
}

/* The exception on top of the stack is our SuspenseException. */
static int is_suspense_exception(js_State *J)
{
	if (!js_isobject(J, -1))
		return 0;
	js_getproperty(J, -1, "thenable");
	int yes = is_thenable(J, -1);
	js_pop(J, 1);
	return yes;
}

/* Calls the component at fnidx with the props at propsidx (and a ref for
 * forwardRef); the result is pushed as a new node item. In phase 2 the call
 * goes through the runtime's renderComponent, which gives hooks their
 * dispatcher and useId its tree position. */
static int call_component(kit_engine *e, int work, kit_value **target, int fnidx, int propsidx, int with_ref)
{
	js_State *J = e->J;
	char name[96];
	e->rq.stats.components++;
	/* its place in the component stack: its function kept in the work array */
	const struct walk_owner *outer = e->rq.owner;
	struct walk_owner *self = kit_arena_alloc(e->arena, sizeof *self);
	self->parent = outer;
	self->walk = e->rq.walks;
	self->name = NULL;
	js_copy(J, fnidx);
	self->slot = stash(e, work);
	int failed;
	if (e->rq.ssr) {
		char tid[160];
		kit_tree_text(e->rq.tree_id, e->rq.tree_overflow, tid, sizeof tid);
		js_getregistry(J, REG_RUNTIME);
		js_getproperty(J, -1, "renderComponent");
		js_rot2(J);
		js_copy(J, fnidx);
		js_copy(J, propsidx);
		if (with_ref && js_isobject(J, propsidx))
			js_getproperty(J, propsidx, "ref");
		else
			js_pushundefined(J);
		js_pushstring(J, tid);
		failed = js_pcall(J, 4);
	} else {
		js_copy(J, fnidx);
		js_pushundefined(J);
		js_copy(J, propsidx);
		if (with_ref) {
			if (js_isobject(J, propsidx))
				js_getproperty(J, propsidx, "ref");
			else
				js_pushundefined(J);
			if (js_isundefined(J, -1)) {
				js_pop(J, 1);
				js_pushnull(J);
			}
		}
		failed = js_pcall(J, with_ref ? 2 : 1);
	}
	if (failed) {
		component_name(J, fnidx, name, sizeof name);
		if (is_suspense_exception(J))
			return defer_retry(e, target, fnidx, propsidx, name);  /* rendered again below outer */
		e->rq.owner = self;
		exception_at(e, target, name, NULL);
		e->rq.owner = outer;
		return 0;
	}
	e->rq.owner = self;
	unsigned tree_id = e->rq.tree_id;
	const char *tree_overflow = e->rq.tree_overflow;
	if (e->rq.ssr) {
		/* a component that called useId() forks the tree context of its children */
		js_getregistry(J, REG_RUNTIME);
		js_getproperty(J, -1, "takeIdCount");
		js_rot2(J);
		int ids = js_pcall(J, 0) == 0 && js_isnumber(J, -1) ? js_toint32(J, -1) : 0;
		js_pop(J, 1);
		if (ids > 0)
			kit_tree_push(e->arena, tree_id, tree_overflow, 1, 0, &e->rq.tree_id, &e->rq.tree_overflow);
		if (e->rq.render && e->rq.render->form_state) {
			/* the page answering a no-JS post: Fizz's form state markers (js/server/hooks.ts) */
			js_getregistry(J, REG_RUNTIME);
			js_getproperty(J, -1, "takeActionStateMarkers");
			js_rot2(J);
			if (js_pcall(J, 0) == 0 && js_isstring(J, -1) && *js_tostring(J, -1)) {
				kit_value *el = kit_v_element(&e->rq.model, kit_v_symbol(&e->rq.model, "kit.formstate"), NULL, 2);
				kit_v_set_prop(&e->rq.model, &el->u.elem.props[0], "markers", kit_v_cstring(&e->rq.model, js_tostring(J, -1)));
				el->u.elem.props[1].key = "children";
				el->u.elem.props[1].keylen = 8;
				*target = el;
				target = &el->u.elem.props[1].value;
			}
			js_pop(J, 1);
		}
	}
	if (is_thenable(J, -1)) {
		int t = js_gettop(J) - 1;
		js_getproperty(J, t, "_s");
		double state = js_isnumber(J, -1) ? js_tonumber(J, -1) : 0;
		js_pop(J, 1);
		if (state == 1) {
			js_getproperty(J, t, "_v");
			js_remove(J, t);
		} else if (state == 2) {
			component_name(J, fnidx, name, sizeof name);
			js_getproperty(J, t, "_v");
			exception_at(e, target, name, NULL);
			js_pop(J, 1);
			e->rq.tree_id = tree_id;
			e->rq.tree_overflow = tree_overflow;
			e->rq.owner = outer;
			return 0;
		} else {
			component_name(J, fnidx, name, sizeof name);
			int rc = defer_thenable(e, t, target, name);
			js_pop(J, 1);
			e->rq.tree_id = tree_id;
			e->rq.tree_overflow = tree_overflow;
			e->rq.owner = outer;
			return rc;
		}
	}
	push_item(e, target, stash(e, work), MODE_NODE, NULL);
	e->rq.tree_id = tree_id;
	e->rq.tree_overflow = tree_overflow;
	e->rq.owner = outer;
	return 0;
}

static int fail_type(kit_engine *e, kit_value **target, const char *what, const char *context)
{
	error_at(e, target, "%s%s%s", what, context ? " — in " : "", context ? context : "");
	return 0;
}

/* The model reference to one export of a client module: one per export and
 * request, with the chunks kit-build listed for the module. */
static kit_client_ref *client_ref(kit_engine *e, const char *id, const char *name)
{
	for (struct client_ref_entry *c = e->rq.client_refs; c; c = c->next)
		if (strcmp(c->ref->module_id, id) == 0 && strcmp(c->ref->export_name, name) == 0)
			return c->ref;
	kit_client_ref *ref = kit_arena_zalloc(e->arena, sizeof *ref);
	ref->module_id = kit_arena_strdup(e->arena, id);
	ref->export_name = kit_arena_strdup(e->arena, name);
	const kit_value *mod = e->client_modules ? kit_v_get(e->client_modules, id) : NULL;
	const kit_value *chunks = mod ? kit_v_get(mod, "chunks") : NULL;
	if (chunks && chunks->kind == KIT_ARRAY) {
		ref->chunks = kit_arena_alloc(e->arena, (chunks->u.arr.len + 1) * sizeof *ref->chunks);
		for (size_t i = 0; i < chunks->u.arr.len; i++)
			if (chunks->u.arr.items[i]->kind == KIT_STRING)
				ref->chunks[ref->nchunks++] = chunks->u.arr.items[i]->u.str.ptr;
	}
	struct client_ref_entry *c = kit_arena_alloc(e->arena, sizeof *c);
	c->ref = ref;
	c->next = e->rq.client_refs;
	e->rq.client_refs = c;
	return ref;
}

/* A server action ($$typeof react.server.reference, marked by
 * js/server/server-reference.ts): one "$h" value per action id and phase
 * (the outlined {"id","bound"} row is written once, as React does). Phase 2
 * rows are html_only: the form's HTML needs the id, the browser has the row. */
struct server_ref_entry {
	const char *id;
	int ssr;
	kit_value *value;
	struct server_ref_entry *next;
};

static int is_server_reference(js_State *J, int idx)
{
	js_getproperty(J, idx, "$$typeof");
	int yes = is_registry(J, -1, REG_SYM_SERVER);
	js_pop(J, 1);
	return yes;
}

static kit_value *server_ref(kit_engine *e, int work, int idx)
{
	js_State *J = e->J;
	js_getproperty(J, idx, "$$id");
	size_t n = 0;
	const char *id = js_isstring(J, -1) ? js_text(e, js_tostring(J, -1), &n) : "";
	js_pop(J, 1);
	if (e->rq.ssr) {
		/* useActionState's dispatch (js/server/hooks.ts): bound to its state */
		js_getproperty(J, idx, "$$kitBound");
		js_getproperty(J, idx, "$$kitKey");
		if (js_isstring(J, -2)) {
			size_t bl = 0, kl = 0;
			const char *bound = js_text(e, js_tostring(J, -2), &bl);
			const char *key = js_isstring(J, -1) ? js_text(e, js_tostring(J, -1), &kl) : NULL;
			js_pop(J, 2);
			kit_value *v = kit_v_server_ref_bound(&e->rq.model, id, n, bound, key);
			v->u.lazy->html_only = 1;
			return v;
		}
		js_pop(J, 2);
	}
	js_getproperty(J, idx, "$$bound");
	if (js_isarray(J, -1) && js_getlength(J, -1) > 0) {
		/* bound with .bind(): {"id","bound":"$@<row>"}, the arguments walked as data into that row */
		int bidx = js_gettop(J) - 1;
		int len = js_getlength(J, bidx);
		kit_value *args = kit_v_array(&e->rq.model, (size_t)len);
		for (int i = len; i-- > 0;) {
			js_getindex(J, bidx, i);
			take_or_push(e, work, &args->u.arr.items[i], MODE_CLIENT_PROP, "a bound argument of a server action");
		}
		js_pop(J, 1);
		kit_row *r = kit_model_new_row(&e->rq.model);
		r->html_only = e->rq.ssr;
		kit_row_resolve(&e->rq.model, r, args);
		kit_value *v = kit_v_server_ref(&e->rq.model, id, n);
		v->u.lazy->html_only = e->rq.ssr;
		v->u.lazy->value->u.obj.props[1].value = kit_v_promise(&e->rq.model, r);
		return v;
	}
	js_pop(J, 1);
	for (struct server_ref_entry *s = e->rq.server_refs; s; s = s->next)
		if (s->ssr == e->rq.ssr && strcmp(s->id, id) == 0)
			return s->value;
	struct server_ref_entry *s = kit_arena_alloc(e->arena, sizeof *s);
	s->id = id;
	s->ssr = e->rq.ssr;
	s->value = kit_v_server_ref(&e->rq.model, id, n);
	s->value->u.lazy->html_only = e->rq.ssr;
	s->next = e->rq.server_refs;
	e->rq.server_refs = s;
	return s->value;
}

/* Is the type at idx a client reference ($$typeof react.client.reference)? */
static int is_client_reference(js_State *J, int idx)
{
	if (!js_isobject(J, idx))
		return 0;
	js_getproperty(J, idx, "$$typeof");
	int yes = is_registry(J, -1, REG_SYM_CLIENT);
	js_pop(J, 1);
	return yes;
}

/* The client reference at idx as the model's: its I row's entry, and the JS
 * reference registered by id so phase 2 finds it again (a worker-lifetime
 * entry). NULL (target failed) when it has no module id. */
static kit_client_ref *reference_of(kit_engine *e, kit_value **target, int idx)
{
	js_State *J = e->J;
	js_getproperty(J, idx, "$$id");
	js_getproperty(J, idx, "$$name");
	const char *id = js_isstring(J, -2) ? js_tostring(J, -2) : NULL;
	const char *name = js_isstring(J, -1) ? js_tostring(J, -1) : "default";
	if (!id) {
		js_pop(J, 2);
		error_at(e, target, "a client reference without a module id ($$id): rebuild the app with kit-build");
		return NULL;
	}
	kit_client_ref *ref = client_ref(e, id, name);
	js_pop(J, 2);
	char regkey[512];
	snprintf(regkey, sizeof regkey, "kit.cref:%s#%s", ref->module_id, ref->export_name);
	js_copy(J, idx);
	js_setregistry(J, regkey);
	if (strncmp(ref->module_id, "@kit/core/", 10) != 0 &&
	    (!e->client_modules || !kit_v_get(e->client_modules, ref->module_id)))
		fprintf(stderr, "kit: %s: client module %s is missing from .kit/client-manifest.json; "
			"the browser cannot load it (rebuild with kit-build)\n", e->rq.pathname ? e->rq.pathname : "?", ref->module_id);
	return ref;
}

/* A client component element: an I row for its type, its props as data
 * (elements among them are walked, so server components passed as children
 * run here). The browser renders it; phase 2 renders it for the HTML. */
static int walk_client_element(kit_engine *e, int work, kit_value **target, int ty, int keyidx, int propsidx)
{
	js_State *J = e->J;
	kit_client_ref *ref = reference_of(e, target, ty);
	if (!ref)
		return 0;
	size_t n = 0;
	const char **keys = js_isobject(J, propsidx) ? own_keys(e, propsidx, &n) : NULL;
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(keys[i], "ref") != 0 && strcmp(keys[i], "key") != 0)
			keys[kept++] = keys[i];
	kit_value *key = js_isstring(J, keyidx) ? make_string(e, J, keyidx) : NULL;
	kit_value *el = kit_v_element(&e->rq.model, kit_v_client_ref(&e->rq.model, ref), key, kept);
	*target = el;
	for (size_t i = kept; i-- > 0;) {
		kit_prop *p = &el->u.elem.props[i];
		p->key = js_text(e, keys[i], &p->keylen);
		js_getproperty(J, propsidx, keys[i]);
		int is_children = strcmp(keys[i], "children") == 0;
		take_or_push(e, work, &p->value, is_children ? MODE_NODE : MODE_CLIENT_PROP, p->key);
	}
	return 0;
}

/* The element again, with the type at ty (memo(), forwardRef() or a client
 * module's export unwrapped): pushed as a new node item. */
static void rewalk_element(kit_engine *e, int work, struct walk_item *it, int ty, int key, int props)
{
	js_State *J = e->J;
	js_newobject(J);
	js_getregistry(J, REG_SYM_ELEMENT);
	js_setproperty(J, -2, "$$typeof");
	js_copy(J, ty);
	js_setproperty(J, -2, "type");
	js_copy(J, key);
	js_setproperty(J, -2, "key");
	js_copy(J, props);
	js_setproperty(J, -2, "props");
	push_item(e, it->target, stash(e, work), MODE_NODE, it->context);
}

/* Pushes the type, key and props of the element at t. jsx()'s elements
 * (render/engine.c native_jsx) own type, props and maybe key, in that
 * order: one js_pushownvalues instead of three lookups (key null from
 * their prototype when not own). */
static void push_element_fields(js_State *J, int t)
{
	const char *names[4];
	int n = js_pushownvalues(J, t, names, 3);
	if (n == 2 && strcmp(names[0], "type") == 0 && strcmp(names[1], "props") == 0) {
		js_pushnull(J);
		js_rot2(J);
	} else if (n == 3 && strcmp(names[0], "type") == 0 && strcmp(names[1], "props") == 0 &&
		   strcmp(names[2], "key") == 0) {
		js_rot2(J);
	} else {
		/* any other shape (createElement's, a hand-made one) */
		if (n > 0)
			js_pop(J, n);
		js_getproperty(J, t, "type");
		js_getproperty(J, t, "key");
		js_getproperty(J, t, "props");
	}
}

/* Development builds: React's development server sends, with each element,
 * whether its key was checked (_store.validated), and React's development
 * client warns "Each child in a list should have a unique key" about an
 * element of an array whose key is null and unchecked. React's jsxs checks
 * its static children (engine.c native_jsxs marks them), its jsx a single
 * child, a component's output is checked, and an unkeyed unchecked element
 * of an array is 2: the browser warns. Where the walk is: */
enum {
	IN_PLACE,        /* not directly in an array: checked (1) */
	IN_LIST,         /* an item of an array: 1 if marked, 0 if keyed, else 2 */
	UNKEYED_OUTPUT,  /* the output of an unkeyed component of a list: 2 (React
			  * warns on the server and replays it to the browser's
			  * console, kit lets the browser's React warn) */
};

/* A development build's key check of one element (key_check, key_checked). */
struct key_state {
	unsigned char validated;  /* its validated slot */
	const kit_value *before;  /* *target before the walk of the element */
	size_t nitems;            /* the items before */
};

/* Before the walk of the element at t (whose key is at key): its validated
 * slot; what it holds or gives in its place is IN_PLACE from here. */
static void key_check(kit_engine *e, const struct walk_item *it, int t, int key, struct key_state *ks)
{
	js_State *J = e->J;
	switch (e->rq.list) {
	case IN_LIST:
		js_getproperty(J, t, KIT_VALIDATED_MARK);
		ks->validated = js_toboolean(J, -1) ? 1 : js_isstring(J, key) ? 0 : 2;
		js_pop(J, 1);
		break;
	case UNKEYED_OUTPUT:
		ks->validated = 2;
		break;
	default:
		ks->validated = 1;
	}
	e->rq.list = IN_PLACE;
	ks->before = *it->target;
	ks->nitems = e->rq.nitems;
}

/* After the element was walked: the element of the model it made (*target
 * is new) gets validated; when it was an unkeyed item of a list, what it
 * gives in its place (the items pushed for its target: a component's
 * output, a fragment's children) is UNKEYED_OUTPUT, and so is an async
 * component's output, walked later as its row (walk_row): React's server
 * warns before it calls the component, sync or async. */
static void key_checked(kit_engine *e, kit_value **target, const struct key_state *ks)
{
	if (*target != ks->before && *target && (*target)->kind == KIT_ELEMENT) {
		(*target)->validated = ks->validated;
	} else if (ks->validated == 2) {
		if (*target != ks->before && *target && (*target)->kind == KIT_LAZY)
			(*target)->u.lazy->unkeyed_output = 1;
		for (size_t i = ks->nitems; i < e->rq.nitems; i++)
			if (e->items[i].kind == ITEM_VALUE && e->items[i].target == target)
				e->items[i].list = UNKEYED_OUTPUT;
	}
}

/* <Suspense>: an element of the model, its fallback and children walked. */
static void walk_suspense(kit_engine *e, int work, const struct walk_item *it, int key, int props)
{
	js_State *J = e->J;
	kit_value *el = kit_v_element(&e->rq.model, kit_v_symbol(&e->rq.model, "react.suspense"),
				      js_isstring(J, key) ? make_string(e, J, key) : NULL, 2);
	*it->target = el;
	static const char *names[2] = { "fallback", "children" };
	for (int i = 1; i >= 0; i--) {
		el->u.elem.props[i].key = names[i];
		el->u.elem.props[i].keylen = strlen(names[i]);
		if (js_isobject(J, props))
			js_getproperty(J, props, names[i]);
		else
			js_pushundefined(J);
		push_item(e, &el->u.elem.props[i].value, stash(e, work), MODE_NODE, "Suspense");
	}
}

/* An element: {$$typeof, type, key, props} at stack index t. */
static int walk_element(kit_engine *e, int work, struct walk_item *it, int t)
{
	js_State *J = e->J;
	int ty = js_gettop(J);
	push_element_fields(J, t);
	int key = ty + 1;
	int props = ty + 2;
	int rc = 0;
	struct key_state ks = { 0, NULL, 0 };  /* development builds only */
	if (e->rq.model.dev)
		key_check(e, it, t, key, &ks);

	if (js_isstring(J, ty)) {
		rc = walk_host(e, work, it->target, js_tostring(J, ty), key, props);
	} else if (is_client_reference(J, ty)) {
		if (!e->rq.ssr) {
			rc = walk_client_element(e, work, it->target, ty, key, props);
		} else {
			/* phase 2: the client module's SSR implementation renders here */
			js_getproperty(J, ty, "$$impl");
			js_pushundefined(J);
			if (js_pcall(J, 0)) {
				exception_at(e, it->target, NULL, "loading a client module's implementation");
			} else if (js_iscallable(J, -1)) {
				js_replace(J, ty);
				rc = call_component(e, work, it->target, ty, props, 0);
			} else {
				/* memo()/forwardRef() exports: walk the element again with the real type */
				js_replace(J, ty);
				rewalk_element(e, work, it, ty, key, props);
			}
		}
	} else if (js_iscallable(J, ty)) {
		rc = call_component(e, work, it->target, ty, props, 0);
	} else if (is_registry(J, ty, REG_SYM_FRAGMENT) || is_registry(J, ty, REG_SYM_STRICT) ||
		   is_registry(J, ty, REG_SYM_PROFILER)) {
		int keyed = js_isstring(J, key);
		if (js_isobject(J, props))
			js_getproperty(J, props, "children");
		else
			js_pushundefined(J);
		if (keyed) {
			kit_value *el = kit_v_element(&e->rq.model, kit_v_symbol(&e->rq.model, "react.fragment"),
						      make_string(e, J, key), 1);
			*it->target = el;
			el->u.elem.props[0].key = "children";
			el->u.elem.props[0].keylen = 8;
			push_item(e, &el->u.elem.props[0].value, stash(e, work), MODE_NODE, it->context);
		} else {
			push_item(e, it->target, stash(e, work), MODE_NODE, it->context);
		}
	} else if (is_registry(J, ty, REG_SYM_SUSPENSE)) {
		walk_suspense(e, work, it, key, props);
	} else if (js_isobject(J, ty)) {
		js_getproperty(J, ty, "$$typeof");
		int tag = js_gettop(J) - 1;
		if (is_registry(J, tag, REG_SYM_CONTEXT)) {
			/* <Context value>: the value holds for the subtree, then the outer one comes back */
			js_getregistry(J, REG_RUNTIME);
			js_getproperty(J, -1, "pushProvider");
			js_rot2(J);
			js_copy(J, ty);
			if (js_isobject(J, props))
				js_getproperty(J, props, "value");
			else
				js_pushundefined(J);
			if (js_pcall(J, 2)) {
				exception_at(e, it->target, NULL, "a context provider");
			} else {
				js_pop(J, 1);
				push_item(e, NULL, 0, MODE_NODE, NULL);
				e->items[e->rq.nitems - 1].kind = ITEM_POP_PROVIDER;
				if (js_isobject(J, props))
					js_getproperty(J, props, "children");
				else
					js_pushundefined(J);
				push_item(e, it->target, stash(e, work), MODE_NODE, it->context);
			}
		} else if (is_registry(J, tag, REG_SYM_CONSUMER)) {
			/* <Context.Consumer>{value => ...}</Context.Consumer> */
			if (js_isobject(J, props))
				js_getproperty(J, props, "children");
			else
				js_pushundefined(J);
			js_pushundefined(J);
			js_getproperty(J, ty, "_context");
			js_getproperty(J, -1, "_currentValue");
			js_rot2pop1(J);
			if (js_pcall(J, 1))
				exception_at(e, it->target, NULL, "a context consumer's render function");
			else
				push_item(e, it->target, stash(e, work), MODE_NODE, it->context);
		} else if (is_registry(J, tag, REG_SYM_MEMO)) {
			js_getproperty(J, ty, "type");
			js_replace(J, ty);
			js_pop(J, 1);
			/* memo(forwardRef(...)) and memo(memo(...)): re-walk the element with the inner type */
			if (js_iscallable(J, ty)) {
				rc = call_component(e, work, it->target, ty, props, 0);
			} else {
				rewalk_element(e, work, it, ty, key, props);
			}
		} else if (is_registry(J, tag, REG_SYM_FORWARD_REF)) {
			js_getproperty(J, ty, "render");
			js_replace(J, ty);
			js_pop(J, 1);
			if (!js_iscallable(J, ty))
				rc = fail_type(e, it->target, "forwardRef() was given something that is not a function", it->context);
			else
				rc = call_component(e, work, it->target, ty, props, 1);
		} else if (is_registry(J, tag, REG_SYM_LAZY)) {
			/* lazy(): a component that suspends until the loader settles */
			js_pop(J, 1);
			js_getregistry(J, REG_RUNTIME);
			js_getproperty(J, -1, "lazyComponent");
			js_rot2(J);
			js_copy(J, ty);
			if (js_pcall(J, 1) || !js_iscallable(J, -1)) {
				exception_at(e, it->target, NULL, "a lazy() component");
			} else {
				js_replace(J, ty);
				rc = call_component(e, work, it->target, ty, props, 0);
			}
		} else {
			js_pop(J, 1);
			rc = fail_type(e, it->target, "Element type is invalid: expected a string (for built-in elements) or a "
				       "function (for components) but got an object. Check the import of the component "
				       "(default vs named export)", it->context);
		}
	} else {
		char msg[200];
		snprintf(msg, sizeof msg, "Element type is invalid: expected a string (for built-in elements) or a "
			 "function (for components) but got: %s. Check the import of the component (default vs named export)",
			 js_typeof(J, ty));
		rc = fail_type(e, it->target, msg, it->context);
	}
	if (ks.validated)
		key_checked(e, it->target, &ks);
	js_pop(J, js_gettop(J) - ty);
	return rc;
}

static int walk_object_prop(kit_engine *e, int work, struct walk_item *it, int t)
{
	js_State *J = e->J;
	const char *names[WALK_OWN_VALUES];
	int pushed = js_pushownvalues(J, t, names, WALK_OWN_VALUES);
	if (pushed >= 0) {
		kit_value *obj = kit_v_object(&e->rq.model, (size_t)pushed);
		*it->target = obj;
		for (int i = pushed; i-- > 0;) {
			kit_prop *p = &obj->u.obj.props[i];
			p->key = js_text(e, names[i], &p->keylen);
			take_or_push(e, work, &p->value, it->mode, it->context);
		}
		return 0;
	}
	size_t n;
	const char **keys = own_keys(e, t, &n);
	kit_value *obj = kit_v_object(&e->rq.model, n);
	*it->target = obj;
	for (size_t i = n; i-- > 0;) {
		kit_prop *p = &obj->u.obj.props[i];
		p->key = js_text(e, keys[i], &p->keylen);
		js_getproperty(J, t, keys[i]);
		take_or_push(e, work, &p->value, it->mode, it->context);
	}
	return 0;
}

static int call_runtime_int(kit_engine *e, const char *fn)
{
	js_State *J = e->J;
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, fn);
	js_rot2(J);
	int n = js_pcall(J, 0) == 0 && js_isnumber(J, -1) ? js_toint32(J, -1) : 0;
	js_pop(J, 1);
	return n;
}

/* A server-rendered node going back into the tree under client components
 * (phase 2). It is wrapped in a kit.scope element that html.c reads:
 * - scope: when context providers are active, a number that lets client
 *   components inside it see those values again (kit_walk_client);
 * - treeId/treeOverflow: React's tree context at this place of the client
 *   component's output, when it is not the one of the client element itself
 *   (the client component called useId(), or put the node in an array):
 *   client components inside the node fork from there, as in Fizz. */
static kit_value *scoped(kit_engine *e, kit_value *node)
{
	int number = 0;
	if (call_runtime_int(e, "providerDepth") > 0) {
		js_State *J = e->J;
		js_getregistry(J, REG_RUNTIME);
		js_getproperty(J, -1, "saveContexts");
		js_rot2(J);
		if (js_pcall(J, 0)) {
			js_pop(J, 1);
		} else {
			if (e->rq.nscopes == e->capscopes) {
				int cap = e->capscopes ? e->capscopes * 2 : 16;
				int *more = kit_xrealloc(e->scopes, (size_t)cap * sizeof *more);
				e->scopes = more;
				e->capscopes = cap;
			}
			e->scopes[e->rq.nscopes] = kit_req_keep(e);
			number = ++e->rq.nscopes;
		}
	}
	/* (a retry walks outside kit_walk_client: then the context is always written) */
	int moved = !e->rq.ssr_tree_overflow || e->rq.tree_id != e->rq.ssr_tree_id ||
		    strcmp(e->rq.tree_overflow, e->rq.ssr_tree_overflow) != 0;
	if (number == 0 && !moved)
		return node;
	kit_value *el = kit_v_element(&e->rq.model, kit_v_symbol(&e->rq.model, "kit.scope"), NULL, 4);
	size_t n = 0;
	if (number)
		kit_v_set_prop(&e->rq.model, &el->u.elem.props[n++], "scope", kit_v_number(&e->rq.model, number));
	if (moved) {
		kit_v_set_prop(&e->rq.model, &el->u.elem.props[n++], "treeId", kit_v_number(&e->rq.model, e->rq.tree_id));
		kit_v_set_prop(&e->rq.model, &el->u.elem.props[n++], "treeOverflow", kit_v_cstring(&e->rq.model, e->rq.tree_overflow));
	}
	kit_v_set_prop(&e->rq.model, &el->u.elem.props[n++], "children", node);
	el->u.elem.nprops = n;
	return el;
}

/* Is the symbol at idx one of Symbol.for's? Then its key is pushed. */
static int registered_symbol(js_State *J, int idx)
{
	js_getglobal(J, "Symbol");
	js_getproperty(J, -1, "keyFor");
	js_rot2(J);
	js_copy(J, idx);
	if (js_pcall(J, 1) || !js_isstring(J, -1)) {
		js_pop(J, 1);
		return 0;
	}
	return 1;
}

/* Walks the value on top of the stack (popped) for one item. */
/* Templates: server modules' host JSX compiled at build time
 * (toolchain/templates.mjs, render/README.md "Templates"). A use is an
 * array [template, holes..., key (keyed templates)]; the template's
 * description d is a node: a string (static text), a number (a hole: its
 * index in the use's array, from 1) or an element [tag, attrs, children
 * mode, child...], attrs [name, value, ...] (each value a string or a
 * hole), the mode 0 (no children prop), 1 (props.children is the one
 * child) or 2 (an array of them). __kit_template(d, keyed) compiles it once
 * into a tree of tpl_node; the walk expands a template element into the
 * very model nodes walk_host and walk_one make from the elements the JSX
 * stood for. */
struct tpl_node {
	int hole;                /* the hole's index, or -1 */
	int elem;                /* an element (text is its tag), or static text */
	const char *text;        /* UTF-8, as js_text gives it */
	size_t len;
	unsigned char mode;      /* an element's children: 0 none, 1 one, 2 an array */
	unsigned nattrs, nkids;
	const char **names;      /* the attrs' names (UTF-8) */
	size_t *namelens;
	struct tpl_node *attrs;  /* their values (text or hole) */
	struct tpl_node *kids;
};

struct tpl {
	struct tpl_node root;
	int nholes;              /* the template and its holes: the index of the key */
	int keyed;               /* the use's last item is the key */
};

static void tpl_node_free(struct tpl_node *n)
{
	for (unsigned i = 0; i < n->nattrs; i++) {
		free((char *)n->names[i]);
		tpl_node_free(&n->attrs[i]);
	}
	for (unsigned i = 0; i < n->nkids; i++)
		tpl_node_free(&n->kids[i]);
	free(n->names);
	free(n->namelens);
	free(n->attrs);
	free(n->kids);
	free((char *)n->text);
}

static void tpl_free(js_State *J, void *p)
{
	(void)J;
	struct tpl *t = p;
	tpl_node_free(&t->root);
	free(t);
}

/* The string at idx in UTF-8 (mujs keeps U+0000 and lone surrogates in
 * its own encoding: js_text). */
static char *tpl_text(js_State *J, int idx, size_t *len)
{
	const char *s = js_tostring(J, idx);
	size_t n = strlen(s);
	char *out = kit_xmalloc(n + 1);
	if (!memchr(s, 0xC0, n) && !memchr(s, 0xED, n)) {
		memcpy(out, s, n);
		*len = n;
	} else {
		*len = kit_jsstr_utf8(out, s, n);
	}
	out[*len] = '\0';
	return out;
}

/* Compiles the node at idx into n (zeroed); elements only where elem_ok
 * (children), text and holes anywhere. Throws a TypeError on a malformed
 * description, freeing what is n's. */
static void tpl_compile(js_State *J, int idx, struct tpl_node *n, int *nholes, int elem_ok)
{
	n->hole = -1;
	if (js_isnumber(J, idx)) {
		double d = js_tonumber(J, idx);
		if (!(d >= 1 && d < 65536 && d == (int)d))
			js_typeerror(J, "__kit_template: a hole's index is not an integer");
		n->hole = (int)d;
		if (n->hole + 1 > *nholes)
			*nholes = n->hole + 1;
		return;
	}
	if (js_isstring(J, idx)) {
		n->text = tpl_text(J, idx, &n->len);
		return;
	}
	int len = js_isarray(J, idx) ? js_getlength(J, idx) : 0;
	if (!elem_ok || len < 3)
		js_typeerror(J, "__kit_template: not a template's node");
	js_getindex(J, idx, 0);
	js_getindex(J, idx, 1);
	js_getindex(J, idx, 2);
	int alen = js_isarray(J, -2) ? js_getlength(J, -2) : -1;
	double mode = js_isnumber(J, -1) ? js_tonumber(J, -1) : -1;
	if (!js_isstring(J, -3) || alen < 0 || alen % 2 || !(mode == 0 || mode == 1 || mode == 2) ||
	    (mode == 0 && len != 3) || (mode == 1 && len != 4))
		js_typeerror(J, "__kit_template: not a template's element");
	n->elem = 1;
	n->mode = (unsigned char)mode;
	n->nattrs = (unsigned)alen / 2;
	n->nkids = (unsigned)len - 3;
	n->text = tpl_text(J, -3, &n->len);
	n->names = kit_xcalloc(n->nattrs + 1, sizeof *n->names);
	n->namelens = kit_xcalloc(n->nattrs + 1, sizeof *n->namelens);
	n->attrs = kit_xcalloc(n->nattrs + 1, sizeof *n->attrs);
	n->kids = kit_xcalloc(n->nkids + 1, sizeof *n->kids);
	int attrs = js_gettop(J) - 2;
	for (unsigned i = 0; i < n->nattrs; i++) {
		js_getindex(J, attrs, (int)(2 * i));
		js_getindex(J, attrs, (int)(2 * i + 1));
		if (!js_isstring(J, -2))
			js_typeerror(J, "__kit_template: a prop's name is not a string");
		n->names[i] = tpl_text(J, -2, &n->namelens[i]);
		tpl_compile(J, js_gettop(J) - 1, &n->attrs[i], nholes, 0);
		js_pop(J, 2);
	}
	for (unsigned i = 0; i < n->nkids; i++) {
		js_getindex(J, idx, (int)i + 3);
		tpl_compile(J, js_gettop(J) - 1, &n->kids[i], nholes, 1);
		js_pop(J, 1);
	}
	js_pop(J, 3);
}

/* __kit_template(d, keyed): the compiled template, a kit.template userdata
 * whose own d is the description and k whether its uses end with a key
 * (js/server/jsx-runtime.ts builds the elements from them when user code
 * reads a template element's type, props or key). */
void kit_tpl_template(js_State *J)
{
	struct tpl *t = kit_xcalloc(1, sizeof *t);
	t->nholes = 1;
	t->keyed = js_toboolean(J, 2);
	if (js_try(J)) {
		tpl_node_free(&t->root);
		free(t);
		js_throw(J);
	}
	tpl_compile(J, 1, &t->root, &t->nholes, 1);
	js_endtry(J);
	if (!t->root.elem) {
		tpl_node_free(&t->root);
		free(t);
		js_typeerror(J, "__kit_template: a template is an element");
	}
	js_pushnull(J);
	js_newuserdata(J, KIT_TPL_TAG, t, tpl_free);
	js_copy(J, 1);
	js_defproperty(J, -2, "d", JS_READONLY | JS_DONTENUM | JS_DONTCONF);
	js_pushboolean(J, t->keyed);
	js_defproperty(J, -2, "k", JS_READONLY | JS_DONTENUM | JS_DONTCONF);
}

/* The key at idx as '' + key gives it (native_jsx's), a model string; NULL
 * for undefined (no key). */
static kit_value *tpl_key(kit_engine *e, int idx)
{
	js_State *J = e->J;
	double d;
	if (js_isundefined(J, idx))
		return NULL;
	if (js_isstring(J, idx))
		return make_string(e, J, idx);
	if (js_isnumber(J, idx) && (d = js_tonumber(J, idx)) >= -1e15 && d <= 1e15 && d == (double)(long long)d) {
		/* an integer (an id): its digits without a JS string (-0 is "0") */
		char digits[24], *p = digits + sizeof digits;
		long long v = (long long)d;
		unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
		do
			*--p = (char)('0' + u % 10);
		while (u /= 10);
		if (v < 0)
			*--p = '-';
		return kit_v_string(&e->rq.model, p, (size_t)(digits + sizeof digits - p));
	}
	js_pushliteral(J, "");
	js_copy(J, idx);
	js_concat(J);
	kit_value *v = make_string(e, J, -1);
	js_pop(J, 1);
	return v;
}

/* A static string of a template as a model string (the template lives as
 * long as the module holding it: no copy). */
static kit_value *tpl_string(kit_engine *e, const char *s, size_t len)
{
	return kit_v_string_at(&e->rq.model, s, len);
}

/* The node n of a template into target, its holes from the array at h:
 * what walk_host (an element), walk_one (its children's array) and
 * take_or_push (a hole's value) do, in the same order (each list backwards,
 * so the work stack visits the holes in document order). */
static void tpl_expand(kit_engine *e, int work, int h, const struct tpl_node *n, kit_value **target, kit_value *key,
		       int mode, const char *context)
{
	js_State *J = e->J;
	if (n->hole >= 0) {
		js_getindex(J, h, n->hole);
		take_or_push(e, work, target, mode, context);
		return;
	}
	if (!n->elem) {
		*target = tpl_string(e, n->text, n->len);
		return;
	}
	size_t kept = n->nattrs + (n->mode != 0);
	kit_value *el = kit_v_element(&e->rq.model, tpl_string(e, n->text, n->len), key, kept);
	*target = el;
	e->rq.stats.host_elements++;
	if (n->mode) {
		kit_prop *p = &el->u.elem.props[kept - 1];
		p->key = "children";
		p->keylen = 8;
		if (n->mode == 1) {
			tpl_expand(e, work, h, &n->kids[0], &p->value, NULL, MODE_NODE, n->text);
		} else {
			kit_value *arr = kit_v_array(&e->rq.model, n->nkids);
			p->value = arr;
			unsigned char list = e->rq.list;
			e->rq.list = IN_LIST;
			for (unsigned i = n->nkids; i-- > 0;)
				tpl_expand(e, work, h, &n->kids[i], &arr->u.arr.items[i], NULL, MODE_NODE, n->text);
			e->rq.list = list;
		}
	}
	for (unsigned i = n->nattrs; i-- > 0;) {
		kit_prop *p = &el->u.elem.props[i];
		p->key = n->names[i];
		p->keylen = n->namelens[i];
		tpl_expand(e, work, h, &n->attrs[i], &p->value, NULL, MODE_PROP, n->names[i]);
	}
}

/* A template element at t (its prototype checked): expanded, 0; -1 when it
 * must be walked as an element (user code read its type, props or key,
 * which made them own and its _h null: js/server/jsx-runtime.ts; or its
 * parts are not what tpl() gave). A production render's server walk only:
 * the development build's key checks and phase 2's tree context take the
 * element path. */
static int walk_template(kit_engine *e, int work, struct walk_item *it, int t)
{
	js_State *J = e->J;
	int top = js_gettop(J);
	js_getproperty(J, t, "_h");
	int h = top;
	struct tpl *tp = NULL;
	if (js_isarray(J, h)) {
		js_getindex(J, h, 0);
		tp = js_isuserdata(J, -1, KIT_TPL_TAG) ? js_touserdata(J, -1, KIT_TPL_TAG) : NULL;
		js_pop(J, 1);
	}
	if (!tp || js_getlength(J, h) != tp->nholes + tp->keyed) {
		js_pop(J, js_gettop(J) - top);
		return -1;
	}
	kit_value *key = NULL;
	if (tp->keyed) {
		js_getindex(J, h, tp->nholes);
		key = tpl_key(e, js_gettop(J) - 1);
		js_pop(J, 1);
	}
	tpl_expand(e, work, h, &tp->root, it->target, key, MODE_NODE, it->context);
	js_pop(J, js_gettop(J) - top);
	return 0;
}

static int walk_one(kit_engine *e, int work, struct walk_item *it)
{
	js_State *J = e->J;
	kit_model *m = &e->rq.model;
	int t = js_gettop(J) - 1;
	int rc = 0;
	/* one call for the type, then comparisons (the js_is* chain was a
	 * library call per test for every node) */
	int type = js_type(J, t);

	if (type == JS_ISUNDEFINED) {
		*it->target = kit_v_undefined(m);
	} else if (type == JS_ISNULL) {
		*it->target = kit_v_null(m);
	} else if (type == JS_ISBOOLEAN) {
		*it->target = kit_v_bool(m, js_toboolean(J, t));
	} else if (type == JS_ISNUMBER) {
		*it->target = kit_v_number(m, js_tonumber(J, t));
	} else if (type == JS_ISSTRING) {
		*it->target = make_string(e, J, t);
	} else if (type == JS_ISBIGINT) {
		/* its decimal digits: text in HTML, "$n<digits>" in Flight, as
		 * React writes a bigint child or prop */
		js_copy(J, t);
		*it->target = kit_v_cstring(m, js_tostring(J, -1));
		(*it->target)->kind = KIT_BIGINT;
	} else if (type == JS_ISFUNCTION && it->mode != MODE_NODE && is_server_reference(J, t)) {
		/* a server action passed as a prop (a client component's, <form action>) */
		*it->target = server_ref(e, work, t);
	} else if (type == JS_ISFUNCTION && !e->rq.ssr && it->mode == MODE_CLIENT_PROP && is_client_reference(J, t)) {
		/* an export of a "use client" module passed to a client component
		 * (shadcn's columns, a component to render): a reference, "$<id>",
		 * which the browser resolves to the module's export, as React does */
		kit_client_ref *ref = reference_of(e, it->target, t);
		if (ref)
			*it->target = kit_v_client_ref(m, ref);
	} else if (type == JS_ISFUNCTION && e->rq.ssr && it->mode != MODE_NODE) {
		/* phase 2: event handlers and other functions of client components only
		 * matter in the browser; the HTML leaves them out */
		*it->target = kit_v_undefined(m);
	} else if (type == JS_ISFUNCTION) {
		if (it->mode == MODE_NODE)
			rc = fail_type(e, it->target, "Functions are not valid as a React child. Call the function, or render "
				       "it as a component: <Component /> instead of {Component}", it->context);
		else if (it->mode == MODE_CLIENT_PROP)
			error_at(e, it->target, "Functions cannot be passed to client components from a server "
				 "component (prop \"%s\"): only plain data, elements and server actions cross "
				 "that boundary. Define the function inside the client component",
				 it->context ? it->context : "?");
		else
			error_at(e, it->target, "Functions cannot be passed as props of a built-in element "
				 "(prop \"%s\"). Event handlers belong in a client component: move this element "
				 "into a file that starts with \"use client\"", it->context ? it->context : "?");
	} else if (js_isuserdata(J, t, "kit.model")) {
		/* phase 2: something the server already rendered, passed into a client component */
		*it->target = scoped(e, js_touserdata(J, t, "kit.model"));
	} else if (js_isarray(J, t)) {
		int len = js_getlength(J, t);
		kit_value *arr = kit_v_array(m, (size_t)len);
		*it->target = arr;
		unsigned tree_id = e->rq.tree_id;
		const char *tree_overflow = e->rq.tree_overflow;
		unsigned char list = e->rq.list;
		e->rq.list = IN_LIST;
		for (int i = len; i-- > 0;) {
			js_getindex(J, t, i);
			if (e->rq.ssr && it->mode == MODE_NODE)  /* React forks the tree context per array child */
				kit_tree_push(e->arena, tree_id, tree_overflow, (unsigned)len, (unsigned)i, &e->rq.tree_id, &e->rq.tree_overflow);
			take_or_push(e, work, &arr->u.arr.items[i], it->mode, it->context);
		}
		e->rq.list = list;
		e->rq.tree_id = tree_id;
		e->rq.tree_overflow = tree_overflow;
	} else if (js_isdateobject(J, t)) {
		js_getproperty(J, t, "toISOString");
		js_copy(J, t);
		if (js_pcall(J, 0)) {
			exception_at(e, it->target, NULL, "Date.prototype.toISOString (an invalid Date)");
		} else {
			kit_value *v = make_string(e, J, -1);
			v->kind = KIT_DATE;
			*it->target = v;
			js_pop(J, 1);
		}
	} else if (js_isobject(J, t)) {
		/* jsx()'s elements by their prototype (its $$typeof is read-only
		 * and not configurable: mujs patch 1523); anything else by $$typeof */
		const void *proto = js_toprotopointer(J, t);
		int is_element = e->jsx_proto && proto == e->jsx_proto;
		if (!is_element && e->tpl_proto && proto == e->tpl_proto && !e->rq.ssr && !e->rq.model.dev &&
		    walk_template(e, work, it, t) == 0) {
			js_pop(J, js_gettop(J) - t);
			return 0;
		}
		if (!is_element) {
			js_getproperty(J, t, "$$typeof");
			js_copy(J, SYM_SLOT(work));
			is_element = js_strictequal(J);
			js_pop(J, 2);
		}
		if (is_element) {
			rc = walk_element(e, work, it, t);
		} else if (is_thenable(J, t)) {
			if (it->mode == MODE_CLIENT_PROP && !e->rq.ssr) {
				rc = defer_promise(e, t, it->target, it->context);
			} else if (it->mode != MODE_NODE) {
				error_at(e, it->target, "A promise cannot be passed as a prop of an element "
					 "(prop \"%s\"): await it in the component", it->context ? it->context : "?");
			} else {
				js_getproperty(J, t, "_s");
				double state = js_isnumber(J, -1) ? js_tonumber(J, -1) : 0;
				js_pop(J, 1);
				if (state == 1) {
					js_getproperty(J, t, "_v");
					push_item(e, it->target, stash(e, work), MODE_NODE, it->context);
				} else if (state == 2) {
					js_getproperty(J, t, "_v");
					exception_at(e, it->target, NULL, "a promise rendered as a child");
				} else {
					rc = defer_thenable(e, t, it->target, NULL);
				}
			}
		} else if (it->mode != MODE_NODE) {
			rc = walk_object_prop(e, work, it, t);
		} else {
			rc = fail_type(e, it->target, "Objects are not valid as a React child. To render a collection, use an "
				       "array; to show an object's fields, render them one by one", it->context);
		}
	} else if (type == JS_ISSYMBOL && registered_symbol(J, t)) {
		/* Symbol.for(key): "$S<key>" in Flight, as React's server writes
		 * it; nothing in HTML (registered_symbol left the key on the stack) */
		*it->target = kit_v_symbol(m, js_tostring(J, -1));
	} else {
		/* another symbol (or anything else left) renders nothing */
		*it->target = kit_v_null(m);
	}
	js_pop(J, js_gettop(J) - t);
	return rc;
}

int kit_walk_row(kit_engine *e, kit_row *row)
{
	return walk_row(e, row, MODE_NODE);
}

static int walk_row(kit_engine *e, kit_row *row, int mode)
{
	js_State *J = e->J;
	if (e->rq.walking) {
		js_pop(J, 1);
		kit_req_fail(e, 500, NULL, "internal error: re-entrant walk");
		return -1;
	}
	e->rq.walking = 1;
	int base = js_gettop(J) - 1;        /* the value to walk */
	js_getregistry(J, REG_WORK);
	js_getregistry(J, REG_SYM_ELEMENT);
	js_copy(J, base);                    /* value, work, symbol, value */
	int work = base + 1;
	e->rq.work_top = 0;
	e->rq.nitems = 0;
	e->rq.walks++;
	e->rq.list = row->unkeyed_output ? UNKEYED_OUTPUT : IN_PLACE;
	push_item(e, &row->value, stash(e, work), e->rq.root_data ? MODE_CLIENT_PROP : mode, NULL);
	e->rq.root_data = 0;
	int rc = 0;
	unsigned tree_id = e->rq.tree_id;
	const char *tree_overflow = e->rq.tree_overflow;
	while (e->rq.nitems) {
		struct walk_item it = e->items[--e->rq.nitems];
		if (it.kind == ITEM_POP_PROVIDER) {
			js_getregistry(J, REG_RUNTIME);
			js_getproperty(J, -1, "popProvider");
			js_rot2(J);
			js_pcall(J, 0);
			js_pop(J, 1);
			continue;
		}
		e->rq.tree_id = it.tree_id;
		e->rq.tree_overflow = it.tree_overflow;
		e->rq.owner = it.owner;
		e->rq.list = it.list;
		js_getindex(J, work, (int)it.slot);
		if (walk_one(e, work, &it) < 0) {
			rc = -1;
			break;
		}
	}
	e->rq.tree_id = tree_id;
	e->rq.tree_overflow = tree_overflow;
	e->rq.nitems = 0;
	e->rq.owner = NULL;
	js_setlength(J, work, 0);
	js_pop(J, js_gettop(J) - base);
	e->rq.walking = 0;
	if (rc == 0 && row->state == KIT_ROW_PENDING) {
		kit_row_resolve(&e->rq.model, row, row->value);
		if (row->id != 0)
			e->rq.pending_rows--;
	}
	return rc;
}

/* An opaque JS object standing for a model node (js_newuserdata takes its
 * prototype from the stack). */
static void push_model_node(js_State *J, const kit_value *v)
{
	js_newobject(J);
	js_newuserdata(J, "kit.model", (void *)v, NULL);
}

static void push_model(kit_engine *e, const kit_value *v, int depth);

/* React's client gives a production error from an E row this message and
 * the row's digest. */
#define SERVER_ERROR_MESSAGE "An error occurred in the Server Components render. The specific message is " \
	"omitted in production builds to avoid leaking sensitive details. A digest property is included on " \
	"this error instance which may provide additional details about the nature of the error."

/* Settles the deferred in keep slot p->slot from its row: resolve(value) or
 * reject(Error with the digest). Our Promise settles synchronously with a
 * plain value, so use() reads a settled row without suspending. */
static void settle_row_promise(kit_engine *e, struct row_promise *p, int depth)
{
	js_State *J = e->J;
	const kit_row *r = p->row;
	p->settled = 1;
	kit_req_keep_get(e, p->slot);
	js_getproperty(J, -1, r->state == KIT_ROW_READY ? "resolve" : "reject");
	js_pushundefined(J);
	if (r->state == KIT_ROW_READY) {
		push_model(e, r->value, depth + 1);
	} else {
		js_newerror(J, SERVER_ERROR_MESSAGE);
		js_pushstring(J, r->digest ? r->digest : "");
		js_setproperty(J, -2, "digest");
	}
	if (js_pcall(J, 1))
		fprintf(stderr, "kit: settling a promise prop failed: %s\n", js_trystring(J, -1, "?"));
	js_pop(J, 2);
}

/* The JS promise standing for a "$@" row, one per row and request, so a
 * client component sees the same thenable on every render. */
static void push_row_promise(kit_engine *e, const kit_row *row, int depth)
{
	js_State *J = e->J;
	struct row_promise *p;
	for (p = e->rq.row_promises; p; p = p->next)
		if (p->row == row)
			break;
	if (!p) {
		js_getglobal(J, "__kit_deferred");
		js_pushundefined(J);
		if (js_pcall(J, 0) || !js_isobject(J, -1)) {
			js_pop(J, 1);
			js_pushundefined(J);
			return;
		}
		p = kit_arena_zalloc(e->arena, sizeof *p);
		p->row = row;
		p->slot = kit_req_keep(e);
		p->next = e->rq.row_promises;
		e->rq.row_promises = p;
		if (row->state != KIT_ROW_PENDING)
			settle_row_promise(e, p, depth);
	}
	kit_req_keep_get(e, p->slot);
	js_getproperty(J, -1, "promise");
	js_rot2pop1(J);
}

int kit_walk_settle_promises(kit_engine *e)
{
	int n = 0;
	for (struct row_promise *p = e->rq.row_promises; p; p = p->next)
		if (!p->settled && p->row->state != KIT_ROW_PENDING) {
			settle_row_promise(e, p, 0);
			n++;
		}
	return n;
}

/* Whether a model object's key becomes a property of its JS object. As
 * React's Flight client revives a payload: every key an own data property
 * (js_defproperty; assigning would run Object.prototype's __proto__ setter,
 * mujs/patches/0203-set-prototype-of.patch), except "__proto__", which React
 * drops. */
static int push_model_key(const char *key)
{
	return strcmp(key, "__proto__") != 0;
}

/* Pushes the JS value of a model value, for the props of a client component
 * rendered in phase 2. Elements and rows the server rendered travel as
 * opaque "kit.model" userdata that the walk puts back in place unchanged. */
static void push_model(kit_engine *e, const kit_value *v, int depth)
{
	js_State *J = e->J;
	if (!v || depth > 200) {
		js_pushundefined(J);
		return;
	}
	switch (v->kind) {
	case KIT_UNDEFINED: js_pushundefined(J); break;
	case KIT_NULL: js_pushnull(J); break;
	case KIT_BOOL: js_pushboolean(J, v->u.boolean); break;
	case KIT_NUMBER: js_pushnumber(J, v->u.number); break;
	case KIT_STRING: js_pushlstring(J, v->u.str.ptr, (int)v->u.str.len); break;
	case KIT_BIGINT: /* a bigint again, as React's Flight client revives "$n" */
		js_getglobal(J, "BigInt");
		js_pushundefined(J);
		js_pushlstring(J, v->u.str.ptr, (int)v->u.str.len);
		js_call(J, 1);
		break;
	case KIT_SERVER_REF: {
		/* the action's function itself (js/server/server-reference.ts), so
		 * <form action={props.action}> in the client component renders the
		 * same progressive-enhancement HTML */
		const char *id = kit_v_server_ref_id(v);
		js_getregistry(J, REG_RUNTIME);
		js_getproperty(J, -1, "lookupServerReference");
		js_rot2(J);
		js_pushstring(J, id ? id : "");
		if (js_pcall(J, 1)) {
			js_pop(J, 1);
			js_pushundefined(J);
		}
		break;
	}
	case KIT_DATE:
		js_getglobal(J, "Date");
		js_pushlstring(J, v->u.str.ptr, (int)v->u.str.len);
		if (js_pconstruct(J, 1)) {
			js_pop(J, 1);
			js_pushundefined(J);
		}
		break;
	case KIT_SYMBOL:
		js_getglobal(J, "Symbol");
		js_getproperty(J, -1, "for");
		js_rot2(J);
		js_pushlstring(J, v->u.str.ptr, (int)v->u.str.len);
		if (js_pcall(J, 1)) {
			js_pop(J, 1);
			js_pushundefined(J);
		}
		break;
	case KIT_ARRAY:
		js_newarray(J);
		for (size_t i = 0; i < v->u.arr.len; i++) {
			push_model(e, v->u.arr.items[i], depth + 1);
			js_setindex(J, -2, (int)i);
		}
		break;
	case KIT_OBJECT:
		js_newobject(J);
		for (size_t i = 0; i < v->u.obj.len; i++) {
			if (!push_model_key(v->u.obj.props[i].key))
				continue;
			push_model(e, v->u.obj.props[i].value, depth + 1);
			js_defproperty(J, -2, v->u.obj.props[i].key, 0);
		}
		break;
	case KIT_PROMISE:
		push_row_promise(e, v->u.lazy, depth);
		break;
	case KIT_CLIENT_REF: {
		/* a client module's export passed as a prop: the export itself */
		char regkey[512];
		snprintf(regkey, sizeof regkey, "kit.cref:%s#%s", v->u.ref->module_id, v->u.ref->export_name);
		js_getregistry(J, regkey);
		if (js_isobject(J, -1)) {
			js_getproperty(J, -1, "$$impl");
			js_rot2(J);
			if (js_pcall(J, 0)) {
				js_pop(J, 1);
				js_pushundefined(J);
			}
		}
		break;
	}
	case KIT_LAZY:
		if (v->u.lazy->state == KIT_ROW_READY && v->u.lazy->value &&
		    v->u.lazy->value->kind != KIT_ELEMENT && v->u.lazy->value->kind != KIT_ARRAY) {
			push_model(e, v->u.lazy->value, depth + 1);
			break;
		}
		push_model_node(J, v);
		break;
	default:  /* elements, client references: rendered by the server already */
		push_model_node(J, v);
		break;
	}
}

kit_value *kit_walk_client(kit_engine *e, const kit_value *element, unsigned tree_id, const char *tree_overflow,
			   int scope)
{
	if (!tree_overflow)
		tree_overflow = "";
	for (struct ssr_cache *c = e->rq.ssr_cache; c; c = c->next)
		if (c->element == element && c->tree_id == tree_id && c->scope == scope &&
		    strcmp(c->tree_overflow, tree_overflow) == 0)
			return c->result;
	js_State *J = e->J;
	const kit_client_ref *ref = element->u.elem.type->kind == KIT_CLIENT_REF ? element->u.elem.type->u.ref
				   : element->u.elem.type->u.lazy->ref;
	kit_value *result;
	char regkey[512];
	snprintf(regkey, sizeof regkey, "kit.cref:%s#%s", ref->module_id, ref->export_name);
	js_getregistry(J, regkey);
	if (!js_isobject(J, -1)) {
		js_pop(J, 1);
		result = NULL;
		error_at(e, &result, "client component %s#%s is not in the server bundle: rebuild with kit-build",
			 ref->module_id, ref->export_name);
	} else {
		/* the element as the SSR walk sees it: the same reference, props back in JS */
		js_newobject(J);
		js_getregistry(J, REG_SYM_ELEMENT);
		js_setproperty(J, -2, "$$typeof");
		js_rot2(J);
		js_setproperty(J, -2, "type");
		js_newobject(J);
		for (size_t i = 0; i < element->u.elem.nprops; i++) {
			if (!push_model_key(element->u.elem.props[i].key))
				continue;
			push_model(e, element->u.elem.props[i].value, 0);
			js_defproperty(J, -2, element->u.elem.props[i].key, 0);
		}
		js_setproperty(J, -2, "props");
		js_pushnull(J);
		js_setproperty(J, -2, "key");
		kit_row *row = kit_model_new_row(&e->rq.model);
		row->html_only = 1;
		e->rq.pending_rows++;
		int ssr = e->rq.ssr;
		unsigned saved_id = e->rq.tree_id;
		const char *saved_overflow = e->rq.tree_overflow;
		e->rq.ssr = 1;
		e->rq.tree_id = tree_id;
		e->rq.tree_overflow = tree_overflow ? kit_arena_strdup(e->arena, tree_overflow) : "";
		e->rq.ssr_tree_id = e->rq.tree_id;
		e->rq.ssr_tree_overflow = e->rq.tree_overflow;
		int restored = 0;
		if (scope > 0 && scope <= e->rq.nscopes) {
			{
				js_getregistry(J, REG_RUNTIME);
				js_getproperty(J, -1, "restoreContexts");
				js_rot2(J);
				kit_req_keep_get(e, e->scopes[scope - 1]);
				if (js_pcall(J, 1) == 0 && js_isnumber(J, -1))
					restored = js_toint32(J, -1);
				js_pop(J, 1);
			}
		}
		e->rq.owner = NULL;  /* (the server components above are not known here) */
		kit_walk_row(e, row);
		for (int i = 0; i < restored; i++)
			call_runtime_int(e, "popProvider");
		e->rq.ssr = ssr;
		e->rq.ssr_tree_overflow = NULL;
		e->rq.tree_id = saved_id;
		e->rq.tree_overflow = saved_overflow;
		result = kit_v_lazy(&e->rq.model, row);
	}
	struct ssr_cache *c = kit_arena_alloc(e->arena, sizeof *c);
	c->element = element;
	c->tree_id = tree_id;
	c->tree_overflow = kit_arena_strdup(e->arena, tree_overflow);
	c->scope = scope;
	c->result = result;
	c->next = e->rq.ssr_cache;
	e->rq.ssr_cache = c;
	return result;
}
