/* html.c — Fizz-compatible HTML from the Flight model (html.h): the walk and
 * the API.
 *
 * One recursive walk writes the shell the way react-dom/server 19.3
 * (production) does, rule for rule: pushStartInstance's per-tag cases,
 * pushAttribute's mapping, the text separators, the insertion modes that
 * decide what is hoisted. The walk writes the tree into a scratch buffer while
 * it collects what Fizz hoists (charset and viewport metas, image preloads,
 * precedence stylesheets, async scripts, title/meta/link); the output is then
 * assembled in Fizz's flush order: <html><head>, the hoisted resources, the
 * head's own children, </head><body>, the tree. A root that is not <html>
 * gets the hoisted resources at the very start.
 *
 * This file owns the walk itself (render_node: text, arrays, iterables,
 * lazies; render_element: host elements, Suspense, fragments and the other
 * symbols, client components through the host's render_client) and the API
 * around it; each job the walk delegates has a file of its own, listed in
 * html_impl.h. Suspense boundaries and streaming: html_suspense.c.
 *
 * Deliberate differences from Fizz, all outside what the model can express
 * or invisible to React's client: a Date is written as its ISO string (Fizz
 * would print the server's local Date.toString()); completed boundaries are
 * never outlined to a later segment (Fizz may do that for boundaries over
 * 500 bytes); a boundary's content is written whole once complete, never in
 * parts with "<template id="P:n">" placeholders ($RS), so a nested boundary
 * gets the next B: id where Fizz would have spent one on a placeholder, and
 * no "<!-- -->" closes a part that was suspended (Fizz: "one<!-- -->");
 * completions of one call come in id order (Fizz: in order of completion);
 * precedence stylesheets of late content are written as <link
 * rel="stylesheet"> / <style data-precedence> before the container (the
 * browser runs the script after it once they are loaded; React finds them
 * by selector) where Fizz preloads them and reveals through $RR; reveals
 * are immediate (Fizz 19.3 batches them per animation frame); a late content
 * that cannot be rendered is left to the browser with an error script, and
 * the call reports it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_impl.h"
#include "render/xalloc.h"
#include "json.h"

int html_fail(kit_html *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int html_fail(kit_html *h, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(h->err, sizeof h->err, fmt, ap);
	va_end(ap);
	return R_FAIL;
}

void *html_xrealloc(void *p, size_t n)
{
	p = kit_xrealloc(p, n);
	return p;
}

/* A row that is not READY where a node is rendered. */
static int not_ready(kit_html *h, const hctx *ctx, const kit_row *r)
{
	if (r->state == KIT_ROW_PENDING) {
		if (!ctx->b) {
			h->not_ready = 1;
			return html_fail(h, "row %x is still pending outside any <Suspense> boundary: the shell needs it",
					 r->id);
		}
		ctx->b->pending = 1;
		return R_OK;
	}
	if (!ctx->b) {
		/* a client component that threw while rendered here: the host sends
		 * the error shell, where the browser renders the page again (its
		 * error boundary catches the error if it happens there too; with
		 * none, kit's application error page shows) */
		h->client_caught = !r->html_only ? 0 : ctx->in_error_boundary ? 1 : !kit_digest_is_answer(r->digest) ? 2 : 0;
		return html_fail(h, "row %x failed (digest \"%s\") outside any <Suspense> boundary%s%.600s%s%.300s", r->id,
				 r->digest ? r->digest : "", r->message ? ": " : "", r->message ? r->message : "",
				 r->owners ? "\n\nComponent stack:\n" : "", r->owners ? r->owners : "");
	}
	ctx->b->digest = r->digest;
	return R_ERRORED;
}

/* kit's error boundary (js/client/error-boundary.tsx, docs/errors.md). */
static int is_error_boundary(const kit_value *type)
{
	const char *mod = kit_v_client_module(type);
	return mod && strcmp(mod, "@kit/core/client/error-boundary") == 0;
}

/* What an error boundary catches: the first errored row below it, outside
 * every Suspense boundary and every nested error boundary, whose digest is
 * an error rather than an answer (kit_digest_is_answer). The browser's
 * boundary looks for the same row in the same places (its failedChild), so
 * the two render the same thing. */
