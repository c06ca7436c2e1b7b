/* fetch.h — the server-side fetch() over libcurl (not public: the engine's).
 *
 * The engine owns one curl multi handle per worker, opened by the first
 * transfer (libcurl is loaded then: curl.h). JS's fetch()
 * (js/server/fetch.ts) calls the native __kit_fetch, which adds an easy
 * handle to it; the event loop (loop.c) waits on the multi handle next to its
 * timers and completes transfers through kit_fetch_wait, which calls the JS
 * callbacks. When a request ends, kit_fetch_reset removes whatever is still
 * running: no callback of an old request ever runs. */
#ifndef KIT_FETCH_H
#define KIT_FETCH_H

#include <stddef.h>

#include "curl.h"

#include "buf.h"
#include "engine.h"

/* Response bodies are collected whole; a bigger one fails the fetch. */
#define KIT_FETCH_MAX_BODY ((size_t)32 << 20)
/* The timeout of a fetch without a `timeout` option (milliseconds). */
#define KIT_FETCH_DEFAULT_TIMEOUT_MS 30000

/* The worker's fetch state, without libcurl yet. Returns 0, or -1 with a
 * message in err. */
int kit_fetch_open(kit_engine *e, char *err, size_t errlen);
/* Loads libcurl (curl.h) and opens the multi handle, the first time; before
 * any kit_curl call. Returns 0, or -1 with why in err (libcurl missing). */
int kit_fetch_ready(kit_engine *e, char *err, size_t errlen);
/* Frees every transfer and the multi handle. */
void kit_fetch_close(kit_engine *e);
/* Defines the natives __kit_fetch and __kit_fetch_abort. */
void kit_fetch_install(kit_engine *e);
/* Transfers in flight (the loop is not stalled while there are any). */
size_t kit_fetch_pending(const kit_engine *e);
/* Lets the transfers progress, waiting up to timeout_ms for activity (0:
 * only what is ready now); each completed transfer calls its JS callback.
 * Returns how many completed (their callbacks ran: microtasks may be queued). */
int kit_fetch_wait(kit_engine *e, long long timeout_ms);
/* curl_slist_append that aborts when out of memory. */
struct curl_slist *kit_fetch_add_header(struct curl_slist *list, const char *line);
/* A transfer owned by another part of the engine (rpc.c) on the same multi
 * handle, so the loop waits on it like on a fetch. progress runs after each
 * step of curl (returns how many JS callbacks it called), done once when the
 * transfer finished (rc a CURLcode; never after its request ended), drop
 * when fetch.c frees it (always, also when dropped at the end of the
 * request). fetch.c takes over the easy handle (CURLOPT_PRIVATE is its own).
 * Returns 0, or -1 with err (the caller keeps easy and ctx). */
struct kit_fetch_ext {
	int (*progress)(kit_engine *e, void *ctx);
	void (*done)(kit_engine *e, void *ctx, int rc);
	void (*drop)(void *ctx);
	void *ctx;
};
int kit_fetch_add_easy(kit_engine *e, void *easy, const struct kit_fetch_ext *ext, char *err, size_t errlen);
/* End of a request: every transfer still running is removed and freed. */
void kit_fetch_reset(kit_engine *e);

#endif
