/* json.h — JSON in and out for the model.
 *
 * kit_json_parse reads standard JSON (RFC 8259, UTF-8, \uXXXX surrogate pairs
 * joined) into model values: objects keep key order, numbers are doubles.
 * Used for the route manifest, stored Flight rows and backend replies.
 * kit_json_write_string writes a JSON string literal (quotes included) with the
 * escaping JSON.stringify uses (U+2028/2029 raw, control chars as \uXXXX or the
 * short escapes). */
#ifndef KIT_JSON_H
#define KIT_JSON_H

#include <stddef.h>

#include "buf.h"
#include "model.h"

/* Returns 0 and sets *out, or -1 with a message ("line 3, column 7: expected ','"). */
int kit_json_parse(kit_model *m, const char *text, size_t len, kit_value **out,
		   char *err, size_t errlen);

void kit_json_write_string(kit_buf *out, const char *s, size_t n);
/* Plain JSON of a value (no Flight $-escaping): for manifests and replies.
 * Non-JSON kinds (undefined, lazy, ...) are written as null. */
void kit_json_write(kit_buf *out, const kit_value *v);
/* An array or an object (v->kind KIT_ARRAY or KIT_OBJECT) as JSON, each
 * element written by item at depth + 1: the containers of kit_json_write,
 * and of encodeReply's text (render/html_form.c), whose elements are not
 * plain JSON. */
typedef void (*kit_json_item_fn)(kit_buf *out, const kit_value *v, int depth);
void kit_json_write_container(kit_buf *out, const kit_value *v, kit_json_item_fn item, int depth);
/* Number formatting identical to JS Number.prototype.toString for finite values
 * (NaN and ±Infinity, which JSON cannot hold, are written as null). */
void kit_json_write_number(kit_buf *out, double d);
/* String(d) exactly as JS prints it, "NaN" and "Infinity" included; buf needs 32
 * bytes. Returns the length. Used for text and attribute values in HTML. */
size_t kit_json_format_number(char *buf, double d);

#endif
