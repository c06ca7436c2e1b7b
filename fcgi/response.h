/* response.h — the one writer of response heads.
 *
 * Every answer kit sends (rendered, stored, forwarded, refusals) starts with
 * a CGI head: "Status: NNN reason", header lines, an empty line. All of it
 * is written here, and every header line passes one check: the name is an
 * HTTP token and the value holds no CR, LF or NUL. A value that breaks the
 * line would let whoever chose it add headers of their own (response
 * splitting: Set-Cookie, a second Status, a Content-Type that turns the
 * answer into a page of theirs), and lighttpd passes such values on to
 * Apache-style parsing as faithfully as Apache does. A refused header is
 * never written: the answer becomes a 500 (see kit_resp_begin) and the
 * refusal is logged on stderr, the web server's error log. */
#ifndef KIT_RESPONSE_H
#define KIT_RESPONSE_H

#include <stddef.h>

#include "render/buf.h"
#include "render/header.h"  /* kit_header_ok: the check */
#include "render/errlog.h"  /* kit_log */

/* What every page answer varies on (rendered or stored). */
#define KIT_PAGE_VARY "X-RSC, X-RSC-Segments, X-RSC-Intercept, X-RSC-Revalidate"

/* The reason phrase of a status (RFC 9110's; "Status" for a code it does not name). */
const char *kit_http_reason(int status);

typedef struct kit_resp {
	const kit_sink *out;
	kit_buf head;        /* the header lines so far */
	int status;
	int head_only;       /* HEAD: no body */
	int sent;            /* the head went out */
	char refused[64];    /* the first header refused (its name), "" when none */
	int refusal_status;  /* what a refused header turns the answer into: 500
	                      * (kit's or the app's header), 502 (the backend's) */
} kit_resp;

void kit_resp_init(kit_resp *r, const kit_sink *out, int status, int head_only);
/* The same with the head in the arena a (the host's per-request arena):
 * nothing to free, kit_resp_free is not needed. */
void kit_resp_init_in(kit_resp *r, struct kit_arena *a, const kit_sink *out, int status, int head_only);

/* Adds "name: value" when kit_header_ok, else records the refusal. Returns
 * 0, or -1 when refused. */
int kit_resp_header(kit_resp *r, const char *name, const char *value);
int kit_resp_headerf(kit_resp *r, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Adds lines "name: value\r\n" made elsewhere (what middleware, an API
 * route, an action or the backend set), each checked like kit_resp_header
 * (their makers checked the values before joining them: a CR LF inside a
 * joined value is a line break here; a lone CR or a NUL is refused).
 * A Cache-Control among them is dropped when the head already has one (a
 * route under middleware is private whatever the app says). NULL is none. */
void kit_resp_lines(kit_resp *r, const kit_buf *lines);

/* 1 when the head so far has a header of this name (any case). */
int kit_resp_has(const kit_resp *r, const char *name);

/* The headers every page answer carries, rendered or stored: Content-Type
 * (an HTML document, or a Flight payload when flight), Vary, Cache-Control,
 * X-RSC-Version (the build it comes from); a payload adds the depth it
 * starts at and the layouts of its route (X-RSC-Segment-Depth,
 * X-RSC-Layouts). */
void kit_resp_page_headers(kit_resp *r, int flight, const char *cache_control, const char *version, size_t depth,
			   const char *layouts);

/* For the request being answered (fcgi/host.c, after a Next.js-shaped
 * middleware let it through; docs/middleware.md): lines (the headers and
 * cookies it set) join every head written until the call with NULL, NULL,
 * and cache_control, when not NULL, replaces that head's Cache-Control.
 * lines must outlive the request. */
void kit_resp_request_extra(const kit_buf *lines, const char *cache_control);

/* Writes the head (once). When a header was refused, the head written is
 * instead a 500 with a plain-text body (nothing the caller added goes out),
 * the refusal is logged, and -1 is returned so the caller writes nothing
 * more; -1 too when the client is gone. */
int kit_resp_begin(kit_resp *r);

void kit_resp_free(kit_resp *r);

/* A small complete answer (refusals, redirects, error pages, JSON
 * messages): the status, Content-Type, Cache-Control, Vary when set, one
 * more header when name is set, the lines (NULL: none), then the body
 * unless head_only. */
typedef struct kit_simple_answer {
	int status;
	int head_only;
	const char *content_type;   /* NULL: text/plain; charset=utf-8 */
	const char *cache_control;  /* NULL: no-store */
	const char *vary;           /* NULL: none */
	const char *name, *value;   /* one more header (Location, Allow, X-RSC-Redirect...) */
	const kit_buf *lines;       /* header lines an engine call set (Set-Cookie...) */
	const char *body;           /* NULL: none */
} kit_simple_answer;

/* Writes it at once. Returns 0, or -1 when a header was refused (a 500 went
 * out instead, kit_resp_begin) or the client is gone. */
int kit_resp_simple(const kit_sink *out, const kit_simple_answer *a);
/* The commonest: a plain-text body with no more headers. */
int kit_resp_text(const kit_sink *out, int status, int head_only, const char *body);

#endif
