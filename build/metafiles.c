/* metafiles.c — the metadata file conventions (see metafiles.h). */
#include "build/metafiles.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "render/xalloc.h"

#define MAX_DEPTH 64
#define MAX_TEXT (1 << 20) /* a static robots.txt, sitemap.xml or manifest.json */

typedef struct found {
	kit_scan_route *routes;
	size_t nroutes, caproutes;
	kit_scan_module *modules;
	size_t nmodules, capmodules;
	kit_scan_image *images;
	size_t nimages, capimages;
} found;

typedef struct walker {
	kit_arena *a;
	kit_diags *diags;
	const char *source_dir;
	found f;
} walker;

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap * 2 : 8;
	while (n < need)
		n *= 2;
	*cap = n;
	return kit_xrealloc(p, n * size);
}

static char *join(kit_arena *a, const char *x, const char *y)
{
	if (!*x)
		return kit_arena_strdup(a, y);
	if (!*y)
		return kit_arena_strdup(a, x);
	size_t lx = strlen(x), ly = strlen(y);
	char *s = kit_arena_alloc(a, lx + ly + 2);
	memcpy(s, x, lx);
	s[lx] = '/';
	memcpy(s + lx + 1, y, ly + 1);
	return s;
}

static int is_code(const char *ext)
{
	return !strcmp(ext, "ts") || !strcmp(ext, "tsx") || !strcmp(ext, "js") || !strcmp(ext, "jsx");
}

static int one_of(const char *ext, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(ext, *list))
			return 1;
	return 0;
}

/* The whole file as a string, or NULL (with an error) when it cannot be read,
 * is too big or holds a NUL byte. */
static const char *read_text(walker *w, const char *abs, const char *file)
{
	FILE *fp = fopen(abs, "rb");
	struct stat st;
	char *s = NULL;
	size_t n = 0;
	const char *why = NULL;
	if (!fp || fstat(fileno(fp), &st) != 0) {
		why = strerror(errno);
	} else if (st.st_size > MAX_TEXT) {
		why = "it is larger than 1 MiB";
	} else {
		s = kit_arena_alloc(w->a, (size_t)st.st_size + 1);
		n = fread(s, 1, (size_t)st.st_size, fp);
		if (ferror(fp))
			why = strerror(errno);
		else if (memchr(s, 0, n))
			why = "it holds a NUL byte (not text)";
	}
	if (fp)
		fclose(fp);
	if (why) {
		kit_diag *g = kit_diag_add(w->diags, KIT_DIAG_ERROR, file, "cannot use this file: %s", why);
		kit_diag_fix(w->diags, g, "make it a readable text file, or generate it with a .ts file of the same name");
		return NULL;
	}
	s[n] = '\0';
	return s;
}

static void add_route(walker *w, const char *url, const char *file, kit_meta_kind meta,
		      const char *text, const char *type)
{
	found *f = &w->f;
	for (size_t i = 0; i < f->nroutes; i++)
		if (!strcmp(f->routes[i].path, url)) {
			kit_diag *g = kit_diag_add(w->diags, KIT_DIAG_ERROR, file,
						   "this file and %s both answer %s", f->routes[i].file, url);
			kit_diag_fix(w->diags, g, "keep one of them");
			return;
		}
	const char *id = join(w->a, "app", url + 1);
	/* the URL's segments: static (the walk skips dynamic directories) but a
	 * last "[__metadata_id__]" (generateSitemaps) */
	size_t nseg = 0;
	for (const char *p = url; *p; p++)
		nseg += *p == '/';
	kit_scan_segment *segs = kit_arena_zalloc(w->a, nseg * sizeof *segs);
	const char *p = url + 1;
	for (size_t i = 0; i < nseg; i++) {
		const char *e = strchr(p, '/');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (p[0] == '[')
			segs[i] = (kit_scan_segment){ .type = KIT_SCAN_DYNAMIC, .value = kit_arena_strndup(w->a, p + 1, len - 2) };
		else
			segs[i] = (kit_scan_segment){ .type = KIT_SCAN_STATIC, .value = kit_arena_strndup(w->a, p, len) };
		p += len + 1;
	}
	f->routes = grow(f->routes, &f->caproutes, f->nroutes + 1, sizeof *f->routes);
	f->routes[f->nroutes++] = (kit_scan_route){
		.kind = KIT_SCAN_API, .path = kit_arena_strdup(w->a, url), .module = id, .file = file,
		.segments = segs, .nsegments = nseg,
	};
	f->modules = grow(f->modules, &f->capmodules, f->nmodules + 1, sizeof *f->modules);
	f->modules[f->nmodules++] = (kit_scan_module){
		.id = id, .file = file, .role = KIT_FILE_ROUTE, .meta = meta, .meta_text = text, .meta_type = type,
	};
}

