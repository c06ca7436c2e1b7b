/* fetch.c — server-side fetch() over libcurl: one multi handle per worker.
 *
 * js/server/fetch.ts turns fetch(input, init) into a call of the native
 *   __kit_fetch(method, url, [[name, value]...], bodyBytes|null, timeoutMs,
 *               redirect, onDone, onFail) → id
 * which registers one easy handle with the event loop (loop.c's
 * kit_loop_add_transfer). The loop drives curl next to its timers and, when
 * the transfer finished, calls fetch_done here, which calls
 *   onDone({status, statusText, url, redirected, headers, body})
 * with the headers of the last response as [[name, value]...] (set-cookie
 * lines kept apart) and the body as a byte string, or
 *   onFail(TypeError("fetch failed: <curl's message>")) with a `cause`.
 * __kit_fetch_abort(id) drops a transfer without calling anything (fetch.ts
 * rejects with the signal's reason itself).
 *
 * The callbacks live in keep slots (kit_req_keep; never js_ref: its names
 * are interned forever). kit_loop_reset removes every transfer when the
 * request ends, so nothing of an old request can call into the next one.
 * Bodies arrive whole: mujs has no streams, and a body past
 * KIT_FETCH_MAX_BODY fails the fetch. Only http and https, no
 * signals (CURLOPT_NOSIGNAL), no proxy from the environment (like Node's
 * fetch), Accept-Encoding: identity (bytes come back as the server sent them). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "curl.h"

#include "engine_impl.h"
#include "fetch.h"
#include "jsstr.h"
#include "loop.h"

#define MAX_HEADER_BYTES ((size_t)1 << 20)
#define MAX_REDIRECTS 20L

/* One fetch() in flight: the context loop.c hands back to fetch_done. */
struct fetch {
	CURL *easy;                    /* the loop's once registered */
	int on_done, on_fail;          /* keep slots (kit_req_keep) */
	struct curl_slist *req_headers;
	kit_buf req_body;
	kit_buf headers;               /* the last response's: "name\0value\0"... */
	kit_curl_body body;
	char status_text[256];
	int headers_too_big;
	char errbuf[CURL_ERROR_SIZE];
};

/* What the loop calls when it frees the transfer (its easy handle is gone). */
static void fetch_drop(void *ctx)
{
	struct fetch *t = ctx;
	kit_curl.slist_free_all(t->req_headers);
	kit_buf_free(&t->req_body);
	kit_buf_free(&t->headers);
	kit_buf_free(&t->body.buf);
	free(t);
}

/* --- curl callbacks ----------------------------------------------------- */

