/* url_fuzz.c — libFuzzer target: fcgi/url.c, the path the host routes on.
 *
 * One input is one REQUEST_URI (cut at the first NUL, as an environment
 * would). kit_url_parse either refuses it or returns a canonical path, and
 * the canonical form is checked, since it guards /__rsc/host-call and the
 * store's keys:
 *
 *   - it starts with "/", holds no "//", no "." or ".." segment, no NUL;
 *   - parsing it again (its "%" re-encoded as "%25") gives it back: one
 *     canonicalisation is the last;
 *   - kit_url_put_location of the path and query is a same-origin target
 *     (kit_url_is_local) that parses back to the same path.
 *
 * The same bytes go through kit_url_decode_form (a query or form component),
 * whose output is never longer than its input. A violation aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/url.h"

static void check(int ok, const char *what, const char *uri)
{
	if (ok)
		return;
	fprintf(stderr, "url_fuzz: %s (input \"%s\")\n", what, uri);
	abort();
}

static int has_dot_segment(const char *p)
{
	for (const char *s = p; *s; s++) {
		if (*s != '/')
			continue;
		if (s[1] == '.' && (s[2] == '/' || s[2] == '\0'))
			return 1;
		if (s[1] == '.' && s[2] == '.' && (s[3] == '/' || s[3] == '\0'))
			return 1;
	}
	return 0;
}

/* The path as a request target again: "%" and "?" and "#" escaped so that
 * they stay path bytes. */
static char *reencode(kit_arena *a, const char *path)
{
	kit_buf b;
	kit_buf_init_in(&b, a);
	for (const char *p = path; *p; p++) {
		if (*p == '%' || *p == '?' || *p == '#')
			kit_buf_printf(&b, "%%%02X", (unsigned char)*p);
		else
			kit_buf_putc(&b, *p);
	}
	return (char *)kit_buf_cstr(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static kit_arena *a;
	if (!a)
		a = kit_arena_new(4096);
	kit_arena_reset(a);
	char *uri = kit_arena_strndup(a, (const char *)data, size);

	kit_url u;
	const char *why = NULL;
	if (kit_url_parse(a, uri, &u, &why) == 0) {
		check(u.path[0] == '/', "the path does not start with \"/\"", uri);
		check(!strstr(u.path, "//"), "the path holds \"//\"", uri);
		check(!has_dot_segment(u.path), "the path holds a \".\" or \"..\" segment", uri);
		check(u.query != NULL, "no query string", uri);

		kit_url again;
		check(kit_url_parse(a, reencode(a, u.path), &again, &why) == 0, "the canonical path is refused", uri);
		check(strcmp(again.path, u.path) == 0, "canonicalising twice changes the path", uri);

		kit_buf loc;
		kit_buf_init_in(&loc, a);
		kit_url_put_location(&loc, u.path, u.query);
		const char *target = kit_buf_cstr(&loc);
		check(kit_url_is_local(target), "the Location built from the request is not same-origin", uri);
		kit_url back;
		check(kit_url_parse(a, target, &back, &why) == 0, "the Location built from the request is refused", uri);
		check(strcmp(back.path, u.path) == 0, "the Location built from the request names another path", uri);
	} else {
		check(why && *why, "a refusal without a reason", uri);
	}

	char *form = kit_arena_strndup(a, (const char *)data, size);
	size_t before = strlen(form);
	long n = kit_url_decode_form(form);
	check(n < 0 || (size_t)n <= before, "decoding made the component longer", uri);
	return 0;
}
