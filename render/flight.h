/* flight.h — the Flight (React Server Components) wire format, production.
 *
 * Rows are written as soon as they are complete, in completion order; ids and
 * lengths are lowercase hex; strings starting with '$' are escaped as "$$...";
 * import (I) rows of client references go out before the rows that use them.
 * A READY lazy row whose parent has not been written yet is inlined into the
 * parent instead of getting its own row. No development rows (debug info,
 * console replay), ever. An element is ["$", type, key, props]; in a
 * development build (kit_model.dev) ["$", type, key, props, null, null,
 * validated], the shape React's development client reads its key check
 * from (docs/dev.md). See docs/wire-formats.md §1. */
#ifndef KIT_FLIGHT_H
#define KIT_FLIGHT_H

#include "buf.h"
#include "model.h"

/* Appends every completed row not yet written (rows queued by kit_row_resolve /
 * kit_row_reject), in completion order, each preceded by any I rows it needs.
 * A row inlined into an earlier-written parent is skipped. Returns the number
 * of rows written. */
size_t kit_flight_write_ready(kit_model *m, kit_buf *out);

/* Writes row r now, whatever its written flag, preceded by the rows it needs
 * (I rows, T rows of long strings, Map/Set entries) that are not written yet.
 * Writes nothing for a PENDING row. Returns the number of rows written. */
size_t kit_flight_write_row(kit_model *m, kit_row *r, kit_buf *out);

/* Serialises one value as the JSON of a Flight row body (no id, no newline).
 * Rows it needs (see above) are allocated and queued for the next
 * kit_flight_write_ready instead of being written. */
void kit_flight_write_value(kit_model *m, const kit_value *v, kit_buf *out);

/* Parses Flight rows (a stored .flight file or a whole payload) back into a
 * model: rows by id, "$L"/"$<id>" references as KIT_LAZY, "$@" as KIT_PROMISE, I rows as client
 * refs, E rows as errored rows, T rows as strings, "$Q"/"$W" as Map/Set,
 * "$<id>:a:b" paths as the value they name. Parsed rows are marked written (a
 * writer refers to them instead of inlining); rows referenced but absent stay
 * PENDING. Hint (H) rows are skipped. Returns 0, or -1 with err naming the
 * row: malformed input, or what the model cannot hold (server references,
 * streams, typed arrays, development rows). */
int kit_flight_parse(kit_model *m, const char *data, size_t len, char *err, size_t errlen);

#endif
