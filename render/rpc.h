/* rpc.h — host calls to the backend (docs/wire-formats.md §5): the transport under rpc()
 * and the backend guard check (js/server/rpc.ts). Not public: the engine's.
 *
 * Configuration comes from the environment when the engine opens:
 *   RSC_BACKEND            base URL of the backend (http or https)
 *   RSC_HOST_CALL_SECRET   the shared secret, sent as X-Rsc-Host-Secret
 *                          (both or neither: one without the other is a startup error)
 *   RSC_HOST_CALL_PATH     the endpoint's path (default /__rsc/host-call)
 *   RSC_HOST_CALL_TIMEOUT_MS  per call (default 30000; 0 = none)
 * The address and the secret stay in C: JS never sees them. */
#ifndef KIT_RPC_H
#define KIT_RPC_H

#include <stddef.h>

#include "engine.h"

#define KIT_RPC_DEFAULT_PATH "/__rsc/host-call"
#define KIT_RPC_DEFAULT_TIMEOUT_MS 30000
/* A whole (non-NDJSON) answer, or one NDJSON line, larger than this fails. */
#define KIT_RPC_MAX_BODY ((size_t)32 << 20)

/* Reads the configuration. Returns 0, or -1 with a message in err. */
int kit_rpc_open(kit_engine *e, char *err, size_t errlen);
/* Defines the natives __kit_rpc and __kit_rpc_config. */
void kit_rpc_install(kit_engine *e);

#endif
