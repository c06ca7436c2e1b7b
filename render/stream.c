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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_impl.h"
#include "flight.h"
#include "html.h"
#include "json.h"

#define REDIRECT_PREFIX "KIT_REDIRECT;"
#define NOT_FOUND_DIGEST "KIT_NOT_FOUND"
#define REFUSAL_PREFIX "KIT_REFUSAL;"  /* KIT_REFUSAL;<status> */
#define TIMEOUT_DIGEST "KIT_RENDER_TIMEOUT"

enum shell_state { SHELL_READY, SHELL_PENDING, SHELL_ERROR };

/* Is everything outside the Suspense boundaries READY? On SHELL_ERROR,
 * *bad is the errored row. Suspense children are skipped; fallbacks count. */
static enum shell_state shell_check(const kit_value *v, const kit_row **bad, int depth)
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
			*bad = r;
			return SHELL_ERROR;
		}
		return shell_check(r->value, bad, depth + 1);
	}
	case KIT_ARRAY: {
		enum shell_state worst = SHELL_READY;
		for (size_t i = 0; i < v->u.arr.len; i++) {
			enum shell_state s = shell_check(v->u.arr.items[i], bad, depth + 1);
			if (s == SHELL_ERROR)
				return s;
			if (s == SHELL_PENDING)
				worst = s;
		}
		return worst;
	}
	case KIT_OBJECT:
	case KIT_ELEMENT: {
		int suspense = v->kind == KIT_ELEMENT && kit_v_is_symbol(v->u.elem.type, "react.suspense");
		const kit_prop *props = v->kind == KIT_OBJECT ? v->u.obj.props : v->u.elem.props;
		size_t n = v->kind == KIT_OBJECT ? v->u.obj.len : v->u.elem.nprops;
		enum shell_state worst = SHELL_READY;
		if (v->kind == KIT_ELEMENT) {
			worst = shell_check(v->u.elem.type, bad, depth + 1);
			if (worst == SHELL_ERROR)
				return worst;
		}
		for (size_t i = 0; i < n; i++) {
			if (suspense && props[i].keylen == 8 && memcmp(props[i].key, "children", 8) == 0)
				continue;
			enum shell_state s = shell_check(props[i].value, bad, depth + 1);
			if (s == SHELL_ERROR)
				return s;
			if (s == SHELL_PENDING)
				worst = s;
		}
		return worst;
	}
	default:
		return SHELL_READY;
	}
}

static int send(kit_engine *e, kit_buf *b)
{
	if (e->client_gone)
		return -2;
	if (kit_sink_write(&e->out->sink, b->data, b->len) < 0 || kit_sink_flush(&e->out->sink) < 0) {
		e->client_gone = 1;
		return -2;
	}
	e->last_write_ms = kit_loop_now_ms();
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
	if (e->redirect_script_sent || e->req->mode != KIT_RENDER_DOCUMENT)
		return;
	for (const kit_row *r = e->model.ready_head; r; r = r->next_ready) {
		if (r->state != KIT_ROW_ERROR || strncmp(r->digest, REDIRECT_PREFIX, strlen(REDIRECT_PREFIX)) != 0)
			continue;
		const char *url = strchr(r->digest + strlen(REDIRECT_PREFIX), ';');
		if (!url)
			continue;
		url++;
		kit_buf_puts(out, "<script>location.replace(");
		put_script_string(out, url, strlen(url));
		kit_buf_puts(out, ")</script>");
		e->redirect_script_sent = 1;
		return;
	}
}

/* A client component other than kit's own SegmentBoundary (which only
 * matters to a page that can navigate, i.e. one with a client component). */
