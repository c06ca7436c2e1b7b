/* www.c — the served tree of stored pages (www.h). Hard links, never copies
 * of the store's files where the file system allows (the same disk). */
#include "build/www.h"

#include "build/outdir.h"
#include "render/buf.h"
#include "store/store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every directory above dir/rel. */
static int make_parents(const char *dir, const char *rel)
{
	char path[4400];
	int n = snprintf(path, sizeof path, "%s/%s", dir, rel);
	if (n < 0 || (size_t)n >= sizeof path)
		return -1;
	for (char *p = path + strlen(dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		int rc = mkdir(path, 0755);
		*p = '/';
		if (rc != 0 && errno != EEXIST)
			return -1;
	}
	return 0;
}

/* dst as a hard link to src, else a copy. */
static int link_or_copy(const char *src, const char *dst)
{
	if (link(src, dst) == 0)
		return 0;
	size_t len;
	char *data = kit_outdir_read(src, &len);
	if (!data)
		return -1;
	int fd = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	int rc = fd >= 0 && write(fd, data, len) == (ssize_t)len ? 0 : -1;
	if (fd >= 0 && close(fd) != 0)
		rc = -1;
	free(data);
	return rc;
}

/* The store's file of one variant linked as tree/rel. */
static int link_variant(const char *store_dir, const char *tree, const char *version, const char *route_path,
			kit_store_variant v, int depth, const char *rel)
{
	char name[4200], src[8400], dst[8400];
	if (kit_store_file_name(version, route_path, v, depth, name, sizeof name) < 0)
		return -1;
	if ((size_t)snprintf(src, sizeof src, "%s/%s", store_dir, name) >= sizeof src ||
	    (size_t)snprintf(dst, sizeof dst, "%s/%s", tree, rel) >= sizeof dst)
		return -1;
	return make_parents(tree, rel) < 0 ? -1 : link_or_copy(src, dst);
}

/* tree/rel as an Apache mod_asis file: the responder's status line and
 * headers (fcgi/stored.c kit_stored_serve, fcgi/response.c
 * kit_resp_page_headers, in its order), then the stored file's bytes.
 * depth < 0: a document. */
static int write_asis(const char *store_dir, const char *tree, const char *version, const kit_www_page *pg,
		      kit_store_variant v, int depth, const char *rel)
{
	char name[4200], src[8400], dst[8400];
	if (kit_store_file_name(version, pg->path, v, depth < 0 ? 0 : depth, name, sizeof name) < 0 ||
	    (size_t)snprintf(src, sizeof src, "%s/%s", store_dir, name) >= sizeof src ||
	    (size_t)snprintf(dst, sizeof dst, "%s/%s", tree, rel) >= sizeof dst || make_parents(tree, rel) < 0)
		return -1;
	size_t len;
	char *body = kit_outdir_read(src, &len);
	if (!body)
		return -1;
	kit_buf out;
	kit_buf_init(&out);
	kit_buf_printf(&out, "Status: 200 OK\r\nContent-Type: %s\r\nVary: %s\r\nCache-Control: %s\r\n"
		       "X-RSC-Version: %s\r\n", depth < 0 ? "text/html; charset=utf-8" : "text/x-component",
		       KIT_WWW_VARY, "public, max-age=0, must-revalidate", version);
	if (depth >= 0)
		kit_buf_printf(&out, "X-RSC-Segment-Depth: %d\r\nX-RSC-Layouts: %s\r\n", depth, pg->chain);
	kit_buf_printf(&out, "Content-Length: %zu\r\nX-RSC-Kit: stored\r\n\r\n", len);
	kit_buf_put(&out, body, len);
	free(body);
	int fd = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	int rc = fd >= 0 && write(fd, out.data, out.len) == (ssize_t)out.len ? 0 : -1;
	if (fd >= 0 && close(fd) != 0)
		rc = -1;
	kit_buf_free(&out);
	return rc;
}

/* Can the chain's items name files in an Apache rewrite (contrib/apache
 * kit.conf takes them from X-RSC-Segments as they come)? Bytes the rules
 * accept, no "." leading an item or a path segment. */
static int chain_nameable(const char *chain)
{
	for (const char *p = chain; *p; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      strchr("_-/,@()[]:.", *p)))
			return 0;
		if (*p == '.' && (p == chain || p[-1] == '/' || p[-1] == ','))
			return 0;
	}
	return 1;
}

/* The pages again for Apache (contrib/apache/kit.conf, contrib/htaccess),
 * which cannot compute a header: each answer a mod_asis file holding its
 * headers, the payloads named by the client's X-RSC-Segments as far as it is
 * shared, below a directory named by the version (the rules put the
 * client's X-RSC-Version there):
 *   a/doc<path>.asis
 *   a/<version>/nav<path>/=<the first N items of the chain>.asis */
