/* loop.c — every wait of the engine: microtasks, timers and transfers.
 *
 * JS keeps timer callbacks (prelude.js); C keeps only (id, deadline) pairs
 * and calls __kit_timer_fire(id) when one is due. Transfers (fetch.c's
 * fetch(), rpc.c's host calls) are easy handles on the worker's curl multi
 * handle, each with the callbacks its module registered. One loop iteration
 * drains every microtask, lets the answer's writer (stream.c, through the
 * hooks it passes to kit_loop_run) write whatever became ready, then waits
 * until the earliest deadline (a timer, the render budget, the keep-alive): a plain sleep, or, while transfers are in flight, a wait on
 * the multi handle, so a completion wakes the loop at once and its callback
 * runs before the next drain. A render that waits with nothing armed and
 * nothing in flight can never finish: the stalled hook ends it (an error
 * before the shell, error completions after), never a hang. libcurl is never touched
 * while no transfer was ever registered.
 *
 * The render budget also holds while JS runs: mujs calls the interrupt hook
 * (budget_interrupt) every few thousand loop iterations and calls, and past
 * the request's deadline it throws an Error with the budget's digest, again
 * at every check until C has caught it (req.c), so a `while (true) {}` in a
 * component, a promise job or a timer ends like a wait at the deadline: the
 * render ends its boundaries with error completions or answers 503, and the
 * worker goes on serving. A regex match asks the same hook (patch 0804).
 * Only a hang in other native code is left to the host's
 * watchdog (fcgi/kit-fcgi.c). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curl.h"

#include "engine_impl.h"
#include "loop.h"

struct kit_timer {
	double id;
	long long due_ms;   /* monotonic */
	unsigned long seq;  /* ties fire in arming order */
};

struct transfer {
	CURL *easy;
	double id;
	unsigned generation;           /* the request's (kit_engine.generation) */
	CURLcode result;               /* once done */
	const struct kit_loop_transfer_ops *ops;
	void *ctx;
	struct transfer *next;
};

struct kit_loop {
	/* the worker's */
	CURLM *multi;                  /* opened by the first transfer */
	double next_id;
	unsigned long timer_seq;
	/* the request's: kit_loop_reset empties them (the timers' array is kept) */
	struct kit_timer *timers;
	size_t ntimers, captimers;
	struct transfer *transfers;    /* in flight */
	size_t ntransfers;
};

long long kit_loop_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int kit_loop_open(kit_engine *e, char *err, size_t errlen)
{
	struct kit_loop *l = calloc(1, sizeof *l);
	if (!l) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	l->next_id = 1;
	e->loop = l;
	return 0;
}

/* --- timers ----------------------------------------------------------------- */

static void timer_arm(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	struct kit_loop *l = e->loop;
	double id = js_tonumber(J, 1);
	double ms = js_tonumber(J, 2);
	if (!(ms >= 0))
		ms = 0;
	if (ms > 2147483647.0)
		ms = 2147483647.0;
	if (l->ntimers == l->captimers) {
		size_t cap = l->captimers ? l->captimers * 2 : 16;
		struct kit_timer *t = realloc(l->timers, cap * sizeof *t);
		if (!t)
			js_error(J, "out of memory arming a timer");
		l->timers = t;
		l->captimers = cap;
	}
	struct kit_timer *t = &l->timers[l->ntimers++];
	t->id = id;
	t->due_ms = kit_loop_now_ms() + (long long)ms;
	t->seq = l->timer_seq++;
	js_pushundefined(J);
}

static void timer_disarm(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	struct kit_loop *l = e->loop;
	double id = js_tonumber(J, 1);
	for (size_t i = 0; i < l->ntimers; i++) {
		if (l->timers[i].id == id) {
			l->timers[i] = l->timers[--l->ntimers];
			break;
		}
	}
	js_pushundefined(J);
}

/* mujs's interrupt hook (patch 0204): nothing until the request's
 * interrupt_ms, then an Error to throw (mujs asks again at every check
 * until the throw reaches C). */
