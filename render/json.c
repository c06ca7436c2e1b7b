/* json.c — JSON in and out for the model (json.h).
 *
 * The parser is a recursive descent over a byte range (not NUL-terminated) with
 * a nesting limit, so hostile input ends in an error message, never a crash.
 * Items and props are collected on two scratch stacks shared by all nesting
 * levels and copied into the arena once their container closes: one malloc'd
 * buffer per parse, whatever the size of the document.
 *
 * The writer mirrors JSON.stringify: strings keep UTF-8 (and U+2028/2029) raw,
 * numbers print as JS Number.prototype.toString does (shortest round-trip
 * digits, "1e+21" above 1e21). */
#include "json.h"
#include "render/xalloc.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 512

typedef struct parser {
	kit_model *m;
	const char *start, *p, *end;
	char *err;
	size_t errlen;
	int failed;
	kit_value **items;     /* scratch stack of array items */
	size_t nitems, capitems;
	kit_prop *props;       /* scratch stack of object props */
	size_t nprops, capprops;
} parser;

static void fail_at(parser *ps, const char *at, const char *fmt, const char *detail)
{
	if (ps->failed)
		return;
	ps->failed = 1;
	size_t line = 1, col = 1;
	for (const char *q = ps->start; q < at && q < ps->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else if (((unsigned char)*q & 0xC0) != 0x80) {
			col++;
		}
	}
	char msg[160];
	snprintf(msg, sizeof msg, fmt, detail ? detail : "");
	if (ps->err && ps->errlen)
		snprintf(ps->err, ps->errlen, "line %zu, column %zu: %s", line, col, msg);
}

/* A printable description of the byte at p for error messages. */
static const char *describe(parser *ps, const char *p, char buf[16])
{
	if (p >= ps->end)
		return "end of input";
	unsigned char c = (unsigned char)*p;
	if (c >= 0x20 && c < 0x7f)
		snprintf(buf, 16, "'%c'", c);
	else
		snprintf(buf, 16, "byte 0x%02x", c);
	return buf;
}

