/* mujs/regex/regex.c — kit's ECMAScript regular expressions (regex.h).
 *
 * Three stages. The parser reads the pattern (decoded to code points) into
 * a tree, following ECMAScript 2022's grammar, with Annex B's looser syntax
 * when neither u nor v is given. The compiler turns the tree into bytecode;
 * a lookbehind's body is compiled to run backwards (each atom reads the
 * character before the position), as the specification's direction
 * parameter says. The matcher runs the bytecode with a backtrack stack of
 * branch points and undo records: every register write (captures, loop
 * counters, loop start positions) pushes the old value, so failing back to a
 * branch point restores the state exactly, with no copies of the captures.
 *
 * The semantics the spec gives and other engines do not: the captures inside
 * a quantified group are reset on each iteration; an iteration past the
 * minimum that matches the empty string fails; a backreference to a group
 * that has not matched (or comes later) matches the empty string;
 * lookarounds are atomic, and a negative one leaves no captures. Repeats
 * of a single character matcher (a*, [^"]+, \s*) run as a loop that gives
 * back one character per backtrack, without a stack entry per character. */
#include "mujs/regex/regex.h"
#include "mujs/regex/unicode.h"

#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- characters ------------------------------------------------------- */

/* Decodes the character at t[pos] (pos < len); sets *next past it. mujs
 * stores strings as UTF-8 (a NUL as C0 80); a broken sequence reads as its
 * first byte. */
static int decode(const char *t, int len, int pos, int *next)
{
	const unsigned char *s = (const unsigned char *)t + pos;
	int c = s[0], n, i;
	if (c < 0x80) {
		*next = pos + 1;
		return c;
	}
	if (c >= 0xf0 && c < 0xf8)
		n = 3, c &= 7;
	else if (c >= 0xe0)
		n = 2, c &= 15;
	else if (c >= 0xc0)
		n = 1, c &= 31;
	else
		n = 0;
	if (pos + n >= len + (n == 0))
		n = 0;
	for (i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*next = pos + 1;
			return s[0];
		}
		c = (c << 6) | (s[i] & 0x3f);
	}
	*next = pos + n + 1;
	return n ? c : s[0];
}

/* The start of the character that ends at t[pos] (pos > 0). */
static int back_one(const char *t, int pos)
{
	int p = pos - 1, k = 0;
	while (p > 0 && k < 3 && (((const unsigned char *)t)[p] & 0xc0) == 0x80)
		p--, k++;
	if ((((const unsigned char *)t)[p] & 0xc0) == 0x80 || (((const unsigned char *)t)[p] < 0xc0 && k > 0))
		return pos - 1;
	return p;
}

/* The character before t[pos], and where it starts. */
static int decode_back(const char *t, int len, int pos, int *prev)
{
	int next;
	*prev = back_one(t, pos);
	return decode(t, len, *prev, &next);
}

/* With u or v, a surrogate pair in the text (mujs keeps "\ud83d\ude00" as
 * two characters) reads as the one code point it stands for. */
static int decode_u(const char *t, int len, int pos, int *next, int unicode)
{
	int c = decode(t, len, pos, next), n2, lo;
	if (unicode && c >= 0xd800 && c <= 0xdbff && *next < len) {
		lo = decode(t, len, *next, &n2);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			*next = n2;
			return 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
		}
	}
	return c;
}

static int decode_back_u(const char *t, int len, int pos, int *prev, int unicode)
{
	int c = decode_back(t, len, pos, prev), p2, hi;
	if (unicode && c >= 0xdc00 && c <= 0xdfff && *prev > 0) {
		hi = decode_back(t, len, *prev, &p2);
		if (hi >= 0xd800 && hi <= 0xdbff) {
			*prev = p2;
			return 0x10000 + ((hi - 0xd800) << 10) + (c - 0xdc00);
		}
	}
	return c;
}

static int casemap(const struct kit_regex_casemap *m, int n, int c)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (c < m[mid].lo)
			hi = mid - 1;
		else if (c > m[mid].hi)
			lo = mid + 1;
		else
			return c + m[mid].delta;
	}
	return c;
}

/* ECMAScript's Canonicalize: simple case folding with u (or v), else
 * toUpperCase (both as the generated tables have them from V8). */
static int canon(int c, int unicode)
{
	if (c < 128) {
		if (c >= 'a' && c <= 'z')
			return c - 32;
		return c;
	}
	if (unicode)
		return casemap(kit_regex_case_fold, kit_regex_ncase_fold, c);
	return casemap(kit_regex_case_upper, kit_regex_ncase_upper, c);
}

static int is_line_terminator(int c)
{
	return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029;
}

/* \w; with u (or v) and i, also U+017F and U+212A, whose folds are s and k */
static int is_word(int c, int unicode_icase)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
		(unicode_icase && (c == 0x17f || c == 0x212a));
}

/* ---- compile-time memory: every block on one list, freed at the end ---- */

struct block {
	struct block *next;
	long long align[];
};

struct compiler {
	kit_regex_alloc alloc;
	void *actx;
	struct block *blocks;
	char *arena;       /* the free end of the newest block */
	size_t arena_left;
	jmp_buf fail;
	const char *error;
	int flags, unicode, icase, vmode;
	const int *pat; /* the pattern as code points */
	int n, i;
	int ncap;             /* captures so far, with the whole match */
	int ncap_total;       /* from a first scan: for \N and Annex B */
	int has_names;        /* the pattern has a (?<name>...) */
	char **names;         /* capture names so far (index = capture) */
	int names_cap;
	int nregs;            /* registers after the captures' slots */
	int depth;
	/* output */
	int *code;
	int ncode, code_cap;
	struct cset *classes;
	int nclass, class_cap;
};

static void fail(struct compiler *C, const char *msg)
{
	C->error = msg;
	longjmp(C->fail, 1);
}

/* compile-time memory comes from blocks of at least 4 KB, handed out in
 * 16-byte steps (a pattern compiles with a few allocations, not one a node) */
static void *cmalloc(struct compiler *C, size_t n)
{
	void *p;
	n = (n + 15) & ~(size_t)15;
	if (n > INT_MAX / 2)
		fail(C, "out of memory");
	if (n > C->arena_left) {
		size_t size = n > 4096 ? n : 4096;
		struct block *b = C->alloc(C->actx, NULL, (int)(sizeof *b + size));
		if (!b)
			fail(C, "out of memory");
		b->next = C->blocks;
		C->blocks = b;
		C->arena = (char *)b->align;
		C->arena_left = size;
	}
	p = C->arena;
	C->arena += n;
	C->arena_left -= n;
	return p;
}

/* grows an array allocated with cmalloc (the old block stays on the list) */
static void *cgrow(struct compiler *C, void *old, int size, int *cap, int need)
{
	if (need <= *cap)
		return old;
	int ncap = *cap ? *cap : 8;
	while (ncap < need)
		ncap *= 2;
	void *p = cmalloc(C, (size_t)ncap * (size_t)size);
	if (old)
		memcpy(p, old, (size_t)*cap * (size_t)size);
	*cap = ncap;
	return p;
}

/* ---- character sets: sorted, merged [lo, hi] ranges ---- */

struct cset {
	uint32_t *r; /* 2 * n */
	int n, cap;
	int negate;  /* used for classes: the compiled test is inverted */
	int icase;   /* the test canonicalizes the character first */
};

static void cs_add(struct compiler *C, struct cset *s, uint32_t lo, uint32_t hi)
{
	s->r = cgrow(C, s->r, 2 * sizeof(uint32_t), &s->cap, s->n + 1);
	s->r[2 * s->n] = lo;
	s->r[2 * s->n + 1] = hi;
	s->n++;
}

