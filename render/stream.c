/* stream.c — when each piece of an answer is written.
 *
 * The shell goes out as soon as every row outside the Suspense boundaries is
 * READY (fallbacks included): before that, nothing is sent, so an error,
 * redirect() or notFound() above every boundary can still become a real
 * status. After the shell, each progress step writes the boundaries that
 * completed (their HTML in a hidden container plus the completion script) and
 * the Flight rows that became ready, and flushes: pieces leave in the order
 * they resolve. A navigation (Flight) answer follows the same rule with rows
 * only. While boundaries wait, a keep-alive comment keeps front-server I/O
 * timeouts from cutting the stream; when the budget runs out or nothing can
 * settle any more, the boundaries still pending end with an error completion.
 *
 * Digests of redirect() and notFound() (js/redirect.ts):
 *   KIT_REDIRECT;<status>;<url>     KIT_NOT_FOUND
 * and of a backend refusal through rpc() (js/server/rpc.ts): KIT_REFUSAL;<status> */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_impl.h"
#include "flight.h"
#include "html.h"
#include "json.h"
#include "loop.h"
#include "render/xalloc.h"

#define REDIRECT_PREFIX "KIT_REDIRECT;"
#define NOT_FOUND_DIGEST "KIT_NOT_FOUND"
#define FORBIDDEN_DIGEST "KIT_FORBIDDEN"
#define UNAUTHORIZED_DIGEST "KIT_UNAUTHORIZED"
#define ERROR_BOUNDARY_ID "@kit/core/client/error-boundary"
#define SEGMENT_ID "@kit/core/client/segment"
#define REFUSAL_PREFIX "KIT_REFUSAL;"  /* KIT_REFUSAL;<status> */

enum shell_state { SHELL_READY, SHELL_PENDING, SHELL_ERROR };

static int send(kit_engine *e, kit_buf *b)
{
	if (e->rq.client_gone)
		return -2;
	if (kit_sink_write(&e->rq.out->sink, b->data, b->len) < 0 || kit_sink_flush(&e->rq.out->sink) < 0) {
		e->rq.client_gone = 1;
		return -2;
	}
	e->rq.last_write_ms = kit_loop_now_ms();
	kit_buf_reset(b);
	return 0;
}

/* A JS string literal safe inside <script>: JSON escaping, "<" and U+2028/9
 * escaped (the rows may contain "</script>" or "<!--"). */
static void put_script_string(kit_buf *out, const char *s, size_t n)
{
	kit_buf json;
	kit_buf_init(&json);
	kit_json_write_string(&json, s, n);
	for (size_t i = 0; i < json.len; i++) {
		unsigned char c = (unsigned char)json.data[i];
		if (c == '<') {
			kit_buf_puts(out, "\\u003c");
		} else if (c == 0xE2 && i + 2 < json.len && (unsigned char)json.data[i + 1] == 0x80 &&
			   ((unsigned char)json.data[i + 2] == 0xA8 || (unsigned char)json.data[i + 2] == 0xA9)) {
			kit_buf_puts(out, (unsigned char)json.data[i + 2] == 0xA8 ? "\\u2028" : "\\u2029");
			i += 2;
		} else {
			kit_buf_putc(out, (char)c);
		}
	}
	kit_buf_free(&json);
}

/* A redirect() that fired inside a boundary after the shell: the browser is
 * sent on with location.replace (the digest also reaches React's client). */
static void redirect_scripts(kit_engine *e, kit_buf *out)
{
	if (e->rq.redirect_script_sent || e->rq.render->mode != KIT_RENDER_DOCUMENT)
		return;
	for (const kit_row *r = e->rq.model.ready_head; r; r = r->next_ready) {
		if (r->state != KIT_ROW_ERROR || strncmp(r->digest, REDIRECT_PREFIX, strlen(REDIRECT_PREFIX)) != 0)
			continue;
		const char *url = strchr(r->digest + strlen(REDIRECT_PREFIX), ';');
		if (!url)
			continue;
		url++;
		kit_buf_puts(out, "<script>location.replace(");
		put_script_string(out, url, strlen(url));
		kit_buf_puts(out, ")</script>");
		e->rq.redirect_script_sent = 1;
		return;
	}
}

/* notFound(), forbidden() or unauthorized() that fired inside a boundary
 * after the shell: the browser shows the segment's fallback page in place
 * (js/client/segment.tsx FallbackBoundary), and the document says noindex
 * once, as Next.js's does (docs/errors.md). */
