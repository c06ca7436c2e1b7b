/* binary.c — the natives under js/server/web/binary.ts (see binary.h). */
#include "render/binary.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "render/jsstr.h"
#include "render/libcrypto.h"

#ifndef KIT_LIBCRYPTO_SONAME
#define KIT_LIBCRYPTO_SONAME "libcrypto.so.3"
#endif

/* --- UTF-8 ------------------------------------------------------------- */

/* __kit_utf8_encode(s): a Uint8Array of the UTF-8 of s (lone surrogates as U+FFFD) */
static void native_utf8_encode(js_State *J)
{
	const char *s = js_tostring(J, 1);
	size_t n = strlen(s);
	char *out = malloc(n + 1);
	if (!out)
		js_error(J, "out of memory");
	size_t len = kit_jsstr_utf8(out, s, n);
	if (js_try(J)) {
		free(out);
		js_throw(J);
	}
	js_newuint8array(J, out, (int)len);
	js_endtry(J);
	free(out);
}

/* One character of mujs's string at p: its UTF-8 length and UTF-16 units;
 * returns the bytes it takes in p. */
static size_t next_char(const unsigned char *p, size_t n, size_t *utf8, int *units)
{
	if (p[0] == 0xC0 && n > 1 && p[1] == 0x80) {
		*utf8 = 1, *units = 1;
		return 2;
	}
	if (p[0] == 0xED && n > 2 && p[1] >= 0xA0) {
		if (p[1] < 0xB0 && n > 5 && p[3] == 0xED && p[4] >= 0xB0 && p[4] <= 0xBF) {
			*utf8 = 4, *units = 2;
			return 6;
		}
		*utf8 = 3, *units = 1;
		return 3;
	}
	size_t k = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
	if (k > n)
		k = n;
	*utf8 = k;
	*units = k == 4 ? 2 : 1;
	return k;
}

/* __kit_utf8_encode_into(s, view): writes the whole characters of s that fit,
 * returns [read (UTF-16 units), written (bytes)] */
static void native_utf8_encode_into(js_State *J)
{
	const char *s = js_tostring(J, 1);
	int room;
	unsigned char *dst = js_tobytes(J, 2, &room);
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, written = 0;
	double read = 0;
	if (!dst)
		js_typeerror(J, "The \"dest\" argument must be an instance of Uint8Array.");
	while (i < n) {
		size_t utf8;
		int units;
		size_t k = next_char(p + i, n - i, &utf8, &units);
		if (written + utf8 > (size_t)room)
			break;
		char tmp[8];
		size_t got = kit_jsstr_utf8(tmp, (const char *)p + i, k);
		memcpy(dst + written, tmp, got);
		written += got;
		read += units;
		i += k;
	}
	js_newarray(J);
	js_pushnumber(J, read);
	js_setindex(J, -2, 0);
	js_pushnumber(J, (double)written);
	js_setindex(J, -2, 1);
}

/* length of the valid UTF-8 at p, as the WHATWG decoder reads it */
static size_t valid_utf8(const unsigned char *p, size_t n)
{
	size_t i = 0;
	while (i < n) {
		unsigned b = p[i];
		if (b < 0x80) {
			i++;
			continue;
		}
		size_t need = b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
		if (!need || i + need > n)
			return i;
		unsigned lo = b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
		unsigned hi = b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
		if (p[i + 1] < lo || p[i + 1] > hi)
			return i;
		for (size_t k = 2; k < need; k++)
			if (p[i + k] < 0x80 || p[i + k] > 0xBF)
				return i;
		i += need;
	}
	return i;
}

/* __kit_utf8_decode(view, fatal): the text; with fatal, invalid input throws */
static void native_utf8_decode(js_State *J)
{
	int n;
	const unsigned char *p = js_tobytes(J, 1, &n);
	if (!p)
		js_typeerror(J, "The \"input\" argument must be an instance of ArrayBuffer or ArrayBufferView.");
	if (js_toboolean(J, 2) && valid_utf8(p, (size_t)n) != (size_t)n)
		js_typeerror(J, "The encoded data was not valid for encoding utf-8");
	kit_jsstr_push_text(J, (const char *)p, (size_t)n);
}

