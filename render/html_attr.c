/* html_attr.c — pushAttribute and the start tag writer.
 *
 * React DOM's property rules as Fizz applies them to a host element's props:
 * names mapped to attributes (className → class, the SVG aliases, xlink/xml
 * names), booleans and "booleanish" strings, numeric attributes dropped when
 * not a positive number, URLs (javascript: blocked), event handlers and
 * functions never written, data-/aria- the only names that keep a boolean,
 * style objects as "a:b;c:d" (hyphenated, "px" added to numbers of
 * properties that take units). html_open_tag writes "<tag" and every prop
 * through these rules, capturing the ones the caller's per-tag writer
 * handles itself (html_element.c, html_form.c, html_resource.c). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "html_impl.h"

/* ---- attributes (pushAttribute) ---- */

static void attr_open(kit_buf *out, const char *name, size_t n)
{
	kit_buf_putc(out, ' ');
	kit_buf_put(out, name, n);
	kit_buf_puts(out, "=\"");
}

void html_attr_value(kit_buf *out, const char *name, size_t n, const kit_value *v)
{
	attr_open(out, name, n);
	html_escape_value(out, v);
	kit_buf_putc(out, '"');
}

void html_attr_empty(kit_buf *out, const char *name, size_t n)
{
	kit_buf_putc(out, ' ');
	kit_buf_put(out, name, n);
	kit_buf_puts(out, "=\"\"");
}

/* pushStringAttribute */
static void string_attr(kit_buf *out, const char *name, const kit_value *v)
{
	if (!js_fn_or_symbol(v) && js_typeof(v) != JS_BOOLEAN)
		html_attr_value(out, name, strlen(name), v);
}

/* pushBooleanAttribute */
void html_boolean_attr(kit_buf *out, const char *name, const kit_value *v)
{
	if (html_js_truthy(v) && !js_fn_or_symbol(v))
		html_attr_empty(out, name, strlen(name));
}

static int is_javascript_url(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && (unsigned char)s[i] <= 0x20)
		i++;
	for (const char *w = "javascript"; *w; w++) {
		if (i >= n || (s[i] | 0x20) != *w)
			return 0;
		i++;
		while (i < n && (s[i] == '\r' || s[i] == '\n' || s[i] == '\t'))
			i++;
	}
	return i < n && s[i] == ':';
}

void html_url_attr(kit_buf *out, const char *name, const kit_value *v)
{
	kit_buf b;
	kit_buf_init(&b);
	html_js_to_string(&b, v, 0);
	attr_open(out, name, strlen(name));
	if (is_javascript_url(b.data, b.len))
		html_escape(out, "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')",
			    sizeof "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" - 1);
	else
		html_escape(out, b.data, b.len);
	kit_buf_putc(out, '"');
	kit_buf_free(&b);
}

/* VALID_ATTRIBUTE_NAME_REGEX, over UTF-16 code units as JS tests it (so
 * characters beyond U+FFFF never match). */
static int name_char(uint32_t c, int first)
{
	if (c == ':' || c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) ||
	    (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) || (c >= 0x200C && c <= 0x200D) ||
	    (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) ||
	    (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD))
		return 1;
	return !first && (c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 0xB7 ||
			  (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040));
}

/* An ASCII byte's class for name_char: 1 a name start (and name) byte, 2 a
 * name byte only; a byte at or above 0x80 takes the UTF-8 path. */
