/* seal.h — sealing the values inline server actions close over (docs/actions.md §1). */
#ifndef KIT_SEAL_H
#define KIT_SEAL_H

#include <mujs.h>

/* the per-build key kit-build writes beside server.js */
#define KIT_SEAL_KEY_FILE "action-key"

/* Defines the natives __kit_seal(id, text) → the sealed text and
 * __kit_unseal(id, sealed) → the text, or null when it was changed, forged
 * or sealed for another id (js/server/captures.ts). The key is
 * KIT_SERVER_ACTIONS_KEY, else the action-key file beside server_js. */
void kit_seal_install(js_State *J, const char *server_js);

#endif