static int cmp_range(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static void cs_normalize(struct cset *s)
{
	int i, k = 0;
	if (s->n < 2)
		return;
	qsort(s->r, (size_t)s->n, 2 * sizeof(uint32_t), cmp_range);
	for (i = 1; i < s->n; i++) {
		if (s->r[2 * i] <= s->r[2 * k + 1] + 1) {
			if (s->r[2 * i + 1] > s->r[2 * k + 1])
				s->r[2 * k + 1] = s->r[2 * i + 1];
		} else {
			k++;
			s->r[2 * k] = s->r[2 * i];
			s->r[2 * k + 1] = s->r[2 * i + 1];
		}
	}
	s->n = k + 1;
}

static void cs_union(struct compiler *C, struct cset *s, const struct cset *t)
{
	for (int i = 0; i < t->n; i++)
		cs_add(C, s, t->r[2 * i], t->r[2 * i + 1]);
}

static struct cset cs_invert(struct compiler *C, struct cset *s)
{
	struct cset out = {0};
	uint32_t next = 0;
	cs_normalize(s);
	for (int i = 0; i < s->n; i++) {
		if (s->r[2 * i] > next)
			cs_add(C, &out, next, s->r[2 * i] - 1);
		next = s->r[2 * i + 1] + 1;
	}
	if (next <= 0x10ffff)
		cs_add(C, &out, next, 0x10ffff);
	return out;
}

static struct cset cs_intersect(struct compiler *C, struct cset *a, struct cset *b)
{
	struct cset out = {0};
	int i = 0, j = 0;
	cs_normalize(a);
	cs_normalize(b);
	while (i < a->n && j < b->n) {
		uint32_t lo = a->r[2 * i] > b->r[2 * j] ? a->r[2 * i] : b->r[2 * j];
		uint32_t hi = a->r[2 * i + 1] < b->r[2 * j + 1] ? a->r[2 * i + 1] : b->r[2 * j + 1];
		if (lo <= hi)
			cs_add(C, &out, lo, hi);
		if (a->r[2 * i + 1] < b->r[2 * j + 1])
			i++;
		else
			j++;
	}
	return out;
}

static int cs_has(const uint32_t *r, int n, uint32_t c)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (c < r[2 * mid])
			hi = mid - 1;
		else if (c > r[2 * mid + 1])
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* Adds the canonical form of every member (the test then canonicalizes the
 * character): a class matches when some member has the same canonical form. */
static void cs_close_case(struct compiler *C, struct cset *s)
{
	const struct kit_regex_casemap *m = C->unicode ? kit_regex_case_fold : kit_regex_case_upper;
	int nm = C->unicode ? kit_regex_ncase_fold : kit_regex_ncase_upper;
	int n = s->n;
	for (int i = 0; i < n; i++) {
		uint32_t lo = s->r[2 * i], hi = s->r[2 * i + 1];
		for (int k = 0; k < nm; k++) {
			uint32_t a = (uint32_t)m[k].lo > lo ? (uint32_t)m[k].lo : lo;
			uint32_t b = (uint32_t)m[k].hi < hi ? (uint32_t)m[k].hi : hi;
			if (a <= b)
				cs_add(C, s, a + (uint32_t)m[k].delta, b + (uint32_t)m[k].delta);
		}
	}
	cs_normalize(s);
}

static void cs_digit(struct compiler *C, struct cset *s)
{
	cs_add(C, s, '0', '9');
}

static void cs_word(struct compiler *C, struct cset *s)
{
	cs_add(C, s, '0', '9');
	cs_add(C, s, 'A', 'Z');
	cs_add(C, s, '_', '_');
	cs_add(C, s, 'a', 'z');
	if (C->unicode && C->icase) {
		cs_add(C, s, 0x17f, 0x17f);
		cs_add(C, s, 0x212a, 0x212a);
	}
}

static void cs_space(struct compiler *C, struct cset *s)
{
	static const uint32_t r[] = { 9, 13, 32, 32, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a,
		0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff };
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i += 2)
		cs_add(C, s, r[i], r[i + 1]);
}

/* ---- the tree ---- */

enum {
	N_EMPTY, N_CHAR, N_ANY, N_SET, N_BOL, N_EOL, N_WORDB, N_NWORDB, N_BACKREF, N_NAMEDREF,
	N_CAT, N_ALT, N_CAPTURE, N_GROUP, N_LOOK, N_REPEAT,
};

struct node {
	int type;
	int a;        /* N_CHAR: the code point; N_SET: class index; N_CAPTURE, N_BACKREF: the group;
	                 N_REPEAT: min; N_LOOK: 1 negative; N_NAMEDREF: pattern offset of the name */
	int b;        /* N_REPEAT: max (-1: no limit); N_LOOK: 1 behind; N_NAMEDREF: name length */
	int greedy;
	int cap0, cap1; /* the captures inside (N_REPEAT resets them on each iteration) */
	struct node *x, *y;
};

static struct node *new_node(struct compiler *C, int type, struct node *x, struct node *y)
{
	struct node *n = cmalloc(C, sizeof *n);
	memset(n, 0, sizeof *n);
	n->type = type;
	n->x = x;
	n->y = y;
	return n;
}

/* ---- the parser ---- */

static int peek(struct compiler *C, int k)
{
	return C->i + k < C->n ? C->pat[C->i + k] : -1;
}