static void noindex_meta(kit_engine *e, kit_buf *out)
{
	if (e->rq.noindex_sent || e->rq.render->mode != KIT_RENDER_DOCUMENT)
		return;
	for (const kit_row *r = e->rq.model.ready_head; r; r = r->next_ready) {
		if (r->state != KIT_ROW_ERROR || r->html_only || !r->digest ||
		    (strcmp(r->digest, NOT_FOUND_DIGEST) != 0 && strcmp(r->digest, FORBIDDEN_DIGEST) != 0 &&
		     strcmp(r->digest, UNAUTHORIZED_DIGEST) != 0))
			continue;
		kit_buf_puts(out, "<meta name=\"robots\" content=\"noindex\"/>");
		e->rq.noindex_sent = 1;
		return;
	}
}

/* A client component other than kit's own SegmentBoundary (which only
 * matters to a page that can navigate, i.e. one with a client component).
 * A fallback page to show in the browser (noindex_meta) needs the runtime
 * too. */
static int has_client_component(const kit_engine *e)
{
	if (e->rq.noindex_sent)
		return 1;
	for (const struct client_ref_entry *c = e->rq.client_refs; c; c = c->next)
		if (strcmp(c->ref->module_id, "@kit/core/client/segment") != 0)
			return 1;
	return 0;
}

/* Ready Flight rows: as they are (navigation) or as an inline push
 * (document). A document ships no script while its tree holds no client
 * component: the rows wait in held_rows, and go out together with the
 * browser runtime's entry the moment a client component appears (in the
 * shell or in a later boundary). */
static void rows_out(kit_engine *e, kit_buf *out)
{
	if (e->rq.render->mode == KIT_RENDER_FLIGHT) {
		kit_flight_write_ready(&e->rq.model, out);
		return;
	}
	if (!e->rq.pending_rows && !e->always_inline_rows && !has_client_component(e)) {
		/* the last rows of a document without client components: held
		 * rows are only ever sent with the runtime, which no later row
		 * can need now, so the rows are not encoded (a dynamic page's
		 * boundary, 200 items: 6 % of its render) */
		kit_model *m = &e->rq.model;
		for (kit_row *r = m->ready_head, *next; r; r = next) {
			next = r->next_ready;
			r->next_ready = NULL;
		}
		m->ready_head = m->ready_tail = NULL;
		kit_buf_reset(&e->rq.held_rows);
		return;
	}
	kit_flight_write_ready(&e->rq.model, &e->rq.held_rows);
	if ((!has_client_component(e) && !e->always_inline_rows) || !e->rq.held_rows.len)
		return;
	int runtime = has_client_component(e);
	if (!e->rq.entry_sent && runtime) {
		/* what the browser runtime sends on its first navigation (js/client/README.md) */
		kit_buf_puts(out, "<script>self.__kit_v=");
		put_script_string(out, e->rq.render->version ? e->rq.render->version : "", e->rq.render->version ? strlen(e->rq.render->version) : 0);
		kit_buf_puts(out, ";self.__kit_l=");
		put_script_string(out, e->rq.render->layouts ? e->rq.render->layouts : "", e->rq.render->layouts ? strlen(e->rq.render->layouts) : 0);
		if (e->rq.form_state_json) {
			/* the state a no-JS post left, for hydrateRoot's formState (js/client/entry.ts) */
			kit_buf_puts(out, ";self.__kit_fs=");
			put_script_string(out, e->rq.form_state_json, strlen(e->rq.form_state_json));
		}
		if (e->query_ids) {
			/* ids the browser's callServer sends as GET /_rsc/query (docs/action-client.md) */
			kit_buf_puts(out, ";self.__kit_q=");
			put_script_string(out, e->query_ids, strlen(e->query_ids));
		}
		kit_buf_puts(out, "</script>");
	}
	kit_buf_puts(out, "<script>(self.__kit_f=self.__kit_f||[]).push(");
	put_script_string(out, e->rq.held_rows.data, e->rq.held_rows.len);
	kit_buf_puts(out, ")</script>");
	kit_buf_reset(&e->rq.held_rows);
	if (!e->rq.entry_sent && runtime && e->client_entry) {
		kit_buf_puts(out, "<script type=\"module\" async=\"\" src=\"");
		kit_html_escape_attr(out, e->client_entry, strlen(e->client_entry));
		kit_buf_puts(out, "\"></script>");
		e->rq.entry_sent = 1;
	}
}

