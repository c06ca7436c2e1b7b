/* loop.h — every wait of the engine (not public: the engine's).
 *
 * loop.c owns all waiting: the microtask queue (drained through JS), the
 * timers armed from JS, and the transfers — the worker's curl multi handle,
 * opened by the first transfer (libcurl is loaded then: curl.h), and every
 * transfer in flight. fetch.c and rpc.c only register transfers with their
 * callbacks (kit_loop_add_transfer); the loop drives curl, waits on it next
 * to its timers and calls them back. When a request ends, kit_loop_reset
 * drops its timers and transfers: no callback of an old request ever runs. */
#ifndef KIT_LOOP_H
#define KIT_LOOP_H

#include <stddef.h>

#include "engine.h"

/* More transfers in flight at once than this is refused (each holds a socket). */
#define KIT_LOOP_MAX_TRANSFERS 256

/* Monotonic milliseconds. */
long long kit_loop_now_ms(void);

/* The worker's loop state (no libcurl yet). Returns 0, or -1 with err. */
int kit_loop_open(kit_engine *e, char *err, size_t errlen);
/* Drops every transfer, closes the multi handle, frees the state. */
void kit_loop_close(kit_engine *e);
/* Defines the natives __kit_timer_arm and __kit_timer_disarm. */
void kit_loop_install(kit_engine *e);

/* What kit_loop_run calls back: the layer that writes the answer (stream.c)
 * registers them, so the loop names no function above it. Unless said
 * otherwise each returns 0 to go on, 1 when the answer is complete, -1 when
 * the render failed before the shell, -2 when the client went away. */
struct kit_loop_hooks {
	/* after each drain: how many callbacks it queued (the loop drains again) */
	int (*settle)(kit_engine *e);
	/* write what became ready */
	int (*progress)(kit_engine *e);
	/* nothing is armed or in flight that could settle anything */
	int (*stalled)(kit_engine *e);
	/* the render budget (kit_engine.timeout_ms) ran out */
	int (*timeout)(kit_engine *e);
	/* when a keep-alive is due (monotonic ms), or LLONG_MAX for none */
	long long (*keepalive_due)(kit_engine *e);
	/* it is due */
	int (*keepalive)(kit_engine *e);
};
/* Drains microtasks, calls the hooks, fires timers and drives transfers;
 * until the answer is complete. Returns 0, -1 (failed before the shell) or
 * -2 (client gone). */
int kit_loop_run(kit_engine *e, const struct kit_loop_hooks *h);
/* Runs microtasks, timers and transfers until *settled is set (by a
 * then-callback). Returns 0, or -1 (nothing can settle any more, or the
 * budget ran out: the failure is recorded). */
int kit_loop_await(kit_engine *e, const int *settled);
/* End of a request: its timers and transfers (removed, connections closed)
 * and JS's queues go. */
void kit_loop_reset(kit_engine *e);

/* A transfer's callbacks. progress (may be NULL) runs after each step of
 * curl and returns how many JS callbacks it called; done runs once when the
 * transfer finished (rc: its CURLcode), never after its request ended; drop
 * frees ctx when the loop frees the transfer (always: finished, cancelled or
 * dropped at the end of the request), after the easy handle is cleaned up. */
struct kit_loop_transfer_ops {
	int (*progress)(kit_engine *e, void *ctx);
	void (*done)(kit_engine *e, void *ctx, int rc);
	void (*drop)(void *ctx);
};
/* Registers a transfer of the request being answered: the loop takes over
 * easy (a CURL *; CURLOPT_PRIVATE is the loop's) and ctx, and sets *id (may be NULL) to
 * a number kit_loop_cancel_transfer takes. libcurl must be loaded already
 * (kit_curl_load: easy comes from it). Returns 0, or -1 with err (the
 * caller keeps easy and ctx). */
int kit_loop_add_transfer(kit_engine *e, void *easy, const struct kit_loop_transfer_ops *ops, void *ctx,
			  double *id, char *err, size_t errlen);
/* Drops the transfer without calling anything (an unknown id: nothing). */
void kit_loop_cancel_transfer(kit_engine *e, double id);
/* Transfers in flight (a render waiting on one is not stalled). */
size_t kit_loop_transfers(const kit_engine *e);

#endif
