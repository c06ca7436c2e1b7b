/* store.h — the SQLite store of build-time renders (store/README.md).
 *
 * One SQLite file per app (.kit-store/store.sqlite). A build writes its files
 * under stored/<version>/ beside the store file, then kit_store_publish
 * records every stored render in ONE transaction and makes that version the
 * active one. Several versions live side by side; kit_store_rollback makes an
 * older one active again (one transaction). Responders open the store read-
 * only and look up against the active version on every request (the active
 * version is read inside the lookup's own statement), so a newly published
 * or rolled-back version is seen without restarting.
 *
 * Keys: route path (the URL path, "/" for the root), version, variant
 * (html | ppr | flight | seg | redirect | api) and depth (N of seg<N>, else 0).
 * Values: status, response header lines ("name: value\r\n"), the file
 * (relative to the store's directory). */
#ifndef KIT_STORE_H
#define KIT_STORE_H

#include <stddef.h>

/* The store's directory in an app, beside .kit/ (which every build swaps
 * whole): store.sqlite, stored/<version>/ (the stored files), builds/<version>/
 * (each kept version's server.js, manifests and browser files), so versions
 * survive rebuilds side by side. */
#define KIT_STORE_DIR ".kit-store"

typedef struct kit_store kit_store;

typedef enum kit_store_variant {
	KIT_STORE_HTML,      /* {key}.html: a whole page */
	KIT_STORE_PPR,       /* {key}.ppr.html: a shell */
	KIT_STORE_FLIGHT,    /* {key}.flight: navigation payload, depth 0 */
	KIT_STORE_SEG,       /* {key}.seg<N>.flight: for a client holding N layouts */
	KIT_STORE_REDIRECT,  /* {key}.redirect.json: status and location */
	KIT_STORE_API,       /* {key}.api: a GET API route's body */
} kit_store_variant;

const char *kit_store_variant_name(kit_store_variant v);

/* path: the SQLite file. readonly: a responder (never creates or writes).
 * Returns NULL with a message in err. */
kit_store *kit_store_open(const char *path, int readonly, char *err, size_t errlen);
void kit_store_close(kit_store *s);

/* The file key of a URL path ("/" → "index", "/a/b" → "a/b"), one key per
 * path: a last segment that would read as the root's key ("/index") or as
 * another key with a variant's ending (one ending in ".ppr", ".seg<N>" or
 * ".redirect") gets one more "~" ("/index" → "index~", "/a.ppr~" →
 * "a.ppr~~"), so no two routes and variants share a file. Refuses (-1) an
 * empty segment, "." or "..", a backslash, a NUL or control byte, or a key
 * longer than outlen. */
int kit_store_path_key(const char *route_path, char *out, size_t outlen);

/* The file name, relative to the store's directory, of a variant:
 * stored/<version>/<key>.html, ….seg<N>.flight, …: a different name for every
 * (path, variant, depth) (see kit_store_path_key). -1 on a refused path. */
int kit_store_file_name(const char *version, const char *route_path, kit_store_variant v, int depth,
			char *out, size_t outlen);

typedef struct kit_store_entry {
	const char *route_path;
	kit_store_variant variant;
	int depth;
	int status;
	const char *headers;   /* "name: value\r\n" lines, may be "" */
	const char *file;      /* relative to the store's directory */
} kit_store_entry;

/* Records every entry of version in one transaction and makes it active.
 * The files must already be in place. A version published twice replaces
 * its rows. Returns 0, or -1 with err (nothing changed). */
int kit_store_publish(kit_store *s, const char *version, const kit_store_entry *entries, size_t n,
		      char *err, size_t errlen);

/* The rows of a published version, active or not (kit-build --publish-from
 * copies a version from one app's store into another's): *out gets a
 * malloc'd array whose strings are malloc'd too, freed by
 * kit_store_entries_free. Returns how many, or -1 with err (a version this
 * store never published, a row of an unknown variant). */
long kit_store_entries(kit_store *s, const char *version, kit_store_entry **out, char *err, size_t errlen);
void kit_store_entries_free(kit_store_entry *entries, long n);

/* Makes an already published version active. -1 with err when unknown. */
int kit_store_rollback(kit_store *s, const char *version, char *err, size_t errlen);

/* The active version into out ("" when none). One prepared statement: cheap
 * enough for every request (a responder compares it with the build it runs). */
int kit_store_active(kit_store *s, char *out, size_t outlen);

/* kit_store_hold(s, 1): until kit_store_hold(s, 0), a read-only handle reads
 * the store's change counter (one pread, see store.c) only at its first
 * call and answers the later ones as of that moment: the lookups of one
 * request cost one system call together, and all see the same version. A
 * publish or a rollback is seen at the first call after the hold ends. */
void kit_store_hold(kit_store *s, int on);

/* The published versions, newest publish first (a version published again
 * counts as new). */
typedef struct kit_store_version {
	char version[64];
	long long published;   /* seconds since the epoch */
	long renders;          /* its rows in renders */
	int active;
} kit_store_version;
/* Fills up to max entries; returns how many versions there are (may be > max),
 * or -1 on an error. */
int kit_store_versions(kit_store *s, kit_store_version *out, size_t max);

/* Keeps the newest `keep` versions (the active one always, counted among
 * them) and forgets the rest in one transaction: their rows and versions
 * entries. The forgotten versions' names go to out (up to max) so that the
 * caller can remove their files after the commit. Returns how many were
 * forgotten, or -1 with err (nothing changed). */
int kit_store_prune(kit_store *s, int keep, kit_store_version *out, size_t max, char *err, size_t errlen);

typedef struct kit_store_hit {
	int status;
	char version[64];
	char headers[2048];
	char path[4096];       /* absolute or relative to the cwd: store dir + file */
} kit_store_hit;

/* Looks up (route_path, variant, depth) in the active version. Returns 1 and
 * fills hit, 0 when nothing is stored, -1 on an error. */
int kit_store_lookup(kit_store *s, const char *route_path, kit_store_variant v, int depth, kit_store_hit *hit);

#endif
