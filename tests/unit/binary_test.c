/* binary_test.c — render/binary.c's natives, the C under
 * js/server/web/binary.ts: UTF-8 both ways (lone surrogates, NUL, pairs,
 * fatal), encodeInto's whole characters, base64 both ways and what each
 * refuses, byte strings to bytes, the identity map under structuredClone
 * (mujs patch 1003's js_topointer), random bytes, the clock, SHA digests of
 * known vectors through libcrypto. Expected values are Node 20's (Buffer, crypto). */
#include <mujs.h>
#include <stdio.h>
#include <string.h>

#include "mujs_run.h"
#include "render/binary.h"
#include "test.h"

struct binary_case {
	const char *name, *body, *want;
};

#define HEX "function hex(v) { var s = ''; for (var i = 0; i < v.length; i++) s += (v[i] < 16 ? '0' : '') + v[i].toString(16); return s; } "

static const struct binary_case cases[] = {
	{"utf8_encode: lengths 1-4, a lone surrogate, NUL",
	 "return Array.prototype.slice.call(__kit_utf8_encode('$\\u00a2\\u20ac\\ud83d\\ude00\\udc00\\u0000'));",
	 "[36,194,162,226,130,172,240,159,152,128,239,191,189,0]"},
	{"utf8_encode_into: stops before a character that does not fit",
	 "var d = new Uint8Array(5); var r = __kit_utf8_encode_into('a\\u00e9\\ud83d\\ude00', d); return [r, Array.prototype.slice.call(d)];",
	 "[[2,3],[97,195,169,0,0]]"},
	{"utf8_decode: U+FFFD per maximal subpart",
	 "var s = __kit_utf8_decode(new Uint8Array([0x41, 0xe1, 0x80, 0x41, 0xff, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80]), false), r = []; for (var i = 0; i < s.length; i++) r.push(s.charCodeAt(i)); return r;",
	 "[65,65533,65,65533,65533,65533,65533,55357,56832]"},
	{"utf8_decode: fatal throws on invalid input only",
	 "var r = [__kit_utf8_decode(new Uint8Array([0xc3, 0xa9]), true).charCodeAt(0)]; try { __kit_utf8_decode(new Uint8Array([0xc3]), true); } catch (e) { r.push(e.name); } return r;",
	 "[233,\"TypeError\"]"},
	{"utf8_decode: a view's own bytes, a DataView, an ArrayBuffer",
	 "var b = new Uint8Array([0, 104, 105, 0]); return [__kit_utf8_decode(b.subarray(1, 3), false), __kit_utf8_decode(new DataView(b.buffer, 2, 1), false), __kit_utf8_decode(b.buffer, false).length];",
	 "[\"hi\",\"i\",4]"},
	{"btoa and atob round trip every byte",
	 "var s = ''; for (var i = 0; i < 256; i++) s += String.fromCharCode(i); var e = __kit_btoa(s); return [e.length, e.slice(0, 8), e.slice(-8), __kit_atob(e) === s];",
	 "[344,\"AAECAwQF\",\"/P3+/w==\",true]"},
	{"atob: white space, missing padding; refusals",
	 "return [__kit_atob(' Zm9v\\nYg '), __kit_atob('Zg'), __kit_atob('Z'), __kit_atob('Zg='), __kit_atob('Z*g='), __kit_btoa('\\u0100'), __kit_btoa('')];",
	 "[\"foob\",\"f\",null,null,null,null,\"\"]"},
	{"random_fill: fills in place, returns the view",
	 "var a = new Uint8Array(64); var r = __kit_random_fill(a); var nz = 0; for (var i = 0; i < 64; i++) nz += a[i] !== 0; return [r === a, nz > 40];",
	 "[true,true]"},
	{"now and time_origin",
	 "var a = __kit_now(), b = __kit_now(); return [a >= 0, b >= a, __kit_time_origin() > 1.7e12];",
	 "[true,true,true]"},
	{"digest: SHA-1, SHA-256, SHA-384, SHA-512 of abc",
	 HEX "var abc = new Uint8Array([97, 98, 99]); return [hex(__kit_digest('SHA-1', abc)), hex(__kit_digest('SHA-256', abc)), hex(__kit_digest('SHA-384', abc)).slice(0, 16), hex(__kit_digest('SHA-512', abc)).slice(0, 16)];",
	 "[\"a9993e364706816aba3e25717850c26c9cd0d89d\",\"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\",\"cb00753f45a35e8b\",\"ddaf35a193617aba\"]"},
	{"digest: of nothing, of a window, an unknown name",
	 HEX "var r = [hex(__kit_digest('SHA-256', new ArrayBuffer(0))), hex(__kit_digest('SHA-1', new Uint8Array([0, 97, 98, 99, 0]).subarray(1, 4)))]; try { __kit_digest('MD5', new Uint8Array(1)); } catch (e) { r.push(e.name); } return r;",
	 "[\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\",\"a9993e364706816aba3e25717850c26c9cd0d89d\",\"Error\"]"},
	{"bytes_from_string: one byte a character; undefined above U+00FF",
	 "return [Array.prototype.slice.call(__kit_bytes_from_string('A\\u0000\\u00e9\\u00ff')), __kit_bytes_from_string('\\u0100'), __kit_bytes_from_string('').length];",
	 "[[65,0,233,255],null,0]"},
	{"idmap: objects by identity, through growth",
	 "var m = __kit_idmap_new(), objs = [], i, ok = true; for (i = 0; i < 5000; i++) { objs.push({ i: i }); __kit_idmap_set(m, objs[i], i * 2); } for (i = 0; i < 5000; i++) ok = ok && __kit_idmap_get(m, objs[i]) === i * 2; var r = [ok, __kit_idmap_get(m, { i: 0 }), __kit_idmap_get(m, 5), __kit_idmap_get(m, 'x')]; __kit_idmap_set(m, objs[7], 1); r.push(__kit_idmap_get(m, objs[7])); __kit_idmap_free(m); r.push(__kit_idmap_get(m, objs[7])); return r;",
	 "[true,-1,-1,-1,1,-1]"},
	{"idmap: a value that is not an object cannot be a key",
	 "try { __kit_idmap_set(__kit_idmap_new(), 5, 1); } catch (e) { return e.name; }",
	 "\"TypeError\""},
};

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	kit_binary_install(J);
	char got[1024];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK_STR(cases[i].name, mujs_run(J, cases[i].body, got, sizeof got), cases[i].want);
	js_freestate(J);
	TEST_EXIT();
}