static const kit_row *caught_error(const kit_value *v, int depth)
{
	if (!v || depth > HTML_MAX_DEPTH)
		return NULL;
	switch (v->kind) {
	case KIT_LAZY: {
		const kit_row *r = v->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			return NULL;
		if (r->state == KIT_ROW_ERROR)
			return kit_digest_is_answer(r->digest) ? NULL : r;
		return r->state == KIT_ROW_READY ? caught_error(r->value, depth + 1) : NULL;
	}
	case KIT_ARRAY:
		for (size_t i = 0; i < v->u.arr.len; i++) {
			const kit_row *r = caught_error(v->u.arr.items[i], depth + 1);
			if (r)
				return r;
		}
		return NULL;
	case KIT_ELEMENT:
		if (kit_v_is_symbol(v->u.elem.type, "react.suspense"))
			return caught_error(kit_v_get(v, "fallback"), depth + 1);
		if (is_error_boundary(v->u.elem.type))
			return NULL;
		for (size_t i = 0; i < v->u.elem.nprops; i++) {
			const kit_row *r = caught_error(v->u.elem.props[i].value, depth + 1);
			if (r)
				return r;
		}
		return NULL;
	case KIT_OBJECT:
		for (size_t i = 0; i < v->u.obj.len; i++) {
			const kit_row *r = caught_error(v->u.obj.props[i].value, depth + 1);
			if (r)
				return r;
		}
		return NULL;
	default:
		return NULL;
	}
}

/* The boundary as the SSR walk gets it when its content failed: its props
 * without children, plus digest (the failed row's), so it renders its
 * error.tsx as the browser will. */
static const kit_value *error_fallback(kit_html *h, const kit_value *el, const kit_row *bad)
{
	kit_value *copy = kit_v_element(h->m, el->u.elem.type, el->u.elem.key, el->u.elem.nprops + 1);
	size_t n = 0;
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		if (p->keylen == 8 && memcmp(p->key, "children", 8) == 0)
			continue;
		copy->u.elem.props[n++] = *p;
	}
	kit_v_set_prop(h->m, &copy->u.elem.props[n++], "digest", kit_v_cstring(h->m, bad->digest ? bad->digest : ""));
	copy->u.elem.nprops = n;
	return copy;
}

