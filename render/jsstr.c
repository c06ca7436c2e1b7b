/* jsstr.c — bytes and text between C and mujs strings (jsstr.h). */
#include <stdint.h>
#include <string.h>

#include "jsstr.h"

/* Every byte one character (U+0000–U+00FF), in mujs's modified UTF-8 (NUL
 * as C0 80), the way the web classes expect header values and bodies. */
void kit_jsstr_push_bytes(js_State *J, const char *p, size_t n)
{
	kit_buf b;
	kit_buf_init(&b);
	kit_buf_reserve(&b, n + n / 8 + 1);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == 0) {
			kit_buf_putc(&b, (char)0xC0);
			kit_buf_putc(&b, (char)0x80);
		} else if (c < 0x80) {
			kit_buf_putc(&b, (char)c);
		} else {
			kit_buf_putc(&b, (char)(0xC0 | (c >> 6)));
			kit_buf_putc(&b, (char)(0x80 | (c & 0x3F)));
		}
	}
	js_pushlstring(J, b.data ? b.data : "", (int)b.len);
	kit_buf_free(&b);
}

/* The length of the valid UTF-8 sequence at p (1–4), or 0 when it is not
 * one: the WHATWG decoder's rules (no overlongs, no surrogates, at most
 * U+10FFFF); *bad gets the length of its maximal invalid subpart. */
static size_t utf8_valid(const unsigned char *p, size_t n, size_t *bad)
{
	unsigned char c = p[0];
	size_t len;
	unsigned char lo = 0x80, hi = 0xBF;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		len = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		len = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else {
		*bad = 1;
		return 0;
	}
	for (size_t i = 1; i < len; i++) {
		if (i >= n || p[i] < (i == 1 ? lo : 0x80) || p[i] > (i == 1 ? hi : 0xBF)) {
			*bad = i;
			return 0;
		}
	}
	return len;
}

void kit_jsstr_push_text(js_State *J, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	kit_buf b;
	kit_buf_init(&b);
	kit_buf_reserve(&b, n + n / 8 + 1);
	for (size_t i = 0; i < n;) {
		size_t bad = 0, len = utf8_valid(p + i, n - i, &bad);
		if (!len) {
			kit_buf_put(&b, "\xEF\xBF\xBD", 3);
			i += bad;
		} else if (p[i] == 0) {
			kit_buf_put(&b, "\xC0\x80", 2);
			i++;
		} else if (len == 4) {
			unsigned cp = ((p[i] & 0x07u) << 18) | ((p[i + 1] & 0x3Fu) << 12) | ((p[i + 2] & 0x3Fu) << 6) |
				      (p[i + 3] & 0x3Fu);
			unsigned units[2] = { 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF) };
			for (int k = 0; k < 2; k++) {
				kit_buf_putc(&b, (char)(0xE0 | (units[k] >> 12)));
				kit_buf_putc(&b, (char)(0x80 | ((units[k] >> 6) & 0x3F)));
				kit_buf_putc(&b, (char)(0x80 | (units[k] & 0x3F)));
			}
			i += 4;
		} else {
			kit_buf_put(&b, s + i, len);
			i += len;
		}
	}
	js_pushlstring(J, b.data ? b.data : "", (int)b.len);
	kit_buf_free(&b);
}

/* Every character U+0000–U+00FF, in mujs's modified UTF-8: NUL is C0 80. */
void kit_jsstr_put_bytes(kit_buf *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((p[0] == 0xC2 || p[0] == 0xC3) && (p[1] & 0xC0) == 0x80) {
			kit_buf_putc(out, (char)(((p[0] & 0x03) << 6) | (p[1] & 0x3F)));
			p++;
		} else if (p[0] == 0xC0 && p[1] == 0x80) {
			kit_buf_putc(out, '\0');
			p++;
		} else {
			kit_buf_putc(out, (char)*p);
		}
	}
}

/* React's client expects real UTF-8, so both oddities of mujs's strings are
 * rewritten: NUL becomes a NUL byte, surrogate pairs join into one 4-byte
 * sequence, a lone surrogate becomes U+FFFD. */
size_t kit_jsstr_utf8(char *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		/* a run with no byte of 0xC0 or above (nothing to rewrite can start
		 * there), eight bytes at a time, is copied whole */
		size_t j = i;
		while (j + 8 <= n) {
			uint64_t w;
			memcpy(&w, p + j, 8);
			if (w & (w << 1) & UINT64_C(0x8080808080808080))
				break;
			j += 8;
		}
		while (j < n && p[j] < 0xC0)
			j++;
		memcpy(out + o, p + i, j - i);
		o += j - i;
		i = j;
		if (i == n)
			break;
		if (p[i] == 0xC0 && i + 1 < n && p[i + 1] == 0x80) {
			out[o++] = '\0';
			i += 2;
		} else if (p[i] == 0xED && i + 2 < n && p[i + 1] >= 0xA0) {
			unsigned hi = ((p[i + 1] & 0x0Fu) << 6) | (p[i + 2] & 0x3Fu);  /* low 10 bits of 0xD800+ */
			if (p[i + 1] < 0xB0 && i + 5 < n && p[i + 3] == 0xED && p[i + 4] >= 0xB0 && p[i + 4] <= 0xBF) {
				unsigned lo = ((p[i + 4] & 0x0Fu) << 6) | (p[i + 5] & 0x3Fu);
				unsigned cp = 0x10000 + ((hi & 0x3FF) << 10) + (lo & 0x3FF);
				out[o++] = (char)(0xF0 | (cp >> 18));
				out[o++] = (char)(0x80 | ((cp >> 12) & 0x3F));
				out[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
				out[o++] = (char)(0x80 | (cp & 0x3F));
				i += 6;
			} else {
				out[o++] = (char)0xEF;
				out[o++] = (char)0xBF;
				out[o++] = (char)0xBD;
				i += 3;
			}
		} else {
			out[o++] = (char)p[i++];
		}
	}
	return o;
}

void kit_jsstr_put_text(kit_buf *out, const char *s)
{
	size_t n = strlen(s);
	kit_buf_reserve(out, n + 1);
	out->len += kit_jsstr_utf8(out->data + out->len, s, n);
}
