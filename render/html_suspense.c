/* html_suspense.c — Suspense boundaries, in the shell and streamed.
 *
 * Suspense: the content is rendered first into a buffer of its own. Complete:
 * <!--$-->content<!--/$-->. A pending row inside: <!--$?--><template
 * id="B:n"></template>fallback<!--/$-->, and the boundary (element, context,
 * id) is remembered. An errored row inside: <!--$!--><template
 * data-dgst="…"></template>fallback<!--/$-->. Outside any boundary a pending
 * or errored row is an error: the caller waits for the shell before rendering
 * it. Boundaries remembered while rendering a content that is not written
 * are forgotten again; what it hoisted stays queued, as Fizz keeps what it
 * rendered before suspending (title/meta/link are queued once per element,
 * the other resources are deduplicated by URL anyway).
 *
 * Streaming: each kit_html_write_completions call renders the content of
 * every remembered boundary again, from the model (nothing is kept between
 * attempts); a complete one goes out in a hidden container followed by a
 * call of our runtime ($KC/$KX, see runtime_js), an errored one as an error
 * script. The differences from Fizz's streaming are listed in html.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_impl.h"
#include "json.h"

/* ---- in the shell (and in contents rendered later) ---- */

/* "<prefix>B:<hex>" (kind 'B') or "<prefix>S:<hex>" (kind 'S'). */
static void boundary_id(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	if (h->opts.id_prefix)
		kit_buf_puts(out, h->opts.id_prefix);
	kit_buf_printf(out, "%c:%x", kind, id);
}

static void boundary_id_attr(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	kit_buf b;
	kit_buf_init(&b);
	boundary_id(h, &b, kind, id);
	html_escape(out, b.data, b.len);
	kit_buf_free(&b);
}

static void remember_pending(kit_html *h, const kit_value *el, const hctx *ctx, unsigned id)
{
	if (h->npending == h->cappending) {
		h->cappending = h->cappending ? h->cappending * 2 : 8;
		h->pending = html_xrealloc(h->pending, h->cappending * sizeof *h->pending);
	}
	pending_boundary *p = &h->pending[h->npending++];
	p->el = el;
	p->ctx = *ctx;
	p->ctx.b = NULL;
	p->id = id;
	p->done = 0;
}

/* A boundary's children into content, as Fizz's content segment: its own
 * text run (no separator at its edges), the boundary's formatting context. */
static int render_content(kit_html *h, const hctx *ctx, const kit_value *el, kit_buf *content, boundary *b)
{
	segment cs = { content, 0 };
	hctx cc = *ctx;
	cc.b = b;
	cc.depth++;
	return html_render_node(h, &cc, &cs, kit_v_get(el, "children"));
}

int html_render_suspense(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	boundary b = { 0 };
	kit_buf content;
	kit_buf_init(&content);
	size_t npending = h->npending;
	unsigned first_id = h->next_id;
	int rc = render_content(h, ctx, el, &content, &b);
	kit_buf *out = seg->out;
	if (rc == R_OK && !b.pending) {
		kit_buf_puts(out, "<!--$-->");
		kit_buf_put(out, content.data, content.len);
		kit_buf_free(&content);
		kit_buf_puts(out, "<!--/$-->");
		seg->last_text = 0;
		return R_OK;
	}
	/* The content is not written now: boundaries inside it get their ids
	 * when it is. (What it hoisted stays queued, as in Fizz, which keeps the
	 * resources of what it rendered before suspending or failing.) */
	h->npending = npending;
	h->next_id = first_id;
	kit_buf_free(&content);
	if (rc == R_FAIL)
		return R_FAIL;
	if (rc == R_ERRORED) {
		kit_buf_puts(out, "<!--$!--><template");
		if (b.digest && strcmp(b.digest, CLIENT_ONLY_DIGEST) == 0) {
			/* a client-only bailout: React's client renders it without reporting an error */
			kit_buf_puts(out, " data-dgst=\"\"");
		} else if (b.digest && *b.digest) {
			kit_buf_puts(out, " data-dgst=\"");
			html_escape(out, b.digest, strlen(b.digest));
			kit_buf_putc(out, '"');
		}
		kit_buf_puts(out, "></template>");
	} else {
		unsigned id = h->next_id++;
		kit_buf_puts(out, "<!--$?--><template id=\"");
		boundary_id_attr(h, out, 'B', id);
		kit_buf_puts(out, "\"></template>");
		remember_pending(h, el, ctx, id);
	}
	segment fs = { out, 0 };
	hctx fc = *ctx;
	fc.scope |= SCOPE_FALLBACK;
	fc.depth++;
	if (rc != R_ERRORED)
		fc.in_fallback_of = h->npending;
	rc = html_render_node(h, &fc, &fs, kit_v_get(el, "fallback"));
	if (rc != R_OK)
		return rc;
	kit_buf_puts(out, "<!--/$-->");
	seg->last_text = 0;
	return R_OK;
}

/* ---- streaming: completions of pending boundaries ---- */

