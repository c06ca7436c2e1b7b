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
	kit_action_outcome ao;
	if (fuzz_action(NULL, TYPE, "http://127.0.0.1/notes", headers, 2, body, len, &ao) != 0)
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
		fuzz_check_refusal("multipart_fuzz", &ao.json, data, size);
	} else {
		fuzz_fail("multipart_fuzz", "a form post answered with an unexpected status", outcome(&ao), data, size);
	}
	fuzz_action_free(&ao);
}

static void api_post(const char *body, size_t len, const uint8_t *data, size_t size)
{
	kit_api_answer ans;
	fuzz_echo_post("multipart_fuzz", echo_route, TYPE, body, len, &ans, data, size);
	if (ans.status != 200 && ans.status != 400)
		fuzz_fail("multipart_fuzz", "/api/echo answered neither 200 nor 400", kit_buf_cstr(&ans.body), data, size);
	fuzz_doc d;
	const kit_value *fields = fuzz_echo_fields("multipart_fuzz", &ans, &d, data, size);
	if (ans.status == 200 && (!fields || fields->kind != KIT_OBJECT))
		fuzz_fail("multipart_fuzz", "/api/echo's 200 has no fields", kit_buf_cstr(&ans.body), data, size);
	fuzz_doc_free(&d);
	fuzz_api_free(&ans);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	echo_route = fuzz_echo_open("multipart_fuzz");
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
