/* fcgi/deploy.c — which release of a shared-hosting deploy a responder serves.
 *
 * kit-build --deploy (contrib/deploy/deploy.sh) writes an app/ directory
 * that is uploaded beside the document root:
 *
 *   app/current                  one line: the version to serve (the switch)
 *   app/releases/<version>/      an app directory (.kit/, .kit-store/) and
 *                                deploy-files, the list of its files with
 *                                their sizes ("end N" last)
 *   app/live                     the version served last (written here)
 *
 * An upload (FTP writes files in place, in any order) must never make a
 * half-written version active, so the release app/current names is served
 * only when every file deploy-files lists is there with its size; until
 * then the one served before goes on. The entry program in the document
 * root (kit.cgi / kit.fcgi there, shell scripts) sets KIT_DEPLOY_DIR to
 * app/ and KIT_DEPLOY_DOCROOT to its own directory, where the responder
 * keeps the web server's view in step: the link _kit/live -> pages/<version>
 * (the stored pages Apache answers itself, .htaccess) follows each switch,
 * and _kit/switch (uploaded with a new version, or left by kit-rollback:
 * while it exists Apache sends every request to the app) is removed once the
 * version current names is served. A switch file holding a version (a
 * rollback over FTP: one small upload) first makes it app/current. These writes are best effort: without
 * them Apache leaves the stored pages to the responder. */
#include "fcgi/deploy.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct {
	struct stat current;    /* app/current when last picked */
	int have_current;
	char picked[64];        /* the version last picked */
	char wanted[64];        /* what app/current named then */
	time_t checked;         /* when an incomplete upload was last looked at */
} state;

static const char *env(const char *name)
{
	const char *v = getenv(name);
	return v && *v ? v : NULL;
}

int kit_deploy_active(void)
{
	return env("KIT_DEPLOY_DIR") && !env("KIT_APP_DIR");
}

/* A version as kit-build names them: letters, digits, '.', '_', '-', not
 * starting with '.' (so never a path). */
static int version_ok(const char *v)
{
	if (!*v || *v == '.' || strlen(v) >= sizeof state.picked)
		return 0;
	return strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(v);
}

/* The first line of a small file into out ("" when missing or not a version). */
static void read_version(const char *path, char *out, size_t outlen)
{
	out[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(out, (int)outlen, f))
		out[0] = '\0';
	fclose(f);
	out[strcspn(out, " \t\r\n")] = '\0';
	if (!version_ok(out))
		out[0] = '\0';
}

/* A relative path with no ".." segment: it stays inside the release. */
static int relative_inside(const char *p)
{
	if (*p == '/' || !*p)
		return 0;
	for (const char *seg = p; seg; seg = strchr(seg, '/') ? strchr(seg, '/') + 1 : NULL)
		if (seg[0] == '.' && seg[1] == '.' && (seg[2] == '/' || seg[2] == '\0'))
			return 0;
	return 1;
}

/* 1 when every file of releases/<version>/deploy-files is there with its
 * size and the list ends with "end <its count>"; else why into why. */
static int release_complete(const char *dir, const char *version, char *why, size_t whylen)
{
	char path[PATH_MAX + 64], line[PATH_MAX + 64], head[64];
	snprintf(path, sizeof path, "%s/releases/%s/deploy-files", dir, version);
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(why, whylen, "%s is missing", path);
		return 0;
	}
	long files = 0;
	int ok = 0;
	why[0] = '\0';
	if (!fgets(line, sizeof line, f) || sscanf(line, "kit-deploy 1 %63s", head) != 1 || strcmp(head, version) != 0)
		snprintf(why, whylen, "%s does not start with \"kit-deploy 1 %s\"", path, version);
	else
		while (fgets(line, sizeof line, f)) {
			line[strcspn(line, "\n")] = '\0';
			if (strncmp(line, "end ", 4) == 0) {
				ok = atol(line + 4) == files;
				if (!ok)
					snprintf(why, whylen, "%s lists %ld files, not %s", path, files, line + 4);
				break;
			}
			char *name = strchr(line, ' ');
			long long size;
			if (!name || sscanf(line, "%lld", &size) != 1 || !relative_inside(name + 1)) {
				snprintf(why, whylen, "%s: a malformed line", path);
				break;
			}
			char file[2 * PATH_MAX + 64];
			struct stat st;
			snprintf(file, sizeof file, "%s/releases/%s/%s", dir, version, name + 1);
			if (stat(file, &st) != 0 || (long long)st.st_size != size) {
				snprintf(why, whylen, "%s is %s", file, errno == ENOENT ? "missing" : "not complete");
				break;
			}
			files++;
		}
	if (!ok && !why[0])
		snprintf(why, whylen, "%s ends before its \"end\" line (still uploading?)", path);
	fclose(f);
	return ok;
}

/* path written by a rename over it: a reader sees the old file or the new one */
static void write_atomic(const char *path, const char *text)
{
	char tmp[PATH_MAX + 64];
	snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f)
		return;
	int ok = fputs(text, f) >= 0;
	if (fclose(f) != 0 || !ok || rename(tmp, path) != 0)
		unlink(tmp);
}

