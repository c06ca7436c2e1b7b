/* rpc.c — the transport of host calls (docs/wire-formats.md §5).
 *
 * js/server/rpc.ts builds the JSON body (one call, or a batch of calls made
 * in the same tick) and calls
 *   __kit_rpc([[name, value]...], body, onLine, onDone, onFail)
 * C registers one POST to {RSC_BACKEND}{RSC_HOST_CALL_PATH} with the event
 * loop (loop.c's kit_loop_add_transfer: it waits on it like on a fetch, and
 * drops it when the request ends). Headers sent: Content-Type:
 * application/json, X-Rsc-Host-Secret, and of the given ones only Cookie and
 * Authorization — nothing else (curl's Accept and Expect are removed).
 *
 * An answer of type application/x-ndjson is handed over line by line AS IT
 * ARRIVES: after each step of curl, every complete line calls onLine(text),
 * so the call it answers settles while its siblings still run; the first
 * line also carries the answer's Set-Cookie values (onLine(text, [...]); an
 * empty list with the later lines and at the end). Any other answer is
 * collected whole. At the end, onDone({status, ndjson, body, setCookie:
 * [...]}) (body "" for NDJSON), or onFail(message, code) for a
 * transport error (code ECONNREFUSED, ETIMEDOUT, ECONNRESET, KIT_RPC_TOO_LARGE,
 * KIT_RPC_FAILED). Callbacks live in keep slots (kit_req_keep); the loop
 * never calls a transfer back after its request. The backend's address never
 * appears in a message handed to JS. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "curl.h"

#include "engine_impl.h"
#include "jsstr.h"
#include "loop.h"
#include "rpc.h"

static struct {
	int enabled;
	char url[2048];      /* backend + path */
	char secret[1024];
	long timeout_ms;
} cfg;

struct call {
	kit_engine *e;
	CURL *easy;           /* owned by loop.c once added */
	struct curl_slist *hdrs;
	kit_buf req;          /* request body */
	kit_curl_body in;     /* answer bytes not handed over yet */
	kit_buf cookies;      /* Set-Cookie values, "v\0"... */
	int ndjson;
	int cookies_handed;   /* the Set-Cookie list went with a line already */
	int on_line, on_done, on_fail;
	char errbuf[CURL_ERROR_SIZE];
};

static int env_set(const char *name, const char **out)
{
	const char *v = getenv(name);
	*out = v ? v : "";
	return v && *v;
}

int kit_rpc_open(kit_engine *e, char *err, size_t errlen)
{
	(void)e;
	const char *backend, *secret, *path, *timeout;
	int has_backend = env_set("RSC_BACKEND", &backend);
	int has_secret = env_set("RSC_HOST_CALL_SECRET", &secret);
	memset(&cfg, 0, sizeof cfg);
	cfg.timeout_ms = KIT_RPC_DEFAULT_TIMEOUT_MS;
	if (!has_backend && !has_secret)
		return 0;
	if (!has_backend || !has_secret) {
		snprintf(err, errlen,
			 "RSC_BACKEND and RSC_HOST_CALL_SECRET go together: %s is set but %s is not — "
			 "set both to call a backend, or neither",
			 has_backend ? "RSC_BACKEND" : "RSC_HOST_CALL_SECRET",
			 has_backend ? "RSC_HOST_CALL_SECRET" : "RSC_BACKEND");
		return -1;
	}
	if (strncasecmp(backend, "http://", 7) != 0 && strncasecmp(backend, "https://", 8) != 0) {
		snprintf(err, errlen, "RSC_BACKEND must be an http:// or https:// URL");
		return -1;
	}
	if (strpbrk(secret, "\r\n")) {
		snprintf(err, errlen, "RSC_HOST_CALL_SECRET must not contain line breaks");
		return -1;
	}
	if (!env_set("RSC_HOST_CALL_PATH", &path))
		path = KIT_RPC_DEFAULT_PATH;
	if (*path != '/') {
		snprintf(err, errlen, "RSC_HOST_CALL_PATH must start with / (got %.200s)", path);
		return -1;
	}
	size_t blen = strlen(backend);
	while (blen && backend[blen - 1] == '/')
		blen--;
	if (blen + strlen(path) + 1 > sizeof cfg.url || strlen(secret) + 1 > sizeof cfg.secret) {
		snprintf(err, errlen, "RSC_BACKEND or RSC_HOST_CALL_SECRET is too long");
		return -1;
	}
	if (env_set("RSC_HOST_CALL_TIMEOUT_MS", &timeout)) {
		char *end;
		long ms = strtol(timeout, &end, 10);
		if (*end || ms < 0) {
			snprintf(err, errlen, "RSC_HOST_CALL_TIMEOUT_MS must be a number of milliseconds (0 = none)");
			return -1;
		}
		cfg.timeout_ms = ms;
	}
	snprintf(cfg.url, sizeof cfg.url, "%.*s%s", (int)blen, backend, path);
	snprintf(cfg.secret, sizeof cfg.secret, "%s", secret);
	cfg.enabled = 1;
	return 0;
}

