/* flight.c — the Flight (React Server Components) wire format, production
 * (flight.h; the format is docs/wire-formats.md §1).
 *
 * Writing: a row's JSON is built in a scratch buffer while the rows it depends
 * on (the I row of a client reference, the T row of a long string, the entries
 * row of a Map or Set) are appended to the output first, so every row is
 * complete before anything refers to it and the client never waits on an
 * import. A KIT_LAZY whose row is READY but not yet written is inlined (the
 * client sees the same tree with one row less); a pending or errored one is
 * written as "$L<id>" and its row follows when it completes. A promise
 * passed to a client component (KIT_PROMISE) is always "$@<id>" with a row
 * of its own, as React writes it.
 *
 * Parsing: rows become model rows by id, marked as written (they exist on the
 * wire already, so a writer refers to them instead of inlining them).
 * References are resolved once the whole payload is read, because rows may
 * arrive in any order. Anything the model cannot hold (server references,
 * streams, typed arrays, dev rows) is an error naming the row. */
#include "flight.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "render/xalloc.h"

/* Past this nesting a READY lazy gets a row of its own instead of being
 * inlined (this also ends a cycle through rows); past the hard limit a value
 * is written as null — only a cyclic model gets there. */
#define FLIGHT_INLINE_DEPTH 256
#define FLIGHT_MAX_DEPTH 2048
/* React moves strings of this many UTF-16 units or more to a T row. */
#define FLIGHT_TEXT_ROW_UNITS 1024

typedef struct fwriter {
	kit_model *m;
	kit_buf *rows;   /* complete rows go here; NULL: dependencies are only queued */
	size_t nwritten; /* rows appended to rows */
	int depth;
} fwriter;

static void write_value(fwriter *fw, const kit_value *v, kit_buf *out, int type_slot);
static void emit_row(fwriter *fw, kit_row *r);

static size_t utf16_units(const char *s, size_t n)
{
	size_t units = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c & 0xC0) != 0x80)
			units += c >= 0xF0 ? 2 : 1;
	}
	return units;
}

/* Writes s as a JSON string literal with prefix inserted after the opening
 * quote ("$$", "$n", "$D", "$S" ...). */
static void put_prefixed(kit_buf *out, const char *prefix, const char *s, size_t n)
{
	size_t at = out->len, plen = strlen(prefix);
	kit_json_write_string(out, s, n);
	kit_buf_reserve(out, plen);
	memmove(out->data + at + 1 + plen, out->data + at + 1, out->len - at - 1);
	memcpy(out->data + at + 1, prefix, plen);
	out->len += plen;
}

static void put_ref(kit_buf *out, const char *tag, unsigned id)
{
	kit_buf_printf(out, "\"$%s%x\"", tag, id);
}

/* A row that must exist before the row being written refers to it. */
static void need_row(fwriter *fw, kit_row *r)
{
	if (fw->rows && !r->written)
		emit_row(fw, r);
}

static kit_row *import_row(fwriter *fw, kit_client_ref *ref)
{
	if (!ref->row) {
		kit_row *r = kit_model_new_row(fw->m);
		r->kind = KIT_ROWK_IMPORT;
		r->ref = ref;
		ref->row = r;
		kit_row_resolve(fw->m, r, NULL);
	}
	need_row(fw, ref->row);
	return ref->row;
}

static void write_string(fwriter *fw, const kit_value *v, kit_buf *out)
{
	const char *s = v->u.str.ptr;
	size_t n = v->u.str.len;
	if (n >= FLIGHT_TEXT_ROW_UNITS && utf16_units(s, n) >= FLIGHT_TEXT_ROW_UNITS) {
		kit_row *r = kit_model_new_row(fw->m);
		/* The T row shares the value; nothing writes through the pointer. */
		kit_row_resolve(fw->m, r, (kit_value *)v);
		need_row(fw, r);
		put_ref(out, "", r->id);
		return;
	}
	if (n && s[0] == '$')
		put_prefixed(out, "$", s, n);
	else
		kit_json_write_string(out, s, n);
}

/* Whether a reference to an already written row must be lazy ("$L", rendered
 * as a node that may suspend) rather than a plain value ("$"). */
