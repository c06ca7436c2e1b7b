/* jsstr.c — bytes and text between C and mujs strings (jsstr.h). */
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
