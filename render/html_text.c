/* html_text.c — the JS semantics the HTML rules lean on, and escaping.
 *
 * React decides what to write with JavaScript's own coercions: String(v) for
 * an attribute's value, Number(v) for the isNaN checks of cols/rows/size/
 * span, truthiness for boolean attributes, String.prototype.trim for style
 * values. They are computed here on model values, as JS would, so that the
 * attribute and element rules (html_attr.c, html_element.c) read like
 * React's. Escaping is escapeTextForBrowser (& < > " ', for text and
 * attribute values alike) and the raw-text escaping of <script>/<style>
 * content; kit_html_escape_text/attr hand the first to the host. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_impl.h"
#include "json.h"

/* ---- JS coercions ---- */

int html_js_truthy(const kit_value *v)
{
	v = resolve(v);
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_UNDEFINED:
	case KIT_NULL: return 0;
	case KIT_BOOL: return v->u.boolean;
	case KIT_NUMBER: return v->u.number != 0 && !isnan(v->u.number);
	case KIT_STRING: return v->u.str.len > 0;
	case KIT_BIGINT: return !(IS(v->u.str.ptr, v->u.str.len, "0") || IS(v->u.str.ptr, v->u.str.len, "-0"));
	default: return 1;
	}
}

/* String(v), appended to out. */
void html_js_to_string(kit_buf *out, const kit_value *v, int depth)
{
	v = resolve(v);
	char num[32];
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_UNDEFINED: kit_buf_puts(out, "undefined"); break;
	case KIT_NULL: kit_buf_puts(out, "null"); break;
	case KIT_BOOL: kit_buf_puts(out, v->u.boolean ? "true" : "false"); break;
	case KIT_NUMBER: kit_buf_put(out, num, kit_json_format_number(num, v->u.number)); break;
	case KIT_STRING:
	case KIT_BIGINT:
	case KIT_DATE:
	case KIT_SYMBOL:
		kit_buf_put(out, v->u.str.ptr, v->u.str.len);
		break;
	case KIT_ARRAY:
		/* Array.prototype.join: null and undefined items are empty. */
		for (size_t i = 0; i < v->u.arr.len && depth < 64; i++) {
			if (i)
				kit_buf_putc(out, ',');
			if (!is_nullish(resolve(v->u.arr.items[i])))
				html_js_to_string(out, v->u.arr.items[i], depth + 1);
		}
		break;
	case KIT_MAP: kit_buf_puts(out, "[object Map]"); break;
	case KIT_SET: kit_buf_puts(out, "[object Set]"); break;
	case KIT_CLIENT_REF:
	case KIT_SERVER_REF: break; /* a function: its source text is not known here */
	default: kit_buf_puts(out, "[object Object]"); break;
	}
}

