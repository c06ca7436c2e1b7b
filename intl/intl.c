/* intl.c — the Intl namespace and what its services share (intl.h). */
#include "intl/intl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <unicode/uloc.h>

#include "intl/icu.h"

KIT_ICU_DECL(uloc_forLanguageTag);
KIT_ICU_DECL(uloc_toLanguageTag);
KIT_ICU_DECL(uloc_canonicalize);
KIT_ICU_DECL(uloc_getDefault);
KIT_ICU_DECL(uloc_countAvailable);
KIT_ICU_DECL(uloc_getAvailable);
KIT_ICU_DECL(uloc_addLikelySubtags);
KIT_ICU_DECL(uloc_getLanguage);
KIT_ICU_DECL(uloc_getCountry);

static const kit_icu_sym syms[] = {
	KIT_ICU_SYM(uloc_forLanguageTag), KIT_ICU_SYM(uloc_toLanguageTag), KIT_ICU_SYM(uloc_canonicalize),
	KIT_ICU_SYM(uloc_getDefault),     KIT_ICU_SYM(uloc_countAvailable), KIT_ICU_SYM(uloc_getAvailable),
	KIT_ICU_SYM(uloc_addLikelySubtags), KIT_ICU_SYM(uloc_getLanguage), KIT_ICU_SYM(uloc_getCountry),
};
static kit_icu_table table = KIT_ICU_TABLE(syms);

const char *const kit_intl_units[] = {
	"acre",       "bit",        "byte",       "celsius",     "centimeter",  "day",
	"degree",     "fahrenheit", "fluid-ounce", "foot",       "gallon",      "gigabit",
	"gigabyte",   "gram",       "hectare",    "hour",        "inch",        "kilobit",
	"kilobyte",   "kilogram",   "kilometer",  "liter",       "megabit",     "megabyte",
	"meter",      "microsecond", "mile",      "mile-scandinavian", "milliliter", "millimeter",
	"millisecond", "minute",    "month",      "nanosecond",  "ounce",       "percent",
	"petabyte",   "pound",      "second",     "stone",       "terabit",     "terabyte",
	"week",       "yard",       "year",       NULL,
};

void *kit_intl_calloc(js_State *J, size_t size)
{
	void *p = calloc(1, size);
	if (!p)
		js_error(J, "out of memory");
	return p;
}

/* A well-formed tag's canonical form (`EN-us` → `en-US`, `iw` → `he`), or
 * 0 when tag is not a well-formed BCP 47 tag. */
static int canonical_tag(js_State *J, const char *tag, char out[KIT_INTL_TAG_MAX])
{
	size_t len = strlen(tag);
	if (len == 0 || len >= KIT_INTL_TAG_MAX)
		return 0;
	/* ICU reads `_` and a few legacy forms that ECMA-402 refuses */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)tag[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
			return 0;
	}
	if (tag[0] == '-' || tag[len - 1] == '-' || strstr(tag, "--"))
		return 0;
	char id[ULOC_FULLNAME_CAPACITY + KIT_INTL_TAG_MAX], canon[sizeof id];
	int32_t parsed = 0;
	UErrorCode st = U_ZERO_ERROR;
	icu_uloc_forLanguageTag(tag, id, (int32_t)sizeof id, &parsed, &st);
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || parsed != (int32_t)len)
		return 0;
	st = U_ZERO_ERROR;
	icu_uloc_canonicalize(id, canon, (int32_t)sizeof canon, &st);
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING)
		return 0;
	st = U_ZERO_ERROR;
	icu_uloc_toLanguageTag(canon, out, KIT_INTL_TAG_MAX, 1, &st);
	if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING)
		return 0;
	return 1;
}

/* pushes the tag of the list element on top (a string, or an object such as
 * an Intl.Locale whose string is its tag), replacing it */
static const char *element_tag(js_State *J)
{
	if (!js_isstring(J, -1) && !js_isobject(J, -1))
		js_typeerror(J, "Language ID should be string or object.");
	return js_tostring(J, -1);
}

static int in_list(js_State *J, int arr, const char *tag)
{
	int n = js_getlength(J, arr);
	for (int i = 0; i < n; i++) {
		js_getindex(J, arr, i);
		int same = strcmp(js_tostring(J, -1), tag) == 0;
		js_pop(J, 1);
		if (same)
			return 1;
	}
	return 0;
}

