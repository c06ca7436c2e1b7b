/* html_element.c — host elements: pushStartInstance and the end tags.
 *
 * The start tag of an element is written by the writer its tag maps to, as
 * React's pushStartInstance switches on the type: special tags (form controls
 * in html_form.c, hoistable ones in html_resource.c, the rest here) have one
 * function each, found in one table; any other tag is a custom element (a
 * name with a dash) or a generic one. render_host then derives the formatting
 * context of the children (Fizz's insertion modes: svg, math, table parts,
 * <head>, <select>'s value, <noscript>/<picture> scopes), renders them and
 * writes the end tag unless Fizz omits it. <html>, <head> and <body> of a
 * document go to the preamble buffers that kit_html_write assembles. */
#include <stdlib.h>
#include <string.h>

#include "html_impl.h"

static int valid_tag(const char *t, size_t n)
{
	if (n == 0 || !((t[0] | 0x20) >= 'a' && (t[0] | 0x20) <= 'z'))
		return 0;
	for (size_t i = 1; i < n; i++) {
		char c = t[i];
		if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(c >= '0' && c <= '9') && c != ':' && c != '_' &&
		    c != '.' && c != '-')
			return 0;
	}
	return 1;
}

static hctx child_context(const hctx *parent, const char *tag, size_t n, const kit_value *el)
{
	hctx c = *parent;
	c.depth = parent->depth + 1;
	if (IS(tag, n, "noscript")) {
		c.mode = MODE_BODY;
		c.scope |= SCOPE_NOSCRIPT;
		c.selected = NULL;
	} else if (IS(tag, n, "select")) {
		const kit_value *v = prop(el, "value");
		c.mode = MODE_BODY;
		c.selected = !is_nullish(v) ? v : prop(el, "defaultValue");
		if (is_nullish(c.selected))
			c.selected = NULL;
	} else if (IS(tag, n, "svg")) {
		c.mode = MODE_SVG;
		c.selected = NULL;
	} else if (IS(tag, n, "picture")) {
		c.mode = MODE_BODY;
		c.scope |= SCOPE_PICTURE;
		c.selected = NULL;
	} else if (IS(tag, n, "math")) {
		c.mode = MODE_MATHML;
		c.selected = NULL;
	} else if (IS(tag, n, "foreignObject")) {
		c.mode = MODE_BODY;
		c.selected = NULL;
	} else if (IS(tag, n, "table")) {
		c.mode = MODE_TABLE;
		c.selected = NULL;
	} else if (IS(tag, n, "thead") || IS(tag, n, "tbody") || IS(tag, n, "tfoot")) {
		c.mode = MODE_TABLE_BODY;
		c.selected = NULL;
	} else if (IS(tag, n, "colgroup")) {
		c.mode = MODE_COLGROUP;
		c.selected = NULL;
	} else if (IS(tag, n, "tr")) {
		c.mode = MODE_TABLE_ROW;
		c.selected = NULL;
	} else if (IS(tag, n, "head") && parent->mode < MODE_BODY) {
		c.mode = MODE_HEAD;
		c.selected = NULL;
	} else if (IS(tag, n, "html") && parent->mode == MODE_ROOT) {
		c.mode = MODE_HTML;
		c.selected = NULL;
	} else if (parent->mode >= MODE_TABLE || parent->mode < MODE_BODY) {
		c.mode = MODE_BODY;
		c.selected = NULL;
	}
	return c;
}

/* ---- pushStartInstance: one writer per special tag ---- */

/* The tail of most start tags: dangerouslySetInnerHTML's text, else a sole
 * string child written at once; any other children are left to the walk. */
int html_start_content(kit_html *h, start_args *a, const taken *tk)
{
	kit_buf *out = a->seg->out;
	if (html_inner_html(h, out, a->tag, tk) < 0)
		return R_FAIL;
	if (tk->children && tk->children->kind == KIT_STRING)
		html_escape(out, tk->children->u.str.ptr, tk->children->u.str.len);
	else
		a->children = tk->children;
	return R_OK;
}

