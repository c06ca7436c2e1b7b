/* jscache.h — the compiled code of .kit/'s server bundle (mujs patch 1540).
 *
 * kit-build compiles server.js and each chunk of server/ once and writes the
 * images to jsc/ (server.jsc, <chunk>c), which the host loads instead of
 * parsing the bundle again in every new process (render/engine.c). An image
 * is derived from its file: not part of the version, the same bytes for the
 * same file. */
#ifndef KIT_BUILD_JSCACHE_H
#define KIT_BUILD_JSCACHE_H

#include <stddef.h>

/* Writes <tmp>/jsc/ for <tmp>/server.js and every <tmp>/server/<name>.js;
 * -1 with err and errno set when a file cannot be read or written (a file
 * that does not compile gets no image). */
int kit_jscache_write(const char *tmp, char *err, size_t errlen);

#endif
