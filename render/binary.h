/* binary.h — natives for binary data and the Web built-ins around it.
 *
 * js/server/web/binary.ts (TextEncoder/TextDecoder, crypto, performance) is
 * bundled into an app that names them (build/webuse.c) and calls these
 * globals, which every engine defines; bytes.ts uses __kit_bytes_from_string, util.ts
 * and url.ts the last two (16 native functions):
 *   __kit_utf8_encode(s)                  a Uint8Array of the UTF-8 of s
 *   __kit_utf8_encode_into(s, view)       [read, written], whole characters only
 *   __kit_utf8_decode(view, fatal)        text; invalid input is U+FFFD or, fatal, a TypeError
 *   __kit_random_fill(view)               getrandom(2) into the view's bytes
 *   __kit_now(), __kit_time_origin()      performance.now() and timeOrigin, in ms
 *   __kit_digest(name, view)              a Uint8Array of SHA-1/256/384/512
 *   __kit_atob(s), __kit_btoa(s)          base64 to a byte string and back; undefined if invalid
 *   __kit_idmap_new/get/set/free          an identity map of objects (structuredClone)
 *   __kit_bytes_from_string(s)            a Uint8Array of a byte string (the web classes' bodies)
 *   __kit_hide(o, name, value)            an own non-enumerable data slot (the web classes' state)
 *   __kit_url_canonical(s)                s is a simple absolute URL serialized as URL would
 * The digests come from OpenSSL's libcrypto, loaded with dlopen on first use
 * (as render/curl.c loads libcurl, which pulls libcrypto in on Debian): a
 * machine without it fails only crypto.subtle.digest, with its reason. */
#ifndef KIT_BINARY_H
#define KIT_BINARY_H

#include <mujs.h>

void kit_binary_install(js_State *J);

#endif
