/* store_test.c — store/store.c on real SQLite files: path keys, file names,
 * publish in one transaction, lookups against the active version, a reader
 * seeing a new publish and a rollback without reopening, refusals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "test.h"

/* Keys are injective: "/" and "/index" (found by store_key_fuzz's corpus
 * review, tests/fuzz/README.md), and a route whose last segment ends like a
 * variant's file name, never share a stored file. */
static void key_table(void)
{
	static const struct { const char *path, *key; } keys[] = {
		{ "/", "index" },
		{ "/index", "index~" },
		{ "/index~", "index~~" },
		{ "/index~~", "index~~~" },
		{ "/indexes", "indexes" },
		{ "/a/index", "a/index" },
		{ "/index/a", "index/a" },
		{ "/a.ppr", "a.ppr~" },
		{ "/a.ppr~", "a.ppr~~" },
		{ "/a.ppr/b", "a.ppr/b" },
		{ "/a.pprx", "a.pprx" },
		{ "/x/a.seg1", "x/a.seg1~" },
		{ "/a.seg12~", "a.seg12~~" },
		{ "/a.seg", "a.seg" },
		{ "/a.segx1", "a.segx1" },
		{ "/old.redirect", "old.redirect~" },
		{ "/a.html", "a.html" },
	};
	char key[256], what[300];
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		snprintf(what, sizeof what, "key %s", keys[i].path);
		CHECK_STR(what, kit_store_path_key(keys[i].path, key, sizeof key) == 0 ? key : "(refused)", keys[i].key);
	}
	CHECK("key: no room for the '~'", kit_store_path_key("/index", key, 6) < 0);

	/* every (path, variant, depth) of these has a file of its own */
	static const char *paths[] = { "/", "/index", "/index~", "/a", "/a.ppr", "/a.ppr~", "/a.seg1", "/a.seg2",
				       "/a.redirect", "/a.api", "/a.flight", "/a.html", "/a/index", "/a/b.seg1~" };
	enum { NP = sizeof paths / sizeof *paths, NV = 8 };
	static char names[NP * NV][300];
	size_t n = 0;
	for (size_t i = 0; i < NP; i++) {
		for (int v = 0; v < NV; v++) {
			kit_store_variant var = v < 3 ? (kit_store_variant[]){ KIT_STORE_HTML, KIT_STORE_PPR,
									       KIT_STORE_FLIGHT }[v]
					      : v < 6 ? KIT_STORE_SEG : v == 6 ? KIT_STORE_REDIRECT : KIT_STORE_API;
			if (kit_store_file_name("v1", paths[i], var, v >= 3 && v < 6 ? v - 2 : 0, names[n],
						sizeof names[n]) == 0)
				n++;
		}
	}
	size_t same = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (strcmp(names[i], names[j]) == 0) {
				if (!same++)
					fprintf(stderr, "shared: %s\n", names[i]);
			}
	snprintf(what, sizeof what, "%zu file names of %zu paths x 8 variants, all different", n, (size_t)NP);
	CHECK(what, n == NP * NV && same == 0);
	CHECK("file of /index", kit_store_file_name("v1", "/index", KIT_STORE_HTML, 0, key, sizeof key) == 0 &&
					strcmp(key, "stored/v1/index~.html") == 0);
}