/* An error above every boundary, before anything was sent. segment: the
 * innermost SegmentBoundary depth above the row (-1: none). */
static int fail_before_shell(kit_engine *e, const kit_row *bad, int segment)
{
	kit_render_error *err = e->rq.err;
	const char *d = bad->digest ? bad->digest : "";
	err->segment = segment;
	if (strncmp(d, REDIRECT_PREFIX, strlen(REDIRECT_PREFIX)) == 0) {
		const char *status = d + strlen(REDIRECT_PREFIX);
		const char *url = strchr(status, ';');
		e->rq.failed = 1;
		err->status = atoi(status);
		if (err->status < 300 || err->status > 399)
			err->status = 307;
		snprintf(err->location, sizeof err->location, "%s", url ? url + 1 : "/");
		snprintf(err->message, sizeof err->message, "redirect() to %.900s", err->location);
		return -1;
	}
	static const struct { const char *digest, *call; int status; } fallbacks[] = {
		{ NOT_FOUND_DIGEST, "notFound()", 404 },
		{ FORBIDDEN_DIGEST, "forbidden()", 403 },
		{ UNAUTHORIZED_DIGEST, "unauthorized()", 401 },
	};
	for (size_t i = 0; i < sizeof fallbacks / sizeof *fallbacks; i++) {
		if (strcmp(d, fallbacks[i].digest) != 0)
			continue;
		e->rq.failed = 1;
		err->fallback = 1;
		err->status = fallbacks[i].status;
		snprintf(err->message, sizeof err->message, "%s", fallbacks[i].call);
		return -1;
	}
	e->rq.fail_row = bad;  /* its log line is the failure's (kit_req_log_render) */
	if (strncmp(d, REFUSAL_PREFIX, strlen(REFUSAL_PREFIX)) == 0) {
		/* a backend refusal through rpc() (js/server/rpc.ts): its own status, never a 500 */
		int status = atoi(d + strlen(REFUSAL_PREFIX));
		kit_req_fail(e, status >= 400 && status <= 599 ? status : 500, NULL, "%s",
				bad->message ? bad->message : "the backend refused");
		return -1;
	}
	if (strcmp(d, KIT_TIMEOUT_DIGEST) == 0) {
		/* the budget's interrupt stopped a loop above every boundary: as a shell that missed it */
		kit_req_fail(e, 503, bad->component, "%s", bad->message ? bad->message : "the render budget ran out");
		return -1;
	}
	/* the error as thrown (its stack mapped), then the component stack
	 * (what kit-serve --dev's error page shows); the component in its own field */
	const char *text = bad->error ? bad->error : bad->message ? bad->message : "a part of the page failed to render";
	if (bad->owners) {
		int room = (int)sizeof err->message - 40 - (int)strlen(bad->owners);
		kit_req_fail(e, 500, bad->component, "%.*s\n\nComponent stack:\n%s", room > 300 ? room : 300, text,
			     bad->owners);
	} else {
		kit_req_fail(e, 500, bad->component, "%s", text);
	}
	return -1;
}

static kit_value *render_client(void *ctx, kit_model *m, const kit_value *element, unsigned tree_id,
				const char *tree_overflow, int scope)
{
	(void)m;
	return kit_walk_client(ctx, element, tree_id, tree_overflow, scope);
}

