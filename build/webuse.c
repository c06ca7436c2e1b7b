/* webuse.c — does the app need the web platform classes on the server?
 *
 * Request, Response, Headers, URL, FormData and the rest (js/server/web)
 * are ~300 kB of server code. They are bundled only for an app that can use
 * them: one with an API route, or whose own sources name one of them (a
 * word match: a false positive only costs build time). In such an app they
 * are a chunk of their own, which only the routes whose code names them
 * load (toolchain/bundle.mjs webChunkUse, docs/build-output.md).
 *
 * The binary built-ins (TextEncoder, TextDecoder, atob, btoa,
 * structuredClone, crypto, performance, DOMException: js/server/web/binary.ts,
 * ~24 kB) come into an app whose sources or whose bundled server code (its
 * libraries) name one of them, here as a property too (`globalThis.crypto`). */
#include "build/webuse.h"
#include "build/nextmw.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const words[] = {
	"Request", "Response", "Headers", "URL", "URLSearchParams", "FormData", "Blob", "File",
	"AbortController", "AbortSignal", "fetch", "request",
	"nuqs",  /* the search-state library builds URLSearchParams on the server too */
	"use server",  /* server actions decode FormData arguments (js/server/actions.ts) */
};

static int ident_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}

static const char *const binary_words[] = {
	"TextEncoder", "TextDecoder", "atob", "btoa", "structuredClone", "crypto", "performance", "DOMException",
};

struct wordlist {
	const char *const *words;
	size_t n;
	int property;  /* a word after a '.' counts */
};

static const struct wordlist web_list = { words, sizeof words / sizeof *words, 0 };
static const struct wordlist binary_list = { binary_words, sizeof binary_words / sizeof *binary_words, 1 };

static int mentions(const struct wordlist *list, const char *text, size_t len)
{
	const char *const *words = list->words;
	for (size_t w = 0; w < list->n; w++) {
		size_t n = strlen(words[w]);
		for (const char *p = text; (p = memmem(p, len - (size_t)(p - text), words[w], n)); p += n) {
			int before = p > text && (ident_char((unsigned char)p[-1]) || (p[-1] == '.' && !list->property));
			int after = (size_t)(p - text) + n < len && ident_char((unsigned char)p[n]);
			if (before || after)
				continue;
			/* request and fetch count only as calls: "@kit/core/request" is not a use */
			if (!strcmp(words[w], "request") || !strcmp(words[w], "fetch")) {
				const char *q = p + n;
				while ((size_t)(q - text) < len && (*q == ' ' || *q == '\t'))
					q++;
				if ((size_t)(q - text) >= len || *q != '(')
					continue;
			}
			return 1;
		}
	}
	return 0;
}

static int code_file(const char *name)
{
	const char *dot = strrchr(name, '.');
	return dot && (!strcmp(dot, ".ts") || !strcmp(dot, ".tsx") || !strcmp(dot, ".js") || !strcmp(dot, ".jsx") ||
		       !strcmp(dot, ".mjs") || !strcmp(dot, ".cjs") || !strcmp(dot, ".mts"));
}

static int scan_dir(const struct wordlist *list, const char *dir, int depth)
{
	if (depth > 32)
		return 0;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int found = 0;
	struct dirent *de;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "node_modules"))
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		struct stat st;
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			found = scan_dir(list, path, depth + 1);
		} else if (S_ISREG(st.st_mode) && code_file(de->d_name) && st.st_size < (8 << 20)) {
			FILE *f = fopen(path, "rb");
			if (!f)
				continue;
			char *text = malloc((size_t)st.st_size + 1);
			size_t n = text ? fread(text, 1, (size_t)st.st_size, f) : 0;
			fclose(f);
			if (text)
				found = mentions(list, text, n);
			free(text);
		}
	}
	closedir(d);
	return found;
}

int kit_webuse_needed(const kit_scan *scan, const char *app_root)
{
	for (size_t i = 0; i < scan->nroutes; i++)
		if (scan->routes[i].kind == KIT_SCAN_API)
			return 1;
	/* a Next.js-shaped middleware gets a Request and returns a Response */
	if (kit_nextmw_module(scan))
		return 1;
	return scan_dir(&web_list, app_root, 0);
}

int kit_binaryuse_needed(const char *app_root)
{
	return scan_dir(&binary_list, app_root, 0);
}

int kit_binaryuse_in(const char *text, size_t len)
{
	return mentions(&binary_list, text, len);
}