static int budget_interrupt(js_State *J, void *data)
{
	kit_engine *e = data;
	struct kit_req *rq = &e->rq;
	if (!rq->interrupt_ms || kit_loop_now_ms() < rq->interrupt_ms)
		return 0;
	if (!rq->budget_out) {
		rq->budget_out = 1;
		if (rq->err)
			rq->err->loop = 1;
		fprintf(stderr, "kit: %s: the render budget (%ld ms) ran out in a loop: "
			"the JavaScript running is stopped with an error (%s)\n",
			rq->pathname ? rq->pathname : "?", e->timeout_ms, KIT_TIMEOUT_DIGEST);
	}
	js_newerror(J, "the render budget ran out in a loop (a component or a callback that never returns)");
	js_pushliteral(J, KIT_TIMEOUT_DIGEST);
	js_setproperty(J, -2, "digest");
	return 1;
}

void kit_loop_install(kit_engine *e)
{
	js_State *J = e->J;
	js_setinterrupt(J, budget_interrupt, e);
	js_newcfunction(J, timer_arm, "__kit_timer_arm", 2);
	js_setglobal(J, "__kit_timer_arm");
	js_newcfunction(J, timer_disarm, "__kit_timer_disarm", 1);
	js_setglobal(J, "__kit_timer_disarm");
}

/* Index of the earliest timer (ties: armed first), or -1. */
static long earliest(const struct kit_loop *l)
{
	long best = -1;
	for (size_t i = 0; i < l->ntimers; i++) {
		const struct kit_timer *t = &l->timers[i];
		if (best < 0 || t->due_ms < l->timers[best].due_ms ||
		    (t->due_ms == l->timers[best].due_ms && t->seq < l->timers[best].seq))
			best = (long)i;
	}
	return best;
}

