/* jsstr.h — bytes and text between C and mujs strings (not public: the engine's).
 *
 * mujs keeps strings in "modified UTF-8": U+0000 is C0 80, and a character
 * outside the BMP is two 3-byte surrogate sequences (CESU-8). Header values
 * and bodies travel to and from JS as byte strings: one character
 * U+0000–U+00FF per byte. Below every other file of the engine: it calls
 * nothing but mujs and buf.c. */
#ifndef KIT_JSSTR_H
#define KIT_JSSTR_H

#include <stddef.h>

#include <mujs.h>

#include "buf.h"

/* Pushes n bytes as a JS byte string. */
void kit_jsstr_push_bytes(js_State *J, const char *p, size_t n);

/* Pushes n bytes of UTF-8 text as a JS string, decoded as Node's
 * toString("utf8") does: an invalid sequence is U+FFFD per maximal invalid
 * subpart, NUL and characters outside the BMP in mujs's form. */
void kit_jsstr_push_text(js_State *J, const char *p, size_t n);

/* Appends the bytes of a JS byte string to out. */
void kit_jsstr_put_bytes(kit_buf *out, const char *s);

/* mujs's modified UTF-8 (C0 80, CESU-8 surrogate pairs) as real UTF-8; out
 * has room for n bytes. Returns the length. */
size_t kit_jsstr_utf8(char *out, const char *s, size_t n);

/* Appends a mujs string to out as UTF-8. */
void kit_jsstr_put_text(kit_buf *out, const char *s);

#endif
