/* publish.c — the new build becomes a version of the app's store and the
 * active one; versions side by side, rollback, pruning (publish.h). */
#include "build/publish.h"
#include "render/buf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build/outdir.h"

#define MAX_VERSIONS 128

static int mkdir_one(const char *path)
{
	return mkdir(path, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dst as a hard link to src (same file system: the app directory), else a
 * copy. An existing dst is left alone (hashed names: same name, same bytes). */
static int link_file(const char *src, const char *dst)
{
	if (link(src, dst) == 0 || errno == EEXIST)
		return 0;
	int in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return errno == ENOENT ? 0 : -1;
	int out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (out < 0) {
		close(in);
		return errno == EEXIST ? 0 : -1;
	}
	char buf[65536];
	ssize_t n;
	int rc = 0;
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n) {
			rc = -1;
			break;
		}
	if (n < 0)
		rc = -1;
	close(in);
	if (close(out) != 0)
		rc = -1;
	return rc;
}

/* Every regular file below src linked at the same relative path below dst
 * (directories created, existing files kept). A missing src adds nothing. */
static int link_tree(const char *src, const char *dst)
{
	DIR *dp = opendir(src);
	if (!dp)
		return errno == ENOENT ? 0 : -1;
	if (mkdir_one(dst) < 0) {
		closedir(dp);
		return -1;
	}
	int rc = 0;
	struct dirent *de;
	while (rc == 0 && (de = readdir(dp))) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		char s[4200], t[4200];
		snprintf(s, sizeof s, "%s/%s", src, de->d_name);
		snprintf(t, sizeof t, "%s/%s", dst, de->d_name);
		struct stat st;
		if (lstat(s, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode))
			rc = link_tree(s, t);
		else if (S_ISREG(st.st_mode))
			rc = link_file(s, t);
	}
	closedir(dp);
	return rc;
}

static void store_path(char *out, size_t outlen, const char *app_root, const char *rel)
{
	int n = snprintf(out, outlen, "%s/" KIT_STORE_DIR "%s%s", app_root, *rel ? "/" : "", rel);
	if (n < 0 || (size_t)n >= outlen)
		out[0] = '\0';  /* too long: every use then fails cleanly */
}

/* builds/<version>/: what a responder loads when the version is active. */
static int keep_build(const kit_publish_job *job, int *created)
{
	char dst[4200], part[4300], s[4300], t[4400];
	snprintf(part, sizeof part, "builds/%s", job->version);
	store_path(dst, sizeof dst, job->app_root, part);
	*created = 0;
	if (is_dir(dst))
		return 0;  /* the same version again: the same bytes (the version hashes them) */
	snprintf(part, sizeof part, "%s.tmp-%ld", dst, (long)getpid());
	kit_outdir_remove(part);
	if (mkdir_one(part) < 0)
		return -1;
	static const char *const files[] = { "server.js", "manifest.json", "client-manifest.json", "version", "action-key" };
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		snprintf(s, sizeof s, "%s/%s", job->tmp, files[i]);
		snprintf(t, sizeof t, "%s/%s", part, files[i]);
		if (access(s, F_OK) == 0 && link_file(s, t) < 0)
			return -1;
	}
	snprintf(s, sizeof s, "%s/static", job->tmp);
	snprintf(t, sizeof t, "%s/static", part);
	if (link_tree(s, t) < 0)
		return -1;
	/* the server bundle's chunks, loaded beside that server.js */
	snprintf(s, sizeof s, "%s/server", job->tmp);
	snprintf(t, sizeof t, "%s/server", part);
	if (is_dir(s) && link_tree(s, t) < 0)
		return -1;
	/* their compiled code (build/jscache.h) */
	snprintf(s, sizeof s, "%s/jsc", job->tmp);
	snprintf(t, sizeof t, "%s/jsc", part);
	if (is_dir(s) && link_tree(s, t) < 0)
		return -1;
	/* their line tables, read when one of them fails (render/srcmap.c) */
	snprintf(s, sizeof s, "%s/lines", job->tmp);
	snprintf(t, sizeof t, "%s/lines", part);
	if (is_dir(s) && link_tree(s, t) < 0)
		return -1;
	if (rename(part, dst) != 0) {
		kit_outdir_remove(part);
		return is_dir(dst) ? 0 : -1;
	}
	*created = 1;
	return 0;
}

/* The same version built again keeps the key its kept build has (the key
 * sealing what inline server actions capture, docs/actions.md §1): its stored
 * pages, rendered next with the key in tmp, and the responders serving
 * builds/<version>/ must agree. 0 when there is no such key. */
