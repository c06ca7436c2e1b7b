/* store.c — the SQLite store (store.h). Prepared statements stay open for
 * the life of the handle: a lookup is one indexed SELECT on the primary key
 * (route, variant, depth, version), the active version read by a sub-select
 * of the same statement, so every lookup sees the latest committed publish
 * or rollback. The journal is the default rollback journal (no WAL): a
 * read-only responder then needs no write access to the directory; a
 * publish holds its lock for one short transaction and readers wait for it
 * (busy timeout: KIT_STORE_BUSY_MS, default 250 ms, for a responder's read-
 * only handle). A lock held longer (another process's long transaction, a
 * stuck sqlite3 shell) is logged, and for the next second lookups do not
 * wait at all: they answer "not stored" and the page renders live, instead
 * of every statement of every request waiting out the timeout. */
#include "store.h"
#include "render/xalloc.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A read-only handle remembers answers (hits and misses, and the active
 * version) until the database changes. Every SQLite statement outside a
 * transaction takes and drops a shared lock and checks for a hot journal:
 * tens of microseconds, several per request. Instead, each call reads the
 * file change counter (4 bytes at offset 24 of the header, which SQLite
 * increments on every commit in rollback-journal mode: what PRAGMA
 * data_version is built on) with one pread; while it is unchanged the
 * remembered answers stand. A commit racing the read at worst makes one
 * request use the state just before it; the next call sees the new counter
 * and forgets everything. */
typedef struct cached {
	char *route;           /* NULL: empty slot */
	int variant, depth;
	int found;             /* 1 hit, 0 nothing stored */
	int status;
	char *version, *headers, *file;
} cached;

struct kit_store {
	sqlite3 *db;
	char dir[4096];        /* the store file's directory: files are relative to it */
	sqlite3_stmt *lookup;
	sqlite3_stmt *active;
	int fd;                /* read-only handles: the file, for its change counter; -1 otherwise */
	unsigned char counter[4];
	int counter_ok;
	int held;              /* kit_store_hold: 1 held, 2 held and the counter read since */
	char active_v[64];
	int active_ok;
	char path[4096];       /* for the log */
	long busy_ms;          /* the busy timeout while the store is not found locked */
	long long busy_until;  /* ms (monotonic): no waiting before then; 0 when waiting */
	long long busy_logged; /* ms: the last "locked" log line */
	cached *cache;         /* open addressing, cap a power of two */
	size_t ncache, cap;
};

static void cache_clear(kit_store *s)
{
	for (size_t i = 0; i < s->cap; i++)
		if (s->cache[i].route) {
			free(s->cache[i].route);
			free(s->cache[i].version);
			free(s->cache[i].headers);
			free(s->cache[i].file);
		}
	memset(s->cache, 0, s->cap * sizeof *s->cache);
	s->ncache = 0;
	s->active_ok = 0;
}

/* 1 when the remembered answers still stand (read-only handles only). */
static int unchanged(kit_store *s)
{
	if (s->fd < 0)
		return 0;
	if (s->held == 2 && s->counter_ok)
		return 1;  /* held: the counter this request read first stands */
	if (s->held)
		s->held = 2;
	unsigned char c[4];
	if (pread(s->fd, c, sizeof c, 24) != (ssize_t)sizeof c) {
		s->counter_ok = 0;
		cache_clear(s);
		return 0;
	}
	if (s->counter_ok && memcmp(c, s->counter, sizeof c) == 0)
		return 1;
	cache_clear(s);
	memcpy(s->counter, c, sizeof c);
	s->counter_ok = 1;
	return 0;  /* changed: ask SQLite, remember under the new counter */
}

static size_t cache_slot(const kit_store *s, const char *route, int variant, int depth)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)route; *p; p++)
		h = (h ^ *p) * 16777619u;
	h = (h ^ (uint32_t)variant) * 16777619u;
	h = (h ^ (uint32_t)depth) * 16777619u;
	size_t i = h & (s->cap - 1);
	while (s->cache[i].route &&
	       !(s->cache[i].variant == variant && s->cache[i].depth == depth && strcmp(s->cache[i].route, route) == 0))
		i = (i + 1) & (s->cap - 1);
	return i;
}

static const char *const variant_names[] = { "html", "ppr", "flight", "seg", "redirect", "api" };