static int eat(struct compiler *C, int c)
{
	if (peek(C, 0) == c) {
		C->i++;
		return 1;
	}
	return 0;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* n hex digits at the position, or -1 (nothing consumed) */
static int hex_digits(struct compiler *C, int n)
{
	int v = 0;
	for (int k = 0; k < n; k++) {
		int h = hexval(peek(C, k));
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	C->i += n;
	return v;
}

/* after "\u": the code point, or -1 when it is not a \u escape (nothing
 * consumed); with u, a surrogate pair of escapes is one code point. */
static int unicode_escape(struct compiler *C)
{
	if (C->unicode && peek(C, 0) == '{') {
		int save = C->i, v = 0, any = 0;
		C->i++;
		while (hexval(peek(C, 0)) >= 0) {
			v = v * 16 + hexval(peek(C, 0));
			if (v > 0x10ffff)
				fail(C, "Invalid Unicode escape");
			C->i++;
			any = 1;
		}
		if (!any || !eat(C, '}')) {
			C->i = save;
			return -1;
		}
		return v;
	}
	int v = hex_digits(C, 4);
	if (v >= 0xd800 && v <= 0xdbff && C->unicode && peek(C, 0) == '\\' && peek(C, 1) == 'u') {
		int save = C->i;
		C->i += 2;
		int lo = hex_digits(C, 4);
		if (lo >= 0xdc00 && lo <= 0xdfff)
			return 0x10000 + ((v - 0xd800) << 10) + (lo - 0xdc00);
		C->i = save;
	}
	return v;
}

static int is_syntax_char(int c)
{
	return c >= 0 && c < 128 && strchr("^$\\.*+?()[]{}|/", c);
}

static int is_id_char(int c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$' || c == '_' ||
		(!first && c >= '0' && c <= '9') || c >= 128;
}

/* reads "name>" of a group name; returns its start in the pattern */
static int group_name(struct compiler *C, int *len)
{
	int start = C->i;
	if (!is_id_char(peek(C, 0), 1))
		fail(C, "Invalid capture group name");
	while (is_id_char(peek(C, 0), 0))
		C->i++;
	*len = C->i - start;
	if (!eat(C, '>'))
		fail(C, "Invalid capture group name");
	return start;
}

static char *utf8_name(struct compiler *C, int start, int len)
{
	char *s = cmalloc(C, (size_t)len * 4 + 1), *p = s;
	for (int k = 0; k < len; k++) {
		uint32_t c = (uint32_t)C->pat[start + k];
		if (c < 0x80) {
			*p++ = (char)c;
		} else if (c < 0x800) {
			*p++ = (char)(0xc0 | (c >> 6));
			*p++ = (char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			*p++ = (char)(0xe0 | (c >> 12));
			*p++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*p++ = (char)(0x80 | (c & 0x3f));
		} else {
			*p++ = (char)(0xf0 | (c >> 18));
			*p++ = (char)(0x80 | ((c >> 12) & 0x3f));
			*p++ = (char)(0x80 | ((c >> 6) & 0x3f));
			*p++ = (char)(0x80 | (c & 0x3f));
		}
	}
	*p = 0;
	return s;
}

static int new_class(struct compiler *C, struct cset *s, int negate)
{
	s->negate = negate;
	s->icase = C->icase;
	if (C->icase)
		cs_close_case(C, s);
	else
		cs_normalize(s);
	C->classes = cgrow(C, C->classes, sizeof *C->classes, &C->class_cap, C->nclass + 1);
	C->classes[C->nclass] = *s;
	return C->nclass++;
}

static struct node *set_node(struct compiler *C, struct cset *s, int negate)
{
	struct node *n = new_node(C, N_SET, NULL, NULL);
	n->a = new_class(C, s, negate);
	return n;
}

/* \p{...} / \P{...} after the p: adds the property's code points to s */
static void property(struct compiler *C, struct cset *s, int negate)
{
	char name[64], value[64];
	int nn = 0, kind = -1;
	if (!eat(C, '{'))
		fail(C, "Invalid property name");
	while (peek(C, 0) != '}' && peek(C, 0) != '=') {
		int c = peek(C, 0);
		if (c < 0 || c >= 128 || nn >= 63)
			fail(C, "Invalid property name");
		name[nn++] = (char)c;
		C->i++;
	}
	name[nn] = 0;
	if (eat(C, '=')) {
		int nv = 0;
		while (peek(C, 0) != '}') {
			int c = peek(C, 0);
			if (c < 0 || c >= 128 || nv >= 63)
				fail(C, "Invalid property name");
			value[nv++] = (char)c;
			C->i++;
		}
		value[nv] = 0;
		if (!strcmp(name, "General_Category") || !strcmp(name, "gc"))
			kind = 0;
		else if (!strcmp(name, "Script") || !strcmp(name, "sc"))
			kind = 1;
		else if (!strcmp(name, "Script_Extensions") || !strcmp(name, "scx"))
			kind = 2;
		else
			fail(C, "Invalid property name");
		strcpy(name, value);
	}
	C->i++; /* } */
	const struct kit_regex_uprop *p = NULL;
	for (int k = 0; k < kit_regex_nuprops && !p; k++) {
		const struct kit_regex_uprop *u = &kit_regex_uprops[k];
		if ((kind >= 0 ? u->kind == kind : (u->kind == 0 || u->kind == 3)) && !strcmp(u->name, name))
			p = u;
	}
	if (!p)
		fail(C, "Invalid property name");
	struct cset t = {0};
	const unsigned char *d = p->data;
	uint32_t prev = (uint32_t)-1;
	for (int k = 0; k < p->nranges; k++) {
		uint32_t v[2];
		for (int j = 0; j < 2; j++) {
			uint32_t x = 0;
			int shift = 0;
			do {
				x |= (uint32_t)(*d & 0x7f) << shift;
				shift += 7;
			} while (*d++ & 0x80);
			v[j] = x;
		}
		uint32_t lo = prev + 1 + v[0];
		cs_add(C, &t, lo, lo + v[1]);
		prev = lo + v[1];
	}
	if (negate) {
		if (C->icase && C->vmode) /* v: \P is the complement of the case closure */
			cs_close_case(C, &t);
		t = cs_invert(C, &t);
	}
	cs_union(C, s, &t);
}

/* A class escape (\d \D \s \S \w \W \p \P) after the backslash: adds it to s
 * and returns 1, or returns 0 with nothing consumed. */
static int class_escape(struct compiler *C, struct cset *s)
{
	int c = peek(C, 0);
	struct cset t = {0};
	switch (c) {
	case 'd': case 'D': cs_digit(C, &t); break;
	case 's': case 'S': cs_space(C, &t); break;
	case 'w': case 'W': cs_word(C, &t); break;
	case 'p': case 'P':
		if (!C->unicode)
			return 0;
		C->i++;
		property(C, s, c == 'P');
		return 1;
	default:
		return 0;
	}
	C->i++;
	if (c == 'D' || c == 'S' || c == 'W') {
		if (c == 'W' && C->icase && C->unicode) /* \W with iu: its closure excludes s and k too */
			cs_close_case(C, &t);
		t = cs_invert(C, &t);
	}
	cs_union(C, s, &t);
	return 1;
}

/* A character escape after the backslash (both in and out of classes):
 * returns the code point. in_class: \b is backspace, \- is allowed with u,
 * and Annex B's \c takes digits and _. */
static int char_escape(struct compiler *C, int in_class)
{
	int c = peek(C, 0), v;
	if (c < 0)
		fail(C, "\\ at end of pattern");
	C->i++;
	switch (c) {
	case 'f': return '\f';
	case 'n': return '\n';
	case 'r': return '\r';
	case 't': return '\t';
	case 'v': return '\v';
	case 'b':
		if (in_class)
			return '\b';
		break;
	case '-':
		if (in_class)
			return '-';
		break;
	case 'c': {
		int l = peek(C, 0);
		if ((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z') ||
			(in_class && !C->unicode && ((l >= '0' && l <= '9') || l == '_'))) {
			C->i++;
			return l % 32;
		}
		if (C->unicode)
			fail(C, "Invalid unicode escape");
		C->i--; /* Annex B: the backslash is itself, c comes next */
		return '\\';
	}
	case 'x':
		v = hex_digits(C, 2);
		if (v >= 0)
			return v;
		if (C->unicode)
			fail(C, "Invalid escape");
		return 'x';
	case 'u':
		v = unicode_escape(C);
		if (v >= 0)
			return v;
		if (C->unicode)
			fail(C, "Invalid Unicode escape");
		return 'u';
	case '0':
		if (!(peek(C, 0) >= '0' && peek(C, 0) <= '9'))
			return 0;
		if (C->unicode)
			fail(C, "Invalid decimal escape");
		/* Annex B octal */
		/* fallthrough */
	case '1': case '2': case '3': case '4': case '5': case '6': case '7':
		if (C->unicode)
			fail(C, in_class ? "Invalid class escape" : "Invalid escape");
		v = c - '0';
		if (peek(C, 0) >= '0' && peek(C, 0) <= '7') {
			v = v * 8 + C->pat[C->i++] - '0';
			if (c <= '3' && peek(C, 0) >= '0' && peek(C, 0) <= '7')
				v = v * 8 + C->pat[C->i++] - '0';
		}
		return v;
	case 'k':
		if (C->unicode || C->has_names)
			fail(C, "Invalid named reference");
		return 'k';
	default:
		break;
	}
	if (C->unicode && !is_syntax_char(c))
		fail(C, "Invalid escape");
	return c;
}

static void class_contents(struct compiler *C, struct cset *s);

/* v mode: one operand of a class set expression (a nested class, an escape, a
 * character or a range); returns 1 when it was a single character, in *ch */
static int vclass_operand(struct compiler *C, struct cset *s, int *ch)
{
	if (eat(C, '[')) {
		int neg = eat(C, '^');
		struct cset t = {0};
		class_contents(C, &t);
		if (neg)
			t = cs_invert(C, &t);
		cs_union(C, s, &t);
		return 0;
	}
	if (eat(C, '\\')) {
		if (peek(C, 0) == 'q' && peek(C, 1) == '{') {
			C->i += 2;
			int c = -1, count = 0;
			while (peek(C, 0) != '}') {
				if (peek(C, 0) < 0 || peek(C, 0) == '|')
					fail(C, "kit: strings in a class (\\q{...}) are not supported");
				c = eat(C, '\\') ? char_escape(C, 1) : C->pat[C->i++];
				count++;
			}
			C->i++;
			if (count != 1)
				fail(C, "kit: strings in a class (\\q{...}) are not supported");
			cs_add(C, s, (uint32_t)c, (uint32_t)c);
			return 0;
		}
		if (class_escape(C, s))
			return 0;
		*ch = char_escape(C, 1);
		return 1;
	}
	int c = peek(C, 0);
	if (c < 0)
		fail(C, "Unterminated character class");
	if (strchr("()[]{}/-|", c) && c < 128)
		fail(C, "Invalid set operation in character class");
	C->i++;
	*ch = c;
	return 1;
}

/* v mode: the contents of [...] up to and with the closing ] */
static void vclass(struct compiler *C, struct cset *s)
{
	struct cset acc = {0};
	int op = 0, first = 1; /* op: 0 union, 1 intersection, 2 subtraction */
	while (!eat(C, ']')) {
		if (peek(C, 0) < 0)
			fail(C, "Unterminated character class");
		int this_op = 0;
		if (peek(C, 0) == '&' && peek(C, 1) == '&')
			this_op = 1;
		else if (peek(C, 0) == '-' && peek(C, 1) == '-')
			this_op = 2;
		if (this_op) {
			if (first || (op && op != this_op))
				fail(C, "Invalid set operation in character class");
			op = this_op;
			C->i += 2;
		} else if (op == 1 || op == 2) {
			fail(C, "Invalid set operation in character class");
		}
		struct cset t = {0};
		int ch;
		if (vclass_operand(C, &t, &ch)) {
			if (!this_op && peek(C, 0) == '-' && peek(C, 1) != '-') {
				int hi;
				C->i++;
				if (!vclass_operand(C, &t, &hi))
					fail(C, "Invalid character class");
				if (hi < ch)
					fail(C, "Range out of order in character class");
				cs_add(C, &t, (uint32_t)ch, (uint32_t)hi);
			} else {
				cs_add(C, &t, (uint32_t)ch, (uint32_t)ch);
			}
		}
		if (first || this_op == 0) {
			cs_union(C, &acc, &t);
		} else if (this_op == 1) {
			acc = cs_intersect(C, &acc, &t);
		} else {
			struct cset inv = cs_invert(C, &t);
			acc = cs_intersect(C, &acc, &inv);
		}
		first = 0;
	}
	cs_union(C, s, &acc);
}

/* The contents of [...] after [ or [^, up to and with the closing ] */
static void class_contents(struct compiler *C, struct cset *s)
{
	if (C->vmode) {
		vclass(C, s);
		return;
	}
	while (!eat(C, ']')) {
		int lo, hi, lo_set = 0, hi_set = 0;
		if (peek(C, 0) < 0)
			fail(C, "Unterminated character class");
		if (eat(C, '\\')) {
			if (class_escape(C, s))
				lo_set = 1, lo = -1;
			else
				lo = char_escape(C, 1);
		} else {
			lo = C->pat[C->i++];
		}
		if (peek(C, 0) != '-' || peek(C, 1) == ']' || peek(C, 1) < 0) {
			if (!lo_set)
				cs_add(C, s, (uint32_t)lo, (uint32_t)lo);
			continue;
		}
		C->i++; /* - */
		if (eat(C, '\\')) {
			if (class_escape(C, s))
				hi_set = 1, hi = -1;
			else
				hi = char_escape(C, 1);
		} else {
			hi = C->pat[C->i++];
		}
		if (lo_set || hi_set) {
			if (C->unicode)
				fail(C, "Invalid character class");
			/* Annex B: [\w-x] is \w, "-" and x */
			if (!lo_set)
				cs_add(C, s, (uint32_t)lo, (uint32_t)lo);
			if (!hi_set)
				cs_add(C, s, (uint32_t)hi, (uint32_t)hi);
			cs_add(C, s, '-', '-');
			continue;
		}
		if (hi < lo)
			fail(C, "Range out of order in character class");
		cs_add(C, s, (uint32_t)lo, (uint32_t)hi);
	}
}

static struct node *disjunction(struct compiler *C);

/* a decimal number at the position, saturating */
static int number(struct compiler *C)
{
	long long v = 0;
	while (peek(C, 0) >= '0' && peek(C, 0) <= '9') {
		v = v * 10 + (C->pat[C->i++] - '0');
		if (v > INT_MAX)
			v = INT_MAX;
	}
	return (int)v;
}

/* {n}, {n,}, {n,m} at the position: 1 with min/max set (consumed), or 0 */
static int braces(struct compiler *C, int *min, int *max)
{
	int save = C->i;
	if (!eat(C, '{') || !(peek(C, 0) >= '0' && peek(C, 0) <= '9'))
		goto no;
	*min = number(C);
	*max = *min;
	if (eat(C, ',')) {
		*max = -1;
		if (peek(C, 0) >= '0' && peek(C, 0) <= '9')
			*max = number(C);
	}
	if (!eat(C, '}'))
		goto no;
	return 1;
no:
	C->i = save;
	return 0;
}

static struct node *atom_escape(struct compiler *C)
{
	int c = peek(C, 0);
	struct node *n;
	if (c >= '1' && c <= '9') {
		int save = C->i, v = number(C);
		if (v < C->ncap_total) {
			n = new_node(C, N_BACKREF, NULL, NULL);
			n->a = v;
			return n;
		}
		if (C->unicode)
			fail(C, "Invalid escape");
		C->i = save;
		if (c >= '8') { /* Annex B: \8 and \9 are the digits */
			C->i++;
			n = new_node(C, N_CHAR, NULL, NULL);
			n->a = c;
			return n;
		}
	}
	if (c == 'k' && (C->unicode || C->has_names)) {
		C->i++;
		if (!eat(C, '<'))
			fail(C, "Invalid named reference");
		n = new_node(C, N_NAMEDREF, NULL, NULL);
		n->a = group_name(C, &n->b);
		return n;
	}
	struct cset s = {0};
	if (class_escape(C, &s))
		return set_node(C, &s, 0);
	n = new_node(C, N_CHAR, NULL, NULL);
	n->a = char_escape(C, 0);
	return n;
}

/* An atom; *quantifiable is 0 for assertions V8 refuses to repeat. */
static struct node *atom(struct compiler *C, int *quantifiable)
{
	int c = C->pat[C->i++], min, max;
	struct node *n;
	*quantifiable = 1;
	switch (c) {
	case '^':
		*quantifiable = 0;
		return new_node(C, N_BOL, NULL, NULL);
	case '$':
		*quantifiable = 0;
		return new_node(C, N_EOL, NULL, NULL);
	case '.':
		return new_node(C, N_ANY, NULL, NULL);
	case '[': {
		int neg = eat(C, '^');
		struct cset s = {0};
		class_contents(C, &s);
		return set_node(C, &s, neg);
	}
	case '(': {
		if (++C->depth > 1000)
			fail(C, "kit: groups nested too deep");
		if (eat(C, '?')) {
			int k = peek(C, 0);
			if (k == ':') {
				C->i++;
				n = new_node(C, N_GROUP, disjunction(C), NULL);
			} else if (k == '=' || k == '!') {
				C->i++;
				n = new_node(C, N_LOOK, disjunction(C), NULL);
				n->a = k == '!';
				*quantifiable = !C->unicode;
			} else if (k == '<' && (peek(C, 1) == '=' || peek(C, 1) == '!')) {
				int negative = peek(C, 1) == '!';
				C->i += 2;
				n = new_node(C, N_LOOK, disjunction(C), NULL);
				n->a = negative;
				n->b = 1;
				*quantifiable = 0;
			} else if (k == '<') {
				C->i++;
				int len, start = group_name(C, &len);
				int cap = C->ncap++;
				char *name = utf8_name(C, start, len);
				for (int g = 1; g < cap; g++)
					if (C->names[g] && !strcmp(C->names[g], name))
						fail(C, "Duplicate capture group name");
				C->names = cgrow(C, C->names, sizeof *C->names, &C->names_cap, cap + 1);
				C->names[cap] = name;
				n = new_node(C, N_CAPTURE, disjunction(C), NULL);
				n->a = cap;
			} else {
				fail(C, "Invalid group");
			}
		} else {
			int cap = C->ncap++;
			C->names = cgrow(C, C->names, sizeof *C->names, &C->names_cap, cap + 1);
			C->names[cap] = NULL;
			n = new_node(C, N_CAPTURE, disjunction(C), NULL);
			n->a = cap;
		}
		if (!eat(C, ')'))
			fail(C, "Unterminated group");
		C->depth--;
		return n;
	}
	case '\\':
		if (peek(C, 0) == 'b' || peek(C, 0) == 'B') {
			*quantifiable = 0;
			return new_node(C, C->pat[C->i++] == 'b' ? N_WORDB : N_NWORDB, NULL, NULL);
		}
		return atom_escape(C);
	case '*': case '+': case '?':
		fail(C, "Nothing to repeat");
		break;
	case '{':
		C->i--;
		if (C->unicode || braces(C, &min, &max))
			fail(C, C->unicode ? "Lone quantifier brackets" : "Nothing to repeat");
		C->i++;
		break;
	case '}': case ']':
		if (C->unicode)
			fail(C, "Lone quantifier brackets");
		break;
	case ')':
		fail(C, "Unmatched ')'");
		break;
	default:
		break;
	}
	n = new_node(C, N_CHAR, NULL, NULL);
	n->a = c;
	return n;
}

static struct node *term(struct compiler *C)
{
	int q, min, max, cap0 = C->ncap;
	struct node *n = atom(C, &q);
	int c = peek(C, 0);
	if (c == '*')
		min = 0, max = -1, C->i++;
	else if (c == '+')
		min = 1, max = -1, C->i++;
	else if (c == '?')
		min = 0, max = 1, C->i++;
	else if (c == '{' && braces(C, &min, &max))
		;
	else
		return n;
	if (!q)
		fail(C, "Nothing to repeat");
	if (max >= 0 && min > max)
		fail(C, "numbers out of order in {} quantifier");
	struct node *r = new_node(C, N_REPEAT, n, NULL);
	r->a = min;
	r->b = max;
	r->greedy = !eat(C, '?');
	r->cap0 = cap0;
	r->cap1 = C->ncap;
	return r;
}

static struct node *alternative(struct compiler *C)
{
	struct node *n = NULL;
	while (C->i < C->n && peek(C, 0) != '|' && peek(C, 0) != ')') {
		struct node *t = term(C);
		n = n ? new_node(C, N_CAT, n, t) : t;
	}
	return n ? n : new_node(C, N_EMPTY, NULL, NULL);
}

static struct node *disjunction(struct compiler *C)
{
	struct node *n = alternative(C);
	while (eat(C, '|'))
		n = new_node(C, N_ALT, n, alternative(C));
	return n;
}

/* First pass: the number of captures (for \N and Annex B's octal escapes)
 * and whether any has a name (for \k). */
static void scan_groups(struct compiler *C)
{
	int in_class = 0;
	C->ncap_total = 1;
	for (int i = 0; i < C->n; i++) {
		int c = C->pat[i];
		if (c == '\\')
			i++;
		else if (in_class)
			in_class = c != ']';
		else if (c == '[')
			in_class = 1;
		else if (c == '(') {
			if (i + 1 < C->n && C->pat[i + 1] == '?') {
				if (i + 3 < C->n && C->pat[i + 2] == '<' && C->pat[i + 3] != '=' && C->pat[i + 3] != '!') {
					C->ncap_total++;
					C->has_names = 1;
				}
			} else {
				C->ncap_total++;
			}
		}
	}
}

/* ---- the compiler ---- */

enum {
	OP_MATCH, OP_CHAR, OP_CHARI, OP_ANY, OP_ANYNL, OP_SET, OP_BOL, OP_BOLM, OP_EOL, OP_EOLM,
	OP_WORDB, OP_NWORDB, OP_BACKREF, OP_SAVE, OP_RESET, OP_PUSH, OP_GOTO, OP_REP, OP_LOOPINIT,
	OP_LOOP, OP_POSSAVE, OP_LOOPTAIL, OP_LOOK, OP_LOOKEND,
};
/* a character matcher (CHAR CHARI ANY ANYNL SET) or BACKREF reading backwards */
#define OP_BACK 0x100

static int emit(struct compiler *C, int w)
{
	C->code = cgrow(C, C->code, sizeof *C->code, &C->code_cap, C->ncode + 1);
	C->code[C->ncode] = w;
	return C->ncode++;
}

/* a single character matcher: compiled as one instruction of two words */
static int is_char_matcher(const struct node *n)
{
	return n->type == N_CHAR || n->type == N_ANY || n->type == N_SET;
}

static void emit_char_matcher(struct compiler *C, const struct node *n, int back)
{
	if (n->type == N_CHAR) {
		if (C->icase) {
			emit(C, OP_CHARI | back);
			emit(C, canon(n->a, C->unicode));
		} else {
			emit(C, OP_CHAR | back);
			emit(C, n->a);
		}
	} else if (n->type == N_ANY) {
		emit(C, ((C->flags & KIT_REGEX_S) ? OP_ANYNL : OP_ANY) | back);
		emit(C, 0);
	} else {
		emit(C, OP_SET | back);
		emit(C, n->a);
	}
}

static int find_name(struct compiler *C, const struct node *n)
{
	char *name = utf8_name(C, n->a, n->b);
	for (int g = 1; g < C->ncap; g++)
		if (C->names[g] && !strcmp(C->names[g], name))
			return g;
	fail(C, "Invalid named capture referenced");
	return 0;
}

static void compile(struct compiler *C, const struct node *n, int back)
{
	int b = back ? OP_BACK : 0, l1, l2, r, p;
	switch (n->type) {
	case N_EMPTY:
		break;
	case N_CHAR: case N_ANY: case N_SET:
		emit_char_matcher(C, n, b);
		break;
	case N_BOL:
		emit(C, (C->flags & KIT_REGEX_M) ? OP_BOLM : OP_BOL);
		break;
	case N_EOL:
		emit(C, (C->flags & KIT_REGEX_M) ? OP_EOLM : OP_EOL);
		break;
	case N_WORDB: case N_NWORDB:
		emit(C, n->type == N_WORDB ? OP_WORDB : OP_NWORDB);
		break;
	case N_BACKREF: case N_NAMEDREF:
		emit(C, OP_BACKREF | b);
		emit(C, n->type == N_BACKREF ? n->a : find_name(C, n));
		break;
	case N_CAT: case N_ALT: {
		/* a chain of terms or alternatives is as long as the pattern (a
		 * generated list of thousands): compiled in a loop, not by recursion
		 * on its left-deep tree */
		int count = 0, k, *exits;
		const struct node *m, **items;
		for (m = n; m->type == n->type; m = m->x)
			count++;
		items = cmalloc(C, (size_t)(count + 1) * sizeof *items);
		k = count;
		for (m = n; m->type == n->type; m = m->x)
			items[k--] = m->y;
		items[0] = m;
		if (n->type == N_CAT) {
			for (k = 0; k <= count; k++)
				compile(C, items[back ? count - k : k], back);
			break;
		}
		/* a|b|c: PUSH next; a; GOTO end; next: PUSH next2; b; GOTO end; next2: c; end:
		 * (one branch point pending at a time) */
		exits = cmalloc(C, (size_t)count * sizeof *exits);
		for (k = 0; k < count; k++) {
			emit(C, OP_PUSH);
			l1 = emit(C, 0);
			compile(C, items[k], back);
			emit(C, OP_GOTO);
			exits[k] = emit(C, 0);
			C->code[l1] = C->ncode;
		}
		compile(C, items[count], back);
		for (k = 0; k < count; k++)
			C->code[exits[k]] = C->ncode;
		break;
	}
	case N_GROUP:
		compile(C, n->x, back);
		break;
	case N_CAPTURE:
		emit(C, OP_SAVE);
		emit(C, 2 * n->a + (back ? 1 : 0));
		compile(C, n->x, back);
		emit(C, OP_SAVE);
		emit(C, 2 * n->a + (back ? 0 : 1));
		break;
	case N_LOOK:
		r = 2 * C->ncap + C->nregs++;
		emit(C, OP_LOOK);
		emit(C, n->a);
		emit(C, r);
		l1 = emit(C, 0);
		compile(C, n->x, n->b);
		emit(C, OP_LOOKEND);
		emit(C, n->a);
		emit(C, r);
		C->code[l1] = C->ncode;
		break;
	case N_REPEAT:
		if (n->b == 0)
			break;
		if (is_char_matcher(n->x)) {
			emit(C, OP_REP);
			emit(C, n->a);
			emit(C, n->b);
			emit(C, n->greedy);
			emit_char_matcher(C, n->x, b);
			break;
		}
		r = 2 * C->ncap + C->nregs++;
		p = 2 * C->ncap + C->nregs++;
		emit(C, OP_LOOPINIT);
		emit(C, r);
		l1 = emit(C, OP_LOOP);
		emit(C, r);
		emit(C, n->a);
		emit(C, n->b);
		emit(C, n->greedy);
		l2 = emit(C, 0);
		emit(C, OP_POSSAVE);
		emit(C, p);
		if (n->cap1 > n->cap0) {
			emit(C, OP_RESET);
			emit(C, 2 * n->cap0);
			emit(C, 2 * n->cap1);
		}
		compile(C, n->x, back);
		emit(C, OP_LOOPTAIL);
		emit(C, r);
		emit(C, p);
		emit(C, n->a);
		emit(C, l1);
		C->code[l2] = C->ncode;
		break;
	}
}

/* ---- the program ---- */

struct rclass {
	int n, negate, icase;
	const uint32_t *r;
};

struct kit_regex {
	int flags, unicode;
	int ncap, nregs;
	int ncode, nclass;
	int *code;
	struct rclass *classes;
	char **names;
	int first; /* an ASCII character every match starts with, or -1 */
	int has_firstset;
	unsigned char firstset[32]; /* the bytes a match can start with */
};

static void compute_first(kit_regex *re);

static void *copy_out(char **p, const void *src, size_t n)
{
	void *d = *p;
	if (n)
		memcpy(d, src, n);
	*p += (n + 7) & ~(size_t)7;
	return d;
}

static kit_regex *finish(struct compiler *C)
{
	size_t size = sizeof(kit_regex) + 8, k;
	size += ((size_t)C->ncode * sizeof(int) + 7) & ~(size_t)7;
	size += (size_t)C->nclass * sizeof(struct rclass) + 8;
	for (int i = 0; i < C->nclass; i++)
		size += ((size_t)C->classes[i].n * 2 * sizeof(uint32_t) + 7) & ~(size_t)7;
	size += (size_t)C->ncap * sizeof(char *) + 8;
	for (int i = 0; i < C->ncap; i++)
		if (C->names[i])
			size += (strlen(C->names[i]) + 8) & ~(size_t)7;
	if (size > INT_MAX)
		fail(C, "out of memory");
	kit_regex *re = C->alloc(C->actx, NULL, (int)size);
	if (!re)
		fail(C, "out of memory");
	char *p = (char *)(re + 1);
	p += (8 - (uintptr_t)p % 8) % 8;
	re->flags = C->flags;
	re->unicode = C->unicode;
	re->ncap = C->ncap;
	re->nregs = 2 * C->ncap + C->nregs;
	re->ncode = C->ncode;
	re->nclass = C->nclass;
	re->code = copy_out(&p, C->code, (size_t)C->ncode * sizeof(int));
	re->classes = (struct rclass *)p;
	p += ((size_t)C->nclass * sizeof(struct rclass) + 7) & ~(size_t)7;
	for (int i = 0; i < C->nclass; i++) {
		re->classes[i].n = C->classes[i].n;
		re->classes[i].negate = C->classes[i].negate;
		re->classes[i].icase = C->classes[i].icase;
		re->classes[i].r = copy_out(&p, C->classes[i].r, (size_t)C->classes[i].n * 2 * sizeof(uint32_t));
	}
	re->names = (char **)p;
	p += ((size_t)C->ncap * sizeof(char *) + 7) & ~(size_t)7;
	for (int i = 0; i < C->ncap; i++) {
		re->names[i] = NULL;
		if (C->names[i]) {
			k = strlen(C->names[i]) + 1;
			re->names[i] = copy_out(&p, C->names[i], k);
		}
	}
	compute_first(re);
	return re;
}

kit_regex *kit_regex_compile(kit_regex_alloc alloc, void *ctx, const char *pattern, int flags,
	const char **error)
{
	struct compiler C;
	kit_regex *volatile re = NULL;
	memset(&C, 0, sizeof C);
	C.alloc = alloc;
	C.actx = ctx;
	C.flags = flags;
	C.unicode = (flags & (KIT_REGEX_U | KIT_REGEX_V)) != 0;
	C.vmode = (flags & KIT_REGEX_V) != 0;
	C.icase = (flags & KIT_REGEX_I) != 0;
	if (setjmp(C.fail)) {
		re = NULL;
		goto done;
	}
	if ((flags & KIT_REGEX_U) && (flags & KIT_REGEX_V))
		fail(&C, "Invalid regular expression flags");
	int len = (int)strlen(pattern), *pat = cmalloc(&C, ((size_t)len + 1) * sizeof(int));
	for (int pos = 0; pos < len;) {
		int c = decode(pattern, len, pos, &pos);
		/* with u, a surrogate pair in the text is one code point */
		if (C.unicode && c >= 0xd800 && c <= 0xdbff && pos < len) {
			int next, lo = decode(pattern, len, pos, &next);
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				pos = next;
			}
		}
		pat[C.n++] = c;
	}
	C.pat = pat;
	scan_groups(&C);
	C.ncap = 1;
	C.names = cgrow(&C, NULL, sizeof *C.names, &C.names_cap, 1);
	C.names[0] = NULL;
	struct node *tree = disjunction(&C);
	if (C.i < C.n)
		fail(&C, C.pat[C.i] == ')' ? "Unmatched ')'" : "Unexpected character");
	emit(&C, OP_SAVE);
	emit(&C, 0);
	compile(&C, tree, 0);
	emit(&C, OP_SAVE);
	emit(&C, 1);
	emit(&C, OP_MATCH);
	re = finish(&C);
done:
	while (C.blocks) {
		struct block *b = C.blocks;
		C.blocks = b->next;
		alloc(ctx, b, 0);
	}
	if (!re && error)
		*error = C.error;
	return re;
}

void kit_regex_free(kit_regex_alloc alloc, void *ctx, kit_regex *re)
{
	if (re)
		alloc(ctx, re, 0);
}

int kit_regex_ncaptures(const kit_regex *re)
{
	return re->ncap;
}

const char *kit_regex_capture_name(const kit_regex *re, int i)
{
	return i > 0 && i < re->ncap ? re->names[i] : NULL;
}

/* ---- the matcher ---- */

static int (*poll_fn)(void *);
static void *poll_ctx;

void kit_regex_set_poll(int (*poll)(void *ctx), void *ctx)
{
	poll_fn = poll;
	poll_ctx = ctx;
}

enum { BT_BRANCH, BT_UNDO, BT_REPG, BT_REPL, BT_LOOK };

struct bt {
	int kind, pc, pos, a, b;
};

struct matcher {
	const kit_regex *re;
	const char *t;
	int len;
	int *regs;
	struct bt *stack;
	int sp, cap;
	struct bt local[64];
};

static int push(struct matcher *M, int kind, int pc, int pos, int a, int b)
{
	if (M->sp == M->cap) {
		int ncap = M->cap * 2;
		struct bt *s;
		if (ncap > (1 << 26))
			return 0;
		s = malloc((size_t)ncap * sizeof *s);
		if (!s)
			return 0;
		memcpy(s, M->stack, (size_t)M->sp * sizeof *s);
		if (M->stack != M->local)
			free(M->stack);
		M->stack = s;
		M->cap = ncap;
	}
	struct bt *e = &M->stack[M->sp++];
	e->kind = kind;
	e->pc = pc;
	e->pos = pos;
	e->a = a;
	e->b = b;
	return 1;
}

/* One character matcher (CHAR CHARI ANY ANYNL SET, op and arg) at pos:
 * the position after it (before it, backwards), or -1. */
static int step(const struct matcher *M, int op, int arg, int pos)
{
	const kit_regex *re = M->re;
	int c, next;
	if (op & OP_BACK) {
		if (pos <= 0)
			return -1;
		c = decode_back_u(M->t, M->len, pos, &next, re->unicode);
	} else {
		if (pos >= M->len)
			return -1;
		c = decode_u(M->t, M->len, pos, &next, re->unicode);
	}
	switch (op & 0xff) {
	case OP_CHAR:
		return c == arg ? next : -1;
	case OP_CHARI:
		return canon(c, re->unicode) == arg ? next : -1;
	case OP_ANY:
		return is_line_terminator(c) ? -1 : next;
	case OP_ANYNL:
		return next;
	default: {
		const struct rclass *k = &re->classes[arg];
		if (k->icase)
			c = canon(c, re->unicode);
		return cs_has(k->r, k->n, (uint32_t)c) != k->negate ? next : -1;
	}
	}
}

static int setreg(struct matcher *M, int r, int v)
{
	if (!push(M, BT_UNDO, 0, 0, r, M->regs[r]))
		return 0;
	M->regs[r] = v;
	return 1;
}

static int backref(const struct matcher *M, int g, int pos, int back)
{
	int s = M->regs[2 * g], e = M->regs[2 * g + 1];
	const kit_regex *re = M->re;
	if (s < 0 || e < 0)
		return pos;
	if (!(re->flags & KIT_REGEX_I)) {
		int n = e - s;
		if (back) {
			if (pos - n < 0 || memcmp(M->t + pos - n, M->t + s, (size_t)n))
				return -1;
			return pos - n;
		}
		if (pos + n > M->len || memcmp(M->t + pos, M->t + s, (size_t)n))
			return -1;
		return pos + n;
	}
	if (back) {
		int q = e;
		while (q > s) {
			int a, b, pq, pp;
			if (pos <= 0)
				return -1;
			a = decode_back_u(M->t, M->len, q, &pq, re->unicode);
			b = decode_back_u(M->t, M->len, pos, &pp, re->unicode);
			if (canon(a, re->unicode) != canon(b, re->unicode))
				return -1;
			q = pq;
			pos = pp;
		}
		return pos;
	}
	int q = s;
	while (q < e) {
		int a, b, nq, np;
		if (pos >= M->len)
			return -1;
		a = decode_u(M->t, M->len, q, &nq, re->unicode);
		b = decode_u(M->t, M->len, pos, &np, re->unicode);
		if (canon(a, re->unicode) != canon(b, re->unicode))
			return -1;
		q = nq;
		pos = np;
	}
	return pos;
}

static int word_at(const struct matcher *M, int pos)
{
	int next, ui = M->re->unicode && (M->re->flags & KIT_REGEX_I);
	return pos < M->len && is_word(decode(M->t, M->len, pos, &next), ui);
}

static int word_before(const struct matcher *M, int pos)
{
	int prev, ui = M->re->unicode && (M->re->flags & KIT_REGEX_I);
	return pos > 0 && is_word(decode_back(M->t, M->len, pos, &prev), ui);
}

static int countdown = KIT_REGEX_POLL_STEPS;

/* OP_REP (min, max, greedy, then one character matcher) at rep: 1 with
 * *pos after the characters taken, 0 to fail, or KIT_REGEX_NOMEM. */
static int repeat(struct matcher *M, const int *rep, int *posp)
{
	int min = rep[1], max = rep[2], greedy = rep[3];
	int aop = rep[4], arg = rep[5], count = 0, pos = *posp, minpos;
	int pc = (int)(rep - M->re->code);
	while (count < min) {
		pos = step(M, aop, arg, pos);
		if (pos < 0)
			return 0;
		count++;
	}
	minpos = pos;
	if (greedy) {
		while (max < 0 || count < max) {
			int np = step(M, aop, arg, pos);
			if (np < 0)
				break;
			pos = np;
			count++;
		}
		if (pos != minpos && !push(M, BT_REPG, pc + 6, pos, minpos, aop))
			return KIT_REGEX_NOMEM;
	} else if (max < 0 || count < max) {
		if (!push(M, BT_REPL, pc + 6, pos, count, pc))
			return KIT_REGEX_NOMEM;
	}
	*posp = pos;
	return 1;
}

/* OP_LOOKEND (negative, register) at look: the body matched. Positive: 1,
 * with *pos back where the assertion started. Negative: 0 (fail). */
static int lookend(struct matcher *M, const int *look, int *pos)
{
	int mark = M->regs[look[2]];
	if (look[1]) {
		/* negative: the body matched, so the assertion fails; undo the
		 * body's writes and drop the marker */
		while (M->sp > mark + 1) {
			struct bt *e = &M->stack[--M->sp];
			if (e->kind == BT_UNDO)
				M->regs[e->a] = e->b;
		}
		M->sp--;
		return 0;
	}
	/* positive: atomic; keep the body's undo records (so failing further
	 * back restores its captures), drop its branch points */
	*pos = M->stack[mark].pos;
	int w = mark;
	for (int k = mark + 1; k < M->sp; k++)
		if (M->stack[k].kind == BT_UNDO)
			M->stack[w++] = M->stack[k];
	M->sp = w;
	return 1;
}

/* Pops the backtrack stack to the next place to resume (undoing register
 * writes on the way): 1 with *pc and *pos set, 0 when none is left. */
static int backtrack(struct matcher *M, int *pc_out, int *pos_out)
{
	const int *code = M->re->code;
	int pc = 0, pos = 0;
	for (;;) {
		struct bt *e;
		if (M->sp == 0)
			return 0;
		e = &M->stack[M->sp - 1];
		switch (e->kind) {
		case BT_UNDO:
			M->regs[e->a] = e->b;
			M->sp--;
			continue;
		case BT_BRANCH:
			pc = e->pc;
			pos = e->pos;
			M->sp--;
			break;
		case BT_REPG:
			/* give back one character */
			if (e->b & OP_BACK)
				decode_u(M->t, M->len, e->pos, &e->pos, M->re->unicode);
			else
				decode_back_u(M->t, M->len, e->pos, &e->pos, M->re->unicode);
			pc = e->pc;
			pos = e->pos;
			if (e->pos == e->a)
				M->sp--;
			break;
		case BT_REPL: {
			/* take one more character */
			const int *rep = &code[e->b];
			int np = step(M, rep[4], rep[5], e->pos);
			if (np < 0) {
				M->sp--;
				continue;
			}
			e->pos = np;
			e->a++;
			pc = e->pc;
			pos = np;
			if (rep[2] >= 0 && e->a >= rep[2])
				M->sp--;
			break;
		}
		case BT_LOOK:
			/* the body failed: a negative assertion holds */
			M->sp--;
			if (!e->a)
				continue;
			pc = e->pc;
			pos = e->pos;
			break;
		}
		break;
	}
	*pc_out = pc;
	*pos_out = pos;
	return 1;
}

/* Runs the program from pos; 1 when it reaches MATCH (regs hold the
 * captures), 0 when every path failed, or an error. */
static int run(struct matcher *M, int pc, int pos)
{
	const int *code = M->re->code;
	for (;;) {
		if (--countdown <= 0) {
			countdown = KIT_REGEX_POLL_STEPS;
			if (poll_fn && poll_fn(poll_ctx))
				return KIT_REGEX_INTERRUPTED;
		}
		int op = code[pc], next, r;
		switch (op & 0xff) {
		case OP_MATCH:
			return 1;
		case OP_CHAR: case OP_CHARI: case OP_ANY: case OP_ANYNL: case OP_SET:
			pos = step(M, op, code[pc + 1], pos);
			if (pos < 0)
				goto fail;
			pc += 2;
			continue;
		case OP_BOL:
			if (pos != 0)
				goto fail;
			pc++;
			continue;
		case OP_BOLM:
			if (pos != 0 && !is_line_terminator(decode_back(M->t, M->len, pos, &next)))
				goto fail;
			pc++;
			continue;
		case OP_EOL:
			if (pos != M->len)
				goto fail;
			pc++;
			continue;
		case OP_EOLM:
			if (pos != M->len && !is_line_terminator(decode(M->t, M->len, pos, &next)))
				goto fail;
			pc++;
			continue;
		case OP_WORDB: case OP_NWORDB:
			if ((word_before(M, pos) != word_at(M, pos)) != ((op & 0xff) == OP_WORDB))
				goto fail;
			pc++;
			continue;
		case OP_BACKREF:
			pos = backref(M, code[pc + 1], pos, (op & OP_BACK) != 0);
			if (pos < 0)
				goto fail;
			pc += 2;
			continue;
		case OP_SAVE:
			if (!setreg(M, code[pc + 1], pos))
				return KIT_REGEX_NOMEM;
			pc += 2;
			continue;
		case OP_RESET:
			for (int r = code[pc + 1]; r < code[pc + 2]; r++)
				if (M->regs[r] >= 0 && !setreg(M, r, -1))
					return KIT_REGEX_NOMEM;
			pc += 3;
			continue;
		case OP_PUSH:
			if (!push(M, BT_BRANCH, code[pc + 1], pos, 0, 0))
				return KIT_REGEX_NOMEM;
			pc += 2;
			continue;
		case OP_GOTO:
			pc = code[pc + 1];
			continue;
		case OP_REP:
			r = repeat(M, code + pc, &pos);
			if (r <= 0) {
				if (r < 0)
					return r;
				goto fail;
			}
			pc += 6;
			continue;
		case OP_LOOPINIT:
			if (!setreg(M, code[pc + 1], 0))
				return KIT_REGEX_NOMEM;
			pc += 2;
			continue;
		case OP_LOOP: {
			int count = M->regs[code[pc + 1]], min = code[pc + 2], max = code[pc + 3];
			int exit = code[pc + 5];
			if (count < min) {
				pc += 6;
			} else if (max >= 0 && count >= max) {
				pc = exit;
			} else if (code[pc + 4]) {
				if (!push(M, BT_BRANCH, exit, pos, 0, 0))
					return KIT_REGEX_NOMEM;
				pc += 6;
			} else {
				if (!push(M, BT_BRANCH, pc + 6, pos, 0, 0))
					return KIT_REGEX_NOMEM;
				pc = exit;
			}
			continue;
		}
		case OP_POSSAVE:
			if (!setreg(M, code[pc + 1], pos))
				return KIT_REGEX_NOMEM;
			pc += 2;
			continue;
		case OP_LOOPTAIL: {
			int r = code[pc + 1], count = M->regs[r];
			if (count >= code[pc + 3] && pos == M->regs[code[pc + 2]])
				goto fail; /* an optional iteration matched nothing */
			if (!setreg(M, r, count + 1))
				return KIT_REGEX_NOMEM;
			pc = code[pc + 4];
			continue;
		}
		case OP_LOOK:
			M->regs[code[pc + 2]] = M->sp;
			if (!push(M, BT_LOOK, code[pc + 3], pos, code[pc + 1], 0))
				return KIT_REGEX_NOMEM;
			pc += 4;
			continue;
		case OP_LOOKEND:
			if (!lookend(M, code + pc, &pos))
				goto fail;
			pc += 3;
			continue;
		default:
			return 0;
		}
	fail:
		if (!backtrack(M, &pc, &pos))
			return 0;
	}
}

/* What the search loop may skip: when every match starts with one character
 * matcher (after SAVE 0: the matcher itself, or a repeat of it at least
 * once), the ASCII bytes it accepts and every non-ASCII lead byte; when the
 * matcher is one ASCII character, that character for memchr. */
static void compute_first(kit_regex *re)
{
	const int *c = re->code + 2;
	int op, arg;
	re->first = -1;
	re->has_firstset = 0;
	if (c[0] == OP_REP && c[1] >= 1)
		op = c[4], arg = c[5];
	else
		op = c[0], arg = c[1];
	if (op != OP_CHAR && op != OP_CHARI && op != OP_SET && op != OP_ANY)
		return;
	/* a NUL is stored as C0 80, not 0 */
	if (op == OP_CHAR && arg > 0 && arg < 128)
		re->first = arg;
	struct matcher M;
	char b[1];
	memset(&M, 0, sizeof M);
	M.re = re;
	M.t = b;
	M.len = 1;
	memset(re->firstset, 0, sizeof re->firstset);
	for (int i = 1; i < 256; i++) {
		b[0] = (char)i;
		if (i >= 0x80 || step(&M, op, arg, 0) >= 0)
			re->firstset[i / 8] |= (unsigned char)(1 << (i % 8));
	}
	re->has_firstset = 1;
}

int kit_regex_match(const kit_regex *re, const char *text, int len, int start, int sticky, int *caps)
{
	struct matcher M;
	int regs_local[64], *regs = regs_local, result = 0;
	if (start < 0 || start > len)
		return 0;
	if (re->nregs > 64) {
		regs = malloc((size_t)re->nregs * sizeof *regs);
		if (!regs)
			return KIT_REGEX_NOMEM;
	}
	M.re = re;
	M.t = text;
	M.len = len;
	M.regs = regs;
	M.stack = M.local;
	M.cap = (int)(sizeof M.local / sizeof M.local[0]);
	for (int pos = start; pos <= len;) {
		if (re->first >= 0 && !sticky) {
			const char *f = memchr(text + pos, re->first, (size_t)(len - pos));
			if (!f)
				break;
			pos = (int)(f - text);
		} else if (re->has_firstset && !sticky) {
			const unsigned char *u = (const unsigned char *)text;
			while (pos < len && !(re->firstset[u[pos] / 8] & (1 << (u[pos] % 8))))
				pos++;
			if (pos == len)
				break; /* the matcher needs a character */
		}
		for (int r = 0; r < re->nregs; r++)
			regs[r] = -1;
		M.sp = 0;
		result = run(&M, 0, pos);
		if (result != 0 || sticky || pos == len)
			break;
		if (re->code[0] == OP_SAVE && re->code[2] == OP_BOL)
			break; /* anchored at 0 and not there */
		pos = kit_regex_advance(re, text, len, pos);
	}
	if (result == 1)
		for (int i = 0; i < 2 * re->ncap; i++)
			caps[i] = regs[i];
	if (M.stack != M.local)
		free(M.stack);
	if (regs != regs_local)
		free(regs);
	return result;
}

int kit_regex_advance(const kit_regex *re, const char *text, int len, int pos)
{
	int next;
	if (pos >= len)
		return pos + 1;
	decode_u(text, len, pos, &next, re->unicode);
	return next;
}

/* the continuation bytes (10xxxxxx) of the 8 bytes at t */
static int continuations(const char *t)
{
	uint64_t w;
	memcpy(&w, t, 8);
	return __builtin_popcountll(w & ~(w << 1) & 0x8080808080808080ull);
}

int kit_regex_utf8_count(const char *t, int n)
{
	int count = n, i = 0;
	for (; i + 8 <= n; i += 8)
		count -= continuations(t + i);
	for (; i < n; i++)
		if ((t[i] & 0xc0) == 0x80)
			count--;
	return count;
}

int kit_regex_utf8_offset(const char *t, int len, int idx)
{
	int i = 0;
	for (; i + 8 <= len; i += 8) {
		int starts = 8 - continuations(t + i);
		if (starts > idx)
			break;
		idx -= starts;
	}
	/* the word that holds it, or the tail: byte by byte */
	for (; i < len; i++) {
		if ((t[i] & 0xc0) != 0x80) {
			if (idx == 0)
				return i;
			idx--;
		}
	}
	return idx == 0 ? len : -1;
}
