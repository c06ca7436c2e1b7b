/* fetch.h — the server-side fetch() over libcurl (not public: the engine's).
 *
 * JS's fetch() (js/server/fetch.ts) calls the native __kit_fetch, which
 * registers one transfer with the event loop (loop.h: kit_loop_add_transfer;
 * libcurl is loaded then: curl.h). The loop waits on it next to its timers
 * and calls fetch.c back when it finished, which calls the JS callbacks.
 * fetch.c keeps no state of its own: when a request ends, kit_loop_reset
 * removes whatever is still running, so no callback of an old request ever
 * runs. */
#ifndef KIT_FETCH_H
#define KIT_FETCH_H

#include <stddef.h>

#include "engine.h"

/* Response bodies are collected whole; a bigger one fails the fetch. */
#define KIT_FETCH_MAX_BODY ((size_t)32 << 20)
/* The timeout of a fetch without a `timeout` option (milliseconds). */
#define KIT_FETCH_DEFAULT_TIMEOUT_MS 30000

/* Defines the natives __kit_fetch and __kit_fetch_abort. */
void kit_fetch_install(kit_engine *e);

#endif
