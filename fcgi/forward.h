/* forward.h — URLs the route tree does not own, handed to the backend
 * (docs/wire-formats.md §4): method, headers and body unchanged, plus
 * X-Forwarded-Host, X-Forwarded-Proto and X-Rsc-Renderer-Fallback: 1; the
 * answer (status, headers, body) streamed back as it arrives. A request
 * carrying X-Rsc-Proxied-By-Backend: 1 is never forwarded (the caller answers
 * 404). An unreachable backend gives a generic 502: its address is only
 * written to the log. */
#ifndef KIT_FORWARD_H
#define KIT_FORWARD_H

#include "fcgi/host.h"

/* Is forwarding configured (RSC_BACKEND set) and allowed for this request
 * (not marked as proxied by the backend)? */
int kit_forward_wanted(const kit_request *req);
/* Forwards the request and writes the backend's answer to out. Returns 0. */
int kit_forward(const kit_request *req, const kit_sink *out);

#endif
