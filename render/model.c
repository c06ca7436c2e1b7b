/* model.c — constructors and row bookkeeping for the Flight model (model.h). */
#include "model.h"
#include "render/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kit_model_init(kit_model *m, kit_arena *arena)
{
	memset(m, 0, sizeof *m);
	m->arena = arena;
}

void kit_model_clear(kit_model *m)
{
	free(m->rows);
	m->rows = NULL;
	m->nrows = m->caprows = 0;
	m->ready_head = m->ready_tail = NULL;
}

kit_row *kit_model_new_row(kit_model *m)
{
	if (m->nrows == m->caprows) {
		size_t cap = m->caprows ? m->caprows * 2 : 16;
		kit_row **rows = kit_xrealloc(m->rows, cap * sizeof *rows);
		m->rows = rows;
		m->caprows = cap;
	}
	kit_row *r = kit_arena_zalloc(m->arena, sizeof *r);
	r->id = (unsigned)m->nrows;
	r->kind = KIT_ROWK_MODEL;
	r->state = KIT_ROW_PENDING;
	m->rows[m->nrows++] = r;
	return r;
}

kit_row *kit_model_row(const kit_model *m, unsigned id)
{
	return id < m->nrows ? m->rows[id] : NULL;
}

static void queue_ready(kit_model *m, kit_row *r)
{
	r->next_ready = NULL;
	if (m->ready_tail)
		m->ready_tail->next_ready = r;
	else
		m->ready_head = r;
	m->ready_tail = r;
}

void kit_row_resolve(kit_model *m, kit_row *r, kit_value *v)
{
	if (r->state != KIT_ROW_PENDING)
		return;
	r->state = KIT_ROW_READY;
	r->value = v;
	queue_ready(m, r);
}

void kit_row_reject(kit_model *m, kit_row *r, const char *digest)
{
	if (r->state != KIT_ROW_PENDING)
		return;
	r->state = KIT_ROW_ERROR;
	r->digest = kit_arena_strdup(m->arena, digest ? digest : "");
	queue_ready(m, r);
}

static kit_value *v_new(kit_model *m, kit_vkind kind)
{
	kit_value *v = kit_arena_alloc(m->arena, sizeof *v);
	memset(v, 0, sizeof *v);
	v->kind = kind;
	return v;
}

kit_value *kit_v_undefined(kit_model *m) { return v_new(m, KIT_UNDEFINED); }
kit_value *kit_v_null(kit_model *m) { return v_new(m, KIT_NULL); }

kit_value *kit_v_bool(kit_model *m, int b)
{
	kit_value *v = v_new(m, KIT_BOOL);
	v->u.boolean = b != 0;
	return v;
}

kit_value *kit_v_number(kit_model *m, double d)
{
	kit_value *v = v_new(m, KIT_NUMBER);
	v->u.number = d;
	return v;
}

kit_value *kit_v_string(kit_model *m, const char *s, size_t n)
{
	kit_value *v = v_new(m, KIT_STRING);
	v->u.str.ptr = kit_arena_strndup(m->arena, s, n);
	v->u.str.len = n;
	return v;
}

kit_value *kit_v_string_at(kit_model *m, const char *s, size_t n)
{
	kit_value *v = v_new(m, KIT_STRING);
	v->u.str.ptr = s;
	v->u.str.len = n;
	return v;
}

kit_value *kit_v_cstring(kit_model *m, const char *s)
{
	return kit_v_string(m, s, strlen(s));
}

kit_value *kit_v_symbol(kit_model *m, const char *name)
{
	kit_value *v = kit_v_cstring(m, name);
	v->kind = KIT_SYMBOL;
	return v;
}

kit_value *kit_v_array(kit_model *m, size_t len)
{
	kit_value *v = v_new(m, KIT_ARRAY);
	v->u.arr.len = len;
	v->u.arr.items = len ? kit_arena_zalloc(m->arena, len * sizeof(kit_value *)) : NULL;
	return v;
}