static int is_tchar(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* One header line (curl hands them whole). A status line starts a new
 * response (a redirect, a 100 Continue): the headers kept so far go. */
static size_t on_header(char *p, size_t size, size_t n, void *ctx)
{
	struct fetch *t = ctx;
	kit_curl_header h;
	int kind = kit_curl_header_split(p, size * n, &h);
	if (kind == KIT_CURL_STATUS) {
		kit_buf_reset(&t->headers);
		t->status_text[0] = '\0';
		/* HTTP/1.1 200 OK: the reason phrase follows the second space */
		const char *line = h.value, *sp = memchr(line, ' ', h.vlen);
		const char *sp2 = sp ? memchr(sp + 1, ' ', h.vlen - (size_t)(sp + 1 - line)) : NULL;
		if (sp2) {
			size_t m = h.vlen - (size_t)(sp2 + 1 - line);
			if (m >= sizeof t->status_text)
				m = sizeof t->status_text - 1;
			memcpy(t->status_text, sp2 + 1, m);
			t->status_text[m] = '\0';
		}
		return size * n;
	}
	if (kind != KIT_CURL_FIELD)
		return size * n;  /* the empty line, an obsolete folded line: skipped */
	for (size_t i = 0; i < h.nlen; i++)
		if (!is_tchar((unsigned char)h.name[i]))
			return size * n;
	/* hop-by-hop: they describe kit's connection to the server, not the
	 * answer (the body is already de-chunked), and must not be passed on
	 * when an API route returns the Response as it is */
	static const char *const hop[] = { "connection", "keep-alive", "transfer-encoding" };
	for (size_t i = 0; i < sizeof hop / sizeof *hop; i++)
		if (h.nlen == strlen(hop[i]) && strncasecmp(h.name, hop[i], h.nlen) == 0)
			return size * n;
	if (t->headers.len + (size_t)(h.value + h.vlen - h.name) + 2 > MAX_HEADER_BYTES) {
		t->headers_too_big = 1;
		return 0;
	}
	while (h.vlen && (h.value[h.vlen - 1] == ' ' || h.value[h.vlen - 1] == '\t'))
		h.vlen--;
	for (size_t i = 0; i < h.nlen; i++)
		kit_buf_putc(&t->headers, (char)((h.name[i] >= 'A' && h.name[i] <= 'Z') ? h.name[i] + 32 : h.name[i]));
	kit_buf_putc(&t->headers, '\0');
	for (size_t i = 0; i < h.vlen; i++)
		kit_buf_putc(&t->headers, h.value[i] ? h.value[i] : ' ');
	kit_buf_putc(&t->headers, '\0');
	return size * n;
}

/* --- __kit_fetch -------------------------------------------------------- */

/* Request headers fetch() must not pass on: curl writes them from the
 * request itself, or they would break the exchange. */
static int dropped_header(const char *name)
{
	static const char *const names[] = {
		"accept-encoding", "connection", "content-length", "expect", "host", "keep-alive",
		"te", "trailer", "transfer-encoding", "upgrade",
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* Reads the arguments of __kit_fetch into t (may throw: t is freed by the caller's try). */
static void read_request(js_State *J, struct fetch *t, int *has_type, int *has_body)
{
	const char *method = js_tostring(J, 1);
	CURL *c = t->easy;
	kit_buf line;
	kit_buf_init(&line);
	*has_type = 0;
	int n = js_isarray(J, 3) ? js_getlength(J, 3) : 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, 3, i);
		js_getindex(J, -1, 0);
		js_getindex(J, -2, 1);
		const char *name = js_isstring(J, -2) ? js_tostring(J, -2) : "";
		const char *value = js_isstring(J, -1) ? js_tostring(J, -1) : "";
		if (name[0] && !dropped_header(name) && !strpbrk(name, "\r\n:")) {
			kit_buf_reset(&line);
			kit_buf_puts(&line, name);
			if (value[0]) {
				kit_buf_puts(&line, ": ");
				kit_jsstr_put_bytes(&line, value);
			} else {
				kit_buf_putc(&line, ';');  /* curl's way of sending an empty value */
			}
			/* Headers refused CR, LF and NUL already */
			t->req_headers = kit_curl_slist_add_line(t->req_headers, &line);
			if (strcasecmp(name, "content-type") == 0)
				*has_type = 1;
		}
		js_pop(J, 3);
	}
	kit_buf_free(&line);
	t->req_headers = kit_curl_slist_add(t->req_headers, "Accept-Encoding: identity");
	t->req_headers = kit_curl_slist_add(t->req_headers, "Expect:");  /* no 100-continue round trip */

	*has_body = js_isstring(J, 4);
	if (*has_body)
		kit_jsstr_put_bytes(&t->req_body, js_tostring(J, 4));
	int post = strcmp(method, "POST") == 0;
	if (strcmp(method, "GET") == 0)
		kit_curl.easy_setopt(c, CURLOPT_HTTPGET, 1L);
	else if (strcmp(method, "HEAD") == 0)
		kit_curl.easy_setopt(c, CURLOPT_NOBODY, 1L);
	else if (!post)
		kit_curl.easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	if (post || *has_body || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0) {
		/* a body (Content-Length: 0 when empty, as Node sends for these methods) */
		kit_curl.easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)t->req_body.len);
		kit_curl.easy_setopt(c, CURLOPT_POSTFIELDS, t->req_body.len ? t->req_body.data : "");
		if (!*has_type)  /* curl would add application/x-www-form-urlencoded */
			t->req_headers = kit_curl_slist_add(t->req_headers, "Content-Type:");
	}
}

/* Before it is registered (the loop frees it from then on). */
static void fetch_free(struct fetch *t)
{
	kit_curl.easy_cleanup(t->easy);
	fetch_drop(t);
}