int main(void)
{
	char key[256], name[512], err[512];

	key_table();

	CHECK("key /", kit_store_path_key("/", key, sizeof key) == 0 && strcmp(key, "index") == 0);
	CHECK("key /a/b", kit_store_path_key("/a/b", key, sizeof key) == 0 && strcmp(key, "a/b") == 0);
	CHECK("key refuses ..", kit_store_path_key("/a/../etc", key, sizeof key) < 0);
	CHECK("key refuses .", kit_store_path_key("/a/./b", key, sizeof key) < 0);
	CHECK("key refuses leading ..", kit_store_path_key("/..", key, sizeof key) < 0);
	CHECK("key refuses //", kit_store_path_key("/a//b", key, sizeof key) < 0);
	CHECK("key refuses trailing /", kit_store_path_key("/a/", key, sizeof key) < 0);
	CHECK("key refuses backslash", kit_store_path_key("/a\\..\\b", key, sizeof key) < 0);
	CHECK("key refuses relative", kit_store_path_key("a", key, sizeof key) < 0);
	CHECK("key allows dots inside", kit_store_path_key("/a..b/.x", key, sizeof key) == 0);
	CHECK("key too long", kit_store_path_key("/abcdefghij", key, 6) < 0);

	CHECK("file html", kit_store_file_name("v1", "/", KIT_STORE_HTML, 0, name, sizeof name) == 0 &&
				   strcmp(name, "stored/v1/index.html") == 0);
	CHECK("file seg2", kit_store_file_name("v1", "/a/b", KIT_STORE_SEG, 2, name, sizeof name) == 0 &&
				   strcmp(name, "stored/v1/a/b.seg2.flight") == 0);
	CHECK("file ppr", kit_store_file_name("v1", "/a", KIT_STORE_PPR, 0, name, sizeof name) == 0 &&
				  strcmp(name, "stored/v1/a.ppr.html") == 0);
	CHECK("file redirect", kit_store_file_name("v1", "/r", KIT_STORE_REDIRECT, 0, name, sizeof name) == 0 &&
				       strcmp(name, "stored/v1/r.redirect.json") == 0);
	CHECK("file refuses bad version", kit_store_file_name("../x", "/a", KIT_STORE_HTML, 0, name, sizeof name) < 0);
	CHECK("file refuses seg0", kit_store_file_name("v1", "/a", KIT_STORE_SEG, 0, name, sizeof name) < 0);

	char dir[] = "/tmp/kit-store-test.XXXXXX";
	if (!mkdtemp(dir)) {
		TEST_FAIL("mkdtemp", "cannot create a temporary directory");
		TEST_EXIT();
	}
	char path[600];
	snprintf(path, sizeof path, "%s/store.sqlite", dir);

	CHECK("read-only open of a missing store fails", kit_store_open(path, 1, err, sizeof err) == NULL);

	kit_store *w = kit_store_open(path, 0, err, sizeof err);
	CHECK("open for writing", w != NULL);
	if (!w)
		TEST_EXIT();
	kit_store *r = kit_store_open(path, 1, err, sizeof err);
	CHECK("open read-only", r != NULL);
	if (!r)
		TEST_EXIT();
	kit_store_hit hit;
	CHECK("empty store: no hit", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 0);

	kit_store_entry v1[] = {
		{ "/", KIT_STORE_HTML, 0, 200, "", "stored/v1/index.html" },
		{ "/", KIT_STORE_FLIGHT, 0, 200, "", "stored/v1/index.flight" },
		{ "/a/b", KIT_STORE_SEG, 1, 200, "", "stored/v1/a/b.seg1.flight" },
		{ "/a/b", KIT_STORE_SEG, 2, 200, "", "stored/v1/a/b.seg2.flight" },
		{ "/old", KIT_STORE_REDIRECT, 0, 308, "location: /new\r\n", "stored/v1/old.redirect.json" },
		/* a catch-all route's shell: dots inside a segment are no traversal */
		{ "/docs/[...slug]", KIT_STORE_PPR, 0, 200, "", "stored/v1/docs/[...slug].ppr.html" },
	};
	CHECK("publish v1", kit_store_publish(w, "v1", v1, 6, err, sizeof err) == 0);
	char active[64];
	CHECK("active v1", kit_store_active(r, active, sizeof active) == 0 && strcmp(active, "v1") == 0);
	int rc = kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit);
	char want[700];
	snprintf(want, sizeof want, "%s/stored/v1/index.html", dir);
	CHECK("reader sees v1 without reopening", rc == 1 && hit.status == 200 && strcmp(hit.version, "v1") == 0);
	CHECK_STR("hit path is beside the store", hit.path, want);
	CHECK("seg depth 2", kit_store_lookup(r, "/a/b", KIT_STORE_SEG, 2, &hit) == 1 &&
				     strstr(hit.path, "b.seg2.flight") != NULL);
	CHECK("seg depth 3 not stored", kit_store_lookup(r, "/a/b", KIT_STORE_SEG, 3, &hit) == 0);
	CHECK("redirect", kit_store_lookup(r, "/old", KIT_STORE_REDIRECT, 0, &hit) == 1 && hit.status == 308 &&
				  strcmp(hit.headers, "location: /new\r\n") == 0);
	CHECK("other variant not stored", kit_store_lookup(r, "/", KIT_STORE_PPR, 0, &hit) == 0);
	CHECK("a catch-all's shell", kit_store_lookup(r, "/docs/[...slug]", KIT_STORE_PPR, 0, &hit) == 1 &&
				       strstr(hit.path, "stored/v1/docs/[...slug].ppr.html") != NULL);

	kit_store_entry v2[] = { { "/", KIT_STORE_HTML, 0, 200, "", "stored/v2/index.html" } };
	CHECK("publish v2", kit_store_publish(w, "v2", v2, 1, err, sizeof err) == 0);
	CHECK("reader sees v2", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 && strcmp(hit.version, "v2") == 0);
	CHECK("v1-only route gone with v2", kit_store_lookup(r, "/old", KIT_STORE_REDIRECT, 0, &hit) == 0);
	/* the rows of a version that is not active (kit-build --publish-from),
	 * from a read-only handle, as they were published */
	kit_store_entry *got = NULL;
	long ng = kit_store_entries(r, "v1", &got, err, sizeof err);
	CHECK("entries of v1 (not active): all 6", ng == 6);
	int same_rows = ng == 6;
	for (long i = 0; same_rows && i < ng; i++) {
		int found = 0;
		for (size_t j = 0; j < 6; j++)
			found |= strcmp(got[i].route_path, v1[j].route_path) == 0 && got[i].variant == v1[j].variant &&
				 got[i].depth == v1[j].depth && got[i].status == v1[j].status &&
				 strcmp(got[i].headers, v1[j].headers) == 0 && strcmp(got[i].file, v1[j].file) == 0;
		same_rows = found;
	}
	CHECK("entries of v1: route, variant, depth, status, headers and file as published", same_rows);
	kit_store_entries_free(got, ng);
	CHECK("entries of a version never published: refused, naming it",
	      kit_store_entries(r, "v9", &got, err, sizeof err) < 0 && got == NULL && strstr(err, "v9") != NULL);
	/* held (one request): a rollback after the first call is not seen before
	 * the hold ends, then at once */
	kit_store_hold(r, 1);
	CHECK("held: active v2", kit_store_active(r, active, sizeof active) == 0 && strcmp(active, "v2") == 0);
	CHECK("rollback to v1 while held", kit_store_rollback(w, "v1", err, sizeof err) == 0);
	CHECK("held: still v2 after the rollback",
	      kit_store_active(r, active, sizeof active) == 0 && strcmp(active, "v2") == 0 &&
		      kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 && strcmp(hit.version, "v2") == 0);
	kit_store_hold(r, 0);
	CHECK("hold ended: v1", kit_store_active(r, active, sizeof active) == 0 && strcmp(active, "v1") == 0 &&
				     kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 && strcmp(hit.version, "v1") == 0);
	CHECK("back to v2", kit_store_rollback(w, "v2", err, sizeof err) == 0);
	kit_store_hold(r, 1);
	CHECK("held again: v2 at its first call", kit_store_active(r, active, sizeof active) == 0 && strcmp(active, "v2") == 0);
	kit_store_hold(r, 0);
	/* more lookups than the reader's cache holds (store.c empties it when full) */
	int misses = 0;
	for (int i = 0; i < 1000; i++) {
		char route[32];
		snprintf(route, sizeof route, "/missing/%d", i);
		misses += kit_store_lookup(r, route, KIT_STORE_HTML, 0, &hit) == 0;
	}
	CHECK("1000 distinct misses", misses == 1000);
	CHECK("a hit after the cache filled", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 &&
						      strcmp(hit.version, "v2") == 0 && strstr(hit.path, "stored/v2/index.html"));
	CHECK("a miss cached stays a miss", kit_store_lookup(r, "/missing/999", KIT_STORE_HTML, 0, &hit) == 0);

	CHECK("rollback to v1", kit_store_rollback(w, "v1", err, sizeof err) == 0);
	CHECK("reader sees the rollback", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 &&
						 strcmp(hit.version, "v1") == 0);
	CHECK("rollback to an unknown version refused", kit_store_rollback(w, "v9", err, sizeof err) < 0 &&
							       strstr(err, "v9") != NULL);
	CHECK("still v1 after the refused rollback", kit_store_active(r, active, sizeof active) == 0 &&
							     strcmp(active, "v1") == 0);

	kit_store_entry bad[] = {
		{ "/x", KIT_STORE_HTML, 0, 200, "", "stored/v3/x.html" },
		{ "/../etc/passwd", KIT_STORE_HTML, 0, 200, "", "stored/v3/x.html" },
	};
	CHECK("publish with a traversal key refused", kit_store_publish(w, "v3", bad, 2, err, sizeof err) < 0 &&
							      strstr(err, "refused") != NULL);
	kit_store_entry bad_file[] = { { "/x", KIT_STORE_HTML, 0, 200, "", "stored/v3/../../x.html" } };
	CHECK("publish with a traversal in the file refused",
	      kit_store_publish(w, "v3", bad_file, 1, err, sizeof err) < 0 && strstr(err, "refused") != NULL);
	CHECK("a refused publish changes nothing", kit_store_active(r, active, sizeof active) == 0 &&
							   strcmp(active, "v1") == 0 &&
							   kit_store_lookup(r, "/x", KIT_STORE_HTML, 0, &hit) == 0);
	CHECK("rollback to the refused version fails", kit_store_rollback(w, "v3", err, sizeof err) < 0);

	/* a second writer handle (another build) publishing while the reader is open */
	kit_store *w2 = kit_store_open(path, 0, err, sizeof err);
	CHECK("second writer", w2 && kit_store_publish(w2, "v4", v2, 1, err, sizeof err) == 0);
	CHECK("reader sees the second writer's version", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 &&
								 strcmp(hit.version, "v4") == 0);
	kit_store_close(w2);

	/* versions side by side: newest publish first, the active one marked */
	kit_store_version vs[8];
	int nv = kit_store_versions(r, vs, 8);
	CHECK("versions listed newest first", nv == 3 && strcmp(vs[0].version, "v4") == 0 &&
						      strcmp(vs[1].version, "v2") == 0 && strcmp(vs[2].version, "v1") == 0);
	CHECK("versions: active and render counts", nv == 3 && vs[0].active && !vs[1].active && vs[2].renders == 6);
	CHECK("republish moves a version to the front", kit_store_publish(w, "v1", v1, 6, err, sizeof err) == 0 &&
								kit_store_versions(r, vs, 8) == 3 &&
								strcmp(vs[0].version, "v1") == 0 && vs[0].active);
	/* order now v1 (active), v4, v2; roll back to v2 and keep 2: v2 (active) and v1 stay */
	CHECK("rollback to v2", kit_store_rollback(w, "v2", err, sizeof err) == 0);
	kit_store_version gone[4];
	int np = kit_store_prune(w, 2, gone, 4, err, sizeof err);
	CHECK("prune keeps the active one and the newest other", np == 1 && strcmp(gone[0].version, "v4") == 0);
	nv = kit_store_versions(r, vs, 8);
	CHECK("after prune: v1 and v2", nv == 2 && strcmp(vs[0].version, "v1") == 0 && strcmp(vs[1].version, "v2") == 0 &&
						vs[1].active);
	CHECK("pruned version's rows gone", kit_store_rollback(w, "v4", err, sizeof err) < 0);
	CHECK("active still serves after prune", kit_store_lookup(r, "/", KIT_STORE_HTML, 0, &hit) == 1 &&
							 strcmp(hit.version, "v2") == 0);
	CHECK("prune keep 1 leaves only the active one", kit_store_prune(w, 1, gone, 4, err, sizeof err) == 1 &&
								 strcmp(gone[0].version, "v1") == 0 &&
								 kit_store_versions(r, vs, 8) == 1 && vs[0].active);

	/* a reader remembers answers (hits and misses) until the file changes */
	kit_store_entry v5[] = { { "/late", KIT_STORE_HTML, 0, 200, "", "stored/v5/late.html" } };
	int same = 1;
	for (int i = 0; i < 1000; i++)
		same &= kit_store_lookup(r, "/late", KIT_STORE_HTML, 0, &hit) == 0;
	CHECK("a remembered miss stays a miss", same);
	CHECK("... until a publish makes it a hit", kit_store_publish(w, "v5", v5, 1, err, sizeof err) == 0 &&
							    kit_store_lookup(r, "/late", KIT_STORE_HTML, 0, &hit) == 1 &&
							    strcmp(hit.version, "v5") == 0);
	for (int i = 0; i < 1000; i++)
		same &= kit_store_lookup(r, "/late", KIT_STORE_HTML, 0, &hit) == 1 && strcmp(hit.version, "v5") == 0;
	CHECK("a remembered hit stays a hit", same && kit_store_active(r, active, sizeof active) == 0 &&
						      strcmp(active, "v5") == 0);
	for (int i = 0; i < 3000; i++) {  /* more keys than the first table holds */
		char route[32];
		snprintf(route, sizeof route, "/k%d", i);
		same &= kit_store_lookup(r, route, KIT_STORE_HTML, 0, &hit) == 0;
	}
	CHECK("many remembered keys", same && kit_store_lookup(r, "/late", KIT_STORE_HTML, 0, &hit) == 1);
	CHECK("... and a rollback is seen at once", kit_store_rollback(w, "v2", err, sizeof err) == 0 &&
							  kit_store_lookup(r, "/late", KIT_STORE_HTML, 0, &hit) == 0 &&
							  kit_store_active(r, active, sizeof active) == 0 &&
							  strcmp(active, "v2") == 0);

	kit_store_close(r);
	kit_store_close(w);
	unlink(path);
	rmdir(dir);
	TEST_EXIT();
}
