/* srcmap_test.c — engine stacks named by the app's source files
 * (render/srcmap.c): line tables written as kit-build writes them, then
 * stacks as mujs prints them (frames of server.js, of chunks, of their
 * copies in .kit-store/builds/, kit-build's short names, natives) and the
 * text each becomes. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/srcmap.h"
#include "test.h"

static char root[256];

static void write_file(const char *rel, const char *text)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs(text, f);
	fclose(f);
}

static const char *mapped(kit_srcmap *m, const char *text)
{
	static kit_buf out;
	kit_buf_reset(&out);
	kit_srcmap_text(m, text, &out);
	return kit_buf_cstr(&out);
}

int main(void)
{
	snprintf(root, sizeof root, "/tmp/kit-srcmap-test-%ld", (long)getpid());
	char dir[600];
	static const char *const dirs[] = { "", "/app", "/app/.kit", "/app/.kit/lines", "/app/.kit-store",
					    "/app/.kit-store/builds", "/app/.kit-store/builds/v1",
					    "/app/.kit-store/builds/v1/lines" };
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
		snprintf(dir, sizeof dir, "%s%s", root, dirs[i]);
		mkdir(dir, 0755);
	}
	/* a chunk: line 1 the __kit_define wrapper, lines 2-4 from the page,
	 * line 5 from a package */
	write_file("app/.kit/lines/m0-app_page-X.js",
		   "[\"src/app/posts/[id]/page.tsx\",\"node_modules/pkg/index.js\"]\n\n0 1\n0 12\n\n1 7\n");
	/* server.js: two lines of kit's runtime, then the core's */
	write_file("app/.kit/lines/server.js", "[\"js/server/runtime.ts\",\"runtime/prelude.js\"]\n1 1\n1 2\n0 40\n");
	write_file("app/.kit-store/builds/v1/lines/m0-app_page-X.js", "[\"src/app/old.tsx\"]\n\n0 3\n");

	char kit_dir[600];
	snprintf(kit_dir, sizeof kit_dir, "%s/app/.kit", root);
	kit_srcmap *m = kit_srcmap_open(kit_dir);
	char text[2048], want[2048];

	snprintf(text, sizeof text, "TypeError: x is undefined\n    at Post (%s/app/.kit/server/m0-app_page-X.js:3)\n"
				    "    at kitFulfilled (native)\n    at %s/app/.kit/server.js:3\n"
				    "    at __kit_drain (%s/app/.kit/server.js:1)", root, root, root);
	CHECK_STR("a chunk's frame, a native's, server.js's app part and runtime part", mapped(m, text),
		  "TypeError: x is undefined\n    at Post (src/app/posts/[id]/page.tsx:12)\n"
		  "    at kitFulfilled (native)\n    at js/server/runtime.ts:40\n"
		  "    at __kit_drain (runtime/prelude.js:1)");

	snprintf(text, sizeof text, "    at f (%s/app/.kit/server/m0-app_page-X.js:5)\n    at g (%s/app/.kit/server/m0-app_page-X.js:1)",
		 root, root);
	CHECK_STR("a package's line; the wrapper's line (no entry) keeps the chunk, relative to the app",
		  mapped(m, text), "    at f (node_modules/pkg/index.js:7)\n    at g (.kit/server/m0-app_page-X.js:1)");

	snprintf(text, sizeof text, "at %s/app/.kit/server/chunk-NOTABLE.js:9 and at %s/app/.kit/server.js:99",
		 root, root);
	CHECK_STR("a chunk without a table, a line past the table's end: the bundle file, relative", mapped(m, text),
		  "at .kit/server/chunk-NOTABLE.js:9 and at .kit/server.js:99");

	CHECK_STR("kit-build's build directory is named .kit",
		  mapped(m, "at /srv/app/.kit.tmp-123/server/chunk-X.js:9"), "at .kit/server/chunk-X.js:9");

	snprintf(text, sizeof text, "    at Old (%s/app/.kit-store/builds/v1/server/m0-app_page-X.js:2)", root);
	CHECK_STR("a chunk of a kept version: that version's table", mapped(m, text), "    at Old (src/app/old.tsx:3)");

	CHECK_STR("kit-build's names (server/<chunk>, server.js) are read in the map's directory",
		  mapped(m, "server/m0-app_page-X.js:3: SyntaxError; at server.js:2"),
		  "src/app/posts/[id]/page.tsx:12: SyntaxError; at runtime/prelude.js:2");

	CHECK_STR("other files and texts without a frame stay as they are",
		  mapped(m, "at f (/usr/lib/x.js:3) at g (node_modules/a/server.jsx:2) 1.js:x done"),
		  "at f (/usr/lib/x.js:3) at g (node_modules/a/server.jsx:2) 1.js:x done");

	char file[256];
	unsigned long line = 0;
	snprintf(text, sizeof text, "%s/app/.kit/server/m0-app_page-X.js", root);
	CHECK("kit_srcmap_find: file and line",
	      kit_srcmap_find(m, text, strlen(text), 3, file, sizeof file, &line) == 1 &&
		      strcmp(file, "src/app/posts/[id]/page.tsx") == 0 && line == 12);
	CHECK("kit_srcmap_find: no entry, line 0, past the end, not a bundle file",
	      !kit_srcmap_find(m, text, strlen(text), 1, file, sizeof file, &line) &&
		      !kit_srcmap_find(m, text, strlen(text), 0, file, sizeof file, &line) &&
		      !kit_srcmap_find(m, text, strlen(text), 1000, file, sizeof file, &line) &&
		      !kit_srcmap_find(m, "/x/page.js", 10, 2, file, sizeof file, &line));

	/* tables are read once: the file gone, the map still answers */
	snprintf(want, sizeof want, "%s/app/.kit/lines/m0-app_page-X.js", root);
	unlink(want);
	CHECK("a table read once is kept for the process",
	      kit_srcmap_find(m, text, strlen(text), 2, file, sizeof file, &line) == 1 && line == 1);
	kit_srcmap_close(m);

	snprintf(want, sizeof want, "rm -rf '%s'", root);
	if (system(want) != 0)
		fprintf(stderr, "srcmap_test: could not remove %s\n", root);
	TEST_EXIT();
}
