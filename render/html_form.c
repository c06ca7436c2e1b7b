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

/* The props the form writers take apart (taken.named), by position. <input>
 * and <button> write the five submitter props after the others, in this
 * order; <input> also moves checked and value to the very end. */
enum input_prop {
	INPUT_NAME, INPUT_FORM_ACTION, INPUT_FORM_ENC_TYPE, INPUT_FORM_METHOD, INPUT_FORM_TARGET,
	INPUT_DEFAULT_CHECKED, INPUT_DEFAULT_VALUE, INPUT_CHECKED, INPUT_VALUE, INPUT_NPROPS
};
static const char *const input_names[INPUT_NPROPS + 1] = {
	[INPUT_NAME] = "name", [INPUT_FORM_ACTION] = "formAction", [INPUT_FORM_ENC_TYPE] = "formEncType",
	[INPUT_FORM_METHOD] = "formMethod", [INPUT_FORM_TARGET] = "formTarget",
	[INPUT_DEFAULT_CHECKED] = "defaultChecked", [INPUT_DEFAULT_VALUE] = "defaultValue",
	[INPUT_CHECKED] = "checked", [INPUT_VALUE] = "value", [INPUT_NPROPS] = NULL,
};
/* <button>: the submitter props only. */
static const char *const button_names[INPUT_FORM_TARGET + 2] = {
	[INPUT_NAME] = "name", [INPUT_FORM_ACTION] = "formAction", [INPUT_FORM_ENC_TYPE] = "formEncType",
	[INPUT_FORM_METHOD] = "formMethod", [INPUT_FORM_TARGET] = "formTarget", [INPUT_FORM_TARGET + 1] = NULL,
};

enum form_prop { FORM_ACTION, FORM_ENC_TYPE, FORM_METHOD, FORM_TARGET, FORM_NPROPS };
static const char *const form_names[FORM_NPROPS + 1] = {
	[FORM_ACTION] = "action", [FORM_ENC_TYPE] = "encType", [FORM_METHOD] = "method", [FORM_TARGET] = "target",
	[FORM_NPROPS] = NULL,
};

/* <select> and <textarea> take their value apart: the <select>'s goes to its
 * options (child_context), the <textarea>'s becomes its text. */
enum value_prop { VALUE, DEFAULT_VALUE, VALUE_NPROPS };
static const char *const value_names[VALUE_NPROPS + 1] = {
	[VALUE] = "value", [DEFAULT_VALUE] = "defaultValue", [VALUE_NPROPS] = NULL,
};

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
	case KIT_OBJECT:
		kit_json_write_container(out, v, encode_reply_value, depth);
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
static int form_action_fields(kit_html *h, const kit_value *v, kit_buf *name, kit_buf *fields)
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

static int push_named(kit_html *h, kit_buf *out, const char *tag, const char *name, const kit_value *v)
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

static int option_selected(const kit_value *selected, const kit_value *value, const kit_value *children)
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

/* ---- the writers (pushStartSelect, pushStartOption, ...) ---- */

int html_start_select(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, value_names, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	a->children = tk.children;
	return html_inner_html(h, out, a->tag, &tk);
}

/* <option>: selected="" when it matches the enclosing <select>'s value, or
 * outside a <select> when its own selected prop is truthy. */
int html_start_option(kit_html *h, start_args *a)
{
	static const char *const names[] = { "selected", NULL };
	enum { OPTION_SELECTED };
	kit_buf *out = a->seg->out;
	const kit_value *selected = a->ctx->selected;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, names, &tk) < 0)
		return R_FAIL;
	const kit_value *value = prop(a->el, "value");
	if (is_nullish(value))
		value = NULL;
	if (selected ? option_selected(selected, value, tk.children) : html_js_truthy(tk.named[OPTION_SELECTED]))
		kit_buf_puts(out, " selected=\"\"");
	kit_buf_putc(out, '>');
	a->children = tk.children;
	return html_inner_html(h, out, a->tag, &tk);
}

/* <textarea>: value (else defaultValue, else the one child) as its escaped
 * text, a leading newline doubled. */
int html_start_textarea(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, value_names, &tk) < 0)
		return R_FAIL;
	if (tk.inner_html)
		return html_fail(h, "<textarea>: `dangerouslySetInnerHTML` does not make sense on <textarea>");
	const kit_value *value = tk.named[VALUE] ? tk.named[VALUE] : tk.named[DEFAULT_VALUE];
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

