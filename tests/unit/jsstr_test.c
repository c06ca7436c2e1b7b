/* jsstr_test.c — render/jsstr.c's kit_jsstr_utf8: mujs's modified UTF-8
 * (NUL as C0 80, characters outside the BMP as two CESU-8 surrogates)
 * written as real UTF-8. A table of the forms, each at every offset around
 * the eight-byte runs the function copies whole, then random strings of
 * those forms against a byte-at-a-time reference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/jsstr.h"
#include "test.h"

/* the rules one byte at a time (the function before its runs) */
static size_t reference(char *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		if (p[i] == 0xC0 && i + 1 < n && p[i + 1] == 0x80) {
			out[o++] = '\0';
			i += 2;
		} else if (p[i] == 0xED && i + 2 < n && p[i + 1] >= 0xA0) {
			unsigned hi = ((p[i + 1] & 0x0Fu) << 6) | (p[i + 2] & 0x3Fu);
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

static const struct {
	const char *name, *in, *want;
} cases[] = {
	{ "ASCII as it is", "hello, world", "hello, world" },
	{ "two-byte characters as they are", "caf\xC3\xA9 \xC3\xBC", "caf\xC3\xA9 \xC3\xBC" },
	{ "three-byte characters as they are", "\xE2\x82\xAC 5", "\xE2\x82\xAC 5" },
	{ "NUL (C0 80) a NUL byte", "a\xC0\x80" "b", "a\0b" },
	{ "a surrogate pair one 4-byte sequence (U+1F600)", "x\xED\xA0\xBD\xED\xB8\x80y", "x\xF0\x9F\x98\x80y" },
	{ "a lone high surrogate U+FFFD", "x\xED\xA0\xBDy", "x\xEF\xBF\xBDy" },
	{ "a lone low surrogate U+FFFD", "x\xED\xB8\x80y", "x\xEF\xBF\xBDy" },
	{ "U+D7FF (ED 9F BF) as it is", "\xED\x9F\xBF", "\xED\x9F\xBF" },
	{ "C0 without 80 as it is", "\xC0" "A", "\xC0" "A" },
};

int main(void)
{
	char in[64], out[64], want[64];
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		size_t n = strlen(cases[c].in), wn = strlen(cases[c].want);
		if (strstr(cases[c].name, "NUL"))
			wn = 3;
		/* after 0 to 17 bytes of ASCII and before 9: every place in and
		 * across the eight-byte runs */
		int all = 1;
		for (size_t pad = 0; pad < 18; pad++) {
			memset(in, 'a', pad);
			memcpy(in + pad, cases[c].in, n);
			memset(in + pad + n, 'z', 9);
			memset(want, 'a', pad);
			memcpy(want + pad, cases[c].want, wn);
			memset(want + pad + wn, 'z', 9);
			size_t got = kit_jsstr_utf8(out, in, pad + n + 9);
			if (got != pad + wn + 9 || memcmp(out, want, got) != 0)
				all = 0;
		}
		CHECK(cases[c].name, all);
	}
	/* random strings of ASCII, two-byte, C0 80, surrogates (paired, lone,
	 * cut at the end) and bytes >= C0 of every other kind */
	static const char *const parts[] = { "a", "bcdefgh", "\xC3\xA9", "\xC0\x80", "\xC0", "\xED\xA0\xBD", "\xED\xB8\x80",
					    "\xED\xA0\xBD\xED\xB8\x80", "\xED\x9F\xBF", "\xF0\x9F\x98\x80", "\xFF", "\xED", "\xED\xA0" };
	static char rin[4096], rout[4096], rwant[4096];
	srand(1);
	int same = 1;
	for (int t = 0; t < 20000 && same; t++) {
		size_t n = 0, k = (size_t)(rand() % 40);
		for (size_t i = 0; i < k; i++) {
			const char *p = parts[rand() % (int)(sizeof parts / sizeof *parts)];
			size_t l = strlen(p);
			memcpy(rin + n, p, l);
			n += l;
		}
		size_t a = kit_jsstr_utf8(rout, rin, n), b = reference(rwant, rin, n);
		if (a != b || memcmp(rout, rwant, a) != 0) {
			same = 0;
			fprintf(stderr, "differs on %zu bytes (case %d)\n", n, t);
		}
	}
	CHECK("20,000 random strings as the byte-at-a-time rules write them", same);
	TEST_EXIT();
}