static int needs_lazy_ref(const kit_row *r)
{
	if (r->state != KIT_ROW_READY)
		return 1;
	switch (r->value ? r->value->kind : KIT_NULL) {
	case KIT_ELEMENT:
	case KIT_ARRAY:
	case KIT_LAZY:
		return 1;
	default:
		return 0;
	}
}

static void write_lazy(fwriter *fw, kit_row *r, kit_buf *out, int type_slot)
{
	if (r->kind == KIT_ROWK_IMPORT) {
		need_row(fw, r);
		put_ref(out, type_slot ? "L" : "", r->id);
		return;
	}
	if (r->state == KIT_ROW_READY && !r->written) {
		if (!fw->rows || fw->depth < FLIGHT_INLINE_DEPTH) {
			r->inlined = 1;
			write_value(fw, r->value, out, type_slot);
			return;
		}
		emit_row(fw, r);
	}
	put_ref(out, needs_lazy_ref(r) ? "L" : "", r->id);
}

static void write_props(fwriter *fw, const kit_prop *props, size_t n, kit_buf *out)
{
	kit_buf_putc(out, '{');
	for (size_t i = 0; i < n; i++) {
		if (i)
			kit_buf_putc(out, ',');
		kit_json_write_string(out, props[i].key, props[i].keylen);
		kit_buf_putc(out, ':');
		write_value(fw, props[i].value, out, 0);
	}
	kit_buf_putc(out, '}');
}

static void write_value(fwriter *fw, const kit_value *v, kit_buf *out, int type_slot)
{
	if (!v || fw->depth >= FLIGHT_MAX_DEPTH) {
		kit_buf_puts(out, "null");
		return;
	}
	fw->depth++;
	switch (v->kind) {
	case KIT_UNDEFINED:
		kit_buf_puts(out, "\"$undefined\"");
		break;
	case KIT_NULL:
		kit_buf_puts(out, "null");
		break;
	case KIT_BOOL:
		kit_buf_puts(out, v->u.boolean ? "true" : "false");
		break;
	case KIT_NUMBER: {
		double d = v->u.number;
		if (isnan(d))
			kit_buf_puts(out, "\"$NaN\"");
		else if (isinf(d))
			kit_buf_puts(out, d > 0 ? "\"$Infinity\"" : "\"$-Infinity\"");
		else if (d == 0 && signbit(d))
			kit_buf_puts(out, "\"$-0\"");
		else
			kit_json_write_number(out, d);
		break;
	}
	case KIT_STRING:
		write_string(fw, v, out);
		break;
	case KIT_BIGINT:
		put_prefixed(out, "$n", v->u.str.ptr, v->u.str.len);
		break;
	case KIT_DATE:
		put_prefixed(out, "$D", v->u.str.ptr, v->u.str.len);
		break;
	case KIT_SYMBOL:
		put_prefixed(out, "$S", v->u.str.ptr, v->u.str.len);
		break;
	case KIT_ARRAY:
		kit_buf_putc(out, '[');
		for (size_t i = 0; i < v->u.arr.len; i++) {
			if (i)
				kit_buf_putc(out, ',');
			write_value(fw, v->u.arr.items[i], out, 0);
		}
		kit_buf_putc(out, ']');
		break;
	case KIT_OBJECT:
		write_props(fw, v->u.obj.props, v->u.obj.len, out);
		break;
	case KIT_ELEMENT:
		kit_buf_puts(out, "[\"$\",");
		write_value(fw, v->u.elem.type, out, 1);
		kit_buf_putc(out, ',');
		if (v->u.elem.key && v->u.elem.key->kind == KIT_STRING)
			write_string(fw, v->u.elem.key, out);
		else
			kit_buf_puts(out, "null");
		kit_buf_putc(out, ',');
		write_props(fw, v->u.elem.props, v->u.elem.nprops, out);
		if (fw->m->dev) {
			/* React's development client reads owner, stack and
			 * _store.validated from slots 4-6 (docs/dev.md) */
			kit_buf_puts(out, ",null,null,");
			kit_buf_putc(out, (char)('0' + (v->validated <= 2 ? v->validated : 0)));
		}
		kit_buf_putc(out, ']');
		break;
	case KIT_LAZY:
		write_lazy(fw, v->u.lazy, out, type_slot);
		break;
	case KIT_CLIENT_REF:
		put_ref(out, type_slot ? "L" : "", import_row(fw, v->u.ref)->id);
		break;
	case KIT_MAP:
	case KIT_SET:
	case KIT_SERVER_REF:
		need_row(fw, v->u.lazy);
		put_ref(out, v->kind == KIT_MAP ? "Q" : v->kind == KIT_SET ? "W" : "h", v->u.lazy->id);
		break;
	case KIT_PROMISE:
		/* never inlined: React's client makes the row a thenable ("$@"); a
		 * settled one goes first, a pending one follows when it settles */
		need_row(fw, v->u.lazy);
		put_ref(out, "@", v->u.lazy->id);
		break;
	}
	fw->depth--;
}