static const unsigned char ascii_name[128] = {
	['-'] = 2, ['.'] = 2, ['0'] = 2, ['1'] = 2, ['2'] = 2, ['3'] = 2, ['4'] = 2, ['5'] = 2, ['6'] = 2, ['7'] = 2,
	['8'] = 2, ['9'] = 2, [':'] = 1, ['_'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
	['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
	['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
	['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1,
	['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

int html_attribute_name_safe(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	const unsigned char *u = (const unsigned char *)s;
	size_t len;
	for (size_t i = 0; i < n; i += len) {
		if (u[i] < 0x80) {
			/* the names of every element's props: a table instead of the ranges */
			if (!ascii_name[u[i]] || (i == 0 && ascii_name[u[i]] != 1))
				return 0;
			len = 1;
		} else if (!name_char(html_utf8_next(u + i, n - i, &len), i == 0)) {
			return 0;
		}
	}
	return 1;
}

/* getAttributeAlias: React DOM's `aliases` table (HTML names with a dash and
 * the SVG presentation attributes React accepts in camelCase). */
static const char *const attribute_aliases[][2] = {
	{ "acceptCharset", "accept-charset" }, { "htmlFor", "for" }, { "httpEquiv", "http-equiv" },
	{ "crossOrigin", "crossorigin" }, { "accentHeight", "accent-height" },
	{ "alignmentBaseline", "alignment-baseline" }, { "arabicForm", "arabic-form" },
	{ "baselineShift", "baseline-shift" }, { "capHeight", "cap-height" }, { "clipPath", "clip-path" },
	{ "clipRule", "clip-rule" }, { "colorInterpolation", "color-interpolation" },
	{ "colorInterpolationFilters", "color-interpolation-filters" }, { "colorProfile", "color-profile" },
	{ "colorRendering", "color-rendering" }, { "dominantBaseline", "dominant-baseline" },
	{ "enableBackground", "enable-background" }, { "fillOpacity", "fill-opacity" }, { "fillRule", "fill-rule" },
	{ "floodColor", "flood-color" }, { "floodOpacity", "flood-opacity" }, { "fontFamily", "font-family" },
	{ "fontSize", "font-size" }, { "fontSizeAdjust", "font-size-adjust" }, { "fontStretch", "font-stretch" },
	{ "fontStyle", "font-style" }, { "fontVariant", "font-variant" }, { "fontWeight", "font-weight" },
	{ "glyphName", "glyph-name" }, { "glyphOrientationHorizontal", "glyph-orientation-horizontal" },
	{ "glyphOrientationVertical", "glyph-orientation-vertical" }, { "horizAdvX", "horiz-adv-x" },
	{ "horizOriginX", "horiz-origin-x" }, { "imageRendering", "image-rendering" },
	{ "letterSpacing", "letter-spacing" }, { "lightingColor", "lighting-color" }, { "markerEnd", "marker-end" },
	{ "markerMid", "marker-mid" }, { "markerStart", "marker-start" }, { "maskType", "mask-type" },
	{ "overlinePosition", "overline-position" }, { "overlineThickness", "overline-thickness" },
	{ "paintOrder", "paint-order" }, { "panose-1", "panose-1" }, { "pointerEvents", "pointer-events" },
	{ "renderingIntent", "rendering-intent" }, { "shapeRendering", "shape-rendering" },
	{ "stopColor", "stop-color" }, { "stopOpacity", "stop-opacity" },
	{ "strikethroughPosition", "strikethrough-position" }, { "strikethroughThickness", "strikethrough-thickness" },
	{ "strokeDasharray", "stroke-dasharray" }, { "strokeDashoffset", "stroke-dashoffset" },
	{ "strokeLinecap", "stroke-linecap" }, { "strokeLinejoin", "stroke-linejoin" },
	{ "strokeMiterlimit", "stroke-miterlimit" }, { "strokeOpacity", "stroke-opacity" },
	{ "strokeWidth", "stroke-width" }, { "textAnchor", "text-anchor" }, { "textDecoration", "text-decoration" },
	{ "textRendering", "text-rendering" }, { "transformBox", "transform-box" },
	{ "transformOrigin", "transform-origin" }, { "underlinePosition", "underline-position" },
	{ "underlineThickness", "underline-thickness" }, { "unicodeBidi", "unicode-bidi" },
	{ "unicodeRange", "unicode-range" }, { "unitsPerEm", "units-per-em" }, { "vAlphabetic", "v-alphabetic" },
	{ "vHanging", "v-hanging" }, { "vIdeographic", "v-ideographic" }, { "vMathematical", "v-mathematical" },
	{ "vectorEffect", "vector-effect" }, { "vertAdvY", "vert-adv-y" }, { "vertOriginX", "vert-origin-x" },
	{ "vertOriginY", "vert-origin-y" }, { "wordSpacing", "word-spacing" }, { "writingMode", "writing-mode" },
	{ "xmlnsXlink", "xmlns:xlink" }, { "xHeight", "x-height" },
};

/* CSS properties whose numbers take no "px" (isUnitlessNumber). */
static const char *const unitless_properties[] = {
	"animationIterationCount", "aspectRatio", "borderImageOutset", "borderImageSlice", "borderImageWidth",
	"boxFlex", "boxFlexGroup", "boxOrdinalGroup", "columnCount", "columns", "flex", "flexGrow",
	"flexPositive", "flexShrink", "flexNegative", "flexOrder", "gridArea", "gridRow", "gridRowEnd",
	"gridRowSpan", "gridRowStart", "gridColumn", "gridColumnEnd", "gridColumnSpan", "gridColumnStart",
	"fontWeight", "lineClamp", "lineHeight", "opacity", "order", "orphans", "scale", "tabSize", "widows",
	"zIndex", "zoom", "fillOpacity", "floodOpacity", "stopOpacity", "strokeDasharray", "strokeDashoffset",
	"strokeMiterlimit", "strokeOpacity", "strokeWidth", "MozAnimationIterationCount", "MozBoxFlex",
	"MozBoxFlexGroup", "MozLineClamp", "msAnimationIterationCount", "msFlex", "msZoom", "msFlexGrow",
	"msFlexNegative", "msFlexOrder", "msFlexPositive", "msFlexShrink", "msGridColumn", "msGridColumnSpan",
	"msGridRow", "msGridRowSpan", "WebkitAnimationIterationCount", "WebkitBoxFlex", "WebKitBoxFlexGroup",
	"WebkitBoxOrdinalGroup", "WebkitColumnCount", "WebkitColumns", "WebkitFlex", "WebkitFlexGrow",
	"WebkitFlexPositive", "WebkitFlexShrink", "WebkitLineClamp",
};

static const char *const boolean_attributes[] = {
	"inert", "allowFullScreen", "async", "autoPlay", "controls", "credentialless", "default", "defer",
	"disabled", "disablePictureInPicture", "disableRemotePlayback", "formNoValidate", "hidden", "loop",
	"noModule", "noValidate", "open", "playsInline", "readOnly", "required", "reversed", "scoped",
	"seamless", "itemScope",
};

static const char *const booleanish_attributes[] = {
	"contentEditable", "spellCheck", "draggable", "value", "autoReverse", "externalResourcesRequired",
	"focusable", "preserveAlpha",
};

static const char *const xml_attributes[][2] = {
	{ "xlinkActuate", "xlink:actuate" }, { "xlinkArcrole", "xlink:arcrole" }, { "xlinkRole", "xlink:role" },
	{ "xlinkShow", "xlink:show" }, { "xlinkTitle", "xlink:title" }, { "xlinkType", "xlink:type" },
	{ "xmlBase", "xml:base" }, { "xmlLang", "xml:lang" }, { "xmlSpace", "xml:space" },
};


/* pushAttribute: one prop (value neither null nor undefined) as an attribute. */
int html_push_attribute(kit_html *h, kit_buf *out, const char *name, size_t n, const kit_value *v,
			const char *tag)
{
	v = resolve(v);
	/* data-* and aria-* (lowercase) are in none of the tables below and
	 * keep booleans: straight to the generic rule's end (200 data-id of a
	 * list skipped ~40 tests and two table scans each) */
	if (n > 5 && (memcmp(name, "data-", 5) == 0 || memcmp(name, "aria-", 5) == 0)) {
		if (html_attribute_name_safe(name, n) && !js_fn_or_symbol(v))
			html_attr_value(out, name, n, v);
		return 0;
	}
	enum js_type t = js_typeof(v);
	if (IS(name, n, "className"))
		string_attr(out, "class", v);
	else if (IS(name, n, "tabIndex"))
		string_attr(out, "tabindex", v);
	else if (IS(name, n, "dir") || IS(name, n, "role") || IS(name, n, "viewBox") || IS(name, n, "width") ||
		 IS(name, n, "height")) {
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN)
			html_attr_value(out, name, n, v);
	} else if (IS(name, n, "style")) {
		return html_style_attr(h, out, v, tag);
	} else if (IS(name, n, "src") || IS(name, n, "href") || IS(name, n, "action") || IS(name, n, "formAction")) {
		if ((IS(name, n, "src") || IS(name, n, "href")) && t == JS_STRING && v->u.str.len == 0)
			return 0;
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN) {
			char nm[16];
			memcpy(nm, name, n);
			nm[n] = '\0';
			html_url_attr(out, nm, v);
		}
	} else if (IS(name, n, "defaultValue") || IS(name, n, "defaultChecked") || IS(name, n, "innerHTML") ||
		   IS(name, n, "suppressContentEditableWarning") || IS(name, n, "suppressHydrationWarning") ||
		   IS(name, n, "ref")) {
		return 0;
	} else if (IS(name, n, "autoFocus")) {
		html_boolean_attr(out, "autofocus", v);
	} else if (IS(name, n, "multiple")) {
		html_boolean_attr(out, "multiple", v);
	} else if (IS(name, n, "muted")) {
		html_boolean_attr(out, "muted", v);
	} else if (IS(name, n, "xlinkHref")) {
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN)
			html_url_attr(out, "xlink:href", v);
	} else if (IN(booleanish_attributes, name, n)) {
		if (!js_fn_or_symbol(v))
			html_attr_value(out, name, n, v);
	} else if (IN(boolean_attributes, name, n)) {
		if (html_js_truthy(v) && !js_fn_or_symbol(v))
			html_attr_empty(out, name, n);
	} else if (IS(name, n, "capture") || IS(name, n, "download")) {
		if (t == JS_BOOLEAN && v->u.boolean)
			html_attr_empty(out, name, n);
		else if (!(t == JS_BOOLEAN && !v->u.boolean) && !js_fn_or_symbol(v))
			html_attr_value(out, name, n, v);
	} else if (IS(name, n, "cols") || IS(name, n, "rows") || IS(name, n, "size") || IS(name, n, "span")) {
		double d = js_fn_or_symbol(v) ? NAN : html_js_to_number(v);
		if (!isnan(d) && d >= 1)
			html_attr_value(out, name, n, v);
	} else if (IS(name, n, "rowSpan") || IS(name, n, "start")) {
		if (!js_fn_or_symbol(v) && !isnan(html_js_to_number(v)))
			html_attr_value(out, name, n, v);
	} else {
		for (size_t i = 0; i < sizeof xml_attributes / sizeof *xml_attributes; i++)
			if (name[0] == 'x' && is(name, n, xml_attributes[i][0])) {
				string_attr(out, xml_attributes[i][1], v);
				return 0;
			}
		/* Event handlers ("on" + at least one character) are never attributes. */
		if (n > 2 && (name[0] | 0x20) == 'o' && (name[1] | 0x20) == 'n')
			return 0;
		for (size_t i = 0; i < sizeof attribute_aliases / sizeof *attribute_aliases; i++)
			if (attribute_aliases[i][0][0] == name[0] && is(name, n, attribute_aliases[i][0])) {
				name = attribute_aliases[i][1];
				n = strlen(name);
				break;
			}
		if (!html_attribute_name_safe(name, n) || js_fn_or_symbol(v))
			return 0;
		if (t == JS_BOOLEAN) {
			/* Booleans are kept only on data-* and aria-* (as "true"/"false"). */
			char prefix[5];
			if (n < 5)
				return 0;
			for (int i = 0; i < 5; i++)
				prefix[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] | 0x20 : name[i]);
			if (memcmp(prefix, "data-", 5) != 0 && memcmp(prefix, "aria-", 5) != 0)
				return 0;
		}
		html_attr_value(out, name, n, v);
	}
	return 0;
}

/* pushStyleAttribute: a style object as style="a:b;c:d". */
int html_style_attr(kit_html *h, kit_buf *out, const kit_value *style, const char *tag)
{
	if (js_typeof(style) != JS_OBJECT)
		return html_fail(h, "<%s>: the `style` prop expects a mapping from style properties to values, "
				 "not a string. For example, style={{marginRight: spacing + 'em'}}", tag);
	if (style->kind != KIT_OBJECT)
		return 0;
	int first = 1;
	kit_buf val;
	kit_buf_init(&val);
	for (size_t i = 0; i < style->u.obj.len; i++) {
		const char *name = style->u.obj.props[i].key;
		size_t n = style->u.obj.props[i].keylen;
		const kit_value *v = resolve(style->u.obj.props[i].value);
		enum js_type t = js_typeof(v);
		if (is_nullish(v) || t == JS_BOOLEAN || (t == JS_STRING && v->u.str.len == 0))
			continue;
		kit_buf_puts(out, first ? " style=\"" : ";");
		first = 0;
		if (n >= 2 && name[0] == '-' && name[1] == '-') {
			/* Custom property: name and value as written. */
			html_escape(out, name, n);
		} else {
			/* hyphenateStyleName: fontSize -> font-size, msTransform -> -ms-transform. */
			kit_buf hy;
			kit_buf_init(&hy);
			for (size_t k = 0; k < n; k++) {
				char c = name[k];
				if (c >= 'A' && c <= 'Z') {
					kit_buf_putc(&hy, '-');
					c = (char)(c | 0x20);
				}
				kit_buf_putc(&hy, c);
			}
			if (hy.len >= 3 && memcmp(hy.data, "ms-", 3) == 0)
				kit_buf_putc(out, '-');
			html_escape(out, hy.data, hy.len);
			kit_buf_free(&hy);
		}
		kit_buf_putc(out, ':');
		kit_buf_reset(&val);
		html_js_to_string(&val, v, 0);
		if (t == JS_NUMBER && !(n >= 2 && name[0] == '-' && name[1] == '-')) {
			kit_buf_put(out, val.data, val.len);
			if (v->u.number != 0 && !IN(unitless_properties, name, n))
				kit_buf_puts(out, "px");
		} else {
			const char *s = val.data ? val.data : "";
			size_t sn = val.len;
			html_js_trim(&s, &sn);
			html_escape(out, s, sn);
		}
	}
	kit_buf_free(&val);
	if (!first)
		kit_buf_putc(out, '"');
	return 0;
}

/* ---- start tags ---- */

/* Writes "<tag" and every other non-null prop as an attribute. */
int html_open_tag(kit_html *h, kit_buf *out, const char *tag, const kit_value *el, const char *const *names,
		  taken *tk)
{
	memset(tk, 0, sizeof *tk);
	kit_buf_putc(out, '<');
	kit_buf_puts(out, tag);
	for (size_t i = 0; i < el->u.elem.nprops; i++) {
		const kit_prop *p = &el->u.elem.props[i];
		const kit_value *v = resolve(p->value);
		if (is_nullish(v))
			continue;
		if (IS(p->key, p->keylen, "children")) {
			tk->children = v;
			continue;
		}
		if (IS(p->key, p->keylen, "dangerouslySetInnerHTML")) {
			tk->inner_html = v;
			continue;
		}
		int named = 0;
		for (int k = 0; names && names[k]; k++)
			if (is(p->key, p->keylen, names[k])) {
				tk->named[k] = v;
				named = 1;
			}
		if (!named && html_push_attribute(h, out, p->key, p->keylen, v, tag) < 0)
			return R_FAIL;
	}
	return R_OK;
}

/* pushInnerHTML */
int html_inner_html(kit_html *h, kit_buf *out, const char *tag, const taken *tk)
{
	if (!tk->inner_html)
		return R_OK;
	if (tk->children)
		return html_fail(h, "<%s>: can only set one of `children` or `props.dangerouslySetInnerHTML`", tag);
	const kit_value *html = tk->inner_html->kind == KIT_OBJECT ? kit_v_get(tk->inner_html, "__html") : NULL;
	if (!html)
		return html_fail(h, "<%s>: `props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`", tag);
	if (!is_nullish(resolve(html)))
		html_js_to_string(out, html, 0);
	return R_OK;
}

int html_self_closing(kit_html *h, kit_buf *out, const char *tag, const kit_value *el)
{
	taken tk;
	if (html_open_tag(h, out, tag, el, NULL, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return html_fail(h, "<%s> is a self-closing tag and must neither have `children` nor use "
				 "`dangerouslySetInnerHTML`", tag);
	kit_buf_puts(out, "/>");
	return R_OK;
}