/* Our inline runtime, defined once per response in front of the first
 * completion or error script. React's client only needs the DOM to end up as
 * Fizz's own scripts leave it (docs/wire-formats.md §2.3, §2.5 rules 5-6);
 * the text is ours, the names ($KC, $KX) cannot clash with React's ($RC,
 * $RX...).
 *
 * $KC(b, s) completes boundary b with the children of the hidden container s:
 * the <template id=b> follows the boundary's "<!--$?-->" comment; the nodes
 * from the template up to the matching "<!--/$-->" (nested $ $? $! $~ & /
 * /$ /& markers counted) are removed: template and fallback. The container's
 * children go before that end comment, the container is removed, the comment
 * becomes "$" and its _reactRetry (set by React while it waits to hydrate a
 * "$?" boundary) is called. The reveal is immediate: 19.3's $RC batches
 * reveals on an animation frame, throttled to 300 ms, a visual nicety only.
 *
 * $KX(b, d) marks boundary b client-rendered: the comment becomes "$!", the
 * digest (when given) goes to the template's data-dgst, _reactRetry is
 * called; React then renders the boundary in the browser.
 *
 * Both do nothing (beyond dropping the container) when the boundary is gone
 * or no longer "$?" — React may have client-rendered it already. ES5, no
 * '<' anywhere, so the text is safe inside <script>. */
static const char runtime_js[] =
	"$KC=function(b,s){var d=document,c=d.getElementById(s),t=d.getElementById(b),m=t&&t.previousSibling,"
	"p,e,n=0,x;if(c){c.parentNode.removeChild(c);if(m&&m.data=='$?'){for(p=m.parentNode,e=t;e;e=e.nextSibling)"
	"if(e.nodeType==8){x=e.data;if(x=='/$'||x=='/&'){if(!n)break;n--}"
	"else if(x=='$'||x=='$?'||x=='$!'||x=='$~'||x=='&')n++}"
	"if(e){for(;m.nextSibling!=e;)p.removeChild(m.nextSibling);"
	"for(;c.firstChild;)p.insertBefore(c.firstChild,e);m.data='$';m._reactRetry&&m._reactRetry()}}}};"
	"$KX=function(b,g){var t=document.getElementById(b),m=t&&t.previousSibling;if(m&&m.data=='$?'){"
	"m.data='$!';g!=null&&t.setAttribute('data-dgst',g);m._reactRetry&&m._reactRetry()}};";

/* A JS string literal safe inside <script>: JSON escaping, and '<' (which
 * could start "</script" or "<!--") and U+2028/2029 as \u escapes — Fizz's
 * escapeJSStringsForInstructionScripts. */
static void js_string(kit_buf *out, const char *s, size_t n)
{
	kit_buf j;
	kit_buf_init(&j);
	kit_json_write_string(&j, s, n);
	const unsigned char *p = (const unsigned char *)j.data;
	for (size_t i = 0; i < j.len; i++) {
		if (p[i] == '<') {
			kit_buf_puts(out, "\\u003c");
		} else if (p[i] == 0xE2 && i + 2 < j.len && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) {
			kit_buf_puts(out, p[i + 2] == 0xA8 ? "\\u2028" : "\\u2029");
			i += 2;
		} else {
			kit_buf_putc(out, (char)p[i]);
		}
	}
	kit_buf_free(&j);
}

static void boundary_id_js(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	kit_buf b;
	kit_buf_init(&b);
	boundary_id(h, &b, kind, id);
	js_string(out, b.data, b.len);
	kit_buf_free(&b);
}

/* "<script>$KX("B:n","digest")</script>"; no digest argument when it is empty,
 * as Fizz (an empty onError result is no digest). */
static void error_script(kit_html *h, kit_buf *out, unsigned id, const char *digest)
{
	kit_buf_puts(out, "<script>$KX(");
	boundary_id_js(h, out, 'B', id);
	if (digest && strcmp(digest, CLIENT_ONLY_DIGEST) == 0) {
		kit_buf_puts(out, ",\"\"");  /* data-dgst="": a silent client render */
	} else if (digest && *digest) {
		kit_buf_putc(out, ',');
		js_string(out, digest, strlen(digest));
	}
	kit_buf_puts(out, ")</script>");
}

/* The hidden container Fizz's writeStartSegment picks for the boundary's
 * insertion mode: the content must parse the same way out of context. */
static void container_open(kit_html *h, kit_buf *out, int mode, unsigned id)
{
	static const char *const open[] = {
		[MODE_SVG] = "<svg aria-hidden=\"true\" style=\"display:none\" id=\"",
		[MODE_MATHML] = "<math aria-hidden=\"true\" style=\"display:none\" id=\"",
		[MODE_TABLE] = "<table hidden id=\"",
		[MODE_TABLE_BODY] = "<table hidden><tbody id=\"",
		[MODE_TABLE_ROW] = "<table hidden><tr id=\"",
		[MODE_COLGROUP] = "<table hidden><colgroup id=\"",
	};
	kit_buf_puts(out, mode < MODE_SVG ? "<div hidden id=\"" : open[mode]);
	boundary_id_attr(h, out, 'S', id);
	kit_buf_puts(out, "\">");
}

