/* ndjson_fuzz.c — libFuzzer target: the backend's NDJSON answer lines on
 * their way into JS (render/rpc.c: each line trimmed as deliver_lines does,
 * turned into a mujs string by push_json — NUL as C0 80, a 4-byte UTF-8
 * sequence as its \uD8xx\uDCxx pair — then JSON.parse'd by the runtime).
 *
 * One input is an answer body; each "\n"-separated line goes through
 * push_json and mujs's JSON.parse. Checked: push_json changes nothing but
 * what it must — decoding its escapes back (and C0 80 to NUL) on both sides
 * gives the same bytes, so no byte of the line (a quote, a backslash) is
 * swallowed into a character. A violation aborts; ASan and UBSan catch the
 * rest. rpc.c's static functions are reached by including it. */
#include "render/rpc.c"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int hex4(const char *s, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return 0;
		*v = *v * 16 + (unsigned)d;
	}
	return 1;
}

/* s with every "\uD8xx\uDCxx" written as its 4 UTF-8 bytes and C0 80 as NUL. */
static void normalise(kit_buf *out, const char *s, size_t n)
{
	kit_buf_reset(out);
	for (size_t i = 0; i < n; i++) {
		unsigned hi, lo;
		if (i + 12 <= n && s[i] == '\\' && s[i + 1] == 'u' && hex4(s + i + 2, &hi) && hi >= 0xD800 && hi < 0xDC00 &&
		    s[i + 6] == '\\' && s[i + 7] == 'u' && hex4(s + i + 8, &lo) && lo >= 0xDC00 && lo < 0xE000) {
			unsigned long cp = 0x10000 + (((unsigned long)hi - 0xD800) << 10) + (lo - 0xDC00);
			kit_buf_putc(out, (char)(0xF0 | (cp >> 18)));
			kit_buf_putc(out, (char)(0x80 | ((cp >> 12) & 0x3F)));
			kit_buf_putc(out, (char)(0x80 | ((cp >> 6) & 0x3F)));
			kit_buf_putc(out, (char)(0x80 | (cp & 0x3F)));
			i += 11;
		} else if (i + 1 < n && (unsigned char)s[i] == 0xC0 && (unsigned char)s[i + 1] == 0x80) {
			kit_buf_putc(out, '\0');
			i++;
		} else {
			kit_buf_putc(out, s[i]);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static js_State *J;
	static kit_buf want, got;
	static unsigned calls;
	if (!J) {
		J = js_newstate(NULL, NULL, 0);
		kit_buf_init(&want);
		kit_buf_init(&got);
	}
	/* mujs collects only while it runs bytecode, and nothing here does:
	 * collect now and then, or the strings pile up */
	if (++calls % 256 == 0)
		js_gc(J, 0);
	const char *p = (const char *)data, *end = p + size;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *line = p;
		p += len + (nl ? 1 : 0);
		while (len && (line[len - 1] == '\r' || line[len - 1] == ' '))
			len--;
		if (!len)
			continue;
		if (js_try(J)) {
			js_pop(J, 1);
			continue;
		}
		push_json(J, line, len);
		js_endtry(J);
		const char *s = js_tostring(J, -1);
		size_t slen = strlen(s);
		normalise(&want, line, len);
		normalise(&got, s, slen);
		if (want.len != got.len || memcmp(want.data, got.data, want.len) != 0) {
			fprintf(stderr, "ndjson_fuzz: push_json changed the line beyond its escapes (%zu bytes in, %zu out)\n",
				want.len, got.len);
			abort();
		}
		/* what the runtime does with it */
		js_getglobal(J, "JSON");
		js_getproperty(J, -1, "parse");
		js_rot2(J);
		js_copy(J, -3);
		js_pcall(J, 1);
		js_pop(J, 2);
	}
	return 0;
}