int kit_publish_keep_key(const char *app_root, const char *tmp, const char *version)
{
	char src[4200], dst[4300], rel[200];
	snprintf(rel, sizeof rel, "builds/%s/action-key", version);
	store_path(src, sizeof src, app_root, rel);
	if (access(src, F_OK) != 0)
		return 0;
	snprintf(dst, sizeof dst, "%s/action-key", tmp);
	unlink(dst);
	return link_file(src, dst);
}

/* <tmp>/stored/<version>/ → .kit-store/stored/<version>/ (exchanged with an
 * existing one of the same version, which is then removed). */
static int move_stored(const kit_publish_job *job, int *created)
{
	char src[4200], dst[4200], rel[200];
	snprintf(src, sizeof src, "%s/stored/%s", job->tmp, job->version);
	snprintf(rel, sizeof rel, "stored/%s", job->version);
	store_path(dst, sizeof dst, job->app_root, rel);
	*created = 0;
	if (!is_dir(src))
		return 0;
	if (rename(src, dst) == 0) {
		*created = 1;
	} else if (errno == EEXIST || errno == ENOTEMPTY) {
		if (renameat2(AT_FDCWD, src, AT_FDCWD, dst, RENAME_EXCHANGE) == 0) {
			kit_outdir_remove(src);
		} else {
			char old[4300];
			snprintf(old, sizeof old, "%s.old-%ld", dst, (long)getpid());
			if (rename(dst, old) != 0 || rename(src, dst) != 0)
				return -1;
			kit_outdir_remove(old);
		}
	} else {
		return -1;
	}
	snprintf(src, sizeof src, "%s/stored", job->tmp);
	rmdir(src);
	return 0;
}

static void forget_files(const char *app_root, const char *version)
{
	char rel[200], path[4200];
	store_path(path, sizeof path, app_root, "");
	kit_www_forget(path, version);
	snprintf(rel, sizeof rel, "stored/%s", version);
	store_path(path, sizeof path, app_root, rel);
	kit_outdir_remove(path);
	snprintf(rel, sizeof rel, "builds/%s", version);
	store_path(path, sizeof path, app_root, rel);
	kit_outdir_remove(path);
}

/* kit-build --publish-from: the version's web server tree (build/www.h) of
 * another store, linked into this one's www/<version>/ whole before it is
 * renamed there (a tree of the same version is exchanged), as kit_www_write
 * lays one out. */
static int copy_www(const char *store_dir, const char *version, const char *src, char *err, size_t errlen)
{
	char www[4200], tree[4300], dst[4300];
	snprintf(www, sizeof www, "%s/www", store_dir);
	snprintf(tree, sizeof tree, "%s/%s.tmp-%ld", www, version, (long)getpid());
	snprintf(dst, sizeof dst, "%s/%s", www, version);
	kit_outdir_remove(tree);
	if (mkdir_one(www) < 0 || link_tree(src, tree) < 0) {
		snprintf(err, errlen, "cannot link %.2000s into %.2000s: %s", src, tree, strerror(errno));
		goto fail;
	}
	if (kit_outdir_swap_in(tree, dst) != 0) {
		snprintf(err, errlen, "cannot rename %.2000s to %.2000s: %s", tree, dst, strerror(errno));
		goto fail;
	}
	return 0;
fail:;
	int e = errno;
	kit_outdir_remove(tree);
	errno = e;
	return -1;
}

static kit_store *open_store(const char *app_root, int create, char *err, size_t errlen)
{
	char path[4200];
	store_path(path, sizeof path, app_root, "");
	if (create && mkdir_one(path) < 0) {
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
		return NULL;
	}
	if (create) {
		store_path(path, sizeof path, app_root, "builds");
		mkdir_one(path);
		store_path(path, sizeof path, app_root, "stored");
		mkdir_one(path);
	}
	store_path(path, sizeof path, app_root, "store.sqlite");
	if (!create && access(path, F_OK) != 0) {
		snprintf(err, errlen, "%s does not exist: this app has no published build", path);
		return NULL;
	}
	return kit_store_open(path, 0, err, errlen);
}

