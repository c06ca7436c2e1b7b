/* html.h — Fizz-compatible HTML from the Flight model.
 *
 * Byte-for-byte the serialisation react-dom/server 19.3 (production) writes:
 * attribute mapping, style objects, escaping of & < > " ', "<!-- -->" between
 * adjacent text nodes, void elements as "<br/>", hoisting of title/meta/link,
 * "<!DOCTYPE html>" before an <html> root, form-control rules, script/style
 * text escaping. No whitespace is ever added. The rules are
 * docs/wire-formats.md §2; React's own output to compare with is in
 * tests/conformance/react-golden/golden/html/.
 *
 * A document (root element <html>) is written without its closing
 * "</body></html>": the host appends the inline Flight scripts and then calls
 * kit_html_finish, because Fizz writes that tail only after every boundary.
 *
 * Streaming: the shell (kit_html_write) writes a Suspense boundary whose
 * content reaches a pending row as <!--$?--><template id="B:n"></template>
 * fallback<!--/$--> and remembers it. As rows resolve, the host calls
 * kit_html_write_completions, which writes each boundary that became complete
 * out of place (a hidden container and a script that moves it in) or marks it
 * errored; kit_html_abort_pending gives up on the rest. Ids B:0, B:1, ... are
 * allocated in order of writing, completions come in any order. */
#ifndef KIT_HTML_H
#define KIT_HTML_H

#include "buf.h"
#include "model.h"

typedef struct kit_html kit_html;

/* Renders an element whose type is a client reference (phase 2 SSR of client
 * components; issue "Client components"). Returns the value the component
 * rendered, or NULL to render nothing. May be NULL in the options. tree_id
 * and tree_overflow are React's tree context at the element (model.h), so
 * useId() inside gives the ids React's client computes. scope is the
 * number of the nearest enclosing "kit.scope" element (0 for none): the
 * engine wraps what a client component passes through from the server in
 * one, so context values provided above reach client components inside. */
typedef kit_value *(*kit_html_client_fn)(void *ctx, kit_model *m, const kit_value *element,
					 unsigned tree_id, const char *tree_overflow, int scope);

typedef struct kit_html_opts {
	kit_html_client_fn render_client;
	void *client_ctx;
	const char *id_prefix;        /* useId identifierPrefix; NULL = none */
} kit_html_opts;

kit_html *kit_html_new(kit_model *m, const kit_html_opts *opts);
void kit_html_free(kit_html *h);

/* Writes the HTML of v. Returns 0, or -1 with kit_html_error() set: a pending or
 * errored row outside any Suspense boundary, an invalid element (message names
 * the tag/prop). */
int kit_html_write(kit_html *h, const kit_value *v, kit_buf *out);
/* After kit_html_write (the shell) and after each call below, the pending
 * boundaries written so far are remembered. Writes, for every remembered
 * boundary whose content is now complete, its completion:
 *   <div hidden id="S:n">content</div><script>…complete("B:n","S:n")…</script>
 * (the hidden container follows the boundary's parent context as Fizz does:
 * <svg aria-hidden="true" style="display:none" id=…>, <math …>, <table hidden id=…>,
 * <table hidden><tbody id=…>, <table hidden><tr id=…>, <table hidden><colgroup id=…>),
 * and for a boundary whose content reached an errored row, its error script
 * (…error("B:n","digest")…). Content may contain new pending boundaries: they get new
 * ids and are remembered in turn. The first completion/error script of a document is
 * preceded by the definition of our runtime functions (once per response).
 * Resources the completed contents hoist (title, meta, link, scripts, image
 * preloads, precedence stylesheets) are written first, in Fizz's order; the
 * error scripts come next, then the completions.
 * Returns the number of boundaries still pending, or -1 with kit_html_error()
 * when a content could not be rendered (an invalid element…): that boundary
 * gets an error script without digest, so the browser renders it, as Fizz
 * does after onError; the other boundaries are handled as usual. */
int kit_html_write_completions(kit_html *h, kit_buf *out);
/* Ends every still-pending boundary as errored with the given digest (render budget
 * expired, client-visible stream end): writes their error scripts. NULL or ""
 * = no digest, as Fizz (React then renders the boundary in the browser and
 * reports a recoverable error #419). */
void kit_html_abort_pending(kit_html *h, kit_buf *out, const char *digest);
/* Boundaries written pending and not yet completed, errored or dropped with
 * the fallback they were in. */
size_t kit_html_pending(const kit_html *h);

/* After kit_html_write of a document: 1 when the tail is owed. */
int kit_html_is_document(const kit_html *h);
/* Writes "</body></html>" for a document, nothing otherwise. */
void kit_html_finish(kit_html *h, kit_buf *out);
const char *kit_html_error(const kit_html *h);
/* After a failed kit_html_write: 1 when it failed only because a row outside
 * every boundary is still pending (write the shell again later). */
int kit_html_not_ready(const kit_html *h);
/* After a failed kit_html_write on a client component that threw while
 * rendered outside every Suspense boundary (docs/errors.md §6, the error
 * shell): 1 below an error boundary (error.tsx, global-error.tsx), 2 an error
 * (not an answer) with none above it; else 0. */
int kit_html_client_caught(const kit_html *h);

/* Escaping helpers shared with the host (error pages) and the completion scripts. */
void kit_html_escape_text(kit_buf *out, const char *s, size_t n);
void kit_html_escape_attr(kit_buf *out, const char *s, size_t n);

#endif