/* --- strings ------------------------------------------------------------ */

/* Pushes JSON text (UTF-8) as a mujs string. Outside JSON strings valid JSON
 * is ASCII, so a 4-byte sequence (a character mujs holds as a surrogate pair)
 * becomes a \uXXXX\uXXXX escape and JSON.parse restores it; NUL is C0 80. */
static void push_json(js_State *J, const char *p, size_t n)
{
	kit_buf b;
	kit_buf_init(&b);
	kit_buf_reserve(&b, n + 16);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == 0) {
			kit_buf_putc(&b, (char)0xC0);
			kit_buf_putc(&b, (char)0x80);
		} else if (c >= 0xF0 && c <= 0xF4 && i + 3 < n && (p[i + 1] & 0xC0) == 0x80 &&
			   (p[i + 2] & 0xC0) == 0x80 && (p[i + 3] & 0xC0) == 0x80) {
			/* a 4-byte sequence only when its continuation bytes are
			 * continuation bytes: never swallow a quote or a NUL */
			unsigned long cp = ((unsigned long)(c & 0x07) << 18) | ((unsigned long)(p[i + 1] & 0x3F) << 12) |
					   ((unsigned long)(p[i + 2] & 0x3F) << 6) | (unsigned long)(p[i + 3] & 0x3F);
			if (cp < 0x10000 || cp > 0x10FFFF) {
				kit_buf_putc(&b, (char)c);
				continue;
			}
			cp -= 0x10000;
			kit_buf_printf(&b, "\\u%04lx\\u%04lx", 0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF));
			i += 3;
		} else {
			kit_buf_putc(&b, (char)c);
		}
	}
	if (b.len > INT_MAX) {
		kit_buf_free(&b);
		js_error(J, "rpc: an answer too large for a JS string");
	}
	js_pushlstring(J, b.data ? b.data : "", (int)b.len);
	kit_buf_free(&b);
}

/* --- curl callbacks ----------------------------------------------------- */

static size_t on_header(char *p, size_t size, size_t n, void *ctx)
{
	struct call *c = ctx;
	kit_curl_header h;
	int kind = kit_curl_header_split(p, size * n, &h);
	if (kind == KIT_CURL_STATUS) {
		/* a new response (after a 100 Continue): what was kept goes */
		c->ndjson = 0;
		kit_buf_reset(&c->cookies);
	} else if (kind != KIT_CURL_FIELD) {
		/* the empty line ending the head */
	} else if (h.nlen == 12 && strncasecmp(h.name, "content-type", 12) == 0) {
		c->ndjson = h.vlen >= 20 && strncasecmp(h.value, "application/x-ndjson", 20) == 0;
	} else if (h.nlen == 10 && strncasecmp(h.name, "set-cookie", 10) == 0 && c->cookies.len < 65536) {
		for (size_t i = 0; i < h.vlen; i++)
			kit_buf_putc(&c->cookies, h.value[i] ? h.value[i] : ' ');
		kit_buf_putc(&c->cookies, '\0');
	}
	return size * n;
}

/* --- handing over ------------------------------------------------------- */

/* Pushes the Set-Cookie values as an array: the first time only (with the
 * first NDJSON line, else with the end), an empty one after that. */
static void push_cookies(js_State *J, struct call *c)
{
	js_newarray(J);
	if (c->cookies_handed)
		return;
	c->cookies_handed = 1;
	int i = 0;
	for (size_t off = 0; off < c->cookies.len; i++) {
		const char *v = c->cookies.data + off;
		off += strlen(v) + 1;
		push_json(J, v, strlen(v));
		js_setindex(J, -2, i);
	}
}

/* Calls the function below `this` and n arguments on the stack. */
static int call_js(kit_engine *e, int n)
{
	js_State *J = e->J;
	if (js_pcall(J, n)) {
		fprintf(stderr, "kit: %s: rpc: a callback threw: %s\n", e->rq.pathname ? e->rq.pathname : "",
			js_trystring(J, -1, "?"));
	}
	js_pop(J, 1);
	return 1;
}

