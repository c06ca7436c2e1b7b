/* html.c — Fizz-compatible HTML from the Flight model (html.h).
 *
 * One recursive walk writes the shell the way react-dom/server 19.3
 * (production) does, rule for rule: pushStartInstance's per-tag cases,
 * pushAttribute's mapping, the text separators, the insertion modes that
 * decide what is hoisted. The walk writes the tree into a scratch buffer while
 * it collects what Fizz hoists (charset and viewport metas, image preloads,
 * precedence stylesheets, async scripts, title/meta/link); the output is then
 * assembled in Fizz's flush order: <html><head>, the hoisted resources, the
 * head's own children, </head><body>, the tree. A root that is not <html>
 * gets the hoisted resources at the very start.
 *
 * Suspense: the content is rendered first into a buffer of its own. Complete:
 * <!--$-->content<!--/$-->. A pending row inside: <!--$?--><template
 * id="B:n"></template>fallback<!--/$-->, and the boundary (element, context,
 * id) is remembered. An errored row inside: <!--$!--><template
 * data-dgst="…"></template>fallback<!--/$-->. Outside any boundary a pending
 * or errored row is an error: the caller waits for the shell before rendering
 * it. Boundaries remembered while rendering a content that is not written
 * are forgotten again; what it hoisted stays queued, as Fizz keeps what it
 * rendered before suspending (title/meta/link are queued once per element,
 * the other resources are deduplicated by URL anyway).
 *
 * Streaming: each kit_html_write_completions call renders the content of
 * every remembered boundary again, from the model (nothing is kept between
 * attempts); a complete one goes out in a hidden container followed by a
 * call of our runtime ($KC/$KX, see runtime_js), an errored one as an error
 * script.
 *
 * Deliberate differences from Fizz, all outside what the model can express
 * or invisible to React's client: a Date is written as its ISO string (Fizz
 * would print the server's local Date.toString()); completed boundaries are
 * never outlined to a later segment (Fizz may do that for boundaries over
 * 500 bytes); a boundary's content is written whole once complete, never in
 * parts with "<template id="P:n">" placeholders ($RS), so a nested boundary
 * gets the next B: id where Fizz would have spent one on a placeholder, and
 * no "<!-- -->" closes a part that was suspended (Fizz: "one<!-- -->");
 * completions of one call come in id order (Fizz: in order of completion);
 * precedence stylesheets of late content are written as <link
 * rel="stylesheet"> / <style data-precedence> before the container (the
 * browser runs the script after it once they are loaded; React finds them
 * by selector) where Fizz preloads them and reveals through $RR; reveals
 * are immediate (Fizz 19.3 batches them per animation frame); a late content
 * that cannot be rendered is left to the browser with an error script, and
 * the call reports it. */
#include "html.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define HTML_MAX_DEPTH 1024
/* The digest the engine gives a client-only bailout (useSearchParams() on the
 * server): written as data-dgst="", which React's client renders silently. */
#define CLIENT_ONLY_DIGEST "KIT_CLIENT_ONLY"
/* Fizz keeps the first 10 image preloads (and fetchPriority="high" ones) in
 * the high-priority queue, the rest after scripts. */
#define HIGH_IMAGE_PRELOADS 10

enum insertion_mode {
	MODE_ROOT, MODE_HTML, MODE_BODY, MODE_HEAD, MODE_SVG, MODE_MATHML,
	MODE_TABLE, MODE_TABLE_BODY, MODE_TABLE_ROW, MODE_COLGROUP,
};

enum tag_scope { SCOPE_NOSCRIPT = 1, SCOPE_PICTURE = 2, SCOPE_FALLBACK = 4 };

/* What a render step returns besides 0: R_FAIL, the render cannot go on
 * (message in h->err); R_ERRORED, an errored row was reached and the nearest
 * Suspense boundary renders its fallback instead. */
enum { R_OK = 0, R_FAIL = -1, R_ERRORED = 1 };

typedef struct boundary {
	int pending;          /* a pending row was reached in the content */
	const char *digest;   /* R_ERRORED: the row's digest */
} boundary;

/* Fizz's format context: what the enclosing elements imply. */
typedef struct hctx {
	int mode, scope;
	const kit_value *selected; /* value of the enclosing <select> */
	boundary *b;               /* nearest Suspense boundary; NULL in the shell */
	int depth;
	/* The pending boundary (index + 1 in kit_html.pending, 0 for none) in
	 * whose fallback this is, through any number of contents: its
	 * completion removes the fallback, and what was pending inside. */
	size_t in_fallback_of;
	/* React's tree context here (useId of client components, see model.h) */
	unsigned tree_id;
	const char *tree_overflow;
	int client_scope;          /* nearest kit.scope element's number, 0 for none */
} hctx;

/* A run of output whose text nodes are adjacent (Fizz's segment). */
typedef struct segment {
	kit_buf *out;
	int last_text;        /* the last thing written was text */
} segment;

typedef struct strlist {
	const char **s;
	size_t *n, len, cap;
} strlist;

/* A boundary written "<!--$?--><template id="B:n">" whose content is still
 * owed: what rendering it later needs. Model memory outlives the kit_html. */
typedef struct pending_boundary {
	const kit_value *el;  /* the Suspense element */
	hctx ctx;             /* the context it was written in (b = NULL) */
	unsigned id;
	int done;             /* completed or errored */
} pending_boundary;

typedef struct image_preload {
	const char *key, *html;
	size_t keylen, htmllen;
	int high, flushed;
} image_preload;

typedef struct style_queue {
	const char *precedence;
	size_t plen;
	kit_buf sheets, rules, hrefs;
	int has_sheets;
} style_queue;

struct kit_html {
	kit_model *m;
	kit_html_opts opts;
	char err[512];
	int not_ready;        /* the last failure was a pending row outside every boundary */
	/* The preamble of a document: "<!DOCTYPE html><html …>", "<head …>",
	 * the head's own children, "<body …>". */
	kit_buf html_open, head_open, head_children, body_open;
	int has_html_open, has_head_open, has_body_open, preamble_written;
	int owes_body, owes_html;  /* closing tags for kit_html_finish */
	/* Hoisted resources, written before the next content. */
	kit_buf charset, viewport, scripts, hoistables;
	image_preload *images;
	size_t nimages, capimages, nhigh_pending;
	size_t *high_order, nhigh_order, caphigh;
	style_queue *styles;
	size_t nstyles, capstyles;
	strlist style_hrefs, script_srcs, module_srcs;
	unsigned next_id;     /* boundary ids, "B:<hex>" */
	unsigned next_form_id; /* Fizz's nextFormID: one per server-reference form action */
	/* Boundaries written pending ("<!--$?-->"), in order of writing. */
	pending_boundary *pending;
	size_t npending, cappending;
	int runtime_written;  /* $KC/$KX defined in this response */
	/* Title/meta/link elements already queued: a boundary's content is
	 * rendered again at each completion attempt, its resources go out once. */
	const kit_value **hoisted;
	size_t nhoisted, caphoisted;
};

static int render_node(kit_html *h, const hctx *ctx, segment *seg, const kit_value *v);

/* ---- small helpers ---- */

static int fail(kit_html *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(kit_html *h, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(h->err, sizeof h->err, fmt, ap);
	va_end(ap);
	return R_FAIL;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		abort();
	return p;
}

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
		l->s = xrealloc(l->s, l->cap * sizeof *l->s);
		l->n = xrealloc(l->n, l->cap * sizeof *l->n);
	}
	l->s[l->len] = s;
	l->n[l->len++] = n;
}

static int is(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* is() for a string literal, with its length known at compile time. */
#define IS(s, n, lit) ((n) == sizeof "" lit - 1 && memcmp((s), lit, sizeof lit - 1) == 0)

static int is_nullish(const kit_value *v)
{
	return !v || v->kind == KIT_NULL || v->kind == KIT_UNDEFINED;
}

/* Follows READY lazies; a pending or errored one stays as it is. */
static const kit_value *resolve(const kit_value *v)
{
	const kit_value *d = kit_v_deref(v);
	return d ? d : v;
}

/* JS typeof, as far as the attribute rules care. */
enum js_type { JS_UNDEFINED, JS_NULL, JS_BOOLEAN, JS_NUMBER, JS_BIGINT, JS_STRING, JS_SYMBOL, JS_FUNCTION, JS_OBJECT };

static enum js_type js_typeof(const kit_value *v)
{
	v = resolve(v);
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_UNDEFINED: return JS_UNDEFINED;
	case KIT_NULL: return JS_NULL;
	case KIT_BOOL: return JS_BOOLEAN;
	case KIT_NUMBER: return JS_NUMBER;
	case KIT_BIGINT: return JS_BIGINT;
	case KIT_STRING: return JS_STRING;
	case KIT_SYMBOL: return JS_SYMBOL;
	case KIT_CLIENT_REF:
	case KIT_SERVER_REF: return JS_FUNCTION;
	default: return JS_OBJECT;
	}
}

