/* buf.c — see buf.h. */
#include "buf.h"
#include "render/arena.h"
#include "render/xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kit_buf_init(kit_buf *b)
{
	kit_buf_init_in(b, NULL);
}

void kit_buf_init_in(kit_buf *b, kit_arena *a)
{
	b->data = NULL;
	b->len = b->cap = 0;
	b->arena = a;
}

void kit_buf_free(kit_buf *b)
{
	if (!b->arena)
		free(b->data);
	kit_buf_init_in(b, b->arena);
}

void kit_buf_reset(kit_buf *b)
{
	b->len = 0;
}

void kit_buf_grow(kit_buf *b, size_t extra)
{
	if (b->cap - b->len > extra)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->len <= extra)
		cap *= 2;
	char *p;
	if (b->arena) {
		/* the old bytes stay in the arena until its reset: growth is
		 * geometric, so that costs at most as much again */
		p = kit_arena_alloc(b->arena, cap);
		if (b->len)
			memcpy(p, b->data, b->len);
	} else {
		p = kit_xrealloc(b->data, cap);
	}
	b->data = p;
	b->cap = cap;
}

void kit_buf_puts(kit_buf *b, const char *s)
{
	kit_buf_put(b, s, strlen(s));
}

void kit_buf_vprintf(kit_buf *b, const char *fmt, va_list ap)
{
	/* formatted once when it fits in the room left (the usual case), else
	 * measured by that try, then formatted again after growing */
	if (b->cap - b->len < 128)
		kit_buf_reserve(b, 128);
	size_t room = b->cap - b->len;
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(b->data + b->len, room, fmt, ap2);
	va_end(ap2);
	if (n <= 0)
		return;
	if ((size_t)n >= room) {
		kit_buf_reserve(b, (size_t)n + 1);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void kit_buf_printf(kit_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	kit_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *kit_buf_cstr(kit_buf *b)
{
	kit_buf_reserve(b, 1);
	b->data[b->len] = '\0';
	return b->data;
}

static int buf_sink_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

void kit_sink_to_buf(kit_sink *s, kit_buf *b)
{
	s->write = buf_sink_write;
	s->flush = NULL;
	s->ctx = b;
}

char *kit_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	kit_buf b;
	kit_buf_init(&b);
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		kit_buf_put(&b, chunk, n);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		kit_buf_free(&b);
		errno = EIO;
		return NULL;
	}
	kit_buf_cstr(&b);
	if (len)
		*len = b.len;
	return b.data;
}
