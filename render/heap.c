/* heap.c — the mujs heap (heap.h).
 *
 * mujs allocates every object, property, string and AST node on its own:
 * ~200,000 calls to start a state with an app's server.js, ~8,000 per render
 * of a 400-element page, where glibc's malloc/realloc/free cost a fifth of
 * kit.cgi's start and an eighth of a warm render (12.6 % of the Ir of
 * /bench/list). Here blocks up to SMALL_MAX bytes come from 16-byte size
 * classes, each class cut from its own 64 KiB chunks; a freed block goes onto
 * its chunk's free list, and a chunk whose blocks are all free goes back to
 * malloc (unless it is the last one of its class with room), so a worker's
 * heap shrinks again after a big render. Bigger blocks go to malloc. Every
 * block starts with a 16-byte header: its usable size and its chunk
 * (alignment stays 16). */
#include "heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HEADER 16
#define GRAIN 16
#define SMALL_MAX 512
#define CLASSES (SMALL_MAX / GRAIN)
#define CHUNK ((size_t)64 << 10)

struct chunk {
	struct chunk *prev, *next;          /* its class's chunks with room */
	struct chunk *all_prev, *all_next;  /* every chunk, for kit_heap_free_all */
	void *free_list;                    /* a free block's first word links the next */
	char *bump, *end;
	size_t live;                        /* blocks handed out and not freed */
	unsigned cls;
	int has_room;                       /* in the class's list */
	max_align_t pad;                    /* the blocks after the header stay aligned */
};

struct header {
	size_t usable;
	struct chunk *chunk;  /* NULL for a big block */
};

struct kit_heap {
	struct chunk *room[CLASSES];  /* per class: chunks with a free block or bump space */
	struct chunk *all;
};

kit_heap *kit_heap_new(void)
{
	return calloc(1, sizeof(kit_heap));
}

static struct header *header(void *p)
{
	return (struct header *)((char *)p - HEADER);
}

size_t kit_heap_size(const void *p)
{
	return ((const struct header *)((const char *)p - HEADER))->usable;
}

static void room_add(kit_heap *h, struct chunk *k)
{
	k->prev = NULL;
	k->next = h->room[k->cls];
	if (k->next)
		k->next->prev = k;
	h->room[k->cls] = k;
	k->has_room = 1;
}

static void room_remove(kit_heap *h, struct chunk *k)
{
	if (k->prev)
		k->prev->next = k->next;
	else
		h->room[k->cls] = k->next;
	if (k->next)
		k->next->prev = k->prev;
	k->has_room = 0;
}

static struct chunk *chunk_new(kit_heap *h, unsigned cls)
{
	struct chunk *k = malloc(sizeof *k + CHUNK);
	if (!k)
		return NULL;
	k->free_list = NULL;
	k->bump = (char *)(k + 1);
	k->end = k->bump + CHUNK;
	k->live = 0;
	k->cls = cls;
	k->all_prev = NULL;
	k->all_next = h->all;
	if (h->all)
		h->all->all_prev = k;
	h->all = k;
	room_add(h, k);
	return k;
}

static void *small_alloc(kit_heap *h, size_t usable)
{
	unsigned c = (unsigned)(usable / GRAIN - 1);
	struct chunk *k = h->room[c];
	if (!k && !(k = chunk_new(h, c)))
		return NULL;
	size_t need = HEADER + usable;
	void *p = k->free_list;
	if (p) {
		k->free_list = *(void **)p;
	} else {
		p = k->bump + HEADER;
		k->bump += need;
		struct header *hd = header(p);
		hd->usable = usable;
		hd->chunk = k;
	}
	k->live++;
	if (!k->free_list && (size_t)(k->end - k->bump) < need)
		room_remove(h, k);
	return p;
}

void kit_heap_free(kit_heap *h, void *p)
{
	if (!p)
		return;
	struct header *hd = header(p);
	struct chunk *k = hd->chunk;
	if (!k) {
		free(hd);
		return;
	}
	*(void **)p = k->free_list;
	k->free_list = p;
	k->live--;
	if (!k->has_room) {
		room_add(h, k);
	} else if (k->live == 0 && (k->prev || k->next)) {
		/* empty, and its class has another chunk with room: back to malloc */
		room_remove(h, k);
		if (k->all_prev)
			k->all_prev->all_next = k->all_next;
		else
			h->all = k->all_next;
		if (k->all_next)
			k->all_next->all_prev = k->all_prev;
		free(k);
	}
}

static void *big_alloc(size_t usable)
{
	struct header *q = malloc(HEADER + usable);
	if (!q)
		return NULL;
	q->usable = usable;
	q->chunk = NULL;
	return (char *)q + HEADER;
}

void *kit_heap_realloc(kit_heap *h, void *p, size_t size)
{
	size_t usable = size <= GRAIN ? GRAIN : (size + GRAIN - 1) / GRAIN * GRAIN;
	size_t old = p ? kit_heap_size(p) : 0;
	if (p && usable <= old && (old <= SMALL_MAX || usable > SMALL_MAX))
		return p;  /* still fits its block (a big block is not moved to a small one) */
	if (p && old > SMALL_MAX && usable > SMALL_MAX) {
		struct header *q = realloc(header(p), HEADER + usable);
		if (!q)
			return NULL;
		q->usable = usable;
		return (char *)q + HEADER;
	}
	void *n = usable <= SMALL_MAX ? small_alloc(h, usable) : big_alloc(usable);
	if (!n)
		return NULL;
	if (p) {
		memcpy(n, p, old < usable ? old : usable);
		kit_heap_free(h, p);
	}
	return n;
}

size_t kit_heap_chunks(const kit_heap *h)
{
	size_t n = 0;
	for (const struct chunk *k = h->all; k; k = k->all_next)
		n++;
	return n;
}

void kit_heap_free_all(kit_heap *h)
{
	if (!h)
		return;
	while (h->all) {
		struct chunk *k = h->all;
		h->all = k->all_next;
		free(k);
	}
	free(h);
}
