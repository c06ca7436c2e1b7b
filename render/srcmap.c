/* srcmap.c — engine stacks named by the app's source files (srcmap.h).
 *
 * A line table (toolchain/bundle.mjs sourceLines, build/main.c for
 * server.js) is text: a first line with the JSON array of the sources
 * (paths relative to the app directory), then one line per line of the
 * bundle file, "<source index> <source line>" or nothing. It is parsed once
 * into two arrays indexed by line and kept for the process; a file without
 * a table is remembered as empty, so it is looked for once. */
#include "render/srcmap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/xalloc.h"

typedef struct table {
	char *path;              /* the table file */
	char **sources;
	size_t nsources;
	uint32_t *source;        /* by line - 1: source index + 1, 0 for none */
	uint32_t *line;          /* by line - 1: the source's line */
	size_t nlines;
	struct table *next;
} table;

struct kit_srcmap {
	char *kit_dir;
	table *tables;
};

kit_srcmap *kit_srcmap_open(const char *kit_dir)
{
	kit_srcmap *m = kit_xmalloc(sizeof *m);
	m->kit_dir = kit_xstrdup(kit_dir ? kit_dir : ".kit");
	m->tables = NULL;
	return m;
}

void kit_srcmap_close(kit_srcmap *m)
{
	if (!m)
		return;
	for (table *t = m->tables, *next; t; t = next) {
		next = t->next;
		for (size_t i = 0; i < t->nsources; i++)
			free(t->sources[i]);
		free(t->sources);
		free(t->source);
		free(t->line);
		free(t->path);
		free(t);
	}
	free(m->kit_dir);
	free(m);
}

/* The JSON strings of the array on the first line of s, into t->sources.
 * Returns where the line ends. */
static const char *parse_sources(table *t, const char *s)
{
	const char *end = strchr(s, '\n');
	if (!end)
		end = s + strlen(s);
	size_t cap = 0;
	for (const char *p = s; p < end; p++) {
		if (*p != '"')
			continue;
		char *out = kit_xmalloc((size_t)(end - p));
		size_t n = 0;
		for (p++; p < end && *p != '"'; p++) {
			if (*p == '\\' && p + 1 < end)
				p++;  /* \" and \\: the paths hold no other escape */
			out[n++] = *p;
		}
		out[n] = '\0';
		if (t->nsources == cap) {
			cap = cap ? cap * 2 : 16;
			t->sources = kit_xrealloc(t->sources, cap * sizeof *t->sources);
		}
		t->sources[t->nsources++] = out;
	}
	return end;
}

static void parse_table(table *t, const char *text)
{
	const char *p = parse_sources(t, text);
	size_t lines = 0;
	for (const char *q = p; (q = strchr(q, '\n')); q++)
		lines++;
	t->source = kit_xmalloc((lines ? lines : 1) * sizeof *t->source);
	t->line = kit_xmalloc((lines ? lines : 1) * sizeof *t->line);
	while (*p == '\n' && t->nlines < lines) {
		p++;
		char *after = (char *)p;
		unsigned long idx = 0, l = 0;
		if (*p >= '0' && *p <= '9')  /* strtoul would skip an empty line's newline */
			idx = strtoul(p, &after, 10);
		int ok = after != p && *after == ' ';
		if (ok)
			l = strtoul(after + 1, &after, 10);
		t->source[t->nlines] = ok && idx < t->nsources && l ? (uint32_t)idx + 1 : 0;
		t->line[t->nlines] = (uint32_t)l;
		t->nlines++;
		p = strchr(p, '\n');
		if (!p)
			break;
	}
}

static table *load(kit_srcmap *m, const char *path)
{
	for (table *t = m->tables; t; t = t->next)
		if (strcmp(t->path, path) == 0)
			return t;
	table *t = kit_xmalloc(sizeof *t);
	memset(t, 0, sizeof *t);
	t->path = kit_xstrdup(path);
	size_t len;
	char *text = kit_read_file(path, &len);
	if (text)
		parse_table(t, text);
	free(text);
	t->next = m->tables;
	m->tables = t;
	return t;
}

/* The table file of the bundle file path[0..n) into out: `<kit dir>/lines/
 * server.js` for a server.js, `<kit dir>/lines/<chunk>` for a chunk in a
 * server/ directory. 0 when it is neither. */
