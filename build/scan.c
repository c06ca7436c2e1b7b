/* scan.c — the route tree scanner (see scan.h).
 *
 * Two passes. The walk reads the source directory into a tree of `dir` nodes,
 * classifying each directory name (static, [x], [...x], (group), @slot) and
 * each route-convention file, and reports bad names and duplicates on the spot.
 * Then every page.* / route.* outside a slot becomes a route by following its
 * chain of ancestors: the chain gives the segments, the layouts (and the slots
 * beside each), the nearest loading file and the middleware files. Pages inside
 * a slot never make routes of their own; they are matched against each route's
 * URL below the slot's layout. Directory entries are read in byte order, so the
 * output never depends on the file system. */
#include "build/scan.h"

#include "build/metafiles.h"
#include "render/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Deeper than any real app; stops symlink loops. */
#define MAX_DEPTH 64

static const char *const role_names[KIT_FILE_NROLES] = {
	"page", "layout", "loading", "default", "middleware", "route", "not-found",
	"error", "global-error", "forbidden", "unauthorized", "template",
};

static const char *const method_names[KIT_METHOD_COUNT] = {
	"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS",
};

const char *kit_scan_method_name(int bit)
{
	return bit >= 0 && bit < KIT_METHOD_COUNT ? method_names[bit] : "?";
}

typedef enum dir_kind {
	DIR_ROOT, DIR_STATIC, DIR_DYNAMIC, DIR_CATCHALL, DIR_GROUP, DIR_SLOT
} dir_kind;

typedef struct dir dir;
struct dir {
	dir_kind kind;
	const char *param; /* static value, parameter name or slot name */
	const char *rel;   /* below the source dir: "" for the root, "blog/[slug]" */
	const char *files[KIT_FILE_NROLES]; /* relative to the app root, or NULL */
	const char *ids[KIT_FILE_NROLES];
	dir *parent;
	dir **children;
	size_t nchildren, capchildren;
	const dir *slot_root; /* the @slot directory this lies in, or NULL */
	int page_used;        /* a slot page some route renders */
};

/* A page or route file with its segments: the routes, and the pages inside
 * each slot (whose segments are relative to the slot) for conflict checks. */
typedef struct entry {
	const dir *d;
	kit_file_role role;
	const dir *ns; /* NULL for routes, the slot root for slot pages */
	kit_scan_route route;
} entry;

typedef struct scanner {
	kit_arena *a;
	kit_diags *diags;
	const char *app_root;
	const char *source_dir;
	dir *root;
	entry *entries;
	size_t nentries, capentries;
	kit_scan_module *modules;
	size_t nmodules, capmodules;
} scanner;

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap * 2 : 16;
	while (n < need)
		n *= 2;
	p = kit_xrealloc(p, n * size);
	*cap = n;
	return p;
}

static char *join3(kit_arena *a, const char *x, const char *sep, const char *y)
{
	size_t lx = strlen(x), ls = strlen(sep), ly = strlen(y);
	char *s = kit_arena_alloc(a, lx + ls + ly + 1);
	memcpy(s, x, lx);
	memcpy(s + lx, sep, ls);
	memcpy(s + lx + ls, y, ly + 1);
	return s;
}

/* "a" + "/" + "b", leaving out the separator when either side is empty. */
static char *path_join(kit_arena *a, const char *x, const char *y)
{
	if (!*x)
		return kit_arena_strdup(a, y);
	if (!*y)
		return kit_arena_strdup(a, x);
	return join3(a, x, "/", y);
}

static int param_name_ok(const char *p, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];
		if (!(c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '-'))
			return 0;
	}
	return 1;
}

