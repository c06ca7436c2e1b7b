/* heap_test.c — render/heap.c, the mujs heap: blocks keep their contents
 * through realloc and the free lists, and chunks go back once empty. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/heap.h"
#include "tests/unit/test.h"

#define N 20000

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed * 31 + i);
}

static int intact(const unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (unsigned char)(seed * 31 + i))
			return 0;
	return 1;
}

int main(void)
{
	kit_heap *h = kit_heap_new();
	static unsigned char *blocks[N];
	static size_t sizes[N];

	/* many blocks of one class fill several chunks, all aligned and apart */
	int ok = 1;
	for (unsigned i = 0; i < N; i++) {
		blocks[i] = kit_heap_realloc(h, NULL, 48);
		if (!blocks[i] || ((uintptr_t)blocks[i] & 15) || kit_heap_size(blocks[i]) < 48)
			ok = 0;
		else
			fill(blocks[i], 48, i);
	}
	CHECK("heap: 20,000 blocks of 48 bytes, 16-byte aligned", ok);
	size_t full = kit_heap_chunks(h);
	CHECK("heap: they take several chunks", full > 5);
	ok = 1;
	for (unsigned i = 0; i < N; i++)
		ok &= intact(blocks[i], 48, i);
	CHECK("heap: no block overwrote another", ok);
	for (unsigned i = 0; i < N; i += 2)
		kit_heap_free(h, blocks[i]);
	ok = 1;
	for (unsigned i = 1; i < N; i += 2)
		ok &= intact(blocks[i], 48, i);
	CHECK("heap: freeing every other block leaves the rest intact", ok);
	for (unsigned i = 1; i < N; i += 2)
		kit_heap_free(h, blocks[i]);
	CHECK("heap: once every block is free, the chunks go back (one kept per class)", kit_heap_chunks(h) == 1);

	/* mixed sizes, small and big, grown and shrunk in place or moved */
	srand(7);
	memset(blocks, 0, sizeof blocks);
	ok = 1;
	for (int round = 0; round < 200000 && ok; round++) {
		unsigned i = (unsigned)rand() % 2000;
		size_t size = 1 + (size_t)rand() % (rand() % 8 ? 300 : 3000);
		if (blocks[i] && !intact(blocks[i], sizes[i], i)) {
			ok = 0;
			break;
		}
		if (blocks[i] && rand() % 3 == 0) {
			kit_heap_free(h, blocks[i]);
			blocks[i] = NULL;
			continue;
		}
		unsigned char *p = kit_heap_realloc(h, blocks[i], size);
		if (!p || ((uintptr_t)p & 15) || kit_heap_size(p) < size) {
			ok = 0;
			break;
		}
		if (blocks[i] && !intact(p, sizes[i] < size ? sizes[i] : size, i))
			ok = 0;
		blocks[i] = p;
		sizes[i] = size;
		fill(p, size, i);
	}
	CHECK("heap: 200,000 random allocations, reallocations and frees keep every block's bytes", ok);
	for (unsigned i = 0; i < 2000; i++)
		kit_heap_free(h, blocks[i]);
	CHECK("heap: after freeing them all at most one chunk per class is left", kit_heap_chunks(h) <= 32);
	kit_heap_free_all(h);
	TEST_EXIT();
}
