/* www_test.c — build/www.c on a real directory: the served tree of stored
 * pages (hard links for lighttpd, mod_asis files with the responder's
 * headers for Apache), current switched by one rename, a version laid out
 * again replaced whole, a forgotten version removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/outdir.h"
#include "build/www.h"
#include "test.h"

static void put(const char *dir, const char *rel, const char *text)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	for (char *p = path + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static char *slurp(const char *dir, const char *rel)
{
	char path[4096];
	size_t len;
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	return kit_outdir_read(path, &len);
}

static int same_file(const char *dir, const char *a, const char *b)
{
	char pa[4096], pb[4096];
	struct stat sa, sb;
	snprintf(pa, sizeof pa, "%s/%s", dir, a);
	snprintf(pb, sizeof pb, "%s/%s", dir, b);
	return stat(pa, &sa) == 0 && stat(pb, &sb) == 0 && sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev;
}

static int exists(const char *dir, const char *rel)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, rel);
	return access(path, F_OK) == 0;
}

int main(void)
{
	char dir[] = "/tmp/kit-www-test.XXXXXX", err[512];
	if (!mkdtemp(dir)) {
		TEST_FAIL("mkdtemp", "cannot create a directory");
		TEST_EXIT();
	}
	/* what kit-build stored: "/" with one layout, "/a/b" with two (the
	 * second has slots: payloads up to depth 1) */
	put(dir, "stored/v1/index.html", "<h1>home</h1>");
	put(dir, "stored/v1/index.flight", "0:home-flight");
	put(dir, "stored/v1/index.seg1.flight", "0:home-seg1");
	put(dir, "stored/v1/a/b.html", "<h1>ab</h1>");
	put(dir, "stored/v1/a/b.flight", "0:ab-flight");
	put(dir, "stored/v1/a/b.seg1.flight", "0:ab-seg1");
	kit_www_page pages[] = {
		{ "/", "app/layout", 1 },
		{ "/a/b", "app/layout,app/a/layout", 1 },
	};
	CHECK("write v1", kit_www_write(dir, "v1", pages, 2, 0, err, sizeof err) == 0);
	char *v = slurp(dir, "www/v1/version");
	CHECK_STR("version file", v, "v1\n");
	free(v);
	CHECK("document of / linked as doc.html", same_file(dir, "www/v1/doc.html", "stored/v1/index.html"));
	CHECK("document of /a/b", same_file(dir, "www/v1/doc/a/b.html", "stored/v1/a/b.html"));
	CHECK("payload depth 0 is the flight file", same_file(dir, "www/v1/nav/a/b.0.rsc", "stored/v1/a/b.flight"));
	CHECK("payload depth 1", same_file(dir, "www/v1/nav/a/b.1.rsc", "stored/v1/a/b.seg1.flight"));
	CHECK("no payload past the deepest depth", !exists(dir, "www/v1/nav/a/b.2.rsc"));
	char *meta = slurp(dir, "www/v1/nav/a/b.layouts");
	CHECK_STR("chain and deepest depth", meta, "app/layout,app/a/layout\n1\n");
	free(meta);
	meta = slurp(dir, "www/v1/nav.layouts");
	CHECK_STR("chain of /", meta, "app/layout\n1\n");
	free(meta);

	char *asis = slurp(dir, "www/v1/a/doc/a/b.asis");
	CHECK_STR("Apache's document: the responder's head, then the bytes", asis,
		  "Status: 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
		  "Vary: X-RSC, X-RSC-Segments, X-RSC-Intercept, X-RSC-Revalidate\r\n"
		  "Cache-Control: public, max-age=0, must-revalidate\r\nX-RSC-Version: v1\r\n"
		  "Content-Length: 11\r\nX-RSC-Kit: stored\r\n\r\n<h1>ab</h1>");
	free(asis);
	asis = slurp(dir, "www/v1/a/v1/nav/a/b/=app/layout.asis");
	CHECK_STR("Apache's payload for a client sharing app/layout", asis,
		  "Status: 200 OK\r\nContent-Type: text/x-component\r\n"
		  "Vary: X-RSC, X-RSC-Segments, X-RSC-Intercept, X-RSC-Revalidate\r\n"
		  "Cache-Control: public, max-age=0, must-revalidate\r\nX-RSC-Version: v1\r\n"
		  "X-RSC-Segment-Depth: 1\r\nX-RSC-Layouts: app/layout,app/a/layout\r\n"
		  "Content-Length: 9\r\nX-RSC-Kit: stored\r\n\r\n0:ab-seg1");
	free(asis);
	CHECK("Apache's payload for any other client (depth 0)", exists(dir, "www/v1/a/v1/nav/a/b/=.asis"));
	CHECK("Apache's payload of / at depth 1", exists(dir, "www/v1/a/v1/nav/=app/layout.asis"));
	CHECK("none past the deepest depth", !exists(dir, "www/v1/a/v1/nav/a/b/=app/layout,app/a/layout.asis"));

	CHECK("activate v1", kit_www_activate(dir, "v1", err, sizeof err) == 0);
	char link[64] = "";
	char path[4096];
	snprintf(path, sizeof path, "%s/www/current", dir);
	ssize_t n = readlink(path, link, sizeof link - 1);
	link[n > 0 ? n : 0] = '\0';
	CHECK_STR("current is a relative link to v1", link, "v1");

	/* v1 laid out again with one page fewer: replaced whole */
	CHECK("write v1 again", kit_www_write(dir, "v1", pages + 1, 1, 0, err, sizeof err) == 0);
	CHECK("the tree replaced whole", !exists(dir, "www/v1/doc.html") && exists(dir, "www/v1/doc/a/b.html"));
	char tmp[64];
	snprintf(tmp, sizeof tmp, "www/v1.tmp-%ld", (long)getpid());
	CHECK("no temporary tree left", !exists(dir, tmp));

	put(dir, "stored/v2/index.html", "<h1>two</h1>");
	put(dir, "stored/v2/index.flight", "0:two");
	kit_www_page two = { "/", "app/layout,app/x/layout", 0 };
	CHECK("write v2 (a page whose payloads stop at depth 0)", kit_www_write(dir, "v2", &two, 1, 0, err, sizeof err) == 0);
	CHECK("v2: its depth 0 only", exists(dir, "www/v2/nav.0.rsc") && !exists(dir, "www/v2/nav.1.rsc"));
	CHECK("activate v2", kit_www_activate(dir, "v2", err, sizeof err) == 0);
	n = readlink(path, link, sizeof link - 1);
	link[n > 0 ? n : 0] = '\0';
	CHECK_STR("current switched to v2", link, "v2");

	kit_www_page odd = { "/a/b", "app/layout,app/.hidden/layout", 1 };
	CHECK("a chain Apache's rules cannot name", kit_www_write(dir, "v1", &odd, 1, 0, err, sizeof err) == 0);
	CHECK("its document for Apache, its payloads left to the responder",
	      exists(dir, "www/v1/a/doc/a/b.asis") && !exists(dir, "www/v1/a/v1"));
	CHECK("lighttpd's payloads still laid out", exists(dir, "www/v1/nav/a/b.1.rsc"));

	put(dir, "stored/v1/deep.html", "<h1>deep</h1>");
	for (int i = 0; i <= 9; i++) {
		char rel[64];
		snprintf(rel, sizeof rel, i ? "stored/v1/deep.seg%d.flight" : "stored/v1/deep.flight", i);
		put(dir, rel, "0:deep");
	}
	kit_www_page deep = { "/deep", "app/l,app/1/l,app/2/l,app/3/l,app/4/l,app/5/l,app/6/l,app/7/l,app/8/l", 9 };
	CHECK("a route 9 layouts deep", kit_www_write(dir, "v1", &deep, 1, 0, err, sizeof err) == 0);
	CHECK("deeper than Apache's rules look: its payloads left to the responder",
	      exists(dir, "www/v1/nav/deep.9.rsc") && exists(dir, "www/v1/a/doc/deep.asis") && !exists(dir, "www/v1/a/v1"));

	CHECK("an app with src/middleware.ts", kit_www_write(dir, "v1", pages, 2, 1, err, sizeof err) == 0);
	CHECK("its tree says raw-only, lighttpd's files laid out, none for Apache",
	      exists(dir, "www/v1/raw-only") && exists(dir, "www/v1/doc/a/b.html") && !exists(dir, "www/v1/a"));
	CHECK("without it, no raw-only", !exists(dir, "www/v2/raw-only"));

	kit_www_forget(dir, "v1");
	CHECK("forget removes the tree", !exists(dir, "www/v1") && exists(dir, "www/v2/doc.html"));
	kit_www_page missing = { "/nope", "app/layout", 0 };
	CHECK("a page without its stored file fails", kit_www_write(dir, "v3", &missing, 1, 0, err, sizeof err) < 0);
	CHECK("and leaves no tree", !exists(dir, "www/v3"));

	kit_outdir_remove(dir);
	TEST_EXIT();
}
