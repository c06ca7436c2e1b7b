/* fs.h — the app's own files for server code (not public: the engine's).
 *
 * The natives behind kit's `fs`, `fs/promises` and `process.cwd()`
 * (fs.c; js/server/node/fs.ts): reading, listing and stat of files below
 * the app's directory, nothing outside it. */
#ifndef KIT_FS_H
#define KIT_FS_H

#include "engine.h"

/* Remembers the app's directory (its real path) as the root server code may
 * read. app_root NULL: no files (every call says so). -1 when it does not
 * exist. */
int kit_fs_open(kit_engine *e, const char *app_root);

/* Defines __kit_fs_root, __kit_fs_read, __kit_fs_list and __kit_fs_stat. */
void kit_fs_install(kit_engine *e);

void kit_fs_close(kit_engine *e);

#endif
