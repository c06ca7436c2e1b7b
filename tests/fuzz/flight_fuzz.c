/* flight_fuzz.c — libFuzzer target: render/flight.c's reader of Flight rows
 * (stored renders, a backend's Flight answer).
 *
 * One input is one Flight payload. kit_flight_parse either refuses it with a
 * message or fills the model; then what is ready is written out again with
 * kit_flight_write_ready. ASan and UBSan catch what goes wrong; a refusal
 * without a message aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/flight.h"
#include "render/json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	char err[KIT_ERR_SIZE] = "";
	char *text = malloc(size ? size : 1);
	memcpy(text, data, size);
	if (kit_flight_parse(&m, text, size, err, sizeof err) == 0) {
		kit_buf out;
		kit_buf_init(&out);
		kit_flight_write_ready(&m, &out);
		kit_buf_free(&out);
	} else if (!err[0]) {
		fprintf(stderr, "flight_fuzz: a refusal without a message\n");
		abort();
	}
	free(text);
	kit_model_clear(&m);
	kit_arena_free(a);
	return 0;
}