/* Classifies a directory name; on a bad name adds an error and returns -1. */
static int classify_dir(scanner *s, const char *name, const char *file, dir *d)
{
	size_t n = strlen(name);
	kit_diag *g;
	if (name[0] == '@') {
		if (!param_name_ok(name + 1, n - 1)) {
			g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
					 "\"%s\" is not a valid parallel slot name", name);
			kit_diag_fix(s->diags, g, "name the slot @<name> with letters, digits, _, $ or - (it arrives as a prop of that name)");
			return -1;
		}
		d->kind = DIR_SLOT;
		d->param = kit_arena_strdup(s->a, name + 1);
		return 0;
	}
	if (name[0] == '(') {
		if (n > 2 && name[n - 1] == ')' && !memchr(name + 1, '(', n - 2) &&
		    !memchr(name + 1, ')', n - 2) && !(name[1] == '.')) {
			d->kind = DIR_GROUP;
			d->param = kit_arena_strndup(s->a, name + 1, n - 2);
			return 0;
		}
		g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
				 "\"%s\" is not a route group", name);
		kit_diag_fix(s->diags, g, "a route group is a whole directory name in parentheses, like (shop); intercepting routes such as (.)photo are not supported");
		return -1;
	}
	if (strncmp(name, "[[", 2) == 0) {
		g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
				 "optional catch-all segments (\"%s\") are not supported", name);
		kit_diag_fix(s->diags, g, "use a [...name] directory and put a second page in its parent directory for the URL without the rest");
		return -1;
	}
	if (name[0] == '[' && name[n - 1] == ']') {
		int catchall = strncmp(name, "[...", 4) == 0;
		const char *p = name + (catchall ? 4 : 1);
		size_t pn = n - (catchall ? 5 : 2);
		if (param_name_ok(p, pn)) {
			d->kind = catchall ? DIR_CATCHALL : DIR_DYNAMIC;
			d->param = kit_arena_strndup(s->a, p, pn);
			return 0;
		}
	}
	if (memchr(name, '[', n) || memchr(name, ']', n)) {
		g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
				 "\"%s\" is not a valid dynamic segment", name);
		kit_diag_fix(s->diags, g, "a dynamic segment is a whole directory name, [name] or [...name], where name has letters, digits, _, $ or -");
		return -1;
	}
	d->kind = DIR_STATIC;
	d->param = kit_arena_strdup(s->a, name);
	return 0;
}

/* The role of a route-convention file name, or -1 for a colocated file. */
static int classify_file(const char *name, size_t *baselen)
{
	const char *dot = strrchr(name, '.');
	if (!dot)
		return -1;
	const char *ext = dot + 1;
	if (strcmp(ext, "tsx") && strcmp(ext, "ts") && strcmp(ext, "jsx") && strcmp(ext, "js"))
		return -1;
	size_t n = (size_t)(dot - name);
	for (int r = 0; r < KIT_FILE_NROLES; r++)
		if (strlen(role_names[r]) == n && strncmp(name, role_names[r], n) == 0) {
			*baselen = n;
			return r;
		}
	return -1;
}

static const char *source_path(scanner *s, const dir *d, const char *name);

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static const char *source_path(scanner *s, const dir *d, const char *name)
{
	return path_join(s->a, path_join(s->a, s->source_dir, d->rel), name);
}

static void add_file(scanner *s, dir *d, const char *name, int role, size_t baselen)
{
	const char *file = source_path(s, d, name);
	if (d->files[role]) {
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
					   "two %s files in one directory (also %s)",
					   role_names[role], d->files[role]);
		kit_diag_fix(s->diags, g, "keep one of them");
		return;
	}
	if (d->slot_root && role != KIT_FILE_PAGE && role != KIT_FILE_DEFAULT) {
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
					   "%s files inside a parallel slot are not supported",
					   role_names[role]);
		if (role == KIT_FILE_ROUTE)
			kit_diag_fix(s->diags, g, "move it out of the @%s directory: API routes are not slots",
				     d->slot_root->param);
		else
			kit_diag_fix(s->diags, g, "move it beside the layout that declares @%s (it then applies to the whole section), or do the work inside the slot's page",
				     d->slot_root->param);
		return;
	}
	if (role == KIT_FILE_GLOBAL_ERROR && d->parent) {
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_WARNING, file,
					   "global-error files are only used in the root directory; this file is not used");
		kit_diag_fix(s->diags, g, "move it to %s, or name it error.tsx for an error boundary of this segment",
			     s->source_dir);
		return;
	}
	d->files[role] = file;
	char *base = kit_arena_strndup(s->a, name, baselen);
	d->ids[role] = path_join(s->a, path_join(s->a, "app", d->rel), base);
	s->modules = grow(s->modules, &s->capmodules, s->nmodules + 1, sizeof *s->modules);
	s->modules[s->nmodules++] = (kit_scan_module){
		.id = d->ids[role], .file = file, .role = (kit_file_role)role,
		.in_slot = d->slot_root != NULL,
	};
}

