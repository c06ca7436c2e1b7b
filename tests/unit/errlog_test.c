/* errlog_test.c — the one log line of a failure (render/errlog.c,
 * docs/errors.md §5): the line of a component's error with its mapped
 * frame, of a failure without a component or a frame, and the digest. */
#include "render/errlog.h"
#include "test.h"

static const char *owners;

static const char *line(int status, const char *method, const char *path, const char *component, const char *error,
			const char *digest)
{
	static kit_buf out;
	kit_buf_reset(&out);
	kit_errlog_format(&out, status, method, path, component, error, digest, owners);
	return kit_buf_cstr(&out);
}

int main(void)
{
	CHECK_STR("a component's error: its first line, the frame's file:line, the digest",
		  line(500, "GET", "/posts/3", "Post",
		       "TypeError: x is undefined at Post (src/app/posts/[id]/page.tsx:12)\n"
		       "    at kitFulfilled (native)\n    at runtime/prelude.js:545", "2931470270"),
		  "500 GET /posts/3 \xe2\x80\x94 <Post> TypeError: x is undefined at src/app/posts/[id]/page.tsx:12 (digest 2931470270)");
	CHECK_STR("a frame outside a function stays file:line",
		  line(200, "GET", "/inner", "Late", "Error: late at src/app/inner/page.tsx:6", "1"),
		  "200 GET /inner \xe2\x80\x94 <Late> Error: late at src/app/inner/page.tsx:6 (digest 1)");
	CHECK_STR("no component, no frame, no digest; an unknown method is GET",
		  line(503, NULL, "/slow", NULL, "the render budget ran out\nmore", NULL),
		  "503 GET /slow \xe2\x80\x94 the render budget ran out");
	CHECK_STR("a message with \" at \" of its own and no frame is left as it is",
		  line(500, "POST", "/x", "", "Error: failed at step (two)", ""),
		  "500 POST /x \xe2\x80\x94 Error: failed at step (two)");
	owners = "    at Post (src/app/posts/[id]/page.tsx:4)\n    at PostsLayout (src/app/posts/layout.tsx:2)\n    at RootLayout";
	CHECK_STR("a component with parents: its path at the end, innermost first, names only",
		  line(500, "GET", "/posts/3", "Post", "TypeError: x is undefined at src/app/posts/[id]/page.tsx:12", "7"),
		  "500 GET /posts/3 \xe2\x80\x94 <Post> TypeError: x is undefined at src/app/posts/[id]/page.tsx:12 (digest 7)"
		  " in <Post> < <PostsLayout> < <RootLayout>");
	owners = "    at Post";
	CHECK_STR("a component without a parent: no path",
		  line(500, "GET", "/", "Post", "Error: x", "7"), "500 GET / \xe2\x80\x94 <Post> Error: x (digest 7)");
	owners = NULL;
	kit_buf b;
	kit_buf_init(&b);
	kit_errlog_summary(&b, "RangeError: bad at new Thing (src/lib/thing.ts:3)");
	CHECK_STR("a constructor's frame (\"new Name\") keeps its name", kit_buf_cstr(&b),
		  "RangeError: bad at new Thing (src/lib/thing.ts:3)");
	kit_buf_free(&b);
	char d[32];
	kit_errlog_digest("Error: x", d, sizeof d);
	char again[32];
	kit_errlog_digest("Error: x", again, sizeof again);
	CHECK("the digest: decimal, the same for the same text, another for another",
	      strspn(d, "0123456789") == strlen(d) && strcmp(d, again) == 0 &&
		      (kit_errlog_digest("Error: y", again, sizeof again), strcmp(d, again) != 0));
	TEST_EXIT();
}
