/* query_fuzz.c — libFuzzer target: the query and form decoding of
 * fcgi/host.c (parse_query: "&"-separated pairs, each side decoded by
 * kit_url_decode_form, "+" a space).
 *
 * The host's static functions are reached by including host.c (its other
 * functions are linked from it too, so nothing else of the host is linked
 * twice). One input is one QUERY_STRING (cut at a NUL, as an environment
 * would). Checked: no more pairs than "&"-separated parts, every key
 * non-empty, keys and values inside the request's arena and NUL-ended. A
 * violation aborts. */
#include "fcgi/host.c"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static kit_arena *a;
	if (!a)
		a = kit_arena_new(4096);
	kit_arena_reset(a);
	char *query = kit_arena_strndup(a, (const char *)data, size);
	size_t parts = 1;
	for (const char *p = query; *p; p++)
		parts += *p == '&';
	kit_kv *pairs = NULL;
	size_t n = parse_query(a, query, &pairs);
	if (n > parts) {
		fprintf(stderr, "query_fuzz: %zu pairs from %zu parts\n", n, parts);
		abort();
	}
	for (size_t i = 0; i < n; i++) {
		if (!pairs[i].key[0]) {
			fprintf(stderr, "query_fuzz: pair %zu has an empty key\n", i);
			abort();
		}
		/* each side is readable to its NUL (ASan reports a read past it) */
		(void)strlen(pairs[i].key);
		(void)strlen(pairs[i].value);
	}
	return 0;
}
