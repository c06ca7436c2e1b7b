/* response.c — the one writer of response heads (response.h). */
#include "fcgi/response.h"

#include "render/arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const char *kit_http_reason(int status)
{
	switch (status) {
	case 100: return "Continue";
	case 200: return "OK";
	case 201: return "Created";
	case 202: return "Accepted";
	case 204: return "No Content";
	case 206: return "Partial Content";
	case 301: return "Moved Permanently";
	case 302: return "Found";
	case 303: return "See Other";
	case 304: return "Not Modified";
	case 307: return "Temporary Redirect";
	case 308: return "Permanent Redirect";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 406: return "Not Acceptable";
	case 408: return "Request Timeout";
	case 409: return "Conflict";
	case 410: return "Gone";
	case 411: return "Length Required";
	case 412: return "Precondition Failed";
	case 413: return "Content Too Large";
	case 414: return "URI Too Long";
	case 415: return "Unsupported Media Type";
	case 422: return "Unprocessable Content";
	case 428: return "Precondition Required";
	case 429: return "Too Many Requests";
	case 431: return "Request Header Fields Too Large";
	case 500: return "Internal Server Error";
	case 501: return "Not Implemented";
	case 502: return "Bad Gateway";
	case 503: return "Service Unavailable";
	case 504: return "Gateway Timeout";
	default: return "Status";
	}
}

void kit_resp_init(kit_resp *r, const kit_sink *out, int status, int head_only)
{
	kit_resp_init_in(r, NULL, out, status, head_only);
}

void kit_resp_init_in(kit_resp *r, kit_arena *a, const kit_sink *out, int status, int head_only)
{
	r->out = out;
	kit_buf_init_in(&r->head, a);
	r->status = status;
	r->head_only = head_only;
	r->sent = 0;
	r->refused[0] = '\0';
	r->refusal_status = 500;
}

static int add(kit_resp *r, const char *name, size_t nlen, const char *value, size_t vlen)
{
	if (!kit_header_ok(name, nlen, value, vlen)) {
		if (!r->refused[0]) {
			/* the name as far as it is printable, for the log line */
			size_t n = 0;
			for (; n < nlen && n < sizeof r->refused - 1 && name[n] > 0x20 && name[n] < 0x7f; n++)
				r->refused[n] = name[n];
			r->refused[n] = '\0';
			if (!n)
				snprintf(r->refused, sizeof r->refused, "(a malformed name)");
		}
		return -1;
	}
	kit_buf_put(&r->head, name, nlen);
	kit_buf_put(&r->head, ": ", 2);
	kit_buf_put(&r->head, value, vlen);
	kit_buf_put(&r->head, "\r\n", 2);
	return 0;
}

int kit_resp_header(kit_resp *r, const char *name, const char *value)
{
	return add(r, name, strlen(name), value, strlen(value));
}

int kit_resp_headerf(kit_resp *r, const char *name, const char *fmt, ...)
{
	kit_buf v;
	kit_buf_init(&v);
	va_list ap;
	va_start(ap, fmt);
	kit_buf_vprintf(&v, fmt, ap);
	va_end(ap);
	int rc = add(r, name, strlen(name), v.data ? v.data : "", v.len);
	kit_buf_free(&v);
	return rc;
}

int kit_resp_has(const kit_resp *r, const char *name)
{
	size_t n = strlen(name);
	if (!r->head.len)
		return 0;
	const char *p = r->head.data, *end = p + r->head.len;
	while (p < end) {
		if ((size_t)(end - p) > n && strncasecmp(p, name, n) == 0 && p[n] == ':')
			return 1;
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
	}
	return 0;
}

void kit_resp_lines(kit_resp *r, const kit_buf *lines)
{
	if (!lines || !lines->len)
		return;
	int host_cache = kit_resp_has(r, "Cache-Control");
	const char *p = lines->data, *end = lines->data + lines->len;
	while (p < end) {
		/* a line ends at LF; its CR goes with it. A CR anywhere else stays
		 * in the value, and the check refuses it. */
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		const char *stop = nl ? nl : end;
		if (stop > p && stop[-1] == '\r')
			stop--;
		if (stop > p) {
			const char *colon = memchr(p, ':', (size_t)(stop - p));
			const char *v = colon ? colon + 1 : stop;
			while (v < stop && (*v == ' ' || *v == '\t'))
				v++;
			size_t nlen = colon ? (size_t)(colon - p) : (size_t)(stop - p);
			if (!(host_cache && nlen == 13 && strncasecmp(p, "cache-control", 13) == 0)) {
				if (colon)
					add(r, p, nlen, v, (size_t)(stop - v));
				else
					add(r, "", 0, p, nlen);  /* no colon: refused */
			}
		}
		p = next;
	}
}