static void skip_ws(parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

static void push_item(parser *ps, kit_value *v)
{
	if (ps->nitems == ps->capitems) {
		size_t cap = ps->capitems ? ps->capitems * 2 : 64;
		kit_value **n = kit_xrealloc(ps->items, cap * sizeof *n);
		ps->items = n;
		ps->capitems = cap;
	}
	ps->items[ps->nitems++] = v;
}

static void push_prop(parser *ps, const char *key, size_t keylen, kit_value *v)
{
	if (ps->nprops == ps->capprops) {
		size_t cap = ps->capprops ? ps->capprops * 2 : 64;
		kit_prop *n = kit_xrealloc(ps->props, cap * sizeof *n);
		ps->props = n;
		ps->capprops = cap;
	}
	ps->props[ps->nprops++] = (kit_prop){ key, keylen, v };
}

static void put_utf8(kit_buf *b, uint32_t cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	kit_buf_put(b, u, n);
}

static int hex4(const char *p, const char *end, uint32_t *out)
{
	if (end - p < 4)
		return -1;
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (uint32_t)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (uint32_t)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Parses a string at ps->p (on the opening quote) into the arena. A lone
 * surrogate escape is kept as its 3-byte (WTF-8) form, so writing the string
 * back produces the same \uXXXX escape JSON.stringify would. */
static const char *parse_string(parser *ps, size_t *len)
{
	const char *open = ps->p++;
	const char *run = ps->p;
	/* Fast path: no escapes, copy the run straight into the arena. */
	while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\' && (unsigned char)*ps->p >= 0x20)
		ps->p++;
	if (ps->p < ps->end && *ps->p == '"') {
		*len = (size_t)(ps->p - run);
		ps->p++;
		return kit_arena_strndup(ps->m->arena, run, *len);
	}
	kit_buf b;
	kit_buf_init(&b);
	kit_buf_put(&b, run, (size_t)(ps->p - run));
	for (;;) {
		if (ps->p >= ps->end) {
			fail_at(ps, open, "unterminated string%s", NULL);
			break;
		}
		unsigned char c = (unsigned char)*ps->p;
		if (c == '"') {
			ps->p++;
			*len = b.len;
			char *s = kit_arena_strndup(ps->m->arena, b.data ? b.data : "", b.len);
			kit_buf_free(&b);
			return s;
		}
		if (c < 0x20) {
			char what[32];
			snprintf(what, sizeof what, "U+%04X", c);
			fail_at(ps, ps->p, "raw control character %s in string (escape it)", what);
			break;
		}
		if (c != '\\') {
			const char *r = ps->p;
			while (ps->p < ps->end && *ps->p != '"' && *ps->p != '\\' && (unsigned char)*ps->p >= 0x20)
				ps->p++;
			kit_buf_put(&b, r, (size_t)(ps->p - r));
			continue;
		}
		const char *esc = ps->p++;
		if (ps->p >= ps->end) {
			fail_at(ps, esc, "unterminated string%s", NULL);
			break;
		}
		char e = *ps->p++;
		switch (e) {
		case '"': kit_buf_putc(&b, '"'); break;
		case '\\': kit_buf_putc(&b, '\\'); break;
		case '/': kit_buf_putc(&b, '/'); break;
		case 'b': kit_buf_putc(&b, '\b'); break;
		case 'f': kit_buf_putc(&b, '\f'); break;
		case 'n': kit_buf_putc(&b, '\n'); break;
		case 'r': kit_buf_putc(&b, '\r'); break;
		case 't': kit_buf_putc(&b, '\t'); break;
		case 'u': {
			uint32_t cp;
			if (hex4(ps->p, ps->end, &cp) < 0) {
				fail_at(ps, esc, "invalid \\u escape (expected 4 hex digits)%s", NULL);
				goto out;
			}
			ps->p += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u') {
				uint32_t lo;
				if (hex4(ps->p + 2, ps->end, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
					ps->p += 6;
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				}
			}
			put_utf8(&b, cp);
			break;
		}
		default: {
			char what[16];
			fail_at(ps, esc, "invalid escape \\%s in string", describe(ps, esc + 1, what));
			goto out;
		}
		}
	}
out:
	kit_buf_free(&b);
	return NULL;
}

static kit_value *parse_number(parser *ps)
{
	const char *s = ps->p, *q = s;
	if (q < ps->end && *q == '-')
		q++;
	if (q >= ps->end || *q < '0' || *q > '9')
		goto bad;
	if (*q == '0')
		q++;
	else
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	if (q < ps->end && *q == '.') {
		q++;
		if (q >= ps->end || *q < '0' || *q > '9')
			goto bad;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < ps->end && (*q == '+' || *q == '-'))
			q++;
		if (q >= ps->end || *q < '0' || *q > '9')
			goto bad;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	/* strtod needs a NUL-terminated copy; the token is validated already. */
	size_t n = (size_t)(q - s);
	char small[64];
	char *tok = n < sizeof small ? small : kit_xmalloc(n + 1);
	memcpy(tok, s, n);
	tok[n] = '\0';
	double d = strtod(tok, NULL);
	if (tok != small)
		free(tok);
	ps->p = q;
	return kit_v_number(ps->m, d);
bad:
	fail_at(ps, s, "invalid number%s", NULL);
	return NULL;
}

static int match_word(parser *ps, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(ps->end - ps->p) >= n && memcmp(ps->p, w, n) == 0) {
		ps->p += n;
		return 1;
	}
	return 0;
}

typedef struct key_ref {
	const char *key;
	size_t keylen;
	size_t index;
} key_ref;

static int cmp_key_ref(const void *pa, const void *pb)
{
	const key_ref *a = pa, *b = pb;
	size_t n = a->keylen < b->keylen ? a->keylen : b->keylen;
	int c = memcmp(a->key, b->key, n);
	if (c)
		return c;
	if (a->keylen != b->keylen)
		return a->keylen < b->keylen ? -1 : 1;
	return a->index < b->index ? -1 : 1; /* equal keys stay in document order */
}

/* JSON.parse semantics for repeated keys: the key keeps its first position
 * and takes the last value. Returns the number of props kept. */
static size_t dedupe_props(kit_prop *props, size_t n)
{
	if (n < 2)
		return n;
	key_ref *refs = kit_xmalloc(n * sizeof *refs);
	for (size_t i = 0; i < n; i++)
		refs[i] = (key_ref){ props[i].key, props[i].keylen, i };
	qsort(refs, n, sizeof *refs, cmp_key_ref);
	int dropped = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && refs[j].keylen == refs[i].keylen &&
		       memcmp(refs[j].key, refs[i].key, refs[i].keylen) == 0)
			j++;
		if (j - i > 1) {
			props[refs[i].index].value = props[refs[j - 1].index].value;
			for (size_t k = i + 1; k < j; k++)
				props[refs[k].index].key = NULL;
			dropped = 1;
		}
		i = j;
	}
	free(refs);
	if (!dropped)
		return n;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (props[i].key)
			props[k++] = props[i];
	return k;
}