static int hand_line(kit_engine *e, struct call *c, const char *start, size_t len)
{
	js_State *J = e->J;
	kit_req_keep_get(e, c->on_line);
	js_pushundefined(J);
	if (js_try(J)) {
		js_pop(J, 3);
		return 0;
	}
	push_json(J, start, len);
	/* the answer's Set-Cookie lines go with its first line: the call that
	 * line settles may let the shell (and the page's headers) go out */
	push_cookies(J, c);
	js_endtry(J);
	return call_js(e, 2);
}

/* Hands every complete line (all of them at the end) to onLine. */
static int deliver_lines(kit_engine *e, struct call *c, int at_end)
{
	kit_buf *in = &c->in.buf;
	int calls = 0;
	size_t off = 0;
	while (off < in->len) {
		const char *start = in->data + off;
		const char *nl = memchr(start, '\n', in->len - off);
		if (!nl && !at_end)
			break;
		size_t len = nl ? (size_t)(nl - start) : in->len - off;
		off += len + (nl ? 1 : 0);
		while (len && (start[len - 1] == '\r' || start[len - 1] == ' '))
			len--;
		if (!len)
			continue;
		calls += hand_line(e, c, start, len);
	}
	if (off) {
		memmove(in->data, in->data + off, in->len - off);
		in->len -= off;
	}
	return calls;
}

static int rpc_progress(kit_engine *e, void *ctx)
{
	struct call *c = ctx;
	if (!c->ndjson || !c->in.buf.len)
		return 0;
	return deliver_lines(e, c, 0);
}

static const char *code_of(const struct call *c, int rc)
{
	if (c->in.too_big)
		return "KIT_RPC_TOO_LARGE";
	const char *code = kit_curl_node_code((CURLcode)rc);
	return code ? code : "KIT_RPC_FAILED";
}

static void rpc_done(kit_engine *e, void *ctx, int rc)
{
	struct call *c = ctx;
	js_State *J = e->J;
	if (rc != CURLE_OK) {
		/* lines that arrived before the failure still answer their calls */
		if (c->ndjson && !c->in.too_big)
			deliver_lines(e, c, 0);
		const char *code = code_of(c, rc);
		char msg[256];
		/* curl's own message may name the address: a generic text instead */
		snprintf(msg, sizeof msg, "%s",
			 c->in.too_big ? "the backend's answer is larger than 32 MiB"
			 : rc == CURLE_OPERATION_TIMEDOUT ? "the backend did not answer in time"
			 : rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST ? "the backend is unreachable"
			 : "the connection to the backend failed");
		kit_req_keep_get(e, c->on_fail);
		js_pushundefined(J);
		js_pushstring(J, msg);
		js_pushstring(J, code);
		call_js(e, 2);
		return;
	}
	if (c->ndjson)
		deliver_lines(e, c, 1);
	long status = 0;
	kit_curl.easy_getinfo(c->easy, CURLINFO_RESPONSE_CODE, &status);
	kit_req_keep_get(e, c->on_done);
	js_pushundefined(J);
	if (js_try(J)) {
		fprintf(stderr, "kit: %s: rpc: cannot hand over the answer: %s\n", e->rq.pathname ? e->rq.pathname : "",
			js_trystring(J, -1, "?"));
		js_pop(J, 3);
		return;
	}
	js_newobject(J);
	js_pushnumber(J, (double)status);
	js_setproperty(J, -2, "status");
	js_pushboolean(J, c->ndjson);
	js_setproperty(J, -2, "ndjson");
	if (c->ndjson)
		js_pushliteral(J, "");
	else
		push_json(J, c->in.buf.data ? c->in.buf.data : "", c->in.buf.len);
	js_setproperty(J, -2, "body");
	push_cookies(J, c);
	js_setproperty(J, -2, "setCookie");
	js_endtry(J);
	call_js(e, 1);
}

static void rpc_drop(void *ctx)
{
	struct call *c = ctx;
	kit_curl.slist_free_all(c->hdrs);
	kit_buf_free(&c->req);
	kit_buf_free(&c->in.buf);
	kit_buf_free(&c->cookies);
	free(c);
}

/* --- the natives -------------------------------------------------------- */

