/* segmenter.c — Intl.Segmenter over ICU's ubrk (character, word and
 * sentence break iterators, as V8).
 *
 * segment(str) gives a Segments object holding the string as UTF-16 (so
 * every index is in code units, as in V8, though mujs keeps UTF-8) and one
 * break iterator that containing() and the iterators share: each call sets
 * the position it starts from. The input string itself stays in the
 * registry (js_ref) so that every segment's `input` is the same value
 * without a copy; the last of the Segments object and its iterators to be
 * collected releases it. The prototypes of Segments and of its iterator
 * are made on the first segment() call (one needs Symbol.iterator, defined
 * through JS). */
#include "intl/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uloc.h>

#include "intl/icu.h"
#include "intl/intl.h"

KIT_ICU_DECL(ubrk_open);
KIT_ICU_DECL(ubrk_close);
KIT_ICU_DECL(ubrk_following);
KIT_ICU_DECL(ubrk_preceding);
KIT_ICU_DECL(ubrk_getRuleStatus);
KIT_ICU_DECL(uloc_forLanguageTag);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(ubrk_open),      KIT_ICU_SYM(ubrk_close),         KIT_ICU_SYM(ubrk_following),
	KIT_ICU_SYM(ubrk_preceding), KIT_ICU_SYM(ubrk_getRuleStatus), KIT_ICU_SYM(uloc_forLanguageTag),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

#define TAG "Intl.Segmenter"
#define PROTO "kit.intl.Segmenter"
#define SEGMENTS "Intl.Segments"
#define SEGMENTS_PROTO "kit.intl.Segments"
#define ITERATOR "Intl.SegmentIterator"
#define ITERATOR_PROTO "kit.intl.SegmentIterator"

static const char *const granularities[] = { "grapheme", "word", "sentence", NULL };

typedef struct segmenter {
	int granularity;
	char locale[KIT_INTL_TAG_MAX];
} segmenter;

typedef struct segments {
	int refs;  /* the Segments object and each of its iterators */
	int word;
	UBreakIterator *bi;
	UChar *text;
	int32_t len;
	const char *input_ref;
} segments;

typedef struct seg_iterator {
	segments *s;
	int32_t pos;
} seg_iterator;

static void release(js_State *J, segments *s)
{
	if (--s->refs > 0)
		return;
	if (s->input_ref)
		js_unref(J, s->input_ref);
	if (s->bi)
		icu_ubrk_close(s->bi);
	free(s->text);
	free(s);
}

static void finalize_segmenter(js_State *J, void *data)
{
	(void)J;
	free(data);
}

static void finalize_segments(js_State *J, void *data)
{
	release(J, data);
}

static void finalize_iterator(js_State *J, void *data)
{
	seg_iterator *it = data;
	release(J, it->s);
	free(it);
}

static void construct(js_State *J)
{
	kit_icu_need(J, &table);
	int opts = kit_intl_constructor_options(J, 1, 2, TAG, kit_intl_options_object);
	int granularity = kit_intl_option_enum(J, opts, TAG, "granularity", granularities, 0);
	segmenter *g = kit_intl_calloc(J, sizeof *g);
	g->granularity = granularity;
	if (js_try(J)) {
		free(g);
		js_throw(J);
	}
	kit_intl_resolve(J, 1, g->locale, NULL);
	js_endtry(J);
	js_getregistry(J, PROTO);
	js_newuserdata(J, TAG, g, finalize_segmenter);
}

static void call(js_State *J)
{
	js_typeerror(J, "Constructor Intl.Segmenter requires 'new'");
}

static void resolved_options(js_State *J)
{
	segmenter *g = kit_intl_this(J, TAG, "Intl.Segmenter.prototype.resolvedOptions");
	js_newobject(J);
	kit_intl_set_string(J, "locale", g->locale);
	kit_intl_set_string(J, "granularity", granularities[g->granularity]);
}

/* pushes the segment data object of [start, end) */
static void push_segment(js_State *J, segments *s, int32_t start, int32_t end)
{
	js_newobject(J);
	kit_intl_push_u16(J, s->text + start, end - start);
	js_setproperty(J, -2, "segment");
	kit_intl_set_number(J, "index", start);
	js_getregistry(J, s->input_ref);
	js_setproperty(J, -2, "input");
	if (s->word) {
		int32_t status = icu_ubrk_getRuleStatus(s->bi);
		kit_intl_set_bool(J, "isWordLike", !(status >= UBRK_WORD_NONE && status < UBRK_WORD_NONE_LIMIT));
	}
}

