/* forward.c — hands a URL the route tree does not own to RSC_BACKEND
 * (forward.h). One blocking libcurl transfer per request (the responder
 * answers one request at a time): the request body is read from the web
 * server as curl sends it, the answer written to the visitor as it comes. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/curl.h"

#include "fcgi/forward.h"
#include "fcgi/response.h"

struct fwd {
	const kit_request *req;
	const kit_sink *out;
	kit_buf head;        /* the answer's header lines, CGI style */
	long status;
	int head_sent;
	int head_refused;    /* the writer refused a header of the backend's: a 502 went out */
	int client_gone;
};

atomic_int kit_forwarding;

static long env_ms(const char *name, long dflt)
{
	const char *v = getenv(name);
	long ms = v && *v ? atol(v) : 0;
	return ms > 0 ? ms : dflt;
}

long kit_forward_idle_ms(void)
{
	return env_ms("KIT_FORWARD_IDLE_TIMEOUT_MS", 30000);
}

long kit_forward_total_ms(void)
{
	return env_ms("KIT_FORWARD_TIMEOUT_MS", 600000);
}

static const char *backend(void)
{
	const char *b = getenv("RSC_BACKEND");
	return b && *b ? b : NULL;
}

static const char *param(const kit_request *req, const char *name)
{
	const char *v = req->param(req->ctx, name);
	return v ? v : "";
}

int kit_forward_wanted(const kit_request *req)
{
	if (!backend())
		return 0;
	/* loop prevention: the backend proxied this request to us */
	return strcmp(param(req, "HTTP_X_RSC_PROXIED_BY_BACKEND"), "1") != 0;
}