static int js_fn_or_symbol(const kit_value *v)
{
	enum js_type t = js_typeof(v);
	return t == JS_FUNCTION || t == JS_SYMBOL;
}

static int js_truthy(const kit_value *v)
{
	v = resolve(v);
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_UNDEFINED:
	case KIT_NULL: return 0;
	case KIT_BOOL: return v->u.boolean;
	case KIT_NUMBER: return v->u.number != 0 && !isnan(v->u.number);
	case KIT_STRING: return v->u.str.len > 0;
	case KIT_BIGINT: return !(IS(v->u.str.ptr, v->u.str.len, "0") || IS(v->u.str.ptr, v->u.str.len, "-0"));
	default: return 1;
	}
}

/* String(v), appended to out. */
static void js_to_string(kit_buf *out, const kit_value *v, int depth)
{
	v = resolve(v);
	char num[32];
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_UNDEFINED: kit_buf_puts(out, "undefined"); break;
	case KIT_NULL: kit_buf_puts(out, "null"); break;
	case KIT_BOOL: kit_buf_puts(out, v->u.boolean ? "true" : "false"); break;
	case KIT_NUMBER: kit_buf_put(out, num, kit_json_format_number(num, v->u.number)); break;
	case KIT_STRING:
	case KIT_BIGINT:
	case KIT_DATE:
	case KIT_SYMBOL:
		kit_buf_put(out, v->u.str.ptr, v->u.str.len);
		break;
	case KIT_ARRAY:
		/* Array.prototype.join: null and undefined items are empty. */
		for (size_t i = 0; i < v->u.arr.len && depth < 64; i++) {
			if (i)
				kit_buf_putc(out, ',');
			if (!is_nullish(resolve(v->u.arr.items[i])))
				js_to_string(out, v->u.arr.items[i], depth + 1);
		}
		break;
	case KIT_MAP: kit_buf_puts(out, "[object Map]"); break;
	case KIT_SET: kit_buf_puts(out, "[object Set]"); break;
	case KIT_CLIENT_REF:
	case KIT_SERVER_REF: break; /* a function: its source text is not known here */
	default: kit_buf_puts(out, "[object Object]"); break;
	}
}

static int js_is_space(uint32_t c)
{
	return c == 9 || c == 10 || c == 11 || c == 12 || c == 13 || c == 32 || c == 0xA0 || c == 0x1680 ||
	       (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
	       c == 0x3000 || c == 0xFEFF;
}

/* Decodes one UTF-8 sequence at s (n > 0 bytes left); invalid bytes decode
 * as themselves, one at a time. */
static uint32_t utf8_next(const unsigned char *s, size_t n, size_t *len)
{
	unsigned char c = s[0];
	if (c >= 0xF0 && n >= 4) {
		*len = 4;
		return ((uint32_t)(c & 7) << 18) | ((uint32_t)(s[1] & 63) << 12) | ((uint32_t)(s[2] & 63) << 6) | (s[3] & 63);
	}
	if (c >= 0xE0 && n >= 3) {
		*len = 3;
		return ((uint32_t)(c & 15) << 12) | ((uint32_t)(s[1] & 63) << 6) | (s[2] & 63);
	}
	if (c >= 0xC0 && n >= 2) {
		*len = 2;
		return ((uint32_t)(c & 31) << 6) | (s[1] & 63);
	}
	*len = 1;
	return c;
}

/* String.prototype.trim. */
static void js_trim(const char **s, size_t *n)
{
	const unsigned char *p = (const unsigned char *)*s, *end = p + *n;
	size_t len;
	while (p < end && js_is_space(utf8_next(p, (size_t)(end - p), &len)))
		p += len;
	while (end > p) {
		const unsigned char *q = end - 1;
		while (q > p && (*q & 0xC0) == 0x80)
			q--;
		if (!js_is_space(utf8_next(q, (size_t)(end - q), &len)))
			break;
		end = q;
	}
	*s = (const char *)p;
	*n = (size_t)(end - p);
}

/* Number(v) for the isNaN checks of cols/rows/size/span/rowSpan/start. */
static double js_to_number(const kit_value *v)
{
	v = resolve(v);
	switch (v ? v->kind : KIT_UNDEFINED) {
	case KIT_NUMBER: return v->u.number;
	case KIT_BOOL: return v->u.boolean;
	case KIT_NULL: return 0;
	case KIT_UNDEFINED: return NAN;
	default: break;
	}
	kit_buf b;
	kit_buf_init(&b);
	js_to_string(&b, v, 0);
	const char *s = kit_buf_cstr(&b);
	size_t n = b.len;
	js_trim(&s, &n);
	double d = NAN;
	char *end = NULL;
	if (n == 0) {
		d = 0;
	} else if (n > 2 && s[0] == '0' && strchr("xXoObB", s[1])) {
		int base = s[1] == 'x' || s[1] == 'X' ? 16 : s[1] == 'o' || s[1] == 'O' ? 8 : 2;
		d = 0;
		for (size_t i = 2; i < n && !isnan(d); i++) {
			int digit = s[i] >= '0' && s[i] <= '9' ? s[i] - '0'
				  : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
				  : s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10 : 99;
			d = digit < base ? d * base + digit : NAN;
		}
	} else if (IS(s, n, "Infinity") || IS(s, n, "+Infinity")) {
		d = INFINITY;
	} else if (IS(s, n, "-Infinity")) {
		d = -INFINITY;
	} else if (strspn(s, "0123456789+-.eE") == n) {
		/* Only JS's decimal literal syntax: strtod's "inf", "nan" and hex
		 * floats are excluded by the character check. */
		d = strtod(s, &end);
		if (end != s + n)
			d = NAN;
	}
	kit_buf_free(&b);
	return d;
}

/* ---- escaping ---- */

static void escape(kit_buf *out, const char *s, size_t n)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		const char *rep;
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#x27;"; break;
		default:
			run++;
			continue;
		}
		kit_buf_put(out, s + i - run, run);
		run = 0;
		kit_buf_puts(out, rep);
	}
	kit_buf_put(out, s + n - run, run);
}

void kit_html_escape_text(kit_buf *out, const char *s, size_t n) { escape(out, s, n); }
void kit_html_escape_attr(kit_buf *out, const char *s, size_t n) { escape(out, s, n); }

/* escapeTextForBrowser(v): String(v), escaped. */
static void escape_value(kit_buf *out, const kit_value *v)
{
	v = resolve(v);
	if (v && v->kind == KIT_STRING) {
		escape(out, v->u.str.ptr, v->u.str.len);
		return;
	}
	kit_buf b;
	kit_buf_init(&b);
	js_to_string(&b, v, 0);
	escape(out, b.data, b.len);
	kit_buf_free(&b);
}

/* Text inside <script>/<style>: "<script"/"</script" (any case) get an
 * escaped 's' (\u0073 or \u0053) so the element cannot end early; same for
 * "style" with the CSS escape \73 / \53. */
static void escape_raw_text(kit_buf *out, const char *s, size_t n, const char *word, const char *lower,
			    const char *upper)
{
	size_t wl = strlen(word), run = 0;
	for (size_t i = 0; i < n; i++) {
		size_t at = i + 1 + (i + 1 < n && s[i + 1] == '/');
		if (s[i] == '<' && n - at >= wl && strncasecmp(s + at, word, wl) == 0) {
			kit_buf_put(out, s + i - run, run);
			run = 0;
			kit_buf_put(out, s + i, at - i);
			kit_buf_puts(out, s[at] == word[0] ? lower : upper);
			kit_buf_put(out, s + at + 1, wl - 1);
			i = at + wl - 1;
			continue;
		}
		run++;
	}
	kit_buf_put(out, s + n - run, run);
}

/* ---- attributes (pushAttribute) ---- */

static void attr_open(kit_buf *out, const char *name, size_t n)
{
	kit_buf_putc(out, ' ');
	kit_buf_put(out, name, n);
	kit_buf_puts(out, "=\"");
}

static void attr_value(kit_buf *out, const char *name, size_t n, const kit_value *v)
{
	attr_open(out, name, n);
	escape_value(out, v);
	kit_buf_putc(out, '"');
}