static void walk(scanner *s, dir *d, const char *abs, int depth)
{
	if (depth > MAX_DEPTH) {
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, source_path(s, d, ""),
					   "directories nest more than %d deep", MAX_DEPTH);
		kit_diag_fix(s->diags, g, "look for a symbolic link that points back up the tree");
		return;
	}
	DIR *dp = opendir(abs);
	if (!dp) {
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, source_path(s, d, ""),
					   "cannot read directory: %s", strerror(errno));
		kit_diag_fix(s->diags, g, "make it readable by the user running kit-build");
		return;
	}
	char **names = NULL;
	size_t nnames = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		/* Hidden entries (".git", ".kit") and node_modules are never routes. */
		if (de->d_name[0] == '.' || strcmp(de->d_name, "node_modules") == 0)
			continue;
		names = grow(names, &cap, nnames + 1, sizeof *names);
		names[nnames++] = kit_arena_strdup(s->a, de->d_name);
	}
	closedir(dp);
	if (nnames)
		qsort(names, nnames, sizeof *names, cmp_str);

	for (size_t i = 0; i < nnames; i++) {
		const char *name = names[i];
		char *child_abs = join3(s->a, abs, "/", name);
		struct stat st;
		if (stat(child_abs, &st) != 0)
			continue; /* a dangling symlink: not a route file */
		if (S_ISREG(st.st_mode)) {
			size_t baselen;
			int role = classify_file(name, &baselen);
			if (role >= 0)
				add_file(s, d, name, role, baselen);
			continue;
		}
		if (!S_ISDIR(st.st_mode))
			continue;
		dir *c = kit_arena_zalloc(s->a, sizeof *c);
		c->parent = d;
		c->rel = path_join(s->a, d->rel, name);
		c->slot_root = d->slot_root;
		if (classify_dir(s, name, source_path(s, c, ""), c) != 0)
			continue;
		if (c->kind == DIR_SLOT) {
			if (d->slot_root) {
				kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, source_path(s, c, ""),
							   "slot @%s is inside slot @%s; slots do not nest",
							   c->param, d->slot_root->param);
				kit_diag_fix(s->diags, g, "move @%s beside a layout outside @%s",
					     c->param, d->slot_root->param);
				continue;
			}
			c->slot_root = c;
		}
		d->children = grow(d->children, &d->capchildren, d->nchildren + 1,
				   sizeof *d->children);
		d->children[d->nchildren++] = c;
		walk(s, c, child_abs, depth + 1);
	}
	free(names);

	for (size_t i = 0; i < d->nchildren; i++) {
		const dir *c = d->children[i];
		if (c->kind == DIR_SLOT && !d->files[KIT_FILE_LAYOUT]) {
			kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, source_path(s, c, ""),
						   "slot @%s has no layout beside it", c->param);
			kit_diag_fix(s->diags, g, "add %s that renders the \"%s\" prop, or move @%s next to an existing layout",
				     source_path(s, d, "layout.tsx"), c->param, c->param);
		}
	}
}

/* ---- routes ---------------------------------------------------------------- */

static int seg_rank(kit_scan_seg_type t)
{
	return t == KIT_SCAN_STATIC ? 0 : t == KIT_SCAN_DYNAMIC ? 1 : 2;
}

int kit_scan_route_cmp(const kit_scan_route *a, const kit_scan_route *b)
{
	size_t n = a->nsegments < b->nsegments ? a->nsegments : b->nsegments;
	for (size_t i = 0; i < n; i++) {
		const kit_scan_segment *x = &a->segments[i], *y = &b->segments[i];
		int rx = seg_rank(x->type), ry = seg_rank(y->type);
		if (rx != ry)
			return rx < ry ? -1 : 1;
		if (x->type == KIT_SCAN_STATIC) {
			int c = strcmp(x->value, y->value);
			if (c)
				return c < 0 ? -1 : 1;
		}
	}
	if (a->nsegments != b->nsegments)
		return a->nsegments < b->nsegments ? -1 : 1;
	return 0;
}