static int write_shell(kit_engine *e)
{
	kit_buf b;
	kit_buf_init(&b);
	if (e->rq.render->mode == KIT_RENDER_DOCUMENT) {
		kit_html_opts hopts = { .render_client = render_client, .client_ctx = e };
		e->rq.html = kit_html_new(&e->rq.model, &hopts);
		kit_value *root = kit_v_lazy(&e->rq.model, kit_model_row(&e->rq.model, 0));
		if (kit_html_write(e->rq.html, root, &b) < 0) {
			int later = kit_html_not_ready(e->rq.html);
			/* only with a request behind the render: at build time such a
			 * page is rendered per request, like a caught error (build/prerender.c) */
			int caught = kit_html_client_caught(e->rq.html);
			/* (with no error boundary, kit-serve --dev's development error
			 * page shows the error instead: the dev build's engine) */
			int shell = !later && (caught == 1 || (caught == 2 && !e->dev_client)) && e->rq.err &&
				    e->rq.render->http;
			if (!later && !shell)
				kit_req_fail(e, 500, NULL, "HTML: %s", kit_html_error(e->rq.html));
			kit_html_free(e->rq.html);
			e->rq.html = NULL;
			if (!shell) {
				kit_buf_free(&b);
				/* a client component above every boundary still waits (use()): try again later */
				return later ? 0 : -1;
			}
			/* a client component threw: the error shell, a 500 whose page
			 * the browser renders from the rows (js/client/entry.ts), where
			 * an error boundary catches the error if it happens again (with
			 * none, the application error page); what follows is rows only */
			kit_buf_reset(&b);
			kit_buf_puts(&b, "<!DOCTYPE html><html id=\"__kit_error__\"><head>"
				     "<meta name=\"robots\" content=\"noindex\"/></head><body>");
			e->rq.error_shell = 1;
			e->rq.noindex_sent = 1;
			e->rq.err->caught = 1;
		}
	}
	kit_req_seal_headers(e);
	if (e->rq.out->begin && e->rq.out->begin(e->rq.out->ctx) < 0) {
		e->rq.client_gone = 1;
		kit_buf_free(&b);
		return -2;
	}
	e->rq.shell_sent = 1;
	noindex_meta(e, &b);
	if (e->dev_client && e->rq.render->mode == KIT_RENDER_DOCUMENT) {
		/* kit-build --dev: the overlay and live reload on every page
		 * (js/client/dev-client.ts), before the runtime's entry */
		kit_buf_puts(&b, "<script src=\"");
		kit_html_escape_attr(&b, e->dev_client, strlen(e->dev_client));
		kit_buf_puts(&b, "\" data-version=\"");
		if (e->rq.render->version)
			kit_html_escape_attr(&b, e->rq.render->version, strlen(e->rq.render->version));
		kit_buf_puts(&b, "\"></script>");
	}
	rows_out(e, &b);
	int rc = send(e, &b);
	kit_buf_free(&b);
	return rc;
}

/* Completions and rows that became ready since the last step. */
static int write_progress(kit_engine *e)
{
	if (!e->rq.model.ready_head)
		return 0;
	kit_buf b;
	kit_buf_init(&b);
	if (e->rq.html && kit_html_write_completions(e->rq.html, &b) < 0) {
		/* the shell is out: the failure can only be logged */
		fprintf(stderr, "kit: %s: HTML of a completed boundary: %s\n", e->rq.pathname, kit_html_error(e->rq.html));
		kit_html_abort_pending(e->rq.html, &b, "KIT_HTML_ERROR");
	}
	redirect_scripts(e, &b);
	noindex_meta(e, &b);
	rows_out(e, &b);
	int rc = b.len ? send(e, &b) : 0;
	kit_buf_free(&b);
	return rc;
}

static int finish(kit_engine *e)
{
	kit_buf b;
	kit_buf_init(&b);
	if (e->rq.html)
		kit_html_finish(e->rq.html, &b);
	else if (e->rq.error_shell)
		kit_buf_puts(&b, "</body></html>");
	int rc = b.len ? send(e, &b) : 0;
	kit_buf_free(&b);
	return rc < 0 ? rc : 1;
}


/* ---- Partial prerendering (kit_render_req.ppr; engine.h) ----------------
 *
 * Kept apart from the ordinary stream above. A hole is a Suspense boundary
 * the shell leaves pending. Holes are named by their ordinal among the
 * Suspense elements met by ppr_walk (tree order; a hole's children are not
 * walked, its fallback is; a boundary that is no hole has its children
 * walked, not its fallback). The render is deterministic up to the shell,
 * so the build's ordinals name the same boundaries per visitor. To make
 * html.c leave exactly those boundaries pending, their children are swapped
 * for a pending placeholder row while the shell is laid out, then put back:
 * html.c remembers the boundary element and renders its real children when
 * it writes the completion. Its ids B:n (writing order) then match the
 * stored shell's. */

#define DYNAMIC_PREFIX "KIT_DYNAMIC;"