static void attr_empty(kit_buf *out, const char *name, size_t n)
{
	kit_buf_putc(out, ' ');
	kit_buf_put(out, name, n);
	kit_buf_puts(out, "=\"\"");
}

/* pushStringAttribute */
static void string_attr(kit_buf *out, const char *name, const kit_value *v)
{
	if (!js_fn_or_symbol(v) && js_typeof(v) != JS_BOOLEAN)
		attr_value(out, name, strlen(name), v);
}

/* pushBooleanAttribute */
static void boolean_attr(kit_buf *out, const char *name, const kit_value *v)
{
	if (js_truthy(v) && !js_fn_or_symbol(v))
		attr_empty(out, name, strlen(name));
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

static void url_attr(kit_buf *out, const char *name, const kit_value *v)
{
	kit_buf b;
	kit_buf_init(&b);
	js_to_string(&b, v, 0);
	attr_open(out, name, strlen(name));
	if (is_javascript_url(b.data, b.len))
		escape(out, "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')",
		       sizeof "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" - 1);
	else
		escape(out, b.data, b.len);
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

static int attribute_name_safe(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	size_t len;
	for (size_t i = 0; i < n; i += len)
		if (!name_char(utf8_next((const unsigned char *)s + i, n - i, &len), i == 0))
			return 0;
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

static int in_list(const char *const *list, size_t len, const char *s, size_t n)
{
	for (size_t i = 0; i < len; i++)
		if (n && list[i][0] == s[0] && is(s, n, list[i]))
			return 1;
	return 0;
}

#define IN(list, s, n) in_list(list, sizeof list / sizeof *list, s, n)

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

static int style_attr(kit_html *h, kit_buf *out, const kit_value *style, const char *tag);

/* pushAttribute: one prop (value neither null nor undefined) as an attribute. */
static int push_attribute(kit_html *h, kit_buf *out, const char *name, size_t n, const kit_value *v,
			  const char *tag)
{
	v = resolve(v);
	enum js_type t = js_typeof(v);
	if (IS(name, n, "className"))
		string_attr(out, "class", v);
	else if (IS(name, n, "tabIndex"))
		string_attr(out, "tabindex", v);
	else if (IS(name, n, "dir") || IS(name, n, "role") || IS(name, n, "viewBox") || IS(name, n, "width") ||
		 IS(name, n, "height")) {
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN)
			attr_value(out, name, n, v);
	} else if (IS(name, n, "style")) {
		return style_attr(h, out, v, tag);
	} else if (IS(name, n, "src") || IS(name, n, "href") || IS(name, n, "action") || IS(name, n, "formAction")) {
		if ((IS(name, n, "src") || IS(name, n, "href")) && t == JS_STRING && v->u.str.len == 0)
			return 0;
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN) {
			char nm[16];
			memcpy(nm, name, n);
			nm[n] = '\0';
			url_attr(out, nm, v);
		}
	} else if (IS(name, n, "defaultValue") || IS(name, n, "defaultChecked") || IS(name, n, "innerHTML") ||
		   IS(name, n, "suppressContentEditableWarning") || IS(name, n, "suppressHydrationWarning") ||
		   IS(name, n, "ref")) {
		return 0;
	} else if (IS(name, n, "autoFocus")) {
		boolean_attr(out, "autofocus", v);
	} else if (IS(name, n, "multiple")) {
		boolean_attr(out, "multiple", v);
	} else if (IS(name, n, "muted")) {
		boolean_attr(out, "muted", v);
	} else if (IS(name, n, "xlinkHref")) {
		if (!js_fn_or_symbol(v) && t != JS_BOOLEAN)
			url_attr(out, "xlink:href", v);
	} else if (IN(booleanish_attributes, name, n)) {
		if (!js_fn_or_symbol(v))
			attr_value(out, name, n, v);
	} else if (IN(boolean_attributes, name, n)) {
		if (js_truthy(v) && !js_fn_or_symbol(v))
			attr_empty(out, name, n);
	} else if (IS(name, n, "capture") || IS(name, n, "download")) {
		if (t == JS_BOOLEAN && v->u.boolean)
			attr_empty(out, name, n);
		else if (!(t == JS_BOOLEAN && !v->u.boolean) && !js_fn_or_symbol(v))
			attr_value(out, name, n, v);
	} else if (IS(name, n, "cols") || IS(name, n, "rows") || IS(name, n, "size") || IS(name, n, "span")) {
		double d = js_fn_or_symbol(v) ? NAN : js_to_number(v);
		if (!isnan(d) && d >= 1)
			attr_value(out, name, n, v);
	} else if (IS(name, n, "rowSpan") || IS(name, n, "start")) {
		if (!js_fn_or_symbol(v) && !isnan(js_to_number(v)))
			attr_value(out, name, n, v);
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
		if (!attribute_name_safe(name, n) || js_fn_or_symbol(v))
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
		attr_value(out, name, n, v);
	}
	return 0;
}

/* pushStyleAttribute: a style object as style="a:b;c:d". */
static int style_attr(kit_html *h, kit_buf *out, const kit_value *style, const char *tag)
{
	if (js_typeof(style) != JS_OBJECT)
		return fail(h, "<%s>: the `style` prop expects a mapping from style properties to values, "
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
			escape(out, name, n);
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
			escape(out, hy.data, hy.len);
			kit_buf_free(&hy);
		}
		kit_buf_putc(out, ':');
		kit_buf_reset(&val);
		js_to_string(&val, v, 0);
		if (t == JS_NUMBER && !(n >= 2 && name[0] == '-' && name[1] == '-')) {
			kit_buf_put(out, val.data, val.len);
			if (v->u.number != 0 && !IN(unitless_properties, name, n))
				kit_buf_puts(out, "px");
		} else {
			const char *s = val.data ? val.data : "";
			size_t sn = val.len;
			js_trim(&s, &sn);
			escape(out, s, sn);
		}
	}
	kit_buf_free(&val);
	if (!first)
		kit_buf_putc(out, '"');
	return 0;
}

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

static const kit_value *prop(const kit_value *el, const char *name)
{
	const kit_value *v = kit_v_get(el, name);
	return v ? resolve(v) : NULL;
}

static int prop_is_string(const kit_value *el, const char *name)
{
	const kit_value *v = prop(el, name);
	return v && v->kind == KIT_STRING;
}

/* The props a start tag takes apart: children, dangerouslySetInnerHTML and
 * any the caller names (NULL-terminated) are captured instead of written. */
typedef struct taken {
	const kit_value *children, *inner_html;
	const kit_value *named[10];
} taken;

/* Writes "<tag" and every other non-null prop as an attribute. */
static int open_tag(kit_html *h, kit_buf *out, const char *tag, const kit_value *el, const char *const *names,
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
		if (!named && push_attribute(h, out, p->key, p->keylen, v, tag) < 0)
			return R_FAIL;
	}
	return R_OK;
}

/* pushInnerHTML */
static int inner_html(kit_html *h, kit_buf *out, const char *tag, const taken *tk)
{
	if (!tk->inner_html)
		return R_OK;
	if (tk->children)
		return fail(h, "<%s>: can only set one of `children` or `props.dangerouslySetInnerHTML`", tag);
	const kit_value *html = tk->inner_html->kind == KIT_OBJECT ? kit_v_get(tk->inner_html, "__html") : NULL;
	if (!html)
		return fail(h, "<%s>: `props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`", tag);
	if (!is_nullish(resolve(html)))
		js_to_string(out, html, 0);
	return R_OK;
}

