/* chain.h — a request's layout chain (X-RSC-Layouts, X-RSC-Segments).
 *
 * The chain names the layouts a page renders in, outermost first: each
 * layout's module id, and for a layout whose directory has dynamic segments
 * ("app/[lang]/layout") the values of those params after a colon
 * ("app/[lang]/layout:de"). So a client navigating /de → /cs holds another
 * "[lang]" layout than the one /cs needs: the shared prefix ends before it,
 * and that layout renders again (html lang="cs"). docs/wire-formats.md §3. */
#ifndef KIT_CHAIN_H
#define KIT_CHAIN_H

#include <stddef.h>

#include "buf.h"
#include "engine.h"

/* Whether a layout's id has dynamic segments in its directory. */
int kit_layout_is_dynamic(const char *id);

/* Appends one item of the chain: id, and ":" + its directory's param values
 * (a catch-all's joined by "/"), percent-encoded so that no comma, colon or
 * byte outside printable ASCII appears. */
void kit_layout_key_put(kit_buf *out, const char *id, const kit_param *params, size_t nparams);

#endif
