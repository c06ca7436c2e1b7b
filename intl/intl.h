/* intl.h — Intl for server code, backed by ICU (loaded on first use; icu.h).
 *
 * kit_intl_install() defines the global `Intl` with getCanonicalLocales;
 * each service (NumberFormat, DateTimeFormat, …) lives in a file of its own
 * and is installed from there. What they share is here: ECMA-402's locale
 * list canonicalisation and lookup, reading options as GetOption does, the
 * `this` checks, the definitions of methods, getters and properties, and
 * the bound functions an instance keeps.
 * Node (V8 with its ICU) is the reference for every answer: docs/intl.md. */
#ifndef KIT_INTL_H
#define KIT_INTL_H

#include <stddef.h>

#include <mujs.h>

/* the longest BCP 47 tag kit keeps (ECMA-402 sets no limit; ICU's ids stop
 * at ULOC_FULLNAME_CAPACITY) */
#define KIT_INTL_TAG_MAX 160

/* Defines `Intl` on the global object (not enumerable, as in V8) and every
 * service's constructor. Costs no ICU: nothing is loaded before a call. */
void kit_intl_install(js_State *J);

/* The text services (text.h): Collator, localeCompare, normalize, ListFormat,
 * Segmenter, DisplayNames, Locale, supportedValuesOf. */
void kit_intl_text_install(js_State *J);
/* datetime.c: Intl.DateTimeFormat and Date's locale methods; it installs
 * reltime.c's Intl.RelativeTimeFormat too */
void kit_intl_datetime_install(js_State *J);
void kit_intl_reltime_install(js_State *J);

/* Throws V8's TypeError for a method called on an object of another kind:
 * "Method Intl.X.prototype.m called on incompatible receiver ...". */
void kit_intl_incompatible(js_State *J, const char *method);

/* The userdata of `this` (index 0) when it is a tag object, else the
 * TypeError above. */
void *kit_intl_this(js_State *J, const char *tag, const char *method);

/* kit_intl_this with the receiver as js_tryrepr shows it in the message
 * (NumberFormat's and PluralRules' methods). */
void *kit_intl_this_repr(js_State *J, const char *tag, const char *method);

/* Defines obj[Symbol.toStringTag] = tag (configurable, not writable or
 * enumerable), as a prototype's `Intl.NumberFormat`. */
void kit_intl_to_string_tag(js_State *J, int idx, const char *tag);

/* calloc(1, size), or the Error "out of memory" */
void *kit_intl_calloc(js_State *J, size_t size);

/* Defines obj.name = fn (of that length) on the object on top of the
 * stack, not enumerable, as a prototype's or constructor's method. */
void kit_intl_method(js_State *J, js_CFunction fn, const char *name, int length);

/* obj[name] = v on the object on top of the stack (js_setproperty), as
 * resolvedOptions() and the parts' objects are filled. */
void kit_intl_set_string(js_State *J, const char *name, const char *v);
void kit_intl_set_number(js_State *J, const char *name, double v);
void kit_intl_set_bool(js_State *J, const char *name, int v);

/* Defines a getter obj.name = fn (named fname, `get name`) on the object
 * on top of the stack, without a setter and not enumerable. */
void kit_intl_getter(js_State *J, js_CFunction fn, const char *name, const char *fname);

/* CanonicalizeLocaleList(locales at idx): pushes an array of canonical,
 * unique BCP 47 tags (undefined gives []); RangeError "Incorrect locale
 * information provided" for a tag that is not well-formed, TypeError for a
 * list element that is neither a string nor an object. */
void kit_intl_canonical_list(js_State *J, int idx);

/* ResolveLocale's lookup for a service: the first requested locale (a list
 * as kit_intl_canonical_list takes, at idx) that ICU has data for, or the
 * default locale. out gets the available locale's tag (`de-AT`, without
 * extensions); ext, when not NULL, gets the requested tag's `-u-` extension
 * (`-u-nu-arab`, or "") for the service to read its keys from
 * (kit_intl_unicode_key). */
void kit_intl_resolve(js_State *J, int idx, char out[KIT_INTL_TAG_MAX], char ext[KIT_INTL_TAG_MAX]);

/* The value of key (`nu`, `ca`, `co`, `hc`, `kn`…) in a `-u-` extension
 * (as kit_intl_resolve gives it): 1 with the value in out ("true" for a key
 * without one), 0 when the key is absent. */
int kit_intl_unicode_key(const char *ext, const char *key, char *out, size_t n);