/* --- base64 ------------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* __kit_btoa(s): base64 of a byte string; undefined when a character is above U+00FF */
static void native_btoa(js_State *J)
{
	const unsigned char *p = (const unsigned char *)js_tostring(J, 1);
	size_t n = strlen((const char *)p);
	kit_buf out;
	kit_buf_init(&out);
	unsigned acc = 0;
	int bits = 0;
	for (size_t i = 0; i < n;) {
		unsigned c;
		if (p[i] < 0x80) {
			c = p[i++];
		} else if ((p[i] == 0xC2 || p[i] == 0xC3) && i + 1 < n) {
			c = ((p[i] & 0x1Fu) << 6) | (p[i + 1] & 0x3Fu);
			i += 2;
		} else if (p[i] == 0xC0 && i + 1 < n && p[i + 1] == 0x80) {
			c = 0;
			i += 2;
		} else {
			kit_buf_free(&out);
			js_pushundefined(J);
			return;
		}
		acc = (acc << 8) | c;
		bits += 8;
		while (bits >= 6) {
			bits -= 6;
			kit_buf_putc(&out, b64[(acc >> bits) & 63]);
		}
	}
	if (bits > 0)
		kit_buf_putc(&out, b64[(acc << (6 - bits)) & 63]);
	while (out.len % 4)
		kit_buf_putc(&out, '=');
	if (js_try(J)) {
		kit_buf_free(&out);
		js_throw(J);
	}
	js_pushlstring(J, out.len ? out.data : "", (int)out.len);
	js_endtry(J);
	kit_buf_free(&out);
}

/* __kit_atob(s): the bytes of base64 text as a byte string, as the HTML
 * standard's forgiving-base64 decode reads it; undefined when it is not base64 */
static void native_atob(js_State *J)
{
	const unsigned char *p = (const unsigned char *)js_tostring(J, 1);
	size_t n = strlen((const char *)p), len = 0;
	char *in = malloc(n + 1);
	if (!in)
		js_error(J, "out of memory");
	for (size_t i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\n' && p[i] != '\f' && p[i] != '\r')
			in[len++] = (char)p[i];
	if (len % 4 == 0 && len > 0 && in[len - 1] == '=') {
		len--;
		if (in[len - 1] == '=')
			len--;
	}
	int bad = len % 4 == 1;
	kit_buf out;
	kit_buf_init(&out);
	unsigned acc = 0;
	int bits = 0;
	for (size_t i = 0; i < len && !bad; i++) {
		const char *q = memchr(b64, in[i], 64);
		if (!q || !in[i]) {
			bad = 1;
			break;
		}
		acc = (acc << 6) | (unsigned)(q - b64);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			kit_buf_putc(&out, (char)((acc >> bits) & 0xFF));
		}
	}
	free(in);
	if (bad) {
		kit_buf_free(&out);
		js_pushundefined(J);
		return;
	}
	if (js_try(J)) {
		kit_buf_free(&out);
		js_throw(J);
	}
	kit_jsstr_push_bytes(J, out.data ? out.data : "", out.len);
	js_endtry(J);
	kit_buf_free(&out);
}

/* __kit_bytes_from_string(s): a Uint8Array of a byte string's bytes (one a
 * character); undefined when a character is above U+00FF */
static void native_bytes_from_string(js_State *J)
{
	const unsigned char *p = (const unsigned char *)js_tostring(J, 1);
	size_t n = strlen((const char *)p), len = 0;
	unsigned char *out = malloc(n + 1);
	if (!out)
		js_error(J, "out of memory");
	for (size_t i = 0; i < n;) {
		if (p[i] < 0x80) {
			out[len++] = p[i++];
		} else if ((p[i] == 0xC2 || p[i] == 0xC3) && i + 1 < n) {
			out[len++] = (unsigned char)(((p[i] & 0x1Fu) << 6) | (p[i + 1] & 0x3Fu));
			i += 2;
		} else if (p[i] == 0xC0 && i + 1 < n && p[i + 1] == 0x80) {
			out[len++] = 0;
			i += 2;
		} else {
			free(out);
			js_pushundefined(J);
			return;
		}
	}
	if (js_try(J)) {
		free(out);
		js_throw(J);
	}
	js_newuint8array(J, out, (int)len);
	js_endtry(J);
	free(out);
}

/* --- randomness, time -------------------------------------------------- */