void kit_intl_canonical_list(js_State *J, int idx)
{
	kit_icu_need(J, &table);
	if (idx < 0)
		idx = js_gettop(J) + idx;
	js_newarray(J);
	int arr = js_gettop(J) - 1;
	if (js_isundefined(J, idx))
		return;
	/* a string or an Intl.Locale is one locale, not a list */
	int n = 1, single = js_isstring(J, idx) || js_isuserdata(J, idx, "Intl.Locale");
	if (!single) {
		if (js_isnull(J, idx))
			js_typeerror(J, "Cannot convert undefined or null to object");
		n = js_isobject(J, idx) ? js_getlength(J, idx) : 0;
	}
	for (int i = 0, k = 0; i < n; i++) {
		if (single) {
			js_copy(J, idx);
		} else {
			char key[16];
			snprintf(key, sizeof key, "%d", i);
			if (!js_hasproperty(J, idx, key))
				continue;
		}
		const char *tag = element_tag(J);
		char canon[KIT_INTL_TAG_MAX];
		if (!canonical_tag(J, tag, canon))
			js_rangeerror(J, "Incorrect locale information provided");
		js_pop(J, 1);
		if (in_list(J, arr, canon))
			continue;
		js_pushstring(J, canon);
		js_setindex(J, arr, k++);
	}
}

/* ICU's available locales as BCP 47 tags, sorted for bsearch; a tag whose
 * script is the likely one is there without it too (`zh-Hant-TW` gives
 * `zh-TW`), as V8 builds its set. */
static char **available;
static size_t navailable;

static int tag_cmp(const void *a, const void *b)
{
	return strcasecmp(*(char *const *)a, *(char *const *)b);
}

static void add_available(const char *tag, size_t *cap)
{
	if (navailable == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		available = realloc(available, *cap * sizeof *available);
		if (!available)
			abort();
	}
	available[navailable] = strdup(tag);
	if (!available[navailable])
		abort();
	navailable++;
}

static void load_available(void)
{
	if (available)
		return;
	size_t cap = 0;
	int32_t n = icu_uloc_countAvailable();
	for (int32_t i = 0; i < n; i++) {
		const char *id = icu_uloc_getAvailable(i);
		char tag[KIT_INTL_TAG_MAX];
		UErrorCode st = U_ZERO_ERROR;
		icu_uloc_toLanguageTag(id, tag, sizeof tag, 1, &st);
		if (U_FAILURE(st))
			continue;
		add_available(tag, &cap);
		/* language_Script_REGION: also language_REGION when that is what it means */
		char lang[16], region[16], plain[64], max1[ULOC_FULLNAME_CAPACITY], max2[ULOC_FULLNAME_CAPACITY];
		st = U_ZERO_ERROR;
		icu_uloc_getLanguage(id, lang, sizeof lang, &st);
		icu_uloc_getCountry(id, region, sizeof region, &st);
		if (U_FAILURE(st) || !region[0] || strchr(id, '_') == strrchr(id, '_'))
			continue;
		snprintf(plain, sizeof plain, "%s_%s", lang, region);
		icu_uloc_addLikelySubtags(plain, max1, sizeof max1, &st);
		icu_uloc_addLikelySubtags(id, max2, sizeof max2, &st);
		if (U_SUCCESS(st) && strcmp(max1, max2) == 0) {
			char tag2[64];
			snprintf(tag2, sizeof tag2, "%s-%s", lang, region);
			add_available(tag2, &cap);
		}
	}
	qsort(available, navailable, sizeof *available, tag_cmp);
}

static int is_available(const char *tag)
{
	return bsearch(&tag, available, navailable, sizeof *available, tag_cmp) != NULL;
}

/* BestAvailableLocale: tag, then shorter prefixes (`de-AT-1996` → `de-AT`
 * → `de`), never leaving a lone singleton; into out, or 0. */
static int best_available(const char *tag, char out[KIT_INTL_TAG_MAX])
{
	snprintf(out, KIT_INTL_TAG_MAX, "%s", tag);
	for (;;) {
		if (is_available(out))
			return 1;
		char *dash = strrchr(out, '-');
		if (!dash)
			return 0;
		*dash = '\0';
		if (dash - out >= 2 && dash[-2] == '-')
			dash[-2] = '\0';
	}
}

