/* arena.c — bump allocator with a linked list of blocks; see arena.h. */
#include "arena.h"
#include "render/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct block {
	struct block *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

struct kit_arena {
	struct block *head;   /* current block (most recent) */
	struct block *first;  /* kept across resets */
	size_t first_size, total;
};

static struct block *block_new(size_t size)
{
	struct block *b = kit_xmalloc(sizeof *b + size);
	b->next = NULL;
	b->size = size;
	b->used = 0;
	return b;
}

kit_arena *kit_arena_new(size_t first_block)
{
	kit_arena *a = kit_xcalloc(1, sizeof *a);
	a->first_size = first_block < 1024 ? 1024 : first_block;
	a->first = a->head = block_new(a->first_size);
	return a;
}

void kit_arena_reset(kit_arena *a)
{
	struct block *b = a->head;
	while (b && b != a->first) {
		struct block *next = b->next;
		free(b);
		b = next;
	}
	a->head = a->first;
	a->first->used = 0;
	a->total = 0;
}

void kit_arena_free(kit_arena *a)
{
	if (!a)
		return;
	kit_arena_reset(a);
	free(a->first);
	free(a);
}

void *kit_arena_alloc(kit_arena *a, size_t n)
{
	size_t need = (n + 15) & ~(size_t)15;
	struct block *b = a->head;
	if (b->size - b->used < need) {
		size_t size = b->size * 2;
		while (size < need)
			size *= 2;
		b = block_new(size);
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += need;
	a->total += need;
	return p;
}

void *kit_arena_zalloc(kit_arena *a, size_t n)
{
	void *p = kit_arena_alloc(a, n);
	memset(p, 0, n);
	return p;
}

char *kit_arena_strndup(kit_arena *a, const char *s, size_t n)
{
	char *p = kit_arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *kit_arena_strdup(kit_arena *a, const char *s)
{
	return kit_arena_strndup(a, s, strlen(s));
}

size_t kit_arena_used(const kit_arena *a)
{
	return a->total;
}