/* The document root's link _kit/live -> pages/<version>, replaced by one
 * rename; removed when the version has no stored pages there. */
static void point_live(const char *docroot, const char *version)
{
	char link[PATH_MAX + 32], tmp[PATH_MAX + 64], target[128], have[128], pages[PATH_MAX + 128];
	struct stat st;
	snprintf(link, sizeof link, "%s/_kit/live", docroot);
	snprintf(target, sizeof target, "pages/%s", version);
	snprintf(pages, sizeof pages, "%s/_kit/%s", docroot, target);
	if (stat(pages, &st) != 0 || !S_ISDIR(st.st_mode)) {
		unlink(link);
		return;
	}
	ssize_t n = readlink(link, have, sizeof have - 1);
	if (n >= 0 && (size_t)n == strlen(target) && memcmp(have, target, (size_t)n) == 0)
		return;
	snprintf(tmp, sizeof tmp, "%s/_kit/.live.tmp-%ld", docroot, (long)getpid());
	unlink(tmp);
	if (symlink(target, tmp) != 0 || rename(tmp, link) != 0)
		unlink(tmp);
}

int kit_deploy_pick(char *out, size_t outlen, char *err, size_t errlen)
{
	const char *dir = env("KIT_DEPLOY_DIR"), *docroot = env("KIT_DEPLOY_DOCROOT");
	char path[PATH_MAX + 32], wanted[64], live[64], why[PATH_MAX + 128] = "";
	if (docroot) { /* a rollback over FTP: _kit/switch names the version */
		snprintf(path, sizeof path, "%s/_kit/switch", docroot);
		read_version(path, wanted, sizeof wanted);
		if (*wanted) {
			char line[80];
			snprintf(line, sizeof line, "%s\n", wanted);
			snprintf(path, sizeof path, "%s/current", dir);
			write_atomic(path, line);
		}
	}
	snprintf(path, sizeof path, "%s/current", dir);
	state.have_current = stat(path, &state.current) == 0;
	read_version(path, wanted, sizeof wanted);
	snprintf(path, sizeof path, "%s/live", dir);
	read_version(path, live, sizeof live);
	/* a release served before (app/live) was complete then: kit.cgi,
	 * which picks per request, does not list its ~500 files every time */
	const char *pick = NULL;
	if (*wanted && (strcmp(wanted, live) == 0 || release_complete(dir, wanted, why, sizeof why)))
		pick = wanted;
	else if (*live && strcmp(live, wanted) != 0 && release_complete(dir, live, err, errlen))
		pick = live;
	if (pick != wanted && strcmp(state.wanted, wanted) != 0) /* once per upload (kit-fcgi; kit.cgi: per request) */
		fprintf(stderr, "kit: %s/current names %s, which cannot be served yet (%s): %s\n", dir,
			*wanted ? wanted : "no version", *why ? why : "the file is missing or empty",
			pick ? "still serving the version served before" : "no version to serve");
	snprintf(state.wanted, sizeof state.wanted, "%s", wanted);
	state.checked = time(NULL);
	if (!pick) {
		snprintf(err, errlen, "%s/current names %s, which cannot be served (%s), and no version was served before",
			 dir, *wanted ? wanted : "no version", *why ? why : "the file is missing or empty");
		state.picked[0] = '\0';
		return -1;
	}
	snprintf(state.picked, sizeof state.picked, "%s", pick);
	if ((size_t)snprintf(out, outlen, "%s/releases/%s", dir, pick) >= outlen) {
		snprintf(err, errlen, "the path %s is too long", dir);
		return -1;
	}
	/* what the web server sees follows what is served */
	if (strcmp(live, pick) != 0) {
		char line[80];
		snprintf(line, sizeof line, "%s\n", pick);
		snprintf(path, sizeof path, "%s/live", dir);
		write_atomic(path, line);
	}
	if (docroot) {
		point_live(docroot, pick);
		if (pick == wanted) {
			snprintf(path, sizeof path, "%s/_kit/switch", docroot);
			unlink(path);
		}
	}
	return 0;
}

int kit_deploy_changed(void)
{
	const char *dir = env("KIT_DEPLOY_DIR"), *docroot = env("KIT_DEPLOY_DOCROOT");
	char path[PATH_MAX + 32];
	struct stat st;
	snprintf(path, sizeof path, "%s/current", dir);
	int have = stat(path, &st) == 0;
	if (have != state.have_current ||
	    (have && (st.st_ino != state.current.st_ino || st.st_size != state.current.st_size ||
		      st.st_mtim.tv_sec != state.current.st_mtim.tv_sec ||
		      st.st_mtim.tv_nsec != state.current.st_mtim.tv_nsec)))
		return 1;
	if (time(NULL) == state.checked)
		return 0;
	if (strcmp(state.picked, state.wanted) != 0)
		return 1;
	snprintf(path, sizeof path, "%s/_kit/switch", docroot ? docroot : "");
	return docroot && stat(path, &st) == 0;
}
