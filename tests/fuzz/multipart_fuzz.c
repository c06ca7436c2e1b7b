/* multipart_fuzz.c — libFuzzer target: the multipart/form-data reader
 * (parseMultipart, js/server/web/form-data.ts) on the two paths a visitor's
 * body takes to it, in the engine on the built app in $KIT_APP_DIR
 * (examples/hello), opened once (tests/fuzz/engine_fuzz.h).
 *
 * One input is one body with the boundary "kitfuzz"; its first byte picks
 * the path:
 *
 *   even: a no-JS form post (kit_engine_action with no id, as fcgi/host.c
 *         handle_form_post calls it): decodeAction reads the parts and runs
 *         the action its $ACTION_ID_ / $ACTION_REF_ field names. The answer
 *         is a 200, a 204 redirect, or a refusal (4xx) whose body is JSON
 *         with a string "message"; a 500 only when an action of the app
 *         threw (its log line names the action), never the reader itself.
 *   odd:  a POST to /api/echo (kit_engine_api): the route awaits
 *         request.formData() and answers 400 when that throws, else 200 with
 *         the fields as JSON. Anything else (a 500, a body that is not
 *         JSON) is the reader's fault.
 *
 * The engine never fails, a call never runs out of the request budget (3 s,
 * see action_fuzz.c), and the JS heap stays bounded across calls. A
 * violation aborts; ASan and UBSan catch the rest. */
#include "tests/fuzz/engine_fuzz.h"

#define TYPE "multipart/form-data; boundary=kitfuzz"

static int echo_route;

static void form_post(const char *body, size_t len, const uint8_t *data, size_t size)
{
	static const kit_kv headers[] = {
		{ "origin", "http://127.0.0.1" },
		{ "content-type", TYPE },
	};
	kit_http_req http = fuzz_post("http://127.0.0.1/notes", headers, 2, body, len);
	kit_action_outcome ao = { 0 };
	kit_buf_init(&ao.json);
	kit_buf_init(&ao.headers);
	if (kit_engine_action(fuzz_engine, NULL, TYPE, &http, &ao) != 0)
		fuzz_fail("multipart_fuzz", ao.status == 503 ? "the request budget ran out (form post)" : "the engine failed (form post)",
			  outcome(&ao), data, size);
	if (ao.ok) {
		if (ao.status != 200)
			fuzz_fail("multipart_fuzz", "a form post that succeeded is not a 200", outcome(&ao), data, size);
	} else if (ao.status == 204) {
		if (!ao.location[0])
			fuzz_fail("multipart_fuzz", "a redirect without a location", outcome(&ao), data, size);
	} else if (ao.status >= 500) {
		if (strncmp(ao.log, "action ", 7) != 0)
			fuzz_fail("multipart_fuzz", "the form post failed before an action ran", outcome(&ao), data, size);
	} else if (ao.status >= 400 && ao.status <= 499) {
		kit_arena *a = kit_arena_new(1024);
		kit_model m;
		kit_model_init(&m, a);
		kit_value *v = NULL;
		const kit_value *msg = fuzz_json(&m, ao.json.data, ao.json.len, &v) ? fuzz_member(v, "message") : NULL;
		if (!msg || msg->kind != KIT_STRING || !msg->u.str.len)
			fuzz_fail("multipart_fuzz", "a refusal without a JSON message", kit_buf_cstr(&ao.json), data, size);
		kit_model_clear(&m);
		kit_arena_free(a);
	} else {
		fuzz_fail("multipart_fuzz", "a form post answered with an unexpected status", outcome(&ao), data, size);
	}
	kit_buf_free(&ao.json);
	kit_buf_free(&ao.headers);
}

static void api_post(const char *body, size_t len, const uint8_t *data, size_t size)
{
	static const kit_kv headers[] = { { "content-type", TYPE } };
	kit_http_req http = fuzz_post("http://127.0.0.1/api/echo", headers, 1, body, len);
	kit_api_answer ans = { 0 };
	kit_buf_init(&ans.headers);
	kit_buf_init(&ans.body);
	kit_render_error err;
	memset(&err, 0, sizeof err);
	const kit_route *rt = &fuzz_routes.routes[echo_route];
	if (kit_engine_api(fuzz_engine, echo_route, rt->module, "POST", &http, NULL, 0, &ans, &err) != 0)
		fuzz_fail("multipart_fuzz", "/api/echo threw", err.message, data, size);
	if (ans.status != 200 && ans.status != 400)
		fuzz_fail("multipart_fuzz", "/api/echo answered neither 200 nor 400", kit_buf_cstr(&ans.body), data, size);
	kit_arena *a = kit_arena_new(1024);
	kit_model m;
	kit_model_init(&m, a);
	kit_value *v = NULL;
	if (!fuzz_json(&m, ans.body.data, ans.body.len, &v))
		fuzz_fail("multipart_fuzz", "/api/echo's answer is not JSON", kit_buf_cstr(&ans.body), data, size);
	const kit_value *fields = fuzz_member(v, "fields");
	if (ans.status == 200 && (!fields || fields->kind != KIT_OBJECT))
		fuzz_fail("multipart_fuzz", "/api/echo's 200 has no fields", kit_buf_cstr(&ans.body), data, size);
	kit_model_clear(&m);
	kit_arena_free(a);
	kit_buf_free(&ans.headers);
	kit_buf_free(&ans.body);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_engine_open("multipart_fuzz");
	echo_route = fuzz_route("multipart_fuzz", "/api/echo");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	const char *body = (const char *)data + 1;
	if (data[0] & 1)
		api_post(body, size - 1, data, size);
	else
		form_post(body, size - 1, data, size);
	fuzz_heap_check("multipart_fuzz", data, size);
	return 0;
}
