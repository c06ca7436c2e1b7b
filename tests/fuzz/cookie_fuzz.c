/* cookie_fuzz.c — libFuzzer target: the Cookie header a page rendered
 * after an action reads (fcgi/host.c's merge_cookies: the request's Cookie
 * pairs, those an action's Set-Cookie lines replace left out, then the
 * cookies set and not deleted by Max-Age=0).
 *
 * One input: the request's Cookie header up to the first LF, then the
 * Set-Cookie lines as an action wrote them ("set-cookie: n=v; attrs\r\n").
 * The host's static functions are reached by including host.c. Checked: the
 * merged header holds no LF, a CR only when the request's header had one,
 * and no empty pair ("; ;"). A violation aborts. */
#include "fcgi/host.c"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static kit_arena *a;
	if (!a)
		a = kit_arena_new(4096);
	kit_arena_reset(a);
	char *all = kit_arena_strndup(a, (const char *)data, size);
	char *lf = strchr(all, '\n');
	const char *sets = "";
	if (lf) {
		*lf = '\0';
		sets = lf + 1;
	}
	const char *cookie = all;
	kit_buf set_lines, out;
	kit_buf_init_in(&set_lines, a);
	kit_buf_init_in(&out, a);
	kit_buf_puts(&set_lines, sets);
	merge_cookies(cookie, &set_lines, &out);
	const char *merged = kit_buf_cstr(&out);
	if (strchr(merged, '\n') || (strchr(merged, '\r') && !strchr(cookie, '\r'))) {
		fprintf(stderr, "cookie_fuzz: a line break in the merged Cookie header: \"%s\"\n", merged);
		abort();
	}
	if (strstr(merged, "; ;") || strncmp(merged, "; ", 2) == 0) {
		fprintf(stderr, "cookie_fuzz: an empty pair in the merged Cookie header: \"%s\"\n", merged);
		abort();
	}
	return 0;
}
