/* url.h — the request path the host routes on.
 *
 * Servers split SCRIPT_NAME/PATH_INFO differently (docs/fastcgi.md §5), so
 * the host routes on REQUEST_URI, canonicalised the way the web servers do
 * it: the query cut off, %-escapes decoded, "//" merged, "." and ".." resolved.
 * A %00 or an encoded "/" is refused (400), so the app and the server always
 * agree on which path was asked for; so is a decoded path that is not UTF-8
 * (%ff%fe: routes, params and JavaScript strings are UTF-8). */
#ifndef KIT_URL_H
#define KIT_URL_H

#include <stddef.h>

#include "render/arena.h"
#include "render/buf.h"

typedef struct kit_url {
	char *path;       /* canonical, decoded, starts with "/" */
	char *query;      /* raw query without "?", "" when none */
} kit_url;

/* Returns 0, or -1 with a reason for a 400 answer. path and query live in
 * the arena (the request's: they go when it is reset). */
int kit_url_parse(kit_arena *a, const char *request_uri, kit_url *out, const char **why);

/* Decodes one application/x-www-form-urlencoded component ("+" is a space)
 * in place; returns the new length or -1 on a bad escape. */
long kit_url_decode_form(char *s);

/* A redirect target built from the request (the trailing-slash 308, the
 * 409's X-RSC-Location) is never the decoded bytes: kit_url_put_location
 * appends the canonical path re-encoded (every byte outside RFC 3986's
 * pchar set as %XX: CR, LF, NUL, tabs, "\", non-ASCII), then "?" and the
 * query with the bytes a URL may not hold raw encoded the same way. The
 * result is a same-origin path: it starts with one "/" (never "//" or
 * "/\", which browsers read as another host). */
void kit_url_put_location(kit_buf *out, const char *path, const char *query);

/* 1 when target is a same-origin path: "/" not followed by "/" or "\",
 * no byte below 0x21 or above 0x7e. */
int kit_url_is_local(const char *target);

#endif
