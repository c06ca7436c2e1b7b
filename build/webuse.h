/* webuse.h — whether server.js must carry the web platform classes. */
#ifndef KIT_BUILD_WEBUSE_H
#define KIT_BUILD_WEBUSE_H

#include <stddef.h>

#include "build/scan.h"

/* 1 when the app has an API route or a Next.js-shaped middleware
 * (build/nextmw.h), or its sources name Request, Response,
 * Headers, URL, FormData, fetch, request(), ... (see webuse.c). */
int kit_webuse_needed(const kit_scan *scan, const char *app_root);

/* 1 when the app's sources name TextEncoder, TextDecoder, atob, btoa,
 * structuredClone, crypto, performance or DOMException (js/server/web/binary.ts). */
int kit_binaryuse_needed(const char *app_root);

/* The same test on bundled code: 1 when text names one of them. */
int kit_binaryuse_in(const char *text, size_t len);

#endif
