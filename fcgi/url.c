/* url.c — REQUEST_URI canonicalisation; see url.h. */
#include "url.h"

#include <stdlib.h>
#include <string.h>

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* 1 when s[0..n) is well-formed UTF-8 (no overlong form, no surrogate, at
 * most U+10FFFF). */
static int utf8_ok(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned c = s[i];
		size_t len;
		unsigned lo = 0x80, hi = 0xbf;
		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			if (c == 0xe0)
				lo = 0xa0;
			else if (c == 0xed)
				hi = 0x9f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			if (c == 0xf0)
				lo = 0x90;
			else if (c == 0xf4)
				hi = 0x8f;
		} else {
			return 0;
		}
		if (i + len > n || s[i + 1] < lo || s[i + 1] > hi)
			return 0;
		for (size_t k = 2; k < len; k++)
			if (s[i + k] < 0x80 || s[i + k] > 0xbf)
				return 0;
		i += len;
	}
	return 1;
}

int kit_url_parse(kit_arena *a, const char *uri, kit_url *out, const char **why)
{
	out->path = out->query = NULL;
	if (!uri || uri[0] != '/') {
		*why = "the request target must start with \"/\"";
		return -1;
	}
	const char *q = strchr(uri, '?');
	size_t plen = q ? (size_t)(q - uri) : strlen(uri);
	const char *hash = memchr(uri, '#', plen);
	if (hash) { /* browsers never send a fragment; a raw client might */
		plen = (size_t)(hash - uri);
		q = NULL;  /* a "?" after the "#" is the fragment's, not a query */
	}

	/* decode */
	char *dec = kit_arena_alloc(a, plen + 1);
	size_t n = 0;
	for (size_t i = 0; i < plen; i++) {
		char c = uri[i];
		if (c == '%') {
			if (i + 2 >= plen || hexval(uri[i + 1]) < 0 || hexval(uri[i + 2]) < 0) {
				*why = "a malformed %-escape in the path";
				return -1;
			}
			int v = hexval(uri[i + 1]) * 16 + hexval(uri[i + 2]);
			if (v == 0) {
				*why = "%00 in the path";
				return -1;
			}
			if (v == '/') {
				*why = "an encoded \"/\" (%2F) in the path";
				return -1;
			}
			c = (char)v;
			i += 2;
		}
		dec[n++] = c;
	}
	dec[n] = '\0';
	/* the routes, the params and JavaScript strings are UTF-8 */
	if (!utf8_ok((const unsigned char *)dec, n)) {
		*why = "the path is not UTF-8";
		return -1;
	}

	/* normalise segments: merge "//", resolve "." and ".." */
	char *path = kit_arena_alloc(a, n + 2);
	size_t out_len = 0;
	const char *p = dec;
	while (*p) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		const char *seg = p;
		while (*p && *p != '/')
			p++;
		size_t slen = (size_t)(p - seg);
		if (slen == 1 && seg[0] == '.')
			continue;
		if (slen == 2 && seg[0] == '.' && seg[1] == '.') {
			while (out_len > 0 && path[out_len - 1] != '/')
				out_len--;
			if (out_len > 0)
				out_len--;
			continue;
		}
		path[out_len++] = '/';
		memcpy(path + out_len, seg, slen);
		out_len += slen;
	}
	/* keep a trailing slash so the host can redirect to the canonical form */
	if (n > 1 && dec[n - 1] == '/' && out_len > 0)
		path[out_len++] = '/';
	if (out_len == 0)
		path[out_len++] = '/';
	path[out_len] = '\0';

	out->path = path;
	out->query = kit_arena_strdup(a, q ? q + 1 : "");
	return 0;
}

long kit_url_decode_form(char *s)
{
	char *w = s;
	for (char *r = s; *r; r++) {
		if (*r == '+') {
			*w++ = ' ';
		} else if (*r == '%') {
			if (hexval(r[1]) < 0 || hexval(r[2]) < 0)
				return -1;
			*w++ = (char)(hexval(r[1]) * 16 + hexval(r[2]));
			r += 2;
		} else {
			*w++ = *r;
		}
	}
	*w = '\0';
	return (long)(w - s);
}

/* RFC 3986 pchar without "%" (unreserved, sub-delims, ":" and "@"), plus "/". */
static int path_byte_ok(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("-._~!$&'()*+,;=:@/", c));
}

/* What a query may hold raw: printable ASCII but the bytes browsers encode
 * themselves ("\"", "<", ">", "\\", "^", "`", "{", "|", "}") and "#". */
static int query_byte_ok(unsigned char c)
{
	return c > 0x20 && c < 0x7f && !strchr("\"<>\\^`{|}#", c);
}

static void put_escaped(kit_buf *out, unsigned char c)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[3] = { '%', hex[c >> 4], hex[c & 15] };
	kit_buf_put(out, e, 3);
}

void kit_url_put_location(kit_buf *out, const char *path, const char *query)
{
	/* a canonical path never holds "//"; any other path gets its run of
	 * leading slashes cut to one, so the target stays on this site */
	while (path[0] == '/' && path[1] == '/')
		path++;
	if (path[0] != '/')
		kit_buf_putc(out, '/');
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (path_byte_ok(*p))
			kit_buf_putc(out, (char)*p);
		else
			put_escaped(out, *p);
	}
	if (query && *query) {
		kit_buf_putc(out, '?');
		for (const unsigned char *p = (const unsigned char *)query; *p; p++) {
			if (query_byte_ok(*p))
				kit_buf_putc(out, (char)*p);
			else
				put_escaped(out, *p);
		}
	}
}

int kit_url_is_local(const char *target)
{
	if (target[0] != '/' || target[1] == '/' || target[1] == '\\')
		return 0;
	for (const unsigned char *p = (const unsigned char *)target; *p; p++)
		if (*p < 0x21 || *p > 0x7e)
			return 0;
	return 1;
}