kit_value *kit_v_object(kit_model *m, size_t nprops)
{
	kit_value *v = v_new(m, KIT_OBJECT);
	v->u.obj.len = nprops;
	v->u.obj.props = nprops ? kit_arena_zalloc(m->arena, nprops * sizeof(kit_prop)) : NULL;
	return v;
}

kit_value *kit_v_element(kit_model *m, kit_value *type, kit_value *key, size_t nprops)
{
	kit_value *v = v_new(m, KIT_ELEMENT);
	v->u.elem.type = type;
	v->u.elem.key = key;
	v->u.elem.nprops = nprops;
	v->u.elem.props = nprops ? kit_arena_zalloc(m->arena, nprops * sizeof(kit_prop)) : NULL;
	return v;
}

kit_value *kit_v_lazy(kit_model *m, kit_row *row)
{
	kit_value *v = v_new(m, KIT_LAZY);
	v->u.lazy = row;
	return v;
}

kit_value *kit_v_promise(kit_model *m, kit_row *row)
{
	kit_value *v = v_new(m, KIT_PROMISE);
	v->u.lazy = row;
	return v;
}

kit_value *kit_v_client_ref(kit_model *m, kit_client_ref *ref)
{
	kit_value *v = v_new(m, KIT_CLIENT_REF);
	v->u.ref = ref;
	return v;
}

static kit_value *v_collection(kit_model *m, kit_vkind kind, kit_value *entries)
{
	kit_row *r = kit_model_new_row(m);
	kit_row_resolve(m, r, entries);
	kit_value *v = v_new(m, kind);
	v->u.lazy = r;
	return v;
}

kit_value *kit_v_map(kit_model *m, kit_value *entries) { return v_collection(m, KIT_MAP, entries); }
kit_value *kit_v_set(kit_model *m, kit_value *items) { return v_collection(m, KIT_SET, items); }

kit_value *kit_v_server_ref(kit_model *m, const char *id, size_t idlen)
{
	kit_value *obj = kit_v_object(m, 2);
	kit_v_set_prop(m, &obj->u.obj.props[0], "id", kit_v_string(m, id, idlen));
	kit_v_set_prop(m, &obj->u.obj.props[1], "bound", kit_v_null(m));
	return v_collection(m, KIT_SERVER_REF, obj);
}

kit_value *kit_v_server_ref_bound(kit_model *m, const char *id, size_t idlen, const char *bound_json,
				  const char *key)
{
	kit_value *obj = kit_v_object(m, key ? 4 : 3);
	kit_v_set_prop(m, &obj->u.obj.props[0], "id", kit_v_string(m, id, idlen));
	kit_v_set_prop(m, &obj->u.obj.props[1], "bound", kit_v_null(m));
	kit_v_set_prop(m, &obj->u.obj.props[2], "kitBound", kit_v_cstring(m, bound_json));
	if (key)
		kit_v_set_prop(m, &obj->u.obj.props[3], "kitKey", kit_v_cstring(m, key));
	return v_collection(m, KIT_SERVER_REF, obj);
}

const char *kit_v_server_ref_extra(const kit_value *v, const char *name)
{
	if (!v || v->kind != KIT_SERVER_REF || !v->u.lazy || v->u.lazy->state != KIT_ROW_READY)
		return NULL;
	const kit_value *s = kit_v_get(v->u.lazy->value, name);
	return s && s->kind == KIT_STRING ? s->u.str.ptr : NULL;
}

const char *kit_v_server_ref_id(const kit_value *v)
{
	if (!v || v->kind != KIT_SERVER_REF || !v->u.lazy || v->u.lazy->state != KIT_ROW_READY)
		return NULL;
	const kit_value *id = kit_v_get(v->u.lazy->value, "id");
	return id && id->kind == KIT_STRING ? id->u.str.ptr : NULL;
}

void kit_v_set_prop(kit_model *m, kit_prop *p, const char *key, kit_value *v)
{
	p->keylen = strlen(key);
	p->key = kit_arena_strndup(m->arena, key, p->keylen);
	p->value = v;
}

