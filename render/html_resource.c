/* html_resource.c — what Fizz hoists, and when it is written.
 *
 * Fizz moves some elements out of the tree into the document's <head> (or
 * the start of a fragment): charset and viewport metas, the automatic image
 * preload of an <img> (the first 10, and fetchPriority="high" ones, early),
 * <link rel="stylesheet" precedence> and <style href precedence> grouped by
 * precedence, async scripts deduplicated by src, and title/meta/link. This
 * file decides, per element, whether it is written in place or queued, keeps
 * the queues, and writes them in Fizz's flush order (html_flush_resources):
 * before the shell's content, and before each batch of completions for what
 * late content hoisted. An element already queued by an earlier render of
 * the same boundary content is not queued again. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arena.h"
#include "html_impl.h"

static int strlist_has(const strlist *l, const char *s, size_t n)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->n[i] == n && memcmp(l->s[i], s, n) == 0)
			return 1;
	return 0;
}

static void strlist_add(strlist *l, const char *s, size_t n)
{
	if (l->len == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->s = html_xrealloc(l->s, l->cap * sizeof *l->s);
		l->n = html_xrealloc(l->n, l->cap * sizeof *l->n);
	}
	l->s[l->len] = s;
	l->n[l->len++] = n;
}

/* ---- the element itself, in place or into a queue's buffer ---- */

/* The one child a <title>/<style> writes: a sole item of an array, else the
 * value itself; NULL when there is none. */
static const kit_value *single_child(const kit_value *children)
{
	if (!children)
		return NULL;
	if (children->kind == KIT_ARRAY)
		children = children->u.arr.len < 2 && children->u.arr.len ? resolve(children->u.arr.items[0]) : NULL;
	if (is_nullish(children) || js_fn_or_symbol(children))
		return NULL;
	return children;
}