typedef struct ppr_walk {
	int all_holes;         /* every boundary is a hole: the plain shell check */
	int build;             /* holes decided from the model (build) or given (resume) */
	const char *holes;     /* resume: "0,3" */
	kit_buf *found;        /* build: the ordinals found */
	int flip;              /* swap the holes' children for the placeholder */
	unsigned n;            /* Suspense elements met */
	kit_value *placeholder;
	kit_prop **flipped;
	kit_value **saved;
	size_t nflipped, capflipped;
	/* error boundaries (the plain shell check of a render with a request):
	 * an error below one, outside every Suspense boundary, is caught there
	 * (html.c renders its error.tsx) instead of failing the shell */
	int catch_errors;
	int in_error_boundary;
	const kit_row *caught;
	int segment;           /* the innermost SegmentBoundary's depth, 0 above all */
	int bad_segment;       /* segment where *bad was met */
} ppr_walk;

static int is_dynamic_row(const kit_row *r)
{
	return r->state == KIT_ROW_ERROR && r->digest && strncmp(r->digest, DYNAMIC_PREFIX, strlen(DYNAMIC_PREFIX)) == 0;
}

static kit_prop *children_prop(const kit_value *el)
{
	for (size_t i = 0; i < el->u.elem.nprops; i++)
		if (el->u.elem.props[i].keylen == 8 && memcmp(el->u.elem.props[i].key, "children", 8) == 0)
			return &el->u.elem.props[i];
	return NULL;
}

/* Build: does this content (nested boundaries' children excepted: they are
 * holes of their own) still wait, or did it read the request? */
static int content_waits(const kit_value *v, int depth)
{
	if (!v || depth > 4096)
		return 0;
	switch (v->kind) {
	case KIT_PROMISE:  /* a promise prop: the client component waits for it */
	case KIT_LAZY: {
		const kit_row *r = v->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			return 0;
		if (r->state == KIT_ROW_PENDING || is_dynamic_row(r))
			return 1;
		return r->state == KIT_ROW_READY && content_waits(r->value, depth + 1);
	}
	case KIT_ARRAY:
		for (size_t i = 0; i < v->u.arr.len; i++)
			if (content_waits(v->u.arr.items[i], depth + 1))
				return 1;
		return 0;
	case KIT_OBJECT:
	case KIT_ELEMENT: {
		int suspense = v->kind == KIT_ELEMENT && kit_v_is_symbol(v->u.elem.type, "react.suspense");
		const kit_prop *props = v->kind == KIT_OBJECT ? v->u.obj.props : v->u.elem.props;
		size_t n = v->kind == KIT_OBJECT ? v->u.obj.len : v->u.elem.nprops;
		if (v->kind == KIT_ELEMENT && content_waits(v->u.elem.type, depth + 1))
			return 1;
		for (size_t i = 0; i < n; i++) {
			if (suspense && props[i].keylen == 8 && memcmp(props[i].key, "children", 8) == 0)
				continue;
			if (content_waits(props[i].value, depth + 1))
				return 1;
		}
		return 0;
	}
	default:
		return 0;
	}
}

static int in_list(const char *list, unsigned n)
{
	for (const char *p = list ? list : ""; *p;) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p)
			return 0;
		if (v == n)
			return 1;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

static enum shell_state ppr_visit(ppr_walk *w, kit_value *v, int inside, const kit_row **bad, int depth);

static enum shell_state ppr_suspense(ppr_walk *w, kit_value *el, int inside, const kit_row **bad, int depth)
{
	unsigned ord = w->n++;
	kit_prop *children = children_prop(el);
	int hole = w->all_holes ? 1 : w->build ? children && content_waits(children->value, 0) : in_list(w->holes, ord);
	if (!hole)
		return children ? ppr_visit(w, children->value, 1, bad, depth + 1) : SHELL_READY;
	if (w->build && w->found)
		kit_buf_printf(w->found, "%s%u", w->found->len ? "," : "", ord);
	if (w->flip && children) {
		if (w->nflipped == w->capflipped) {
			w->capflipped = w->capflipped ? w->capflipped * 2 : 8;
			w->flipped = kit_xrealloc(w->flipped, w->capflipped * sizeof *w->flipped);
			w->saved = kit_xrealloc(w->saved, w->capflipped * sizeof *w->saved);
		}
		w->flipped[w->nflipped] = children;
		w->saved[w->nflipped++] = children->value;
		children->value = w->placeholder;
	}
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		kit_prop *p = &el->u.elem.props[i];
		if (p->keylen == 8 && memcmp(p->key, "fallback", 8) == 0)
			return ppr_visit(w, p->value, inside, bad, depth + 1);
	}
	return SHELL_READY;
}

