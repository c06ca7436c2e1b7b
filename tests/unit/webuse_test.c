/* webuse_test.c — build/webuse.c: which server bundles get the binary
 * built-ins (js/server/web/binary.ts). A word counts alone or as a property
 * (`globalThis.crypto`), not inside another identifier; an app directory
 * counts by its sources, not by node_modules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build/webuse.h"
#include "test.h"

static int in(const char *text)
{
	return kit_binaryuse_in(text, strlen(text));
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

int main(void)
{
	CHECK("new TextEncoder()", in("var e = new TextEncoder();"));
	CHECK("globalThis.crypto.getRandomValues", in("globalThis.crypto.getRandomValues(a)"));
	CHECK("structuredClone(x)", in("x=structuredClone(y)"));
	CHECK("performance.now()", in("t = performance.now()"));
	CHECK("atob at the end of the text", in("f = atob"));
	CHECK("not inside an identifier", !in("var myatob = 1, cryptography = 2, TextEncoderX = 3, performances = 4;"));
	CHECK("not a prefix of a name", !in("btoa_2 + $atob + _crypto"));
	CHECK("nothing", !in("export default function Page() { return null; }"));

	char dir[] = "/tmp/kit-webuse-XXXXXX";
	CHECK("temporary directory", mkdtemp(dir) != NULL);
	char path[256], mods[256];
	snprintf(path, sizeof path, "%s/page.tsx", dir);
	write_file(path, "export default function P() { return <p>{1}</p>; }\n");
	snprintf(mods, sizeof mods, "%s/node_modules", dir);
	mkdir(mods, 0777);
	char lib[300];
	snprintf(lib, sizeof lib, "%s/lib.js", mods);
	write_file(lib, "module.exports = new TextDecoder();\n");
	CHECK("an app that names none (node_modules is not scanned)", !kit_binaryuse_needed(dir));
	char other[256];
	snprintf(other, sizeof other, "%s/hash.ts", dir);
	write_file(other, "export const h = (b: Uint8Array) => crypto.subtle.digest('SHA-256', b);\n");
	CHECK("an app whose source names crypto", kit_binaryuse_needed(dir));
	unlink(other);
	unlink(lib);
	rmdir(mods);
	unlink(path);
	rmdir(dir);
	TEST_EXIT();
}