static int render_element(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	const kit_value *type = el->u.elem.type;
	if (type && type->kind == KIT_LAZY) {
		const kit_row *r = type->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			goto client;
		if (r->state != KIT_ROW_READY)
			return not_ready(h, ctx, r);
		type = resolve(type);
	}
	switch (type ? type->kind : KIT_NULL) {
	case KIT_STRING:
		return html_render_host(h, ctx, seg, el);
	case KIT_CLIENT_REF:
		goto client;
	case KIT_SYMBOL: {
		const char *name = type->u.str.ptr;
		if (strcmp(name, "react.suspense") == 0)
			return html_render_suspense(h, ctx, seg, el);
		if (strcmp(name, "kit.formstate") == 0) {
			/* Fizz's form state markers before a component's output: one per
			 * useActionState hook, "F!" for the hook a no-JS post answered
			 * (walk.c, js/server/hooks.ts) */
			const kit_value *mk = prop(el, "markers");
			for (size_t i = 0; mk && mk->kind == KIT_STRING && i < mk->u.str.len; i++)
				kit_buf_puts(seg->out, mk->u.str.ptr[i] == '!' ? "<!--F!-->" : "<!--F-->");
			return html_render_node(h, ctx, seg, kit_v_get(el, "children"));
		}
		if (strcmp(name, "kit.scope") == 0) {
			/* the engine's marker around server-rendered children of a client component */
			const kit_value *n = prop(el, "scope");
			hctx c = *ctx;
			if (n && n->kind == KIT_NUMBER)
				c.client_scope = (int)n->u.number;
			/* React's tree context where the client component put the node (useId) */
			const kit_value *tid = prop(el, "treeId"), *tov = prop(el, "treeOverflow");
			if (tid && tid->kind == KIT_NUMBER && tov && tov->kind == KIT_STRING) {
				c.tree_id = (unsigned)tid->u.number;
				c.tree_overflow = tov->u.str.ptr;
			}
			return html_render_node(h, &c, seg, kit_v_get(el, "children"));
		}
		if (strcmp(name, "react.fragment") == 0 || strcmp(name, "react.strict_mode") == 0 ||
		    strcmp(name, "react.profiler") == 0 || strcmp(name, "react.legacy_hidden") == 0)
			return html_render_node(h, ctx, seg, kit_v_get(el, "children"));
		if (strcmp(name, "react.activity") == 0) {
			const kit_value *mode = prop(el, "mode");
			if (mode && mode->kind == KIT_STRING && IS(mode->u.str.ptr, mode->u.str.len, "hidden"))
				return R_OK;
			kit_buf_puts(seg->out, "<!--&-->");
			seg->last_text = 0;
			int rc = html_render_node(h, ctx, seg, kit_v_get(el, "children"));
			if (rc != R_OK)
				return rc;
			kit_buf_puts(seg->out, "<!--/&-->");
			seg->last_text = 0;
			return R_OK;
		}
		return html_fail(h, "element type Symbol(%.80s) is not supported by the HTML renderer", name);
	}
	default:
		return html_fail(h, "element with an invalid type (expected a tag name, a symbol or a client reference)");
	}
client: {
	const kit_client_ref *ref = type->kind == KIT_CLIENT_REF ? type->u.ref : type->u.lazy->ref;
	if (!h->opts.render_client)
		return html_fail(h, "client component \"%s\" from module \"%s\" cannot be rendered: no client renderer "
				 "was given (kit_html_opts.render_client)", ref->export_name ? ref->export_name : "",
				 ref->module_id ? ref->module_id : "");
	if (ref->module_id && ref->export_name && strcmp(ref->module_id, "@kit/core/client/segment") == 0 &&
	    strcmp(ref->export_name, "FallbackBoundary") == 0) {
		/* kit's FallbackBoundary (js/client/segment.tsx) renders its children
		 * on the server: written here, without copying the subtree back into
		 * JS for a call that would return it as it is */
		hctx c = *ctx;
		c.depth++;
		return html_render_node(h, &c, seg, kit_v_get(el, "children"));
	}
	if (is_error_boundary(type)) {
		const kit_row *bad = caught_error(kit_v_get(el, "children"), 0);
		if (bad)
			el = error_fallback(h, el, bad);
	}
	kit_value *tree = h->opts.render_client(h->opts.client_ctx, h->m, el, ctx->tree_id, ctx->tree_overflow,
						ctx->client_scope);
	hctx c = *ctx;
	c.depth++;
	if (is_error_boundary(type))
		c.in_error_boundary = 1;
	return tree ? html_render_node(h, &c, seg, tree) : R_OK;
}
}

static void object_keys(kit_buf *b, const kit_value *v)
{
	for (size_t i = 0; i < v->u.obj.len && b->len < 200; i++) {
		if (i)
			kit_buf_puts(b, ", ");
		kit_buf_put(b, v->u.obj.props[i].key, v->u.obj.props[i].keylen);
	}
}

int html_render_node(kit_html *h, const hctx *ctx, segment *seg, const kit_value *v)
{
	if (!v)
		return R_OK;
	if (ctx->depth > HTML_MAX_DEPTH)
		return html_fail(h, "tree nested deeper than %d levels (a cycle in the model?)", HTML_MAX_DEPTH);
	char num[32];
	hctx c;
	switch (v->kind) {
	case KIT_UNDEFINED:
	case KIT_NULL:
	case KIT_BOOL:
	case KIT_SYMBOL:
	case KIT_CLIENT_REF:
	case KIT_SERVER_REF:
		return R_OK;
	case KIT_STRING:
	case KIT_BIGINT:
	case KIT_NUMBER: {
		const char *s = num;
		size_t n;
		if (v->kind == KIT_NUMBER) {
			n = kit_json_format_number(num, v->u.number);
		} else {
			s = v->u.str.ptr;
			n = v->u.str.len;
		}
		if (n == 0)
			return R_OK;
		text_separator_if(seg, seg->last_text);
		html_escape(seg->out, s, n);
		seg->last_text = 1;
		return R_OK;
	}
	case KIT_ARRAY:
		c = *ctx;
		c.depth++;
		for (size_t i = 0; i < v->u.arr.len; i++) {
			/* React forks the tree context for every array child */
			kit_tree_push(h->m->arena, ctx->tree_id, ctx->tree_overflow, (unsigned)v->u.arr.len, (unsigned)i,
				      &c.tree_id, &c.tree_overflow);
			int rc = html_render_node(h, &c, seg, v->u.arr.items[i]);
			if (rc != R_OK)
				return rc;
		}
		return R_OK;
	case KIT_MAP:
	case KIT_SET:
		/* Iterables render like arrays (a Map's items are [key, value] pairs). */
		if (v->u.lazy->state != KIT_ROW_READY)
			return not_ready(h, ctx, v->u.lazy);
		c = *ctx;
		c.depth++;
		return html_render_node(h, &c, seg, v->u.lazy->value);
	case KIT_ELEMENT:
		return render_element(h, ctx, seg, v);
	case KIT_PROMISE:  /* a thenable child renders as its value, as in Fizz */
	case KIT_LAZY: {
		const kit_row *r = v->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			return R_OK;
		if (r->state != KIT_ROW_READY)
			return not_ready(h, ctx, r);
		c = *ctx;
		c.depth++;
		return html_render_node(h, &c, seg, r->value);
	}
	case KIT_DATE:
		return html_fail(h, "Objects are not valid as a React child (found: [object Date])");
	case KIT_OBJECT: {
		kit_buf keys;
		kit_buf_init(&keys);
		object_keys(&keys, v);
		html_fail(h, "Objects are not valid as a React child (found: object with keys {%s}). If you meant to "
			  "render a collection of children, use an array instead", kit_buf_cstr(&keys));
		kit_buf_free(&keys);
		return R_FAIL;
	}
	}
	return R_OK;
}