/* Is everything outside the holes READY (the contents of the other
 * boundaries included: they are inlined in the shell)? Fallbacks count. On
 * SHELL_ERROR, *bad is the errored row. With all_holes it is the check of a
 * plain streamed render: every Suspense boundary's children are skipped. */
static enum shell_state ppr_visit(ppr_walk *w, kit_value *v, int inside, const kit_row **bad, int depth)
{
	if (!v || depth > 4096)
		return SHELL_READY;
	switch (v->kind) {
	case KIT_LAZY: {
		const kit_row *r = v->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			return SHELL_READY;
		if (r->state == KIT_ROW_PENDING)
			return SHELL_PENDING;
		if (r->state == KIT_ROW_ERROR) {
			if (inside)
				return SHELL_READY;  /* an errored boundary: html.c writes it client-rendered */
			if (w->in_error_boundary && !kit_digest_is_answer(r->digest)) {
				if (!w->caught)
					w->caught = r;
				return SHELL_READY;  /* html.c writes the boundary's error.tsx */
			}
			*bad = r;
			w->bad_segment = w->segment;
			return SHELL_ERROR;
		}
		return ppr_visit(w, r->value, inside, bad, depth + 1);
	}
	case KIT_ARRAY: {
		enum shell_state worst = SHELL_READY;
		for (size_t i = 0; i < v->u.arr.len; i++) {
			enum shell_state s = ppr_visit(w, v->u.arr.items[i], inside, bad, depth + 1);
			if (s == SHELL_ERROR)
				return s;
			if (s == SHELL_PENDING)
				worst = s;
		}
		return worst;
	}
	case KIT_OBJECT:
	case KIT_ELEMENT: {
		if (v->kind == KIT_ELEMENT && kit_v_is_symbol(v->u.elem.type, "react.suspense"))
			return ppr_suspense(w, v, inside, bad, depth);
		/* below a SegmentBoundary: its depth; below an ErrorBoundary: errors are caught */
		int outer_segment = w->segment, outer_eb = w->in_error_boundary;
		const char *mod = v->kind == KIT_ELEMENT && !inside ? kit_v_client_module(v->u.elem.type) : NULL;
		if (mod && strcmp(mod, SEGMENT_ID) == 0) {
			const kit_value *d = kit_v_get(v, "depth");
			if (d && d->kind == KIT_NUMBER)
				w->segment = (int)d->u.number;
		} else if (mod && w->catch_errors && strcmp(mod, ERROR_BOUNDARY_ID) == 0) {
			w->in_error_boundary = 1;
		}
		kit_prop *props = v->kind == KIT_OBJECT ? v->u.obj.props : v->u.elem.props;
		size_t n = v->kind == KIT_OBJECT ? v->u.obj.len : v->u.elem.nprops;
		enum shell_state worst = v->kind == KIT_ELEMENT ? ppr_visit(w, v->u.elem.type, inside, bad, depth + 1)
								: SHELL_READY;
		for (size_t i = 0; i < n && worst != SHELL_ERROR; i++) {
			enum shell_state s = ppr_visit(w, props[i].value, inside, bad, depth + 1);
			if (s != SHELL_READY)
				worst = s;
		}
		w->segment = outer_segment;
		w->in_error_boundary = outer_eb;
		return worst;
	}
	default:
		return SHELL_READY;
	}
}

static void ppr_restore(ppr_walk *w)
{
	while (w->nflipped) {
		w->nflipped--;
		w->flipped[w->nflipped]->value = w->saved[w->nflipped];
	}
	free(w->flipped);
	free(w->saved);
	w->flipped = NULL;
	w->saved = NULL;
	w->capflipped = 0;
}

/* Lays out the shell into b with the holes pending. 1 when written, 0 when
 * something outside the holes still waits, -1 on a failure (err filled). */