const char *kit_store_variant_name(kit_store_variant v)
{
	return (unsigned)v < sizeof variant_names / sizeof *variant_names ? variant_names[v] : "?";
}

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS versions (version TEXT PRIMARY KEY, published INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS active (id INTEGER PRIMARY KEY CHECK (id = 1), version TEXT NOT NULL);"
	"CREATE TABLE IF NOT EXISTS renders ("
	"  route TEXT NOT NULL, variant TEXT NOT NULL, depth INTEGER NOT NULL, version TEXT NOT NULL,"
	"  status INTEGER NOT NULL, headers TEXT NOT NULL, file TEXT NOT NULL,"
	"  PRIMARY KEY (route, variant, depth, version)) WITHOUT ROWID;";

static void set_err(char *err, size_t errlen, const char *what, sqlite3 *db)
{
	if (err && errlen)
		snprintf(err, errlen, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Before a statement: back to waiting once the quiet second is over. */
static void busy_check(kit_store *s)
{
	if (s->busy_until && mono_ms() >= s->busy_until) {
		s->busy_until = 0;
		sqlite3_busy_timeout(s->db, (int)s->busy_ms);
	}
}

/* After a statement that found the store locked (SQLITE_BUSY): logged (at
 * most every 10 s), and no waiting for the next second. */
static void busy_seen(kit_store *s)
{
	long long now = mono_ms();
	if (!s->busy_logged || now - s->busy_logged >= 10000) {
		fprintf(stderr, "kit: the store %s is locked by another process (waited %ld ms): "
			"answering without it for now\n", s->path, s->busy_until ? 0L : s->busy_ms);
		s->busy_logged = now;
	}
	s->busy_until = now + 1000;
	sqlite3_busy_timeout(s->db, 0);
}

kit_store *kit_store_open(const char *path, int readonly, char *err, size_t errlen)
{
	kit_store *s = kit_xcalloc(1, sizeof *s);
	s->fd = -1;
	snprintf(s->dir, sizeof s->dir, "%s", path);
	snprintf(s->path, sizeof s->path, "%s", path);
	char *slash = strrchr(s->dir, '/');
	if (slash)
		slash[1] = '\0';
	else
		s->dir[0] = '\0';
	int flags = readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	if (sqlite3_open_v2(path, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		char what[4200];
		snprintf(what, sizeof what, "cannot open the store %s", path);
		set_err(err, errlen, what, s->db);
		kit_store_close(s);
		return NULL;
	}
	/* a writer (kit-build) waits for a publish of another build; a responder
	 * only briefly (busy_seen) */
	const char *busy_env = getenv("KIT_STORE_BUSY_MS");
	s->busy_ms = !readonly ? 2000 : busy_env && *busy_env && atol(busy_env) >= 0 ? atol(busy_env) : 250;
	sqlite3_busy_timeout(s->db, (int)s->busy_ms);
	if (!readonly && sqlite3_exec(s->db, schema, NULL, NULL, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot create the store's tables", s->db);
		kit_store_close(s);
		return NULL;
	}
	if (sqlite3_prepare_v3(s->db,
			       "SELECT version, status, headers, file FROM renders"
			       " WHERE route = ?1 AND variant = ?2 AND depth = ?3"
			       " AND version = (SELECT version FROM active WHERE id = 1)",
			       -1, SQLITE_PREPARE_PERSISTENT, &s->lookup, NULL) != SQLITE_OK) {
		set_err(err, errlen, sqlite3_errcode(s->db) == SQLITE_BUSY ? "the store is locked by another process" : "not a kit store", s->db);
		kit_store_close(s);
		return NULL;
	}
	if (sqlite3_prepare_v3(s->db, "SELECT version FROM active WHERE id = 1", -1, SQLITE_PREPARE_PERSISTENT,
			       &s->active, NULL) != SQLITE_OK) {
		set_err(err, errlen, sqlite3_errcode(s->db) == SQLITE_BUSY ? "the store is locked by another process" : "not a kit store", s->db);
		kit_store_close(s);
		return NULL;
	}
	if (readonly) {
		s->fd = open(path, O_RDONLY | O_CLOEXEC);
		s->cap = 256;
		s->cache = kit_xcalloc(s->cap, sizeof *s->cache);
	}
	return s;
}

void kit_store_close(kit_store *s)
{
	if (!s)
		return;
	sqlite3_finalize(s->lookup);
	sqlite3_finalize(s->active);
	if (s->cache) {
		cache_clear(s);
		free(s->cache);
	}
	if (s->fd >= 0)
		close(s->fd);
	sqlite3_close(s->db);
	free(s);
}

/* Each "/"-separated segment of p is non-empty, not "." or "..", with no
 * backslash or control byte. Dots inside a segment are fine: a catch-all
 * route's key ends in "[...slug]". */
static int segments_ok(const char *p)
{
	const char *seg = p;
	for (size_t i = 0;; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == '/' || c == '\0') {
			size_t len = (size_t)(p + i - seg);
			if (len == 0 || (len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.'))
				return 0;
			if (c == '\0')
				return 1;
			seg = p + i + 1;
		} else if (c < 0x20 || c == 0x7f || c == '\\') {
			return 0;
		}
	}
}

/* Does s (n bytes) end with suffix, then any number of '~'? */
static int ends_reserved(const char *s, size_t n, const char *suffix)
{
	while (n > 0 && s[n - 1] == '~')
		n--;
	size_t k = strlen(suffix);
	return n >= k && memcmp(s + n - k, suffix, k) == 0;
}

/* Would the key's last segment (n bytes), with a file name's ending after
 * it, read as another key with another ending: "index" (the root's key),
 * or a segment ending in ".ppr", ".seg<N>" or ".redirect" (then "~"s)? */
static int reserved_segment(const char *seg, size_t n, int only)
{
	size_t m = n;
	while (m > 0 && seg[m - 1] == '~')
		m--;
	if (only && m == 5 && memcmp(seg, "index", 5) == 0)
		return 1;
	if (ends_reserved(seg, n, ".ppr") || ends_reserved(seg, n, ".redirect"))
		return 1;
	size_t d = m;
	while (d > 0 && seg[d - 1] >= '0' && seg[d - 1] <= '9')
		d--;
	return d < m && d >= 4 && memcmp(seg + d - 4, ".seg", 4) == 0;
}

int kit_store_path_key(const char *route_path, char *out, size_t outlen)
{
	if (!route_path || route_path[0] != '/' || outlen < 6)
		return -1;
	const char *p = route_path + 1;
	if (!*p) {
		snprintf(out, outlen, "index");
		return 0;
	}
	size_t n = strlen(p);
	if (n >= outlen || !segments_ok(p))
		return -1;
	memcpy(out, p, n + 1);
	/* keys are injective: a last segment that would read as the root's key
	 * or as another key's ending gets one more '~' ("/index" → "index~",
	 * "/index~" → "index~~", "/a.ppr" → "a.ppr~"), so "/" and "/index",
	 * "/a" (its shell, a.ppr.html) and "/a.ppr" (a.ppr~.html) never share a
	 * stored file */
	const char *last = strrchr(out, '/');
	last = last ? last + 1 : out;
	if (reserved_segment(last, strlen(last), last == out)) {
		if (n + 1 >= outlen)
			return -1;
		out[n] = '~';
		out[n + 1] = '\0';
	}
	return 0;
}

int kit_store_file_name(const char *version, const char *route_path, kit_store_variant v, int depth,
			char *out, size_t outlen)
{
	char key[2048];
	if (kit_store_path_key(route_path, key, sizeof key) < 0 || !version || !*version ||
	    strchr(version, '/') || strchr(version, '.'))
		return -1;
	const char *ext;
	char seg[32];
	switch (v) {
	case KIT_STORE_HTML: ext = ".html"; break;
	case KIT_STORE_PPR: ext = ".ppr.html"; break;
	case KIT_STORE_FLIGHT: ext = ".flight"; break;
	case KIT_STORE_SEG:
		if (depth < 1)
			return -1;
		snprintf(seg, sizeof seg, ".seg%d.flight", depth);
		ext = seg;
		break;
	case KIT_STORE_REDIRECT: ext = ".redirect.json"; break;
	case KIT_STORE_API: ext = ".api"; break;
	default: return -1;
	}
	int n = snprintf(out, outlen, "stored/%s/%s%s", version, key, ext);
	return n > 0 && (size_t)n < outlen ? 0 : -1;
}

static int set_active(kit_store *s, const char *version, char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO active (id, version) VALUES (1, ?1)", -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(st, 1, version, -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	if (rc != SQLITE_OK)
		set_err(err, errlen, "cannot set the active version", s->db);
	sqlite3_finalize(st);
	return rc == SQLITE_OK ? 0 : -1;
}

int kit_store_publish(kit_store *s, const char *version, const kit_store_entry *entries, size_t n,
		      char *err, size_t errlen)
{
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot start the publish transaction", s->db);
		return -1;
	}
	sqlite3_stmt *del = NULL, *ins = NULL, *ver = NULL;
	int ok = sqlite3_prepare_v2(s->db, "DELETE FROM renders WHERE version = ?1", -1, &del, NULL) == SQLITE_OK &&
		 sqlite3_prepare_v2(s->db, "INSERT INTO renders (route, variant, depth, version, status, headers, file)"
					   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)", -1, &ins, NULL) == SQLITE_OK &&
		 sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO versions (version, published) VALUES (?1, ?2)",
				    -1, &ver, NULL) == SQLITE_OK;
	if (ok) {
		sqlite3_bind_text(del, 1, version, -1, SQLITE_STATIC);
		ok = sqlite3_step(del) == SQLITE_DONE;
	}
	const char *what = "cannot record the build's renders";
	for (size_t i = 0; ok && i < n; i++) {
		const kit_store_entry *en = &entries[i];
		char key[2048];
		if (kit_store_path_key(en->route_path, key, sizeof key) < 0 || !en->file || !segments_ok(en->file)) {
			ok = 0;
			if (err && errlen)
				snprintf(err, errlen, "refused path key \"%s\" (empty, \".\" or \"..\" segment)",
					 en->route_path ? en->route_path : "(null)");
			what = NULL;
			break;
		}
		sqlite3_reset(ins);
		sqlite3_bind_text(ins, 1, en->route_path, -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 2, kit_store_variant_name(en->variant), -1, SQLITE_STATIC);
		sqlite3_bind_int(ins, 3, en->variant == KIT_STORE_SEG ? en->depth : 0);
		sqlite3_bind_text(ins, 4, version, -1, SQLITE_STATIC);
		sqlite3_bind_int(ins, 5, en->status);
		sqlite3_bind_text(ins, 6, en->headers ? en->headers : "", -1, SQLITE_STATIC);
		sqlite3_bind_text(ins, 7, en->file, -1, SQLITE_STATIC);
		ok = sqlite3_step(ins) == SQLITE_DONE;
	}
	if (ok) {
		sqlite3_bind_text(ver, 1, version, -1, SQLITE_STATIC);
		sqlite3_bind_int64(ver, 2, (sqlite3_int64)time(NULL));
		ok = sqlite3_step(ver) == SQLITE_DONE;
	}
	if (!ok && what)
		set_err(err, errlen, what, s->db);
	sqlite3_finalize(del);
	sqlite3_finalize(ins);
	sqlite3_finalize(ver);
	if (ok && set_active(s, version, err, errlen) < 0)
		ok = 0;
	if (ok && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot commit the publish", s->db);
		ok = 0;
	}
	if (!ok)
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
	return ok ? 0 : -1;
}

long kit_store_entries(kit_store *s, const char *version, kit_store_entry **out, char *err, size_t errlen)
{
	*out = NULL;
	sqlite3_stmt *known = NULL, *st = NULL;
	int listed = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM versions WHERE version = ?1", -1, &known, NULL) == SQLITE_OK) {
		sqlite3_bind_text(known, 1, version, -1, SQLITE_STATIC);
		listed = sqlite3_step(known) == SQLITE_ROW;
	}
	sqlite3_finalize(known);
	if (!listed) {
		snprintf(err, errlen, "version %s was never published in the store %s", version, s->path);
		return -1;
	}
	if (sqlite3_prepare_v2(s->db, "SELECT route, variant, depth, status, headers, file FROM renders"
				      " WHERE version = ?1 ORDER BY route, variant, depth", -1, &st, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot read the version's renders", s->db);
		return -1;
	}
	sqlite3_bind_text(st, 1, version, -1, SQLITE_STATIC);
	kit_store_entry *e = NULL;
	long n = 0, cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *variant = (const char *)sqlite3_column_text(st, 1);
		int v = -1;
		for (int i = 0; i < (int)(sizeof variant_names / sizeof *variant_names); i++)
			if (variant && strcmp(variant, variant_names[i]) == 0)
				v = i;
		if (v < 0) {
			snprintf(err, errlen, "a render of version %s has the unknown variant \"%s\"", version,
				 variant ? variant : "");
			sqlite3_finalize(st);
			kit_store_entries_free(e, n);
			return -1;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			e = kit_xrealloc(e, (size_t)cap * sizeof *e);
		}
		const char *h = (const char *)sqlite3_column_text(st, 4);
		e[n] = (kit_store_entry){
			.route_path = kit_xstrdup((const char *)sqlite3_column_text(st, 0)),
			.variant = (kit_store_variant)v,
			.depth = sqlite3_column_int(st, 2),
			.status = sqlite3_column_int(st, 3),
			.headers = kit_xstrdup(h ? h : ""),
			.file = kit_xstrdup((const char *)sqlite3_column_text(st, 5)),
		};
		n++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		set_err(err, errlen, "cannot read the version's renders", s->db);
		kit_store_entries_free(e, n);
		return -1;
	}
	*out = e;
	return n;
}

void kit_store_entries_free(kit_store_entry *entries, long n)
{
	for (long i = 0; i < n; i++) {
		free((void *)entries[i].route_path);
		free((void *)entries[i].headers);
		free((void *)entries[i].file);
	}
	free(entries);
}

int kit_store_rollback(kit_store *s, const char *version, char *err, size_t errlen)
{
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot start the rollback", s->db);
		return -1;
	}
	sqlite3_stmt *st = NULL;
	int known = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM versions WHERE version = ?1", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, version, -1, SQLITE_STATIC);
		known = sqlite3_step(st) == SQLITE_ROW;
	}
	sqlite3_finalize(st);
	if (!known) {
		if (err && errlen)
			snprintf(err, errlen, "version %s was never published in this store", version);
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	if (set_active(s, version, err, errlen) < 0 || sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

void kit_store_hold(kit_store *s, int on)
{
	if (s)
		s->held = on ? 1 : 0;
}

int kit_store_active(kit_store *s, char *out, size_t outlen)
{
	out[0] = '\0';
	if (unchanged(s) && s->active_ok) {
		snprintf(out, outlen, "%s", s->active_v);
		return 0;
	}
	sqlite3_stmt *st = s->active;
	sqlite3_reset(st);
	busy_check(s);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		snprintf(out, outlen, "%s", (const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	if (rc == SQLITE_BUSY)
		busy_seen(s);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return -1;
	if (s->fd >= 0 && s->counter_ok) {
		snprintf(s->active_v, sizeof s->active_v, "%s", out);
		s->active_ok = 1;
	}
	return 0;
}

/* Newest publish first: a publish (INSERT OR REPLACE) gives the version a new,
 * larger rowid, so rowid orders publishes even within one second. */
#define VERSIONS_SQL \
	"SELECT v.version, v.published, (SELECT count(*) FROM renders r WHERE r.version = v.version)," \
	" v.version = (SELECT version FROM active WHERE id = 1) FROM versions v ORDER BY v.rowid DESC"

int kit_store_versions(kit_store *s, kit_store_version *out, size_t max)
{
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, VERSIONS_SQL, -1, &st, NULL) != SQLITE_OK)
		return -1;
	int n = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((size_t)n < max) {
			kit_store_version *v = &out[n];
			snprintf(v->version, sizeof v->version, "%s", (const char *)sqlite3_column_text(st, 0));
			v->published = sqlite3_column_int64(st, 1);
			v->renders = (long)sqlite3_column_int64(st, 2);
			v->active = sqlite3_column_int(st, 3);
		}
		n++;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? n : -1;
}

int kit_store_prune(kit_store *s, int keep, kit_store_version *out, size_t max, char *err, size_t errlen)
{
	if (keep < 1)
		keep = 1;
	if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		set_err(err, errlen, "cannot start pruning old versions", s->db);
		return -1;
	}
	sqlite3_stmt *list = NULL, *del_r = NULL, *del_v = NULL;
	int ok = sqlite3_prepare_v2(s->db, VERSIONS_SQL, -1, &list, NULL) == SQLITE_OK &&
		 sqlite3_prepare_v2(s->db, "DELETE FROM renders WHERE version = ?1", -1, &del_r, NULL) == SQLITE_OK &&
		 sqlite3_prepare_v2(s->db, "DELETE FROM versions WHERE version = ?1", -1, &del_v, NULL) == SQLITE_OK;
	/* the active version is kept first, then the newest others up to keep */
	int pruned = 0, active_seen = 0, rc = SQLITE_DONE;
	char (*names)[64] = NULL;
	size_t nnames = 0, cap = 0;
	while (ok && (rc = sqlite3_step(list)) == SQLITE_ROW) {
		int is_active = sqlite3_column_int(list, 3);
		if (is_active) {
			active_seen = 1;
			continue;
		}
		if (nnames == cap) {
			cap = cap ? cap * 2 : 16;
			names = kit_xrealloc(names, cap * sizeof *names);
		}
		snprintf(names[nnames++], 64, "%s", (const char *)sqlite3_column_text(list, 0));
	}
	if (ok && rc != SQLITE_DONE)
		ok = 0;
	sqlite3_finalize(list);
	/* others in newest-first order: the first keep - (active kept) stay */
	int room = keep - (active_seen ? 1 : 0);
	for (size_t i = 0; ok && i < nnames; i++) {
		if (room > 0) {
			room--;
			continue;
		}
		sqlite3_reset(del_r);
		sqlite3_reset(del_v);
		sqlite3_bind_text(del_r, 1, names[i], -1, SQLITE_STATIC);
		sqlite3_bind_text(del_v, 1, names[i], -1, SQLITE_STATIC);
		ok = sqlite3_step(del_r) == SQLITE_DONE && sqlite3_step(del_v) == SQLITE_DONE;
		if (ok && (size_t)pruned < max) {
			memset(&out[pruned], 0, sizeof out[pruned]);
			snprintf(out[pruned].version, sizeof out[pruned].version, "%s", names[i]);
		}
		pruned++;
	}
	free(names);
	sqlite3_finalize(del_r);
	sqlite3_finalize(del_v);
	if (ok && sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		ok = 0;
	if (!ok) {
		set_err(err, errlen, "cannot prune old versions", s->db);
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return pruned;
}

static int fill_hit(const kit_store *s, const char *version, int status, const char *headers, const char *file,
		    kit_store_hit *hit)
{
	hit->status = status;
	snprintf(hit->version, sizeof hit->version, "%s", version);
	snprintf(hit->headers, sizeof hit->headers, "%s", headers);
	int n = snprintf(hit->path, sizeof hit->path, "%s%s", s->dir, file);
	return n > 0 && (size_t)n < sizeof hit->path ? 1 : -1;
}

int kit_store_lookup(kit_store *s, const char *route_path, kit_store_variant v, int depth, kit_store_hit *hit)
{
	if (v != KIT_STORE_SEG)
		depth = 0;
	int remembered = unchanged(s);
	if (remembered) {
		const cached *c = &s->cache[cache_slot(s, route_path, (int)v, depth)];
		if (c->route)
			return c->found ? fill_hit(s, c->version, c->status, c->headers, c->file, hit) : 0;
	}
	sqlite3_stmt *st = s->lookup;
	sqlite3_reset(st);
	sqlite3_bind_text(st, 1, route_path, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, kit_store_variant_name(v), -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, depth);
	busy_check(s);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_BUSY)
		busy_seen(s);
	int found = 0;
	const char *version = "", *headers = "", *file = NULL;
	int status = 0;
	if (rc == SQLITE_ROW) {
		version = (const char *)sqlite3_column_text(st, 0);
		status = sqlite3_column_int(st, 1);
		headers = (const char *)sqlite3_column_text(st, 2);
		file = (const char *)sqlite3_column_text(st, 3);
		found = file ? fill_hit(s, version, status, headers, file, hit) : -1;
	} else if (rc != SQLITE_DONE) {
		found = -1;
	}
	/* remember it (read-only handles; not errors) */
	if (s->fd >= 0 && s->counter_ok && found >= 0) {
		if (s->ncache * 2 >= s->cap) {
			if (s->cap >= 8192) {
				cache_clear(s);
			} else {
				cached *old = s->cache;
				size_t oldcap = s->cap;
				s->cap *= 2;
				s->cache = kit_xcalloc(s->cap, sizeof *s->cache);
				for (size_t i = 0; i < oldcap; i++)
					if (old[i].route)
						s->cache[cache_slot(s, old[i].route, old[i].variant, old[i].depth)] = old[i];
				free(old);
			}
		}
		cached *c = &s->cache[cache_slot(s, route_path, (int)v, depth)];
		if (!c->route) {
			*c = (cached){ kit_xstrdup(route_path), (int)v, depth, found, status, kit_xstrdup(version), kit_xstrdup(headers), kit_xstrdup(file) };
			s->ncache++;
		}
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return found;
}
