/* html.h — Fizz-compatible HTML from the Flight model.
 *
 * Byte-for-byte the serialisation react-dom/server 19.3 (production) writes:
 * attribute mapping, style objects, escaping of & < > " ', "<!-- -->" between
 * adjacent text nodes, void elements as "<br/>", hoisting of title/meta/link,
 * "<!DOCTYPE html>" before an <html> root, form-control rules, script/style
 * text escaping. No whitespace is ever added. The reference is
 * ../shared/conformance/react-wire/golden/html/ and react-wire.md §2.
 *
 * A document (root element <html>) is written without its closing
 * "</body></html>": the host appends the inline Flight scripts and then calls
 * kit_html_finish, because Fizz writes that tail only after every boundary. */
#ifndef KIT_HTML_H
#define KIT_HTML_H

#include "buf.h"
#include "model.h"

typedef struct kit_html kit_html;

/* Renders an element whose type is a client reference (phase 2 SSR of client
 * components; issue "Client components"). Returns the value the component
 * rendered, or NULL to render nothing. May be NULL in the options. */
typedef kit_value *(*kit_html_client_fn)(void *ctx, kit_model *m, const kit_value *element);

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
/* After kit_html_write of a document: 1 when the tail is owed. */
int kit_html_is_document(const kit_html *h);
/* Writes "</body></html>" for a document, nothing otherwise. */
void kit_html_finish(kit_html *h, kit_buf *out);
const char *kit_html_error(const kit_html *h);

/* Escaping helpers shared with the host (error pages) and the completion scripts. */
void kit_html_escape_text(kit_buf *out, const char *s, size_t n);
void kit_html_escape_attr(kit_buf *out, const char *s, size_t n);

#endif