static int title_tag(kit_html *h, kit_buf *out, const kit_value *el)
{
	taken tk;
	if (html_open_tag(h, out, "title", el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	const kit_value *child = single_child(tk.children);
	if (child)
		html_escape_value(out, child);
	if (html_inner_html(h, out, "title", &tk) < 0)
		return R_FAIL;
	kit_buf_puts(out, "</title>");
	return R_OK;
}

static int script_tag(kit_html *h, kit_buf *out, const kit_value *el)
{
	taken tk;
	if (html_open_tag(h, out, "script", el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	if (html_inner_html(h, out, "script", &tk) < 0)
		return R_FAIL;
	if (tk.children && tk.children->kind == KIT_STRING)
		html_escape_raw_text(out, tk.children->u.str.ptr, tk.children->u.str.len, "script", "\\u0073", "\\u0053");
	kit_buf_puts(out, "</script>");
	return R_OK;
}

/* Text of a <style>, inline or as a precedence resource's rules. */
static int style_text(kit_html *h, kit_buf *out, const taken *tk)
{
	const kit_value *child = single_child(tk->children);
	if (child) {
		kit_buf b;
		kit_buf_init(&b);
		html_js_to_string(&b, child, 0);
		html_escape_raw_text(out, b.data, b.len, "style", "\\73 ", "\\53 ");
		kit_buf_free(&b);
	}
	return html_inner_html(h, out, "style", tk);
}

static int link_tag(kit_html *h, kit_buf *out, const kit_value *el)
{
	taken tk;
	if (html_open_tag(h, out, "link", el, NULL, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return html_fail(h, "<link> is a self-closing tag and must neither have `children` nor use "
				 "`dangerouslySetInnerHTML`");
	kit_buf_puts(out, "/>");
	return R_OK;
}

/* ---- the queues ---- */

static style_queue *style_queue_for(kit_html *h, const kit_value *precedence)
{
	for (size_t i = 0; i < h->nstyles; i++)
		if (h->styles[i].plen == precedence->u.str.len &&
		    memcmp(h->styles[i].precedence, precedence->u.str.ptr, precedence->u.str.len) == 0)
			return &h->styles[i];
	if (h->nstyles == h->capstyles) {
		h->capstyles = h->capstyles ? h->capstyles * 2 : 4;
		h->styles = html_xrealloc(h->styles, h->capstyles * sizeof *h->styles);
	}
	style_queue *q = &h->styles[h->nstyles++];
	memset(q, 0, sizeof *q);
	q->precedence = precedence->u.str.ptr;
	q->plen = precedence->u.str.len;
	return q;
}

/* <link rel="stylesheet" precedence>: written once per href, grouped by
 * precedence, with the precedence moved to data-precedence at the end. */
static int stylesheet_resource(kit_html *h, const kit_value *el)
{
	const kit_value *href = prop(el, "href");
	if (strlist_has(&h->style_hrefs, href->u.str.ptr, href->u.str.len))
		return R_OK;
	strlist_add(&h->style_hrefs, href->u.str.ptr, href->u.str.len);
	const kit_value *precedence = prop(el, "precedence");
	style_queue *q = style_queue_for(h, precedence);
	taken tk;
	static const char *const skip[] = { "precedence", NULL };
	if (html_open_tag(h, &q->sheets, "link", el, skip, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return html_fail(h, "<link> is a self-closing tag and must neither have `children` nor use "
				 "`dangerouslySetInnerHTML`");
	html_attr_value(&q->sheets, "data-precedence", 15, precedence);
	kit_buf_puts(&q->sheets, "/>");
	q->has_sheets = 1;
	return R_OK;
}

/* <style href precedence>: its rules join the precedence's <style> tag. */
static int style_resource(kit_html *h, const kit_value *el)
{
	const kit_value *href = prop(el, "href");
	if (strlist_has(&h->style_hrefs, href->u.str.ptr, href->u.str.len))
		return R_OK;
	strlist_add(&h->style_hrefs, href->u.str.ptr, href->u.str.len);
	style_queue *q = style_queue_for(h, prop(el, "precedence"));
	if (q->hrefs.len)
		kit_buf_putc(&q->hrefs, ' ');
	html_escape(&q->hrefs, href->u.str.ptr, href->u.str.len);
	taken tk = { 0 };
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		const kit_value *v = resolve(p->value);
		if (is_nullish(v))
			continue;
		if (IS(p->key, p->keylen, "children"))
			tk.children = v;
		else if (IS(p->key, p->keylen, "dangerouslySetInnerHTML"))
			tk.inner_html = v;
	}
	return style_text(h, &q->rules, &tk);
}

static int data_url(const kit_value *v)
{
	if (!v || v->kind != KIT_STRING || v->u.str.len < 5 || v->u.str.ptr[4] != ':')
		return 0;
	return strncasecmp(v->u.str.ptr, "data", 4) == 0;
}

static image_preload *find_image(kit_html *h, const char *key, size_t n)
{
	for (size_t i = 0; i < h->nimages; i++)
		if (h->images[i].keylen == n && memcmp(h->images[i].key, key, n) == 0)
			return &h->images[i];
	return NULL;
}

static void make_high(kit_html *h, size_t index)
{
	if (h->nhigh_order == h->caphigh) {
		h->caphigh = h->caphigh ? h->caphigh * 2 : 16;
		h->high_order = html_xrealloc(h->high_order, h->caphigh * sizeof *h->high_order);
	}
	h->high_order[h->nhigh_order++] = index;
	h->images[index].high = 1;
	h->nhigh_pending++;
}

/* The automatic <link rel="preload" as="image"> of an <img> (pushImg). */
static int image_preload_for(kit_html *h, const hctx *ctx, const kit_value *img)
{
	const kit_value *src = prop(img, "src"), *srcset = prop(img, "srcSet");
	const kit_value *loading = prop(img, "loading"), *priority = prop(img, "fetchPriority");
	if ((loading && loading->kind == KIT_STRING && IS(loading->u.str.ptr, loading->u.str.len, "lazy")) ||
	    (!html_js_truthy(src) && !html_js_truthy(srcset)) || (!is_nullish(src) && src->kind != KIT_STRING) ||
	    (!is_nullish(srcset) && srcset->kind != KIT_STRING) ||
	    (priority && priority->kind == KIT_STRING && IS(priority->u.str.ptr, priority->u.str.len, "low")) ||
	    (ctx->scope & (SCOPE_NOSCRIPT | SCOPE_PICTURE)) || data_url(src) || data_url(srcset))
		return R_OK;
	if (is_nullish(src))
		src = NULL;
	if (is_nullish(srcset))
		srcset = NULL;
	const kit_value *sizes = prop(img, "sizes");
	if (sizes && sizes->kind != KIT_STRING)
		sizes = NULL;
	int high_priority = priority && priority->kind == KIT_STRING &&
			    IS(priority->u.str.ptr, priority->u.str.len, "high");
	kit_buf key;
	kit_buf_init(&key);
	if (html_js_truthy(srcset)) {
		kit_buf_put(&key, srcset->u.str.ptr, srcset->u.str.len);
		kit_buf_putc(&key, '\n');
		if (sizes)
			kit_buf_put(&key, sizes->u.str.ptr, sizes->u.str.len);
	} else {
		kit_buf_put(&key, src->u.str.ptr, src->u.str.len);
	}
	image_preload *known = find_image(h, key.data ? key.data : "", key.len);
	if (known) {
		if (!known->high && !known->flushed && (high_priority || h->nhigh_pending < HIGH_IMAGE_PRELOADS))
			make_high(h, (size_t)(known - h->images));
		kit_buf_free(&key);
		return R_OK;
	}
	kit_model *m = h->m;
	const kit_value *cross = prop(img, "crossOrigin");
	if (cross && cross->kind == KIT_STRING)
		cross = IS(cross->u.str.ptr, cross->u.str.len, "use-credentials") ? cross : kit_v_cstring(m, "");
	else
		cross = NULL;
	const struct {
		const char *name;
		const kit_value *v;
	} attrs[] = {
		{ "rel", kit_v_cstring(m, "preload") }, { "as", kit_v_cstring(m, "image") },
		{ "href", html_js_truthy(srcset) ? NULL : src }, { "imageSrcSet", srcset }, { "imageSizes", sizes },
		{ "crossOrigin", cross }, { "integrity", prop(img, "integrity") }, { "type", prop(img, "type") },
		{ "fetchPriority", priority }, { "referrerPolicy", prop(img, "referrerPolicy") },
	};
	kit_buf link;
	kit_buf_init(&link);
	kit_buf_puts(&link, "<link");
	for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++)
		if (!is_nullish(attrs[i].v) &&
		    html_push_attribute(h, &link, attrs[i].name, strlen(attrs[i].name), attrs[i].v, "link") < 0) {
			kit_buf_free(&link);
			kit_buf_free(&key);
			return R_FAIL;
		}
	kit_buf_puts(&link, "/>");
	if (h->nimages == h->capimages) {
		h->capimages = h->capimages ? h->capimages * 2 : 16;
		h->images = html_xrealloc(h->images, h->capimages * sizeof *h->images);
	}
	image_preload *p = &h->images[h->nimages++];
	*p = (image_preload){ .key = kit_arena_strndup(m->arena, key.data, key.len), .keylen = key.len,
			      .html = kit_arena_strndup(m->arena, link.data, link.len), .htmllen = link.len };
	if (high_priority || h->nhigh_pending < HIGH_IMAGE_PRELOADS)
		make_high(h, h->nimages - 1);
	kit_buf_free(&link);
	kit_buf_free(&key);
	return R_OK;
}

/* Writes what is hoisted, in Fizz's flush order, and empties the queues.
 * Charset and viewport metas go in the preamble only: late ones (found in a
 * boundary completed after the shell) are dropped, as Fizz does. */
void html_flush_resources(kit_html *h, kit_buf *out, int late)
{
	if (!late) {
		kit_buf_put(out, h->charset.data, h->charset.len);
		kit_buf_put(out, h->viewport.data, h->viewport.len);
	}
	kit_buf_reset(&h->charset);
	kit_buf_reset(&h->viewport);
	for (size_t i = 0; i < h->nhigh_order; i++) {
		image_preload *p = &h->images[h->high_order[i]];
		if (!p->flushed)
			kit_buf_put(out, p->html, p->htmllen);
		p->flushed = 1;
	}
	h->nhigh_order = h->nhigh_pending = 0;
	for (size_t i = 0; i < h->nstyles; i++) {
		style_queue *q = &h->styles[i];
		kit_buf_put(out, q->sheets.data, q->sheets.len);
		if (!q->has_sheets || q->hrefs.len) {
			kit_buf_puts(out, "<style data-precedence=\"");
			html_escape(out, q->precedence, q->plen);
			if (q->hrefs.len) {
				kit_buf_puts(out, "\" data-href=\"");
				kit_buf_put(out, q->hrefs.data, q->hrefs.len);
			}
			kit_buf_puts(out, "\">");
			kit_buf_put(out, q->rules.data, q->rules.len);
			kit_buf_puts(out, "</style>");
		}
		kit_buf_free(&q->sheets);
		kit_buf_free(&q->rules);
		kit_buf_free(&q->hrefs);
	}
	h->nstyles = 0;
	kit_buf_put(out, h->scripts.data, h->scripts.len);
	kit_buf_reset(&h->scripts);
	for (size_t i = 0; i < h->nimages; i++) {
		image_preload *p = &h->images[i];
		if (!p->flushed)
			kit_buf_put(out, p->html, p->htmllen);
		p->flushed = 1;
	}
	kit_buf_put(out, h->hoistables.data, h->hoistables.len);
	kit_buf_reset(&h->hoistables);
}

/* Whether el (a title, meta or link headed for the hoisted queues) was
 * queued by an earlier render of the same content; records it otherwise. The
 * model is immutable, so the same element is the same node of the tree. */
static int hoisted_before(kit_html *h, const kit_value *el)
{
	for (size_t i = 0; i < h->nhoisted; i++)
		if (h->hoisted[i] == el)
			return 1;
	if (h->nhoisted == h->caphoisted) {
		h->caphoisted = h->caphoisted ? h->caphoisted * 2 : 16;
		h->hoisted = html_xrealloc(h->hoisted, h->caphoisted * sizeof *h->hoisted);
	}
	h->hoisted[h->nhoisted++] = el;
	return 0;
}

/* ---- the writers (pushTitle, pushLink, pushScript, pushStyle, pushMeta, pushImg) ---- */

/* Inside <svg>, inside <noscript> and with itemProp, Fizz writes a hoistable
 * element where it is, as any other. */
static int in_place(const start_args *a)
{
	return a->ctx->mode == MODE_SVG || (a->ctx->scope & SCOPE_NOSCRIPT) || !is_nullish(prop(a->el, "itemProp"));
}

/* A title, meta or link queued as a hoistable: once per element, and not
 * from a Suspense fallback (Fizz drops a fallback's hoistables). */
static int queue_hoistable(kit_html *h, const start_args *a)
{
	return !(a->ctx->scope & SCOPE_FALLBACK) && !hoisted_before(h, a->el);
}

int html_start_title(kit_html *h, start_args *a)
{
	if (in_place(a))
		return title_tag(h, a->seg->out, a->el);
	return queue_hoistable(h, a) ? title_tag(h, &h->hoistables, a->el) : R_OK;
}

/* <link>: rel="stylesheet" with a precedence (and no disabled/onLoad/onError)
 * is a precedence stylesheet; any other link with rel and href a
 * hoistable. */
int html_start_link(kit_html *h, start_args *a)
{
	const kit_value *el = a->el;
	const kit_value *rel = prop(el, "rel"), *href = prop(el, "href");
	if (in_place(a) || !rel || rel->kind != KIT_STRING || !href || href->kind != KIT_STRING ||
	    href->u.str.len == 0)
		return link_tag(h, a->seg->out, el);
	if (IS(rel->u.str.ptr, rel->u.str.len, "stylesheet")) {
		if (!prop_is_string(el, "precedence") || !is_nullish(prop(el, "disabled")) ||
		    html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")))
			return link_tag(h, a->seg->out, el);
		text_separator_if(a->seg, a->seg->last_text);
		return stylesheet_resource(h, el);
	}
	if (html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")))
		return link_tag(h, a->seg->out, el);
	text_separator_if(a->seg, a->seg->last_text);
	return queue_hoistable(h, a) ? link_tag(h, &h->hoistables, el) : R_OK;
}

/* <script async src>: queued once per src (classic and module scripts
 * apart); any other script in place. */
int html_start_script(kit_html *h, start_args *a)
{
	const kit_value *el = a->el;
	const kit_value *src = prop(el, "src"), *async = prop(el, "async");
	if (!src || src->kind != KIT_STRING || !src->u.str.len || !html_js_truthy(async) || js_fn_or_symbol(async) ||
	    html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")) || in_place(a))
		return script_tag(h, a->seg->out, el);
	const kit_value *type = prop(el, "type");
	strlist *seen = type && type->kind == KIT_STRING && IS(type->u.str.ptr, type->u.str.len, "module")
		? &h->module_srcs : &h->script_srcs;
	if (!strlist_has(seen, src->u.str.ptr, src->u.str.len)) {
		strlist_add(seen, src->u.str.ptr, src->u.str.len);
		if (script_tag(h, &h->scripts, el) < 0)
			return R_FAIL;
	}
	text_separator_if(a->seg, a->seg->last_text);
	return R_OK;
}

/* <style href precedence>: its rules join the precedence's <style>; any
 * other style in place. */
int html_start_style(kit_html *h, start_args *a)
{
	const kit_value *href = prop(a->el, "href");
	if (in_place(a) || !prop_is_string(a->el, "precedence") || !href || href->kind != KIT_STRING ||
	    href->u.str.len == 0) {
		kit_buf *out = a->seg->out;
		taken tk;
		if (html_open_tag(h, out, a->tag, a->el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(out, '>');
		if (style_text(h, out, &tk) < 0)
			return R_FAIL;
		kit_buf_puts(out, "</style>");
		return R_OK;
	}
	if (style_resource(h, a->el) < 0)
		return R_FAIL;
	text_separator_if(a->seg, a->seg->last_text);
	return R_OK;
}

/* <meta>: charset and viewport metas have queues of their own (written
 * first), the others are hoistables. */
int html_start_meta(kit_html *h, start_args *a)
{
	if (in_place(a))
		return html_self_closing(h, a->seg->out, a->tag, a->el);
	text_separator_if(a->seg, a->seg->last_text);
	if (!queue_hoistable(h, a))
		return R_OK;
	const kit_value *name = prop(a->el, "name");
	kit_buf *target = prop_is_string(a->el, "charSet") ? &h->charset
		: name && name->kind == KIT_STRING && IS(name->u.str.ptr, name->u.str.len, "viewport") ? &h->viewport
		: &h->hoistables;
	return html_self_closing(h, target, a->tag, a->el);
}

/* <img>: in place, after queueing its preload. */
int html_start_img(kit_html *h, start_args *a)
{
	if (image_preload_for(h, a->ctx, a->el) < 0)
		return R_FAIL;
	return html_self_closing(h, a->seg->out, a->tag, a->el);
}