kit_value *kit_v_get(const kit_value *v, const char *key)
{
	const kit_prop *props;
	size_t n;
	if (v->kind == KIT_OBJECT) {
		props = v->u.obj.props;
		n = v->u.obj.len;
	} else if (v->kind == KIT_ELEMENT) {
		props = v->u.elem.props;
		n = v->u.elem.nprops;
	} else {
		return NULL;
	}
	size_t klen = strlen(key);
	for (size_t i = 0; i < n; i++)
		if (props[i].keylen == klen && memcmp(props[i].key, key, klen) == 0)
			return props[i].value;
	return NULL;
}

const char *kit_v_client_module(const kit_value *type)
{
	if (type && type->kind == KIT_CLIENT_REF)
		return type->u.ref->module_id;
	if (type && type->kind == KIT_LAZY && type->u.lazy->kind == KIT_ROWK_IMPORT && type->u.lazy->ref)
		return type->u.lazy->ref->module_id;
	return NULL;
}

int kit_digest_is_answer(const char *d)
{
	static const char *const prefixes[] = { "KIT_REDIRECT;", "KIT_REFUSAL;", "KIT_DYNAMIC;" };
	static const char *const exact[] = { "KIT_NOT_FOUND", "KIT_FORBIDDEN", "KIT_UNAUTHORIZED",
					     "KIT_RENDER_TIMEOUT", "KIT_CLIENT_ONLY" };
	if (!d)
		return 1;
	for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
		if (strncmp(d, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
		if (strcmp(d, exact[i]) == 0)
			return 1;
	return 0;
}

int kit_v_is_symbol(const kit_value *v, const char *name)
{
	return v && v->kind == KIT_SYMBOL && strcmp(v->u.str.ptr, name) == 0;
}

const kit_value *kit_v_deref(const kit_value *v)
{
	/* slow follows the chain at half speed: meeting v again is a cycle of
	 * rows that are each other's value ("1:\"$1\"", a malformed payload
	 * the Flight fuzzer found), which has no value */
	const kit_value *slow = v;
	unsigned steps = 0;
	while (v && v->kind == KIT_LAZY) {
		const kit_row *r = v->u.lazy;
		if (r->state != KIT_ROW_READY)
			return NULL;
		v = r->value;
		if (steps++ & 1) {
			slow = slow->u.lazy->value;
			if (slow == v)
				return NULL;
		}
	}
	return v;
}

static unsigned clz32(unsigned x)
{
	return x ? (unsigned)__builtin_clz(x) : 32;
}

static const char base32[] = "0123456789abcdefghijklmnopqrstuv";

void kit_tree_push(kit_arena *arena, unsigned base_id, const char *base_overflow, unsigned total,
		   unsigned index, unsigned *id, const char **overflow)
{
	unsigned base_len = 32 - clz32(base_id) - 1;
	unsigned base = base_id & ~(1u << base_len);
	index += 1;
	unsigned len = 32 - clz32(total) + base_len;
	if (len > 30) {
		/* the low bits move into the overflow string, 5 bits per digit */
		unsigned nover = base_len - (base_len % 5);
		char digits[16];
		unsigned v = base & ((1u << nover) - 1);
		int n = 0;
		do {
			digits[n++] = base32[v % 32];
			v /= 32;
		} while (v);
		size_t olen = strlen(base_overflow);
		char *o = kit_arena_alloc(arena, (size_t)n + olen + 1);
		for (int i = 0; i < n; i++)
			o[i] = digits[n - 1 - i];
		memcpy(o + n, base_overflow, olen + 1);
		base >>= nover;
		base_len -= nover;
		*id = (1u << (32 - clz32(total) + base_len)) | (index << base_len) | base;
		*overflow = o;
		return;
	}
	*id = (1u << len) | (index << base_len) | base;
	*overflow = base_overflow;
}

void kit_tree_text(unsigned id, const char *overflow, char *out, size_t n)
{
	unsigned v = id & ~(1u << (32 - clz32(id) - 1));
	char digits[16];
	int k = 0;
	do {
		digits[k++] = base32[v % 32];
		v /= 32;
	} while (v);
	size_t o = 0;
	while (k > 0 && o + 1 < n)
		out[o++] = digits[--k];
	snprintf(out + o, n - o, "%s", overflow ? overflow : "");
}