static int self_closing(kit_html *h, kit_buf *out, const char *tag, const kit_value *el)
{
	taken tk;
	if (open_tag(h, out, tag, el, NULL, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return fail(h, "<%s> is a self-closing tag and must neither have `children` nor use "
			    "`dangerouslySetInnerHTML`", tag);
	kit_buf_puts(out, "/>");
	return R_OK;
}

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
	if (open_tag(h, out, "title", el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	const kit_value *child = single_child(tk.children);
	if (child)
		escape_value(out, child);
	if (inner_html(h, out, "title", &tk) < 0)
		return R_FAIL;
	kit_buf_puts(out, "</title>");
	return R_OK;
}

static int script_tag(kit_html *h, kit_buf *out, const kit_value *el)
{
	taken tk;
	if (open_tag(h, out, "script", el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	if (inner_html(h, out, "script", &tk) < 0)
		return R_FAIL;
	if (tk.children && tk.children->kind == KIT_STRING)
		escape_raw_text(out, tk.children->u.str.ptr, tk.children->u.str.len, "script", "\\u0073", "\\u0053");
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
		js_to_string(&b, child, 0);
		escape_raw_text(out, b.data, b.len, "style", "\\73 ", "\\53 ");
		kit_buf_free(&b);
	}
	return inner_html(h, out, "style", tk);
}

static int link_tag(kit_html *h, kit_buf *out, const kit_value *el)
{
	taken tk;
	if (open_tag(h, out, "link", el, NULL, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return fail(h, "<link> is a self-closing tag and must neither have `children` nor use "
			    "`dangerouslySetInnerHTML`");
	kit_buf_puts(out, "/>");
	return R_OK;
}

/* ---- hoisted resources ---- */

static style_queue *style_queue_for(kit_html *h, const kit_value *precedence)
{
	for (size_t i = 0; i < h->nstyles; i++)
		if (h->styles[i].plen == precedence->u.str.len &&
		    memcmp(h->styles[i].precedence, precedence->u.str.ptr, precedence->u.str.len) == 0)
			return &h->styles[i];
	if (h->nstyles == h->capstyles) {
		h->capstyles = h->capstyles ? h->capstyles * 2 : 4;
		h->styles = xrealloc(h->styles, h->capstyles * sizeof *h->styles);
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
	if (open_tag(h, &q->sheets, "link", el, skip, &tk) < 0)
		return R_FAIL;
	if (tk.children || tk.inner_html)
		return fail(h, "<link> is a self-closing tag and must neither have `children` nor use "
			    "`dangerouslySetInnerHTML`");
	attr_value(&q->sheets, "data-precedence", 15, precedence);
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
	escape(&q->hrefs, href->u.str.ptr, href->u.str.len);
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
		h->high_order = xrealloc(h->high_order, h->caphigh * sizeof *h->high_order);
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
	    (!js_truthy(src) && !js_truthy(srcset)) || (!is_nullish(src) && src->kind != KIT_STRING) ||
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
	if (js_truthy(srcset)) {
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
		{ "href", js_truthy(srcset) ? NULL : src }, { "imageSrcSet", srcset }, { "imageSizes", sizes },
		{ "crossOrigin", cross }, { "integrity", prop(img, "integrity") }, { "type", prop(img, "type") },
		{ "fetchPriority", priority }, { "referrerPolicy", prop(img, "referrerPolicy") },
	};
	kit_buf link;
	kit_buf_init(&link);
	kit_buf_puts(&link, "<link");
	for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++)
		if (!is_nullish(attrs[i].v) &&
		    push_attribute(h, &link, attrs[i].name, strlen(attrs[i].name), attrs[i].v, "link") < 0) {
			kit_buf_free(&link);
			kit_buf_free(&key);
			return R_FAIL;
		}
	kit_buf_puts(&link, "/>");
	if (h->nimages == h->capimages) {
		h->capimages = h->capimages ? h->capimages * 2 : 16;
		h->images = xrealloc(h->images, h->capimages * sizeof *h->images);
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
static void flush_resources(kit_html *h, kit_buf *out, int late)
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
			escape(out, q->precedence, q->plen);
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

/* ---- elements ---- */

static void text_separator_if(segment *seg, int text_embedded)
{
	if (text_embedded)
		kit_buf_puts(seg->out, "<!-- -->");
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
		escape(name, id, strlen(id));
		return 1;
	}
	kit_buf_printf(name, "$ACTION_REF_%u", n);
	kit_buf_printf(fields, "<input type=\"hidden\" name=\"$ACTION_%u:1\" value=\"", n);
	escape(fields, bound, strlen(bound));
	kit_buf meta;
	kit_buf_init(&meta);
	kit_buf_puts(&meta, "{\"id\":");
	kit_json_write_string(&meta, id, strlen(id));
	kit_buf_puts(&meta, ",\"bound\":\"$@1\"}");
	kit_buf_printf(fields, "\"/><input type=\"hidden\" name=\"$ACTION_%u:0\" value=\"", n);
	escape(fields, meta.data, meta.len);
	kit_buf_puts(fields, "\"/>");
	kit_buf_free(&meta);
	const char *key = kit_v_server_ref_extra(v, "kitKey");
	if (key) {
		kit_buf_puts(fields, "<input type=\"hidden\" name=\"$ACTION_KEY\" value=\"");
		escape(fields, key, strlen(key));
		kit_buf_puts(fields, "\"/>");
	}
	kit_buf_free(&args);
	return 1;
}

static int push_named(kit_html *h, kit_buf *out, const char *tag, const char *name, const kit_value *v)
{
	return v ? push_attribute(h, out, name, strlen(name), v, tag) : R_OK;
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
	js_to_string(out, v, depth);
}

static int option_selected(const kit_value *selected, const kit_value *value, const kit_value *children)
{
	kit_buf want, got;
	kit_buf_init(&want);
	kit_buf_init(&got);
	if (value)
		js_to_string(&want, value, 0);
	else
		flatten_option_text(&want, children, 0);
	int match = 0;
	size_t n = selected->kind == KIT_ARRAY ? selected->u.arr.len : 1;
	for (size_t i = 0; i < n && !match; i++) {
		kit_buf_reset(&got);
		js_to_string(&got, selected->kind == KIT_ARRAY ? selected->u.arr.items[i] : selected, 0);
		match = got.len == want.len && (got.len == 0 || memcmp(got.data, want.data, got.len) == 0);
	}
	kit_buf_free(&want);
	kit_buf_free(&got);
	return match;
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
		h->hoisted = xrealloc(h->hoisted, h->caphoisted * sizeof *h->hoisted);
	}
	h->hoisted[h->nhoisted++] = el;
	return 0;
}

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
		if (open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(out, '>');
		*children = tk.children;
		return inner_html(h, out, tag, &tk);
	}
	if (IS(tag, tn, "option")) {
		static const char *const names[] = { "selected", NULL };
		if (open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		const kit_value *value = prop(el, "value");
		if (is_nullish(value))
			value = NULL;
		if (ctx->selected ? option_selected(ctx->selected, value, tk.children) : js_truthy(tk.named[0]))
			kit_buf_puts(out, " selected=\"\"");
		kit_buf_putc(out, '>');
		*children = tk.children;
		return inner_html(h, out, tag, &tk);
	}
	if (IS(tag, tn, "textarea")) {
		static const char *const names[] = { "value", "defaultValue", NULL };
		if (open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		if (tk.inner_html)
			return fail(h, "<textarea>: `dangerouslySetInnerHTML` does not make sense on <textarea>");
		const kit_value *value = tk.named[0] ? tk.named[0] : tk.named[1];
		kit_buf_putc(out, '>');
		kit_buf text;
		kit_buf_init(&text);
		if (tk.children) {
			if (value)
				return fail(h, "<textarea>: if you supply `defaultValue` on a <textarea>, do not pass children");
			if (tk.children->kind == KIT_ARRAY && tk.children->u.arr.len > 1)
				return fail(h, "<textarea> can only have at most one child");
			js_to_string(&text, tk.children, 0);
			if (text.len && text.data[0] == '\n')
				kit_buf_putc(out, '\n');
		} else if (value) {
			js_to_string(&text, value, 0);
			if (value->kind == KIT_STRING && text.len && text.data[0] == '\n')
				kit_buf_putc(out, '\n');
		}
		escape(out, text.data, text.len);
		kit_buf_free(&text);
		return R_OK;
	}
	if (IS(tag, tn, "input") || IS(tag, tn, "button")) {
		int input = tag[0] == 'i';
		if (open_tag(h, out, tag, el, input ? input_names : button_names, &tk) < 0)
			return R_FAIL;
		if (input && (tk.children || tk.inner_html))
			return fail(h, "<input> is a self-closing tag and must neither have `children` nor use "
				    "`dangerouslySetInnerHTML`");
		kit_buf aname, afields;
		kit_buf_init(&aname);
		kit_buf_init(&afields);
		int action = form_action_fields(h, resolve(tk.named[1]), &aname, &afields);
		if (action) {
			/* Fizz with a server reference's $$FORM_ACTION (docs/actions.md §2):
			 * the button submits the action's id as its name, natively */
			kit_buf_puts(out, " name=\"");
			kit_buf_put(out, aname.data, aname.len);
			kit_buf_puts(out, "\" formAction=\"\" formEncType=\"multipart/form-data\" formMethod=\"POST\"");
		}
		kit_buf_free(&aname);
		for (int k = 0; k < 5 && !action; k++)
			if (push_named(h, out, tag, input_names[k], tk.named[k]) < 0) {
				kit_buf_free(&afields);
				return R_FAIL;
			}
		if (input) {
			const kit_value *checked = tk.named[7] ? tk.named[7] : tk.named[5];
			const kit_value *value = tk.named[8] ? tk.named[8] : tk.named[6];
			if (checked)
				boolean_attr(out, "checked", checked);
			if (push_named(h, out, tag, "value", value) < 0) {
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
		if (inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "form")) {
		static const char *const names[] = { "action", "encType", "method", "target", NULL };
		if (open_tag(h, out, tag, el, names, &tk) < 0)
			return R_FAIL;
		kit_buf aname, afields;
		kit_buf_init(&aname);
		kit_buf_init(&afields);
		int action = form_action_fields(h, resolve(tk.named[0]), &aname, &afields);
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
			if (push_named(h, out, tag, names[k], tk.named[k]) < 0)
				return R_FAIL;
		kit_buf_putc(out, '>');
		if (inner_html(h, out, tag, &tk) < 0)
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
			else if (push_attribute(h, out, p->key, p->keylen, v, tag) < 0)
				return R_FAIL;
		}
		kit_buf_putc(out, '>');
		if (inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "menuitem")) {
		if (open_tag(h, out, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		if (tk.children || tk.inner_html)
			return fail(h, "<menuitem> cannot have `children` nor `dangerouslySetInnerHTML`");
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
				js_to_string(&s, v, 0);
				if (s.len)
					url_attr(out, "data", v);
				kit_buf_free(&s);
			} else if (push_attribute(h, out, p->key, p->keylen, v, tag) < 0) {
				return R_FAIL;
			}
		}
		kit_buf_putc(out, '>');
		if (inner_html(h, out, tag, &tk) < 0)
			return R_FAIL;
		goto string_children;
	}
	if (IS(tag, tn, "title")) {
		if (in_svg || noscript || item_prop)
			return title_tag(h, out, el);
		return fallback || hoisted_before(h, el) ? R_OK : title_tag(h, &h->hoistables, el);
	}
	if (IS(tag, tn, "link")) {
		const kit_value *rel = prop(el, "rel"), *href = prop(el, "href");
		if (in_svg || noscript || item_prop || !rel || rel->kind != KIT_STRING || !href ||
		    href->kind != KIT_STRING || href->u.str.len == 0)
			return link_tag(h, out, el);
		if (IS(rel->u.str.ptr, rel->u.str.len, "stylesheet")) {
			if (!prop_is_string(el, "precedence") || !is_nullish(prop(el, "disabled")) ||
			    js_truthy(prop(el, "onLoad")) || js_truthy(prop(el, "onError")))
				return link_tag(h, out, el);
			text_separator_if(seg, text_embedded);
			return stylesheet_resource(h, el);
		}
		if (js_truthy(prop(el, "onLoad")) || js_truthy(prop(el, "onError")))
			return link_tag(h, out, el);
		text_separator_if(seg, text_embedded);
		return fallback || hoisted_before(h, el) ? R_OK : link_tag(h, &h->hoistables, el);
	}
	if (IS(tag, tn, "script")) {
		const kit_value *src = prop(el, "src"), *async = prop(el, "async");
		if (!src || src->kind != KIT_STRING || !src->u.str.len || !js_truthy(async) || js_fn_or_symbol(async) ||
		    js_truthy(prop(el, "onLoad")) || js_truthy(prop(el, "onError")) || in_svg || noscript || item_prop)
			return script_tag(h, out, el);
		const kit_value *type = prop(el, "type");
		strlist *seen = type && type->kind == KIT_STRING && IS(type->u.str.ptr, type->u.str.len, "module")
			? &h->module_srcs : &h->script_srcs;
		if (!strlist_has(seen, src->u.str.ptr, src->u.str.len)) {
			strlist_add(seen, src->u.str.ptr, src->u.str.len);
			if (script_tag(h, &h->scripts, el) < 0)
				return R_FAIL;
		}
		text_separator_if(seg, text_embedded);
		return R_OK;
	}
	if (IS(tag, tn, "style")) {
		const kit_value *href = prop(el, "href");
		if (in_svg || noscript || item_prop || !prop_is_string(el, "precedence") || !href ||
		    href->kind != KIT_STRING || href->u.str.len == 0) {
			if (open_tag(h, out, tag, el, NULL, &tk) < 0)
				return R_FAIL;
			kit_buf_putc(out, '>');
			if (style_text(h, out, &tk) < 0)
				return R_FAIL;
			kit_buf_puts(out, "</style>");
			return R_OK;
		}
		if (style_resource(h, el) < 0)
			return R_FAIL;
		text_separator_if(seg, text_embedded);
		return R_OK;
	}
	if (IS(tag, tn, "meta")) {
		if (in_svg || noscript || item_prop)
			return self_closing(h, out, tag, el);
		text_separator_if(seg, text_embedded);
		if (fallback || hoisted_before(h, el))
			return R_OK;
		const kit_value *name = prop(el, "name");
		kit_buf *target = prop_is_string(el, "charSet") ? &h->charset
			: name && name->kind == KIT_STRING && IS(name->u.str.ptr, name->u.str.len, "viewport") ? &h->viewport
			: &h->hoistables;
		return self_closing(h, target, tag, el);
	}
	if (IS(tag, tn, "listing") || IS(tag, tn, "pre")) {
		if (open_tag(h, out, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(out, '>');
		if (tk.inner_html) {
			if (tk.children)
				return fail(h, "<%s>: can only set one of `children` or `props.dangerouslySetInnerHTML`", tag);
			const kit_value *html = tk.inner_html->kind == KIT_OBJECT ? kit_v_get(tk.inner_html, "__html") : NULL;
			if (!html)
				return fail(h, "<%s>: `props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`", tag);
			html = resolve(html);
			if (html->kind == KIT_STRING && html->u.str.len && html->u.str.ptr[0] == '\n')
				kit_buf_putc(out, '\n');
			if (!is_nullish(html))
				js_to_string(out, html, 0);
		}
		if (tk.children && tk.children->kind == KIT_STRING && tk.children->u.str.len &&
		    tk.children->u.str.ptr[0] == '\n')
			kit_buf_putc(out, '\n');
		*children = tk.children;
		return R_OK;
	}
	if (IS(tag, tn, "img")) {
		if (image_preload_for(h, ctx, el) < 0)
			return R_FAIL;
		return self_closing(h, out, tag, el);
	}
	if (IN(void_tags, tag, tn))
		return self_closing(h, out, tag, el);
	if ((IS(tag, tn, "head") || IS(tag, tn, "body")) && ctx->mode < MODE_BODY) {
		int head = tag[0] == 'h';
		if (head ? h->has_head_open : h->has_body_open)
			return fail(h, "the `<%s>` tag may only be rendered once", tag);
		kit_buf *target = head ? &h->head_open : &h->body_open;
		if (open_tag(h, target, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(target, '>');
		if (head)
			h->has_head_open = 1;
		else
			h->has_body_open = 1;
		*children = tk.children;
		return inner_html(h, target, tag, &tk);
	}
	if (IS(tag, tn, "html") && ctx->mode == MODE_ROOT) {
		if (h->has_html_open)
			return fail(h, "the `<html>` tag may only be rendered once");
		kit_buf_puts(&h->html_open, "<!DOCTYPE html>");
		if (open_tag(h, &h->html_open, tag, el, NULL, &tk) < 0)
			return R_FAIL;
		kit_buf_putc(&h->html_open, '>');
		h->has_html_open = 1;
		*children = tk.children;
		return inner_html(h, &h->html_open, tag, &tk);
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
				if (style_attr(h, out, v, tag) < 0)
					return R_FAIL;
			} else if (!IS(p->key, p->keylen, "suppressContentEditableWarning") &&
				   !IS(p->key, p->keylen, "suppressHydrationWarning") && !IS(p->key, p->keylen, "ref") &&
				   attribute_name_safe(p->key, p->keylen) && !js_fn_or_symbol(v) &&
				   !(v->kind == KIT_BOOL && !v->u.boolean)) {
				const char *an = IS(p->key, p->keylen, "className") ? "class" : p->key;
				size_t al = an == p->key ? p->keylen : 5;
				if (v->kind == KIT_BOOL)
					attr_empty(out, an, al);
				else if (js_typeof(v) != JS_OBJECT)
					attr_value(out, an, al, v);
			}
		}
		kit_buf_putc(out, '>');
		*children = tk.children;
		return inner_html(h, out, tag, &tk);
	}
	/* pushStartGenericElement */
	if (open_tag(h, out, tag, el, NULL, &tk) < 0)
		return R_FAIL;
	kit_buf_putc(out, '>');
	if (inner_html(h, out, tag, &tk) < 0)
		return R_FAIL;
string_children:
	/* A sole string child is written with the start tag. */
	if (tk.children && tk.children->kind == KIT_STRING)
		escape(out, tk.children->u.str.ptr, tk.children->u.str.len);
	else
		*children = tk.children;
	return R_OK;
}

static int render_host(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	const kit_value *type = resolve(el->u.elem.type);
	const char *tag = type->u.str.ptr;
	size_t tn = type->u.str.len;
	if (!valid_tag(tag, tn))
		return fail(h, "invalid tag: <%.64s>", tag);
	const kit_value *children;
	if (start_instance(h, ctx, seg, tag, tn, el, &children) < 0)
		return R_FAIL;
	seg->last_text = 0;
	hctx c = child_context(ctx, tag, tn, el);
	int rc;
	if (c.mode == MODE_HEAD && ctx->mode != MODE_HEAD) {
		/* The head's own children go to the preamble, after the hoisted ones. */
		segment head = { &h->head_children, 0 };
		rc = render_node(h, &c, &head, children);
	} else {
		rc = render_node(h, &c, seg, children);
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

/* A row that is not READY where a node is rendered. */
static int not_ready(kit_html *h, const hctx *ctx, const kit_row *r)
{
	if (r->state == KIT_ROW_PENDING) {
		if (!ctx->b) {
			h->not_ready = 1;
			return fail(h, "row %x is still pending outside any <Suspense> boundary: the shell needs it", r->id);
		}
		ctx->b->pending = 1;
		return R_OK;
	}
	if (!ctx->b)
		return fail(h, "row %x failed (digest \"%s\") outside any <Suspense> boundary", r->id,
			    r->digest ? r->digest : "");
	ctx->b->digest = r->digest;
	return R_ERRORED;
}

/* "<prefix>B:<hex>" (kind 'B') or "<prefix>S:<hex>" (kind 'S'). */
static void boundary_id(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	if (h->opts.id_prefix)
		kit_buf_puts(out, h->opts.id_prefix);
	kit_buf_printf(out, "%c:%x", kind, id);
}

static void boundary_id_attr(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	kit_buf b;
	kit_buf_init(&b);
	boundary_id(h, &b, kind, id);
	escape(out, b.data, b.len);
	kit_buf_free(&b);
}

static void remember_pending(kit_html *h, const kit_value *el, const hctx *ctx, unsigned id)
{
	if (h->npending == h->cappending) {
		h->cappending = h->cappending ? h->cappending * 2 : 8;
		h->pending = xrealloc(h->pending, h->cappending * sizeof *h->pending);
	}
	pending_boundary *p = &h->pending[h->npending++];
	p->el = el;
	p->ctx = *ctx;
	p->ctx.b = NULL;
	p->id = id;
	p->done = 0;
}

/* A boundary's children into content, as Fizz's content segment: its own
 * text run (no separator at its edges), the boundary's formatting context. */
static int render_content(kit_html *h, const hctx *ctx, const kit_value *el, kit_buf *content, boundary *b)
{
	segment cs = { content, 0 };
	hctx cc = *ctx;
	cc.b = b;
	cc.depth++;
	return render_node(h, &cc, &cs, kit_v_get(el, "children"));
}

static int render_suspense(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	boundary b = { 0 };
	kit_buf content;
	kit_buf_init(&content);
	size_t npending = h->npending;
	unsigned first_id = h->next_id;
	int rc = render_content(h, ctx, el, &content, &b);
	kit_buf *out = seg->out;
	if (rc == R_OK && !b.pending) {
		kit_buf_puts(out, "<!--$-->");
		kit_buf_put(out, content.data, content.len);
		kit_buf_free(&content);
		kit_buf_puts(out, "<!--/$-->");
		seg->last_text = 0;
		return R_OK;
	}
	/* The content is not written now: boundaries inside it get their ids
	 * when it is. (What it hoisted stays queued, as in Fizz, which keeps the
	 * resources of what it rendered before suspending or failing.) */
	h->npending = npending;
	h->next_id = first_id;
	kit_buf_free(&content);
	if (rc == R_FAIL)
		return R_FAIL;
	if (rc == R_ERRORED) {
		kit_buf_puts(out, "<!--$!--><template");
		if (b.digest && strcmp(b.digest, CLIENT_ONLY_DIGEST) == 0) {
			/* a client-only bailout: React's client renders it without reporting an error */
			kit_buf_puts(out, " data-dgst=\"\"");
		} else if (b.digest && *b.digest) {
			kit_buf_puts(out, " data-dgst=\"");
			escape(out, b.digest, strlen(b.digest));
			kit_buf_putc(out, '"');
		}
		kit_buf_puts(out, "></template>");
	} else {
		unsigned id = h->next_id++;
		kit_buf_puts(out, "<!--$?--><template id=\"");
		boundary_id_attr(h, out, 'B', id);
		kit_buf_puts(out, "\"></template>");
		remember_pending(h, el, ctx, id);
	}
	segment fs = { out, 0 };
	hctx fc = *ctx;
	fc.scope |= SCOPE_FALLBACK;
	fc.depth++;
	if (rc != R_ERRORED)
		fc.in_fallback_of = h->npending;
	rc = render_node(h, &fc, &fs, kit_v_get(el, "fallback"));
	if (rc != R_OK)
		return rc;
	kit_buf_puts(out, "<!--/$-->");
	seg->last_text = 0;
	return R_OK;
}

static int render_element(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el)
{
	const kit_value *type = el->u.elem.type;
	if (type && type->kind == KIT_LAZY) {
		const kit_row *r = type->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			goto client;
		if (r->state != KIT_ROW_READY)
			return not_ready(h, ctx, r);
		type = resolve(type);
	}
	switch (type ? type->kind : KIT_NULL) {
	case KIT_STRING:
		return render_host(h, ctx, seg, el);
	case KIT_CLIENT_REF:
		goto client;
	case KIT_SYMBOL: {
		const char *name = type->u.str.ptr;
		if (strcmp(name, "react.suspense") == 0)
			return render_suspense(h, ctx, seg, el);
		if (strcmp(name, "kit.formstate") == 0) {
			/* Fizz's form state markers before a component's output: one per
			 * useActionState hook, "F!" for the hook a no-JS post answered
			 * (walk.c, js/server/hooks.ts) */
			const kit_value *mk = prop(el, "markers");
			for (size_t i = 0; mk && mk->kind == KIT_STRING && i < mk->u.str.len; i++)
				kit_buf_puts(seg->out, mk->u.str.ptr[i] == '!' ? "<!--F!-->" : "<!--F-->");
			return render_node(h, ctx, seg, kit_v_get(el, "children"));
		}
		if (strcmp(name, "kit.scope") == 0) {
			/* the engine's marker around server-rendered children of a client component */
			const kit_value *n = prop(el, "scope");
			hctx c = *ctx;
			if (n && n->kind == KIT_NUMBER)
				c.client_scope = (int)n->u.number;
			/* React's tree context where the client component put the node (useId) */
			const kit_value *tid = prop(el, "treeId"), *tov = prop(el, "treeOverflow");
			if (tid && tid->kind == KIT_NUMBER && tov && tov->kind == KIT_STRING) {
				c.tree_id = (unsigned)tid->u.number;
				c.tree_overflow = tov->u.str.ptr;
			}
			return render_node(h, &c, seg, kit_v_get(el, "children"));
		}
		if (strcmp(name, "react.fragment") == 0 || strcmp(name, "react.strict_mode") == 0 ||
		    strcmp(name, "react.profiler") == 0 || strcmp(name, "react.legacy_hidden") == 0)
			return render_node(h, ctx, seg, kit_v_get(el, "children"));
		if (strcmp(name, "react.activity") == 0) {
			const kit_value *mode = prop(el, "mode");
			if (mode && mode->kind == KIT_STRING && IS(mode->u.str.ptr, mode->u.str.len, "hidden"))
				return R_OK;
			kit_buf_puts(seg->out, "<!--&-->");
			seg->last_text = 0;
			int rc = render_node(h, ctx, seg, kit_v_get(el, "children"));
			if (rc != R_OK)
				return rc;
			kit_buf_puts(seg->out, "<!--/&-->");
			seg->last_text = 0;
			return R_OK;
		}
		return fail(h, "element type Symbol(%.80s) is not supported by the HTML renderer", name);
	}
	default:
		return fail(h, "element with an invalid type (expected a tag name, a symbol or a client reference)");
	}
client: {
	const kit_client_ref *ref = type->kind == KIT_CLIENT_REF ? type->u.ref : type->u.lazy->ref;
	if (!h->opts.render_client)
		return fail(h, "client component \"%s\" from module \"%s\" cannot be rendered: no client renderer "
			    "was given (kit_html_opts.render_client)", ref->export_name ? ref->export_name : "",
			    ref->module_id ? ref->module_id : "");
	kit_value *tree = h->opts.render_client(h->opts.client_ctx, h->m, el, ctx->tree_id, ctx->tree_overflow,
						ctx->client_scope);
	hctx c = *ctx;
	c.depth++;
	return tree ? render_node(h, &c, seg, tree) : R_OK;
}
}

static void object_keys(kit_buf *b, const kit_value *v)
{
	for (size_t i = 0; i < v->u.obj.len && b->len < 200; i++) {
		if (i)
			kit_buf_puts(b, ", ");
		kit_buf_put(b, v->u.obj.props[i].key, v->u.obj.props[i].keylen);
	}
}

static int render_node(kit_html *h, const hctx *ctx, segment *seg, const kit_value *v)
{
	if (!v)
		return R_OK;
	if (ctx->depth > HTML_MAX_DEPTH)
		return fail(h, "tree nested deeper than %d levels (a cycle in the model?)", HTML_MAX_DEPTH);
	char num[32];
	hctx c;
	switch (v->kind) {
	case KIT_UNDEFINED:
	case KIT_NULL:
	case KIT_BOOL:
	case KIT_SYMBOL:
	case KIT_CLIENT_REF:
	case KIT_SERVER_REF:
		return R_OK;
	case KIT_STRING:
	case KIT_BIGINT:
	case KIT_NUMBER: {
		const char *s = num;
		size_t n;
		if (v->kind == KIT_NUMBER) {
			n = kit_json_format_number(num, v->u.number);
		} else {
			s = v->u.str.ptr;
			n = v->u.str.len;
		}
		if (n == 0)
			return R_OK;
		text_separator_if(seg, seg->last_text);
		escape(seg->out, s, n);
		seg->last_text = 1;
		return R_OK;
	}
	case KIT_ARRAY:
		c = *ctx;
		c.depth++;
		for (size_t i = 0; i < v->u.arr.len; i++) {
			/* React forks the tree context for every array child */
			kit_tree_push(h->m->arena, ctx->tree_id, ctx->tree_overflow, (unsigned)v->u.arr.len, (unsigned)i,
				      &c.tree_id, &c.tree_overflow);
			int rc = render_node(h, &c, seg, v->u.arr.items[i]);
			if (rc != R_OK)
				return rc;
		}
		return R_OK;
	case KIT_MAP:
	case KIT_SET:
		/* Iterables render like arrays (a Map's items are [key, value] pairs). */
		if (v->u.lazy->state != KIT_ROW_READY)
			return not_ready(h, ctx, v->u.lazy);
		c = *ctx;
		c.depth++;
		return render_node(h, &c, seg, v->u.lazy->value);
	case KIT_ELEMENT:
		return render_element(h, ctx, seg, v);
	case KIT_PROMISE:  /* a thenable child renders as its value, as in Fizz */
	case KIT_LAZY: {
		const kit_row *r = v->u.lazy;
		if (r->kind == KIT_ROWK_IMPORT)
			return R_OK;
		if (r->state != KIT_ROW_READY)
			return not_ready(h, ctx, r);
		c = *ctx;
		c.depth++;
		return render_node(h, &c, seg, r->value);
	}
	case KIT_DATE:
		return fail(h, "Objects are not valid as a React child (found: [object Date])");
	case KIT_OBJECT: {
		kit_buf keys;
		kit_buf_init(&keys);
		object_keys(&keys, v);
		fail(h, "Objects are not valid as a React child (found: object with keys {%s}). If you meant to "
		     "render a collection of children, use an array instead", kit_buf_cstr(&keys));
		kit_buf_free(&keys);
		return R_FAIL;
	}
	}
	return R_OK;
}

/* ---- streaming: completions of pending boundaries ---- */

/* Our inline runtime, defined once per response in front of the first
 * completion or error script. React's client only needs the DOM to end up as
 * Fizz's own scripts leave it (react-wire.md §2.2, §3 rules 5-6); the text is
 * ours, the names ($KC, $KX) cannot clash with React's ($RC, $RX...).
 *
 * $KC(b, s) completes boundary b with the children of the hidden container s:
 * the <template id=b> follows the boundary's "<!--$?-->" comment; the nodes
 * from the template up to the matching "<!--/$-->" (nested $ $? $! $~ & /
 * /$ /& markers counted) are removed: template and fallback. The container's
 * children go before that end comment, the container is removed, the comment
 * becomes "$" and its _reactRetry (set by React while it waits to hydrate a
 * "$?" boundary) is called. The reveal is immediate: 19.3's $RC batches
 * reveals on an animation frame, throttled to 300 ms, a visual nicety only.
 *
 * $KX(b, d) marks boundary b client-rendered: the comment becomes "$!", the
 * digest (when given) goes to the template's data-dgst, _reactRetry is
 * called; React then renders the boundary in the browser.
 *
 * Both do nothing (beyond dropping the container) when the boundary is gone
 * or no longer "$?" — React may have client-rendered it already. ES5, no
 * '<' anywhere, so the text is safe inside <script>. */
static const char runtime_js[] =
	"$KC=function(b,s){var d=document,c=d.getElementById(s),t=d.getElementById(b),m=t&&t.previousSibling,"
	"p,e,n=0,x;if(c){c.parentNode.removeChild(c);if(m&&m.data=='$?'){for(p=m.parentNode,e=t;e;e=e.nextSibling)"
	"if(e.nodeType==8){x=e.data;if(x=='/$'||x=='/&'){if(!n)break;n--}"
	"else if(x=='$'||x=='$?'||x=='$!'||x=='$~'||x=='&')n++}"
	"if(e){for(;m.nextSibling!=e;)p.removeChild(m.nextSibling);"
	"for(;c.firstChild;)p.insertBefore(c.firstChild,e);m.data='$';m._reactRetry&&m._reactRetry()}}}};"
	"$KX=function(b,g){var t=document.getElementById(b),m=t&&t.previousSibling;if(m&&m.data=='$?'){"
	"m.data='$!';g!=null&&t.setAttribute('data-dgst',g);m._reactRetry&&m._reactRetry()}};";

/* A JS string literal safe inside <script>: JSON escaping, and '<' (which
 * could start "</script" or "<!--") and U+2028/2029 as \u escapes — Fizz's
 * escapeJSStringsForInstructionScripts. */
static void js_string(kit_buf *out, const char *s, size_t n)
{
	kit_buf j;
	kit_buf_init(&j);
	kit_json_write_string(&j, s, n);
	const unsigned char *p = (const unsigned char *)j.data;
	for (size_t i = 0; i < j.len; i++) {
		if (p[i] == '<') {
			kit_buf_puts(out, "\\u003c");
		} else if (p[i] == 0xE2 && i + 2 < j.len && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) {
			kit_buf_puts(out, p[i + 2] == 0xA8 ? "\\u2028" : "\\u2029");
			i += 2;
		} else {
			kit_buf_putc(out, (char)p[i]);
		}
	}
	kit_buf_free(&j);
}

static void boundary_id_js(kit_html *h, kit_buf *out, char kind, unsigned id)
{
	kit_buf b;
	kit_buf_init(&b);
	boundary_id(h, &b, kind, id);
	js_string(out, b.data, b.len);
	kit_buf_free(&b);
}

/* "<script>$KX("B:n","digest")</script>"; no digest argument when it is empty,
 * as Fizz (an empty onError result is no digest). */
static void error_script(kit_html *h, kit_buf *out, unsigned id, const char *digest)
{
	kit_buf_puts(out, "<script>$KX(");
	boundary_id_js(h, out, 'B', id);
	if (digest && strcmp(digest, CLIENT_ONLY_DIGEST) == 0) {
		kit_buf_puts(out, ",\"\"");  /* data-dgst="": a silent client render */
	} else if (digest && *digest) {
		kit_buf_putc(out, ',');
		js_string(out, digest, strlen(digest));
	}
	kit_buf_puts(out, ")</script>");
}

/* The hidden container Fizz's writeStartSegment picks for the boundary's
 * insertion mode: the content must parse the same way out of context. */
static void container_open(kit_html *h, kit_buf *out, int mode, unsigned id)
{
	static const char *const open[] = {
		[MODE_SVG] = "<svg aria-hidden=\"true\" style=\"display:none\" id=\"",
		[MODE_MATHML] = "<math aria-hidden=\"true\" style=\"display:none\" id=\"",
		[MODE_TABLE] = "<table hidden id=\"",
		[MODE_TABLE_BODY] = "<table hidden><tbody id=\"",
		[MODE_TABLE_ROW] = "<table hidden><tr id=\"",
		[MODE_COLGROUP] = "<table hidden><colgroup id=\"",
	};
	kit_buf_puts(out, mode < MODE_SVG ? "<div hidden id=\"" : open[mode]);
	boundary_id_attr(h, out, 'S', id);
	kit_buf_puts(out, "\">");
}

static void container_close(kit_buf *out, int mode)
{
	static const char *const close[] = {
		[MODE_SVG] = "</svg>", [MODE_MATHML] = "</math>", [MODE_TABLE] = "</table>",
		[MODE_TABLE_BODY] = "</tbody></table>", [MODE_TABLE_ROW] = "</tr></table>",
		[MODE_COLGROUP] = "</colgroup></table>",
	};
	kit_buf_puts(out, mode < MODE_SVG ? "</div>" : close[mode]);
}

/* Boundary i completed: its fallback leaves the document, and with it the
 * boundaries pending inside, which are no longer owed (as Fizz aborts the
 * fallback's tasks). */
static void drop_fallback_boundaries(kit_html *h, size_t i)
{
	for (size_t j = i + 1; j < h->npending; j++)
		for (size_t f = h->pending[j].ctx.in_fallback_of; f && !h->pending[j].done;
		     f = h->pending[f - 1].ctx.in_fallback_of)
			if (f - 1 == i)
				h->pending[j].done = 1;
}

/* Appends scripts (whose first "<script>" starts at first_script) to out,
 * with the runtime inside the first script when the response has none yet. */
static void put_scripts(kit_html *h, kit_buf *out, const kit_buf *scripts, size_t first_script)
{
	if (!scripts->len)
		return;
	if (h->runtime_written) {
		kit_buf_put(out, scripts->data, scripts->len);
		return;
	}
	size_t at = first_script + sizeof "<script>" - 1;
	kit_buf_put(out, scripts->data, at);
	kit_buf_puts(out, runtime_js);
	kit_buf_put(out, scripts->data + at, scripts->len - at);
	h->runtime_written = 1;
}

int kit_html_write_completions(kit_html *h, kit_buf *out)
{
	h->err[0] = '\0';
	/* Fizz's flush order: hoisted resources, client-rendered (errored)
	 * boundaries, completed ones. */
	kit_buf errors, completed;
	kit_buf_init(&errors);
	kit_buf_init(&completed);
	size_t first_script = 0;
	int rc = 0;
	/* Boundaries written by this call's completions are still pending:
	 * they were written so because a row inside is. */
	size_t n = h->npending;
	for (size_t i = 0; i < n; i++) {
		pending_boundary p = h->pending[i]; /* the array grows during the render */
		if (p.done)
			continue;
		boundary b = { 0 };
		kit_buf content;
		kit_buf_init(&content);
		size_t npending = h->npending;
		unsigned first_id = h->next_id;
		int r = render_content(h, &p.ctx, p.el, &content, &b);
		if (r == R_OK && !b.pending) {
			container_open(h, &completed, p.ctx.mode, p.id);
			kit_buf_put(&completed, content.data, content.len);
			container_close(&completed, p.ctx.mode);
			if (!first_script) /* never 0: a container comes first */
				first_script = completed.len;
			kit_buf_puts(&completed, "<script>$KC(");
			boundary_id_js(h, &completed, 'B', p.id);
			kit_buf_putc(&completed, ',');
			boundary_id_js(h, &completed, 'S', p.id);
			kit_buf_puts(&completed, ")</script>");
			h->pending[i].done = 1;
			drop_fallback_boundaries(h, i);
		} else {
			h->npending = npending;
			h->next_id = first_id;
			if (r == R_FAIL && rc == 0) {
				char why[sizeof h->err];
				memcpy(why, h->err, sizeof why);
				snprintf(h->err, sizeof h->err,
					 "Suspense boundary B:%x (after the shell; left to the browser to render): %.400s",
					 p.id, why);
				rc = -1;
			}
			if (r != R_OK) {
				/* A content that cannot be rendered here is rendered by the
				 * browser, as Fizz does after onError: no digest. */
				error_script(h, &errors, p.id, r == R_ERRORED ? b.digest : NULL);
				h->pending[i].done = 1;
			}
		}
		kit_buf_free(&content);
	}
	flush_resources(h, out, 1);
	put_scripts(h, out, &errors, 0);
	put_scripts(h, out, &completed, first_script);
	kit_buf_free(&errors);
	kit_buf_free(&completed);
	return rc < 0 ? -1 : (int)kit_html_pending(h);
}

void kit_html_abort_pending(kit_html *h, kit_buf *out, const char *digest)
{
	kit_buf scripts;
	kit_buf_init(&scripts);
	for (size_t i = 0; i < h->npending; i++)
		if (!h->pending[i].done) {
			error_script(h, &scripts, h->pending[i].id, digest);
			h->pending[i].done = 1;
		}
	put_scripts(h, out, &scripts, 0);
	kit_buf_free(&scripts);
}

size_t kit_html_pending(const kit_html *h)
{
	size_t n = 0;
	for (size_t i = 0; i < h->npending; i++)
		n += !h->pending[i].done;
	return n;
}

/* ---- the API ---- */

kit_html *kit_html_new(kit_model *m, const kit_html_opts *opts)
{
	kit_html *h = calloc(1, sizeof *h);
	if (!h)
		abort();
	h->m = m;
	if (opts)
		h->opts = *opts;
	return h;
}

void kit_html_free(kit_html *h)
{
	if (!h)
		return;
	kit_buf *bufs[] = { &h->html_open, &h->head_open, &h->head_children, &h->body_open,
			    &h->charset, &h->viewport, &h->scripts, &h->hoistables };
	for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
		kit_buf_free(bufs[i]);
	for (size_t i = 0; i < h->nstyles; i++) {
		kit_buf_free(&h->styles[i].sheets);
		kit_buf_free(&h->styles[i].rules);
		kit_buf_free(&h->styles[i].hrefs);
	}
	strlist *lists[] = { &h->style_hrefs, &h->script_srcs, &h->module_srcs };
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
		free(lists[i]->s);
		free(lists[i]->n);
	}
	free(h->styles);
	free(h->pending);
	free(h->hoisted);
	free(h->images);
	free(h->high_order);
	free(h);
}

int kit_html_write(kit_html *h, const kit_value *v, kit_buf *out)
{
	h->err[0] = '\0';
	kit_buf tree;
	kit_buf_init(&tree);
	segment seg = { &tree, 0 };
	hctx ctx = { .mode = MODE_ROOT, .tree_id = 1, .tree_overflow = "" };
	h->not_ready = 0;
	if (render_node(h, &ctx, &seg, v) != R_OK) {
		kit_buf_free(&tree);
		return -1;
	}
	int preamble = !h->preamble_written && (h->has_html_open || h->has_head_open);
	if (preamble) {
		kit_buf_put(out, h->html_open.data, h->html_open.len);
		if (h->has_head_open)
			kit_buf_put(out, h->head_open.data, h->head_open.len);
		else
			kit_buf_puts(out, "<head>");
	}
	flush_resources(h, out, 0);
	if (!h->preamble_written) {
		kit_buf_put(out, h->head_children.data, h->head_children.len);
		if (preamble)
			kit_buf_puts(out, "</head>");
		kit_buf_put(out, h->body_open.data, h->body_open.len);
		h->preamble_written = 1;
	}
	kit_buf_put(out, tree.data, tree.len);
	kit_buf_free(&tree);
	return 0;
}

int kit_html_is_document(const kit_html *h)
{
	return h->owes_html || h->owes_body;
}

void kit_html_finish(kit_html *h, kit_buf *out)
{
	if (h->owes_body)
		kit_buf_puts(out, "</body>");
	if (h->owes_html)
		kit_buf_puts(out, "</html>");
	h->owes_body = h->owes_html = 0;
}

int kit_html_not_ready(const kit_html *h)
{
	return h->not_ready;
}

const char *kit_html_error(const kit_html *h)
{
	return h->err;
}
