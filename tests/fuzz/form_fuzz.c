/* form_fuzz.c — libFuzzer target: application/x-www-form-urlencoded bodies
 * (parseUrlencoded, js/server/web/form-data.ts: the URL standard's parser,
 * over bytes) as an API route reads them, through kit_engine_api in the
 * engine on the built app in $KIT_APP_DIR (examples/hello), opened once
 * (tests/fuzz/engine_fuzz.h).
 *
 * One input is one body, POSTed to /api/echo, which awaits
 * request.formData() and answers its fields as JSON. The urlencoded reader
 * never refuses (the standard has no error), so:
 *
 *   - the route answers 200 (not its 400 for a form that does not read, not
 *     a throw) with a JSON body whose "fields" is an object;
 *   - there are no more fields than the body has non-empty '&'-separated
 *     parts;
 *   - the engine never fails, and the JS heap stays bounded across calls.
 *
 * (Query strings and the C side of form decoding, kit_url_decode_form, are
 * query_fuzz's and url_fuzz's.) A violation aborts; ASan and UBSan catch the
 * rest. */
#include "tests/fuzz/engine_fuzz.h"

static int echo_route;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	echo_route = fuzz_echo_open("form_fuzz");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kit_api_answer ans;
	fuzz_echo_post("form_fuzz", echo_route, "application/x-www-form-urlencoded", (const char *)data, size, &ans, data,
		       size);
	if (ans.status != 200)
		fuzz_fail("form_fuzz", "/api/echo did not read the form", kit_buf_cstr(&ans.body), data, size);
	size_t parts = 0;
	for (size_t i = 0; i < size;) {
		size_t j = i;
		while (j < size && data[j] != '&')
			j++;
		if (j > i)
			parts++;
		i = j + 1;
	}
	fuzz_doc d;
	const kit_value *fields = fuzz_echo_fields("form_fuzz", &ans, &d, data, size);
	if (!fields || fields->kind != KIT_OBJECT)
		fuzz_fail("form_fuzz", "/api/echo's answer has no fields", kit_buf_cstr(&ans.body), data, size);
	if (fields->u.obj.len > parts)
		fuzz_fail("form_fuzz", "more fields than the body has parts", kit_buf_cstr(&ans.body), data, size);
	fuzz_doc_free(&d);
	fuzz_api_free(&ans);
	fuzz_heap_check("form_fuzz", data, size);
	return 0;
}