static int has_client_component(const kit_engine *e)
{
	for (const struct client_ref_entry *c = e->client_refs; c; c = c->next)
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
	if (e->req->mode == KIT_RENDER_FLIGHT) {
		kit_flight_write_ready(&e->model, out);
		return;
	}
	kit_flight_write_ready(&e->model, &e->held_rows);
	if ((!has_client_component(e) && !e->always_inline_rows) || !e->held_rows.len)
		return;
	int runtime = has_client_component(e);
	if (!e->entry_sent && runtime) {
		/* what the browser runtime sends on its first navigation (js/client/README.md) */
		kit_buf_puts(out, "<script>self.__kit_v=");
		put_script_string(out, e->req->version ? e->req->version : "", e->req->version ? strlen(e->req->version) : 0);
		kit_buf_puts(out, ";self.__kit_l=");
		put_script_string(out, e->req->layouts ? e->req->layouts : "", e->req->layouts ? strlen(e->req->layouts) : 0);
		kit_buf_puts(out, "</script>");
	}
	kit_buf_puts(out, "<script>(self.__kit_f=self.__kit_f||[]).push(");
	put_script_string(out, e->held_rows.data, e->held_rows.len);
	kit_buf_puts(out, ")</script>");
	kit_buf_reset(&e->held_rows);
	if (!e->entry_sent && runtime && e->client_entry) {
		kit_buf_puts(out, "<script type=\"module\" async=\"\" src=\"");
		kit_html_escape_attr(out, e->client_entry, strlen(e->client_entry));
		kit_buf_puts(out, "\"></script>");
		e->entry_sent = 1;
	}
}

/* An error above every boundary, before anything was sent. */
static int fail_before_shell(kit_engine *e, const kit_row *bad)
{
	kit_render_error *err = e->err;
	const char *d = bad->digest ? bad->digest : "";
	if (strncmp(d, REDIRECT_PREFIX, strlen(REDIRECT_PREFIX)) == 0) {
		const char *status = d + strlen(REDIRECT_PREFIX);
		const char *url = strchr(status, ';');
		e->failed = 1;
		err->status = atoi(status);
		if (err->status < 300 || err->status > 399)
			err->status = 307;
		snprintf(err->location, sizeof err->location, "%s", url ? url + 1 : "/");
		snprintf(err->message, sizeof err->message, "redirect() to %.900s", err->location);
		return -1;
	}
	if (strcmp(d, NOT_FOUND_DIGEST) == 0) {
		e->failed = 1;
		err->status = 404;
		snprintf(err->message, sizeof err->message, "notFound()");
		return -1;
	}
	if (strncmp(d, REFUSAL_PREFIX, strlen(REFUSAL_PREFIX)) == 0) {
		/* a backend refusal through rpc() (js/server/rpc.ts): its own status, never a 500 */
		int status = atoi(d + strlen(REFUSAL_PREFIX));
		kit_engine_fail(e, status >= 400 && status <= 599 ? status : 500, NULL, "%s",
				bad->message ? bad->message : "the backend refused");
		return -1;
	}
	kit_engine_fail(e, 500, NULL, "%s", bad->message ? bad->message : "a part of the page failed to render");
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
	if (e->req->mode == KIT_RENDER_DOCUMENT) {
		kit_html_opts hopts = { .render_client = render_client, .client_ctx = e };
		e->html = kit_html_new(&e->model, &hopts);
		kit_value *root = kit_v_lazy(&e->model, kit_model_row(&e->model, 0));
		if (kit_html_write(e->html, root, &b) < 0) {
			int later = kit_html_not_ready(e->html);
			if (!later)
				kit_engine_fail(e, 500, NULL, "HTML: %s", kit_html_error(e->html));
			kit_html_free(e->html);
			e->html = NULL;
			kit_buf_free(&b);
			/* a client component above every boundary still waits (use()): try again later */
			return later ? 0 : -1;
		}
	}
	if (e->out->begin && e->out->begin(e->out->ctx) < 0) {
		e->client_gone = 1;
		kit_buf_free(&b);
		return -2;
	}
	e->shell_sent = 1;
	rows_out(e, &b);
	int rc = send(e, &b);
	kit_buf_free(&b);
	return rc;
}

