/* html_form.c — form controls and server actions in forms.
 *
 * The per-tag rules of pushStartSelect/Option/TextArea/Input/Button/Form:
 * an <option> is selected="" when it matches the enclosing <select>'s value,
 * a <textarea>'s value becomes its text, <input> writes checked and value
 * last. A server reference used as a form action or formAction is written as
 * Fizz writes it for React's client (docs/actions.md §2): a native multipart
 * POST naming the action ($ACTION_ID_<id>), or for a bound reference
 * ($ACTION_REF_<n>) hidden fields carrying the id and the arguments in
 * React's encodeReply format. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html_impl.h"
#include "json.h"

/* A bound argument as React's encodeReply writes it (plain data: what
 * .bind() on a server reference may carry to the browser). */
static void encode_reply_value(kit_buf *out, const kit_value *v, int depth)
{
	v = resolve(v);
	char num[32];
	if (!v || v->kind == KIT_UNDEFINED || depth > 32) {
		kit_buf_puts(out, "\"$undefined\"");
		return;
	}
	switch (v->kind) {
	case KIT_NULL: kit_buf_puts(out, "null"); break;
	case KIT_BOOL: kit_buf_puts(out, v->u.boolean ? "true" : "false"); break;
	case KIT_NUMBER:
		if (isnan(v->u.number))
			kit_buf_puts(out, "\"$NaN\"");
		else if (isinf(v->u.number))
			kit_buf_puts(out, v->u.number > 0 ? "\"$Infinity\"" : "\"$-Infinity\"");
		else if (v->u.number == 0 && signbit(v->u.number))
			kit_buf_puts(out, "\"$-0\"");
		else
			kit_buf_put(out, num, kit_json_format_number(num, v->u.number));
		break;
	case KIT_STRING:
		if (v->u.str.len && v->u.str.ptr[0] == '$') {
			kit_buf s;
			kit_buf_init(&s);
			kit_buf_putc(&s, '$');
			kit_buf_put(&s, v->u.str.ptr, v->u.str.len);
			kit_json_write_string(out, s.data, s.len);
			kit_buf_free(&s);
		} else {
			kit_json_write_string(out, v->u.str.ptr, v->u.str.len);
		}
		break;
	case KIT_DATE: {
		kit_buf s;
		kit_buf_init(&s);
		kit_buf_puts(&s, "$D");
		kit_buf_put(&s, v->u.str.ptr, v->u.str.len);
		kit_json_write_string(out, s.data, s.len);
		kit_buf_free(&s);
		break;
	}
	case KIT_ARRAY:
		kit_buf_putc(out, '[');
		for (size_t i = 0; i < v->u.arr.len; i++) {
			if (i)
				kit_buf_putc(out, ',');
			encode_reply_value(out, v->u.arr.items[i], depth + 1);
		}
		kit_buf_putc(out, ']');
		break;
	case KIT_OBJECT:
		kit_buf_putc(out, '{');
		for (size_t i = 0; i < v->u.obj.len; i++) {
			if (i)
				kit_buf_putc(out, ',');
			kit_json_write_string(out, v->u.obj.props[i].key, v->u.obj.props[i].keylen);
			kit_buf_putc(out, ':');
			encode_reply_value(out, v->u.obj.props[i].value, depth + 1);
		}
		kit_buf_putc(out, '}');
		break;
	default:
		kit_buf_puts(out, "null");
		break;
	}
}

/* What Fizz's getCustomFormFields writes for a server reference used as a
 * form action (docs/actions.md §2, React's defaultEncodeFormAction): the
 * submitter's name — "$ACTION_ID_<id>" — or, for a reference bound to
 * arguments (useActionState's dispatch), "$ACTION_REF_<n>" and hidden fields
 * carrying {"id","bound":"$@1"} (part 0), the arguments (part 1) and the
 * hook's $ACTION_KEY. Returns 0 when v is not a server reference. */
int html_form_action_fields(kit_html *h, const kit_value *v, kit_buf *name, kit_buf *fields)
{
	const char *id = kit_v_server_ref_id(v);
	if (!id)
		return 0;
	unsigned n = h->next_form_id++;
	const char *bound = kit_v_server_ref_extra(v, "kitBound");
	kit_buf args;
	kit_buf_init(&args);
	const kit_value *b = v->u.lazy->value ? kit_v_get(v->u.lazy->value, "bound") : NULL;
	if (!bound && b && b->kind == KIT_PROMISE && b->u.lazy->state == KIT_ROW_READY) {
		/* bound with .bind() in a server component */
		encode_reply_value(&args, b->u.lazy->value, 0);
		bound = kit_buf_cstr(&args);
	}
	if (!bound) {
		kit_buf_puts(name, "$ACTION_ID_");
		html_escape(name, id, strlen(id));
		return 1;
	}
	kit_buf_printf(name, "$ACTION_REF_%u", n);
	kit_buf_printf(fields, "<input type=\"hidden\" name=\"$ACTION_%u:1\" value=\"", n);
	html_escape(fields, bound, strlen(bound));
	kit_buf meta;
	kit_buf_init(&meta);
	kit_buf_puts(&meta, "{\"id\":");
	kit_json_write_string(&meta, id, strlen(id));
	kit_buf_puts(&meta, ",\"bound\":\"$@1\"}");
	kit_buf_printf(fields, "\"/><input type=\"hidden\" name=\"$ACTION_%u:0\" value=\"", n);
	html_escape(fields, meta.data, meta.len);
	kit_buf_puts(fields, "\"/>");
	kit_buf_free(&meta);
	const char *key = kit_v_server_ref_extra(v, "kitKey");
	if (key) {
		kit_buf_puts(fields, "<input type=\"hidden\" name=\"$ACTION_KEY\" value=\"");
		html_escape(fields, key, strlen(key));
		kit_buf_puts(fields, "\"/>");
	}
	kit_buf_free(&args);
	return 1;
}

int html_push_named(kit_html *h, kit_buf *out, const char *tag, const char *name, const kit_value *v)
{
	return v ? html_push_attribute(h, out, name, strlen(name), v, tag) : R_OK;
}

/* <option>: selected="" when it matches the enclosing <select>'s value. */
static void flatten_option_text(kit_buf *out, const kit_value *v, int depth)
{
	v = resolve(v);
	if (is_nullish(v) || v->kind == KIT_BOOL || depth > 64)
		return;
	if (v->kind == KIT_ARRAY) {
		for (size_t i = 0; i < v->u.arr.len; i++)
			flatten_option_text(out, v->u.arr.items[i], depth + 1);
		return;
	}
	html_js_to_string(out, v, depth);
}

int html_option_selected(const kit_value *selected, const kit_value *value, const kit_value *children)
{
	kit_buf want, got;
	kit_buf_init(&want);
	kit_buf_init(&got);
	if (value)
		html_js_to_string(&want, value, 0);
	else
		flatten_option_text(&want, children, 0);
	int match = 0;
	size_t n = selected->kind == KIT_ARRAY ? selected->u.arr.len : 1;
	for (size_t i = 0; i < n && !match; i++) {
		kit_buf_reset(&got);
		html_js_to_string(&got, selected->kind == KIT_ARRAY ? selected->u.arr.items[i] : selected, 0);
		match = got.len == want.len && (got.len == 0 || memcmp(got.data, want.data, got.len) == 0);
	}
	kit_buf_free(&want);
	kit_buf_free(&got);
	return match;
}