/* splits a canonical tag into the part before `-u-` and the extension */
static void split_unicode_ext(const char *tag, char base[KIT_INTL_TAG_MAX], char ext[KIT_INTL_TAG_MAX])
{
	snprintf(base, KIT_INTL_TAG_MAX, "%s", tag);
	if (ext)
		ext[0] = '\0';
	char *u = strstr(base, "-u-");
	/* an -x- private use part ends the extensions: `-u-` after it is not one */
	char *x = strstr(base, "-x-");
	if (!u || (x && x < u))
		return;
	char *end = u + 3;
	/* the extension runs until the next singleton */
	for (char *p = end; *p; p++) {
		if (*p == '-' && p[1] && (p[2] == '-' || !p[2])) {
			end = p;
			break;
		}
		end = p + 1;
	}
	if (ext)
		snprintf(ext, KIT_INTL_TAG_MAX, "%.*s", (int)(end - u), u);
	memmove(u, end, strlen(end) + 1);
}

const char *kit_intl_default_locale(js_State *J)
{
	static char tag[KIT_INTL_TAG_MAX];
	if (tag[0])
		return tag;
	kit_icu_need(J, &table);
	const char *id = icu_uloc_getDefault();
	UErrorCode st = U_ZERO_ERROR;
	if (!strcmp(id, "en_US_POSIX") || !strcmp(id, "c") || !strcmp(id, "C") || !strcmp(id, "POSIX"))
		id = "en_US";
	icu_uloc_toLanguageTag(id, tag, sizeof tag, 1, &st);
	if (U_FAILURE(st) || !tag[0] || !strcmp(tag, "und"))
		snprintf(tag, sizeof tag, "en-US");
	char base[KIT_INTL_TAG_MAX];
	load_available();
	if (!best_available(tag, base))
		snprintf(tag, sizeof tag, "en-US");
	return tag;
}

void kit_intl_resolve(js_State *J, int idx, char out[KIT_INTL_TAG_MAX], char ext[KIT_INTL_TAG_MAX])
{
	kit_intl_canonical_list(J, idx);
	load_available();
	int n = js_getlength(J, -1);
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		char base[KIT_INTL_TAG_MAX];
		split_unicode_ext(js_tostring(J, -1), base, ext);
		js_pop(J, 1);
		if (best_available(base, out)) {
			js_pop(J, 1);
			return;
		}
	}
	js_pop(J, 1);
	snprintf(out, KIT_INTL_TAG_MAX, "%s", kit_intl_default_locale(J));
	if (ext)
		ext[0] = '\0';
}

int kit_intl_is_type(const char *s)
{
	size_t run = 0;
	for (;; s++) {
		if (*s == '-' || !*s) {
			if (run < 3 || run > 8)
				return 0;
			if (!*s)
				return 1;
			run = 0;
		} else if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')) {
			run++;
		} else {
			return 0;
		}
	}
}

int kit_intl_unicode_key(const char *ext, const char *key, char *out, size_t n)
{
	if (!ext || strncmp(ext, "-u-", 3) != 0)
		return 0;
	size_t klen = strlen(key);
	const char *p = ext + 3;
	while (*p) {
		const char *end = strchr(p, '-');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == 2 && klen == 2 && !strncmp(p, key, 2)) {
			/* the value: the following subtags of 3-8 characters */
			const char *v = end ? end + 1 : p + len, *vend = v;
			while (*vend) {
				const char *e = strchr(vend, '-');
				size_t l = e ? (size_t)(e - vend) : strlen(vend);
				if (l < 3)
					break;
				vend += l;
				if (*vend == '-' && vend[1]) {
					const char *next = strchr(vend + 1, '-');
					size_t nl = next ? (size_t)(next - vend - 1) : strlen(vend + 1);
					if (nl < 3)
						break;
					vend++;
				} else {
					break;
				}
			}
			if (vend == v || (vend > v && vend[-1] == '-' && vend - 1 == v))
				snprintf(out, n, "true");
			else
				snprintf(out, n, "%.*s", (int)(vend - v - (vend[-1] == '-')), v);
			return 1;
		}
		p += len;
		if (*p == '-')
			p++;
	}
	return 0;
}

void kit_intl_supported_locales_of(js_State *J)
{
	kit_intl_canonical_list(J, 1);
	load_available();
	int list = js_gettop(J) - 1, n = js_getlength(J, list), k = 0;
	if (js_isdefined(J, 2)) {
		int opts = kit_intl_options(J, 2);
		kit_intl_option_matcher(J, opts, "Intl");
		js_pop(J, 1);
	}
	js_newarray(J);
	for (int i = 0; i < n; i++) {
		js_getindex(J, list, i);
		char base[KIT_INTL_TAG_MAX], found[KIT_INTL_TAG_MAX];
		split_unicode_ext(js_tostring(J, -1), base, NULL);
		if (best_available(base, found)) {
			js_setindex(J, -2, k++);
		} else {
			js_pop(J, 1);
		}
	}
}

