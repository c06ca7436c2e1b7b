/* routes.c — manifest loading and first-match routing; see routes.h. */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/arena.h"
#include "render/buf.h"
#include "render/chain.h"
#include "render/json.h"
#include "render/xalloc.h"
#include "render/model.h"

static const char *str_of(const kit_value *v)
{
	return v && v->kind == KIT_STRING ? v->u.str.ptr : NULL;
}

static char *read_all(const char *path, char *err, size_t errlen)
{
	char *text = kit_read_file(path, NULL);
	if (!text)
		snprintf(err, errlen, "cannot read %s: %m — run kit-build in the app directory", path);
	return text;
}

static int load_route(kit_route *rt, const kit_value *v, char *err, size_t errlen)
{
	const char *path = str_of(kit_v_get(v, "path"));
	const char *kind = str_of(kit_v_get(v, "kind"));
	const char *module = str_of(kit_v_get(v, "module"));
	const kit_value *segs = kit_v_get(v, "segments");
	if (!path || !kind || !module || !segs || segs->kind != KIT_ARRAY) {
		snprintf(err, errlen, "manifest.json: a route lacks path, kind, module or segments — rebuild with kit-build");
		return -1;
	}
	rt->path = kit_xstrdup(path);
	rt->module = kit_xstrdup(module);
	rt->is_api = strcmp(kind, "api") == 0;
	rt->nsegs = segs->u.arr.len;
	rt->segs = kit_xcalloc(rt->nsegs ? rt->nsegs : 1, sizeof *rt->segs);
	for (size_t i = 0; i < rt->nsegs; i++) {
		const kit_value *s = segs->u.arr.items[i];
		const char *type = str_of(kit_v_get(s, "type"));
		const char *text = str_of(kit_v_get(s, type && strcmp(type, "static") == 0 ? "value" : "name"));
		if (!type || !text) {
			snprintf(err, errlen, "manifest.json: route %s has a malformed segment", path);
			return -1;
		}
		rt->segs[i].type = strcmp(type, "static") == 0 ? KIT_SEG_STATIC
				 : strcmp(type, "catchall") == 0 ? KIT_SEG_CATCHALL : KIT_SEG_DYNAMIC;
		rt->segs[i].text = kit_xstrdup(text);
	}
	kit_buf lay;
	kit_buf_init(&lay);
	const kit_value *layouts = kit_v_get(v, "layouts");
	size_t nl = layouts && layouts->kind == KIT_ARRAY ? layouts->u.arr.len : 0;
	rt->layout_ids = kit_xcalloc(nl, sizeof *rt->layout_ids);
	rt->layout_slots = kit_xcalloc(nl, sizeof *rt->layout_slots);
	rt->slot_layout = (size_t)-1;
	for (size_t i = 0; i < nl; i++) {
		const kit_value *l = layouts->u.arr.items[i];
		const char *id = str_of(kit_v_get(l, "module"));
		if (!id)
			continue;
		const kit_value *slots = kit_v_get(l, "slots");
		if (slots && slots->kind == KIT_OBJECT && slots->u.obj.len && rt->slot_layout == (size_t)-1)
			rt->slot_layout = rt->nlayouts;
		kit_buf names;
		kit_buf_init(&names);
		for (size_t j = 0; slots && slots->kind == KIT_OBJECT && j < slots->u.obj.len; j++)
			kit_buf_printf(&names, "%s%s", names.len ? "," : "", slots->u.obj.props[j].key);
		rt->layout_slots[rt->nlayouts] = kit_xstrdup(kit_buf_cstr(&names));
		kit_buf_free(&names);
		rt->dynamic_chain |= kit_layout_is_dynamic(id);
		rt->layout_ids[rt->nlayouts++] = kit_xstrdup(id);
		if (lay.len)
			kit_buf_putc(&lay, ',');
		kit_buf_puts(&lay, id);
	}
	if (rt->slot_layout == (size_t)-1)
		rt->slot_layout = rt->nlayouts;
	rt->layouts = kit_xstrdup(kit_buf_cstr(&lay));
	kit_buf_free(&lay);
	const kit_value *mw = kit_v_get(v, "middleware");
	rt->has_middleware = mw && mw->kind == KIT_ARRAY && mw->u.arr.len > 0;
	const kit_value *methods = kit_v_get(v, "methods");
	for (size_t i = 0; methods && methods->kind == KIT_ARRAY && i < methods->u.arr.len; i++)
		if (methods->u.arr.items[i]->kind == KIT_STRING)
			rt->methods |= kit_method_bit(methods->u.arr.items[i]->u.str.ptr);
	kit_buf allow;
	kit_buf_init(&allow);
	static const char *names[] = { "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS" };
	unsigned bits = rt->methods | (rt->methods & KIT_METHOD_GET ? KIT_METHOD_HEAD : 0);
	for (int b = 0; b < 7; b++)
		if (bits & (1u << b))
			kit_buf_printf(&allow, "%s%s", allow.len ? ", " : "", names[b]);
	rt->allow = kit_xstrdup(kit_buf_cstr(&allow));
	kit_buf_free(&allow);
	return 0;
}