static kit_value *parse_value(parser *ps, int depth);

static kit_value *parse_array(parser *ps, int depth)
{
	ps->p++;
	size_t base = ps->nitems;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
		return kit_v_array(ps->m, 0);
	}
	for (;;) {
		kit_value *v = parse_value(ps, depth + 1);
		if (!v)
			return NULL;
		push_item(ps, v);
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == ']') {
			ps->p++;
			break;
		}
		char what[16];
		fail_at(ps, ps->p, "expected ',' or ']' after an array item, found %s", describe(ps, ps->p, what));
		return NULL;
	}
	size_t n = ps->nitems - base;
	kit_value *a = kit_v_array(ps->m, n);
	memcpy(a->u.arr.items, ps->items + base, n * sizeof *a->u.arr.items);
	ps->nitems = base;
	return a;
}

static kit_value *parse_object(parser *ps, int depth)
{
	ps->p++;
	size_t base = ps->nprops;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == '}') {
		ps->p++;
		return kit_v_object(ps->m, 0);
	}
	for (;;) {
		skip_ws(ps);
		if (ps->p >= ps->end || *ps->p != '"') {
			char what[16];
			fail_at(ps, ps->p, "expected a string key, found %s", describe(ps, ps->p, what));
			return NULL;
		}
		size_t klen;
		const char *key = parse_string(ps, &klen);
		if (!key)
			return NULL;
		skip_ws(ps);
		if (ps->p >= ps->end || *ps->p != ':') {
			char what[16];
			fail_at(ps, ps->p, "expected ':' after an object key, found %s", describe(ps, ps->p, what));
			return NULL;
		}
		ps->p++;
		kit_value *v = parse_value(ps, depth + 1);
		if (!v)
			return NULL;
		push_prop(ps, key, klen, v);
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == '}') {
			ps->p++;
			break;
		}
		char what[16];
		fail_at(ps, ps->p, "expected ',' or '}' after an object value, found %s", describe(ps, ps->p, what));
		return NULL;
	}
	size_t n = dedupe_props(ps->props + base, ps->nprops - base);
	kit_value *o = kit_v_object(ps->m, n);
	memcpy(o->u.obj.props, ps->props + base, n * sizeof *o->u.obj.props);
	ps->nprops = base;
	return o;
}

static kit_value *parse_value(parser *ps, int depth)
{
	if (depth > JSON_MAX_DEPTH) {
		fail_at(ps, ps->p, "nesting deeper than 512 levels%s", NULL);
		return NULL;
	}
	skip_ws(ps);
	if (ps->p >= ps->end) {
		fail_at(ps, ps->p, "unexpected end of input%s", NULL);
		return NULL;
	}
	switch (*ps->p) {
	case '{':
		return parse_object(ps, depth);
	case '[':
		return parse_array(ps, depth);
	case '"': {
		size_t n;
		const char *s = parse_string(ps, &n);
		if (!s)
			return NULL;
		/* parse_string copied into the arena already: point the value at
		 * that copy instead of copying the string a second time. */
		return kit_v_string_at(ps->m, s, n);
	}
	case 't':
		if (match_word(ps, "true"))
			return kit_v_bool(ps->m, 1);
		break;
	case 'f':
		if (match_word(ps, "false"))
			return kit_v_bool(ps->m, 0);
		break;
	case 'n':
		if (match_word(ps, "null"))
			return kit_v_null(ps->m);
		break;
	default:
		if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
			return parse_number(ps);
	}
	char what[16];
	fail_at(ps, ps->p, "unexpected %s", describe(ps, ps->p, what));
	return NULL;
}

