/* www.h — the stored pages laid out for the web server to serve itself
 * (docs/build-output.md "Served by the web server").
 *
 * A stored page whose route no middleware applies to needs no responder: the
 * web server can answer it from disk with the headers kit-fcgi would send.
 * Each published version gets a tree of hard links to its stored files,
 *   .kit-store/www/<version>/version           the version, one line
 *   .kit-store/www/<version>/doc<path>.html    the document ("/" → doc.html)
 *   .kit-store/www/<version>/nav<path>.<N>.rsc the payload for a client
 *                                              sharing N layouts (0: whole)
 *   .kit-store/www/<version>/nav<path>.layouts the route's layout chain, then
 *                                              the deepest N, one line each
 *   .kit-store/www/<version>/raw-only          (an app with src/middleware.ts)
 * and the same answers for Apache (mod_asis files: headers, then the bytes)
 *   .kit-store/www/<version>/a/doc<path>.asis
 *   .kit-store/www/<version>/a/<version>/nav<path>/=<first N chain items>.asis
 * and .kit-store/www/current is a symbolic link to the active version's tree,
 * replaced by rename(2) whenever the store's active version changes (a
 * publish, a rollback). The web server reads current/version once per request
 * and opens files below www/<version>/ only, so a request never mixes two
 * versions (contrib/lighttpd/kit-pages.lua). */
#ifndef KIT_BUILD_WWW_H
#define KIT_BUILD_WWW_H

#include <stddef.h>

/* The deepest payload Apache's rules find (contrib/apache/kit.conf and
 * contrib/htaccess try runs of 8 X-RSC-Segments items down to 1): a route
 * whose payloads go deeper gets none laid out for Apache. */
#define KIT_WWW_APACHE_DEPTH 8

/* The Vary of every page answer (fcgi/response.h KIT_PAGE_VARY). */
#define KIT_WWW_VARY "X-RSC, X-RSC-Segments, X-RSC-Intercept, X-RSC-Revalidate"

/* A stored page the web server may serve: its URL path, its layout chain as
 * X-RSC-Layouts sends it, and the deepest payload depth stored (the layouts
 * before the first one with slots). */
typedef struct kit_www_page {
	const char *path;
	const char *chain;
	int max_depth;
} kit_www_page;

/* Writes .kit-store/www/<version>/ for the pages (their files must be under
 * .kit-store/stored/<version>/ already); a tree of the same version is
 * replaced whole. store_dir: the app's .kit-store. raw_only (the app has a
 * src/middleware.ts, whose matcher sees the path as sent): the file
 * raw-only tells lighttpd to answer only a request whose path is sent as
 * it is (kit-pages.lua), and nothing is laid out for Apache, whose rules do
 * not check that. 0, or -1 with err. */
int kit_www_write(const char *store_dir, const char *version, const kit_www_page *pages, size_t n, int raw_only,
		  char *err, size_t errlen);

/* Points .kit-store/www/current at version (one rename). 0, or -1 with err. */
int kit_www_activate(const char *store_dir, const char *version, char *err, size_t errlen);

/* Removes .kit-store/www/<version>/ (a pruned version). */
void kit_www_forget(const char *store_dir, const char *version);

#endif
