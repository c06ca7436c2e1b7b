/* text.h — what kit's text services share (Collator, ListFormat, Segmenter,
 * DisplayNames, Locale, normalize): strings between mujs and ICU.
 *
 * mujs keeps strings as modified UTF-8: U+0000 is C0 80 and a character
 * outside the BMP is two 3-byte surrogates (CESU-8), so one mujs character
 * is one UTF-16 code unit and `length` counts what V8 counts. ICU wants
 * UTF-16: kit_intl_u16 decodes, kit_intl_push_u16 encodes back unit by
 * unit. */
#ifndef KIT_INTL_TEXT_H
#define KIT_INTL_TEXT_H

#include <stdint.h>

#include <mujs.h>
#include <unicode/utypes.h>

/* A UTF-16 copy of s: into buf when cap (units) is enough, else a malloc'd
 * buffer the caller frees when it is not buf. *len gets the units (the
 * copy is NUL-terminated). NULL only when out of memory. */
UChar *kit_intl_u16(const char *s, UChar *buf, int32_t cap, int32_t *len);

/* Pushes len UTF-16 units as a mujs string. */
void kit_intl_push_u16(js_State *J, const UChar *u, int32_t len);

/* 1 when s is plain ASCII (every normal form of it is itself). */
int kit_intl_is_ascii(const char *s);

/* GetOptionsObject(options at idx): pushes an empty object for undefined,
 * the object itself, TypeError for anything else. Returns its index. */
int kit_intl_options_object(js_State *J, int idx);

/* StringListFromIterable(value at idx): pushes an array of its strings
 * (undefined gives []); TypeError for an element that is not a string. */
void kit_intl_string_list(js_State *J, int idx);

/* Defines obj[Symbol[name]] = the function on top (popped), writable and
 * configurable, not enumerable. */
void kit_intl_define_symbol(js_State *J, int obj, const char *name);

/* Each installs its part on the Intl object on top of the stack, called
 * from kit_intl_text_install (text.c, which adds String.prototype.normalize,
 * toLocaleUpperCase and toLocaleLowerCase). No ICU call. */
void kit_intl_collator_install(js_State *J);
void kit_intl_list_install(js_State *J);
void kit_intl_segmenter_install(js_State *J);
void kit_intl_displaynames_install(js_State *J);
void kit_intl_locale_install(js_State *J);
void kit_intl_values_install(js_State *J);

/* A prototype object for Intl.X: an empty object with Symbol.toStringTag,
 * kept in the registry under name (js_getregistry pushes it). */
void kit_intl_new_prototype(js_State *J, const char *name, const char *tag);

#endif
