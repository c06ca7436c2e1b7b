/* url.h — the request path the host routes on.
 *
 * Servers split SCRIPT_NAME/PATH_INFO differently (notes/fastcgi.md §4), so
 * the host routes on REQUEST_URI, canonicalised the way the web servers do
 * it: the query cut off, %-escapes decoded, "//" merged, "." and ".." resolved.
 * A %00 or an encoded "/" is refused (400), so the app and the server always
 * agree on which path was asked for. */
#ifndef KIT_URL_H
#define KIT_URL_H

#include <stddef.h>

typedef struct kit_url {
	char *path;       /* canonical, decoded, starts with "/" */
	char *query;      /* raw query without "?", "" when none */
} kit_url;

/* Returns 0, or -1 with a reason for a 400 answer. Free with kit_url_free. */
int kit_url_parse(const char *request_uri, kit_url *out, const char **why);
void kit_url_free(kit_url *u);

/* Decodes one application/x-www-form-urlencoded component ("+" is a space)
 * in place; returns the new length or -1 on a bad escape. */
long kit_url_decode_form(char *s);

#endif
