/* cgi.c — the host over plain CGI: one request per process.
 *
 * stdout is a pipe and fully buffered, so every flush point of the host
 * becomes an fflush (docs/fastcgi.md §7). A missing app build is answered
 * with a 500 that says what to run, not an empty response. */
#include "cgi.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fcgi/forward.h"
#include "fcgi/host.h"
#include "render/curl.h"

static const char *cgi_param(void *ctx, const char *name)
{
	(void)ctx;
	return getenv(name);
}

static volatile sig_atomic_t wrote_output;

/* JavaScript stuck in a loop is stopped at the render budget from inside
 * (mujs's interrupt hook, render/loop.c); a hang outside JS cannot be: the
 * alarm answers 503 (if nothing was sent yet) and ends the process. */
static unsigned forward_alarm_s;

static void on_alarm(int sig)
{
	(void)sig;
	/* forwarding to the backend has its own timeouts (forward.c): give it
	 * those, once */
	if (forward_alarm_s && atomic_load(&kit_forwarding)) {
		alarm(forward_alarm_s);
		forward_alarm_s = 0;
		return;
	}
	static const char answer[] =
		"Status: 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
		"Cache-Control: no-store\r\n\r\n503 Service Unavailable: the page took too long to render\n";
	static const char note[] = "kit.cgi: the render did not finish in time (a component in an endless loop?)\n";
	if (!wrote_output && write(1, answer, sizeof answer - 1) < 0)
		_exit(4);
	if (write(2, note, sizeof note - 1) < 0)
		_exit(4);
	_exit(3);
}

extern char **environ;

static char **cgi_params(void *ctx)
{
	(void)ctx;
	return environ;
}

/* CONTENT_LENGTH bytes, or to EOF when it is absent (Apache passes chunked
 * bodies without it; docs/fastcgi.md §7). */
static long long cgi_body_left = -1;

static long cgi_read(void *ctx, char *buf, size_t n)
{
	(void)ctx;
	if (cgi_body_left == 0)
		return 0;
	if (cgi_body_left > 0 && (long long)n > cgi_body_left)
		n = (size_t)cgi_body_left;
	size_t got = fread(buf, 1, n, stdin);
	if (got == 0)
		return ferror(stdin) ? -1 : 0;
	if (cgi_body_left > 0)
		cgi_body_left -= (long long)got;
	return (long)got;
}

static int cgi_write(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	wrote_output = 1;
	return fwrite(p, 1, n, stdout) == n ? 0 : -1;
}

static int cgi_flush(void *ctx)
{
	(void)ctx;
	return fflush(stdout) == 0 ? 0 : -1;
}

int kit_cgi_main(void)
{
	char err[KIT_ERR_SIZE];
	kit_host *host = kit_host_open_lazy(kit_host_app_dir(), err, sizeof err);
	if (!host) {
		fprintf(stderr, "kit.cgi: %s\n", err);
		fputs("Status: 500 Internal Server Error\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
		      "500 Internal Server Error: the app is not built or cannot be loaded (see the server's error log)\n",
		      stdout);
		fflush(stdout);
		return 0;
	}
	const char *t = getenv("KIT_RENDER_TIMEOUT_MS");
	long timeout_ms = t && atol(t) > 0 ? atol(t) : 30000;
	signal(SIGALRM, on_alarm);
	forward_alarm_s = (unsigned)(kit_forward_total_ms() / 1000 + 5);
	alarm((unsigned)(timeout_ms / 1000 + 5));
	const char *cl = getenv("CONTENT_LENGTH");
	const char *method = getenv("REQUEST_METHOD");
	int has_body = method && strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0;
	cgi_body_left = cl && *cl ? atoll(cl) : has_body ? -1 : 0;
	kit_request req = { cgi_param, cgi_params, cgi_read, NULL };
	kit_sink out = { cgi_write, cgi_flush, NULL };
	int aborted = kit_host_handle(host, &req, &out) < 0;
	fflush(stdout);
	/* Apache's mod_cgi aborts the exchange when the child exits with its
	 * stdin unread: consume whatever body the host did not need */
	char sink[16384];
	while (cgi_read(NULL, sink, sizeof sink) > 0)
		;
	kit_host_close(host);
	kit_curl_cleanup();
	/* an answer cut short: a failing exit status is all CGI has to say so */
	return aborted ? 1 : 0;
}