/* pushStartGenericElement: every tag without a rule of its own. */
static int start_generic(kit_html *h, start_args *a)
{
	taken tk;
	if (html_open_tag(h, a->seg->out, a->tag, a->el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(a->seg->out, '>');
	return html_start_content(h, a, &tk);
}

/* pushStartCustomElement (a tag with a dash): every safe prop is an
 * attribute, true as "", objects and false dropped; children are not written
 * with the start tag. */
static int start_custom(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	const kit_value *el = a->el;
	taken tk;
	kit_buf_putc(out, '<');
	kit_buf_put(out, a->tag, a->tn);
	memset(&tk, 0, sizeof tk);
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		const kit_value *v = resolve(p->value);
		if (is_nullish(v))
			continue;
		if (IS(p->key, p->keylen, "children")) {
			tk.children = v;
		} else if (IS(p->key, p->keylen, "dangerouslySetInnerHTML")) {
			tk.inner_html = v;
		} else if (IS(p->key, p->keylen, "style")) {
			if (html_style_attr(h, out, v, a->tag) < 0)
				return R_FAIL;
		} else if (!IS(p->key, p->keylen, "suppressContentEditableWarning") &&
			   !IS(p->key, p->keylen, "suppressHydrationWarning") && !IS(p->key, p->keylen, "ref") &&
			   html_attribute_name_safe(p->key, p->keylen) && !js_fn_or_symbol(v) &&
			   !(v->kind == KIT_BOOL && !v->u.boolean)) {
			const char *an = IS(p->key, p->keylen, "className") ? "class" : p->key;
			size_t al = an == p->key ? p->keylen : 5;
			if (v->kind == KIT_BOOL)
				html_attr_empty(out, an, al);
			else if (js_typeof(v) != JS_OBJECT)
				html_attr_value(out, an, al, v);
		}
	}
	kit_buf_putc(out, '>');
	a->children = tk.children;
	return html_inner_html(h, out, a->tag, &tk);
}

/* pushStartAnchor: an empty href is kept on <a> (it links to the page itself). */
static int start_anchor(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	const kit_value *el = a->el;
	taken tk;
	kit_buf_puts(out, "<a");
	memset(&tk, 0, sizeof tk);
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		const kit_value *v = resolve(p->value);
		if (is_nullish(v))
			continue;
		if (IS(p->key, p->keylen, "children"))
			tk.children = v;
		else if (IS(p->key, p->keylen, "dangerouslySetInnerHTML"))
			tk.inner_html = v;
		else if (IS(p->key, p->keylen, "href") && v->kind == KIT_STRING && v->u.str.len == 0)
			kit_buf_puts(out, " href=\"\"");
		else if (html_push_attribute(h, out, p->key, p->keylen, v, a->tag) < 0)
			return R_FAIL;
	}
	kit_buf_putc(out, '>');
	return html_start_content(h, a, &tk);
}

/* pushStartObject: data is a URL, dropped when empty. */
static int start_object(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	const kit_value *el = a->el;
	taken tk;
	kit_buf_puts(out, "<object");
	memset(&tk, 0, sizeof tk);
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		const kit_value *v = resolve(p->value);
		if (is_nullish(v))
			continue;
		if (IS(p->key, p->keylen, "children")) {
			tk.children = v;
		} else if (IS(p->key, p->keylen, "dangerouslySetInnerHTML")) {
			tk.inner_html = v;
		} else if (IS(p->key, p->keylen, "data")) {
			kit_buf s;
			kit_buf_init(&s);
			html_js_to_string(&s, v, 0);
			if (s.len)
				html_url_attr(out, "data", v);
			kit_buf_free(&s);
		} else if (html_push_attribute(h, out, p->key, p->keylen, v, a->tag) < 0) {
			return R_FAIL;
		}
	}
	kit_buf_putc(out, '>');
	return html_start_content(h, a, &tk);
}