static int hop_by_hop(const char *name, size_t n)
{
	static const char *const names[] = { "connection", "keep-alive", "transfer-encoding", "te", "trailer",
					     "upgrade", "proxy-connection", "content-length", "host" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (n == strlen(names[i]) && strncasecmp(name, names[i], n) == 0)
			return 1;
	return 0;
}

static size_t on_header(char *p, size_t size, size_t n, void *ctx)
{
	struct fwd *f = ctx;
	size_t len = size * n;
	while (len && (p[len - 1] == '\n' || p[len - 1] == '\r'))
		len--;
	if (len >= 5 && memcmp(p, "HTTP/", 5) == 0) {
		kit_buf_reset(&f->head);  /* a new response (after 100 Continue) */
		const char *sp = memchr(p, ' ', len);
		f->status = sp ? strtol(sp + 1, NULL, 10) : 502;
		return size * n;
	}
	if (len == 0 || f->head_sent)  /* the empty line; trailers after the body */
		return size * n;
	/* a line without a name, a CR or NUL inside: kept, so that the
	 * response writer refuses it (502) instead of passing it on */
	const char *colon = memchr(p, ':', len);
	if (colon && hop_by_hop(p, (size_t)(colon - p)))
		return size * n;
	kit_buf_put(&f->head, p, len);
	kit_buf_puts(&f->head, "\r\n");
	return size * n;
}

static int send_head(struct fwd *f)
{
	if (f->head_sent)
		return f->head_refused ? -1 : 0;
	f->head_sent = 1;
	kit_resp r;
	kit_resp_init(&r, f->out, f->status >= 100 && f->status <= 599 ? (int)f->status : 502,
		      strcmp(param(f->req, "REQUEST_METHOD"), "HEAD") == 0);
	r.refusal_status = 502;  /* the backend sent a header that would split the answer */
	kit_resp_lines(&r, &f->head);
	int rc = kit_resp_begin(&r);
	f->head_refused = r.refused[0] != '\0';
	kit_resp_free(&r);
	return rc;
}

static size_t on_body(char *p, size_t size, size_t n, void *ctx)
{
	struct fwd *f = ctx;
	size_t len = size * n;
	if (send_head(f) < 0 || (strcmp(param(f->req, "REQUEST_METHOD"), "HEAD") != 0 &&
				 (kit_sink_write(f->out, p, len) < 0 || kit_sink_flush(f->out) < 0))) {
		f->client_gone = 1;
		return 0;
	}
	return len;
}

static size_t on_read(char *buf, size_t size, size_t n, void *ctx)
{
	struct fwd *f = ctx;
	if (!f->req->read)
		return 0;
	long got = f->req->read(f->req->ctx, buf, size * n);
	return got < 0 ? CURL_READFUNC_ABORT : (size_t)got;
}

static void generic_502(const kit_sink *out)
{
	static const char msg[] = "Status: 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\n"
				  "Cache-Control: no-store\r\n\r\n502 Bad Gateway\n";
	kit_sink_write(out, msg, sizeof msg - 1);
}

static void generic_504(const kit_sink *out)
{
	static const char msg[] = "Status: 504 Gateway Timeout\r\nContent-Type: text/plain; charset=utf-8\r\n"
				  "Cache-Control: no-store\r\n\r\n504 Gateway Timeout\n";
	kit_sink_write(out, msg, sizeof msg - 1);
}

int kit_forward(const kit_request *req, const kit_sink *out)
{
	const char *base = backend();
	const char *method = param(req, "REQUEST_METHOD");
	const char *uri = *param(req, "REQUEST_URI") ? param(req, "REQUEST_URI") : "/";
	char err[KIT_ERR_SIZE];
	if (!base) {
		generic_502(out);
		return 0;
	}
	if (kit_curl_load(err, sizeof err) < 0) {
		fprintf(stderr, "kit: forwarding %s %s to the backend: %s\n", method, uri, err);
		generic_502(out);
		return 0;
	}
	CURL *c = kit_curl.easy_init();
	if (!c) {
		generic_502(out);
		return 0;
	}
	kit_buf url, line;
	kit_buf_init(&url);
	kit_buf_init(&line);
	size_t blen = strlen(base);
	while (blen && base[blen - 1] == '/')
		blen--;
	kit_buf_put(&url, base, blen);
	/* the target as the visitor sent it, but a byte a request line cannot
	 * hold raw (a control byte, a space, non-ASCII: Apache passes some on)
	 * goes %-encoded, so it never reaches the backend as a line break */
	for (const unsigned char *p = (const unsigned char *)uri; *p; p++) {
		if (*p > 0x20 && *p < 0x7f)
			kit_buf_putc(&url, (char)*p);
		else
			kit_buf_printf(&url, "%%%02X", *p);
	}

	/* the visitor's headers as they came (CGI: HTTP_NAME → Name), then the markers */
	struct curl_slist *hdrs = NULL;
	char **env = req->params ? req->params(req->ctx) : NULL;
	for (size_t i = 0; env && env[i]; i++) {
		const char *v = env[i], *eq = strchr(v, '=');
		if (!eq)
			continue;
		int http = strncmp(v, "HTTP_", 5) == 0;
		if (!http && strncmp(v, "CONTENT_TYPE=", 13) != 0)
			continue;
		const char *name = http ? v + 5 : v;
		size_t nlen = (size_t)(eq - name);
		if (hop_by_hop(name, nlen) || (nlen == 15 && strncasecmp(name, "X_FORWARDED_FOR", 15) == 0 && 0))
			continue;
		if ((nlen == 16 && strncasecmp(name, "X_FORWARDED_HOST", 16) == 0) ||
		    (nlen == 17 && strncasecmp(name, "X_FORWARDED_PROTO", 17) == 0) ||
		    (nlen == 23 && strncasecmp(name, "X_RSC_RENDERER_FALLBACK", 23) == 0) ||
		    (nlen == 6 && strncasecmp(name, "EXPECT", 6) == 0))
			continue;
		kit_buf_reset(&line);
		int up = 1;
		for (const char *p = name; p < eq; p++) {
			char ch = *p == '_' ? '-' : *p;
			kit_buf_putc(&line, (char)(up && ch >= 'a' && ch <= 'z' ? ch - 32 : !up && ch >= 'A' && ch <= 'Z' ? ch + 32 : ch));
			up = ch == '-';
		}
		kit_buf_puts(&line, ": ");
		kit_buf_puts(&line, eq + 1);
		if (!strpbrk(eq + 1, "\r\n"))
			hdrs = kit_curl.slist_append(hdrs, kit_buf_cstr(&line));
	}
	const char *https = param(req, "HTTPS");
	const char *host = *param(req, "HTTP_HOST") ? param(req, "HTTP_HOST") : param(req, "SERVER_NAME");
	kit_buf_reset(&line);
	kit_buf_printf(&line, "X-Forwarded-Host: %s", host);
	if (!strpbrk(host, "\r\n"))
		hdrs = kit_curl.slist_append(hdrs, kit_buf_cstr(&line));
	hdrs = kit_curl.slist_append(hdrs, *https && strcmp(https, "off") != 0 ? "X-Forwarded-Proto: https" : "X-Forwarded-Proto: http");
	hdrs = kit_curl.slist_append(hdrs, "X-Rsc-Renderer-Fallback: 1");
	hdrs = kit_curl.slist_append(hdrs, "Expect:");
	if (!*param(req, "HTTP_ACCEPT"))
		hdrs = kit_curl.slist_append(hdrs, "Accept:");
	if (!*param(req, "CONTENT_TYPE"))
		hdrs = kit_curl.slist_append(hdrs, "Content-Type:");

	struct fwd f = { .req = req, .out = out, .status = 502 };
	kit_buf_init(&f.head);
	kit_curl.easy_setopt(c, CURLOPT_URL, kit_buf_cstr(&url));
	kit_curl.easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	kit_curl.easy_setopt(c, CURLOPT_PROXY, "");
	kit_curl.easy_setopt(c, CURLOPT_HTTPHEADER, hdrs);
	kit_curl.easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	kit_curl.easy_setopt(c, CURLOPT_HEADERDATA, &f);
	kit_curl.easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	kit_curl.easy_setopt(c, CURLOPT_WRITEDATA, &f);
	kit_curl.easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, 10000L);
	/* its own timeouts, not the render watchdog's (kit-fcgi.c skips a
	 * forwarding request): idle = no byte from the backend for that long
	 * (below 1 byte/s over the whole window, whole seconds), total = the
	 * whole transfer */
	long idle_s = (kit_forward_idle_ms() + 999) / 1000;
	kit_curl.easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
	kit_curl.easy_setopt(c, CURLOPT_LOW_SPEED_TIME, idle_s);
	kit_curl.easy_setopt(c, CURLOPT_TIMEOUT_MS, kit_forward_total_ms());
	if (strcmp(method, "GET") == 0) {
		kit_curl.easy_setopt(c, CURLOPT_HTTPGET, 1L);
	} else if (strcmp(method, "HEAD") == 0) {
		kit_curl.easy_setopt(c, CURLOPT_NOBODY, 1L);
	} else {
		/* the body streamed from the web server as curl sends it */
		const char *cl = param(req, "CONTENT_LENGTH");
		kit_curl.easy_setopt(c, CURLOPT_UPLOAD, 1L);
		kit_curl.easy_setopt(c, CURLOPT_READFUNCTION, on_read);
		kit_curl.easy_setopt(c, CURLOPT_READDATA, &f);
		kit_curl.easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)(*cl ? strtoll(cl, NULL, 10) : 0));
		kit_curl.easy_setopt(c, CURLOPT_CUSTOMREQUEST, method);
	}
	atomic_store(&kit_forwarding, 1);
	CURLcode rc = kit_curl.easy_perform(c);
	atomic_store(&kit_forwarding, 0);
	int cut = 0;
	if (rc == CURLE_OK) {
		send_head(&f);  /* an answer without a body */
	} else if (!f.head_sent) {
		/* the address only in the log, never in the answer */
		fprintf(stderr, "kit: forwarding %s %s to the backend failed: %s\n", method, uri, kit_curl.easy_strerror(rc));
		if (rc == CURLE_OPERATION_TIMEDOUT)
			generic_504(out);
		else
			generic_502(out);
	} else if (!f.client_gone) {
		fprintf(stderr, "kit: forwarding %s %s: the backend's answer was cut: %s\n", method, uri, kit_curl.easy_strerror(rc));
		cut = 1;
	}
	kit_sink_flush(out);
	kit_curl.slist_free_all(hdrs);
	kit_curl.easy_cleanup(c);
	kit_buf_free(&f.head);
	kit_buf_free(&url);
	kit_buf_free(&line);
	return cut ? -1 : 0;
}