/* Completions and rows that became ready since the last step. */
static int write_progress(kit_engine *e)
{
	if (!e->model.ready_head)
		return 0;
	kit_buf b;
	kit_buf_init(&b);
	if (e->html && kit_html_write_completions(e->html, &b) < 0) {
		/* the shell is out: the failure can only be logged */
		fprintf(stderr, "kit: %s: HTML of a completed boundary: %s\n", e->pathname, kit_html_error(e->html));
		kit_html_abort_pending(e->html, &b, "KIT_HTML_ERROR");
	}
	redirect_scripts(e, &b);
	rows_out(e, &b);
	int rc = b.len ? send(e, &b) : 0;
	kit_buf_free(&b);
	return rc;
}

static int finish(kit_engine *e)
{
	kit_buf b;
	kit_buf_init(&b);
	if (e->html)
		kit_html_finish(e->html, &b);
	int rc = b.len ? send(e, &b) : 0;
	kit_buf_free(&b);
	return rc < 0 ? rc : 1;
}

int kit_stream_progress(kit_engine *e)
{
	if (e->client_gone)
		return -2;
	if (!e->shell_sent) {
		const kit_row *bad = NULL;
		kit_value root = { .kind = KIT_LAZY, .u.lazy = kit_model_row(&e->model, 0) };
		switch (shell_check(&root, &bad, 0)) {
		case SHELL_PENDING:
			return 0;
		case SHELL_ERROR:
			return fail_before_shell(e, bad);
		case SHELL_READY:
			break;
		}
		int rc = write_shell(e);
		if (rc < 0)
			return rc;
		if (!e->shell_sent)
			return 0;
	} else {
		int rc = write_progress(e);
		if (rc < 0)
			return rc;
	}
	return e->pending_rows == 0 ? finish(e) : 0;
}

/* Ends every pending row with an error: E rows on the wire, error
 * completions for the boundaries waiting on them. */
static int end_pending(kit_engine *e, const char *digest, const char *why)
{
	for (size_t i = 0; i < e->model.nrows; i++) {
		kit_row *r = e->model.rows[i];
		if (r->kind == KIT_ROWK_MODEL && r->state == KIT_ROW_PENDING) {
			kit_row_reject(&e->model, r, digest);
			r->message = why;
		}
	}
	e->pending_rows = 0;
	fprintf(stderr, "kit: %s: %s; the boundaries still waiting end with an error\n", e->pathname, why);
	int rc = kit_stream_progress(e);
	return rc == 0 ? finish(e) : rc;
}

int kit_stream_stalled(kit_engine *e)
{
	const char *why = "the render is waiting for a promise that can never settle (no timer, no I/O pending)";
	if (!e->shell_sent) {
		kit_engine_fail(e, 500, NULL, "%s; %zu part(s) of the page never finished", why, e->pending_rows);
		return -1;
	}
	return end_pending(e, TIMEOUT_DIGEST, why);
}

int kit_stream_timeout(kit_engine *e)
{
	if (!e->shell_sent) {
		kit_engine_fail(e, 503, NULL, "the shell was not ready within the render budget (%ld ms)", e->timeout_ms);
		return -1;
	}
	return end_pending(e, TIMEOUT_DIGEST, "the render budget ran out");
}

int kit_stream_keepalive(kit_engine *e)
{
	kit_buf b;
	kit_buf_init(&b);
	/* A comment after the shell: hydration skips comments that are not
	 * boundary markers; a Flight stream has no such thing, so it only flushes. */
	if (e->req->mode == KIT_RENDER_DOCUMENT)
		kit_buf_puts(&b, "<!--k-->");
	int rc = send(e, &b);
	kit_buf_free(&b);
	return rc;
}

void kit_stream_reset(kit_engine *e)
{
	if (e->html)
		kit_html_free(e->html);
	e->html = NULL;
	e->shell_sent = 0;
	e->client_gone = 0;
	e->redirect_script_sent = 0;
	e->entry_sent = 0;
	kit_buf_free(&e->held_rows);
}
