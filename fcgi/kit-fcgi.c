/* kit-fcgi — the persistent FastCGI responder.
 *
 * One process, one warm engine, one request at a time (mod_fcgid sends one
 * request per process anyway; lighttpd's max-procs sets the parallelism).
 * libfcgi's own SIGTERM handling only works around accept(), so signals are
 * taken by a sigwait thread (docs/fastcgi.md §8): idle → interrupt accept()
 * so main returns through kit_host_close (everything freed, as
 * tests/suites/valgrind.sh checks); busy → stop listening, finish the
 * request, then exit.
 * The worker is recycled (exits, the web server starts a fresh one) after
 * KIT_MAX_REQUESTS requests if set, and after a request whose answer the
 * engine itself could not finish (kit_host_handle's -2: out of memory).
 * Started by hand (FCGX_IsCGI) it serves one CGI request, so the same
 * binary works as plain CGI too.
 *
 * JavaScript stuck in a loop is stopped at the render budget from inside
 * (mujs's interrupt hook, render/loop.c) and the worker serves on. A hang
 * outside JS (a native call other than a regex match, which asks the same
 * hook) cannot be: a watchdog thread notices a request running longer than
 * the render timeout plus a grace period, answers 503 if nothing was sent
 * yet (holding the output lock, so the two threads never interleave), and
 * ends the process; the web server starts a fresh worker.
 *
 * A responder frozen as a whole (stopped with SIGSTOP, or stuck where the
 * watchdog thread cannot run either) answers nothing, and lighttpd only ends
 * each request it holds at read-timeout without ever replacing it
 * (docs/fastcgi.md §12). A guard process, forked before anything else, watches
 * a heartbeat the watchdog thread writes every 200 ms into a shared page:
 * when it stood still for KIT_STALL_KILL_MS (default 15000; 0: no guard),
 * the guard kills the responder with SIGKILL (which ends a stopped process
 * too) and the web server starts a fresh one. The guard ends with the
 * responder (PR_SET_PDEATHSIG). */
#include <fcgiapp.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "fcgi/cgi.h"
#include "fcgi/deploy.h"
#include "fcgi/forward.h"
#include "fcgi/host.h"
#include "render/curl.h"

static atomic_int busy, stopping;
static atomic_llong request_started_ms;
static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t output_bytes;     /* of the current request; under output_lock */
static FCGX_Request *current;
static atomic_llong *heartbeat; /* shared with the guard; NULL without one */

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *watchdog_thread(void *arg)
{
	long long render_limit = *(long long *)arg;
	/* forwarding to the backend has its own timeouts (libcurl's, forward.c):
	 * the watchdog only catches a transfer that outlives them */
	long long forward_limit = kit_forward_total_ms() + 5000;
	for (;;) {
		usleep(200 * 1000);
		if (heartbeat)
			atomic_store(heartbeat, now_ms());
		long long started = atomic_load(&request_started_ms);
		long long limit = atomic_load(&kit_forwarding) ? forward_limit : render_limit;
		if (!started || now_ms() - started < limit)
			continue;
		pthread_mutex_lock(&output_lock);
		fprintf(stderr, "kit-fcgi: a request ran for more than %lld ms without finishing "
			"(a component in an endless loop?); %s and restarting the worker\n", limit,
			output_bytes == 0 && current ? "answering 503" : "cutting the answer it started");
		/* stop taking connections first: what the server sends next goes to a
		 * fresh worker instead of dying with this one */
		close(0);
		if (output_bytes == 0 && current) {
			static const char busy_answer[] =
				"Status: 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
				"Cache-Control: no-store\r\nRetry-After: 1\r\n\r\n"
				"503 Service Unavailable: the page took too long to render\n";
			FCGX_PutStr(busy_answer, (int)sizeof busy_answer - 1, current->out);
			FCGX_Finish_r(current);
		}
		_exit(3);
	}
	return NULL;
}

/* The guard's loop (the comment at the top): never returns. */
static void guard_loop(pid_t responder, long long stall_ms)
{
	for (int fd = 0; fd < 1024; fd++)
		if (fd != 2)
			close(fd); /* the listening socket above all: the guard takes no request */
	for (;;) {
		sleep(1);
		if (getppid() != responder)
			_exit(0);
		long long still = now_ms() - atomic_load(heartbeat);
		if (still < stall_ms)
			continue;
		fprintf(stderr, "kit-fcgi: responder %ld has not run for %lld ms (stopped or frozen); "
			"killing it so that the web server starts a fresh one\n", (long)responder, still);
		kill(responder, SIGKILL);
		_exit(0);
	}
}

