/* heap.c — the mujs heap of a process that answers one request (heap.h).
 *
 * mujs allocates every object, property, string and AST node on its own:
 * ~200,000 calls to start a state with an app's server.js, where glibc's
 * malloc/realloc/free cost a fifth of kit.cgi's start. Here blocks up to
 * SMALL_MAX bytes come from 16-byte size classes cut from big chunks, a
 * freed block goes onto its class's free list, and nothing is given back
 * until kit_heap_free_all. Bigger blocks go to malloc. Every block starts
 * with a 16-byte header holding its usable size (alignment stays 16). */
#include "heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEADER 16
#define GRAIN 16
#define SMALL_MAX 512
#define CLASSES (SMALL_MAX / GRAIN)
#define CHUNK ((size_t)256 << 10)

struct chunk {
	struct chunk *next;
	max_align_t pad;
};

struct kit_heap {
	void *free_list[CLASSES];  /* a free block's first word links the next */
	char *bump, *end;
	struct chunk *chunks;
};

kit_heap *kit_heap_new(void)
{
	return calloc(1, sizeof(kit_heap));
}

static size_t *header(void *p)
{
	return (size_t *)((char *)p - HEADER);
}

size_t kit_heap_size(const void *p)
{
	return *(const size_t *)((const char *)p - HEADER);
}

static void *small_alloc(kit_heap *h, size_t usable)
{
	size_t c = usable / GRAIN - 1;
	void *p = h->free_list[c];
	if (p) {
		h->free_list[c] = *(void **)p;
		return p;
	}
	size_t need = HEADER + usable;
	if ((size_t)(h->end - h->bump) < need) {
		struct chunk *k = malloc(sizeof *k + CHUNK);
		if (!k)
			return NULL;
		k->next = h->chunks;
		h->chunks = k;
		h->bump = (char *)(k + 1);
		h->end = h->bump + CHUNK;
	}
	p = h->bump + HEADER;
	h->bump += need;
	*header(p) = usable;
	return p;
}

void kit_heap_free(kit_heap *h, void *p)
{
	if (!p)
		return;
	size_t usable = kit_heap_size(p);
	if (usable > SMALL_MAX) {
		free(header(p));
		return;
	}
	size_t c = usable / GRAIN - 1;
	*(void **)p = h->free_list[c];
	h->free_list[c] = p;
}

void *kit_heap_realloc(kit_heap *h, void *p, size_t size)
{
	size_t usable = size <= GRAIN ? GRAIN : (size + GRAIN - 1) / GRAIN * GRAIN;
	size_t old = p ? kit_heap_size(p) : 0;
	if (p && usable <= old && (old <= SMALL_MAX || usable > SMALL_MAX))
		return p;  /* still fits its block (a big block is not moved to a small one) */
	if (p && old > SMALL_MAX && usable > SMALL_MAX) {
		size_t *q = realloc(header(p), HEADER + usable);
		if (!q)
			return NULL;
		*q = usable;
		return (char *)q + HEADER;
	}
	void *n;
	if (usable <= SMALL_MAX) {
		n = small_alloc(h, usable);
	} else {
		size_t *q = malloc(HEADER + usable);
		if (!q)
			return NULL;
		*q = usable;
		n = (char *)q + HEADER;
	}
	if (!n)
		return NULL;
	if (p) {
		memcpy(n, p, old < usable ? old : usable);
		kit_heap_free(h, p);
	}
	return n;
}

void kit_heap_free_all(kit_heap *h)
{
	if (!h)
		return;
	while (h->chunks) {
		struct chunk *k = h->chunks;
		h->chunks = k->next;
		free(k);
	}
	free(h);
}