/* ---- the API ---- */

kit_html *kit_html_new(kit_model *m, const kit_html_opts *opts)
{
	kit_html *h = kit_xcalloc(1, sizeof *h);
	h->m = m;
	if (opts)
		h->opts = *opts;
	return h;
}

void kit_html_free(kit_html *h)
{
	if (!h)
		return;
	kit_buf *bufs[] = { &h->html_open, &h->head_open, &h->head_children, &h->body_open,
			    &h->charset, &h->viewport, &h->scripts, &h->hoistables };
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
		kit_buf_free(bufs[i]);
	for (size_t i = 0; i < h->nstyles; i++) {
		kit_buf_free(&h->styles[i].sheets);
		kit_buf_free(&h->styles[i].rules);
		kit_buf_free(&h->styles[i].hrefs);
	}
	strlist *lists[] = { &h->style_hrefs, &h->script_srcs, &h->module_srcs };
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
		free(lists[i]->s);
		free(lists[i]->n);
	}
	free(h->styles);
	free(h->pending);
	free(h->hoisted);
	free(h->images);
	free(h->high_order);
	free(h);
}

int kit_html_write(kit_html *h, const kit_value *v, kit_buf *out)
{
	h->err[0] = '\0';
	kit_buf tree;
	kit_buf_init(&tree);
	segment seg = { &tree, 0 };
	hctx ctx = { .mode = MODE_ROOT, .tree_id = 1, .tree_overflow = "" };
	h->not_ready = 0;
	if (html_render_node(h, &ctx, &seg, v) != R_OK) {
		kit_buf_free(&tree);
		return -1;
	}
	int preamble = !h->preamble_written && (h->has_html_open || h->has_head_open);
	if (preamble) {
		kit_buf_put(out, h->html_open.data, h->html_open.len);
		if (h->has_head_open)
			kit_buf_put(out, h->head_open.data, h->head_open.len);
		else
			kit_buf_puts(out, "<head>");
	}
	html_flush_resources(h, out, 0);
	if (!h->preamble_written) {
		kit_buf_put(out, h->head_children.data, h->head_children.len);
		if (preamble)
			kit_buf_puts(out, "</head>");
		kit_buf_put(out, h->body_open.data, h->body_open.len);
		h->preamble_written = 1;
	}
	kit_buf_put(out, tree.data, tree.len);
	kit_buf_free(&tree);
	return 0;
}

int kit_html_is_document(const kit_html *h)
{
	return h->owes_html || h->owes_body;
}

void kit_html_finish(kit_html *h, kit_buf *out)
{
	if (h->owes_body)
		kit_buf_puts(out, "</body>");
	if (h->owes_html)
		kit_buf_puts(out, "</html>");
	h->owes_body = h->owes_html = 0;
}

int kit_html_not_ready(const kit_html *h)
{
	return h->not_ready;
}

int kit_html_client_caught(const kit_html *h)
{
	return h->client_caught;
}

const char *kit_html_error(const kit_html *h)
{
	return h->err;
}