static int table_path(const kit_srcmap *m, const char *path, size_t n, char *out, size_t outlen)
{
	const char *slash = NULL;
	for (size_t i = n; i-- > 0;)
		if (path[i] == '/') {
			slash = path + i;
			break;
		}
	const char *base = slash ? slash + 1 : path;
	size_t blen = n - (size_t)(base - path);
	size_t dlen = slash ? (size_t)(slash - path) : 0;
	if (blen == 9 && memcmp(base, "server.js", 9) == 0) {
		if (dlen)
			snprintf(out, outlen, "%.*s/lines/server.js", (int)dlen, path);
		else
			snprintf(out, outlen, "%s/lines/server.js", m->kit_dir);
		return 1;
	}
	if (!slash || blen < 4 || memcmp(base + blen - 3, ".js", 3) != 0)
		return 0;
	/* the directory above must be named server */
	if (dlen < 6 || memcmp(path + dlen - 6, "server", 6) != 0 || (dlen > 6 && path[dlen - 7] != '/'))
		return 0;
	if (dlen == 6)
		snprintf(out, outlen, "%s/lines/%.*s", m->kit_dir, (int)blen, base);
	else
		snprintf(out, outlen, "%.*s/lines/%.*s", (int)(dlen - 7), path, (int)blen, base);
	return 1;
}

int kit_srcmap_find(kit_srcmap *m, const char *path, size_t pathlen, unsigned long line, char *file,
		    size_t filelen, unsigned long *src_line)
{
	char tpath[4400];
	if (!m || !line || !table_path(m, path, pathlen, tpath, sizeof tpath))
		return 0;
	const table *t = load(m, tpath);
	if (line > t->nlines || !t->source[line - 1])
		return 0;
	snprintf(file, filelen, "%s", t->sources[t->source[line - 1] - 1]);
	*src_line = t->line[line - 1];
	return 1;
}

/* A bundle file no table maps, as the app's directory names it. */
static void put_unmapped(kit_buf *out, const char *path, size_t n)
{
	/* kit-build's: the build directory before it becomes .kit (build/outdir.c) */
	for (size_t k = 0; k + 10 <= n; k++)
		if (memcmp(path + k, "/.kit.tmp-", 10) == 0) {
			const char *rest = memchr(path + k + 10, '/', n - k - 10);
			if (rest) {
				kit_buf_puts(out, ".kit");
				kit_buf_put(out, rest, (size_t)(path + n - rest));
				return;
			}
		}
	static const char *const roots[] = { "/.kit/", "/.kit-store/" };
	for (size_t i = 0; i < 2; i++)
		for (size_t k = 0; k + strlen(roots[i]) <= n; k++)
			if (memcmp(path + k, roots[i], strlen(roots[i])) == 0) {
				kit_buf_put(out, path + k + 1, n - k - 1);
				return;
			}
	if (n && path[0] != '/' && path[0] != '.')
		kit_buf_puts(out, ".kit/");  /* kit-build's names: server.js, server/<chunk> */
	kit_buf_put(out, path, n);
}

void kit_srcmap_text(kit_srcmap *m, const char *text, kit_buf *out)
{
	const char *p = text, *q;
	while ((q = strstr(p, ".js:")) != NULL) {
		const char *digits = q + 4, *end = digits;
		while (*end >= '0' && *end <= '9')
			end++;
		if (end == digits) {
			kit_buf_put(out, p, (size_t)(digits - p));
			p = digits;
			continue;
		}
		const char *start = q;
		while (start > p && !strchr(" (\n\t\"'", start[-1]))
			start--;
		size_t n = (size_t)(q + 3 - start);
		char file[1024], tpath[4400];
		unsigned long line = strtoul(digits, NULL, 10), src_line;
		kit_buf_put(out, p, (size_t)(start - p));
		if (kit_srcmap_find(m, start, n, line, file, sizeof file, &src_line)) {
			kit_buf_printf(out, "%s:%lu", file, src_line);
		} else if (m && table_path(m, start, n, tpath, sizeof tpath)) {
			put_unmapped(out, start, n);
			kit_buf_put(out, q + 3, (size_t)(end - q - 3));
		} else {
			kit_buf_put(out, start, (size_t)(end - start));
		}
		p = end;
	}
	kit_buf_puts(out, p);
}