static void write_import(const kit_client_ref *ref, kit_buf *out)
{
	kit_buf_puts(out, "I[");
	kit_json_write_string(out, ref->module_id ? ref->module_id : "", ref->module_id ? strlen(ref->module_id) : 0);
	kit_buf_puts(out, ",[");
	for (size_t i = 0; i < ref->nchunks; i++) {
		if (i)
			kit_buf_putc(out, ',');
		kit_json_write_string(out, ref->chunks[i], strlen(ref->chunks[i]));
	}
	kit_buf_puts(out, "],");
	kit_json_write_string(out, ref->export_name ? ref->export_name : "", ref->export_name ? strlen(ref->export_name) : 0);
	kit_buf_putc(out, ']');
}

/* Appends row r to fw->rows, after any row it needs. PENDING rows have
 * nothing to write. */
static void emit_row(fwriter *fw, kit_row *r)
{
	if (r->state == KIT_ROW_PENDING)
		return;
	r->written = 1;
	const kit_value *v = r->value;
	if (r->kind == KIT_ROWK_MODEL && r->state == KIT_ROW_READY && v && v->kind == KIT_STRING &&
	    utf16_units(v->u.str.ptr, v->u.str.len) >= FLIGHT_TEXT_ROW_UNITS) {
		/* Text row: the raw bytes, UTF-8 length in hex, no newline. */
		kit_buf_printf(fw->rows, "%x:T%zx,", r->id, v->u.str.len);
		kit_buf_put(fw->rows, v->u.str.ptr, v->u.str.len);
		fw->nwritten++;
		return;
	}
	kit_buf body;
	kit_buf_init(&body);
	if (r->kind == KIT_ROWK_IMPORT) {
		write_import(r->ref, &body);
	} else if (r->state == KIT_ROW_ERROR) {
		kit_buf_puts(&body, "E{\"digest\":");
		kit_json_write_string(&body, r->digest ? r->digest : "", r->digest ? strlen(r->digest) : 0);
		kit_buf_putc(&body, '}');
	} else {
		int depth = fw->depth;
		fw->depth = 0;
		write_value(fw, v, &body, 0);
		fw->depth = depth;
	}
	kit_buf_printf(fw->rows, "%x:", r->id);
	kit_buf_put(fw->rows, body.data, body.len);
	kit_buf_putc(fw->rows, '\n');
	kit_buf_free(&body);
	fw->nwritten++;
}

size_t kit_flight_write_ready(kit_model *m, kit_buf *out)
{
	fwriter fw = { .m = m, .rows = out };
	kit_row *r;
	while ((r = m->ready_head)) {
		m->ready_head = r->next_ready;
		if (!m->ready_head)
			m->ready_tail = NULL;
		r->next_ready = NULL;
		if (!r->written && !r->inlined && !r->html_only)
			emit_row(&fw, r);
	}
	return fw.nwritten;
}

size_t kit_flight_write_row(kit_model *m, kit_row *r, kit_buf *out)
{
	fwriter fw = { .m = m, .rows = out };
	emit_row(&fw, r);
	return fw.nwritten;
}

void kit_flight_write_value(kit_model *m, const kit_value *v, kit_buf *out)
{
	fwriter fw = { .m = m };
	write_value(&fw, v, out, 0);
}

/* ---- parsing ---- */

typedef enum fixup_kind {
	FIX_REF,   /* a LAZY: becomes a CLIENT_REF if its row is an I row */
	FIX_COLL,  /* a MAP/SET: its row must hold an array */
	FIX_PATH,  /* "$<id>:a:b": replaced by the value at that path */
} fixup_kind;