/* The directories from the root (or from `from`, exclusive) down to d. */
static size_t chain_of(const dir *d, const dir *from, const dir **out, size_t max)
{
	size_t n = 0;
	for (const dir *p = d; p && p != from; p = p->parent)
		n++;
	if (n > max)
		n = max;
	size_t i = n;
	for (const dir *p = d; p && p != from && i > 0; p = p->parent)
		out[--i] = p;
	return n;
}

static int is_segment(const dir *d)
{
	return d->kind == DIR_STATIC || d->kind == DIR_DYNAMIC || d->kind == DIR_CATCHALL;
}

static kit_scan_segment segment_of(const dir *d)
{
	kit_scan_segment g = { .value = d->param };
	g.type = d->kind == DIR_STATIC ? KIT_SCAN_STATIC :
		 d->kind == DIR_DYNAMIC ? KIT_SCAN_DYNAMIC : KIT_SCAN_CATCHALL;
	return g;
}

static const char *url_of(kit_arena *a, const kit_scan_segment *segs, size_t n)
{
	kit_buf b;
	kit_buf_init(&b);
	for (size_t i = 0; i < n; i++) {
		kit_buf_putc(&b, '/');
		if (segs[i].type == KIT_SCAN_STATIC)
			kit_buf_puts(&b, segs[i].value);
		else
			kit_buf_printf(&b, "[%s%s]", segs[i].type == KIT_SCAN_CATCHALL ? "..." : "",
				       segs[i].value);
	}
	if (!n)
		kit_buf_putc(&b, '/');
	char *s = kit_arena_strndup(a, b.data, b.len);
	kit_buf_free(&b);
	return s;
}

/* Segments of the chain; checks that a catch-all is last and that no
 * parameter name repeats. Returns -1 after adding an error. */
static int chain_segments(scanner *s, const dir *const *chain, size_t n, const char *file,
			  kit_scan_segment **out, size_t *nout)
{
	kit_scan_segment *segs = kit_arena_alloc(s->a, (n ? n : 1) * sizeof *segs);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (is_segment(chain[i]))
			segs[k++] = segment_of(chain[i]);
	*out = segs;
	*nout = k;
	const char *url = url_of(s->a, segs, k);
	for (size_t i = 0; i < k; i++) {
		if (segs[i].type == KIT_SCAN_CATCHALL && i + 1 < k) {
			kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
						   "catch-all segment [...%s] is not the last segment of %s",
						   segs[i].value, url);
			kit_diag_route(s->diags, g, url);
			kit_diag_fix(s->diags, g, "a catch-all takes the rest of the URL: move this file up into the [...%s] directory, or make the segment a single [%s]",
				     segs[i].value, segs[i].value);
			return -1;
		}
		if (segs[i].type == KIT_SCAN_STATIC)
			continue;
		for (size_t j = 0; j < i; j++)
			if (segs[j].type != KIT_SCAN_STATIC && strcmp(segs[j].value, segs[i].value) == 0) {
				kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_ERROR, file,
							   "the parameter \"%s\" appears twice in %s",
							   segs[i].value, url);
				kit_diag_route(s->diags, g, url);
				kit_diag_fix(s->diags, g, "rename one of the directories so that each parameter of a route has its own name");
				return -1;
			}
	}
	return 0;
}

/* Does slot pattern segment p cover every URL segment the route's r matches?
 * strict: only the same kind (and the same static value). */
static int covers(const dir *p, const kit_scan_segment *r, int strict)
{
	switch (p->kind) {
	case DIR_STATIC:
		return r->type == KIT_SCAN_STATIC && strcmp(p->param, r->value) == 0;
	case DIR_DYNAMIC:
		return r->type == KIT_SCAN_DYNAMIC || (!strict && r->type == KIT_SCAN_STATIC);
	default:
		return 0;
	}
}

/* The page below slot directory d that renders for the remaining route
 * segments, in two rounds: same-kind segments first, then wider patterns
 * ([x] covering a static segment, [...x] covering the rest). */
