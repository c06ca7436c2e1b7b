/* config_fuzz.c — libFuzzer target: the app's JSON files kit-build reads,
 * kit.config.json (build/config.c) and the backend's rsc-host.json
 * (build/hostgen.c: the generated actions module and rsc-env.d.ts), both
 * parsed by mujs's JSON.parse (build/bjson.c).
 *
 * One input: the first byte picks the file (even: kit.config.json, odd:
 * rsc-host.json), the rest is its content, written into a private app
 * directory and loaded. Checked: a refusal names at least one error, and a
 * success of rsc-host.json writes both generated texts. A violation aborts;
 * ASan and UBSan catch the rest. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/config.h"
#include "build/hostgen.h"

static char dir[2048];

static void write_file(const char *name, const uint8_t *p, size_t n)
{
	char path[2100];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

static void fail(const char *what)
{
	fprintf(stderr, "config_fuzz: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!dir[0]) {
		snprintf(dir, sizeof dir, "%s/kit-config-fuzz.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(dir)) {
			perror("mkdtemp");
			exit(1);
		}
	}
	if (size < 1)
		return 0;
	kit_diags d;
	kit_diags_init(&d);
	if (data[0] % 2 == 0) {
		write_file("kit.config.json", data + 1, size - 1);
		kit_arena *a = kit_arena_new(4096);
		kit_config c;
		memset(&c, 0, sizeof c);
		if (kit_config_load(&c, a, dir, &d) < 0 && d.nerrors == 0)
			fail("kit.config.json refused without an error");
		kit_arena_free(a);
	} else {
		write_file("rsc-host.json", data + 1, size - 1);
		kit_hostgen g;
		int rc = kit_hostgen_load(&g, dir, &d);
		if (rc < 0 && d.nerrors == 0)
			fail("rsc-host.json refused without an error");
		if (rc == 0 && g.present && !g.env_dts.len)
			fail("rsc-host.json read, but no rsc-env.d.ts written");
		kit_hostgen_free(&g);
	}
	kit_diags_free(&d);
	return 0;
}