int kit_publish(const kit_publish_job *job, kit_diags *d)
{
	char err[KIT_ERR_SIZE];
	kit_store *s = open_store(job->app_root, 1, err, sizeof err);
	if (!s) {
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot open the store: %s", err);
		kit_diag_fix(d, g, "make the app directory writable by the user running kit-build");
		return -1;
	}
	kit_store_version vs[MAX_VERSIONS];
	int nv = kit_store_versions(s, vs, MAX_VERSIONS);
	if (nv > MAX_VERSIONS)
		nv = MAX_VERSIONS;
	char previous[64];
	kit_store_active(s, previous, sizeof previous);

	int made_build = 0, made_stored = 0;
	const char *step = "keep the build in " KIT_STORE_DIR "/builds";
	int rc = keep_build(job, &made_build);
	/* the browser files of the versions kept after this publish (the newest
	 * keep - 1 others) into the new .kit/static, so a rollback finds them;
	 * the new ones into the live .kit/static, so the flip below never serves
	 * a page whose chunks are not there yet */
	int room = job->keep - 1;
	for (int i = 0; rc == 0 && i < nv && room > 0; i++) {
		if (strcmp(vs[i].version, job->version) == 0)
			continue;
		room--;
		char rel[200], src[4200], dst[4200];
		if (snprintf(rel, sizeof rel, "builds/%.64s/static", vs[i].version) >= (int)sizeof rel)
			continue;
		store_path(src, sizeof src, job->app_root, rel);
		snprintf(dst, sizeof dst, "%s/static", job->tmp);
		step = "link the kept versions' browser files";
		rc = link_tree(src, dst);
	}
	if (rc == 0) {
		char src[4200], dst[4200];
		snprintf(src, sizeof src, "%s/static", job->tmp);
		snprintf(dst, sizeof dst, "%s/.kit", job->app_root);
		if (is_dir(dst)) {
			snprintf(dst, sizeof dst, "%s/.kit/static", job->app_root);
			step = "link the new browser files into the live .kit/static";
			rc = link_tree(src, dst);
		}
	}
	if (rc == 0) {
		step = "move the stored files into " KIT_STORE_DIR "/stored";
		rc = move_stored(job, &made_stored);
	}
	if (rc != 0) {
		int e = errno;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot %s: %s", step, strerror(e));
		kit_diag_write_fix(d, g, e, job->app_root);
		goto undo;
	}
	/* the web server's tree of this version, before it becomes active */
	char store_dir[4200];
	store_path(store_dir, sizeof store_dir, job->app_root, "");
	if ((job->www_from ? copy_www(store_dir, job->version, job->www_from, err, sizeof err)
			   : kit_www_write(store_dir, job->version, job->pages, job->npages, job->raw_only, err, sizeof err)) < 0) {
		int e = errno;
		kit_diag *g = kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
		kit_diag_write_fix(d, g, e, store_dir);
		made_stored = 1;
		goto undo;
	}
	if (kit_store_publish(s, job->version, job->entries, job->nentries, err, sizeof err) < 0) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "cannot publish the stored renders: %s", err);
		goto undo;
	}
	if (kit_outdir_publish(job->app_root, job->tmp, err, sizeof err) != 0) {
		kit_diag_add(d, KIT_DIAG_ERROR, NULL, "%s", err);
		char again[512];
		if (*previous && strcmp(previous, job->version) != 0 &&
		    kit_store_rollback(s, previous, again, sizeof again) < 0)
			kit_diag_add(d, KIT_DIAG_ERROR, NULL, "and version %s could not be made active again: %s", previous,
				     again);
		goto undo;
	}
	/* the web server now answers this version's stored pages (the store
	 * and .kit already do: the switch is one rename) */
	if (kit_www_activate(store_dir, job->version, err, sizeof err) < 0)
		kit_diag_add(d, KIT_DIAG_WARNING, NULL, "%s: the web server serves no stored page itself until the next "
			     "publish", err);
	kit_store_version gone[MAX_VERSIONS];
	int ngone = kit_store_prune(s, job->keep, gone, MAX_VERSIONS, err, sizeof err);
	if (ngone < 0) {
		kit_diag_add(d, KIT_DIAG_WARNING, NULL, "old versions were not pruned: %s", err);
		ngone = 0;
	}
	for (int i = 0; i < ngone && i < MAX_VERSIONS; i++)
		forget_files(job->app_root, gone[i].version);
	int kept = kit_store_versions(s, vs, 0);
	kit_store_close(s);
	printf("Published version %s (%zu stored file%s); %d version%s kept in " KIT_STORE_DIR "/ (keepVersions %d)",
	       job->version, job->nentries, job->nentries == 1 ? "" : "s", kept, kept == 1 ? "" : "s", job->keep);
	if (ngone)
		printf(", %d pruned", ngone);
	printf("\n");
	return 0;

undo:
	/* what this build added for a version the store does not list */
	if (made_build || made_stored) {
		int listed = 0;
		for (int i = 0; i < nv; i++)
			listed |= strcmp(vs[i].version, job->version) == 0;
		if (!listed)
			forget_files(job->app_root, job->version);
	}
	kit_store_close(s);
	return -1;
}