static dir *slot_match(const dir *d, const kit_scan_segment *segs, size_t n, int strict)
{
	if (n == 0 && d->files[KIT_FILE_PAGE])
		return (dir *)d;
	for (int pass = 0; pass < 3; pass++) {
		for (size_t i = 0; i < d->nchildren; i++) {
			dir *c = d->children[i];
			dir *m = NULL;
			if (pass == 0 && c->kind == DIR_GROUP)
				m = slot_match(c, segs, n, strict);
			else if (pass == 0 && c->kind == DIR_STATIC && n && covers(c, segs, strict))
				m = slot_match(c, segs + 1, n - 1, strict);
			else if (pass == 1 && c->kind == DIR_DYNAMIC && n && covers(c, segs, strict))
				m = slot_match(c, segs + 1, n - 1, strict);
			else if (pass == 2 && c->kind == DIR_CATCHALL && n &&
				 (strict ? n == 1 && segs[0].type == KIT_SCAN_CATCHALL : 1))
				m = slot_match(c, segs + n, 0, strict);
			if (m)
				return m;
		}
	}
	return NULL;
}

static void build_page_parts(scanner *s, kit_scan_route *r, const dir *const *chain, size_t n)
{
	size_t nl = 0;
	for (size_t i = 0; i < n; i++)
		nl += chain[i]->files[KIT_FILE_LAYOUT] != NULL;
	r->layouts = kit_arena_zalloc(s->a, (nl ? nl : 1) * sizeof *r->layouts);
	size_t segs_before = 0;
	for (size_t i = 0; i < n; i++) {
		const dir *d = chain[i];
		if (is_segment(d))
			segs_before++;
		if (!d->files[KIT_FILE_LAYOUT])
			continue;
		kit_scan_layout *l = &r->layouts[r->nlayouts++];
		l->module = d->ids[KIT_FILE_LAYOUT];
		size_t ns = 0;
		for (size_t j = 0; j < d->nchildren; j++)
			ns += d->children[j]->kind == DIR_SLOT;
		l->slots = kit_arena_zalloc(s->a, (ns ? ns : 1) * sizeof *l->slots);
		for (size_t j = 0; j < d->nchildren; j++) {
			dir *slot = d->children[j];
			if (slot->kind != DIR_SLOT)
				continue;
			const kit_scan_segment *rest = r->segments + segs_before;
			size_t nrest = r->nsegments - segs_before;
			dir *m = slot_match(slot, rest, nrest, 1);
			if (!m)
				m = slot_match(slot, rest, nrest, 0);
			kit_scan_slot *sl = &l->slots[l->nslots++];
			sl->name = slot->param;
			if (m) {
				m->page_used = 1;
				sl->module = m->ids[KIT_FILE_PAGE];
			} else {
				sl->module = slot->ids[KIT_FILE_DEFAULT];
			}
		}
	}
	for (size_t i = n; i-- > 0;) {
		if (!chain[i]->files[KIT_FILE_LOADING])
			continue;
		r->loading = chain[i]->ids[KIT_FILE_LOADING];
		for (size_t j = 0; j <= i; j++)
			r->loading_depth += chain[j]->files[KIT_FILE_LAYOUT] != NULL;
		break;
	}
	/* templates, error boundaries, loading fallbacks and the pages of
	 * notFound(), forbidden(), unauthorized(), outermost first; in one
	 * directory the template is outside the error boundary, which is outside
	 * the loading boundary (docs/errors.md) */
	static const kit_file_role kinds[] = { KIT_FILE_TEMPLATE, KIT_FILE_ERROR, KIT_FILE_LOADING, KIT_FILE_NOT_FOUND,
						KIT_FILE_FORBIDDEN, KIT_FILE_UNAUTHORIZED };
	size_t nb = 0, layouts_above = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
			nb += chain[i]->files[kinds[k]] != NULL;
	r->boundaries = kit_arena_zalloc(s->a, (nb ? nb : 1) * sizeof *r->boundaries);
	for (size_t i = 0; i < n; i++) {
		layouts_above += chain[i]->files[KIT_FILE_LAYOUT] != NULL;
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
			if (chain[i]->files[kinds[k]])
				r->boundaries[r->nboundaries++] = (kit_scan_boundary){
					.role = kinds[k], .module = chain[i]->ids[kinds[k]], .depth = layouts_above,
				};
	}
	for (size_t i = n; i-- > 0;) {
		if (!chain[i]->files[KIT_FILE_NOT_FOUND])
			continue;
		r->not_found = chain[i]->ids[KIT_FILE_NOT_FOUND];
		for (size_t j = 0; j <= i; j++)
			r->not_found_depth += chain[j]->files[KIT_FILE_LAYOUT] != NULL;
		break;
	}
}