/* start_guard: forks the guard unless KIT_STALL_KILL_MS is 0; a failure
 * only costs the guard. Called before any thread exists. */
static void start_guard(void)
{
	const char *env = getenv("KIT_STALL_KILL_MS");
	long long stall_ms = env && *env ? atoll(env) : 15000;
	if (stall_ms <= 0)
		return;
	void *page = mmap(NULL, sizeof *heartbeat, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return;
	heartbeat = page;
	atomic_init(heartbeat, now_ms());
	pid_t responder = getpid();
	pid_t pid = fork();
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		prctl(PR_SET_NAME, "kit-fcgi-guard");
		guard_loop(responder, stall_ms);
	}
	if (pid < 0) {
		munmap(page, sizeof *heartbeat);
		heartbeat = NULL;
	}
}

static pthread_t main_thread;

static void on_wake(int sig)
{
	(void)sig; /* only interrupts accept() in the main thread */
}

static void *signal_thread(void *arg)
{
	sigset_t *set = arg;
	int sig;
	while (sigwait(set, &sig) == 0) {
		atomic_store(&stopping, 1);
		FCGX_ShutdownPending();
		/* idle: interrupt accept() (libfcgi gives up on EINTR once a
		 * shutdown is pending) so the main thread leaves its loop, closes
		 * the host (the JS state, the store, libcurl) and returns from
		 * main; busy: the loop ends after this request. Either way exit
		 * here if that has not happened after a grace period (a signal that
		 * came just before accept() was entered does not interrupt it). */
		if (!atomic_load(&busy))
			pthread_kill(main_thread, SIGUSR2);
		else
			/* busy: take no new connection while this request drains
			 * (one queued now would be reset when the process exits;
			 * refused, lighttpd sends it to another responder at once,
			 * tests/suites/fault-drain.sh); main does not accept again */
			close(0);
		for (int i = 0; i < 100; i++)
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

static char **fcgi_params(void *ctx)
{
	FCGX_Request *r = ctx;
	return r->envp;
}

static long fcgi_read(void *ctx, char *buf, size_t n)
{
	FCGX_Request *r = ctx;
	int want = n > 1 << 20 ? 1 << 20 : (int)n;
	return FCGX_GetStr(buf, want, r->in);
}

static int fcgi_write(void *ctx, const char *p, size_t n)
{
	FCGX_Request *r = ctx;
	int rc = 0;
	pthread_mutex_lock(&output_lock);
	output_bytes += n;
	while (n > 0) {
		int chunk = n > 1 << 30 ? 1 << 30 : (int)n;
		if (FCGX_PutStr(p, chunk, r->out) != chunk) {
			rc = -1;
			break;
		}
		p += chunk;
		n -= (size_t)chunk;
	}
	pthread_mutex_unlock(&output_lock);
	return rc;
}

static int fcgi_flush(void *ctx)
{
	FCGX_Request *r = ctx;
	pthread_mutex_lock(&output_lock);
	int rc = FCGX_FFlush(r->out) < 0 ? -1 : 0;
	pthread_mutex_unlock(&output_lock);
	return rc;
}

/* A shared-hosting deploy (fcgi/deploy.c) switched releases: the new one's
 * host replaces this one between two requests; when it cannot be opened the
 * old one goes on. */
static kit_host *follow_deploy(kit_host *host)
{
	char dir[4200], err[KIT_ERR_SIZE];
	if (kit_deploy_pick(dir, sizeof dir, err, sizeof err) < 0) {
		fprintf(stderr, "kit-fcgi: %s\n", err);
		return host;
	}
	if (strcmp(dir, kit_host_dir(host)) == 0)
		return host;
	kit_host *next = kit_host_open(dir, err, sizeof err);
	if (!next) {
		fprintf(stderr, "kit-fcgi: %s: %s (still serving %s)\n", dir, err, kit_host_dir(host));
		return host;
	}
	kit_host_close(host);
	malloc_trim(0); /* the old release's engine: its pages go back (RSS as after a fresh start) */
	return next;
}

int main(void)
{
	if (FCGX_IsCGI())
		return kit_cgi_main();

	start_guard();
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	main_thread = pthread_self();
	struct sigaction wake = { .sa_handler = on_wake }; /* no SA_RESTART: accept() fails with EINTR */
	sigemptyset(&wake.sa_mask);
	sigaction(SIGUSR2, &wake, NULL);
	pthread_t tid;
	if (pthread_create(&tid, NULL, signal_thread, &set) != 0) {
		perror("kit-fcgi: pthread_create");
		return 1;
	}

	/* started before the engine, so the heartbeat runs while it loads */
	const char *timeout_env = getenv("KIT_RENDER_TIMEOUT_MS");
	static long long watchdog_limit;
	watchdog_limit = (timeout_env && atol(timeout_env) > 0 ? atol(timeout_env) : 30000) + 5000;
	pthread_t wid;
	if (pthread_create(&wid, NULL, watchdog_thread, &watchdog_limit) != 0) {
		perror("kit-fcgi: pthread_create");
		return 1;
	}

	char err[KIT_ERR_SIZE];
	kit_host *host = kit_host_open(kit_host_app_dir(), err, sizeof err);
	if (!host) {
		fprintf(stderr, "kit-fcgi: %s\n", err);
		return 1;
	}
	int deploy = kit_deploy_active();
	const char *max_env = getenv("KIT_MAX_REQUESTS");
	long max_requests = max_env ? atol(max_env) : 0;

	FCGX_Init();
	FCGX_Request req;
	FCGX_InitRequest(&req, 0, 0);
	long served = 0;
	/* libfcgi ends a connection with shutdown(), a poll() of up to 2 s and
	 * a read() until the server closes its side, then close(): on TCP that
	 * keeps a request's unread bytes from making the kernel send a reset,
	 * which could discard the answer. A Unix socket has no resets (what was
	 * written stays readable to the peer after close), so there a marked
	 * ("detached") request is closed at once: three system calls and a
	 * wait for the server less per request (bench/README.md "API routes
	 * per request"). */
	struct sockaddr_storage listen_addr;
	socklen_t listen_len = sizeof listen_addr;
	int unix_socket = getsockname(0, (struct sockaddr *)&listen_addr, &listen_len) == 0 &&
		listen_addr.ss_family == AF_UNIX;
	while (!atomic_load(&stopping) && FCGX_Accept_r(&req) >= 0) {
		atomic_store(&busy, 1);
		pthread_mutex_lock(&output_lock);
		output_bytes = 0;
		current = &req;
		pthread_mutex_unlock(&output_lock);
		atomic_store(&request_started_ms, now_ms());
		if (deploy && kit_deploy_changed())
			host = follow_deploy(host);
		kit_request kreq = { fcgi_param, fcgi_params, fcgi_read, &req };
		kit_sink out = { fcgi_write, fcgi_flush, &req };
		int handled = kit_host_handle(host, &kreq, &out);
		int aborted = handled < 0;
		served++;
		int recycle = (max_requests > 0 && served >= max_requests) || handled == -2;
		if (handled == -2)
			fprintf(stderr, "kit-fcgi: the engine failed after an answer's headers went out: "
				"restarting the worker\n");
		pthread_mutex_lock(&output_lock);
		atomic_store(&request_started_ms, 0);
		current = NULL;
		/* a worker about to exit stops taking connections before it answers
		 * the last one, so the server starts a new worker for the next */
		if (recycle)
			close(req.listen_sock);
		if (aborted) {
			/* an answer that cannot be finished: what was written goes out,
			 * then the connection closes without FCGI_END_REQUEST, so the web
			 * server breaks the visitor's transfer instead of ending it
			 * cleanly (docs/fastcgi.md §10) */
			FCGX_FFlush(req.out);
			FCGX_Free(&req, 1);
		} else {
			if (unix_socket && !req.keepConnection)
				req.detached = 1; /* FCGX_Free closes without the linger; it resets the mark */
			FCGX_Finish_r(&req);
		}
		pthread_mutex_unlock(&output_lock);
		atomic_store(&busy, 0);
		if (recycle)
			break;
	}
	kit_host_close(host);
	kit_curl_cleanup();
	return 0;
}
