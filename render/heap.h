/* heap.h — the mujs heap of a process that answers one request and exits
 * (kit.cgi): small blocks from size classes, never given back before
 * kit_heap_free_all (heap.c). Not for a long-lived worker, whose memory
 * must shrink after a big render. Not thread-safe. */
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
/* Frees every chunk; big blocks still allocated are the caller's to free. */
void kit_heap_free_all(kit_heap *h);

#endif