static void fetch_done(kit_engine *e, void *ctx, int rc);
static const struct kit_loop_transfer_ops fetch_ops = { NULL, fetch_done, fetch_drop };

static void native_fetch(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	if (!e->rq.err)
		js_typeerror(J, "fetch() can only run while a request is answered (not while the app loads)");
	char err[KIT_ERR_SIZE];
	if (kit_curl_load(err, sizeof err) < 0)  /* libcurl comes with the first transfer */
		js_error(J, "fetch: %s", err);
	if (kit_loop_transfers(e) >= KIT_LOOP_MAX_TRANSFERS)
		js_typeerror(J, "fetch failed: more than %d requests in flight at once", KIT_LOOP_MAX_TRANSFERS);
	if (!js_isstring(J, 1) || !js_isstring(J, 2) || !js_iscallable(J, 7) || !js_iscallable(J, 8))
		js_typeerror(J, "__kit_fetch: bad arguments");
	const char *url = js_tostring(J, 2);
	if (strncasecmp(url, "http://", 7) != 0 && strncasecmp(url, "https://", 8) != 0)
		js_typeerror(J, "fetch failed: only http: and https: URLs can be fetched (%.200s)", url);
	double timeout = js_isnumber(J, 5) ? js_tonumber(J, 5) : KIT_FETCH_DEFAULT_TIMEOUT_MS;
	const char *redirect = js_isstring(J, 6) ? js_tostring(J, 6) : "follow";

	struct fetch *t = calloc(1, sizeof *t);
	if (!t || !(t->easy = kit_curl.easy_init())) {
		free(t);
		js_error(J, "fetch: out of memory");
	}
	kit_buf_init(&t->req_body);
	kit_buf_init(&t->headers);
	kit_buf_init(&t->body.buf);
	t->body.max = KIT_FETCH_MAX_BODY;
	CURL *c = t->easy;
	int has_type, has_body;
	if (js_try(J)) {
		fetch_free(t);
		js_throw(J);
	}
	read_request(J, t, &has_type, &has_body);
	js_copy(J, 7);
	t->on_done = kit_req_keep(e);
	js_copy(J, 8);
	t->on_fail = kit_req_keep(e);
	js_endtry(J);

	kit_curl_setup(c, url, t->req_headers, t->errbuf);
#if LIBCURL_VERSION_NUM >= 0x075500
	kit_curl.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	kit_curl.easy_setopt(c, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	kit_curl.easy_setopt(c, CURLOPT_USERAGENT, "kit");
	if (strcmp(redirect, "follow") == 0) {
		kit_curl.easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
		kit_curl.easy_setopt(c, CURLOPT_MAXREDIRS, MAX_REDIRECTS);
	}
	if (timeout > 0)
		kit_curl.easy_setopt(c, CURLOPT_TIMEOUT_MS, timeout < (double)LONG_MAX / 2 ? (long)timeout : LONG_MAX / 2);
	kit_curl.easy_setopt(c, CURLOPT_WRITEFUNCTION, kit_curl_collect);
	kit_curl.easy_setopt(c, CURLOPT_WRITEDATA, &t->body);
	kit_curl.easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	kit_curl.easy_setopt(c, CURLOPT_HEADERDATA, t);

	double id;
	if (kit_loop_add_transfer(e, c, &fetch_ops, t, &id, err, sizeof err) < 0) {
		fetch_free(t);
		js_error(J, "fetch: %s", err);
	}
	js_pushnumber(J, id);
}

static void native_fetch_abort(js_State *J)
{
	kit_loop_cancel_transfer(js_getcontext(J), js_tonumber(J, 1));
	js_pushundefined(J);
}

void kit_fetch_install(kit_engine *e)
{
	js_State *J = e->J;
	js_newcfunction(J, native_fetch, "__kit_fetch", 8);
	js_setglobal(J, "__kit_fetch");
	js_newcfunction(J, native_fetch_abort, "__kit_fetch_abort", 1);
	js_setglobal(J, "__kit_fetch_abort");
}

/* --- completion --------------------------------------------------------- */

/* Node's error codes where there is one, so code can test err.cause.code. */
static const char *error_code(const struct fetch *t, CURLcode rc)
{
	if (t->body.too_big || t->headers_too_big)
		return "KIT_FETCH_TOO_LARGE";
	if (rc == CURLE_TOO_MANY_REDIRECTS)
		return "KIT_FETCH_REDIRECTS";
	const char *code = kit_curl_node_code(rc);
	return code ? code : "KIT_FETCH_FAILED";
}

/* Pushes the argument of onDone. */
static void push_answer(js_State *J, struct fetch *t)
{
	long status = 0, redirects = 0;
	char *url = NULL;
	kit_curl.easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
	kit_curl.easy_getinfo(t->easy, CURLINFO_REDIRECT_COUNT, &redirects);
	kit_curl.easy_getinfo(t->easy, CURLINFO_EFFECTIVE_URL, &url);
	js_newobject(J);
	js_pushnumber(J, (double)status);
	js_setproperty(J, -2, "status");
	kit_jsstr_push_bytes(J, t->status_text, strlen(t->status_text));
	js_setproperty(J, -2, "statusText");
	kit_jsstr_push_bytes(J, url ? url : "", url ? strlen(url) : 0);
	js_setproperty(J, -2, "url");
	js_pushboolean(J, redirects > 0);
	js_setproperty(J, -2, "redirected");
	js_newarray(J);
	int i = 0;
	for (size_t off = 0; off < t->headers.len; i++) {
		const char *name = t->headers.data + off;
		const char *value = name + strlen(name) + 1;
		off = (size_t)(value - t->headers.data) + strlen(value) + 1;
		js_newarray(J);
		js_pushstring(J, name);
		js_setindex(J, -2, 0);
		kit_jsstr_push_bytes(J, value, strlen(value));
		js_setindex(J, -2, 1);
		js_setindex(J, -2, i);
	}
	js_setproperty(J, -2, "headers");
	kit_jsstr_push_bytes(J, t->body.buf.data ? t->body.buf.data : "", t->body.buf.len);
	js_setproperty(J, -2, "body");
}

/* Pushes the TypeError for onFail, its cause an Error with curl's message and a code. */
static void push_failure(js_State *J, struct fetch *t, CURLcode rc)
{
	char text[CURL_ERROR_SIZE + 128];
	if (t->body.too_big)
		snprintf(text, sizeof text, "the response body is larger than %zu MiB (fetch collects bodies whole)",
			 KIT_FETCH_MAX_BODY >> 20);
	else if (t->headers_too_big)
		snprintf(text, sizeof text, "the response headers are larger than %zu KiB", MAX_HEADER_BYTES >> 10);
	else
		snprintf(text, sizeof text, "%s", t->errbuf[0] ? t->errbuf : kit_curl.easy_strerror(rc));
	kit_buf msg;
	kit_buf_init(&msg);
	kit_buf_printf(&msg, "fetch failed: %s", text);
	js_newtypeerror(J, kit_buf_cstr(&msg));
	kit_buf_free(&msg);
	js_newerror(J, text);
	js_pushstring(J, error_code(t, rc));
	js_setproperty(J, -2, "code");
	js_setproperty(J, -2, "cause");
}

/* The transfer finished (the loop calls it, only while its request runs):
 * onDone(answer) or onFail(error). */
static void fetch_done(kit_engine *e, void *ctx, int code)
{
	struct fetch *t = ctx;
	CURLcode rc = (CURLcode)code;
	js_State *J = e->J;
	t->errbuf[sizeof t->errbuf - 1] = '\0';
	kit_req_keep_get(e, rc == CURLE_OK ? t->on_done : t->on_fail);
	js_pushundefined(J);
	if (js_try(J)) {
		/* out of memory building the answer: the stack is [callback, this, error] */
		fprintf(stderr, "kit: %s: fetch: cannot hand over the answer: %s\n", e->rq.pathname ? e->rq.pathname : "",
			js_trystring(J, -1, "?"));
		js_pop(J, 3);
		return;
	}
	if (rc == CURLE_OK)
		push_answer(J, t);
	else
		push_failure(J, t, rc);
	js_endtry(J);
	if (js_pcall(J, 1)) {
		fprintf(stderr, "kit: %s: fetch: a callback threw: %s\n", e->rq.pathname ? e->rq.pathname : "",
			js_trystring(J, -1, "?"));
	}
	js_pop(J, 1);
}
