/* errlog.h — the one log line of a failure (docs/errors.md "The log line").
 *
 *     kit 2026-11-27T08:15:10Z: 500 GET /posts/3 — <Post> TypeError: x is
 *     undefined at src/app/posts/[id]/page.tsx:12 (digest 4103821093)
 *
 * (one line): the answer's status, the request, what ran (a component, or
 * the module of a middleware or handler), the error's first line with where
 * it was thrown (the frame mapped to the app's file, render/srcmap.c), the
 * digest the visitor's page carries, and for a component with parents its
 * path, innermost first (` in <Post> < <Layout> < <RootLayout>`). Written on stderr, which lighttpd
 * and Apache's mod_fcgid put in their error logs. The engine writes one per
 * failed row or request (render/req.c); the host one per failure the
 * engine did not see (fcgi/host.c). */
#ifndef KIT_ERRLOG_H
#define KIT_ERRLOG_H

#include <stddef.h>

#include "render/buf.h"

/* Appends the line (without the time and the newline) to out. component,
 * digest and owners (a component stack, "    at Post (…)\n    at Layout", as
 * kit_row.owners) may be NULL or "". */
/* One line on stderr (the web server's error log): "kit <UTC time>: " and
 * the text, in one write (lines of workers sharing the log do not
 * interleave). Every log line of the host and the engine goes through it. */
void kit_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void kit_errlog_format(kit_buf *out, int status, const char *method, const char *path, const char *component,
		       const char *error, const char *digest, const char *owners);

/* Writes "kit <UTC time>: <line>\n" on stderr and flushes it. */
void kit_errlog(int status, const char *method, const char *path, const char *component, const char *error,
		const char *digest);
/* The same with the component stack (the path at the line's end). */
void kit_errlog_stack(int status, const char *method, const char *path, const char *component, const char *error,
		      const char *digest, const char *owners);

/* The error's first line, its last " at Name (file:line)" made " at
 * file:line" (what the log line and kit-build's errors show), into out. */
void kit_errlog_summary(kit_buf *out, const char *error);

/* The digest of an error's text, as React's are written: a decimal number
 * (FNV-1a, 32 bits). */
void kit_errlog_digest(const char *text, char *out, size_t n);

#endif