int kit_intl_options(js_State *J, int idx)
{
	if (js_isundefined(J, idx)) {
		js_newobject(J);
	} else {
		if (js_isnull(J, idx))
			js_typeerror(J, "Cannot convert undefined or null to object");
		js_copy(J, idx);
	}
	return js_gettop(J) - 1;
}

/* pushes options[name]; 1 when it is not undefined */
static int get_option(js_State *J, int idx, const char *name)
{
	if (js_isundefined(J, idx) || !js_isobject(J, idx)) {
		js_pushundefined(J);
		return 0;
	}
	js_getproperty(J, idx, name);
	return js_isdefined(J, -1);
}

int kit_intl_option_enum(js_State *J, int idx, const char *service, const char *name, const char *const *values,
			 int fallback)
{
	if (!get_option(J, idx, name)) {
		js_pop(J, 1);
		return fallback;
	}
	const char *v = js_tostring(J, -1);
	for (int i = 0; values[i]; i++) {
		if (!strcmp(v, values[i])) {
			js_pop(J, 1);
			return i;
		}
	}
	js_rangeerror(J, "Value %s out of range for %s options property %s", v, service, name);
}

void kit_intl_option_matcher(js_State *J, int idx, const char *service)
{
	static const char *const matchers[] = { "lookup", "best fit", NULL };
	kit_intl_option_enum(J, idx, service, "localeMatcher", matchers, 1);
}

int kit_intl_constructor_options(js_State *J, int loc, int opt, const char *service,
				 int (*options)(js_State *J, int idx))
{
	kit_intl_canonical_list(J, loc);
	js_pop(J, 1);
	int opts = options(J, opt);
	kit_intl_option_matcher(J, opts, service);
	return opts;
}

