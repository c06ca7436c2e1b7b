/* json_fuzz.c — libFuzzer target: render/json.c, the JSON reader of the
 * route manifest, stored Flight rows and backend replies.
 *
 * One input is one JSON text. kit_json_parse either refuses it with a
 * message or returns a value; then kit_json_write's text must parse again
 * and write the same bytes (writing is a fixed point after one round). A
 * violation aborts; ASan and UBSan catch the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/json.h"

static void fail(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "json_fuzz: %s\nfirst:  %s\nsecond: %s\n", what, a, b ? b : "");
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	char err[KIT_ERR_SIZE] = "";
	kit_value *v = NULL;
	/* the parser is given the length: the bytes need no NUL of their own */
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	if (kit_json_parse(&m, text, size, &v, err, sizeof err) == 0) {
		kit_buf one, two;
		kit_buf_init(&one);
		kit_buf_init(&two);
		kit_json_write(&one, v);
		kit_value *w = NULL;
		if (kit_json_parse(&m, one.data, one.len, &w, err, sizeof err) < 0)
			fail("what kit_json_write wrote does not parse", kit_buf_cstr(&one), err);
		kit_json_write(&two, w);
		if (one.len != two.len || memcmp(one.data, two.data, one.len) != 0)
			fail("writing what was read changes it", kit_buf_cstr(&one), kit_buf_cstr(&two));
		kit_buf_free(&one);
		kit_buf_free(&two);
	} else if (!err[0]) {
		fail("a refusal without a message", "", NULL);
	}
	free(text);
	kit_model_clear(&m);
	kit_arena_free(a);
	return 0;
}
