/* url_test.c — fcgi/url.c as a case table: each row is an input, what is
 * done with it (flags) and the expected output.
 *
 *   URL_PATH      kit_url_parse: "<path>?<query>" as parsed (the query
 *                 printed only when non-empty), or "400" when refused
 *   URL_LOCATION  kit_url_parse, then kit_url_put_location of the result:
 *                 the redirect target built from the request
 *   URL_FORM      kit_url_decode_form of the input: the decoded bytes, or
 *                 "-1" on a bad escape
 *
 * The first block is every spelling of /__rsc/host-call a visitor might
 * try (the backend's private endpoint, refused by the web server in front;
 * contrib/README.md): each either is refused, or canonicalises to exactly
 * "/__rsc/host-call" (so a guard on the canonical path sees it), or is
 * another path (a byte more or less is not the endpoint). Escapes of every
 * byte are checked in a loop after the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/url.h"
#include "render/arena.h"
#include "test.h"

enum { URL_PATH = 1, URL_LOCATION = 2, URL_FORM = 4 };

static const struct url_case {
	const char *in;
	int flags;
	const char *want;
} cases[] = {
	/* /__rsc/host-call, every spelling */
	{ "/__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/host-call?x=1", URL_PATH, "/__rsc/host-call?x=1" },
	{ "/__rsc/host-call#frag", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/host-call/", URL_PATH, "/__rsc/host-call/" },
	{ "//__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "///__rsc///host-call", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc//host-call", URL_PATH, "/__rsc/host-call" },
	{ "/./__rsc/./host-call", URL_PATH, "/__rsc/host-call" },
	{ "/x/../__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/../../../__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/_kit/static/../../__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/x/../host-call", URL_PATH, "/__rsc/host-call" },
	{ "/%5F%5Frsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/%5f%5frsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/%5F%5F%72%73%63/%68%6F%73%74%2D%63%61%6C%6C", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/host%2Dcall", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/host%2dcall", URL_PATH, "/__rsc/host-call" },
	{ "/%2e/__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/%2E%2E/__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/x/%2e%2e/__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/x/.%2e/__rsc/host-call", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc%2Fhost-call", URL_PATH, "400" },
	{ "/__rsc%2fhost-call", URL_PATH, "400" },
	{ "/__rsc/host-call%00", URL_PATH, "400" },
	{ "/__rsc/host-call%", URL_PATH, "400" },
	{ "/__rsc/host-call%2", URL_PATH, "400" },
	{ "/__rsc/host-call%zz", URL_PATH, "400" },
	{ "/%255F%255Frsc/host-call", URL_PATH, "/%5F%5Frsc/host-call" }, /* decoded once only */
	{ "/__rsc/host-call%3Fx", URL_PATH, "/__rsc/host-call?x" },       /* a "?" in the path */
	{ "/__rsc/host-call;x", URL_PATH, "/__rsc/host-call;x" },
	{ "/__rsc/host-callX", URL_PATH, "/__rsc/host-callX" },
	{ "/__rsc/host-call%20", URL_PATH, "/__rsc/host-call " },
	{ "/__rsc/host-call.", URL_PATH, "/__rsc/host-call." },
	{ "/__rsc/host-call/.", URL_PATH, "/__rsc/host-call" },
	{ "/__rsc/host-call/..", URL_PATH, "/__rsc" },
	{ "/__RSC/HOST-CALL", URL_PATH, "/__RSC/HOST-CALL" },              /* paths are case-sensitive */
	{ "/__rsc\\host-call", URL_PATH, "/__rsc\\host-call" },            /* "\" is a byte, not a separator */
	{ "__rsc/host-call", URL_PATH, "400" },
	{ "", URL_PATH, "400" },
	{ "http://x/__rsc/host-call", URL_PATH, "400" },

	/* canonical paths in general */
	{ "/", URL_PATH, "/" },
	{ "//", URL_PATH, "/" },
	{ "/.", URL_PATH, "/" },
	{ "/..", URL_PATH, "/" },
	{ "/./", URL_PATH, "/" },
	{ "/a/b/../../..", URL_PATH, "/" },
	{ "/a/./b/", URL_PATH, "/a/b/" },
	{ "/a/b/..", URL_PATH, "/a" },
	{ "/a/b/../", URL_PATH, "/a/" },
	{ "/a/...", URL_PATH, "/a/..." },
	{ "/a/.b/..c", URL_PATH, "/a/.b/..c" },
	{ "/caf%C3%A9", URL_PATH, "/caf\xc3\xa9" },
	{ "/api/items/%ff%fe", URL_PATH, "400" },                         /* not UTF-8 */
	{ "/%ED%A0%80", URL_PATH, "400" },                                 /* a surrogate */
	{ "/%C0%AF", URL_PATH, "400" },                                    /* an overlong "/" */
	{ "/a?b?c", URL_PATH, "/a?b?c" },
	{ "/a?", URL_PATH, "/a" },
	{ "/a?%zz", URL_PATH, "/a?%zz" },                                 /* the query stays raw */
	{ "/a#b?c", URL_PATH, "/a" },
	{ "/a%23b", URL_PATH, "/a#b" },

	/* redirect targets built from the request */
	{ "/a/b/", URL_LOCATION, "/a/b/" },
	{ "//evil.example/", URL_LOCATION, "/evil.example/" },
	{ "/%2F%2Fevil", URL_LOCATION, "400" },
	{ "/\\evil.example/", URL_LOCATION, "/%5Cevil.example/" },
	{ "/a%0D%0ALocation:%20x", URL_LOCATION, "/a%0D%0ALocation:%20x" },
	{ "/caf%C3%A9?q=%C3%A9 x", URL_LOCATION, "/caf%C3%A9?q=%C3%A9%20x" },
	{ "/a%3Fb?c=d", URL_LOCATION, "/a%3Fb?c=d" },
	{ "/a%23b", URL_LOCATION, "/a%23b" },
	{ "/a%25b", URL_LOCATION, "/a%25b" },

	/* query and form components */
	{ "a+b", URL_FORM, "a b" },
	{ "a%20b%2Bc", URL_FORM, "a b+c" },
	{ "%41%4a%4A", URL_FORM, "AJJ" },
	{ "%", URL_FORM, "-1" },
	{ "a%4", URL_FORM, "-1" },
	{ "a%g0", URL_FORM, "-1" },
	{ "", URL_FORM, "" },
	{ "%2F..%2F", URL_FORM, "/../" },
};

static const char *run(kit_arena *a, const struct url_case *c)
{
	if (c->flags & URL_FORM) {
		char *s = kit_arena_strdup(a, c->in);
		return kit_url_decode_form(s) < 0 ? "-1" : s;
	}
	kit_url u;
	const char *why = NULL;
	if (kit_url_parse(a, c->in, &u, &why) < 0)
		return why && *why ? "400" : "400 without a reason";
	kit_buf b;
	kit_buf_init_in(&b, a);
	if (c->flags & URL_LOCATION) {
		kit_url_put_location(&b, u.path, u.query);
	} else {
		kit_buf_puts(&b, u.path);
		if (*u.query)
			kit_buf_printf(&b, "?%s", u.query);
	}
	return kit_buf_cstr(&b);
}

int main(void)
{
	kit_arena *a = kit_arena_new(4096);
	char name[200];
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct url_case *c = &cases[i];
		snprintf(name, sizeof name, "url %s: %s", c->flags & URL_FORM ? "form" : c->flags & URL_LOCATION ? "location" : "path",
			 c->in);
		CHECK_STR(name, run(a, c), c->want);
		kit_arena_reset(a);
	}

	/* every byte escaped in "/__rsc/host-call": %00, %2F and %80-%FF are refused, the
	 * escape of the byte that is there gives the endpoint, any other byte
	 * gives another path */
	const char *base = "/__rsc/host-call";
	int wrong = 0;
	for (size_t at = 1; base[at]; at++) {
		for (int v = 0; v < 256; v++) {
			char in[64];
			snprintf(in, sizeof in, "%.*s%%%02X%s", (int)at, base, v, base + at + 1);
			kit_url u;
			const char *why;
			int rc = kit_url_parse(a, in, &u, &why);
			int ok = v == 0 || v == '/' || v >= 0x80 ? rc < 0
				 : rc == 0 && (strcmp(u.path, base) == 0) == (v == (unsigned char)base[at]);
			if (!ok && wrong++ < 5)
				printf("  %s: %s\n", in, rc < 0 ? "refused" : u.path);
			kit_arena_reset(a);
		}
	}
	CHECK("url path: each byte of /__rsc/host-call escaped as %XX (15 x 256 spellings)", wrong == 0);

	kit_arena_free(a);
	TEST_EXIT();
}