int kit_intl_option_string(js_State *J, int idx, const char *name, char *out, size_t n)
{
	if (!get_option(J, idx, name)) {
		js_pop(J, 1);
		return 0;
	}
	snprintf(out, n, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	return 1;
}

int kit_intl_option_bool(js_State *J, int idx, const char *name, int fallback)
{
	if (!get_option(J, idx, name)) {
		js_pop(J, 1);
		return fallback;
	}
	int v = js_toboolean(J, -1);
	js_pop(J, 1);
	return v;
}

int kit_intl_option_int(js_State *J, int idx, const char *name, int min, int max, int fallback)
{
	if (!get_option(J, idx, name)) {
		js_pop(J, 1);
		return fallback;
	}
	double v = js_tonumber(J, -1);
	js_pop(J, 1);
	if (v != v || v < min || v > max)
		js_rangeerror(J, "%s value is out of range.", name);
	return (int)v;
}

struct kit_intl_slots {
	int refs;  /* its registry userdata and each instance with a slot */
	int *dead, ndead, capdead;    /* slots of collected instances */
	int *reuse, nreuse, capreuse; /* emptied slots */
};

/* room for one more int in *v (of *cap, n used); 0 when there is none */
static int grow(int **v, int *cap, int n)
{
	if (n < *cap)
		return 1;
	int c = *cap ? *cap * 2 : 16;
	int *p = realloc(*v, sizeof *p * (size_t)c);
	if (!p)
		return 0;
	*v = p;
	*cap = c;
	return 1;
}

static void slots_release(kit_intl_slots *t)
{
	if (--t->refs > 0)
		return;
	free(t->dead);
	free(t->reuse);
	free(t);
}

static void slots_finalize(js_State *J, void *p)
{
	(void)J;
	slots_release(p);
}

/* the state's slot table of kind (made on first use), its dead slots
 * emptied for reuse */
static kit_intl_slots *state_slots(js_State *J, const kit_intl_bound_kind *kind)
{
	kit_intl_slots *t;
	js_getregistry(J, kind->table);
	if (js_isuserdata(J, -1, kind->table)) {
		t = js_touserdata(J, -1, kind->table);
		js_pop(J, 1);
	} else {
		js_pop(J, 1);
		t = kit_intl_calloc(J, sizeof *t);
		t->refs = 1;
		js_pushundefined(J);
		js_newuserdata(J, kind->table, t, slots_finalize);
		js_setregistry(J, kind->table);
		js_newarray(J);
		js_setregistry(J, kind->slots);
	}
	if (t->ndead) {
		js_getregistry(J, kind->slots);
		while (t->ndead) {
			int slot = t->dead[--t->ndead];
			js_pushundefined(J);
			js_setindex(J, -2, slot);
			if (grow(&t->reuse, &t->capreuse, t->nreuse))
				t->reuse[t->nreuse++] = slot;
		}
		js_pop(J, 1);
	}
	return t;
}

void kit_intl_bound_push(js_State *J, const kit_intl_bound_kind *kind, kit_intl_bound *b, void *data, int *refs)
{
	if (b->slot < 0) {
		kit_intl_slots *t = state_slots(J, kind);
		js_getregistry(J, kind->slots);
		int slot = t->nreuse ? t->reuse[--t->nreuse] : js_getlength(J, -1);
		(*refs)++;
		js_newcfunctionx(J, kind->fn, "", kind->length, data, kind->unref);
		js_setindex(J, -2, slot);
		js_pop(J, 1);
		b->slot = slot;
		b->table = t;
		t->refs++;
	}
	js_getregistry(J, kind->slots);
	js_getindex(J, -1, b->slot);
}

void kit_intl_bound_drop(kit_intl_bound *b)
{
	kit_intl_slots *t = b->table;
	if (!t)
		return;
	if (grow(&t->dead, &t->capdead, t->ndead))
		t->dead[t->ndead++] = b->slot;
	slots_release(t);
	b->table = NULL;
}

static void get_canonical_locales(js_State *J)
{
	kit_intl_canonical_list(J, 1);
}

void kit_intl_incompatible(js_State *J, const char *method)
{
	js_typeerror(J, "Method %s called on incompatible receiver %s", method,
		     js_isobject(J, 0) ? "#<Object>" : js_tostring(J, 0));
}

void *kit_intl_this(js_State *J, const char *tag, const char *method)
{
	if (!js_isuserdata(J, 0, tag))
		kit_intl_incompatible(J, method);
	return js_touserdata(J, 0, tag);
}

void *kit_intl_this_repr(js_State *J, const char *tag, const char *method)
{
	if (!js_isuserdata(J, 0, tag))
		js_typeerror(J, "Method %s called on incompatible receiver %s", method, js_tryrepr(J, 0, "object"));
	return js_touserdata(J, 0, tag);
}

/* mujs's public API names properties by string only: a symbol key goes
 * through this small function, compiled once per state */
#define TAG_SETTER "kit.intl.tag"

void kit_intl_to_string_tag(js_State *J, int idx, const char *tag)
{
	if (idx < 0)
		idx = js_gettop(J) + idx;
	js_getregistry(J, TAG_SETTER);
	js_pushundefined(J);
	js_copy(J, idx);
	js_pushstring(J, tag);
	js_call(J, 2);
	js_pop(J, 1);
}

void kit_intl_method(js_State *J, js_CFunction fn, const char *name, int length)
{
	js_newcfunction(J, fn, name, length);
	js_defproperty(J, -2, name, JS_DONTENUM);
}

void kit_intl_getter(js_State *J, js_CFunction fn, const char *name, const char *fname)
{
	js_newcfunction(J, fn, fname, 0);
	js_pushundefined(J);
	js_defaccessor(J, -3, name, JS_DONTENUM);
}

void kit_intl_set_string(js_State *J, const char *name, const char *v)
{
	js_pushstring(J, v);
	js_setproperty(J, -2, name);
}

void kit_intl_set_number(js_State *J, const char *name, double v)
{
	js_pushnumber(J, v);
	js_setproperty(J, -2, name);
}

void kit_intl_set_bool(js_State *J, const char *name, int v)
{
	js_pushboolean(J, v);
	js_setproperty(J, -2, name);
}

void kit_intl_install(js_State *J)
{
	js_loadstring(J, "[intl]", "(function (o, t) { Object.defineProperty(o, Symbol.toStringTag, "
				   "{ value: t, configurable: true }); })");
	js_pushundefined(J);
	js_call(J, 0);
	js_setregistry(J, TAG_SETTER);

	js_newobject(J);
	kit_intl_to_string_tag(J, -1, "Intl");
	kit_intl_method(J, get_canonical_locales, "getCanonicalLocales", 1);
	kit_intl_text_install(J);
	kit_intl_datetime_install(J);
	kit_intl_number_install(J);
	js_defglobal(J, "Intl", JS_DONTENUM);
}