int kit_json_parse(kit_model *m, const char *text, size_t len, kit_value **out,
		   char *err, size_t errlen)
{
	parser ps = { .m = m, .start = text, .p = text, .end = text + len, .err = err, .errlen = errlen };
	if (err && errlen)
		err[0] = '\0';
	kit_value *v = parse_value(&ps, 0);
	if (v) {
		skip_ws(&ps);
		if (ps.p < ps.end) {
			char what[16];
			fail_at(&ps, ps.p, "unexpected %s after the JSON value", describe(&ps, ps.p, what));
			v = NULL;
		}
	}
	free(ps.items);
	free(ps.props);
	if (!v)
		return -1;
	*out = v;
	return 0;
}

/* ---- writing ---- */

/* The bytes kit_json_write_string looks at twice: '"', '\\', control
 * characters and 0xED (the lead byte of a surrogate in WTF-8); the others
 * are copied in runs. */
static const unsigned char json_special[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1, [0x07] = 1,
	[0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1, [0x0E] = 1, [0x0F] = 1,
	[0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
	[0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1, [0x1C] = 1, [0x1D] = 1, [0x1E] = 1, [0x1F] = 1,
	['"'] = 1, ['\\'] = 1, [0xED] = 1,
};

void kit_json_write_string(kit_buf *out, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	kit_buf_reserve(out, n + 2);
	kit_buf_putc(out, '"');
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!json_special[c]) {
			run++;
			continue;
		}
		const char *esc = NULL;
		char u[7];
		if (c == '"')
			esc = "\\\"";
		else if (c == '\\')
			esc = "\\\\";
		else if (c < 0x20) {
			switch (c) {
			case '\b': esc = "\\b"; break;
			case '\f': esc = "\\f"; break;
			case '\n': esc = "\\n"; break;
			case '\r': esc = "\\r"; break;
			case '\t': esc = "\\t"; break;
			default:
				memcpy(u, "\\u00", 4);
				u[4] = hex[c >> 4];
				u[5] = hex[c & 15];
				u[6] = '\0';
				esc = u;
			}
		} else if (c == 0xED && i + 2 < n && ((unsigned char)s[i + 1] & 0xE0) == 0xA0 &&
			   ((unsigned char)s[i + 2] & 0xC0) == 0x80) {
			/* A lone surrogate (WTF-8): JSON.stringify writes it as \udXXX.
			 * Only a whole one: bytes that are not UTF-8 (a string read
			 * from a backend's JSON) are copied, never a quote or a
			 * backslash taken into the escape. */
			uint32_t cp = 0xD000 | (((uint32_t)s[i + 1] & 0x3F) << 6) | ((uint32_t)s[i + 2] & 0x3F);
			kit_buf_put(out, s + i - run, run);
			run = 0;
			if (cp < 0xDC00 && i + 5 < n && (unsigned char)s[i + 3] == 0xED &&
			    ((unsigned char)s[i + 4] & 0xF0) == 0xB0 && ((unsigned char)s[i + 5] & 0xC0) == 0x80) {
				/* a high surrogate then a low one (two 3-byte halves,
				 * as a raw reply or an escape after raw bytes gives
				 * them) is one character: written as UTF-8, as
				 * JSON.stringify writes the pair */
				uint32_t lo = 0xD000 | (((uint32_t)s[i + 4] & 0x3F) << 6) | ((uint32_t)s[i + 5] & 0x3F);
				put_utf8(out, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00));
				i += 5;
				continue;
			}
			kit_buf_printf(out, "\\u%04x", cp);
			i += 2;
			continue;
		}
		if (!esc) {
			run++;
			continue;
		}
		kit_buf_put(out, s + i - run, run);
		run = 0;
		kit_buf_puts(out, esc);
	}
	kit_buf_put(out, s + n - run, run);
	kit_buf_putc(out, '"');
}