static void add_entry(scanner *s, const dir *d, kit_file_role role)
{
	const dir *chain[MAX_DEPTH + 2];
	const dir *ns = d->slot_root;
	size_t n = chain_of(d, ns, chain, MAX_DEPTH + 2);
	entry e = { .d = d, .role = role, .ns = ns };
	kit_scan_route *r = &e.route;
	r->kind = role == KIT_FILE_ROUTE ? KIT_SCAN_API : KIT_SCAN_PAGE;
	r->module = d->ids[role];
	r->file = d->files[role];
	if (chain_segments(s, chain, n, r->file, &r->segments, &r->nsegments) != 0)
		return;
	r->path = url_of(s->a, r->segments, r->nsegments);
	if (!ns) {
		size_t nm = 0;
		for (size_t i = 0; i < n; i++)
			nm += chain[i]->files[KIT_FILE_MIDDLEWARE] != NULL;
		r->middleware = kit_arena_alloc(s->a, (nm ? nm : 1) * sizeof *r->middleware);
		for (size_t i = 0; i < n; i++)
			if (chain[i]->files[KIT_FILE_MIDDLEWARE])
				r->middleware[r->nmiddleware++] = chain[i]->ids[KIT_FILE_MIDDLEWARE];
		if (r->kind == KIT_SCAN_PAGE)
			build_page_parts(s, r, chain, n);
	}
	s->entries = grow(s->entries, &s->capentries, s->nentries + 1, sizeof *s->entries);
	s->entries[s->nentries++] = e;
}

static void collect(scanner *s, const dir *d)
{
	if (d->files[KIT_FILE_PAGE])
		add_entry(s, d, KIT_FILE_PAGE);
	if (d->files[KIT_FILE_ROUTE] && !d->slot_root)
		add_entry(s, d, KIT_FILE_ROUTE);
	for (size_t i = 0; i < d->nchildren; i++)
		collect(s, d->children[i]);
}

static int cmp_entry(const void *x, const void *y)
{
	const entry *a = x, *b = y;
	const char *na = a->ns ? a->ns->rel : "", *nb = b->ns ? b->ns->rel : "";
	int c = strcmp(na, nb);
	if (c)
		return c;
	c = kit_scan_route_cmp(&a->route, &b->route);
	return c ? c : strcmp(a->route.file, b->route.file);
}

static void check_conflicts(scanner *s)
{
	for (size_t i = 1; i < s->nentries; i++) {
		const entry *a = &s->entries[i - 1], *b = &s->entries[i];
		if (a->ns != b->ns || kit_scan_route_cmp(&a->route, &b->route) != 0)
			continue;
		/* Report each later claimant against the first one. */
		size_t first = i - 1;
		while (first > 0 && s->entries[first - 1].ns == b->ns &&
		       kit_scan_route_cmp(&s->entries[first - 1].route, &b->route) == 0)
			first--;
		a = &s->entries[first];
		kit_diag *g;
		if (b->ns) {
			g = kit_diag_add(s->diags, KIT_DIAG_ERROR, b->route.file,
					 "two pages of slot @%s claim the same URL (also %s)",
					 b->ns->param, a->route.file);
			kit_diag_fix(s->diags, g, "keep one of them: route groups add no URL segment, and [x] directories with different names match the same URLs");
			continue;
		}
		g = kit_diag_add(s->diags, KIT_DIAG_ERROR, b->route.file,
				 "this file and %s both claim the URL %s",
				 a->route.file, b->route.path);
		kit_diag_route(s->diags, g, b->route.path);
		if (a->route.kind != b->route.kind)
			kit_diag_fix(s->diags, g, "a page and an API route cannot share a URL: move the route.* file to its own path (for example under /api)");
		else if (strcmp(a->route.path, b->route.path) != 0)
			kit_diag_fix(s->diags, g, "%s and %s match the same URLs: keep one and give both the same parameter name", a->route.path, b->route.path);
		else
			kit_diag_fix(s->diags, g, "keep one of them: route groups (name) and slots @name add no URL segment, so both files serve %s", b->route.path);
	}
}