/* __kit_rpc(headers, body, onLine, onDone, onFail) */
static void native_rpc(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	if (!cfg.enabled)
		js_error(J, "rpc(): no backend is configured (set RSC_BACKEND and RSC_HOST_CALL_SECRET)");
	if (!e->rq.err)
		js_error(J, "rpc() can only run while a request is answered");
	if (!js_isstring(J, 2) || !js_iscallable(J, 3) || !js_iscallable(J, 4) || !js_iscallable(J, 5))
		js_typeerror(J, "__kit_rpc: bad arguments");
	char err[KIT_ERR_SIZE];
	if (kit_curl_load(err, sizeof err) < 0)  /* libcurl comes with the first transfer */
		js_error(J, "rpc: %s", err);
	struct call *c = calloc(1, sizeof *c);
	if (!c || !(c->easy = kit_curl.easy_init())) {
		free(c);
		js_error(J, "rpc: out of memory");
	}
	c->e = e;
	kit_buf_init(&c->req);
	kit_buf_init(&c->in.buf);
	c->in.max = KIT_RPC_MAX_BODY;
	kit_buf_init(&c->cookies);
	kit_buf line;
	kit_buf_init(&line);
	if (js_try(J)) {
		kit_buf_free(&line);
		kit_curl.easy_cleanup(c->easy);
		rpc_drop(c);
		js_throw(J);
	}
	c->hdrs = kit_curl_slist_add(c->hdrs, "Content-Type: application/json");
	kit_buf_printf(&line, "X-Rsc-Host-Secret: %s", cfg.secret);
	c->hdrs = kit_curl_slist_add(c->hdrs, kit_buf_cstr(&line));
	c->hdrs = kit_curl_slist_add(c->hdrs, "Accept:");
	c->hdrs = kit_curl_slist_add(c->hdrs, "Expect:");
	/* the visitor's Cookie and Authorization, unchanged; nothing else */
	int n = js_isarray(J, 1) ? js_getlength(J, 1) : 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, 1, i);
		js_getindex(J, -1, 0);
		js_getindex(J, -2, 1);
		const char *name = js_isstring(J, -2) ? js_tostring(J, -2) : "";
		if ((strcasecmp(name, "cookie") == 0 || strcasecmp(name, "authorization") == 0) && js_isstring(J, -1)) {
			kit_buf_reset(&line);
			kit_buf_puts(&line, strcasecmp(name, "cookie") == 0 ? "Cookie: " : "Authorization: ");
			kit_jsstr_put_bytes(&line, js_tostring(J, -1));
			c->hdrs = kit_curl_slist_add_line(c->hdrs, &line);
		}
		js_pop(J, 3);
	}
	/* the body: JSON.stringify's output, mujs's modified UTF-8 → UTF-8 */
	const char *body = js_tostring(J, 2);
	size_t blen = strlen(body);
	kit_buf_reserve(&c->req, blen + 1);
	c->req.len = kit_jsstr_utf8(c->req.data, body, blen);
	js_copy(J, 3);
	c->on_line = kit_req_keep(e);
	js_copy(J, 4);
	c->on_done = kit_req_keep(e);
	js_copy(J, 5);
	c->on_fail = kit_req_keep(e);
	js_endtry(J);
	kit_buf_free(&line);

	CURL *h = c->easy;
	kit_curl_setup(h, cfg.url, c->hdrs, c->errbuf);
	kit_curl.easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)c->req.len);
	kit_curl.easy_setopt(h, CURLOPT_POSTFIELDS, c->req.len ? c->req.data : "");
	if (cfg.timeout_ms > 0)
		kit_curl.easy_setopt(h, CURLOPT_TIMEOUT_MS, cfg.timeout_ms);
	kit_curl.easy_setopt(h, CURLOPT_WRITEFUNCTION, kit_curl_collect);
	kit_curl.easy_setopt(h, CURLOPT_WRITEDATA, &c->in);
	kit_curl.easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
	kit_curl.easy_setopt(h, CURLOPT_HEADERDATA, c);

	static const struct kit_loop_transfer_ops ops = { rpc_progress, rpc_done, rpc_drop };
	if (kit_loop_add_transfer(e, h, &ops, c, NULL, err, sizeof err) < 0) {
		kit_curl.easy_cleanup(h);
		rpc_drop(c);
		js_error(J, "rpc: %s", err);
	}
	js_pushundefined(J);
}

/* __kit_rpc_config() → {enabled, timeoutMs} (never the address or the secret) */
static void native_rpc_config(js_State *J)
{
	js_newobject(J);
	js_pushboolean(J, cfg.enabled);
	js_setproperty(J, -2, "enabled");
	js_pushnumber(J, (double)cfg.timeout_ms);
	js_setproperty(J, -2, "timeoutMs");
}

void kit_rpc_install(kit_engine *e)
{
	js_State *J = e->J;
	js_newcfunction(J, native_rpc, "__kit_rpc", 5);
	js_setglobal(J, "__kit_rpc");
	js_newcfunction(J, native_rpc_config, "__kit_rpc_config", 0);
	js_setglobal(J, "__kit_rpc_config");
}