static int fire_timer(kit_engine *e, long i)
{
	js_State *J = e->J;
	struct kit_loop *l = e->loop;
	double id = l->timers[i].id;
	l->timers[i] = l->timers[--l->ntimers];
	js_getglobal(J, "__kit_timer_fire");
	js_pushundefined(J);
	js_pushnumber(J, id);
	if (js_pcall(J, 1)) {
		if (kit_req_budget_caught(e))
			return 0;  /* the loop ends the request as at its deadline */
		kit_req_exception(e, NULL, "a timer");
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

/* --- transfers -------------------------------------------------------------- */

int kit_loop_add_transfer(kit_engine *e, void *easy, const struct kit_loop_transfer_ops *ops, void *ctx,
			  double *id, char *err, size_t errlen)
{
	struct kit_loop *l = e->loop;
	if (!l->multi && !(l->multi = kit_curl.multi_init())) {
		snprintf(err, errlen, "cannot create a curl multi handle (out of memory)");
		return -1;
	}
	if (l->ntransfers >= KIT_LOOP_MAX_TRANSFERS) {
		snprintf(err, errlen, "more than %d requests in flight at once", KIT_LOOP_MAX_TRANSFERS);
		return -1;
	}
	struct transfer *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	t->easy = easy;
	t->generation = e->generation;
	t->ops = ops;
	t->ctx = ctx;
	kit_curl.easy_setopt(easy, CURLOPT_PRIVATE, t);
	CURLMcode mc = kit_curl.multi_add_handle(l->multi, easy);
	if (mc != CURLM_OK) {
		snprintf(err, errlen, "kit_curl.multi_add_handle: %s", kit_curl.multi_strerror(mc));
		free(t);
		return -1;
	}
	t->id = l->next_id++;
	t->next = l->transfers;
	l->transfers = t;
	l->ntransfers++;
	if (id)
		*id = t->id;
	return 0;
}

static void transfer_free(struct transfer *t)
{
	kit_curl.easy_cleanup(t->easy);
	t->ops->drop(t->ctx);
	free(t);
}

/* Takes t out of the multi handle and the list (not freed). */
static void transfer_unlink(struct kit_loop *l, struct transfer *t)
{
	kit_curl.multi_remove_handle(l->multi, t->easy);
	for (struct transfer **p = &l->transfers; *p; p = &(*p)->next) {
		if (*p == t) {
			*p = t->next;
			l->ntransfers--;
			break;
		}
	}
	t->next = NULL;
}

void kit_loop_cancel_transfer(kit_engine *e, double id)
{
	struct kit_loop *l = e->loop;
	for (struct transfer *t = l->transfers; t; t = t->next) {
		if (t->id == id) {
			transfer_unlink(l, t);
			transfer_free(t);
			break;
		}
	}
}

size_t kit_loop_transfers(const kit_engine *e)
{
	return e->loop ? e->loop->ntransfers : 0;
}

static void drop_transfers(struct kit_loop *l)
{
	while (l->transfers) {
		struct transfer *t = l->transfers;
		transfer_unlink(l, t);
		transfer_free(t);
	}
}

/* Lets the transfers progress, waiting up to timeout_ms for activity (0:
 * only what is ready now); each finished transfer calls its done callback.
 * Returns how many JS callbacks ran (microtasks may be queued). */
static int transfers_wait(kit_engine *e, long long timeout_ms)
{
	struct kit_loop *l = e->loop;
	int running, completed = 0;
	for (int round = 0; round < 2 && !completed; round++) {
		if (round == 1) {
			if (timeout_ms <= 0)
				break;
			kit_curl.multi_poll(l->multi, NULL, 0, timeout_ms > INT_MAX ? INT_MAX : (int)timeout_ms, NULL);
		}
		kit_curl.multi_perform(l->multi, &running);
		/* transfers hand over what arrived so far (rpc.c: each complete
		 * NDJSON line settles its call now) */
		for (struct transfer *t = l->transfers, *nx; t; t = nx) {
			nx = t->next;
			if (t->ops->progress && t->generation == e->generation)
				completed += t->ops->progress(e, t->ctx);
		}
		/* take every finished transfer out first: their callbacks may start
		 * or abort other transfers */
		struct transfer *done = NULL, **tail = &done;
		CURLMsg *m;
		int left;
		while ((m = kit_curl.multi_info_read(l->multi, &left))) {
			if (m->msg != CURLMSG_DONE)
				continue;
			struct transfer *t = NULL;
			kit_curl.easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&t);
			t->result = m->data.result;
			transfer_unlink(l, t);  /* m is invalid from here */
			*tail = t;
			tail = &t->next;
		}
		while (done) {
			struct transfer *t = done;
			done = t->next;
			if (t->generation == e->generation)
				t->ops->done(e, t->ctx, (int)t->result);
			transfer_free(t);
			completed++;
		}
	}
	return completed;
}

/* --- waiting ---------------------------------------------------------------- */

static int call_global(kit_engine *e, const char *name)
{
	js_State *J = e->J;
	js_getglobal(J, name);
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		if (kit_req_budget_caught(e))
			return 0;  /* the loop ends the request as at its deadline */
		kit_req_exception(e, NULL, name);
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

static int drain(kit_engine *e)
{
	return call_global(e, "__kit_drain");
}

/* Did rendering since the last drain queue microtasks (a retry that suspended
 * on a promise settled by a then() callback, say)? */
static int microtasks_queued(kit_engine *e)
{
	js_State *J = e->J;
	js_getglobal(J, "__kit_mq");
	int n = js_isarray(J, -1) ? js_getlength(J, -1) : 0;
	js_pop(J, 1);
	return n;
}

static void sleep_ms(long long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000 };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* The waiting step: until `wake` (monotonic ms) or, with transfers in
 * flight, until one of them completes. Returns how many completed (their
 * callbacks ran: the caller drains before anything else). */
static int wait_until(kit_engine *e, long long wake)
{
	long long ms = wake - kit_loop_now_ms();
	if (e->loop->ntransfers)
		return transfers_wait(e, ms > 0 ? ms : 0);
	if (ms > 0)
		sleep_ms(ms);
	return 0;
}

int kit_loop_run(kit_engine *e, const struct kit_loop_hooks *h)
{
	struct kit_loop *l = e->loop;
	long long deadline = e->rq.deadline_ms;
	int p;
	for (;;) {
		if (drain(e) < 0 || e->rq.failed)
			return -1;
		if (e->rq.budget_out) {
			/* JS ran into the deadline: what is ready goes out, the rest
			 * ends as at the deadline */
			p = h->progress(e);
			if (p != 0)
				return p > 0 ? 0 : p;
			p = h->timeout(e);
			return p > 0 ? 0 : p;
		}
		if (h->settle(e) > 0)
			continue;  /* what waited on them runs first */
		p = h->progress(e);
		if (p != 0)
			return p > 0 ? 0 : p;
		if (microtasks_queued(e))
			continue;
		long i = earliest(l);
		if (i < 0 && !l->ntransfers) {
			p = h->stalled(e);
			return p > 0 ? 0 : p;
		}
		long long wake = deadline;
		if (i >= 0 && l->timers[i].due_ms < wake)
			wake = l->timers[i].due_ms;
		long long keepalive = h->keepalive_due(e);
		if (keepalive < wake)
			wake = keepalive;
		int completed = wait_until(e, wake);
		long long now = kit_loop_now_ms();
		if (now >= deadline) {
			p = h->timeout(e);
			return p > 0 ? 0 : p;
		}
		if (now >= h->keepalive_due(e)) {
			p = h->keepalive(e);
			if (p != 0)
				return p > 0 ? 0 : p;
		}
		/* a transfer's callback ran: drain first (it may have changed the timers) */
		if (completed || i < 0 || l->timers[i].due_ms > now)
			continue;
		if (fire_timer(e, i) < 0)
			return -1;
	}
}

int kit_loop_await(kit_engine *e, const int *settled)
{
	struct kit_loop *l = e->loop;
	long long deadline = e->rq.deadline_ms;
	for (;;) {
		if (drain(e) < 0)
			return -1;
		if (e->rq.budget_out) {
			kit_req_fail(e, 503, NULL, "the render budget (%ld ms) ran out in a loop", e->timeout_ms);
			return -1;
		}
		if (*settled)
			return 0;
		long i = earliest(l);
		int busy = l->ntransfers > 0;
		if (i < 0 && !busy) {
			kit_req_fail(e, 500, NULL,
				     "waiting for a promise that can never settle (no timer, no fetch in flight)");
			return -1;
		}
		if (!busy && l->timers[i].due_ms > deadline) {
			kit_req_fail(e, 503, NULL, "did not finish within %ld ms", e->timeout_ms);
			return -1;
		}
		long long wake = deadline;
		if (i >= 0 && l->timers[i].due_ms < wake)
			wake = l->timers[i].due_ms;
		int completed = wait_until(e, wake);
		if (kit_loop_now_ms() >= deadline) {
			kit_req_fail(e, 503, NULL, "did not finish within %ld ms", e->timeout_ms);
			return -1;
		}
		if (completed || i < 0 || l->timers[i].due_ms > kit_loop_now_ms())
			continue;
		if (fire_timer(e, i) < 0)
			return -1;
	}
}

void kit_loop_reset(kit_engine *e)
{
	struct kit_loop *l = e->loop;
	l->ntimers = 0;
	drop_transfers(l);  /* no transfer, and so no callback, outlives its request */
	call_global(e, "__kit_reset_queues");
}

void kit_loop_close(kit_engine *e)
{
	struct kit_loop *l = e->loop;
	if (!l)
		return;
	drop_transfers(l);
	if (l->multi)
		kit_curl.multi_cleanup(l->multi);
	free(l->timers);
	free(l);
	e->loop = NULL;
}