size_t kit_json_format_number(char *buf, double d)
{
	if (isnan(d))
		return (size_t)sprintf(buf, "NaN");
	if (isinf(d))
		return (size_t)sprintf(buf, d < 0 ? "-Infinity" : "Infinity");
	if (d == 0)
		return (size_t)sprintf(buf, "0");
	if (d == floor(d) && fabs(d) < 9007199254740992.0) {
		/* Integers, the common case, without printf. */
		char tmp[24];
		size_t n = 0, len = 0;
		unsigned long long u = (unsigned long long)fabs(d);
		do
			tmp[n++] = (char)('0' + u % 10);
		while ((u /= 10));
		if (d < 0)
			buf[len++] = '-';
		while (n)
			buf[len++] = tmp[--n];
		buf[len] = '\0';
		return len;
	}
	/* Shortest digit string that reads back as d (what JS prints). */
	char tmp[40];
	int prec;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*e", prec - 1, fabs(d));
		if (strtod(tmp, NULL) == fabs(d))
			break;
	}
	char digits[20];
	int k = 0;
	const char *q = tmp;
	for (; *q && *q != 'e'; q++)
		if (*q >= '0' && *q <= '9')
			digits[k++] = *q;
	while (k > 1 && digits[k - 1] == '0')
		k--;
	int n = atoi(q + 1) + 1; /* d = 0.digits × 10^n */
	char *o = buf;
	if (d < 0)
		*o++ = '-';
	if (k <= n && n <= 21) {
		memcpy(o, digits, (size_t)k);
		o += k;
		for (int i = k; i < n; i++)
			*o++ = '0';
	} else if (0 < n && n <= 21) {
		memcpy(o, digits, (size_t)n);
		o += n;
		*o++ = '.';
		memcpy(o, digits + n, (size_t)(k - n));
		o += k - n;
	} else if (-6 < n && n <= 0) {
		*o++ = '0';
		*o++ = '.';
		for (int i = 0; i < -n; i++)
			*o++ = '0';
		memcpy(o, digits, (size_t)k);
		o += k;
	} else {
		*o++ = digits[0];
		if (k > 1) {
			*o++ = '.';
			memcpy(o, digits + 1, (size_t)(k - 1));
			o += k - 1;
		}
		o += sprintf(o, "e%c%d", n - 1 < 0 ? '-' : '+', abs(n - 1));
	}
	*o = '\0';
	return (size_t)(o - buf);
}

void kit_json_write_number(kit_buf *out, double d)
{
	if (!isfinite(d)) {
		kit_buf_puts(out, "null");
		return;
	}
	char buf[32];
	kit_buf_put(out, buf, kit_json_format_number(buf, d));
}

void kit_json_write_container(kit_buf *out, const kit_value *v, kit_json_item_fn item, int depth)
{
	if (v->kind == KIT_ARRAY) {
		kit_buf_putc(out, '[');
		for (size_t i = 0; i < v->u.arr.len; i++) {
			if (i)
				kit_buf_putc(out, ',');
			item(out, v->u.arr.items[i], depth + 1);
		}
		kit_buf_putc(out, ']');
		return;
	}
	kit_buf_putc(out, '{');
	for (size_t i = 0; i < v->u.obj.len; i++) {
		if (i)
			kit_buf_putc(out, ',');
		kit_json_write_string(out, v->u.obj.props[i].key, v->u.obj.props[i].keylen);
		kit_buf_putc(out, ':');
		item(out, v->u.obj.props[i].value, depth + 1);
	}
	kit_buf_putc(out, '}');
}

static void write_item(kit_buf *out, const kit_value *v, int depth)
{
	(void)depth;
	kit_json_write(out, v);
}

void kit_json_write(kit_buf *out, const kit_value *v)
{
	switch (v ? v->kind : KIT_NULL) {
	case KIT_BOOL:
		kit_buf_puts(out, v->u.boolean ? "true" : "false");
		break;
	case KIT_NUMBER:
		kit_json_write_number(out, v->u.number);
		break;
	case KIT_STRING:
	case KIT_DATE: /* Date.prototype.toJSON: the ISO string */
		kit_json_write_string(out, v->u.str.ptr, v->u.str.len);
		break;
	case KIT_ARRAY:
	case KIT_OBJECT:
		kit_json_write_container(out, v, write_item, 0);
		break;
	default:
		kit_buf_puts(out, "null");
	}
}
