/* header.h — the check every header line of kit passes.
 *
 * Header lines travel between the engine and the host as text ("name:
 * value\r\n"); once a value holding CR or LF is joined into that text, it
 * reads as two lines and nobody downstream can tell (response splitting).
 * So whoever makes a line checks it here first, and fcgi/response.c, which
 * writes every head, checks every line again with the same rule. */
#ifndef KIT_HEADER_H
#define KIT_HEADER_H

#include <stddef.h>

#include "render/buf.h"

/* 1 when "name: value" may be written: name a non-empty HTTP token (RFC
 * 9110 tchar), value free of CR, LF and NUL (both with their lengths: bytes
 * from a buffer may hold a NUL). */
int kit_header_ok(const char *name, size_t nlen, const char *value, size_t vlen);

/* 1 when a request header is as the web Headers class stores it (what its
 * append leaves unchanged): name a lower-case token, value without CR, LF
 * or NUL and without leading or trailing HTTP whitespace (tab, space, CR,
 * LF). The engine tells the web classes so, and they take the host's list
 * without testing each pair again (js/server/web/headers.ts
 * headersFromList). */
int kit_header_plain(const char *name, const char *value);

/* Appends "name: value\r\n" to lines when kit_header_ok; else appends
 * nothing and returns -1. */
int kit_header_append(kit_buf *lines, const char *name, const char *value);

#endif
