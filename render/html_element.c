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

/* ---- element start tags ---- */

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

static const char *const void_tags[] = {
	"area", "base", "br", "col", "embed", "hr", "keygen", "param", "source", "track", "wbr",
};

/* Elements whose end tag Fizz never writes (void, or written with the start). */
static const char *const no_end_tags[] = {
	"title", "style", "script", "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen",
	"link", "meta", "param", "source", "track", "wbr",
};

/* Props of <input> and <button> that Fizz writes after the others, in this
 * order; <input> also moves checked and value to the very end. */
static const char *const input_names[] = {
	"name", "formAction", "formEncType", "formMethod", "formTarget",
	"defaultChecked", "defaultValue", "checked", "value", NULL,
};
static const char *const button_names[] = {
	"name", "formAction", "formEncType", "formMethod", "formTarget", NULL,
};

/* pushStartInstance for one host element. Sets *children to what is still to
 * be rendered as child nodes (NULL when the start tag wrote everything). */
static int start_instance(kit_html *h, const hctx *ctx, segment *seg, const char *tag, size_t tn,
			  const kit_value *el, const kit_value **children)
{
	kit_buf *out = seg->out;
	int text_embedded = seg->last_text;
	int in_svg = ctx->mode == MODE_SVG, noscript = (ctx->scope & SCOPE_NOSCRIPT) != 0;
	int fallback = (ctx->scope & SCOPE_FALLBACK) != 0;
	int item_prop = !is_nullish(prop(el, "itemProp"));
	taken tk;
	*children = NULL;

	if (IS(tag, tn, "select")) {
		static const char *const names[] = { "value", "defaultValue", NULL };
		if (html_open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(out, '>');
		*children = tk.children;
		return html_inner_html(h, out, tag, &tk);
	}
	if (IS(tag, tn, "option")) {
		static const char *const names[] = { "selected", NULL };
		if (html_open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		const kit_value *value = prop(el, "value");
		if (is_nullish(value))
			value = NULL;
		if (ctx->selected ? html_option_selected(ctx->selected, value, tk.children) : html_js_truthy(tk.named[0]))
			kit_buf_puts(out, " selected=\"\"");
		kit_buf_putc(out, '>');
		*children = tk.children;
		return html_inner_html(h, out, tag, &tk);
	}
	if (IS(tag, tn, "textarea")) {
		static const char *const names[] = { "value", "defaultValue", NULL };
		if (html_open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		if (tk.inner_html)
			return html_fail(h, "<textarea>: `dangerouslySetInnerHTML` does not make sense on <textarea>");
		const kit_value *value = tk.named[0] ? tk.named[0] : tk.named[1];
		kit_buf_putc(out, '>');
		kit_buf text;
		kit_buf_init(&text);
		if (tk.children) {
			if (value)
				return html_fail(h, "<textarea>: if you supply `defaultValue` on a <textarea>, do not pass children");
			if (tk.children->kind == KIT_ARRAY && tk.children->u.arr.len > 1)
				return html_fail(h, "<textarea> can only have at most one child");
			html_js_to_string(&text, tk.children, 0);
			if (text.len && text.data[0] == '\n')
				kit_buf_putc(out, '\n');
		} else if (value) {
			html_js_to_string(&text, value, 0);
			if (value->kind == KIT_STRING && text.len && text.data[0] == '\n')
				kit_buf_putc(out, '\n');
		}
		html_escape(out, text.data, text.len);
		kit_buf_free(&text);
		return R_OK;
	}
	if (IS(tag, tn, "input") || IS(tag, tn, "button")) {
		int input = tag[0] == 'i';
		if (html_open_tag(h, out, tag, el, input ? input_names : button_names, &tk) < 0)
			return R_FAIL;
		if (input && (tk.children || tk.inner_html))
			return html_fail(h, "<input> is a self-closing tag and must neither have `children` nor use "
					 "`dangerouslySetInnerHTML`");
		kit_buf aname, afields;
		kit_buf_init(&aname);
		kit_buf_init(&afields);
		int action = html_form_action_fields(h, resolve(tk.named[1]), &aname, &afields);
		if (action) {
			/* Fizz with a server reference's $$FORM_ACTION (docs/actions.md §2):
			 * the button submits the action's id as its name, natively */
			kit_buf_puts(out, " name=\"");
			kit_buf_put(out, aname.data, aname.len);
			kit_buf_puts(out, "\" formAction=\"\" formEncType=\"multipart/form-data\" formMethod=\"POST\"");
		}
		kit_buf_free(&aname);
		for (int k = 0; k < 5 && !action; k++)
			if (html_push_named(h, out, tag, input_names[k], tk.named[k]) < 0) {
				kit_buf_free(&afields);
				return R_FAIL;
			}
		if (input) {
			const kit_value *checked = tk.named[7] ? tk.named[7] : tk.named[5];
			const kit_value *value = tk.named[8] ? tk.named[8] : tk.named[6];
			if (checked)
				html_boolean_attr(out, "checked", checked);
			if (html_push_named(h, out, tag, "value", value) < 0) {
				kit_buf_free(&afields);
				return R_FAIL;
			}
			kit_buf_puts(out, "/>");
			kit_buf_put(out, afields.data, afields.len);
			kit_buf_free(&afields);
			return R_OK;
		}
		kit_buf_putc(out, '>');
		kit_buf_put(out, afields.data, afields.len);
		kit_buf_free(&afields);
		if (html_inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "form")) {
		static const char *const names[] = { "action", "encType", "method", "target", NULL };
		if (html_open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		kit_buf aname, afields;
		kit_buf_init(&aname);
		kit_buf_init(&afields);
		int action = html_form_action_fields(h, resolve(tk.named[0]), &aname, &afields);
		if (action) {
			/* Fizz with a server reference's $$FORM_ACTION (docs/actions.md §2):
			 * a native multipart POST to the page itself, naming the action in
			 * a hidden field; the target is dropped as Fizz drops it */
			kit_buf_puts(out, " action=\"\" encType=\"multipart/form-data\" method=\"POST\"><input type=\"hidden\" name=\"");
			kit_buf_put(out, aname.data, aname.len);
			kit_buf_puts(out, "\"/>");
			kit_buf_put(out, afields.data, afields.len);
			out->len--;   /* the '>' below closes the last hidden input instead */
		}
		kit_buf_free(&aname);
		kit_buf_free(&afields);
		for (int k = 0; k < 4 && !action; k++)
			if (html_push_named(h, out, tag, names[k], tk.named[k]) < 0)
				return R_FAIL;
		kit_buf_putc(out, '>');
		if (html_inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "a")) {
		/* An empty href is kept on <a> (it links to the page itself). */
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
			else if (html_push_attribute(h, out, p->key, p->keylen, v, tag) < 0)
				return R_FAIL;
		}
		kit_buf_putc(out, '>');
		if (html_inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "menuitem")) {
		if (html_open_tag(h, out, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		if (tk.children || tk.inner_html)
			return html_fail(h, "<menuitem> cannot have `children` nor `dangerouslySetInnerHTML`");
		kit_buf_putc(out, '>');
		return R_OK;
	}
	if (IS(tag, tn, "object")) {
		/* data is a URL, dropped when empty. */
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
			} else if (html_push_attribute(h, out, p->key, p->keylen, v, tag) < 0) {
				return R_FAIL;
			}
		}
		kit_buf_putc(out, '>');
		if (html_inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "title")) {
		if (in_svg || noscript || item_prop)
			return html_title_tag(h, out, el);
		return fallback || html_hoisted_before(h, el) ? R_OK : html_title_tag(h, &h->hoistables, el);
	}
	if (IS(tag, tn, "link")) {
		const kit_value *rel = prop(el, "rel"), *href = prop(el, "href");
		if (in_svg || noscript || item_prop || !rel || rel->kind != KIT_STRING || !href ||
		    href->kind != KIT_STRING || href->u.str.len == 0)
			return html_link_tag(h, out, el);
		if (IS(rel->u.str.ptr, rel->u.str.len, "stylesheet")) {
			if (!prop_is_string(el, "precedence") || !is_nullish(prop(el, "disabled")) ||
			    html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")))
				return html_link_tag(h, out, el);
			text_separator_if(seg, text_embedded);
			return html_stylesheet_resource(h, el);
		}
		if (html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")))
			return html_link_tag(h, out, el);
		text_separator_if(seg, text_embedded);
		return fallback || html_hoisted_before(h, el) ? R_OK : html_link_tag(h, &h->hoistables, el);
	}
	if (IS(tag, tn, "script")) {
		const kit_value *src = prop(el, "src"), *async = prop(el, "async");
		if (!src || src->kind != KIT_STRING || !src->u.str.len || !html_js_truthy(async) || js_fn_or_symbol(async) ||
		    html_js_truthy(prop(el, "onLoad")) || html_js_truthy(prop(el, "onError")) || in_svg || noscript || item_prop)
			return html_script_tag(h, out, el);
		const kit_value *type = prop(el, "type");
		strlist *seen = type && type->kind == KIT_STRING && IS(type->u.str.ptr, type->u.str.len, "module")
			? &h->module_srcs : &h->script_srcs;
		if (!html_strlist_has(seen, src->u.str.ptr, src->u.str.len)) {
			html_strlist_add(seen, src->u.str.ptr, src->u.str.len);
			if (html_script_tag(h, &h->scripts, el) < 0)
				return R_FAIL;
		}
		text_separator_if(seg, text_embedded);
		return R_OK;
	}
	if (IS(tag, tn, "style")) {
		const kit_value *href = prop(el, "href");
		if (in_svg || noscript || item_prop || !prop_is_string(el, "precedence") || !href ||
		    href->kind != KIT_STRING || href->u.str.len == 0) {
			if (html_open_tag(h, out, tag, el, NULL, &tk) < 0)
				return R_FAIL;
			kit_buf_putc(out, '>');
			if (html_style_text(h, out, &tk) < 0)
				return R_FAIL;
			kit_buf_puts(out, "</style>");
			return R_OK;
		}
		if (html_style_resource(h, el) < 0)
			return R_FAIL;
		text_separator_if(seg, text_embedded);
		return R_OK;
	}
	if (IS(tag, tn, "meta")) {
		if (in_svg || noscript || item_prop)
			return html_self_closing(h, out, tag, el);
		text_separator_if(seg, text_embedded);
		if (fallback || html_hoisted_before(h, el))
			return R_OK;
		const kit_value *name = prop(el, "name");
		kit_buf *target = prop_is_string(el, "charSet") ? &h->charset
			: name && name->kind == KIT_STRING && IS(name->u.str.ptr, name->u.str.len, "viewport") ? &h->viewport
			: &h->hoistables;
		return html_self_closing(h, target, tag, el);
	}
	if (IS(tag, tn, "listing") || IS(tag, tn, "pre")) {
		if (html_open_tag(h, out, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(out, '>');
		if (tk.inner_html) {
			if (tk.children)
				return html_fail(h, "<%s>: can only set one of `children` or `props.dangerouslySetInnerHTML`", tag);
			const kit_value *html = tk.inner_html->kind == KIT_OBJECT ? kit_v_get(tk.inner_html, "__html") : NULL;
			if (!html)
				return html_fail(h, "<%s>: `props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`", tag);
			html = resolve(html);
			if (html->kind == KIT_STRING && html->u.str.len && html->u.str.ptr[0] == '\n')
				kit_buf_putc(out, '\n');
			if (!is_nullish(html))
				html_js_to_string(out, html, 0);
		}
		if (tk.children && tk.children->kind == KIT_STRING && tk.children->u.str.len &&
		    tk.children->u.str.ptr[0] == '\n')
			kit_buf_putc(out, '\n');
		*children = tk.children;
		return R_OK;
	}
	if (IS(tag, tn, "img")) {
		if (html_image_preload_for(h, ctx, el) < 0)
			return R_FAIL;
		return html_self_closing(h, out, tag, el);
	}
	if (IN(void_tags, tag, tn))
		return html_self_closing(h, out, tag, el);
	if ((IS(tag, tn, "head") || IS(tag, tn, "body")) && ctx->mode < MODE_BODY) {
		int head = tag[0] == 'h';
		if (head ? h->has_head_open : h->has_body_open)
			return html_fail(h, "the `<%s>` tag may only be rendered once", tag);
		kit_buf *target = head ? &h->head_open : &h->body_open;
		if (html_open_tag(h, target, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(target, '>');
		if (head)
			h->has_head_open = 1;
		else
			h->has_body_open = 1;
		*children = tk.children;
		return html_inner_html(h, target, tag, &tk);
	}
	if (IS(tag, tn, "html") && ctx->mode == MODE_ROOT) {
		if (h->has_html_open)
			return html_fail(h, "the `<html>` tag may only be rendered once");
		kit_buf_puts(&h->html_open, "<!DOCTYPE html>");
		if (html_open_tag(h, &h->html_open, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(&h->html_open, '>');
		h->has_html_open = 1;
		*children = tk.children;
		return html_inner_html(h, &h->html_open, tag, &tk);
	}
	if (memchr(tag, '-', tn)) {
		/* Custom elements: every safe prop is an attribute, true as "". */
		kit_buf_putc(out, '<');
		kit_buf_put(out, tag, tn);
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
				if (html_style_attr(h, out, v, tag) < 0)
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
		*children = tk.children;
		return html_inner_html(h, out, tag, &tk);
	}
	/* pushStartGenericElement */
	if (html_open_tag(h, out, tag, el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	if (html_inner_html(h, out, tag, &tk) < 0)
		return R_FAIL;
string_children:
	/* A sole string child is written with the start tag. */
	if (tk.children && tk.children->kind == KIT_STRING)
		html_escape(out, tk.children->u.str.ptr, tk.children->u.str.len);
	else
		*children = tk.children;
	return R_OK;
}

int html_render_host(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	const kit_value *type = resolve(el->u.elem.type);
	const char *tag = type->u.str.ptr;
	size_t tn = type->u.str.len;
	if (!valid_tag(tag, tn))
		return html_fail(h, "invalid tag: <%.64s>", tag);
	const kit_value *children;
	if (start_instance(h, ctx, seg, tag, tn, el, &children) < 0)
		return R_FAIL;
	seg->last_text = 0;
	hctx c = child_context(ctx, tag, tn, el);
	int rc;
	if (c.mode == MODE_HEAD && ctx->mode != MODE_HEAD) {
		/* The head's own children go to the preamble, after the hoisted ones. */
		segment head = { &h->head_children, 0 };
		rc = html_render_node(h, &c, &head, children);
	} else {
		rc = html_render_node(h, &c, seg, children);
	}
	if (rc != R_OK)
		return rc;
	int end = !IN(no_end_tags, tag, tn);
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
	seg->last_text = 0;
	return R_OK;
}
