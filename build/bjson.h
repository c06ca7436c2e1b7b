/* bjson.h — JSON in and out for kit-build's small documents.
 *
 * In: kit.config.json and the toolchain's report are parsed by mujs's own
 * JSON.parse into a scratch state, and read with the ordinary mujs API (the
 * documents are tiny; kit-build links mujs anyway). Out: string literals
 * escaped so that they are valid both as JSON and as JavaScript source
 * (U+2028/2029 escaped too), for the manifest and the generated entry. */
#ifndef KIT_BUILD_BJSON_H
#define KIT_BUILD_BJSON_H

#include <mujs.h>
#include <stddef.h>

#include "render/arena.h"
#include "render/buf.h"

/* Parses text and pushes the value on J's stack. Returns 0, or -1 with mujs's
 * message in err (nothing pushed). */
int kit_bjson_parse(js_State *J, const char *text, char *err, size_t errlen);

/* Property `name` of the object at idx as a string copied into a, or NULL
 * when absent or not a string. */
const char *kit_bjson_string_prop(js_State *J, int idx, const char *name, kit_arena *a);
/* Property `name` as an integer, or def when absent or not a number. */
int kit_bjson_int_prop(js_State *J, int idx, const char *name, int def);

/* Writes s as a quoted string literal. */
void kit_bjson_write_string(kit_buf *out, const char *s);

#endif
