/* loop.c — the engine's event loop: microtasks, then timers.
 *
 * JS keeps timer callbacks (prelude.js); C keeps only (id, deadline) pairs
 * and calls __kit_timer_fire(id) when one is due. One loop iteration drains
 * every microtask, lets stream.c write whatever became ready, then sleeps
 * until the earliest deadline (a timer, the render budget, the keep-alive).
 * While fetch() transfers are in flight (fetch.c) the sleep is a wait on the
 * curl multi handle, so a completion wakes the loop at once and its callback
 * runs before the next drain. A render that waits with nothing armed and
 * nothing in flight can never finish: stream.c ends it (an error before the
 * shell, error completions after), never a hang. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_impl.h"
#include "fetch.h"

long long kit_loop_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void timer_arm(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	double id = js_tonumber(J, 1);
	double ms = js_tonumber(J, 2);
	if (!(ms >= 0))
		ms = 0;
	if (ms > 2147483647.0)
		ms = 2147483647.0;
	if (e->ntimers == e->captimers) {
		size_t cap = e->captimers ? e->captimers * 2 : 16;
		struct kit_timer *t = realloc(e->timers, cap * sizeof *t);
		if (!t)
			js_error(J, "out of memory arming a timer");
		e->timers = t;
		e->captimers = cap;
	}
	struct kit_timer *t = &e->timers[e->ntimers++];
	t->id = id;
	t->due_ms = kit_loop_now_ms() + (long long)ms;
	t->seq = e->timer_seq++;
	js_pushundefined(J);
}

static void timer_disarm(js_State *J)
{
	kit_engine *e = js_getcontext(J);
	double id = js_tonumber(J, 1);
	for (size_t i = 0; i < e->ntimers; i++) {
		if (e->timers[i].id == id) {
			e->timers[i] = e->timers[--e->ntimers];
			break;
		}
	}
	js_pushundefined(J);
}

void kit_loop_install(kit_engine *e)
{
	js_State *J = e->J;
	js_newcfunction(J, timer_arm, "__kit_timer_arm", 2);
	js_setglobal(J, "__kit_timer_arm");
	js_newcfunction(J, timer_disarm, "__kit_timer_disarm", 1);
	js_setglobal(J, "__kit_timer_disarm");
}

static int call_global(kit_engine *e, const char *name)
{
	js_State *J = e->J;
	js_getglobal(J, name);
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
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

/* Index of the earliest timer (ties: armed first), or -1. */
static long earliest(const kit_engine *e)
{
	long best = -1;
	for (size_t i = 0; i < e->ntimers; i++) {
		const struct kit_timer *t = &e->timers[i];
		if (best < 0 || t->due_ms < e->timers[best].due_ms ||
		    (t->due_ms == e->timers[best].due_ms && t->seq < e->timers[best].seq))
			best = (long)i;
	}
	return best;
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
	if (kit_fetch_pending(e))
		return kit_fetch_wait(e, ms > 0 ? ms : 0);
	if (ms > 0)
		sleep_ms(ms);
	return 0;
}

static int fire_timer(kit_engine *e, long i)
{
	js_State *J = e->J;
	double id = e->timers[i].id;
	e->timers[i] = e->timers[--e->ntimers];
	js_getglobal(J, "__kit_timer_fire");
	js_pushundefined(J);
	js_pushnumber(J, id);
	if (js_pcall(J, 1)) {
		kit_req_exception(e, NULL, "a timer");
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

int kit_loop_run(kit_engine *e)
{
	long long deadline = kit_loop_now_ms() + e->timeout_ms;
	for (;;) {
		if (drain(e) < 0 || e->rq.failed)
			return -1;
		if (kit_walk_settle_promises(e) > 0)
			continue;  /* what waited on them runs first */
		int p = kit_stream_progress(e);
		if (p != 0)
			return p > 0 ? 0 : p;
		if (microtasks_queued(e))
			continue;
		long i = earliest(e);
		if (i < 0 && !kit_fetch_pending(e)) {
			p = kit_stream_stalled(e);
			return p > 0 ? 0 : p;
		}
		long long wake = deadline;
		if (i >= 0 && e->timers[i].due_ms < wake)
			wake = e->timers[i].due_ms;
		if (e->rq.shell_sent && e->rq.last_write_ms + e->keepalive_ms < wake)
			wake = e->rq.last_write_ms + e->keepalive_ms;
		int completed = wait_until(e, wake);
		long long now = kit_loop_now_ms();
		if (now >= deadline) {
			p = kit_stream_timeout(e);
			return p > 0 ? 0 : p;
		}
		if (e->rq.shell_sent && now >= e->rq.last_write_ms + e->keepalive_ms) {
			p = kit_stream_keepalive(e);
			if (p != 0)
				return p > 0 ? 0 : p;
		}
		/* a fetch callback ran: drain first (it may have changed the timers) */
		if (completed || i < 0 || e->timers[i].due_ms > now)
			continue;
		if (fire_timer(e, i) < 0)
			return -1;
	}
}

int kit_loop_await(kit_engine *e, const int *settled)
{
	long long deadline = kit_loop_now_ms() + e->timeout_ms;
	for (;;) {
		if (drain(e) < 0)
			return -1;
		if (*settled)
			return 0;
		long i = earliest(e);
		int busy = kit_fetch_pending(e) > 0;
		if (i < 0 && !busy) {
			kit_req_fail(e, 500, NULL,
					"waiting for a promise that can never settle (no timer, no fetch in flight)");
			return -1;
		}
		if (!busy && e->timers[i].due_ms > deadline) {
			kit_req_fail(e, 503, NULL, "did not finish within %ld ms", e->timeout_ms);
			return -1;
		}
		long long wake = deadline;
		if (i >= 0 && e->timers[i].due_ms < wake)
			wake = e->timers[i].due_ms;
		int completed = wait_until(e, wake);
		if (kit_loop_now_ms() >= deadline) {
			kit_req_fail(e, 503, NULL, "did not finish within %ld ms", e->timeout_ms);
			return -1;
		}
		if (completed || i < 0 || e->timers[i].due_ms > kit_loop_now_ms())
			continue;
		if (fire_timer(e, i) < 0)
			return -1;
	}
}

void kit_loop_reset(kit_engine *e)
{
	e->ntimers = 0;
	kit_fetch_reset(e);  /* no transfer, and so no callback, outlives its request */
	call_global(e, "__kit_reset_queues");
}
