/* seal_test.c — render/seal.c, the sealing of what inline server actions
 * capture (docs/actions.md §1): round trips, a text that does not open
 * (another action's id, any changed character, cut short, not base64), a
 * text sealed by Node's crypto with the same key (the format is plain
 * AES-256-GCM: nonce | ciphertext | tag, the id as associated data), the key
 * from KIT_SERVER_ACTIONS_KEY over the action-key file, and the errors
 * without a usable key. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mujs_run.h"
#include "render/seal.h"
#include "test.h"

/* bytes 0..31 in base64 */
#define KEY_0_31 "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
/* Node 20: aes-256-gcm, key bytes 0..31, nonce twelve 7s, aad "h#a", text ["x"] */
#define NODE_SEALED "BwcHBwcHBwcHBwcHVEjefjI2bpTVdhQB2wvSve88F6Ab"

struct seal_case {
	const char *name, *body, *want;
};

static const struct seal_case file_key[] = {
	{"a round trip, base64url without padding (12 + 7 + 16 bytes: 47 characters)",
	 "var s = __kit_seal('h#a', '[\"x\",1]'); return [__kit_unseal('h#a', s), /^[A-Za-z0-9_-]+$/.test(s), s.length];",
	 "[\"[\\\"x\\\",1]\",true,47]"},
	{"two seals of one text differ (a random nonce each) and both open",
	 "var a = __kit_seal('h#a', 't'), b = __kit_seal('h#a', 't'); return [a !== b, __kit_unseal('h#a', a), __kit_unseal('h#a', b)];",
	 "[true,\"t\",\"t\"]"},
	{"a text sealed for one action does not open for another",
	 "var s = __kit_seal('h#a', 't'); return [__kit_unseal('h#b', s), __kit_unseal('h#a ', s), __kit_unseal('', s)];",
	 "[null,null,null]"},
	{"no changed character opens (every position, nonce, ciphertext and tag)",
	 "var s = __kit_seal('h#a', '{\"user\":{\"id\":7}}'), opened = 0; for (var i = 0; i < s.length; i++) { var c = s.charAt(i) === 'A' ? 'B' : 'A'; if (__kit_unseal('h#a', s.slice(0, i) + c + s.slice(i + 1)) !== null) opened++; } return [s.length, opened];",
	 "[60,0]"},
	{"no changed character opens a text whose last character holds 2 bits past the last byte",
	 "var s = __kit_seal('h#a', '[\\\"x\\\",1]'), opened = 0; for (var i = 0; i < s.length; i++) for (var c = 0; c < 64; c++) { var ch = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.charAt(c); if (ch !== s.charAt(i) && __kit_unseal('h#a', s.slice(0, i) + ch + s.slice(i + 1)) !== null) opened++; } return [s.length, opened];",
	 "[47,0]"},
	{"cut short, empty, not base64, only a nonce and a tag of nothing",
	 "var s = __kit_seal('h#a', 'text'); return [__kit_unseal('h#a', s.slice(0, -1)), __kit_unseal('h#a', s.slice(0, 20)), __kit_unseal('h#a', ''), __kit_unseal('h#a', '***'), __kit_unseal('h#a', s + '*')];",
	 "[null,null,null,null,null]"},
	{"text beyond ASCII and an empty text round trip",
	 "return [__kit_unseal('h#a', __kit_seal('h#a', '\\u00e9\\u20ac\\ud83d\\ude00')) === '\\u00e9\\u20ac\\ud83d\\ude00', __kit_unseal('h#a', __kit_seal('h#a', ''))];",
	 "[true,\"\"]"},
	{"a text Node's crypto sealed with the same key opens; with another id it does not",
	 "return [__kit_unseal('h#a', '" NODE_SEALED "'), __kit_unseal('h#b', '" NODE_SEALED "')];",
	 "[\"[\\\"x\\\"]\",null]"},
};

static js_State *state(const char *server_js)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	kit_seal_install(J, server_js);
	return J;
}

static void run_cases(js_State *J, const struct seal_case *cases, size_t n)
{
	char got[1024];
	for (size_t i = 0; i < n; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
}

int main(void)
{
	char dir[] = "/tmp/kit-seal-test.XXXXXX", server_js[64], key_file[64], got[1024];
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(server_js, sizeof server_js, "%s/server.js", dir);
	snprintf(key_file, sizeof key_file, "%s/" KIT_SEAL_KEY_FILE, dir);
	unsetenv("KIT_SERVER_ACTIONS_KEY");

	/* no key file, no variable: the natives say what is missing */
	js_State *J = state(server_js);
	CHECK_STR("without a key: the error names the file and the variable",
		  mujs_run(J, "try { __kit_seal('h#a', 't'); } catch (e) { return /action-key is missing .*KIT_SERVER_ACTIONS_KEY is not set/.test(e.message); }", got, sizeof got),
		  "true");
	js_freestate(J);

	/* the build's key: action-key beside server.js, base64 with its newline */
	FILE *f = fopen(key_file, "w");
	if (!f || fputs(KEY_0_31 "\n", f) < 0 || fclose(f) != 0) {
		perror(key_file);
		return 1;
	}
	J = state(server_js);
	run_cases(J, file_key, sizeof file_key / sizeof file_key[0]);
	char sealed[256];
	snprintf(sealed, sizeof sealed, "%s", mujs_run(J, "return __kit_seal('h#a', 'shared');", got, sizeof got));
	js_freestate(J);

	/* KIT_SERVER_ACTIONS_KEY wins over the file: another key, so the file's texts do not open */
	setenv("KIT_SERVER_ACTIONS_KEY", "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=", 1);
	J = state(server_js);
	char body[512];
	snprintf(body, sizeof body, "return [__kit_unseal('h#a', %s), __kit_unseal('h#a', __kit_seal('h#a', 'mine'))];", sealed);
	CHECK_STR("KIT_SERVER_ACTIONS_KEY is used over the file: the file key's text does not open, its own does",
		  mujs_run(J, body, got, sizeof got), "[null,\"mine\"]");
	js_freestate(J);
	/* the same variable as the file's key: the file's texts open (servers sharing a key) */
	setenv("KIT_SERVER_ACTIONS_KEY", KEY_0_31, 1);
	J = state(server_js);
	snprintf(body, sizeof body, "return __kit_unseal('h#a', %s);", sealed);
	CHECK_STR("the same key in the variable opens what the file's key sealed", mujs_run(J, body, got, sizeof got),
		  "\"shared\"");
	js_freestate(J);
	/* a key that is not 32 bytes in base64 */
	setenv("KIT_SERVER_ACTIONS_KEY", "c2hvcnQ=", 1);
	J = state(server_js);
	CHECK_STR("a key of 5 bytes: the error says what a key is",
		  mujs_run(J, "try { __kit_unseal('h#a', 'x'); } catch (e) { return e.message; }", got, sizeof got),
		  "\"the key in KIT_SERVER_ACTIONS_KEY is not 32 bytes in base64 (openssl rand -base64 32 writes one)\"");
	js_freestate(J);
	unsetenv("KIT_SERVER_ACTIONS_KEY");

	unlink(key_file);
	rmdir(dir);
	TEST_EXIT();
}
