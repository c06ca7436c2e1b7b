/* curl.c — libcurl through dlopen, on first use (curl.h says why).
 *
 * The library is the one configure found (KIT_LIBCURL_SONAME, the SONAME
 * that -lcurl resolves to), then the usual Debian names. It stays loaded
 * until the process exits: easy handles and the global state live that long. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curl.h"
#include "render/xalloc.h"

#ifndef KIT_LIBCURL_SONAME
#define KIT_LIBCURL_SONAME "libcurl.so.4"
#endif

struct kit_curl_api kit_curl;

static const char *const sonames[] = { KIT_LIBCURL_SONAME, "libcurl.so.4", "libcurl-gnutls.so.4" };

/* Each entry: the symbol and where its address goes. */
#define SYM(name, field) { name, (void **)&kit_curl.field }
static const struct {
	const char *name;
	void **slot;
} symbols[] = {
	SYM("curl_easy_init", easy_init),
	SYM("curl_easy_cleanup", easy_cleanup),
	SYM("curl_easy_setopt", easy_setopt),
	SYM("curl_easy_getinfo", easy_getinfo),
	SYM("curl_easy_perform", easy_perform),
	SYM("curl_easy_strerror", easy_strerror),
	SYM("curl_multi_init", multi_init),
	SYM("curl_multi_cleanup", multi_cleanup),
	SYM("curl_multi_add_handle", multi_add_handle),
	SYM("curl_multi_remove_handle", multi_remove_handle),
	SYM("curl_multi_perform", multi_perform),
	SYM("curl_multi_poll", multi_poll),
	SYM("curl_multi_info_read", multi_info_read),
	SYM("curl_multi_strerror", multi_strerror),
	SYM("curl_slist_append", slist_append),
	SYM("curl_slist_free_all", slist_free_all),
};

static int state;          /* 0 not tried, 1 loaded, -1 failed */
static void *loaded;       /* the dlopen handle, when state is 1 */
static char failure[512];  /* why, when state is -1 */

static int load(void)
{
	void *lib = NULL;
	/* a copy: the next failing dlopen frees the text dlerror returned */
	char dlerr[256] = "";
	for (size_t i = 0; i < sizeof sonames / sizeof *sonames && !lib; i++) {
		if (i > 0 && strcmp(sonames[i], sonames[0]) == 0)
			continue;
		lib = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
		if (!lib && i == 0)
			snprintf(dlerr, sizeof dlerr, "%s", dlerror());
	}
	if (!lib) {
		snprintf(failure, sizeof failure,
			 "cannot load libcurl (%s), needed for fetch(), rpc() and forwarding to the backend: %s "
			 "(on Debian: apt-get install libcurl4)",
			 KIT_LIBCURL_SONAME, dlerr);
		return -1;
	}
	for (size_t i = 0; i < sizeof symbols / sizeof *symbols; i++) {
		/* POSIX lets a void * from dlsym become a function pointer this way */
		*symbols[i].slot = dlsym(lib, symbols[i].name);
		if (!*symbols[i].slot) {
			snprintf(failure, sizeof failure, "the libcurl loaded (%s) has no %s: kit needs libcurl >= 7.74",
				 KIT_LIBCURL_SONAME, symbols[i].name);
			return -1;
		}
	}
	loaded = lib;
	CURLcode (*global_init)(long) = (CURLcode(*)(long))dlsym(lib, "curl_global_init");
	CURLcode rc = global_init ? global_init(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
	if (rc != CURLE_OK) {
		snprintf(failure, sizeof failure, "libcurl failed to start: %s", kit_curl.easy_strerror(rc));
		return -1;
	}
	return 0;
}

int kit_curl_load(char *err, size_t errlen)
{
	if (!state)
		state = load() == 0 ? 1 : -1;
	if (state < 0)
		snprintf(err, errlen, "%s", failure);
	return state > 0 ? 0 : -1;
}

struct curl_slist *kit_curl_slist_add(struct curl_slist *list, const char *line)
{
	struct curl_slist *l = kit_curl.slist_append(list, line);
	if (!l)
		kit_out_of_memory(strlen(line));
	return l;
}

struct curl_slist *kit_curl_slist_add_line(struct curl_slist *list, kit_buf *line)
{
	const char *text = kit_buf_cstr(line);
	if (memchr(text, '\0', line->len) || memchr(text, '\r', line->len) || memchr(text, '\n', line->len))
		return list;
	return kit_curl_slist_add(list, text);
}

void kit_curl_setup(CURL *h, const char *url, struct curl_slist *headers, char *errbuf)
{
	kit_curl.easy_setopt(h, CURLOPT_URL, url);
#if LIBCURL_VERSION_NUM >= 0x075500
	kit_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	kit_curl.easy_setopt(h, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	kit_curl.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	kit_curl.easy_setopt(h, CURLOPT_PROXY, "");
	kit_curl.easy_setopt(h, CURLOPT_HTTPHEADER, headers);
	kit_curl.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
}

size_t kit_curl_collect(char *p, size_t size, size_t n, void *ctx)
{
	kit_curl_body *b = ctx;
	size_t len = size * n;
	if (b->buf.len + len > b->max) {
		b->too_big = 1;
		return 0;  /* curl fails the transfer with CURLE_WRITE_ERROR */
	}
	kit_buf_put(&b->buf, p, len);
	return len;
}

int kit_curl_header_split(const char *p, size_t len, kit_curl_header *h)
{
	while (len && (p[len - 1] == '\n' || p[len - 1] == '\r'))
		len--;
	if (len >= 5 && memcmp(p, "HTTP/", 5) == 0) {
		*h = (kit_curl_header){ .value = p, .vlen = len };
		return KIT_CURL_STATUS;
	}
	const char *colon = memchr(p, ':', len);
	if (!colon || colon == p)
		return KIT_CURL_OTHER;
	const char *v = colon + 1, *end = p + len;
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	*h = (kit_curl_header){ .name = p, .nlen = (size_t)(colon - p), .value = v, .vlen = (size_t)(end - v) };
	return KIT_CURL_FIELD;
}

const char *kit_curl_node_code(CURLcode rc)
{
	switch (rc) {
	case CURLE_COULDNT_CONNECT: return "ECONNREFUSED";
	case CURLE_COULDNT_RESOLVE_HOST: return "ENOTFOUND";
	case CURLE_OPERATION_TIMEDOUT: return "ETIMEDOUT";
	case CURLE_GOT_NOTHING:
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
	case CURLE_PARTIAL_FILE: return "ECONNRESET";
	default: return NULL;
	}
}

void kit_curl_cleanup(void)
{
	if (state <= 0 || !loaded)
		return;
	void (*global_cleanup)(void) = (void (*)(void))dlsym(loaded, "curl_global_cleanup");
	if (global_cleanup)
		global_cleanup();
	/* no dlclose: valgrind names the frames of a library still mapped */
	state = 0;
	loaded = NULL;
}