/* __kit_random_fill(view): fills its bytes from the kernel's generator */
static void native_random_fill(js_State *J)
{
	int n;
	unsigned char *p = js_tobytes(J, 1, &n);
	if (!p)
		js_typeerror(J, "__kit_random_fill: not a typed array");
	for (int off = 0; off < n;) {
		ssize_t got = getrandom(p + off, (size_t)(n - off), 0);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			js_error(J, "getrandom: %s", strerror(errno));
		}
		off += (int)got;
	}
	js_copy(J, 1);
}

static double mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double origin_mono;   /* the monotonic clock when the first engine started */
static double origin_wall;   /* and the wall clock then (performance.timeOrigin) */

/* __kit_now(): milliseconds since timeOrigin, to the microsecond */
static void native_now(js_State *J)
{
	js_pushnumber(J, (double)(long long)((mono_ms() - origin_mono) * 1000) / 1000);
}

static void native_time_origin(js_State *J)
{
	js_pushnumber(J, origin_wall);
}

/* --- digests through libcrypto ----------------------------------------- */

typedef const void *(*md_fn)(void);
static struct {
	int (*digest)(const void *data, size_t count, unsigned char *md, unsigned int *size, const void *type, void *impl);
	md_fn sha1, sha256, sha384, sha512;
} crypto;
static int crypto_state;  /* 0 not tried, 1 loaded, -1 failed */
static char crypto_failure[400];

static int crypto_load(void)
{
	if (crypto_state)
		return crypto_state;
	const kit_crypto_sym syms[] = {
		{ "EVP_Digest", (void **)&crypto.digest }, { "EVP_sha1", (void **)&crypto.sha1 },
		{ "EVP_sha256", (void **)&crypto.sha256 }, { "EVP_sha384", (void **)&crypto.sha384 },
		{ "EVP_sha512", (void **)&crypto.sha512 },
	};
	char why[256];
	int rc = kit_crypto_bind(syms, sizeof syms / sizeof *syms, why, sizeof why);
	if (rc < 0) {
		snprintf(crypto_failure, sizeof crypto_failure, "crypto.subtle.digest needs libcrypto (%s): %s",
			 KIT_LIBCRYPTO_SONAME, rc == -2 ? "a digest function is missing" : why);
		crypto_state = -1;
	} else {
		crypto_state = 1;
	}
	return crypto_state;
}

/* __kit_digest(name, view): a Uint8Array of the digest ("SHA-1", "SHA-256", "SHA-384", "SHA-512") */
static void native_digest(js_State *J)
{
	const char *name = js_tostring(J, 1);
	int n;
	const unsigned char *p = js_tobytes(J, 2, &n);
	if (!p)
		js_typeerror(J, "__kit_digest: not a BufferSource");
	if (crypto_load() < 0)
		js_error(J, "%s", crypto_failure);
	md_fn md = !strcmp(name, "SHA-1") ? crypto.sha1 : !strcmp(name, "SHA-256") ? crypto.sha256 :
		   !strcmp(name, "SHA-384") ? crypto.sha384 : !strcmp(name, "SHA-512") ? crypto.sha512 : NULL;
	if (!md)
		js_error(J, "__kit_digest: unknown algorithm %s", name);
	unsigned char out[64];
	unsigned int size = 0;
	if (!crypto.digest(p, (size_t)n, out, &size, md(), NULL))
		js_error(J, "EVP_Digest failed");
	js_newuint8array(J, out, (int)size);
}

/* --- an identity map, for structuredClone -------------------------------- */

/* Objects (js_topointer, mujs patch 1003) to numbers, open addressing. The
 * keys are the originals structuredClone walks, alive while it runs; it
 * frees the table when done (__kit_idmap_free), the finalizer if it could not. */
struct idmap {
	const void **keys;
	double *vals;
	size_t cap, n;
};

static void idmap_release(struct idmap *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->cap = m->n = 0;
}

static void idmap_finalize(js_State *J, void *p)
{
	(void)J;
	idmap_release(p);
	free(p);
}

