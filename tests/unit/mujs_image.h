/* mujs_image.h — a script's compiled image (mujs patch 1540), made in a
 * mujs state of its own, for the unit tests that run each case both from
 * source and from its image (mujs_function_test.c, mujs_slots_test.c). */
#ifndef KIT_TEST_MUJS_IMAGE_H
#define KIT_TEST_MUJS_IMAGE_H

#include <mujs.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned char *p;
	size_t len;
} image;

static void put_image(void *ctx, const void *p, size_t n)
{
	image *im = ctx;
	im->p = realloc(im->p, im->len + n);
	memcpy(im->p + im->len, p, n);
	im->len += n;
}

/* src's image, compiled under the file name `name`; len 0 when it did not
 * compile. The caller frees p. */
static image compile_image(const char *name, const char *src)
{
	image im = { NULL, 0 };
	js_State *C = js_newstate(NULL, NULL, 0);
	if (js_compilecache(C, name, src, strlen(src), put_image, &im))
		js_pop(C, 1);
	js_freestate(C);
	return im;
}

#endif
