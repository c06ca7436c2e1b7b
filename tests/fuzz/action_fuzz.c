/* action_fuzz.c — libFuzzer target: the action reply decoder (decodeReply,
 * js/server/actions.ts), through kit_engine_action, the C entry of
 * POST /_rsc/action (fcgi/host.c handle_action).
 *
 * One input is one action call's body; its first byte picks the body's type
 * (X-RSC-Content-Type): even, text/plain (encodeReply's JSON text); odd,
 * multipart/form-data with the boundary "kitfuzz" (encodeReply's FormData:
 * the root part "0", then the parts "$K", "$B" and the numbered ones refer
 * to). The rest is the body, bytes as they are. The engine serves the built
 * app in $KIT_APP_DIR (examples/hello), opened once (tests/fuzz/engine_fuzz.h);
 * the action called is readNotes of src/app/notes/actions.ts, which ignores
 * its arguments, so that what the answer says is the decoder's doing:
 *
 *   - the engine never fails (kit_engine_action returns 0), and the call
 *     never runs out of the request budget (503, KIT_RENDER_TIMEOUT_MS, 3 s
 *     here): a body libFuzzer writes (4 KiB at most) that takes seconds to
 *     decode is work growing faster than the body;
 *   - the call either succeeds (status 200) or is refused with a 4xx whose
 *     body is JSON with a string "message": a 500 is the decoder throwing
 *     something that is not a refusal (a TypeError, a stack overflow);
 *   - the JS heap stays bounded across calls.
 *
 * A violation aborts; ASan and UBSan catch the rest. */
#include "tests/fuzz/engine_fuzz.h"

/* sha256("src/app/notes/actions.ts")[0..16], toolchain/bundle.mjs actionHash */
#define ACTION_ID "91271c9df7c57e1b#readNotes"

static int call(const uint8_t *data, size_t size, kit_action_outcome *ao)
{
	static const kit_kv headers[] = {
		{ "origin", "http://127.0.0.1" },
		{ "x-rsc-action", ACTION_ID },
	};
	const char *type = size && (data[0] & 1) ? "multipart/form-data; boundary=kitfuzz" : "text/plain;charset=UTF-8";
	const char *body = size ? (const char *)data + 1 : "";
	return fuzz_action(ACTION_ID, type, "http://127.0.0.1/_rsc/action", headers, 2, body, size ? size - 1 : 0, ao);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_engine_open("action_fuzz");
	/* the action is there: an empty argument list succeeds */
	kit_action_outcome ao;
	if (call((const uint8_t *)"\0[]", 3, &ao) != 0 || !ao.ok || ao.status != 200) {
		fprintf(stderr, "action_fuzz: %s does not answer [] with 200 (%d: %s); was the action renamed?\n",
			ACTION_ID, ao.status, ao.log);
		exit(2);
	}
	fuzz_action_free(&ao);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kit_action_outcome ao;
	if (call(data, size, &ao) != 0)
		fuzz_fail("action_fuzz", ao.status == 503 ? "the request budget ran out (KIT_RENDER_TIMEOUT_MS)" : "the engine failed",
			  outcome(&ao), data, size);
	if (ao.ok) {
		if (ao.status != 200)
			fuzz_fail("action_fuzz", "a call that succeeded is not a 200", outcome(&ao), data, size);
	} else {
		if (ao.status < 400 || ao.status > 499)
			fuzz_fail("action_fuzz", "the arguments were neither decoded nor refused with a 4xx", outcome(&ao), data,
				  size);
		fuzz_check_refusal("action_fuzz", &ao.json, data, size);
	}
	fuzz_action_free(&ao);
	fuzz_heap_check("action_fuzz", data, size);
	return 0;
}