static size_t idmap_slot(const struct idmap *m, const void *k)
{
	size_t i = (size_t)(((unsigned long long)(uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull >> 20) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static int idmap_grow(struct idmap *m)
{
	size_t cap = m->cap ? m->cap * 2 : 64;
	const void **keys = calloc(cap, sizeof *keys);
	double *vals = malloc(cap * sizeof *vals);
	if (!keys || !vals) {
		free(keys);
		free(vals);
		return -1;
	}
	struct idmap bigger = { keys, vals, cap, 0 };
	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t j = idmap_slot(&bigger, m->keys[i]);
			bigger.keys[j] = m->keys[i];
			bigger.vals[j] = m->vals[i];
			bigger.n++;
		}
	idmap_release(m);
	*m = bigger;
	return 0;
}

/* __kit_idmap_new(): an empty map */
static void native_idmap_new(js_State *J)
{
	struct idmap *m = calloc(1, sizeof *m);
	if (!m)
		js_error(J, "out of memory");
	js_pushnull(J);
	js_newuserdata(J, "kit_idmap", m, idmap_finalize);
}

/* __kit_idmap_get(map, value): its number, or -1 (also for a value that is no object) */
static void native_idmap_get(js_State *J)
{
	struct idmap *m = js_touserdata(J, 1, "kit_idmap");
	const void *k = js_topointer(J, 2);
	if (!k || !m->cap) {
		js_pushnumber(J, -1);
		return;
	}
	size_t i = idmap_slot(m, k);
	js_pushnumber(J, m->keys[i] ? m->vals[i] : -1);
}

/* __kit_idmap_set(map, object, number) */
static void native_idmap_set(js_State *J)
{
	struct idmap *m = js_touserdata(J, 1, "kit_idmap");
	const void *k = js_topointer(J, 2);
	if (!k)
		js_typeerror(J, "__kit_idmap_set: not an object");
	if ((m->n + 1) * 2 > m->cap && idmap_grow(m) != 0)
		js_error(J, "out of memory");
	size_t i = idmap_slot(m, k);
	if (!m->keys[i]) {
		m->keys[i] = k;
		m->n++;
	}
	m->vals[i] = js_tonumber(J, 3);
	js_pushundefined(J);
}

/* __kit_idmap_free(map): its table, now */
static void native_idmap_free(js_State *J)
{
	idmap_release(js_touserdata(J, 1, "kit_idmap"));
	js_pushundefined(J);
}

/* __kit_hide(o, name, value): o[name] = value as an own data property that
 * is writable, configurable and not enumerable (js/server/web/util.ts's
 * hide, the web classes' internal slots): what Object.defineProperty does
 * with such a descriptor, without building and reading one (~23 k
 * instructions a call in JS, bench/README.md) */
static void native_hide(js_State *J)
{
	if (!js_isobject(J, 1))
		js_typeerror(J, "__kit_hide: not an object");
	const char *name = js_tostring(J, 2);
	js_copy(J, 3);
	js_defproperty(J, 1, name, JS_DONTENUM);
	js_pushundefined(J);
}

/* One label of a dotted-decimal IPv4 address as its serializer writes it:
 * 0-255 without a leading zero. */
static int ipv4_part(const char *p, size_t n)
{
	if (n == 0 || n > 3 || (n > 1 && p[0] == '0'))
		return 0;
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return 0;
		v = v * 10 + (p[i] - '0');
	}
	return v <= 255;
}

/* the bytes url.ts's parseSimpleURL lets through in a path and a query */
static int url_path_byte(unsigned char c)
{
	return c == 0x21 || (c >= 0x24 && c <= 0x3b) || c == 0x3d || (c >= 0x40 && c <= 0x5a) || c == 0x5f ||
	       (c >= 0x61 && c <= 0x7a) || c == 0x7e;
}

static int url_query_byte(unsigned char c)
{
	return c == 0x21 || (c >= 0x24 && c <= 0x26) || (c >= 0x28 && c <= 0x3b) || c == 0x3d || (c >= 0x3f && c <= 0x7e);
}

/* ".", "..", "%2e", ".%2e", "%2e.", "%2e%2e" (any case): a dot segment */
static int dot_segment(const char *p, size_t n)
{
	size_t i = 0, dots = 0;
	while (i < n && dots < 3) {
		if (p[i] == '.')
			i++;
		else if (n - i >= 3 && p[i] == '%' && p[i + 1] == '2' && (p[i + 2] == 'e' || p[i + 2] == 'E'))
			i += 3;
		else
			return 0;
		dots++;
	}
	return i == n && dots >= 1 && dots <= 2;
}

/* The parts of a URL that url_canonical took: its scheme, host and port
 * (-1: none), its path (from the slash) and its query (NULL: none). */
struct url_parts {
	const char *s, *host, *hend, *path, *pend, *query;
	size_t scheme_len;
	long port;
	int ipv4;
};

/* True when s is a URL that js/server/web/url.ts's parseSimpleURL takes
 * (an absolute http, https, ws, wss or ftp URL with a lower-case domain or
 * a dotted-decimal IPv4 host, no credentials, fragment, dot segment or byte
 * to percent-encode) and that the URL serializer writes back unchanged (no
 * default, empty or zero-led port): `new URL(s).href === s`. The same rules
 * as url.ts's canonicalURL, which tests/mujs/kit.test.ts compares with
 * __kit_url_canonical. */
static int url_canonical(const char *s, struct url_parts *u)
{
	static const struct {
		const char *scheme;
		long port;
	} schemes[] = { { "http", 80 }, { "https", 443 }, { "ws", 80 }, { "wss", 443 }, { "ftp", 21 } };
	size_t len = strlen(s);
	const char *sep = strstr(s, "://");
	long dflt = -1;
	for (size_t i = 0; sep && i < sizeof schemes / sizeof *schemes; i++)
		if ((size_t)(sep - s) == strlen(schemes[i].scheme) && strncmp(s, schemes[i].scheme, (size_t)(sep - s)) == 0)
			dflt = schemes[i].port;
	if (dflt < 0 || len > 2000 || strchr(s, '#'))
		return 0;
	const char *host = sep + 3, *slash = strchr(host, '/'), *q = strchr(host, '?');
	if (!slash || (q && q < slash) || slash == host)
		return 0;
	u->port = -1;
	const char *colon = memchr(host, ':', (size_t)(slash - host));
	const char *hend = colon ? colon : slash;
	if (colon) {
		const char *ps = colon + 1;
		size_t pn = (size_t)(slash - ps);
		long port = 0;
		if (pn == 0 || pn > 5 || (pn > 1 && ps[0] == '0'))
			return 0;
		for (size_t i = 0; i < pn; i++) {
			if (ps[i] < '0' || ps[i] > '9')
				return 0;
			port = port * 10 + (ps[i] - '0');
		}
		if (port > 65535 || port == dflt)
			return 0;
		u->port = port;
	}
	/* labels: none empty; [a-z0-9-]; the last decides domain or IPv4 */
	const char *label = host, *last = host;
	int labels = 0;
	for (const char *p = host; p <= hend; p++) {
		if (p < hend && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			continue;
		if (p < hend && *p != '.')
			return 0;
		if (p == label)
			return 0;
		last = label;
		labels++;
		label = p + 1;
	}
	if (*last >= '0' && *last <= '9') {
		if (labels != 4)
			return 0;
		const char *l = host;
		for (int i = 0; i < 4; i++) {
			const char *e = memchr(l, '.', (size_t)(hend - l));
			if (!e)
				e = hend;
			if (!ipv4_part(l, (size_t)(e - l)))
				return 0;
			l = e + 1;
		}
	} else {
		if (*last < 'a' || *last > 'z')
			return 0;
		for (const char *p = host; p + 4 <= hend; p++)
			if (strncmp(p, "xn--", 4) == 0)
				return 0;
	}
	const char *pend = q ? q : s + len, *seg = slash + 1;
	for (const char *p = slash + 1; p <= pend; p++) {
		if (p == pend || *p == '/') {
			if (dot_segment(seg, (size_t)(p - seg)))
				return 0;
			seg = p + 1;
		} else if (!url_path_byte((unsigned char)*p)) {
			return 0;
		}
	}
	for (const char *p = q ? q + 1 : pend; *p; p++)
		if (!url_query_byte((unsigned char)*p))
			return 0;
	u->s = s;
	u->scheme_len = (size_t)(sep - s);
	u->host = host;
	u->hend = hend;
	u->path = slash;
	u->pend = pend;
	u->query = q;
	u->ipv4 = *last >= '0' && *last <= '9';
	return 1;
}

/* __kit_url_canonical(s): url_canonical's answer */
static void native_url_canonical(js_State *J)
{
	struct url_parts u;
	js_pushboolean(J, url_canonical(js_isstring(J, 1) ? js_tostring(J, 1) : "", &u));
}

/* __kit_url_split(s, state): when url_canonical takes s, sets the fields
 * of core-js's URL state on `state` (scheme, username, password, host: a
 * string or an IPv4 address as a number, port: null or a number, path: the
 * segments, query, fragment, cannotBeABaseURL) and url.ts's caches (_href:
 * s, _pn: the pathname) and answers true; else false, nothing set. */
static void native_url_split(js_State *J)
{
	struct url_parts u;
	const char *s = js_isstring(J, 1) ? js_tostring(J, 1) : "";
	if (!js_isobject(J, 2) || !url_canonical(s, &u)) {
		js_pushboolean(J, 0);
		return;
	}
	js_pushlstring(J, s, (int)u.scheme_len);
	js_setproperty(J, 2, "scheme");
	js_pushliteral(J, "");
	js_setproperty(J, 2, "username");
	js_pushliteral(J, "");
	js_setproperty(J, 2, "password");
	if (u.ipv4) {
		double v = 0;
		const char *l = u.host;
		for (int i = 0; i < 4; i++) {
			v = v * 256 + strtol(l, (char **)&l, 10);
			l++;
		}
		js_pushnumber(J, v);
	} else {
		js_pushlstring(J, u.host, (int)(u.hend - u.host));
	}
	js_setproperty(J, 2, "host");
	if (u.port >= 0)
		js_pushnumber(J, (double)u.port);
	else
		js_pushnull(J);
	js_setproperty(J, 2, "port");
	js_newarray(J);
	int n = 0;
	const char *seg = u.path + 1;
	for (const char *p = seg; p <= u.pend; p++) {
		if (p == u.pend || *p == '/') {
			js_pushlstring(J, seg, (int)(p - seg));
			js_setindex(J, -2, n++);
			seg = p + 1;
		}
	}
	js_setproperty(J, 2, "path");
	if (u.query)
		js_pushstring(J, u.query + 1);
	else
		js_pushnull(J);
	js_setproperty(J, 2, "query");
	js_pushnull(J);
	js_setproperty(J, 2, "fragment");
	js_pushboolean(J, 0);
	js_setproperty(J, 2, "cannotBeABaseURL");
	js_copy(J, 1);
	js_setproperty(J, 2, "_href");
	js_pushlstring(J, u.path, (int)(u.pend - u.path));
	js_setproperty(J, 2, "_pn");
	js_pushboolean(J, 1);
}

void kit_binary_install(js_State *J)
{
	if (origin_wall == 0) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		origin_mono = mono_ms();
		origin_wall = (double)(long long)((ts.tv_sec * 1e3 + ts.tv_nsec / 1e6) * 1000) / 1000;
	}
	static const struct {
		const char *name;
		js_CFunction fn;
		int n;
	} natives[] = {
		{ "__kit_utf8_encode", native_utf8_encode, 1 },
		{ "__kit_utf8_encode_into", native_utf8_encode_into, 2 },
		{ "__kit_utf8_decode", native_utf8_decode, 2 },
		{ "__kit_random_fill", native_random_fill, 1 },
		{ "__kit_now", native_now, 0 },
		{ "__kit_time_origin", native_time_origin, 0 },
		{ "__kit_digest", native_digest, 2 },
		{ "__kit_atob", native_atob, 1 },
		{ "__kit_btoa", native_btoa, 1 },
		{ "__kit_bytes_from_string", native_bytes_from_string, 1 },
		{ "__kit_idmap_new", native_idmap_new, 0 },
		{ "__kit_idmap_get", native_idmap_get, 2 },
		{ "__kit_idmap_set", native_idmap_set, 3 },
		{ "__kit_idmap_free", native_idmap_free, 1 },
		{ "__kit_hide", native_hide, 3 },
		{ "__kit_url_canonical", native_url_canonical, 1 },
		{ "__kit_url_split", native_url_split, 2 },
	};
	for (size_t i = 0; i < sizeof natives / sizeof *natives; i++) {
		js_newcfunction(J, natives[i].fn, natives[i].name, natives[i].n);
		js_setglobal(J, natives[i].name);
	}
}
