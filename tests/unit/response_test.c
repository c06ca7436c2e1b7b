/* response_test.c — fcgi/response.c (the one header writer) and the
 * redirect targets of fcgi/url.c: CR, LF and NUL never reach a head, a
 * refused header turns the answer into a 500 (502 for the backend's), and a
 * target built from a request path stays on the site, re-encoded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/response.h"
#include "fcgi/url.h"
#include "render/arena.h"
#include "test.h"

static int buf_write(void *ctx, const char *p, size_t n)
{
	kit_buf_put(ctx, p, n);
	return 0;
}

/* The answer of a kit_resp with one extra header (name, value of vlen bytes). */
static const char *answer_with(kit_buf *out, const char *name, const char *value, size_t vlen)
{
	kit_buf_reset(out);
	kit_sink sink = { buf_write, NULL, out };
	kit_resp r;
	kit_resp_init(&r, &sink, 308, 0);
	kit_resp_header(&r, "Content-Type", "text/plain");
	kit_buf line;
	kit_buf_init(&line);
	kit_buf_puts(&line, name);
	kit_buf_puts(&line, ": ");
	kit_buf_put(&line, value, vlen);
	kit_buf_puts(&line, "\r\n");
	kit_resp_lines(&r, &line);
	kit_buf_free(&line);
	if (kit_resp_begin(&r) == 0)
		kit_sink_write(&sink, "body", 4);
	kit_resp_free(&r);
	return kit_buf_cstr(out);
}

static const char *location(kit_buf *b, const char *path, const char *query)
{
	kit_buf_reset(b);
	kit_url_put_location(b, path, query);
	return kit_buf_cstr(b);
}

static const char *canonical_location(kit_buf *b, const char *uri)
{
	kit_url u;
	const char *why;
	kit_buf_reset(b);
	kit_arena *a = kit_arena_new(1024);
	if (kit_url_parse(a, uri, &u, &why) < 0) {
		kit_arena_free(a);
		return why;
	}
	size_t n = strlen(u.path);
	if (n > 1 && u.path[n - 1] == '/')
		u.path[n - 1] = '\0';
	kit_url_put_location(b, u.path, u.query);
	kit_arena_free(a);
	return kit_buf_cstr(b);
}

/* The host's small answers: one call, every header in order. */
static void check_simple_answers(kit_buf *answer)
{
	kit_buf_reset(answer);
	kit_sink sink = { buf_write, NULL, answer };
	kit_buf lines;
	kit_buf_init(&lines);
	kit_buf_puts(&lines, "set-cookie: a=1\r\n");
	CHECK("simple: written", kit_resp_simple(&sink, &(kit_simple_answer){
		.status = 204, .cache_control = "private, no-store", .vary = "Cookie",
		.name = "X-RSC-Redirect", .value = "/login", .lines = &lines,
		.content_type = "application/json; charset=utf-8" }) == 0);
	CHECK_STR("simple: the head", kit_buf_cstr(answer),
		  "Status: 204 No Content\r\nContent-Type: application/json; charset=utf-8\r\n"
		  "Cache-Control: private, no-store\r\nVary: Cookie\r\nX-RSC-Redirect: /login\r\n"
		  "set-cookie: a=1\r\n\r\n");
	kit_buf_free(&lines);
	kit_buf_reset(answer);
	kit_resp_text(&sink, 404, 0, "No such page\n");
	CHECK_STR("text: defaults and the body", kit_buf_cstr(answer),
		  "Status: 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\n"
		  "Cache-Control: no-store\r\n\r\nNo such page\n");
	kit_buf_reset(answer);
	kit_resp_text(&sink, 404, 1, "No such page\n");
	CHECK("text: HEAD has no body", !strstr(kit_buf_cstr(answer), "No such page"));
	kit_buf_reset(answer);
	CHECK("simple: a refused value", kit_resp_simple(&sink, &(kit_simple_answer){
		.status = 308, .name = "Location", .value = "/x\r\nSet-Cookie: pwn=1", .body = "moved\n" }) < 0);
	CHECK("simple: refused: a 500 without the body", strncmp(kit_buf_cstr(answer), "Status: 500 ", 12) == 0 &&
								  !strstr(kit_buf_cstr(answer), "moved"));
}