static int write_asis_page(const char *store_dir, const char *tree, const char *version, const kit_www_page *pg,
			   const char *path)
{
	char rel[8400];
	if ((size_t)snprintf(rel, sizeof rel, "a/doc%s.asis", path) >= sizeof rel ||
	    write_asis(store_dir, tree, version, pg, KIT_STORE_HTML, -1, rel) < 0)
		return -1;
	/* the rules try runs of up to 8 items: a deeper route's client could
	 * share more than its longest file says */
	if (!chain_nameable(pg->chain) || pg->max_depth > KIT_WWW_APACHE_DEPTH)
		return 0;  /* the responder answers its payloads */
	const char *end = pg->chain;
	for (int depth = 0; depth <= pg->max_depth; depth++) {
		if (depth) {
			end = strchr(end + (depth > 1), ',');
			if (!end)
				end = pg->chain + strlen(pg->chain);
		}
		int n = snprintf(rel, sizeof rel, "a/%s/nav%s/=%.*s.asis", version, path, (int)(end - pg->chain), pg->chain);
		if (n < 0 || (size_t)n >= sizeof rel ||
		    write_asis(store_dir, tree, version, pg, depth ? KIT_STORE_SEG : KIT_STORE_FLIGHT, depth, rel) < 0)
			return -1;
	}
	return 0;
}

/* One page: its document and payloads linked, its chain written. */
static int write_page(const char *store_dir, const char *tree, const char *version, const kit_www_page *pg,
		      int raw_only)
{
	/* "/" → "", "/a/b" → "/a/b": doc.html, doc/a/b.html ("/index":
	 * doc/index.html; the store's names are index.html and index~.html) */
	const char *path = strcmp(pg->path, "/") == 0 ? "" : pg->path;
	char rel[4400];
	if ((size_t)snprintf(rel, sizeof rel, "doc%s.html", path) >= sizeof rel ||
	    link_variant(store_dir, tree, version, pg->path, KIT_STORE_HTML, 0, rel) < 0)
		return -1;
	for (int depth = 0; depth <= pg->max_depth; depth++) {
		snprintf(rel, sizeof rel, "nav%s.%d.rsc", path, depth);
		if (link_variant(store_dir, tree, version, pg->path, depth ? KIT_STORE_SEG : KIT_STORE_FLIGHT, depth,
				 rel) < 0)
			return -1;
	}
	if (!raw_only && write_asis_page(store_dir, tree, version, pg, path) < 0)
		return -1;
	kit_buf meta;
	kit_buf_init(&meta);
	kit_buf_printf(&meta, "%s\n%d\n", pg->chain, pg->max_depth);
	snprintf(rel, sizeof rel, "nav%s.layouts", path);
	char err[256];
	int rc = kit_outdir_write(tree, rel, meta.data, meta.len, err, sizeof err);
	kit_buf_free(&meta);
	return rc;
}

int kit_www_write(const char *store_dir, const char *version, const kit_www_page *pages, size_t n, int raw_only,
		  char *err, size_t errlen)
{
	char www[4200], tree[4300], dst[4300];
	snprintf(www, sizeof www, "%s/www", store_dir);
	if (mkdir(www, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", www, strerror(errno));
		return -1;
	}
	snprintf(tree, sizeof tree, "%s/%s.tmp-%ld", www, version, (long)getpid());
	snprintf(dst, sizeof dst, "%s/%s", www, version);
	kit_outdir_remove(tree);
	if (mkdir(tree, 0755) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", tree, strerror(errno));
		return -1;
	}
	char line[64];
	int len = snprintf(line, sizeof line, "%s\n", version);
	if (kit_outdir_write(tree, "version", line, (size_t)len, err, errlen) < 0)
		goto fail;
	if (raw_only && kit_outdir_write(tree, "raw-only", "", 0, err, errlen) < 0)
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (write_page(store_dir, tree, version, &pages[i], raw_only) < 0) {
			snprintf(err, errlen, "cannot lay out the stored page %s in %s: %s", pages[i].path, tree,
				 strerror(errno));
			goto fail;
		}
	/* a version built again: its tree exchanged whole, so a reader finds
	 * either tree complete */
	if (kit_outdir_swap_in(tree, dst) != 0) {
		snprintf(err, errlen, "cannot rename %s to %s: %s", tree, dst, strerror(errno));
		goto fail;
	}
	return 0;
fail:;
	int e = errno;  /* for the caller's fix (a full disk) */
	kit_outdir_remove(tree);
	errno = e;
	return -1;
}

int kit_www_activate(const char *store_dir, const char *version, char *err, size_t errlen)
{
	char link_tmp[4300], link_dst[4300];
	snprintf(link_tmp, sizeof link_tmp, "%s/www/current.tmp-%ld", store_dir, (long)getpid());
	snprintf(link_dst, sizeof link_dst, "%s/www/current", store_dir);
	unlink(link_tmp);
	/* relative: the app directory may move */
	if (symlink(version, link_tmp) != 0 || rename(link_tmp, link_dst) != 0) {
		snprintf(err, errlen, "cannot point %s at %s: %s", link_dst, version, strerror(errno));
		unlink(link_tmp);
		return -1;
	}
	return 0;
}

void kit_www_forget(const char *store_dir, const char *version)
{
	char path[4300];
	snprintf(path, sizeof path, "%s/www/%s", store_dir, version);
	kit_outdir_remove(path);
}