static void add_image(walker *w, const char *dir, const char *kind, const char *file, const char *ext,
		      const char *alt)
{
	/* the types Next.js writes: none for .jpg and .gif */
	const char *type = !strcmp(ext, "png") ? "image/png" : !strcmp(ext, "jpeg") ? "image/jpeg" :
			   !strcmp(ext, "ico") ? "image/x-icon" : !strcmp(ext, "svg") ? "image/svg+xml" : NULL;
	found *f = &w->f;
	f->images = grow(f->images, &f->capimages, f->nimages + 1, sizeof *f->images);
	f->images[f->nimages++] = (kit_scan_image){ .dir = dir, .kind = kind, .file = file, .type = type, .alt = alt };
}

static const char *const image_exts[][6] = {
	{ "ico", "jpg", "jpeg", "png", "svg", NULL }, /* icon */
	{ "jpg", "jpeg", "png", NULL },               /* apple-icon */
	{ "jpg", "jpeg", "png", "gif", NULL },        /* opengraph-image */
	{ "jpg", "jpeg", "png", "gif", NULL },        /* twitter-image */
};
static const char *const image_names[] = { "icon", "apple-icon", "opengraph-image", "twitter-image" };
static const char *const image_kinds[] = { "icon", "apple", "openGraph", "twitter" };

/* One file of a directory: rel is the directory below the source directory,
 * url its URL path ("" for the root; NULL below a dynamic segment). */
static void file_in(walker *w, const char *abs_dir, const char *rel, const char *url, const char *name)
{
	const char *dot = strrchr(name, '.');
	if (!dot || dot == name)
		return;
	const char *ext = dot + 1;
	size_t n = (size_t)(dot - name);
	char base[32];
	if (n >= sizeof base)
		return;
	memcpy(base, name, n);
	base[n] = '\0';
	const char *file = join(w->a, join(w->a, w->source_dir, rel), name);
	const char *dir = join(w->a, "app", rel);
	int root = !*rel;

	for (size_t k = 0; k < sizeof image_names / sizeof *image_names; k++) {
		/* icon.png, and numbered: icon1.png, icon2.png (in name order) */
		size_t ln = strlen(image_names[k]);
		if (strncmp(base, image_names[k], ln) || base[ln + strspn(base + ln, "0123456789")] != '\0')
			continue;
		if (is_code(ext)) {
			kit_diag *g = kit_diag_add(w->diags, KIT_DIAG_WARNING, file,
						   "a generated %s (ImageResponse from next/og) needs satori and resvg, which do not run in kit's engine; this file is not used",
						   image_names[k]);
			if (k >= 2)
				kit_diag_fix(w->diags, g, "use a static image: render it once and put it beside this file as %s.png (or .jpg, .gif), its alt text in %s.alt.txt",
					     image_names[k], image_names[k]);
			else
				kit_diag_fix(w->diags, g, "use a static image: render it once and put it beside this file as %s.png",
					     image_names[k]);
			return;
		}
		if (!one_of(ext, image_exts[k]))
			return;
		const char *alt = NULL;
		if (k >= 2) {
			char altname[64];
			snprintf(altname, sizeof altname, "%s.alt.txt", base);
			const char *alt_abs = join(w->a, abs_dir, altname);
			struct stat st;
			if (stat(alt_abs, &st) == 0 && S_ISREG(st.st_mode))
				alt = read_text(w, alt_abs, join(w->a, join(w->a, w->source_dir, rel), altname));
		}
		add_image(w, dir, image_kinds[k], file, ext, alt);
		return;
	}
	const char *abs = join(w->a, abs_dir, name);
	if (!strcmp(base, "sitemap") && (is_code(ext) || !strcmp(ext, "xml"))) {
		if (!url) {
			kit_diag *g = kit_diag_add(w->diags, KIT_DIAG_WARNING, file,
						   "a sitemap in a dynamic segment is not supported; this file is not used");
			kit_diag_fix(w->diags, g, "move it to a static segment (the root's serves /sitemap.xml)");
			return;
		}
		/* "//blog/sitemap.xml" + 1: the URL path */
		const char *u = join(w->a, "/", join(w->a, url, "sitemap.xml")) + 1;
		if (is_code(ext)) {
			add_route(w, u, file, KIT_META_SITEMAP, NULL, NULL);
			/* generateSitemaps: what a module exports is learnt only after
			 * bundling, so the route is added when its source names it (a
			 * module that does not export it answers 404 there) */
			const char *src = read_text(w, abs, file);
			if (src && strstr(src, "generateSitemaps"))
				add_route(w, join(w->a, "/", join(w->a, url, "sitemap/[__metadata_id__]")) + 1, file,
					  KIT_META_SITEMAPS, NULL, NULL);
		} else {
			const char *text = read_text(w, abs, file);
			if (text)
				add_route(w, u, file, KIT_META_TEXT, text, "application/xml");
		}
		return;
	}
	if (!root)
		return;
	if (!strcmp(base, "robots") && (is_code(ext) || !strcmp(ext, "txt"))) {
		const char *text = is_code(ext) ? NULL : read_text(w, abs, file);
		if (is_code(ext) || text)
			add_route(w, "/robots.txt", file, is_code(ext) ? KIT_META_ROBOTS : KIT_META_TEXT, text,
				  text ? "text/plain" : NULL);
	} else if (!strcmp(base, "manifest") && (!strcmp(ext, "ts") || !strcmp(ext, "js"))) {
		add_route(w, "/manifest.webmanifest", file, KIT_META_MANIFEST, NULL, NULL);
	} else if (!strcmp(base, "manifest") && (!strcmp(ext, "json") || !strcmp(ext, "webmanifest"))) {
		const char *text = read_text(w, abs, file);
		if (text)
			add_route(w, !strcmp(ext, "json") ? "/manifest.json" : "/manifest.webmanifest", file,
				  KIT_META_TEXT, text, "application/manifest+json");
	} else if (!strcmp(name, "favicon.ico")) {
		add_route(w, "/favicon.ico", file, KIT_META_FAVICON, NULL, NULL);
		add_image(w, dir, "favicon", file, ext, NULL);
	}
}