unsigned kit_method_bit(const char *m)
{
	static const char *names[] = { "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS" };
	for (int b = 0; b < 7; b++)
		if (strcmp(m, names[b]) == 0)
			return 1u << b;
	return 0;
}

int kit_routes_load(kit_routes *r, const char *kit_dir, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	char path[4096];
	snprintf(path, sizeof path, "%s/manifest.json", kit_dir);
	r->json = read_all(path, err, errlen);
	if (!r->json)
		return -1;
	kit_arena *arena = kit_arena_new(64 * 1024);
	kit_model m;
	kit_model_init(&m, arena);
	kit_value *root = NULL;
	char jerr[KIT_ERR_SIZE];
	int rc = -1;
	if (kit_json_parse(&m, r->json, strlen(r->json), &root, jerr, sizeof jerr) < 0) {
		snprintf(err, errlen, "%s: %s — rebuild with kit-build", path, jerr);
		goto out;
	}
	const kit_value *routes = kit_v_get(root, "routes");
	const char *version = str_of(kit_v_get(root, "version"));
	if (!routes || routes->kind != KIT_ARRAY || !version) {
		snprintf(err, errlen, "%s has no routes or version — rebuild with kit-build", path);
		goto out;
	}
	r->version = kit_xstrdup(version);
	const kit_value *nextmw = kit_v_get(root, "nextMiddleware");
	const char *nextmw_module = nextmw ? str_of(kit_v_get(nextmw, "module")) : NULL;
	if (nextmw_module) {
		const char *file = str_of(kit_v_get(nextmw, "file"));
		r->next_middleware = kit_xstrdup(nextmw_module);
		r->next_middleware_file = kit_xstrdup(file ? file : nextmw_module);
	}
	r->n = routes->u.arr.len;
	r->routes = kit_xcalloc(r->n ? r->n : 1, sizeof *r->routes);
	for (size_t i = 0; i < r->n; i++)
		if (load_route(&r->routes[i], routes->u.arr.items[i], err, errlen) < 0)
			goto out;
	rc = 0;
out:
	kit_model_clear(&m);
	kit_arena_free(arena);
	if (rc < 0)
		kit_routes_free(r);
	return rc;
}

void kit_routes_free(kit_routes *r)
{
	for (size_t i = 0; i < r->n; i++) {
		kit_route *rt = &r->routes[i];
		free(rt->path);
		free(rt->module);
		for (size_t j = 0; j < rt->nsegs; j++)
			free(rt->segs[j].text);
		free(rt->segs);
		free(rt->layouts);
		for (size_t j = 0; j < rt->nlayouts; j++) {
			free(rt->layout_ids[j]);
			free(rt->layout_slots[j]);
		}
		free(rt->layout_ids);
		free(rt->layout_slots);
		free(rt->allow);
	}
	free(r->routes);
	free(r->version);
	free(r->next_middleware);
	free(r->next_middleware_file);
	free(r->json);
	memset(r, 0, sizeof *r);
}

/* Splits the path into segments (pointers into a copy). Returns their
 * number, or max + 1 when there are more than max (parts then holds the
 * first max). */