static void containing(js_State *J)
{
	segments *s = kit_intl_this(J, SEGMENTS, "%Segments.prototype%.containing");
	double n = js_tonumber(J, 1);
	n = n != n ? 0 : trunc(n);
	if (n < 0 || n >= s->len) {
		js_pushundefined(J);
		return;
	}
	int32_t at = (int32_t)n;
	/* the boundary after at, then the one before that: at may be inside a
	 * surrogate pair, where ICU's preceding() steps back a segment */
	int32_t end = icu_ubrk_following(s->bi, at);
	if (end == UBRK_DONE)
		end = s->len;
	int32_t start = icu_ubrk_preceding(s->bi, end);
	if (start == UBRK_DONE)
		start = 0;
	end = icu_ubrk_following(s->bi, start);
	if (end == UBRK_DONE)
		end = s->len;
	push_segment(J, s, start, end);
}

static void iterator_next(js_State *J)
{
	seg_iterator *it = kit_intl_this(J, ITERATOR, "%SegmentIterator.prototype%.next");
	segments *s = it->s;
	js_newobject(J);
	if (it->pos >= s->len) {
		js_pushundefined(J);
		js_setproperty(J, -2, "value");
		kit_intl_set_bool(J, "done", 1);
		return;
	}
	int32_t start = it->pos, end = icu_ubrk_following(s->bi, start);
	if (end == UBRK_DONE)
		end = s->len;
	it->pos = end;
	push_segment(J, s, start, end);
	js_setproperty(J, -2, "value");
	kit_intl_set_bool(J, "done", 0);
}

static void segments_iterator(js_State *J)
{
	segments *s = kit_intl_this(J, SEGMENTS, "%Segments.prototype%[@@iterator]");
	seg_iterator *it = malloc(sizeof *it);
	if (!it)
		js_error(J, "out of memory");
	it->s = s;
	it->pos = 0;
	s->refs++;
	js_getregistry(J, ITERATOR_PROTO);
	js_newuserdata(J, ITERATOR, it, finalize_iterator);
}

/* the prototypes of Segments and of its iterator (%IteratorPrototype%'s
 * child, as V8's), made once per state */
static void make_prototypes(js_State *J)
{
	js_getregistry(J, SEGMENTS_PROTO);
	int made = js_isdefined(J, -1);
	js_pop(J, 1);
	if (made)
		return;
	js_loadstring(J, "[intl]", "(function () { try { return Object.getPrototypeOf(Object.getPrototypeOf("
				   "[][Symbol.iterator]())); } catch (e) { return Object.prototype; } })");
	js_pushundefined(J);
	js_call(J, 0);
	js_pushundefined(J);
	js_call(J, 0);
	js_newobjectx(J);
	kit_intl_to_string_tag(J, -1, "Segmenter String Iterator");
	kit_intl_method(J, iterator_next, "next", 0);
	js_setregistry(J, ITERATOR_PROTO);

	js_newobject(J);
	kit_intl_method(J, containing, "containing", 1);
	js_newcfunction(J, segments_iterator, "[Symbol.iterator]", 0);
	kit_intl_define_symbol(J, -2, "iterator");
	js_setregistry(J, SEGMENTS_PROTO);
}

static void segment(js_State *J)
{
	segmenter *g = kit_intl_this(J, TAG, "Intl.Segmenter.prototype.segment");
	const char *str = js_tostring(J, 1);
	kit_icu_need(J, &table);
	make_prototypes(J);
	segments *s = kit_intl_calloc(J, sizeof *s);
	s->refs = 1;
	s->word = g->granularity == 1;
	s->text = kit_intl_u16(str, NULL, 0, &s->len);
	if (!s->text) {
		free(s);
		js_error(J, "out of memory");
	}
	js_getregistry(J, SEGMENTS_PROTO);
	js_newuserdata(J, SEGMENTS, s, finalize_segments);
	js_copy(J, 1);
	s->input_ref = js_ref(J);
	char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX];
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(g->locale, id, (int32_t)sizeof id, NULL, &st);
	static const UBreakIteratorType types[] = { UBRK_CHARACTER, UBRK_WORD, UBRK_SENTENCE };
	s->bi = icu_ubrk_open(types[g->granularity], id, s->text, s->len, &st);
	kit_icu_check(J, st, "segment");
}

void kit_intl_segmenter_install(js_State *J)
{
	kit_intl_new_prototype(J, PROTO, TAG);
	kit_intl_method(J, resolved_options, "resolvedOptions", 0);
	kit_intl_method(J, segment, "segment", 1);
	js_newcconstructor(J, call, construct, "Segmenter", 0);
	kit_intl_method(J, kit_intl_supported_locales_of, "supportedLocalesOf", 1);
	js_defproperty(J, -2, "Segmenter", JS_DONTENUM);
}
