/* forward.h — URLs the route tree does not own, handed to the backend
 * (docs/wire-formats.md §4): method, headers and body unchanged, plus
 * X-Forwarded-Host, X-Forwarded-Proto and X-Rsc-Renderer-Fallback: 1; the
 * answer (status, headers, body) streamed back as it arrives. A request
 * carrying X-Rsc-Proxied-By-Backend: 1 is never forwarded (the caller answers
 * 404). An unreachable backend gives a generic 502: its address is only
 * written to the log. */
#ifndef KIT_FORWARD_H
#define KIT_FORWARD_H

#include <stdatomic.h>

#include "fcgi/host.h"

/* Is forwarding configured (RSC_BACKEND set) and allowed for this request
 * (not marked as proxied by the backend)? */
int kit_forward_wanted(const kit_request *req);
/* Forwards the request and writes the backend's answer to out. Returns 0,
 * or -1 when the backend's answer was cut after its head went out: the
 * caller must then abort the stream instead of ending it (docs/fastcgi.md §10).
 * The transfer has its own timeouts: KIT_FORWARD_IDLE_TIMEOUT_MS (default
 * 30 s without a byte from the backend) and KIT_FORWARD_TIMEOUT_MS (default
 * 10 min for the whole transfer); a timeout before the head is a 504. */
int kit_forward(const kit_request *req, const kit_sink *out);
long kit_forward_idle_ms(void);
long kit_forward_total_ms(void);
/* Set while a transfer to the backend runs (the render watchdog of
 * kit-fcgi.c then allows the forwarding timeout instead of its own). */
extern atomic_int kit_forwarding;

#endif