static void container_close(kit_buf *out, int mode)
{
	static const char *const close[] = {
		[MODE_SVG] = "</svg>", [MODE_MATHML] = "</math>", [MODE_TABLE] = "</table>",
		[MODE_TABLE_BODY] = "</tbody></table>", [MODE_TABLE_ROW] = "</tr></table>",
		[MODE_COLGROUP] = "</colgroup></table>",
	};
	kit_buf_puts(out, mode < MODE_SVG ? "</div>" : close[mode]);
}

/* Boundary i completed: its fallback leaves the document, and with it the
 * boundaries pending inside, which are no longer owed (as Fizz aborts the
 * fallback's tasks). */
static void drop_fallback_boundaries(kit_html *h, size_t i)
{
	for (size_t j = i + 1; j < h->npending; j++)
		for (size_t f = h->pending[j].ctx.in_fallback_of; f && !h->pending[j].done;
		     f = h->pending[f - 1].ctx.in_fallback_of)
			if (f - 1 == i)
				h->pending[j].done = 1;
}

/* Appends scripts (whose first "<script>" starts at first_script) to out,
 * with the runtime inside the first script when the response has none yet. */
static void put_scripts(kit_html *h, kit_buf *out, const kit_buf *scripts, size_t first_script)
{
	if (!scripts->len)
		return;
	if (h->runtime_written) {
		kit_buf_put(out, scripts->data, scripts->len);
		return;
	}
	size_t at = first_script + sizeof "<script>" - 1;
	kit_buf_put(out, scripts->data, at);
	kit_buf_puts(out, runtime_js);
	kit_buf_put(out, scripts->data + at, scripts->len - at);
	h->runtime_written = 1;
}

int kit_html_write_completions(kit_html *h, kit_buf *out)
{
	h->err[0] = '\0';
	/* Fizz's flush order: hoisted resources, client-rendered (errored)
	 * boundaries, completed ones. */
	kit_buf errors, completed;
	kit_buf_init(&errors);
	kit_buf_init(&completed);
	size_t first_script = 0;
	int rc = 0;
	/* Boundaries written by this call's completions are still pending:
	 * they were written so because a row inside is. */
	size_t n = h->npending;
	for (size_t i = 0; i < n; i++) {
		pending_boundary p = h->pending[i]; /* the array grows during the render */
		if (p.done)
			continue;
		boundary b = { 0 };
		kit_buf content;
		kit_buf_init(&content);
		size_t npending = h->npending;
		unsigned first_id = h->next_id;
		int r = render_content(h, &p.ctx, p.el, &content, &b);
		if (r == R_OK && !b.pending) {
			container_open(h, &completed, p.ctx.mode, p.id);
			kit_buf_put(&completed, content.data, content.len);
			container_close(&completed, p.ctx.mode);
			if (!first_script) /* never 0: a container comes first */
				first_script = completed.len;
			kit_buf_puts(&completed, "<script>$KC(");
			boundary_id_js(h, &completed, 'B', p.id);
			kit_buf_putc(&completed, ',');
			boundary_id_js(h, &completed, 'S', p.id);
			kit_buf_puts(&completed, ")</script>");
			h->pending[i].done = 1;
			drop_fallback_boundaries(h, i);
		} else {
			h->npending = npending;
			h->next_id = first_id;
			if (r == R_FAIL && rc == 0) {
				char why[sizeof h->err];
				memcpy(why, h->err, sizeof why);
				snprintf(h->err, sizeof h->err,
					 "Suspense boundary B:%x (after the shell; left to the browser to render): %.400s",
					 p.id, why);
				rc = -1;
			}
			if (r != R_OK) {
				/* A content that cannot be rendered here is rendered by the
				 * browser, as Fizz does after onError: no digest. */
				error_script(h, &errors, p.id, r == R_ERRORED ? b.digest : NULL);
				h->pending[i].done = 1;
			}
		}
		kit_buf_free(&content);
	}
	html_flush_resources(h, out, 1);
	put_scripts(h, out, &errors, 0);
	put_scripts(h, out, &completed, first_script);
	kit_buf_free(&errors);
	kit_buf_free(&completed);
	return rc < 0 ? -1 : (int)kit_html_pending(h);
}

void kit_html_abort_pending(kit_html *h, kit_buf *out, const char *digest)
{
	kit_buf scripts;
	kit_buf_init(&scripts);
	for (size_t i = 0; i < h->npending; i++)
		if (!h->pending[i].done) {
			error_script(h, &scripts, h->pending[i].id, digest);
			h->pending[i].done = 1;
		}
	put_scripts(h, out, &scripts, 0);
	kit_buf_free(&scripts);
}

size_t kit_html_pending(const kit_html *h)
{
	size_t n = 0;
	for (size_t i = 0; i < h->npending; i++)
		n += !h->pending[i].done;
	return n;
}