/* Buffers and heads in an arena: they grow there and need no free. */
static void check_arena_heads(kit_buf *answer)
{
	kit_arena *a = kit_arena_new(1024);
	kit_buf ab;
	kit_buf_init_in(&ab, a);
	for (int i = 0; i < 1000; i++)
		kit_buf_printf(&ab, "%03d,", i);
	CHECK("arena buf: grown, its bytes kept", ab.len == 4000 && strncmp(ab.data, "000,001,", 8) == 0 &&
							 strncmp(ab.data + 3996, "999,", 4) == 0);
	CHECK("arena buf: from the arena", kit_arena_used(a) >= 4000);
	kit_buf_free(&ab);
	CHECK("arena buf: free forgets, stays in the arena", ab.len == 0 && !ab.data && ab.arena == a);
	kit_buf_puts(&ab, "again");
	CHECK_STR("arena buf: usable after free", kit_buf_cstr(&ab), "again");
	size_t before = kit_arena_used(a);
	kit_buf_reset(answer);
	kit_sink sink = { buf_write, NULL, answer };
	kit_resp r;
	kit_resp_init_in(&r, a, &sink, 200, 0);
	kit_resp_header(&r, "Content-Type", "text/plain");
	CHECK("arena head: in the arena", kit_arena_used(a) > before && r.head.arena == a);
	kit_resp_begin(&r);
	CHECK_STR("arena head: written", kit_buf_cstr(answer), "Status: 200 OK\r\nContent-Type: text/plain\r\n\r\n");
	kit_arena_reset(a);
	CHECK("arena: reset releases them", kit_arena_used(a) == 0);
	kit_arena_free(a);
}

/* kit_resp_request_extra: what a Next.js-shaped middleware let through
 * carries its header lines and private, no-store on every head, the one
 * Cache-Control (docs/middleware.md §4); a bad line still refuses the head. */
static void check_request_extra(kit_buf *answer)
{
	kit_sink sink = { buf_write, NULL, answer };
	kit_buf lines;
	kit_buf_init(&lines);
	kit_buf_puts(&lines, "x-middleware: ran\r\nset-cookie: a=1; Path=/\r\n");
	kit_resp_request_extra(&lines, "private, no-store");
	kit_buf_reset(answer);
	kit_resp_simple(&sink, &(kit_simple_answer){ .status = 200, .cache_control = "public, max-age=0, must-revalidate",
						     .body = "x" });
	const char *a = kit_buf_cstr(answer);
	CHECK("extra: the middleware's lines on the head", strstr(a, "\r\nx-middleware: ran\r\n") &&
	      strstr(a, "\r\nset-cookie: a=1; Path=/\r\n"));
	const char *cc = strstr(a, "Cache-Control:");
	CHECK("extra: its Cache-Control replaces the answer's, once", cc && strncmp(cc, "Cache-Control: private, no-store\r\n", 34) == 0 &&
	      !strstr(cc + 1, "Cache-Control:") && !strstr(a, "public"));
	kit_buf_reset(answer);
	kit_resp_text(&sink, 404, 0, "gone\n");
	CHECK("extra: on a head without Cache-Control lines too", strstr(kit_buf_cstr(answer), "x-middleware: ran") &&
	      strstr(kit_buf_cstr(answer), "Cache-Control: private, no-store"));
	kit_buf_reset(&lines);
	kit_buf_puts(&lines, "x-bad: a\rb\r\n");
	kit_buf_reset(answer);
	kit_resp_text(&sink, 200, 0, "body\n");
	CHECK("extra: a refused line makes the answer a 500", strncmp(kit_buf_cstr(answer), "Status: 500 ", 12) == 0 &&
	      !strstr(kit_buf_cstr(answer), "body"));
	kit_resp_request_extra(NULL, NULL);
	kit_buf_reset(answer);
	kit_resp_text(&sink, 200, 0, "body\n");
	CHECK("extra: gone after the request", !strstr(kit_buf_cstr(answer), "x-middleware") &&
	      strstr(kit_buf_cstr(answer), "Cache-Control: no-store"));
	kit_buf_free(&lines);
}