typedef struct fixup {
	fixup_kind kind;
	kit_value *v;
	unsigned row_id;    /* the row the reference appeared in, for messages */
	const char *path;   /* FIX_PATH: "a:b" */
	size_t pathlen;
	int done;
} fixup;

typedef struct fparser {
	kit_model *m;
	char *err;
	size_t errlen;
	unsigned max_id;
	unsigned row_id;    /* row being parsed */
	fixup *fix;
	size_t nfix, capfix;
} fparser;

/* Sets the error message; perr returns -1 and perr_null NULL, for the two
 * kinds of callers. */
static int perr(fparser *fp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(fparser *fp, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (fp->err && fp->errlen)
		vsnprintf(fp->err, fp->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void *perr_null(fparser *fp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void *perr_null(fparser *fp, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (fp->err && fp->errlen)
		vsnprintf(fp->err, fp->errlen, fmt, ap);
	va_end(ap);
	return NULL;
}

static void add_fixup(fparser *fp, fixup f)
{
	if (fp->nfix == fp->capfix) {
		size_t cap = fp->capfix ? fp->capfix * 2 : 32;
		fixup *n = kit_xrealloc(fp->fix, cap * sizeof *n);
		fp->fix = n;
		fp->capfix = cap;
	}
	f.row_id = fp->row_id;
	fp->fix[fp->nfix++] = f;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Reads hex digits at s (up to end); returns the count, or 0 on none or overflow. */
static size_t read_hex(const char *s, const char *end, unsigned long long *out)
{
	unsigned long long v = 0;
	size_t n = 0;
	while (s + n < end && hexval(s[n]) >= 0) {
		if (v >> 56)
			return 0;
		v = v * 16 + (unsigned)hexval(s[n]);
		n++;
	}
	*out = v;
	return n;
}

static kit_row *row_by_id(fparser *fp, unsigned long long id)
{
	if (id > fp->max_id)
		return NULL;
	while (fp->m->nrows <= id)
		kit_model_new_row(fp->m);
	return fp->m->rows[id];
}

static kit_value *new_value(fparser *fp, kit_vkind kind)
{
	kit_value *v = kit_v_null(fp->m);
	v->kind = kind;
	return v;
}

/* A reference "$L1f" etc.: id is s[0..n). */
static kit_row *ref_row(fparser *fp, const char *s, size_t n, const char *whole, size_t wlen)
{
	unsigned long long id;
	if (n == 0 || read_hex(s, s + n, &id) != n) {
		perr(fp, "row %x: malformed reference \"%.*s\"", fp->row_id, (int)(wlen > 40 ? 40 : wlen), whole);
		return NULL;
	}
	kit_row *r = row_by_id(fp, id);
	if (!r)
		perr(fp, "row %x: reference \"%.*s\" names a row id out of range", fp->row_id,
		     (int)(wlen > 40 ? 40 : wlen), whole);
	return r;
}

static kit_value *unsupported_ref(fparser *fp, const char *s, size_t n, const char *what)
{
	return perr_null(fp, "row %x: \"%.*s\" is %s, which kit's model does not hold", fp->row_id,
			 (int)(n > 40 ? 40 : n), s, what);
}

/* Decodes a model string that starts with '$', dispatching on the second
 * character exactly as React's client (parseModelString) does. */
static kit_value *decode_dollar(fparser *fp, kit_value *v)
{
	const char *s = v->u.str.ptr;
	size_t n = v->u.str.len;
	if (n == 1)
		return perr_null(fp, "row %x: a bare \"$\" outside an element tuple", fp->row_id);
	kit_value *out;
	kit_row *r;
	switch (s[1]) {
	case '$':
		v->u.str.ptr = s + 1;
		v->u.str.len = n - 1;
		return v;
	case 'u':
	case 'w':
		return kit_v_undefined(fp->m);
	case 'N':
		return kit_v_number(fp->m, NAN);
	case 'I':
		return kit_v_number(fp->m, INFINITY);
	case '-':
		return kit_v_number(fp->m, n == 3 && s[2] == '0' ? -0.0 : -INFINITY);
	case 'n': {
		size_t i = 2;
		if (i < n && s[i] == '-')
			i++;
		if (i == n)
			return perr_null(fp, "row %x: malformed BigInt \"%.*s\"", fp->row_id, (int)(n > 40 ? 40 : n), s);
		for (; i < n; i++)
			if (s[i] < '0' || s[i] > '9')
				return perr_null(fp, "row %x: malformed BigInt \"%.*s\"", fp->row_id,
						 (int)(n > 40 ? 40 : n), s);
	}
		/* fall through */
	case 'S':
	case 'D':
		v->kind = s[1] == 'S' ? KIT_SYMBOL : s[1] == 'D' ? KIT_DATE : KIT_BIGINT;
		v->u.str.ptr = s + 2;
		v->u.str.len = n - 2;
		return v;
	case 'L':
		if (!(r = ref_row(fp, s + 2, n - 2, s, n)))
			return NULL;
		out = kit_v_lazy(fp->m, r);
		add_fixup(fp, (fixup){ .kind = FIX_REF, .v = out });
		return out;
	case '@':
		if (!(r = ref_row(fp, s + 2, n - 2, s, n)))
			return NULL;
		return kit_v_promise(fp->m, r);
	case 'Q':
	case 'W':
		if (!(r = ref_row(fp, s + 2, n - 2, s, n)))
			return NULL;
		out = new_value(fp, s[1] == 'Q' ? KIT_MAP : KIT_SET);
		out->u.lazy = r;
		add_fixup(fp, (fixup){ .kind = FIX_COLL, .v = out });
		return out;
	case 'h':
		/* a server reference: its row holds {"id","bound"} (kit_v_server_ref_id reads it) */
		if (!(r = ref_row(fp, s + 2, n - 2, s, n)))
			return NULL;
		out = new_value(fp, KIT_SERVER_REF);
		out->u.lazy = r;
		return out;
	case 'T': return unsupported_ref(fp, s, n, "a temporary reference");
	case 'B': return unsupported_ref(fp, s, n, "a Blob");
	case 'K': return unsupported_ref(fp, s, n, "FormData");
	case 'Z': return unsupported_ref(fp, s, n, "an Error object");
	case 'i': return unsupported_ref(fp, s, n, "an iterator");
	default: {
		/* "$<id>" or "$<id>:key:key..." */
		const char *colon = memchr(s + 1, ':', n - 1);
		size_t idlen = colon ? (size_t)(colon - s - 1) : n - 1;
		if (!(r = ref_row(fp, s + 1, idlen, s, n)))
			return NULL;
		out = kit_v_lazy(fp->m, r);
		if (colon)
			add_fixup(fp, (fixup){ .kind = FIX_PATH, .v = out, .path = colon + 1,
					       .pathlen = (size_t)(s + n - colon - 1) });
		else
			add_fixup(fp, (fixup){ .kind = FIX_REF, .v = out });
		return out;
	}
	}
}

static kit_value *decode(fparser *fp, kit_value *v);

static kit_value *decode_element(fparser *fp, kit_value *tuple)
{
	kit_value **it = tuple->u.arr.items;
	if (tuple->u.arr.len < 4)
		return perr_null(fp, "row %x: element tuple with %zu slots (expected [\"$\", type, key, props])",
				 fp->row_id, tuple->u.arr.len);
	if (it[1]->kind != KIT_STRING)
		return perr_null(fp, "row %x: element type must be a string", fp->row_id);
	kit_value *type = it[1];
	if (type->u.str.len && type->u.str.ptr[0] == '$') {
		const char *written = type->u.str.ptr;
		if (!(type = decode_dollar(fp, type)))
			return NULL;
		if (type->kind != KIT_SYMBOL && type->kind != KIT_LAZY)
			return perr_null(fp, "row %x: element type \"%.40s\" is not a tag, a symbol or a client reference",
					 fp->row_id, written);
	}
	kit_value *key = NULL;
	if (it[2]->kind == KIT_STRING) {
		if (!(key = decode(fp, it[2])))
			return NULL;
		if (key->kind != KIT_STRING)
			return perr_null(fp, "row %x: element key must be a plain string", fp->row_id);
	} else if (it[2]->kind != KIT_NULL) {
		return perr_null(fp, "row %x: element key must be null or a string", fp->row_id);
	}
	if (it[3]->kind != KIT_OBJECT)
		return perr_null(fp, "row %x: element props must be an object", fp->row_id);
	if (!decode(fp, it[3]))
		return NULL;
	kit_value *el = kit_v_element(fp->m, type, key, 0);
	el->u.elem.props = it[3]->u.obj.props;
	el->u.elem.nprops = it[3]->u.obj.len;
	/* a development build's [..., owner, stack, validated] */
	if (tuple->u.arr.len >= 7 && it[6]->kind == KIT_NUMBER && it[6]->u.number >= 0 && it[6]->u.number <= 2)
		el->validated = (unsigned char)it[6]->u.number;
	return el;
}

/* Turns a parsed JSON value into the model value it encodes, in place where
 * possible. Depth is bounded by the JSON parser's nesting limit. */
static kit_value *decode(fparser *fp, kit_value *v)
{
	switch (v->kind) {
	case KIT_STRING:
		return v->u.str.len && v->u.str.ptr[0] == '$' ? decode_dollar(fp, v) : v;
	case KIT_ARRAY:
		if (v->u.arr.len && v->u.arr.items[0]->kind == KIT_STRING &&
		    v->u.arr.items[0]->u.str.len == 1 && v->u.arr.items[0]->u.str.ptr[0] == '$')
			return decode_element(fp, v);
		for (size_t i = 0; i < v->u.arr.len; i++)
			if (!(v->u.arr.items[i] = decode(fp, v->u.arr.items[i])))
				return NULL;
		return v;
	case KIT_OBJECT:
		for (size_t i = 0; i < v->u.obj.len; i++)
			if (!(v->u.obj.props[i].value = decode(fp, v->u.obj.props[i].value)))
				return NULL;
		return v;
	default:
		return v;
	}
}

static int parse_import(fparser *fp, kit_row *r, kit_value *v)
{
	kit_value **it = v->u.arr.items;
	if (v->kind != KIT_ARRAY || v->u.arr.len < 3 || it[0]->kind != KIT_STRING ||
	    it[1]->kind != KIT_ARRAY || it[2]->kind != KIT_STRING)
		return perr(fp, "row %x: I row must be [moduleId, [chunkId, chunkFile, ...], exportName]", r->id);
	kit_client_ref *ref = kit_arena_zalloc(fp->m->arena, sizeof *ref);
	ref->module_id = it[0]->u.str.ptr;
	ref->export_name = it[2]->u.str.ptr;
	ref->nchunks = it[1]->u.arr.len;
	ref->chunks = kit_arena_alloc(fp->m->arena, (ref->nchunks + 1) * sizeof *ref->chunks);
	for (size_t i = 0; i < ref->nchunks; i++) {
		if (it[1]->u.arr.items[i]->kind != KIT_STRING)
			return perr(fp, "row %x: I row chunk list must hold strings", r->id);
		ref->chunks[i] = it[1]->u.arr.items[i]->u.str.ptr;
	}
	ref->row = r;
	r->kind = KIT_ROWK_IMPORT;
	r->ref = ref;
	r->state = KIT_ROW_READY;
	return 0;
}

static int parse_error_row(fparser *fp, kit_row *r, kit_value *v)
{
	const kit_value *d = v->kind == KIT_OBJECT ? kit_v_get(v, "digest") : NULL;
	if (v->kind != KIT_OBJECT || (d && d->kind != KIT_STRING))
		return perr(fp, "row %x: E row must be {\"digest\": \"...\"}", r->id);
	r->state = KIT_ROW_ERROR;
	r->digest = d ? d->u.str.ptr : "";
	return 0;
}

static int is_open_placeholder(const fparser *fp, const kit_value *v)
{
	for (size_t k = 0; k < fp->nfix; k++)
		if (fp->fix[k].kind == FIX_PATH && !fp->fix[k].done && fp->fix[k].v == v)
			return 1;
	return 0;
}

/* One step of a path: "props"/"type"/"key" of an element, a key of an
 * object, an index of an array. */
static kit_value *path_step(fparser *fp, kit_value *v, const char *seg, size_t len)
{
	if (v->kind == KIT_ELEMENT) {
		if (len == 5 && memcmp(seg, "props", 5) == 0) {
			kit_value *o = kit_v_object(fp->m, 0);
			o->u.obj.props = v->u.elem.props;
			o->u.obj.len = v->u.elem.nprops;
			return o;
		}
		if (len == 4 && memcmp(seg, "type", 4) == 0)
			return v->u.elem.type;
		if (len == 3 && memcmp(seg, "key", 3) == 0)
			return v->u.elem.key ? v->u.elem.key : kit_v_null(fp->m);
		return NULL;
	}
	if (v->kind == KIT_OBJECT) {
		for (size_t k = 0; k < v->u.obj.len; k++)
			if (v->u.obj.props[k].keylen == len && memcmp(v->u.obj.props[k].key, seg, len) == 0)
				return v->u.obj.props[k].value;
		return NULL;
	}
	if (v->kind == KIT_ARRAY) {
		size_t idx = 0;
		if (len == 0 || len > 9)
			return NULL;
		for (size_t k = 0; k < len; k++) {
			if (seg[k] < '0' || seg[k] > '9')
				return NULL;
			idx = idx * 10 + (size_t)(seg[k] - '0');
		}
		return idx < v->u.arr.len ? v->u.arr.items[idx] : NULL;
	}
	return NULL;
}

/* Follows "a:b:c" from v. NULL when the path does not resolve, or when it
 * passes through a path reference not resolved yet (*blocked is set then). */
static kit_value *follow_path(fparser *fp, kit_value *v, const char *path, size_t n, int *blocked)
{
	const char *seg = path, *end = path + n;
	for (;;) {
		if (is_open_placeholder(fp, v)) {
			*blocked = 1;
			return NULL;
		}
		v = (kit_value *)kit_v_deref(v);
		if (!v || seg > end)
			return v;
		const char *sep = memchr(seg, ':', (size_t)(end - seg));
		size_t len = sep ? (size_t)(sep - seg) : (size_t)(end - seg);
		if (!(v = path_step(fp, v, seg, len)))
			return NULL;
		seg += len + 1;
	}
}

static int apply_fixups(fparser *fp)
{
	/* Client references first, so that a path may lead to one. */
	for (size_t k = 0; k < fp->nfix; k++) {
		fixup *f = &fp->fix[k];
		if (f->kind == FIX_REF && f->v->u.lazy->kind == KIT_ROWK_IMPORT) {
			kit_client_ref *ref = f->v->u.lazy->ref;
			f->v->kind = KIT_CLIENT_REF;
			f->v->u.ref = ref;
		}
	}
	/* Path references may point through each other: resolve in passes until
	 * none makes progress. The placeholder becomes a copy of its target. */
	for (int progress = 1; progress;) {
		progress = 0;
		int blocked_any = 0;
		for (size_t k = 0; k < fp->nfix; k++) {
			fixup *f = &fp->fix[k];
			if (f->kind != FIX_PATH || f->done)
				continue;
			int blocked = 0;
			kit_row *r = f->v->u.lazy;
			kit_value *t = r->state == KIT_ROW_READY && r->value
				? follow_path(fp, r->value, f->path, f->pathlen, &blocked) : NULL;
			if (blocked) {
				blocked_any = 1;
				continue;
			}
			if (!t)
				return perr(fp, "row %x: reference \"$%x:%.*s\" does not resolve", f->row_id, r->id,
					    (int)(f->pathlen > 40 ? 40 : f->pathlen), f->path);
			*f->v = *t;
			f->done = 1;
			progress = 1;
		}
		if (blocked_any && !progress)
			return perr(fp, "path references point at each other in a cycle");
	}
	for (size_t k = 0; k < fp->nfix; k++) {
		fixup *f = &fp->fix[k];
		if (f->kind != FIX_COLL)
			continue;
		kit_row *r = f->v->u.lazy;
		if (r->state != KIT_ROW_READY || r->kind != KIT_ROWK_MODEL || !r->value ||
		    r->value->kind != KIT_ARRAY)
			return perr(fp, "row %x: %s row %x is missing or not an array", f->row_id,
				    f->v->kind == KIT_MAP ? "Map" : "Set", r->id);
		if (f->v->kind == KIT_MAP)
			for (size_t i = 0; i < r->value->u.arr.len; i++) {
				const kit_value *e = r->value->u.arr.items[i];
				if (e->kind != KIT_ARRAY || e->u.arr.len != 2)
					return perr(fp, "row %x: Map entries must be [key, value] pairs", r->id);
			}
	}
	return 0;
}

static int parse_rows(fparser *fp, const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	while (p < end) {
		unsigned long long id = 0;
		size_t nhex = 0;
		while (p + nhex < end && ((p[nhex] >= '0' && p[nhex] <= '9') || (p[nhex] >= 'a' && p[nhex] <= 'f')))
			nhex++;
		if (nhex && read_hex(p, p + nhex, &id) != nhex)
			return perr(fp, "byte %zu: row id too large", (size_t)(p - data));
		if (p + nhex >= end || p[nhex] != ':')
			return perr(fp, "byte %zu: expected a row \"<lowercase hex id>:\"", (size_t)(p - data));
		const char *body = p + nhex + 1;
		fp->row_id = (unsigned)id;
		if (body >= end)
			return perr(fp, "row %llx: empty row at the end of the payload", id);
		char tag = *body;
		if (!nhex) {
			/* Hint rows (":HL[...]") carry no id and no model value. */
			const char *nl = memchr(body, '\n', (size_t)(end - body));
			if (tag != 'H' || !nl)
				return perr(fp, "byte %zu: row without an id", (size_t)(p - data));
			p = nl + 1;
			continue;
		}
		kit_row *r = row_by_id(fp, id);
		if (!r)
			return perr(fp, "row %llx: id out of range for a payload of %zu bytes", id, len);
		if (r->written || r->state != KIT_ROW_PENDING)
			return perr(fp, "row %llx: defined twice", id);
		if (tag == 'T') {
			unsigned long long n;
			size_t nh = read_hex(body + 1, end, &n);
			const char *text = body + 1 + nh;
			if (!nh || text >= end || *text != ',')
				return perr(fp, "row %llx: malformed T row header (expected T<hex length>,)", id);
			text++;
			if (n > (unsigned long long)(end - text))
				return perr(fp, "row %llx: T row of %llu bytes but only %zu remain", id, n,
					    (size_t)(end - text));
			r->value = kit_v_string(fp->m, text, (size_t)n);
			r->state = KIT_ROW_READY;
			r->written = 1;
			p = text + n;
			continue;
		}
		if (strchr("AOobUSsLlGgMmV", tag))
			return perr(fp, "row %llx: binary rows (tag %c) are not supported", id, tag);
		const char *nl = memchr(body, '\n', (size_t)(end - body));
		if (!nl)
			return perr(fp, "row %llx: no newline at the end of the row (truncated payload?)", id);
		int tagged = (tag >= 'A' && tag <= 'Z') || tag == '#' || tag == 'r' || tag == 'x';
		if (tagged && tag != 'I' && tag != 'E' && tag != 'H') {
			if (strchr("DNJW", tag))
				return perr(fp, "row %llx: development row (tag %c) in a production payload", id, tag);
			return perr(fp, "row %llx: rows with tag %c are not supported", id, tag);
		}
		p = nl + 1;
		if (tag == 'H')
			continue;
		const char *json = tagged ? body + 1 : body;
		char jerr[KIT_ERR_SIZE];
		kit_value *v;
		if (kit_json_parse(fp->m, json, (size_t)(nl - json), &v, jerr, sizeof jerr) < 0)
			return perr(fp, "row %llx: %s", id, jerr);
		r->written = 1;
		if (tag == 'I') {
			if (parse_import(fp, r, v) < 0)
				return -1;
		} else if (tag == 'E') {
			if (parse_error_row(fp, r, v) < 0)
				return -1;
		} else {
			if (!(v = decode(fp, v)))
				return -1;
			r->value = v;
			r->state = KIT_ROW_READY;
		}
	}
	return 0;
}

int kit_flight_parse(kit_model *m, const char *data, size_t len, char *err, size_t errlen)
{
	/* Ids need not be dense, but a payload cannot use more rows than it has
	 * bytes: the bound keeps a hostile id from allocating millions of rows. */
	fparser fp = { .m = m, .err = err, .errlen = errlen,
		       .max_id = len < 4096 ? 4096 : len > (UINT_MAX >> 1) ? (UINT_MAX >> 1) : (unsigned)len };
	if (err && errlen)
		err[0] = '\0';
	int rc = parse_rows(&fp, data, len);
	if (rc == 0)
		rc = apply_fixups(&fp);
	free(fp.fix);
	return rc;
}