static void warn_unused_slot_pages(scanner *s)
{
	for (size_t i = 0; i < s->nentries; i++) {
		const entry *e = &s->entries[i];
		if (!e->ns || e->d->page_used)
			continue;
		kit_diag *g = kit_diag_add(s->diags, KIT_DIAG_WARNING, e->route.file,
					   "this page of slot @%s renders for no route: no page has a URL it matches",
					   e->ns->param);
		kit_diag_fix(s->diags, g, "add the page.tsx it belongs beside (its URL below the layout of @%s is %s), or remove it",
			     e->ns->param, e->route.path);
	}
}

static int cmp_module(const void *x, const void *y)
{
	return strcmp(((const kit_scan_module *)x)->id, ((const kit_scan_module *)y)->id);
}

static void free_dirs(dir *d)
{
	for (size_t i = 0; i < d->nchildren; i++)
		free_dirs(d->children[i]);
	free(d->children);
}

int kit_scan_tree(kit_scan *scan, kit_arena *a, const char *app_root,
		  const char *source_dir, kit_diags *diags)
{
	memset(scan, 0, sizeof *scan);
	scan->source_dir = kit_arena_strdup(a, source_dir);
	size_t errors_before = diags->nerrors;
	scanner s = { .a = a, .diags = diags, .app_root = app_root, .source_dir = source_dir };

	const char *abs = path_join(a, app_root, source_dir);
	struct stat st;
	int missing = stat(abs, &st) != 0;
	if (missing || !S_ISDIR(st.st_mode)) {
		kit_diag *g = kit_diag_add(diags, KIT_DIAG_ERROR, source_dir,
					   missing ? "the source directory does not exist"
						   : "the source directory is not a directory");
		kit_diag_fix(diags, g, "create %s/page.tsx, or point \"sourceDir\" in kit.config.json at your routes", source_dir);
		return -1;
	}
	s.root = kit_arena_zalloc(a, sizeof *s.root);
	s.root->kind = DIR_ROOT;
	s.root->rel = "";
	walk(&s, s.root, abs, 0);
	collect(&s, s.root);
	if (s.nentries)
		qsort(s.entries, s.nentries, sizeof *s.entries, cmp_entry);
	check_conflicts(&s);
	warn_unused_slot_pages(&s);

	size_t nroutes = 0;
	for (size_t i = 0; i < s.nentries; i++)
		nroutes += s.entries[i].ns == NULL;
	scan->routes = kit_arena_zalloc(a, (nroutes ? nroutes : 1) * sizeof *scan->routes);
	for (size_t i = 0; i < s.nentries; i++)
		if (!s.entries[i].ns)
			scan->routes[scan->nroutes++] = s.entries[i].route;
	if (s.nmodules)
		qsort(s.modules, s.nmodules, sizeof *s.modules, cmp_module);
	scan->modules = kit_arena_alloc(a, (s.nmodules ? s.nmodules : 1) * sizeof *scan->modules);
	if (s.nmodules)
		memcpy(scan->modules, s.modules, s.nmodules * sizeof *s.modules);
	scan->nmodules = s.nmodules;
	free(s.entries);
	free(s.modules);
	free_dirs(s.root);
	kit_metafiles_scan(scan, a, app_root, source_dir, diags);

	if (diags->nerrors == errors_before && scan->nroutes == 0) {
		kit_diag *g = kit_diag_add(diags, KIT_DIAG_ERROR, source_dir,
					   "no routes: there is no page.* or route.* file outside slots");
		kit_diag_fix(diags, g, "add %s/page.tsx (export default function Page() { ... })", source_dir);
	}
	return diags->nerrors == errors_before ? 0 : -1;
}

