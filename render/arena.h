/* arena.h — per-request memory.
 *
 * Everything a request allocates (the Flight model, rows, scratch strings) comes
 * from one arena and is released at once when the request ends: no per-object
 * frees on the hot path, no leaks by construction. Blocks grow geometrically and
 * a reset keeps the first block so a warm worker does not touch malloc at all
 * for a typical page. */
#ifndef KIT_ARENA_H
#define KIT_ARENA_H

#include <stddef.h>

typedef struct kit_arena kit_arena;

kit_arena *kit_arena_new(size_t first_block);
void kit_arena_free(kit_arena *a);
/* Releases every allocation but keeps the first block for reuse. */
void kit_arena_reset(kit_arena *a);
/* Aligned to 16 bytes; never returns NULL (aborts on OOM, like xmalloc). */
void *kit_arena_alloc(kit_arena *a, size_t n);
void *kit_arena_zalloc(kit_arena *a, size_t n);
/* Copies n bytes and appends a NUL. */
char *kit_arena_strndup(kit_arena *a, const char *s, size_t n);
char *kit_arena_strdup(kit_arena *a, const char *s);
/* Bytes handed out since the last reset (for memory limits and tests). */
size_t kit_arena_used(const kit_arena *a);

#endif