static int js_is_space(uint32_t c)
{
	return c == 9 || c == 10 || c == 11 || c == 12 || c == 13 || c == 32 || c == 0xA0 || c == 0x1680 ||
	       (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
	       c == 0x3000 || c == 0xFEFF;
}

/* Decodes one UTF-8 sequence at s (n > 0 bytes left); invalid bytes decode
 * as themselves, one at a time. */
uint32_t html_utf8_next(const unsigned char *s, size_t n, size_t *len)
{
	unsigned char c = s[0];
	if (c >= 0xF0 && n >= 4) {
		*len = 4;
		return ((uint32_t)(c & 7) << 18) | ((uint32_t)(s[1] & 63) << 12) | ((uint32_t)(s[2] & 63) << 6) | (s[3] & 63);
	}
	if (c >= 0xE0 && n >= 3) {
		*len = 3;
		return ((uint32_t)(c & 15) << 12) | ((uint32_t)(s[1] & 63) << 6) | (s[2] & 63);
	}
	if (c >= 0xC0 && n >= 2) {
		*len = 2;
		return ((uint32_t)(c & 31) << 6) | (s[1] & 63);
	}
	*len = 1;
	return c;
}

/* String.prototype.trim. */
void html_js_trim(const char **s, size_t *n)
{
	const unsigned char *p = (const unsigned char *)*s, *end = p + *n;
	size_t len;
	while (p < end && js_is_space(html_utf8_next(p, (size_t)(end - p), &len)))
		p += len;
	while (end > p) {
		const unsigned char *q = end - 1;
		while (q > p && (*q & 0xC0) == 0x80)
			q--;
		if (!js_is_space(html_utf8_next(q, (size_t)(end - q), &len)))
			break;
		end = q;
	}
	*s = (const char *)p;
	*n = (size_t)(end - p);
}

/* Number(v) for the isNaN checks of cols/rows/size/span/rowSpan/start. */
double html_js_to_number(const kit_value *v)
{
	v = resolve(v);
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_NUMBER: return v->u.number;
	case KIT_BOOL: return v->u.boolean;
	case KIT_NULL: return 0;
	case KIT_UNDEFINED: return NAN;
	default: break;
	}
	kit_buf b;
	kit_buf_init(&b);
	html_js_to_string(&b, v, 0);
	const char *s = kit_buf_cstr(&b);
	size_t n = b.len;
	html_js_trim(&s, &n);
	double d = NAN;
	char *end = NULL;
	if (n == 0) {
		d = 0;
	} else if (n > 2 && s[0] == '0' && strchr("xXoObB", s[1])) {
		int base = s[1] == 'x' || s[1] == 'X' ? 16 : s[1] == 'o' || s[1] == 'O' ? 8 : 2;
		d = 0;
		for (size_t i = 2; i < n && !isnan(d); i++) {
			int digit = s[i] >= '0' && s[i] <= '9' ? s[i] - '0'
				  : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
				  : s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10 : 99;
			d = digit < base ? d * base + digit : NAN;
		}
	} else if (IS(s, n, "Infinity") || IS(s, n, "+Infinity")) {
		d = INFINITY;
	} else if (IS(s, n, "-Infinity")) {
		d = -INFINITY;
	} else if (strspn(s, "0123456789+-.eE") == n) {
		/* Only JS's decimal literal syntax: strtod's "inf", "nan" and hex
		 * floats are excluded by the character check. */
		d = strtod(s, &end);
		if (end != s + n)
			d = NAN;
	}
	kit_buf_free(&b);
	return d;
}

/* ---- escaping ---- */

void html_escape(kit_buf *out, const char *s, size_t n)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		const char *rep;
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#x27;"; break;
		default:
			run++;
			continue;
		}
		kit_buf_put(out, s + i - run, run);
		run = 0;
		kit_buf_puts(out, rep);
	}
	kit_buf_put(out, s + n - run, run);
}

void kit_html_escape_text(kit_buf *out, const char *s, size_t n) { html_escape(out, s, n); }
void kit_html_escape_attr(kit_buf *out, const char *s, size_t n) { html_escape(out, s, n); }

/* escapeTextForBrowser(v): String(v), escaped. */
void html_escape_value(kit_buf *out, const kit_value *v)
{
	v = resolve(v);
	if (v && v->kind == KIT_STRING) {
		html_escape(out, v->u.str.ptr, v->u.str.len);
		return;
	}
	if (v && v->kind == KIT_NUMBER) {
		/* digits, '-', '.', 'e', '+', NaN, Infinity: nothing to escape, no
		 * buffer to allocate (data-id={item.id}) */
		char num[32];
		kit_buf_put(out, num, kit_json_format_number(num, v->u.number));
		return;
	}
	kit_buf b;
	kit_buf_init(&b);
	html_js_to_string(&b, v, 0);
	html_escape(out, b.data, b.len);
	kit_buf_free(&b);
}

/* Text inside <script>/<style>: "<script"/"</script" (any case) get an
 * escaped 's' (\u0073 or \u0053) so the element cannot end early; same for
 * "style" with the CSS escape \73 / \53. */
void html_escape_raw_text(kit_buf *out, const char *s, size_t n, const char *word, const char *lower,
			  const char *upper)
{
	size_t wl = strlen(word), run = 0;
	for (size_t i = 0; i < n; i++) {
		size_t at = i + 1 + (i + 1 < n && s[i + 1] == '/');
		if (s[i] == '<' && n - at >= wl && strncasecmp(s + at, word, wl) == 0) {
			kit_buf_put(out, s + i - run, run);
			run = 0;
			kit_buf_put(out, s + i, at - i);
			kit_buf_puts(out, s[at] == word[0] ? lower : upper);
			kit_buf_put(out, s + at + 1, wl - 1);
			i = at + wl - 1;
			continue;
		}
		run++;
	}
	kit_buf_put(out, s + n - run, run);
}
