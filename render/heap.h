/* heap.h — the mujs heap of an engine (kit.cgi's and kit-fcgi's): small
 * blocks from size classes in 64 KiB chunks; a chunk goes back to malloc
 * once all its blocks are free (heap.c). Not thread-safe. */
#ifndef KIT_HEAP_H
#define KIT_HEAP_H

#include <stddef.h>

typedef struct kit_heap kit_heap;

kit_heap *kit_heap_new(void);
/* realloc's contract: p NULL allocates; never called with size 0. */
void *kit_heap_realloc(kit_heap *h, void *p, size_t size);
void kit_heap_free(kit_heap *h, void *p);
/* The usable size of a block of the heap. */
size_t kit_heap_size(const void *p);
/* How many chunks the heap holds (for tests). */
size_t kit_heap_chunks(const kit_heap *h);
/* Frees every chunk; big blocks still allocated are the caller's to free. */
void kit_heap_free_all(kit_heap *h);

#endif