/* What <input> and <button> share: a server reference as formAction, as Fizz
 * writes its $$FORM_ACTION (docs/actions.md §2): the button submits the
 * action's id as its name, natively; else the five submitter props in their
 * order. The hidden fields of a bound reference go to fields, which the
 * caller writes after the tag and frees. */
static int submitter_props(kit_html *h, start_args *a, const taken *tk, kit_buf *fields)
{
	kit_buf *out = a->seg->out;
	kit_buf aname;
	kit_buf_init(&aname);
	int action = form_action_fields(h, resolve(tk->named[INPUT_FORM_ACTION]), &aname, fields);
	if (action) {
		kit_buf_puts(out, " name=\"");
		kit_buf_put(out, aname.data, aname.len);
		kit_buf_puts(out, "\" formAction=\"\" formEncType=\"multipart/form-data\" formMethod=\"POST\"");
	}
	kit_buf_free(&aname);
	for (int k = INPUT_NAME; k <= INPUT_FORM_TARGET && !action; k++)
		if (push_named(h, out, a->tag, input_names[k], tk->named[k]) < 0)
			return R_FAIL;
	return R_OK;
}

/* pushInput: checked and value last (checked over defaultChecked, value over
 * defaultValue). */
int html_start_input(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, input_names, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return html_fail(h, "<input> is a self-closing tag and must neither have `children` nor use "
				 "`dangerouslySetInnerHTML`");
	kit_buf afields;
	kit_buf_init(&afields);
	int rc = submitter_props(h, a, &tk, &afields);
	if (rc == R_OK) {
		const kit_value *checked = tk.named[INPUT_CHECKED] ? tk.named[INPUT_CHECKED]
								   : tk.named[INPUT_DEFAULT_CHECKED];
		const kit_value *value = tk.named[INPUT_VALUE] ? tk.named[INPUT_VALUE] : tk.named[INPUT_DEFAULT_VALUE];
		if (checked)
			html_boolean_attr(out, "checked", checked);
		rc = push_named(h, out, a->tag, "value", value);
	}
	if (rc == R_OK) {
		kit_buf_puts(out, "/>");
		kit_buf_put(out, afields.data, afields.len);
	}
	kit_buf_free(&afields);
	return rc;
}

int html_start_button(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, button_names, &tk) < 0)
		return R_FAIL;
	kit_buf afields;
	kit_buf_init(&afields);
	int rc = submitter_props(h, a, &tk, &afields);
	if (rc == R_OK) {
		kit_buf_putc(out, '>');
		kit_buf_put(out, afields.data, afields.len);
	}
	kit_buf_free(&afields);
	return rc == R_OK ? html_start_content(h, a, &tk) : rc;
}

/* pushStartForm: a server reference as action is, as Fizz writes its
 * $$FORM_ACTION (docs/actions.md §2), a native multipart POST to the page
 * itself, naming the action in a hidden field; the target is dropped as
 * Fizz drops it. */
int html_start_form(kit_html *h, start_args *a)
{
	kit_buf *out = a->seg->out;
	taken tk;
	if (html_open_tag(h, out, a->tag, a->el, form_names, &tk) < 0)
		return R_FAIL;
	kit_buf aname, afields;
	kit_buf_init(&aname);
	kit_buf_init(&afields);
	int action = form_action_fields(h, resolve(tk.named[FORM_ACTION]), &aname, &afields);
	if (action) {
		kit_buf_puts(out, " action=\"\" encType=\"multipart/form-data\" method=\"POST\"><input type=\"hidden\" name=\"");
		kit_buf_put(out, aname.data, aname.len);
		kit_buf_puts(out, "\"/>");
		kit_buf_put(out, afields.data, afields.len);
		out->len--;   /* the '>' below closes the last hidden input instead */
	}
	kit_buf_free(&aname);
	kit_buf_free(&afields);
	for (int k = FORM_ACTION; k < FORM_NPROPS && !action; k++)
		if (push_named(h, out, a->tag, form_names[k], tk.named[k]) < 0)
			return R_FAIL;
	kit_buf_putc(out, '>');
	return html_start_content(h, a, &tk);
}
