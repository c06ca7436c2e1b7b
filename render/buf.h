/* buf.h — growable byte buffer and the output sink every encoder writes to.
 *
 * Encoders (Flight, HTML) append to a kit_buf; the host decides when a buffer
 * is complete enough to go out and hands it to a kit_sink (FastCGI stream,
 * stdout for CGI, a file at build time, a test buffer). */
#ifndef KIT_BUF_H
#define KIT_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

typedef struct kit_buf {
	char *data;
	size_t len, cap;
	/* NULL: data is malloc'd and kit_buf_free frees it. Else data comes
	 * from this arena and goes when the arena is reset (kit_buf_init_in). */
	struct kit_arena *arena;
} kit_buf;

void kit_buf_init(kit_buf *b);
/* A buffer whose bytes come from the arena a (render/arena.h): it grows
 * there, and nothing needs freeing: what a request builds this way goes
 * with its arena (the host's per-request answers, headers, bodies). */
void kit_buf_init_in(kit_buf *b, struct kit_arena *a);
/* Frees a malloc'd buffer; a buffer in an arena only forgets its bytes.
 * Either way it is empty and usable again. */
void kit_buf_free(kit_buf *b);
void kit_buf_reset(kit_buf *b);
/* Grows the buffer to hold `extra` more bytes (and a NUL): the slow path of
 * kit_buf_reserve. */
void kit_buf_grow(kit_buf *b, size_t extra);
void kit_buf_puts(kit_buf *b, const char *s);

/* The encoders call these once per byte or token: inline, with the growth
 * out of line (callgrind: 3 % of a warm render as calls). */
static inline void kit_buf_reserve(kit_buf *b, size_t extra)
{
	if (b->cap - b->len <= extra)
		kit_buf_grow(b, extra);
}

static inline void kit_buf_put(kit_buf *b, const char *p, size_t n)
{
	if (!n)
		return;
	kit_buf_reserve(b, n);
	memcpy(b->data + b->len, p, n);
	b->len += n;
}

static inline void kit_buf_putc(kit_buf *b, char c)
{
	kit_buf_reserve(b, 1);
	b->data[b->len++] = c;
}
void kit_buf_printf(kit_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void kit_buf_vprintf(kit_buf *b, const char *fmt, va_list ap);
/* NUL-terminates without counting the NUL in len; returns data. */
const char *kit_buf_cstr(kit_buf *b);

/* Reads the whole file at path into a new malloc'd, NUL-terminated text
 * (*len its length when len is not NULL). NULL with errno set when it
 * cannot be opened or read. The one file reader of kit's C code. */
char *kit_read_file(const char *path, size_t *len);

/* The size of every buffer an error message is written into (err[] beside
 * an errlen): room for a path (up to 4096 bytes) and what went wrong. */
#define KIT_ERR_SIZE 4400

/* Where bytes go. write returns 0 or -1 (client gone); flush pushes what was
 * written so far to the client now (a streaming boundary). */
typedef struct kit_sink {
	int (*write)(void *ctx, const char *p, size_t n);
	int (*flush)(void *ctx);
	void *ctx;
} kit_sink;

static inline int kit_sink_write(const kit_sink *s, const char *p, size_t n)
{
	return n ? s->write(s->ctx, p, n) : 0;
}
static inline int kit_sink_flush(const kit_sink *s)
{
	return s->flush ? s->flush(s->ctx) : 0;
}

/* A sink that appends to a kit_buf (tests, build-time rendering). */
void kit_sink_to_buf(kit_sink *s, kit_buf *b);

#endif