static int ppr_layout(kit_engine *e, ppr_walk *w, kit_buf *b)
{
	kit_value root = { .kind = KIT_LAZY, .u.lazy = kit_model_row(&e->rq.model, 0) };
	const kit_row *bad = NULL;
	w->n = 0;
	if (w->found)
		kit_buf_reset(w->found);
	w->flip = 0;
	switch (ppr_visit(w, &root, 0, &bad, 0)) {
	case SHELL_PENDING:
		return 0;
	case SHELL_ERROR:
		return fail_before_shell(e, bad, w->bad_segment);
	case SHELL_READY:
		break;
	}
	kit_row *ph = kit_arena_alloc(e->arena, sizeof *ph);
	memset(ph, 0, sizeof *ph);
	ph->id = 0xffffff;
	ph->kind = KIT_ROWK_MODEL;
	ph->state = KIT_ROW_PENDING;
	kit_value *pv = kit_arena_alloc(e->arena, sizeof *pv);
	memset(pv, 0, sizeof *pv);
	pv->kind = KIT_LAZY;
	pv->u.lazy = ph;
	w->placeholder = pv;
	w->n = 0;
	if (w->found)
		kit_buf_reset(w->found);
	w->flip = 1;
	ppr_visit(w, &root, 0, &bad, 0);
	kit_html_opts hopts = { .render_client = render_client, .client_ctx = e };
	e->rq.html = kit_html_new(&e->rq.model, &hopts);
	int rc = kit_html_write(e->rq.html, &root, b);
	ppr_restore(w);
	if (rc < 0) {
		int later = kit_html_not_ready(e->rq.html);
		if (!later)
			kit_req_fail(e, 500, NULL, "HTML: %s", kit_html_error(e->rq.html));
		kit_html_free(e->rq.html);
		e->rq.html = NULL;
		kit_buf_reset(b);
		return later ? 0 : -1;
	}
	return 1;
}

/* SHELL (build): once everything settled (or at the budget, final), the
 * shell alone. Returns 1 when written (the render is over), 0 to wait. */
static int ppr_shell(kit_engine *e, int final)
{
	if (e->rq.shell_sent)
		return 1;
	if (!final && e->rq.pending_rows)
		return 0;
	ppr_walk w = { .build = 1, .found = e->rq.render->ppr_holes_out, .segment = 0, .bad_segment = -1 };
	kit_buf b;
	kit_buf_init(&b);
	int rc = ppr_layout(e, &w, &b);
	if (rc == 0 && final)
		kit_req_fail(e, 503, NULL, "the shell was not ready within the render budget (%ld ms)", e->timeout_ms);
	if (rc <= 0) {
		kit_buf_free(&b);
		return final ? -1 : rc;
	}
	kit_req_seal_headers(e);
	if (e->rq.out->begin && e->rq.out->begin(e->rq.out->ctx) < 0) {
		kit_buf_free(&b);
		e->rq.client_gone = 1;
		return -2;
	}
	e->rq.shell_sent = 1;
	rc = send(e, &b);
	kit_buf_free(&b);
	return rc < 0 ? rc : 1;
}

/* RESUME (per visitor): the shell laid out (not written: the host sent the
 * stored one), then what is ready of the holes and the rows. */
static int ppr_resume_start(kit_engine *e)
{
	ppr_walk w = { .build = 0, .holes = e->rq.render->ppr_holes, .segment = 0, .bad_segment = -1 };
	kit_buf scratch, b;
	kit_buf_init(&scratch);
	int rc = ppr_layout(e, &w, &scratch);
	kit_buf_free(&scratch);
	if (rc <= 0)
		return rc;
	kit_req_seal_headers(e);
	if (e->rq.out->begin && e->rq.out->begin(e->rq.out->ctx) < 0) {
		e->rq.client_gone = 1;
		return -2;
	}
	e->rq.shell_sent = 1;
	kit_buf_init(&b);
	if (kit_html_write_completions(e->rq.html, &b) < 0) {
		fprintf(stderr, "kit: %s: HTML of a completed boundary: %s\n", e->rq.pathname, kit_html_error(e->rq.html));
		kit_html_abort_pending(e->rq.html, &b, "KIT_HTML_ERROR");
	}
	redirect_scripts(e, &b);
	noindex_meta(e, &b);
	rows_out(e, &b);
	rc = b.len ? send(e, &b) : 0;
	kit_buf_free(&b);
	return rc;
}