/* ---- lookups for diagnostics and the listing -------------------------------- */

const kit_scan_module *kit_scan_find_module(const kit_scan *scan, const char *id)
{
	kit_scan_module key = { .id = id };
	if (!scan->nmodules)
		return NULL;
	return bsearch(&key, scan->modules, scan->nmodules, sizeof key, cmp_module);
}

static int route_uses(const kit_scan_route *r, const char *id)
{
	if (strcmp(r->module, id) == 0 || (r->loading && strcmp(r->loading, id) == 0))
		return 1;
	for (size_t i = 0; i < r->nmiddleware; i++)
		if (strcmp(r->middleware[i], id) == 0)
			return 1;
	for (size_t i = 0; i < r->nlayouts; i++) {
		if (strcmp(r->layouts[i].module, id) == 0)
			return 1;
		for (size_t j = 0; j < r->layouts[i].nslots; j++)
			if (r->layouts[i].slots[j].module && strcmp(r->layouts[i].slots[j].module, id) == 0)
				return 1;
	}
	return 0;
}

const char *kit_scan_routes_using(const kit_scan *scan, kit_arena *a, const char *file)
{
	const char *id = NULL;
	for (size_t i = 0; i < scan->nmodules && !id; i++)
		if (strcmp(scan->modules[i].file, file) == 0)
			id = scan->modules[i].id;
	if (!id)
		return NULL;
	kit_buf b;
	kit_buf_init(&b);
	size_t n = 0;
	for (size_t i = 0; i < scan->nroutes; i++) {
		if (!route_uses(&scan->routes[i], id))
			continue;
		if (n < 2)
			kit_buf_printf(&b, "%s%s", n ? ", " : "", scan->routes[i].path);
		n++;
	}
	if (n > 2)
		kit_buf_printf(&b, " and %zu more", n - 2);
	const char *s = n ? kit_arena_strndup(a, b.data, b.len) : NULL;
	kit_buf_free(&b);
	return s;
}

void kit_scan_describe(const kit_scan_route *r, kit_buf *out)
{
	kit_buf_printf(out, "%s %s %s layouts=", r->kind == KIT_SCAN_API ? "api" : "page",
		       r->path, r->module);
	if (!r->nlayouts)
		kit_buf_putc(out, '-');
	for (size_t i = 0; i < r->nlayouts; i++) {
		const kit_scan_layout *l = &r->layouts[i];
		kit_buf_printf(out, "%s%s", i ? "," : "", l->module);
		if (!l->nslots)
			continue;
		kit_buf_putc(out, '{');
		for (size_t j = 0; j < l->nslots; j++)
			kit_buf_printf(out, "%s%s=%s", j ? "," : "", l->slots[j].name,
				       l->slots[j].module ? l->slots[j].module : "null");
		kit_buf_putc(out, '}');
	}
	if (r->loading)
		kit_buf_printf(out, " loading=%s@%zu", r->loading, r->loading_depth);
	else
		kit_buf_puts(out, " loading=-");
	/* error boundaries and the fallback pages (loading is above) */
	for (size_t i = 0, k = 0; i < r->nboundaries; i++)
		if (r->boundaries[i].role != KIT_FILE_LOADING)
			kit_buf_printf(out, "%s%s:%s@%zu", k++ ? "," : " boundaries=", role_names[r->boundaries[i].role],
				       r->boundaries[i].module, r->boundaries[i].depth);
	kit_buf_puts(out, " middleware=");
	if (!r->nmiddleware)
		kit_buf_putc(out, '-');
	for (size_t i = 0; i < r->nmiddleware; i++)
		kit_buf_printf(out, "%s%s", i ? "," : "", r->middleware[i]);
	if (r->kind == KIT_SCAN_API) {
		kit_buf_puts(out, " methods=");
		if (!r->methods)
			kit_buf_putc(out, '-');
		for (int b = 0, k = 0; b < KIT_METHOD_COUNT; b++)
			if (r->methods & (1u << b))
				kit_buf_printf(out, "%s%s", k++ ? "," : "", method_names[b]);
	}
}