/* pushStartMenuItem: never any content. */
static int start_menuitem(kit_html *h, start_args *a)
{
	taken tk;
	if (html_open_tag(h, a->seg->out, a->tag, a->el, NULL, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return html_fail(h, "<menuitem> cannot have `children` nor `dangerouslySetInnerHTML`");
	kit_buf_putc(a->seg->out, '>');
	return R_OK;
}

/* pushStartPreformattedElement (<pre>, <listing>): a leading newline of the
 * content is doubled, since the parser drops the first one. */
static int start_preformatted(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	const char *tag = a->tag;
	taken tk;
	if (html_open_tag(h, out, tag, a->el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	if (tk.inner_html) {
		if (tk.children)
			return html_fail(h, "<%s>: can only set one of `children` or `props.dangerouslySetInnerHTML`", tag);
		const kit_value *html = tk.inner_html->kind == KIT_OBJECT ? kit_v_get(tk.inner_html, "__html") : NULL;
		if (!html)
			return html_fail(h, "<%s>: `props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`",
					 tag);
		html = resolve(html);
		if (html->kind == KIT_STRING && html->u.str.len && html->u.str.ptr[0] == '\n')
			kit_buf_putc(out, '\n');
		if (!is_nullish(html))
			html_js_to_string(out, html, 0);
	}
	if (tk.children && tk.children->kind == KIT_STRING && tk.children->u.str.len &&
	    tk.children->u.str.ptr[0] == '\n')
		kit_buf_putc(out, '\n');
	a->children = tk.children;
	return R_OK;
}

/* pushSelfClosing: void elements. */
static int start_void(kit_html *h, start_args *a)
{
	return html_self_closing(h, a->seg->out, a->tag, a->el);
}

/* pushStartHead/pushStartBody: in a document, into the preamble (once
 * each); anywhere else a generic element. */
static int start_head_or_body(kit_html *h, start_args *a)
{
	if (a->ctx->mode >= MODE_BODY)
		return start_generic(h, a);
	int head = a->tag[0] == 'h';
	if (head ? h->has_head_open : h->has_body_open)
		return html_fail(h, "the `<%s>` tag may only be rendered once", a->tag);
	kit_buf *target = head ? &h->head_open : &h->body_open;
	taken tk;
	if (html_open_tag(h, target, a->tag, a->el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(target, '>');
	if (head)
		h->has_head_open = 1;
	else
		h->has_body_open = 1;
	a->children = tk.children;
	return html_inner_html(h, target, a->tag, &tk);
}

/* pushStartHtml: the root of a document, after "<!DOCTYPE html>", into the
 * preamble; below the root a generic element. */
static int start_html(kit_html *h, start_args *a)
{
	if (a->ctx->mode != MODE_ROOT)
		return start_generic(h, a);
	if (h->has_html_open)
		return html_fail(h, "the `<html>` tag may only be rendered once");
	taken tk;
	kit_buf_puts(&h->html_open, "<!DOCTYPE html>");
	if (html_open_tag(h, &h->html_open, a->tag, a->el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(&h->html_open, '>');
	h->has_html_open = 1;
	a->children = tk.children;
	return html_inner_html(h, &h->html_open, a->tag, &tk);
}

/* Special tags, by first letter (most tags, div, span, p, li..., have no
 * bucket or a short one: the lookup is a few comparisons). Tags are case
 * sensitive, as React's switch. NO_END: Fizz writes no end tag, the element
 * is void or its start wrote it whole. */
enum { NO_END = 1 };

typedef struct special_tag {
	const char *name;
	size_t len;
	start_fn *start;
	int flags;
} special_tag;

#define TAG(name, start, flags) { name, sizeof name - 1, start, flags }
#define END_OF_BUCKET { NULL, 0, NULL, 0 }

static const special_tag tags_a[] = {
	TAG("a", start_anchor, 0), TAG("area", start_void, NO_END), END_OF_BUCKET,
};
static const special_tag tags_b[] = {
	TAG("base", start_void, NO_END), TAG("body", start_head_or_body, 0), TAG("br", start_void, NO_END),
	TAG("button", html_start_button, 0), END_OF_BUCKET,
};
static const special_tag tags_c[] = { TAG("col", start_void, NO_END), END_OF_BUCKET };
static const special_tag tags_e[] = { TAG("embed", start_void, NO_END), END_OF_BUCKET };
static const special_tag tags_f[] = { TAG("form", html_start_form, 0), END_OF_BUCKET };
static const special_tag tags_h[] = {
	TAG("head", start_head_or_body, 0), TAG("hr", start_void, NO_END), TAG("html", start_html, 0), END_OF_BUCKET,
};
static const special_tag tags_i[] = {
	TAG("img", html_start_img, NO_END), TAG("input", html_start_input, NO_END), END_OF_BUCKET,
};
static const special_tag tags_k[] = { TAG("keygen", start_void, NO_END), END_OF_BUCKET };
static const special_tag tags_l[] = {
	TAG("link", html_start_link, NO_END), TAG("listing", start_preformatted, 0), END_OF_BUCKET,
};
static const special_tag tags_m[] = {
	TAG("menuitem", start_menuitem, 0), TAG("meta", html_start_meta, NO_END), END_OF_BUCKET,
};
static const special_tag tags_o[] = {
	TAG("object", start_object, 0), TAG("option", html_start_option, 0), END_OF_BUCKET,
};
static const special_tag tags_p[] = {
	TAG("param", start_void, NO_END), TAG("pre", start_preformatted, 0), END_OF_BUCKET,
};
static const special_tag tags_s[] = {
	TAG("script", html_start_script, NO_END), TAG("select", html_start_select, 0),
	TAG("source", start_void, NO_END), TAG("style", html_start_style, NO_END), END_OF_BUCKET,
};
static const special_tag tags_t[] = {
	TAG("textarea", html_start_textarea, 0), TAG("title", html_start_title, NO_END),
	TAG("track", start_void, NO_END), END_OF_BUCKET,
};
static const special_tag tags_w[] = { TAG("wbr", start_void, NO_END), END_OF_BUCKET };

static const special_tag *const special_tags['z' - 'a' + 1] = {
	['a' - 'a'] = tags_a, ['b' - 'a'] = tags_b, ['c' - 'a'] = tags_c, ['e' - 'a'] = tags_e,
	['f' - 'a'] = tags_f, ['h' - 'a'] = tags_h, ['i' - 'a'] = tags_i, ['k' - 'a'] = tags_k,
	['l' - 'a'] = tags_l, ['m' - 'a'] = tags_m, ['o' - 'a'] = tags_o, ['p' - 'a'] = tags_p,
	['s' - 'a'] = tags_s, ['t' - 'a'] = tags_t, ['w' - 'a'] = tags_w,
};

static const special_tag *special_tag_for(const char *tag, size_t tn)
{
	if (tag[0] < 'a' || tag[0] > 'z')
		return NULL;
	const special_tag *t = special_tags[tag[0] - 'a'];
	for (; t && t->name; t++)
		if (t->len == tn && memcmp(t->name, tag, tn) == 0)
			return t;
	return NULL;
}

/* The end tag, unless Fizz omits it: void and whole-start elements, and the
 * <html>/<head>/<body> of a document (kit_html_finish owes the last two). */
static void end_tag(kit_html *h, const hctx *ctx, segment *seg, const char *tag, size_t tn,
		    const special_tag *special)
{
	int end = !(special && (special->flags & NO_END));
	if (IS(tag, tn, "body") && ctx->mode <= MODE_HTML) {
		h->owes_body = 1;
		end = 0;
	} else if (IS(tag, tn, "html") && ctx->mode == MODE_ROOT) {
		h->owes_html = 1;
		end = 0;
	} else if (IS(tag, tn, "head") && ctx->mode <= MODE_HTML) {
		end = 0;
	}
	if (end) {
		kit_buf_puts(seg->out, "</");
		kit_buf_put(seg->out, tag, tn);
		kit_buf_putc(seg->out, '>');
	}
}

int html_render_host(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	const kit_value *type = resolve(el->u.elem.type);
	const char *tag = type->u.str.ptr;
	size_t tn = type->u.str.len;
	if (!valid_tag(tag, tn))
		return html_fail(h, "invalid tag: <%.64s>", tag);
	/* pushStartInstance */
	const special_tag *special = special_tag_for(tag, tn);
	start_fn *start = special ? special->start : memchr(tag, '-', tn) ? start_custom : start_generic;
	start_args a = { .ctx = ctx, .seg = seg, .tag = tag, .tn = tn, .el = el, .children = NULL };
	if (start(h, &a) < 0)
		return R_FAIL;
	seg->last_text = 0;
	hctx c = child_context(ctx, tag, tn, el);
	int rc;
	if (c.mode == MODE_HEAD && ctx->mode != MODE_HEAD) {
		/* The head's own children go to the preamble, after the hoisted ones. */
		segment head = { &h->head_children, 0 };
		rc = html_render_node(h, &c, &head, a.children);
	} else {
		rc = html_render_node(h, &c, seg, a.children);
	}
	if (rc != R_OK)
		return rc;
	end_tag(h, ctx, seg, tag, tn, special);
	seg->last_text = 0;
	return R_OK;
}
