/* srcmap.h — engine stacks named by the app's source files.
 *
 * mujs names a frame by the file it compiled: `.kit/server.js` or a chunk
 * `.kit/server/<chunk>.js` (or their copies in `.kit-store/builds/<v>/`).
 * kit-build writes, for each of those files, a line table from esbuild's
 * and SWC's source maps (`.kit/lines/<file>`, docs/build-output.md
 * "lines/"); this module reads them, lazily on the first lookup of each
 * file (nothing is read while nothing fails), and rewrites the frames of a
 * stack text:
 *
 *     at Post (/srv/app/.kit/server/m0-app_page-X.js:146)
 *  →  at Post (src/app/page.tsx:4)
 *
 * Paths are relative to the app directory. A frame no table maps keeps its
 * bundle file, shortened to `.kit/…` (or `.kit-store/…`). One map per
 * process: the responder's and kit.cgi's engine (render/req.c) and
 * kit-build's (build/verify.c, the prerender's engine). */
#ifndef KIT_SRCMAP_H
#define KIT_SRCMAP_H

#include <stddef.h>

#include "render/buf.h"

typedef struct kit_srcmap kit_srcmap;

/* A map whose bundle files are below kit_dir (the `.kit` directory: a bare
 * "server.js" or "server/<chunk>" in a text is read there, as kit-build's
 * verification names them). Reads nothing yet. */
kit_srcmap *kit_srcmap_open(const char *kit_dir);
void kit_srcmap_close(kit_srcmap *m);

/* The source file (relative to the app directory) and line that line `line`
 * of the bundle file `path` comes from: 1 with file and *src_line set, 0 when
 * the path is not a bundle file or its table has no entry for the line. */
int kit_srcmap_find(kit_srcmap *m, const char *path, size_t pathlen, unsigned long line, char *file,
		    size_t filelen, unsigned long *src_line);

/* Appends text to out with every "<bundle file>:<line>" mapped (see above).
 * A text without ".js:" is copied as it is, reading nothing. */
void kit_srcmap_text(kit_srcmap *m, const char *text, kit_buf *out);

#endif
