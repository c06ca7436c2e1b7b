/* mujs/regex/regex.h — kit's ECMAScript regular expressions, the engine
 * behind mujs's RegExp (kit's patch 0800 replaces mujs's own regexp.c).
 *
 * A pattern compiles to bytecode run by a backtracking matcher with an
 * explicit stack (no C recursion per character), with ECMAScript 2022's
 * semantics: lookbehind, named groups, any number of captures, \p{...}, the
 * flags i m s u y d v, Annex B syntax without u. Text is mujs's string form
 * (UTF-8, one code point per character, so indices count code points);
 * positions in and out are byte offsets into it. docs/regexp.md has the
 * design and what differs from V8. */
#ifndef KIT_REGEX_H
#define KIT_REGEX_H

/* flags, the same bits as mujs's JS_REGEXP_* (patch 0800 adds S U Y D V) */
enum {
	KIT_REGEX_G = 1,
	KIT_REGEX_I = 2,
	KIT_REGEX_M = 4,
	KIT_REGEX_S = 8,
	KIT_REGEX_U = 16,
	KIT_REGEX_Y = 32,
	KIT_REGEX_D = 64,
	KIT_REGEX_V = 128,
};

/* what kit_regex_match returns besides 1 (a match) and 0 (none) */
enum {
	KIT_REGEX_NOMEM = -1,       /* the backtrack stack could not grow */
	KIT_REGEX_INTERRUPTED = -2, /* the poll callback said stop */
};

typedef struct kit_regex kit_regex;
typedef void *(*kit_regex_alloc)(void *ctx, void *p, int n); /* mujs's allocator shape */

/* Compiles pattern (flags: the KIT_REGEX_* bits); NULL with *error set to a
 * static message on a syntax error or when memory runs out. */
kit_regex *kit_regex_compile(kit_regex_alloc alloc, void *ctx, const char *pattern, int flags,
	const char **error);
void kit_regex_free(kit_regex_alloc alloc, void *ctx, kit_regex *re);

/* Captures, counting the whole match as 0. */
int kit_regex_ncaptures(const kit_regex *re);
/* The name of capture i, or NULL when it has none (or i is out of range). */
const char *kit_regex_capture_name(const kit_regex *re, int i);

/* Matches text[0..len) from byte offset start (only there when sticky),
 * filling caps[2*i], caps[2*i+1] with the byte offsets of capture i (-1, -1
 * when it did not take part). Returns 1, 0, or a KIT_REGEX_* error. */
int kit_regex_match(const kit_regex *re, const char *text, int len, int start, int sticky, int *caps);

/* The byte offset after the character at pos (a surrogate pair is one
 * character with u or v); pos + 1 at the end, as AdvanceStringIndex. */
int kit_regex_advance(const kit_regex *re, const char *text, int len, int pos);

/* Code points in t[0..n) of mujs's UTF-8 (every byte but 10xxxxxx starts
 * one), counted a word at a time; and the byte offset of code point idx in
 * t[0..len) (len for idx at the end, -1 past it). */
int kit_regex_utf8_count(const char *t, int n);
int kit_regex_utf8_offset(const char *t, int len, int idx);

/* A catastrophic pattern must not hang a responder: every
 * KIT_REGEX_POLL_STEPS steps the matcher calls poll (when set), and stops
 * with KIT_REGEX_INTERRUPTED when it returns non-zero. Process-wide; the
 * interpreter's instruction budget connects here. */
#define KIT_REGEX_POLL_STEPS 65536
void kit_regex_set_poll(int (*poll)(void *ctx), void *ctx);

#endif