static int cmp_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static void walk(walker *w, const char *abs, const char *rel, const char *url, int depth)
{
	if (depth > MAX_DEPTH)
		return; /* scan.c reports it */
	DIR *dp = opendir(abs);
	if (!dp)
		return;
	char **names = NULL;
	size_t nnames = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "node_modules"))
			continue;
		names = grow(names, &cap, nnames + 1, sizeof *names);
		names[nnames++] = kit_arena_strdup(w->a, de->d_name);
	}
	closedir(dp);
	if (nnames)
		qsort(names, nnames, sizeof *names, cmp_name);
	for (size_t i = 0; i < nnames; i++) {
		const char *name = names[i];
		const char *child = join(w->a, abs, name);
		struct stat st;
		if (stat(child, &st) != 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			file_in(w, abs, rel, url, name);
			continue;
		}
		if (!S_ISDIR(st.st_mode) || name[0] == '@')
			continue; /* slots add no metadata */
		size_t n = strlen(name);
		const char *curl = url;
		if (name[0] == '[')
			curl = NULL; /* a dynamic segment: no URL of its own for a sitemap */
		else if (!(name[0] == '(' && name[n - 1] == ')') && url)
			curl = join(w->a, url, name);
		walk(w, child, join(w->a, rel, name), curl, depth + 1);
	}
	free(names);
}

static int cmp_module(const void *x, const void *y)
{
	return strcmp(((const kit_scan_module *)x)->id, ((const kit_scan_module *)y)->id);
}

/* Match order; two routes for one URL (an error already reported) by module
 * id, so the order never depends on qsort's. */
static int cmp_route(const void *x, const void *y)
{
	int c = kit_scan_route_cmp(x, y);
	return c ? c : strcmp(((const kit_scan_route *)x)->module, ((const kit_scan_route *)y)->module);
}

void kit_metafiles_scan(kit_scan *scan, kit_arena *a, const char *app_root,
			const char *source_dir, kit_diags *diags)
{
	walker w = { .a = a, .diags = diags, .source_dir = source_dir };
	walk(&w, join(a, app_root, source_dir), "", "", 0);
	found *f = &w.f;
	for (size_t i = 0; i < f->nroutes; i++)
		for (size_t j = 0; j < scan->nroutes; j++)
			if (kit_scan_route_cmp(&f->routes[i], &scan->routes[j]) == 0) {
				kit_diag *g = kit_diag_add(diags, KIT_DIAG_ERROR, f->routes[i].file,
							   "this file and %s both answer %s",
							   scan->routes[j].file, f->routes[i].path);
				kit_diag_fix(diags, g, "keep one of them");
			}
	if (f->nroutes) {
		kit_scan_route *r = kit_arena_alloc(a, (scan->nroutes + f->nroutes) * sizeof *r);
		memcpy(r, scan->routes, scan->nroutes * sizeof *r);
		memcpy(r + scan->nroutes, f->routes, f->nroutes * sizeof *r);
		scan->routes = r;
		scan->nroutes += f->nroutes;
		qsort(scan->routes, scan->nroutes, sizeof *scan->routes, cmp_route);
		kit_scan_module *m = kit_arena_alloc(a, (scan->nmodules + f->nmodules) * sizeof *m);
		memcpy(m, scan->modules, scan->nmodules * sizeof *m);
		memcpy(m + scan->nmodules, f->modules, f->nmodules * sizeof *m);
		scan->modules = m;
		scan->nmodules += f->nmodules;
		qsort(scan->modules, scan->nmodules, sizeof *scan->modules, cmp_module);
	}
	if (f->nimages) {
		scan->images = kit_arena_alloc(a, f->nimages * sizeof *scan->images);
		memcpy(scan->images, f->images, f->nimages * sizeof *scan->images);
		scan->nimages = f->nimages;
	}
	free(f->routes);
	free(f->modules);
	free(f->images);
}