/* The version SRC/.kit holds: 16 lowercase hex digits (build-output.md). */
static int read_version(const char *src_root, char *out, size_t outlen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/.kit/version", src_root);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int ok = fgets(out, (int)outlen, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	out[strcspn(out, "\r\n")] = '\0';
	size_t n = strlen(out);
	if (n == 0 || n > 32 || strspn(out, "0123456789abcdef") != n)
		return -1;
	return 0;
}

int kit_publish_from(const char *src_arg, const char *app_arg, int keep)
{
	char src[4096], app[4096], version[64], err[KIT_ERR_SIZE], path[4300];
	if (!realpath(src_arg, src)) {
		fprintf(stderr, "error: %s: the copied build cannot be opened: %s\n"
				"  fix:   copy the build machine's .kit/ and .kit-store/ there first\n",
			src_arg, strerror(errno));
		return 1;
	}
	if (mkdir_one(app_arg) < 0 || !realpath(app_arg, app)) {
		fprintf(stderr, "error: %s: the app directory cannot be created or opened: %s\n", app_arg,
			strerror(errno));
		return 1;
	}
	if (strcmp(src, app) == 0) {
		fprintf(stderr, "error: %s is the app directory itself\n"
				"  fix:   --publish-from names another copy (where the build was copied to)\n", src);
		return 1;
	}
	if (read_version(src, version, sizeof version) < 0) {
		fprintf(stderr, "error: %s/.kit/version is missing or holds no build version\n"
				"  fix:   copy a whole .kit/ that kit-build wrote (build the app there first)\n", src);
		return 1;
	}
	snprintf(path, sizeof path, "%s/" KIT_STORE_DIR "/store.sqlite", src);
	kit_store *from = access(path, R_OK) == 0 ? kit_store_open(path, 1, err, sizeof err) : NULL;
	if (!from) {
		fprintf(stderr, "error: %s: %s\n"
				"  fix:   copy the build machine's .kit-store/ beside its .kit/\n", path,
			access(path, R_OK) == 0 ? err : strerror(errno));
		return 1;
	}
	kit_store_entry *entries = NULL;
	long n = kit_store_entries(from, version, &entries, err, sizeof err);
	kit_store_close(from);
	if (n < 0) {
		fprintf(stderr, "error: %s\n  fix:   copy .kit/ and .kit-store/ of the same build, after kit-build "
				"finished\n", err);
		return 1;
	}
	/* every stored file is the version's own, below stored/<version>/ */
	char prefix[100];
	snprintf(prefix, sizeof prefix, "stored/%s/", version);
	for (long i = 0; i < n; i++)
		if (strncmp(entries[i].file, prefix, strlen(prefix)) != 0 || strstr(entries[i].file, "..")) {
			fprintf(stderr, "error: %s: the stored file %s is not below %s\n", path, entries[i].file, prefix);
			kit_store_entries_free(entries, n);
			return 1;
		}
	/* the build directory that becomes .kit, with the stored files where
	 * kit_publish moves them from, as kit-build lays it out */
	char tmp[4200], s_dir[4400], t_dir[4400], www[4400];
	kit_outdir_clean_stale(app);
	snprintf(tmp, sizeof tmp, "%s/.kit.tmp-%ld", app, (long)getpid());
	kit_outdir_remove(tmp);
	snprintf(s_dir, sizeof s_dir, "%s/.kit", src);
	int rc = link_tree(s_dir, tmp);
	snprintf(t_dir, sizeof t_dir, "%s/stored", tmp);
	if (rc == 0)
		rc = mkdir_one(t_dir);
	snprintf(s_dir, sizeof s_dir, "%s/" KIT_STORE_DIR "/stored/%s", src, version);
	snprintf(t_dir, sizeof t_dir, "%s/stored/%s", tmp, version);
	if (rc == 0)
		rc = link_tree(s_dir, t_dir);
	/* every file the rows name is there (a copy cut short is refused, not
	 * published with pages that would render live instead) */
	for (long i = 0; rc == 0 && i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", tmp, entries[i].file);
		if (access(path, R_OK) != 0) {
			fprintf(stderr, "error: %s/" KIT_STORE_DIR "/%s is missing: the copy is not complete\n"
					"  fix:   copy .kit/ and .kit-store/ again (rsync -a --delete), then publish\n",
				src, entries[i].file);
			rc = -2;
		}
	}
	if (rc != 0) {
		if (rc == -1)
			fprintf(stderr, "error: cannot copy the build from %s into %s: %s\n", src, tmp, strerror(errno));
		kit_outdir_remove(tmp);
		kit_store_entries_free(entries, n);
		return 1;
	}
	snprintf(www, sizeof www, "%s/" KIT_STORE_DIR "/www/%s", src, version);
	kit_publish_job job = { app, tmp, version, keep, entries, (size_t)n, NULL, 0, 0, is_dir(www) ? www : NULL };
	kit_diags d;
	kit_diags_init(&d);
	rc = kit_publish(&job, &d);
	kit_diags_print(&d, stderr);
	kit_diags_free(&d);
	kit_store_entries_free(entries, n);
	if (rc != 0) {
		kit_outdir_remove(tmp);
		fprintf(stderr, "kit-build: version %s was not published; %s serves what it served\n", version, app);
		return 1;
	}
	return 0;
}

