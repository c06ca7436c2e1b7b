/* host_fuzz.c — libFuzzer target: whole requests through kit_host_handle.
 *
 * One input is one request, written the way a web server would hand it on:
 *
 *     METHOD SP TARGET LF
 *     Name: value LF          (any number; becomes HTTP_NAME, or CONTENT_TYPE)
 *     LF
 *     body                    (CONTENT_LENGTH is its length)
 *
 * Bytes are taken as they are: a TARGET or a header value may hold CR, NUL
 * (cut there, as in a C environment), non-UTF-8 bytes, anything. The host
 * serves the built app in $KIT_APP_DIR (tests/suites/fuzz.sh builds
 * examples/hello) with its real engine; the answer is collected and checked:
 *
 *   - it is a CGI head: "Status: NNN reason", then "Name: value" lines whose
 *     names are HTTP tokens and whose values hold no CR, LF or NUL, then an
 *     empty line (a header split by a CR or LF the request smuggled in shows
 *     up as a second Status, Location or Content-Type line);
 *   - one Status, at most one Location and one Content-Type;
 *   - a Location, X-RSC-Redirect or X-RSC-Location that is a path is a
 *     same-origin one: never "//host" or "/\host", never a control byte or a
 *     byte above 0x7e (kit re-encodes what it builds from the request).
 *
 * A violation aborts (libFuzzer reports it like a crash, with the input).
 * ASan and UBSan catch the rest. tests/fuzz/README.md says how to run it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fcgi/host.h"
#include "render/header.h"

static kit_host *host;

typedef struct fuzz_req {
	char **env;      /* "NAME=value", NULL-terminated */
	size_t nenv;
	const char *body;
	size_t body_len, body_off;
} fuzz_req;

static const char *req_param(void *ctx, const char *name)
{
	fuzz_req *r = ctx;
	size_t n = strlen(name);
	for (size_t i = 0; i < r->nenv; i++)
		if (strncmp(r->env[i], name, n) == 0 && r->env[i][n] == '=')
			return r->env[i] + n + 1;
	return NULL;
}

static char **req_params(void *ctx)
{
	return ((fuzz_req *)ctx)->env;
}

static long req_read(void *ctx, char *buf, size_t n)
{
	fuzz_req *r = ctx;
	size_t left = r->body_len - r->body_off;
	if (n > left)
		n = left;
	memcpy(buf, r->body + r->body_off, n);
	r->body_off += n;
	return (long)n;
}

static void add_env(fuzz_req *r, const char *name, const char *value, size_t vlen)
{
	size_t nlen = strlen(name);
	char *e = malloc(nlen + 1 + vlen + 1);
	if (!e)
		abort();
	memcpy(e, name, nlen);
	e[nlen] = '=';
	memcpy(e + nlen + 1, value, vlen);
	e[nlen + 1 + vlen] = '\0';
	r->env = realloc(r->env, (r->nenv + 2) * sizeof *r->env);
	if (!r->env)
		abort();
	r->env[r->nenv++] = e;
	r->env[r->nenv] = NULL;
}

/* The answer's first bytes, control and non-ASCII bytes as \xNN. */
static void violation(const char *what, const char *out, size_t len)
{
	fprintf(stderr, "host_fuzz: %s\n--- answer ---\n", what);
	for (size_t i = 0; i < len && i < 2000; i++) {
		unsigned char c = (unsigned char)out[i];
		if (c == '\n' || (c >= 0x20 && c < 0x7f))
			fputc(c, stderr);
		else
			fprintf(stderr, "\\x%02x", c);
	}
	fputs("\n---\n", stderr);
	abort();
}