int main(void)
{
	kit_buf out, b;
	kit_buf_init(&out);
	kit_buf_init(&b);

	CHECK_STR("reason 308", kit_http_reason(308), "Permanent Redirect");
	CHECK_STR("reason 431", kit_http_reason(431), "Request Header Fields Too Large");
	CHECK_STR("reason unknown", kit_http_reason(299), "Status");

	CHECK("ok: a plain header", kit_header_ok("Location", 8, "/a?b=1", 6));
	CHECK("ok: an empty value", kit_header_ok("X-A", 3, "", 0));
	CHECK("refuses CR in a value", !kit_header_ok("Location", 8, "/x\rSet-Cookie: a=1", 18));
	CHECK("refuses LF in a value", !kit_header_ok("Location", 8, "/x\nSet-Cookie: a=1", 18));
	CHECK("refuses NUL in a value", !kit_header_ok("Location", 8, "/x\0y", 4));
	CHECK("refuses an empty name", !kit_header_ok("", 0, "v", 1));
	CHECK("refuses a space in a name", !kit_header_ok("Set Cookie", 10, "v", 1));
	CHECK("refuses a colon in a name", !kit_header_ok("A:B", 3, "v", 1));
	CHECK("refuses CR in a name", !kit_header_ok("A\rB", 3, "v", 1));

	/* a request header as the web Headers class stores it */
	CHECK("plain: a lower-case name and a value", kit_header_plain("user-agent", "kit-bench/1.0 (x; y)"));
	CHECK("plain: an empty value", kit_header_plain("x-a", ""));
	CHECK("plain: bytes above 127 in a value", kit_header_plain("x-a", "caf\xc3\xa9"));
	CHECK("not plain: an upper-case name", !kit_header_plain("User-Agent", "v"));
	CHECK("not plain: an empty name", !kit_header_plain("", "v"));
	CHECK("not plain: a space in a name", !kit_header_plain("x a", "v"));
	CHECK("not plain: a leading space", !kit_header_plain("x-a", " v"));
	CHECK("not plain: a trailing tab", !kit_header_plain("x-a", "v\t"));
	CHECK("not plain: LF inside", !kit_header_plain("x-a", "a\nb"));
	CHECK("not plain: CR inside", !kit_header_plain("x-a", "a\rb"));
	CHECK("plain: a space inside", kit_header_plain("x-a", "a b"));

	CHECK_STR("a good line goes out",
		  answer_with(&out, "Set-Cookie", "a=1; Path=/", 11),
		  "Status: 308 Permanent Redirect\r\nContent-Type: text/plain\r\nSet-Cookie: a=1; Path=/\r\n\r\nbody");
	/* a value with CR LF given as one value (not a joined line) */
	{
		kit_buf_reset(&out);
		kit_sink sink = { buf_write, NULL, &out };
		kit_resp r;
		kit_resp_init(&r, &sink, 308, 0);
		kit_resp_header(&r, "Content-Type", "text/plain");
		CHECK("kit_resp_header refuses CR LF", kit_resp_header(&r, "Location", "/x\r\nSet-Cookie: pwn=1") < 0);
		if (kit_resp_begin(&r) == 0)
			kit_sink_write(&sink, "body", 4);
		kit_resp_free(&r);
		const char *refused = kit_buf_cstr(&out);
		CHECK("CRLF in a value: the answer is a 500", strncmp(refused, "Status: 500 Internal Server Error\r\n", 35) == 0);
		CHECK("CRLF in a value: no Set-Cookie, no Location, not the body",
		      !strstr(refused, "Set-Cookie") && !strstr(refused, "Location") && !strstr(refused, "body"));
	}
	const char *refused;
	kit_buf lines;
	kit_buf_init(&lines);
	CHECK("append refuses LF", kit_header_append(&lines, "Location", "/x\nSet-Cookie: a=1") < 0 && lines.len == 0);
	CHECK("append refuses a bad name", kit_header_append(&lines, "X:Y", "1") < 0 && lines.len == 0);
	CHECK("append writes a good line", kit_header_append(&lines, "X-Y", "1") == 0 &&
						   strcmp(kit_buf_cstr(&lines), "X-Y: 1\r\n") == 0);
	kit_buf_free(&lines);
	refused = answer_with(&out, "Location", "/x\ry", 4);
	CHECK("lone CR in a line: 500", strncmp(refused, "Status: 500 ", 12) == 0 && !strstr(refused, "/x"));
	refused = answer_with(&out, "Location", "/x\0y", 4);
	CHECK("NUL in a line: 500", strncmp(refused, "Status: 500 ", 12) == 0);

	/* a line of someone else's without a name, or folded */
	{
		kit_buf_reset(&out);
		kit_sink sink = { buf_write, NULL, &out };
		kit_resp r;
		kit_resp_init(&r, &sink, 200, 0);
		r.refusal_status = 502;
		kit_buf lines;
		kit_buf_init(&lines);
		kit_buf_puts(&lines, "X-A: 1\r\n folded: 2\r\n");
		kit_resp_lines(&r, &lines);
		CHECK("a folded line is refused", kit_resp_begin(&r) < 0);
		CHECK("the backend's refused header: 502",
		      strncmp(kit_buf_cstr(&out), "Status: 502 Bad Gateway\r\n", 25) == 0 && !strstr(kit_buf_cstr(&out), "X-A"));
		kit_buf_free(&lines);
		kit_resp_free(&r);
	}
	/* Cache-Control of the app is dropped when kit set one */
	{
		kit_buf_reset(&out);
		kit_sink sink = { buf_write, NULL, &out };
		kit_resp r;
		kit_resp_init(&r, &sink, 200, 1);
		kit_resp_header(&r, "Cache-Control", "private, no-store");
		kit_buf lines;
		kit_buf_init(&lines);
		kit_buf_puts(&lines, "cache-control: public, max-age=60\r\nx-b: 2\r\n");
		kit_resp_lines(&r, &lines);
		CHECK("has Cache-Control", kit_resp_has(&r, "cache-control"));
		kit_resp_begin(&r);
		CHECK_STR("kit's Cache-Control wins", kit_buf_cstr(&out),
			  "Status: 200 OK\r\nCache-Control: private, no-store\r\nx-b: 2\r\n\r\n");
		kit_buf_free(&lines);
		kit_resp_free(&r);
	}

	check_simple_answers(&out);
	check_arena_heads(&out);
	check_request_extra(&out);

	CHECK_STR("location: plain", location(&b, "/about", ""), "/about");
	CHECK_STR("location: with a query", location(&b, "/a", "b=1&c"), "/a?b=1&c");
	CHECK_STR("location: CR LF re-encoded", location(&b, "/x\r\nSet-Cookie: pwn=1", ""), "/x%0D%0ASet-Cookie:%20pwn=1");
	CHECK_STR("location: backslash", location(&b, "/\\evil.example", ""), "/%5Cevil.example");
	CHECK_STR("location: tab", location(&b, "/\t/evil.example", ""), "/%09/evil.example");
	CHECK_STR("location: U+2028", location(&b, "/\xe2\x80\xa8", ""), "/%E2%80%A8");
	CHECK_STR("location: leading // cut", location(&b, "//evil.example", ""), "/evil.example");
	CHECK_STR("location: sub-delims stay", location(&b, "/a-b_c.d~e!$&'()*+,;=:@", ""), "/a-b_c.d~e!$&'()*+,;=:@");
	CHECK_STR("location: query bytes", location(&b, "/a", "q=%0d%0a\"x y\r\n#<>"), "/a?q=%0d%0a%22x%20y%0D%0A%23%3C%3E");

	CHECK_STR("canonical: /x%0d%0aSet-Cookie:%20pwn=1/", canonical_location(&b, "/x%0d%0aSet-Cookie:%20pwn=1/"),
		  "/x%0D%0ASet-Cookie:%20pwn=1");
	CHECK_STR("canonical: /%0d%0a/evil.example/", canonical_location(&b, "/%0d%0a/evil.example/"), "/%0D%0A/evil.example");
	CHECK_STR("canonical: /%5Cevil.example/", canonical_location(&b, "/%5Cevil.example/"), "/%5Cevil.example");
	CHECK_STR("canonical: /%5C%5Cevil.example/", canonical_location(&b, "/%5C%5Cevil.example/"), "/%5C%5Cevil.example");
	CHECK_STR("canonical: //evil.example/", canonical_location(&b, "//evil.example/"), "/evil.example");
	CHECK_STR("canonical: /./%2e%2e//evil/", canonical_location(&b, "/./%2e%2e//evil/"), "/evil");
	CHECK_STR("canonical: %00 refused", canonical_location(&b, "/%00/"), "%00 in the path");

	CHECK("local: /a", kit_url_is_local("/a"));
	CHECK("local: not //a", !kit_url_is_local("//a"));
	CHECK("local: not /\\a", !kit_url_is_local("/\\a"));
	CHECK("local: not a tab", !kit_url_is_local("/\t/a"));
	CHECK("local: not http://a", !kit_url_is_local("http://a/"));

	/* a query key without "=" decodes in writable memory (the crash of
	 * "GET /?debug": the empty value was a string literal) */
	{
		char s[] = "";
		CHECK("decode_form of an empty writable value", kit_url_decode_form(s) == 0);
	}

	kit_buf_free(&out);
	kit_buf_free(&b);
	TEST_EXIT();
}
