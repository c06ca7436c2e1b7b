/* echo-fcgi — a stand-in app for the routing tests of the contrib configs.
 *
 * It answers every request it receives with the parameters that matter for
 * routing (REQUEST_URI, method, KIT_APP_DIR from its environment), so a test
 * can tell whether a request reached the app at all and with which URI. The
 * header "X-Kit-Echo: 1" marks every answer that came from here: anything
 * without it was answered by the web server itself.
 *
 * GET /__echo/stream answers in two flushed chunks one second apart; the
 * tests use it to prove the front server streams (does not buffer).
 *
 * Works as a FastCGI responder (lighttpd bin-path, mod_fcgid) and as plain
 * CGI (fd 0 not a listening socket), like kit-fcgi / kit.cgi. */
#include <fcgiapp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	const char *(*param)(void *ctx, const char *name);
	int (*write)(void *ctx, const char *s, size_t n);
	int (*flush)(void *ctx);
	long (*read)(void *ctx, char *buf, size_t n);
	void *ctx;
} echo_io;

static const char *value_or_empty(const char *s)
{
	return s ? s : "";
}

static int put(const echo_io *io, const char *s)
{
	return io->write(io->ctx, s, strlen(s));
}

static void answer(const echo_io *io)
{
	const char *uri = value_or_empty(io->param(io->ctx, "REQUEST_URI"));
	const char *method = value_or_empty(io->param(io->ctx, "REQUEST_METHOD"));
	char buf[8192];
	long n, body_bytes = 0;

	while ((n = io->read(io->ctx, buf, sizeof buf)) > 0)
		body_bytes += n;

	if (strcmp(uri, "/__echo/stream") == 0) {
		put(io, "Status: 200 OK\r\nContent-Type: text/plain\r\n"
			"X-Kit-Echo: 1\r\nCache-Control: no-store\r\n\r\nfirst\n");
		io->flush(io->ctx);
		sleep(1);
		put(io, "second\n");
		return;
	}
	put(io, "Status: 200 OK\r\nContent-Type: text/plain\r\nX-Kit-Echo: 1\r\n\r\n");
	put(io, "REQUEST_URI=");
	put(io, uri);
	put(io, "\nREQUEST_METHOD=");
	put(io, method);
	put(io, "\nKIT_APP_DIR=");
	put(io, value_or_empty(getenv("KIT_APP_DIR")));
	snprintf(buf, sizeof buf, "\nBODY_BYTES=%ld\n", body_bytes);
	put(io, buf);
}

static const char *fcgi_param(void *ctx, const char *name)
{
	return FCGX_GetParam(name, ((FCGX_Request *)ctx)->envp);
}
static int fcgi_write(void *ctx, const char *s, size_t n)
{
	return FCGX_PutStr(s, (int)n, ((FCGX_Request *)ctx)->out);
}
static int fcgi_flush(void *ctx)
{
	return FCGX_FFlush(((FCGX_Request *)ctx)->out);
}
static long fcgi_read(void *ctx, char *buf, size_t n)
{
	return FCGX_GetStr(buf, (int)n, ((FCGX_Request *)ctx)->in);
}

static const char *cgi_param(void *ctx, const char *name)
{
	return getenv(name);
}
static int cgi_write(void *ctx, const char *s, size_t n)
{
	return fwrite(s, 1, n, stdout) == n ? 0 : -1;
}
static int cgi_flush(void *ctx)
{
	return fflush(stdout);
}
static long cgi_read(void *ctx, char *buf, size_t n)
{
	const char *len = getenv("CONTENT_LENGTH");
	if (!len || !*len)
		return 0;
	return (long)fread(buf, 1, n, stdin);
}

int main(void)
{
	if (FCGX_IsCGI()) {
		echo_io io = { cgi_param, cgi_write, cgi_flush, cgi_read, NULL };
		answer(&io);
		fflush(stdout);
		return 0;
	}
	FCGX_Request req;
	FCGX_Init();
	FCGX_InitRequest(&req, 0, 0);
	echo_io io = { fcgi_param, fcgi_write, fcgi_flush, fcgi_read, &req };
	while (FCGX_Accept_r(&req) >= 0) {
		answer(&io);
		FCGX_Finish_r(&req);
	}
	return 0;
}