/* The checks of the header comment, on the bytes the host wrote. */
static void check_answer(const char *out, size_t len)
{
	const char *end = NULL;
	for (size_t i = 0; i + 3 < len; i++)
		if (memcmp(out + i, "\r\n\r\n", 4) == 0) {
			end = out + i + 2;
			break;
		}
	if (!end)
		violation("no empty line ends the head", out, len);
	if (len < 12 || memcmp(out, "Status: ", 8) != 0)
		violation("the answer does not start with a Status line", out, len);
	int statuses = 0, locations = 0, types = 0;
	for (const char *p = out; p < end;) {
		const char *eol = p;
		while (eol < end && !(eol[0] == '\r' && eol[1] == '\n'))
			eol++;
		const char *colon = memchr(p, ':', (size_t)(eol - p));
		if (!colon || colon == p || colon + 1 >= eol || colon[1] != ' ')
			violation("a head line is not \"Name: value\"", out, len);
		size_t nlen = (size_t)(colon - p);
		const char *v = colon + 2;
		size_t vlen = (size_t)(eol - v);
		if (!kit_header_ok(p, nlen, v, vlen))
			violation("a header name is not an HTTP token, or its value holds CR, LF or NUL", out, len);
		if (nlen == 6 && strncasecmp(p, "status", 6) == 0)
			statuses++;
		if (nlen == 12 && strncasecmp(p, "content-type", 12) == 0)
			types++;
		int loc = nlen == 8 && strncasecmp(p, "location", 8) == 0;
		locations += loc;
		if (loc || (nlen == 14 && strncasecmp(p, "x-rsc-redirect", 14) == 0) ||
		    (nlen == 14 && strncasecmp(p, "x-rsc-location", 14) == 0)) {
			if (vlen >= 2 && v[0] == '/' && (v[1] == '/' || v[1] == '\\'))
				violation("a redirect leaves the site (\"//\" or \"/\\\")", out, len);
			for (size_t i = 0; i < vlen; i++)
				if ((unsigned char)v[i] < 0x21 || (unsigned char)v[i] > 0x7e)
					violation("a redirect target holds a raw control, space or non-ASCII byte", out, len);
		}
		p = eol + 2;
	}
	if (statuses != 1)
		violation("not exactly one Status line", out, len);
	if (locations > 1 || types > 1)
		violation("two Location or two Content-Type lines", out, len);
}

static int buf_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* a bounded render: a fuzz input must not wait on a slow page for 30 s */
	setenv("KIT_RENDER_TIMEOUT_MS", "3000", 0);
	unsetenv("RSC_BACKEND");
	char err[1024];
	host = kit_host_open(kit_host_app_dir(), err, sizeof err);
	if (!host) {
		fprintf(stderr, "host_fuzz: %s (set KIT_APP_DIR to a built app)\n", err);
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *)data, *stop = in + size;
	fuzz_req r = { 0 };
	r.env = calloc(1, sizeof *r.env);
	if (!r.env)
		abort();

	/* request line */
	const char *nl = memchr(in, '\n', size);
	const char *line_end = nl ? nl : stop;
	const char *sp = memchr(in, ' ', (size_t)(line_end - in));
	if (!sp || sp == in) {
		free(r.env);
		return 0;
	}
	add_env(&r, "REQUEST_METHOD", in, (size_t)(sp - in));
	const char *target = sp + 1;
	size_t tlen = (size_t)(line_end - target);
	add_env(&r, "REQUEST_URI", target, tlen);
	const char *q = memchr(target, '?', tlen);
	add_env(&r, "QUERY_STRING", q ? q + 1 : "", q ? (size_t)(line_end - q - 1) : 0);
	add_env(&r, "SERVER_PROTOCOL", "HTTP/1.1", 8);
	add_env(&r, "SERVER_NAME", "127.0.0.1", 9);
	int have_host = 0;

	/* header lines up to an empty one */
	const char *p = nl ? nl + 1 : stop;
	while (p < stop) {
		nl = memchr(p, '\n', (size_t)(stop - p));
		line_end = nl ? nl : stop;
		if (line_end == p) {
			p = line_end + 1;
			break;
		}
		const char *colon = memchr(p, ':', (size_t)(line_end - p));
		if (colon && colon > p && colon - p < 100) {
			char name[128] = "HTTP_";
			size_t n = 5;
			for (const char *c = p; c < colon; c++)
				name[n++] = *c == '-' ? '_' : (*c >= 'a' && *c <= 'z') ? (char)(*c - 32) : *c;
			name[n] = '\0';
			const char *v = colon + 1;
			while (v < line_end && *v == ' ')
				v++;
			const char *env_name = strcmp(name, "HTTP_CONTENT_TYPE") == 0 ? "CONTENT_TYPE" : name;
			if (strcmp(name, "HTTP_CONTENT_LENGTH") != 0 && !memchr(name, '\0', n) && !memchr(name, '=', n)) {
				add_env(&r, env_name, v, (size_t)(line_end - v));
				have_host |= strcmp(name, "HTTP_HOST") == 0;
			}
		}
		p = line_end + 1;
	}
	if (!have_host)
		add_env(&r, "HTTP_HOST", "127.0.0.1", 9);
	r.body = p < stop ? p : "";
	r.body_len = p < stop ? (size_t)(stop - p) : 0;
	char cl[32];
	int cln = snprintf(cl, sizeof cl, "%zu", r.body_len);
	if (r.body_len)
		add_env(&r, "CONTENT_LENGTH", cl, (size_t)cln);

	kit_buf answer;
	kit_buf_init(&answer);
	kit_sink out = { buf_write, NULL, &answer };
	kit_request req = { req_param, req_params, req_read, &r };
	kit_host_handle(host, &req, &out);
	check_answer(answer.data ? answer.data : "", answer.len);
	kit_buf_free(&answer);
	for (size_t i = 0; i < r.nenv; i++)
		free(r.env[i]);
	free(r.env);
	return 0;
}