static int stream_progress(kit_engine *e)
{
	if (e->rq.client_gone)
		return -2;
	if (e->rq.render->ppr == KIT_PPR_SHELL)
		return ppr_shell(e, 0);
	if (e->rq.render->ppr == KIT_PPR_RESUME && !e->rq.shell_sent) {
		int rc = ppr_resume_start(e);
		if (rc < 0 || !e->rq.shell_sent)
			return rc;
		return e->rq.pending_rows == 0 ? finish(e) : 0;
	}
	if (!e->rq.shell_sent) {
		const kit_row *bad = NULL;
		kit_value root = { .kind = KIT_LAZY, .u.lazy = kit_model_row(&e->rq.model, 0) };
		/* error boundaries catch only with a request behind the render: at
		 * build time such a page is rendered per request (build/prerender.c) */
		ppr_walk every_boundary = { .all_holes = 1, .catch_errors = e->rq.render->http != NULL,
					    /* a navigation's payload lies inside the boundary at its depth */
					    .segment = e->rq.render->segment_depth, .bad_segment = -1 };
		switch (ppr_visit(&every_boundary, &root, 0, &bad, 0)) {
		case SHELL_PENDING:
			return 0;
		case SHELL_ERROR:
			return fail_before_shell(e, bad, every_boundary.bad_segment);
		case SHELL_READY:
			break;
		}
		if (every_boundary.caught)
			e->rq.err->caught = 1;
		int rc = write_shell(e);
		if (rc < 0)
			return rc;
		if (!e->rq.shell_sent)
			return 0;
	} else {
		int rc = write_progress(e);
		if (rc < 0)
			return rc;
	}
	return e->rq.pending_rows == 0 ? finish(e) : 0;
}

/* Ends every pending row with an error: E rows on the wire, error
 * completions for the boundaries waiting on them. */
static int end_pending(kit_engine *e, const char *digest, const char *why)
{
	for (size_t i = 0; i < e->rq.model.nrows; i++) {
		kit_row *r = e->rq.model.rows[i];
		if (r->kind == KIT_ROWK_MODEL && r->state == KIT_ROW_PENDING) {
			kit_row_reject(&e->rq.model, r, digest);
			r->message = why;
		}
	}
	e->rq.pending_rows = 0;
	fprintf(stderr, "kit: %s: %s; the boundaries still waiting end with an error\n", e->rq.pathname, why);
	int rc = stream_progress(e);
	return rc == 0 ? finish(e) : rc;
}

static int stream_stalled(kit_engine *e)
{
	const char *why = "the render is waiting for a promise that can never settle (no timer, no I/O pending)";
	if (e->rq.render->ppr == KIT_PPR_SHELL)
		return ppr_shell(e, 1);
	if (!e->rq.shell_sent) {
		kit_req_fail(e, 500, NULL, "%s; %zu part(s) of the page never finished", why, e->rq.pending_rows);
		return -1;
	}
	return end_pending(e, KIT_TIMEOUT_DIGEST, why);
}

static int stream_timeout(kit_engine *e)
{
	if (e->rq.render->ppr == KIT_PPR_SHELL)
		return ppr_shell(e, 1);
	if (!e->rq.shell_sent) {
		kit_req_fail(e, 503, NULL, "the shell was not ready within the render budget (%ld ms)", e->timeout_ms);
		return -1;
	}
	return end_pending(e, KIT_TIMEOUT_DIGEST, "the render budget ran out");
}

/* While boundaries are pending after the shell: nothing written for
 * keepalive_ms. */
static long long stream_keepalive_due(kit_engine *e)
{
	return e->rq.shell_sent ? e->rq.last_write_ms + e->keepalive_ms : LLONG_MAX;
}

static int stream_keepalive(kit_engine *e)
{
	kit_buf b;
	kit_buf_init(&b);
	/* A comment after the shell: hydration skips comments that are not
	 * boundary markers; a Flight stream has no such thing, so it only flushes. */
	if (e->rq.render->mode == KIT_RENDER_DOCUMENT)
		kit_buf_puts(&b, "<!--k-->");
	int rc = send(e, &b);
	kit_buf_free(&b);
	return rc;
}

int kit_stream_run(kit_engine *e)
{
	static const struct kit_loop_hooks hooks = {
		.settle = kit_walk_settle_promises,
		.progress = stream_progress,
		.stalled = stream_stalled,
		.timeout = stream_timeout,
		.keepalive_due = stream_keepalive_due,
		.keepalive = stream_keepalive,
	};
	return kit_loop_run(e, &hooks);
}

void kit_stream_reset(kit_engine *e)
{
	if (e->rq.html)
		kit_html_free(e->rq.html);
	e->rq.html = NULL;
	e->rq.shell_sent = 0;
	e->rq.client_gone = 0;
	e->rq.redirect_script_sent = 0;
	e->rq.noindex_sent = 0;
	e->rq.error_shell = 0;
	e->rq.entry_sent = 0;
	kit_buf_free(&e->rq.held_rows);
}
