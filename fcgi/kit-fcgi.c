/* kit-fcgi — the persistent FastCGI responder.
 *
 * One process, one warm engine, one request at a time (mod_fcgid sends one
 * request per process anyway; lighttpd's max-procs sets the parallelism).
 * libfcgi's own SIGTERM handling only works around accept(), so signals are
 * taken by a sigwait thread (notes/fastcgi.md §8): idle → exit now; busy →
 * finish the request, then exit. The worker is recycled (exits, the web
 * server starts a fresh one) after KIT_MAX_REQUESTS requests if set, or when
 * a render left the JS state unusable. Started by hand (FCGX_IsCGI) it serves
 * one CGI request, so the same binary works as plain CGI too. */
#include <fcgiapp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fcgi/cgi.h"
#include "fcgi/host.h"

static atomic_int busy, stopping;

static void *signal_thread(void *arg)
{
	sigset_t *set = arg;
	int sig;
	while (sigwait(set, &sig) == 0) {
		atomic_store(&stopping, 1);
		FCGX_ShutdownPending();
		if (!atomic_load(&busy))
			_exit(0);
		/* busy: the accept loop exits after this request; give it a grace period */
		for (int i = 0; i < 100 && atomic_load(&busy); i++)
			usleep(100 * 1000);
		_exit(0);
	}
	return NULL;
}

static const char *fcgi_param(void *ctx, const char *name)
{
	FCGX_Request *r = ctx;
	return FCGX_GetParam(name, r->envp);
}

static int fcgi_write(void *ctx, const char *p, size_t n)
{
	FCGX_Request *r = ctx;
	while (n > 0) {
		int chunk = n > 1 << 30 ? 1 << 30 : (int)n;
		if (FCGX_PutStr(p, chunk, r->out) != chunk)
			return -1;
		p += chunk;
		n -= (size_t)chunk;
	}
	return 0;
}

static int fcgi_flush(void *ctx)
{
	FCGX_Request *r = ctx;
	return FCGX_FFlush(r->out) < 0 ? -1 : 0;
}

int main(void)
{
	if (FCGX_IsCGI())
		return kit_cgi_main();

	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	pthread_t tid;
	if (pthread_create(&tid, NULL, signal_thread, &set) != 0) {
		perror("kit-fcgi: pthread_create");
		return 1;
	}

	char err[1024];
	kit_host *host = kit_host_open(kit_host_app_dir(), err, sizeof err);
	if (!host) {
		fprintf(stderr, "kit-fcgi: %s\n", err);
		return 1;
	}
	const char *max_env = getenv("KIT_MAX_REQUESTS");
	long max_requests = max_env ? atol(max_env) : 0;

	FCGX_Init();
	FCGX_Request req;
	FCGX_InitRequest(&req, 0, 0);
	long served = 0;
	int rc = 0;
	while (!atomic_load(&stopping) && FCGX_Accept_r(&req) >= 0) {
		atomic_store(&busy, 1);
		kit_request kreq = { fcgi_param, &req };
		kit_sink out = { fcgi_write, fcgi_flush, &req };
		int recycle = kit_host_handle(host, &kreq, &out) < 0;
		FCGX_Finish_r(&req);
		atomic_store(&busy, 0);
		served++;
		if (recycle || (max_requests > 0 && served >= max_requests))
			break;
	}
	kit_host_close(host);
	return rc;
}
