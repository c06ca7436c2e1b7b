/* html_impl.h — what the files of the HTML encoder share (not public; the
 * API is html.h).
 *
 * The encoder is one recursive walk over the model, cut by job:
 *   html.c           the walk (nodes, elements by type, client components) and the API
 *   html_element.c   host elements: pushStartInstance's per-tag table, formatting contexts, end tags
 *   html_form.c      form controls (select/option/textarea/input/button/form), server-action fields
 *   html_resource.c  what Fizz hoists (title/meta/link/script/style, image preloads,
 *                    precedence stylesheets) and its flush order
 *   html_attr.c      pushAttribute: React DOM's property rules, style objects, start tags
 *   html_text.c      JS coercions (String(v), Number(v), truthiness) and escaping
 *   html_suspense.c  Suspense boundaries: shell markers, remembered boundaries,
 *                    completions and the inline runtime
 * Everything here is internal: names with external linkage start with html_. */
#ifndef KIT_HTML_IMPL_H
#define KIT_HTML_IMPL_H

#include <stdint.h>
#include <string.h>

#include "html.h"

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
	int in_error_boundary;     /* below kit's ErrorBoundary (error.tsx, global-error.tsx) */
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
	char err[KIT_ERR_SIZE];
	int not_ready;        /* the last failure was a pending row outside every boundary */
	int client_caught;    /* the last failure was a client component's error (HTML phase) outside
			       * every Suspense boundary: 1 below an error boundary, 2 an error (not
			       * an answer) with none above it */
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

/* ---- small helpers, inline: they run for every prop of every element ---- */

static inline int is(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* is() for a string literal, with its length known at compile time. */
#define IS(s, n, lit) ((n) == sizeof "" lit - 1 && memcmp((s), lit, sizeof lit - 1) == 0)

static inline int is_nullish(const kit_value *v)
{
	return !v || v->kind == KIT_NULL || v->kind == KIT_UNDEFINED;
}

/* Follows READY lazies; a pending or errored one stays as it is. */
static inline const kit_value *resolve(const kit_value *v)
{
	const kit_value *d = kit_v_deref(v);
	return d ? d : v;
}

/* JS typeof, as far as the attribute rules care. */
enum js_type { JS_UNDEFINED, JS_NULL, JS_BOOLEAN, JS_NUMBER, JS_BIGINT, JS_STRING, JS_SYMBOL, JS_FUNCTION, JS_OBJECT };

static inline enum js_type js_typeof(const kit_value *v)
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

static inline int js_fn_or_symbol(const kit_value *v)
{
	enum js_type t = js_typeof(v);
	return t == JS_FUNCTION || t == JS_SYMBOL;
}

static inline int in_list(const char *const *list, size_t len, const char *s, size_t n)
{
	for (size_t i = 0; i < len; i++)
		if (n && list[i][0] == s[0] && is(s, n, list[i]))
			return 1;
	return 0;
}

#define IN(list, s, n) in_list(list, sizeof list / sizeof *list, s, n)

static inline const kit_value *prop(const kit_value *el, const char *name)
{
	const kit_value *v = kit_v_get(el, name);
	return v ? resolve(v) : NULL;
}

static inline int prop_is_string(const kit_value *el, const char *name)
{
	const kit_value *v = prop(el, name);
	return v && v->kind == KIT_STRING;
}

/* The most props a writer names (<input>: 9). */
#define TAKEN_NAMED_MAX 10

/* The props a start tag takes apart: children, dangerouslySetInnerHTML and
 * any the caller names (NULL-terminated) are captured instead of written. */
typedef struct taken {
	const kit_value *children, *inner_html;
	const kit_value *named[TAKEN_NAMED_MAX]; /* the caller's names, in its order */
} taken;

static inline void text_separator_if(segment *seg, int text_embedded)
{
	if (text_embedded)
		kit_buf_puts(seg->out, "<!-- -->");
}

/* ---- html.c: errors, memory, the walk ---- */

int html_fail(kit_html *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void *html_xrealloc(void *p, size_t n);
int html_render_node(kit_html *h, const hctx *ctx, segment *seg, const kit_value *v);

/* ---- html_text.c: JS coercions and escaping ---- */

int html_js_truthy(const kit_value *v);
/* String(v), appended to out. */
void html_js_to_string(kit_buf *out, const kit_value *v, int depth);
/* Number(v) for the isNaN checks of cols/rows/size/span/rowSpan/start. */
double html_js_to_number(const kit_value *v);
/* String.prototype.trim. */
void html_js_trim(const char **s, size_t *n);
uint32_t html_utf8_next(const unsigned char *s, size_t n, size_t *len);
/* escapeTextForBrowser: & < > " ' */
void html_escape(kit_buf *out, const char *s, size_t n);
void html_escape_value(kit_buf *out, const kit_value *v);
void html_escape_raw_text(kit_buf *out, const char *s, size_t n, const char *word, const char *lower,
			  const char *upper);

/* ---- html_attr.c: attributes and start tags ---- */

void html_attr_value(kit_buf *out, const char *name, size_t n, const kit_value *v);
void html_attr_empty(kit_buf *out, const char *name, size_t n);
void html_boolean_attr(kit_buf *out, const char *name, const kit_value *v);
void html_url_attr(kit_buf *out, const char *name, const kit_value *v);
int html_attribute_name_safe(const char *s, size_t n);
int html_style_attr(kit_html *h, kit_buf *out, const kit_value *style, const char *tag);
int html_push_attribute(kit_html *h, kit_buf *out, const char *name, size_t n, const kit_value *v,
			const char *tag);
int html_open_tag(kit_html *h, kit_buf *out, const char *tag, const kit_value *el, const char *const *names,
		  taken *tk);
int html_inner_html(kit_html *h, kit_buf *out, const char *tag, const taken *tk);
int html_self_closing(kit_html *h, kit_buf *out, const char *tag, const kit_value *el);

/* ---- pushStartInstance: the per-tag writers ---- */

/* One start tag, as its writer sees it. html_element.c's table maps a tag to
 * its writer. A writer writes the start tag where it belongs (seg->out, a
 * resource queue, the preamble) and sets children to what is still to be
 * rendered as child nodes: NULL when the start tag wrote everything. */
typedef struct start_args {
	const hctx *ctx;
	segment *seg;
	const char *tag;
	size_t tn;
	const kit_value *el;
	const kit_value *children;
} start_args;

typedef int start_fn(kit_html *h, start_args *a);

/* html_element.c */
int html_render_host(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el);
int html_start_content(kit_html *h, start_args *a, const taken *tk);
/* html_form.c */
start_fn html_start_select, html_start_option, html_start_textarea, html_start_input, html_start_button,
	html_start_form;
/* html_resource.c */
start_fn html_start_title, html_start_link, html_start_script, html_start_style, html_start_meta,
	html_start_img;
/* Writes what is hoisted, in Fizz's flush order, and empties the queues;
 * late: after the shell (charset and viewport metas are dropped then). */
void html_flush_resources(kit_html *h, kit_buf *out, int late);

/* ---- html_suspense.c ---- */

int html_render_suspense(kit_html *h, const hctx *ctx, segment *seg, const kit_value *el);

#endif