void kit_resp_page_headers(kit_resp *r, int flight, const char *cache_control, const char *version, size_t depth,
			   const char *layouts)
{
	kit_resp_header(r, "Content-Type", flight ? "text/x-component" : "text/html; charset=utf-8");
	kit_resp_header(r, "Vary", KIT_PAGE_VARY);
	kit_resp_header(r, "Cache-Control", cache_control);
	kit_resp_header(r, "X-RSC-Version", version);
	if (flight) {
		kit_resp_headerf(r, "X-RSC-Segment-Depth", "%zu", depth);
		kit_resp_header(r, "X-RSC-Layouts", layouts);
	}
}

/* The request's extra head (kit_resp_request_extra): one request at a time
 * per process, set and cleared by the host around it. */
static const kit_buf *request_lines;
static const char *request_cache;

void kit_resp_request_extra(const kit_buf *lines, const char *cache_control)
{
	request_lines = lines;
	request_cache = cache_control;
}

/* Replaces every Cache-Control line of the head with one of value. */
static void force_cache_control(kit_resp *r, const char *value)
{
	kit_buf head;
	kit_buf_init_in(&head, r->head.arena);
	const char *p = r->head.data, *end = p ? p + r->head.len : p;
	while (p && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		if (!((size_t)(end - p) > 14 && strncasecmp(p, "cache-control:", 14) == 0))
			kit_buf_put(&head, p, (size_t)(next - p));
		p = next;
	}
	kit_buf_free(&r->head);
	r->head = head;
	add(r, "Cache-Control", 13, value, strlen(value));
}

int kit_resp_begin(kit_resp *r)
{
	if (r->sent)
		return r->refused[0] ? -1 : 0;
	r->sent = 1;
	if (request_lines)
		kit_resp_lines(r, request_lines);
	if (request_cache)
		force_cache_control(r, request_cache);
	kit_buf b;
	kit_buf_init(&b);
	int rc;
	if (r->refused[0]) {
		kit_log("%d instead of %d: the header %s was refused (a CR, LF or NUL in it, "
			"or a name that is not a token); nothing of that answer was sent",
			r->refusal_status, r->status, r->refused);
		int s = r->refusal_status;
		kit_buf_printf(&b, "Status: %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n\r\n",
			       s, kit_http_reason(s));
		if (!r->head_only)
			kit_buf_printf(&b, "%d %s\n", s, kit_http_reason(s));
		kit_sink_write(r->out, b.data, b.len);
		kit_buf_free(&b);
		return -1;
	}
	kit_buf_printf(&b, "Status: %d %s\r\n", r->status, kit_http_reason(r->status));
	kit_buf_put(&b, r->head.data ? r->head.data : "", r->head.len);
	kit_buf_put(&b, "\r\n", 2);
	rc = kit_sink_write(r->out, b.data, b.len);
	kit_buf_free(&b);
	return rc < 0 ? -1 : 0;
}

void kit_resp_free(kit_resp *r)
{
	kit_buf_free(&r->head);
}

int kit_resp_simple(const kit_sink *out, const kit_simple_answer *a)
{
	kit_resp r;
	kit_resp_init(&r, out, a->status, a->head_only);
	kit_resp_header(&r, "Content-Type", a->content_type ? a->content_type : "text/plain; charset=utf-8");
	kit_resp_header(&r, "Cache-Control", a->cache_control ? a->cache_control : "no-store");
	if (a->vary)
		kit_resp_header(&r, "Vary", a->vary);
	if (a->name)
		kit_resp_header(&r, a->name, a->value);
	kit_resp_lines(&r, a->lines);
	int rc = kit_resp_begin(&r);
	kit_resp_free(&r);
	if (rc == 0 && !a->head_only && a->body)
		rc = kit_sink_write(out, a->body, strlen(a->body));
	return rc;
}

int kit_resp_text(const kit_sink *out, int status, int head_only, const char *body)
{
	return kit_resp_simple(out, &(kit_simple_answer){ .status = status, .head_only = head_only, .body = body });
}
