/* store_key_fuzz.c — libFuzzer target: store/store.c's file keys, which turn
 * a route path into a file name below .kit-store/stored/<version>/.
 *
 * One input is one route path. kit_store_path_key and kit_store_file_name
 * either refuse it or give a name that stays inside the version's
 * directory: relative, no empty, "." or ".." segment, no backslash, no
 * control byte. A violation aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

static void check(int ok, const char *what, const char *path, const char *name)
{
	if (ok)
		return;
	fprintf(stderr, "store_key_fuzz: %s (path \"%s\", name \"%s\")\n", what, path, name);
	abort();
}

/* 1 when every "/"-separated segment is non-empty and not "." or "..", and
 * no byte is a backslash or a control byte. */
static int stays_inside(const char *name)
{
	const char *seg = name;
	for (const char *p = name;; p++) {
		if (*p == '/' || *p == '\0') {
			size_t len = (size_t)(p - seg);
			if (len == 0 || (len == 1 && seg[0] == '.') || (len == 2 && seg[0] == '.' && seg[1] == '.'))
				return 0;
			if (!*p)
				return 1;
			seg = p + 1;
		} else if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '\\') {
			return 0;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	/* the first byte picks the variant and the depth */
	kit_store_variant v = (kit_store_variant)(data[0] % 7);
	int depth = data[0] / 7;
	char *path = malloc(size);
	memcpy(path, data + 1, size - 1);
	path[size - 1] = '\0';

	char key[256], name[512];
	if (kit_store_path_key(path, key, sizeof key) == 0) {
		check(key[0] != '/', "the key is absolute", path, key);
		check(stays_inside(key), "the key leaves its directory", path, key);
		check(strlen(key) < sizeof key, "the key overflows", path, key);
	}
	if (kit_store_file_name("v1", path, v, depth, name, sizeof name) == 0) {
		check(strncmp(name, "stored/v1/", 10) == 0, "the file is outside stored/v1/", path, name);
		check(stays_inside(name), "the file name leaves its directory", path, name);
	}
	free(path);
	return 0;
}