int kit_publish_list(const char *app_root)
{
	char err[KIT_ERR_SIZE];
	kit_store *s = open_store(app_root, 0, err, sizeof err);
	if (!s) {
		fprintf(stderr, "error: %s\n  fix:   run kit-build in the app first\n", err);
		return 1;
	}
	kit_store_version vs[MAX_VERSIONS];
	int nv = kit_store_versions(s, vs, MAX_VERSIONS);
	kit_store_close(s);
	if (nv < 0) {
		fprintf(stderr, "error: cannot read the store's versions\n");
		return 1;
	}
	printf("  version           published (UTC)      stored files\n");
	for (int i = 0; i < nv && i < MAX_VERSIONS; i++) {
		char when[32];
		time_t t = (time_t)vs[i].published;
		struct tm tm;
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", gmtime_r(&t, &tm));
		printf("%s %-17s %s  %ld\n", vs[i].active ? "*" : " ", vs[i].version, when, vs[i].renders);
	}
	printf("(* active; newest publish first; kit-build --rollback[=VERSION] activates another)\n");
	return 0;
}

int kit_publish_rollback(const char *app_root, const char *version)
{
	char err[KIT_ERR_SIZE];
	kit_store *s = open_store(app_root, 0, err, sizeof err);
	if (!s) {
		fprintf(stderr, "error: %s\n  fix:   run kit-build in the app first\n", err);
		return 1;
	}
	kit_store_version vs[MAX_VERSIONS];
	int nv = kit_store_versions(s, vs, MAX_VERSIONS);
	if (nv > MAX_VERSIONS)
		nv = MAX_VERSIONS;
	char target[64] = "";
	if (version && *version) {
		snprintf(target, sizeof target, "%s", version);
	} else {
		/* the version published before the active one */
		for (int i = 0; i + 1 < nv; i++)
			if (vs[i].active) {
				snprintf(target, sizeof target, "%s", vs[i + 1].version);
				break;
			}
		if (!*target) {
			kit_store_close(s);
			fprintf(stderr, "error: no version was published before the active one\n"
					"  fix:   kit-build --versions lists them; kit-build --rollback=VERSION activates one\n");
			return 1;
		}
	}
	char rel[200], path[4200];
	snprintf(rel, sizeof rel, "builds/%s/server.js", target);
	store_path(path, sizeof path, app_root, rel);
	if (strchr(target, '/') || access(path, R_OK) != 0) {
		kit_store_close(s);
		fprintf(stderr, "error: version %s is not kept in %s/" KIT_STORE_DIR "/builds\n"
				"  fix:   kit-build --versions lists the versions a rollback can activate\n",
			target, app_root);
		return 1;
	}
	/* its browser files into the live .kit/static (normally there already) */
	char src[4200], dst[4200];
	snprintf(rel, sizeof rel, "builds/%s/static", target);
	store_path(src, sizeof src, app_root, rel);
	snprintf(dst, sizeof dst, "%s/.kit", app_root);
	if (is_dir(dst)) {
		snprintf(dst, sizeof dst, "%s/.kit/static", app_root);
		link_tree(src, dst);
	}
	if (kit_store_rollback(s, target, err, sizeof err) < 0) {
		kit_store_close(s);
		fprintf(stderr, "error: %s\n  fix:   kit-build --versions lists the published versions\n", err);
		return 1;
	}
	kit_store_close(s);
	/* the web server's stored pages follow (a version published before
	 * they were laid out has no tree: the link then leads nowhere, and the
	 * web server hands every page to the responders) */
	store_path(path, sizeof path, app_root, "");
	if (kit_www_activate(path, target, err, sizeof err) < 0)
		fprintf(stderr, "warning: %s: the web server serves the stored pages of the previous version until the "
				"next publish or rollback\n", err);
	printf("Version %s is active (responders switch at their next request)\n", target);
	return 0;
}
