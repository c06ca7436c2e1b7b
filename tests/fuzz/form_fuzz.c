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
	fuzz_engine_open("form_fuzz");
	echo_route = fuzz_route("form_fuzz", "/api/echo");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const kit_kv headers[] = { { "content-type", "application/x-www-form-urlencoded" } };
	const char *body = (const char *)data;
	kit_http_req http = fuzz_post("http://127.0.0.1/api/echo", headers, 1, body, size);
	kit_api_answer ans = { 0 };
	kit_buf_init(&ans.headers);
	kit_buf_init(&ans.body);
	kit_render_error err;
	memset(&err, 0, sizeof err);
	const kit_route *rt = &fuzz_routes.routes[echo_route];
	if (kit_engine_api(fuzz_engine, echo_route, rt->module, "POST", &http, NULL, 0, &ans, &err) != 0)
		fuzz_fail("form_fuzz", "/api/echo threw", err.message, data, size);
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
	kit_arena *a = kit_arena_new(1024);
	kit_model m;
	kit_model_init(&m, a);
	kit_value *v = NULL;
	if (!fuzz_json(&m, ans.body.data, ans.body.len, &v))
		fuzz_fail("form_fuzz", "/api/echo's answer is not JSON", kit_buf_cstr(&ans.body), data, size);
	const kit_value *fields = fuzz_member(v, "fields");
	if (!fields || fields->kind != KIT_OBJECT)
		fuzz_fail("form_fuzz", "/api/echo's answer has no fields", kit_buf_cstr(&ans.body), data, size);
	if (fields->u.obj.len > parts)
		fuzz_fail("form_fuzz", "more fields than the body has parts", kit_buf_cstr(&ans.body), data, size);
	kit_model_clear(&m);
	kit_arena_free(a);
	kit_buf_free(&ans.headers);
	kit_buf_free(&ans.body);
	fuzz_heap_check("form_fuzz", data, size);
	return 0;
}