static size_t split(char *copy, char **parts, size_t max)
{
	size_t n = 0;
	char *save = NULL;
	for (char *s = strtok_r(copy, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
		if (n == max)
			return max + 1;
		parts[n++] = s;
	}
	return n;
}

static int route_matches(const kit_route *rt, char **parts, size_t nparts)
{
	size_t i = 0;
	for (size_t s = 0; s < rt->nsegs; s++) {
		const kit_seg *seg = &rt->segs[s];
		if (seg->type == KIT_SEG_CATCHALL)
			return i < nparts;
		if (i >= nparts)
			return 0;
		if (seg->type == KIT_SEG_STATIC && strcmp(seg->text, parts[i]) != 0)
			return 0;
		i++;
	}
	return i == nparts;
}

#define MAX_SEGMENTS 128

void kit_routes_match(kit_arena *a, const kit_routes *r, const char *path, kit_match *m)
{
	memset(m, 0, sizeof *m);
	m->index = -1;
	char *copy = kit_arena_strdup(a, path);  /* split in place: the values point into it */
	char *parts[MAX_SEGMENTS];
	size_t nparts = split(copy, parts, MAX_SEGMENTS);
	/* a longer path matches nothing (404): matching its first
	 * MAX_SEGMENTS segments would hand a catch-all a cut list, and a
	 * route of MAX_SEGMENTS segments a path it does not have */
	if (nparts > MAX_SEGMENTS)
		return;
	for (size_t i = 0; i < r->n; i++) {
		const kit_route *rt = &r->routes[i];
		if (!route_matches(rt, parts, nparts))
			continue;
		m->index = (int)i;
		m->params = kit_arena_zalloc(a, (rt->nsegs ? rt->nsegs : 1) * sizeof *m->params);
		const char **values = kit_arena_zalloc(a, (nparts ? nparts : 1) * sizeof *values);
		size_t p = 0, nvalues = 0;
		for (size_t s = 0; s < rt->nsegs; s++) {
			const kit_seg *seg = &rt->segs[s];
			if (seg->type == KIT_SEG_STATIC) {
				p++;
				continue;
			}
			kit_param *param = &m->params[m->nparams++];
			param->name = seg->text;
			param->values = (const char *const *)&values[nvalues];
			param->is_list = seg->type == KIT_SEG_CATCHALL;
			size_t take = param->is_list ? nparts - p : 1;
			for (size_t k = 0; k < take; k++)
				values[nvalues++] = parts[p + k];
			param->nvalues = take;
			p += take;
		}
		break;
	}
}

const char *kit_route_chain(kit_arena *a, const kit_route *rt, const kit_param *params, size_t nparams)
{
	if (!rt->dynamic_chain)
		return rt->layouts;
	kit_buf b;
	kit_buf_init_in(&b, a);
	for (size_t i = 0; i < rt->nlayouts; i++) {
		if (i)
			kit_buf_putc(&b, ',');
		kit_layout_key_put(&b, rt->layout_ids[i], params, nparams);
	}
	return kit_buf_cstr(&b);
}

/* The next item of a comma list at *p, blanks trimmed; *p moves past it.
 * Returns its length, and NULL in *item at the end. */
static size_t list_item(const char **p, const char **item)
{
	if (!*p) {
		*item = NULL;
		return 0;
	}
	const char *s = *p, *comma = strchr(s, ',');
	size_t n = comma ? (size_t)(comma - s) : strlen(s);
	*p = comma ? comma + 1 : NULL;
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	*item = s;
	return n;
}

size_t kit_route_shared_depth(const kit_route *rt, const char *chain, const char *segments)
{
	if (!segments || !*segments)
		return 0;
	size_t depth = 0;
	const char *p = segments, *q = chain;
	while (depth < rt->nlayouts && depth < rt->slot_layout) {
		const char *a, *b;
		size_t n = list_item(&p, &a), m = list_item(&q, &b);
		if (!a || !b || n != m || strncmp(a, b, n) != 0)
			break;
		depth++;
	}
	return depth;
}

int kit_route_slot_layout(const kit_route *rt, const char *slot)
{
	size_t n = strlen(slot);
	for (size_t i = 0; i < rt->nlayouts; i++) {
		const char *p = rt->layout_slots[i];
		while (*p) {
			const char *comma = strchr(p, ',');
			size_t len = comma ? (size_t)(comma - p) : strlen(p);
			if (len == n && strncmp(p, slot, n) == 0)
				return (int)i;
			if (!comma)
				break;
			p = comma + 1;
		}
	}
	return -1;
}