/* 1 when s is a `type` of a `-u-` key (`arab`, `islamic-civil`): one or
 * more subtags of 3-8 ASCII letters or digits, joined by `-`. */
int kit_intl_is_type(const char *s);

/* ECMA-402's sanctioned simple units (IsSanctionedSingleUnitIdentifier),
 * sorted, NULL terminated: NumberFormat's unit option and
 * supportedValuesOf("unit") */
extern const char *const kit_intl_units[];

/* The process's default locale as V8 reports it (`en-US` for the C and
 * POSIX locales). */
const char *kit_intl_default_locale(js_State *J);

/* A service's supportedLocalesOf(locales, options), for js_newcfunction:
 * the canonical requested tags that kit_intl_resolve would match. */
void kit_intl_supported_locales_of(js_State *J);

/* The start of a constructor: CanonicalizeLocaleList(locales at loc) for
 * its errors (the list is not kept: kit_intl_resolve reads it again), the
 * options at opt pushed by options (kit_intl_options, or text.h's
 * kit_intl_options_object) and their localeMatcher read. Returns the
 * options' index, as options does. */
int kit_intl_constructor_options(js_State *J, int loc, int opt, const char *service,
				 int (*options)(js_State *J, int idx));

/* GetOption(options, name, "string", values, fallback) for the options
 * object at idx (undefined reads as empty): the index in values (NULL
 * terminated) of the value given, or fallback when the property is
 * undefined. RangeError "Value X out of range for <service> options
 * property <name>", as V8, for any other value. */
int kit_intl_option_enum(js_State *J, int idx, const char *service, const char *name, const char *const *values,
			 int fallback);

/* The constructors' read of localeMatcher ("lookup" or "best fit", the
 * value unused: kit's lookup serves both), with kit_intl_option_enum's
 * RangeError for any other value. */
void kit_intl_option_matcher(js_State *J, int idx, const char *service);

/* GetOption with type "string" and no value list: 1 with the string in out
 * (truncated to n - 1 bytes), 0 when undefined. */
int kit_intl_option_string(js_State *J, int idx, const char *name, char *out, size_t n);

/* GetOption with type "boolean": 0 or 1, fallback (may be -1) when undefined. */
int kit_intl_option_bool(js_State *J, int idx, const char *name, int fallback);

/* GetNumberOption(options, name, min, max, fallback): an integer in
 * [min, max] or fallback when undefined; RangeError "<name> value is out
 * of range." otherwise. */
int kit_intl_option_int(js_State *J, int idx, const char *name, int min, int max, int fallback);

/* ToObject(options) as the constructors do: pushes an empty object for
 * undefined, the object itself otherwise; TypeError for null. Returns the
 * pushed value's index (negative, from the top). */
int kit_intl_options(js_State *J, int idx);

/* A bound function an instance keeps (NumberFormat's and DateTimeFormat's
 * `format`). The functions of a service live in a JS array in the registry,
 * one slot for each instance whose function was made: the function holds the
 * instance's data (counted), the data its slot, nothing is on the object
 * itself (a frozen instance has one too, and Reflect.ownKeys is [] as in
 * V8). A finalizer may run while the state is being freed and must not touch
 * JS: an instance's only marks its slot dead in the state's slot table (a C
 * object counted by its registry userdata and by each instance with a
 * slot); the next read empties the dead slots (their functions go once
 * nothing else holds them) and gives them out again. */
typedef struct kit_intl_slots kit_intl_slots;

/* what an instance's data keeps: its slot (-1 before the function is made)
 * and the table it is in */
typedef struct kit_intl_bound {
	int slot;
	kit_intl_slots *table;
} kit_intl_bound;

#define KIT_INTL_BOUND_INIT { -1, NULL }

/* a service's kind of bound function: the registry keys of its array and
 * of its slot table, and js_newcfunctionx's function, length and finalizer
 * (called when the function goes, as the instance's when it does) */
typedef struct kit_intl_bound_kind {
	const char *slots, *table;
	js_CFunction fn;
	int length;
	js_Finalize unref;
} kit_intl_bound_kind;

/* Pushes the function kept for b, made on first use for data (whose count
 * *refs it raises, for the function's hold). */
void kit_intl_bound_push(js_State *J, const kit_intl_bound_kind *kind, kit_intl_bound *b, void *data, int *refs);

/* For the instance's finalizer: marks b's slot dead (touches no JS). */
void kit_intl_bound_drop(kit_intl_bound *b);

void kit_intl_number_install(js_State *J); /* number.c: NumberFormat, PluralRules, Number's toLocaleString */

#endif
