/* curl.h — libcurl, loaded when the first transfer needs it (not public).
 *
 * kit.cgi and kit-fcgi do not link libcurl: most answers (stored pages,
 * renders without fetch()/rpc()) never make a transfer, and relocating
 * libcurl's dependencies (TLS, Kerberos, LDAP...) cost a CGI request most
 * of its start-up. kit_curl_load() dlopens the libcurl kit was configured
 * with, once per process, and fills `kit_curl`; call sites use
 * kit_curl.easy_setopt(...) where they would call curl_easy_setopt(...).
 * <curl/curl.h> still gives the types and constants. */
#ifndef KIT_CURL_H
#define KIT_CURL_H

#include <stddef.h>

#include <curl/curl.h>

#include "buf.h"

struct kit_curl_api {
	CURL *(*easy_init)(void);
	void (*easy_cleanup)(CURL *);
	CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
	CURLcode (*easy_perform)(CURL *);
	const char *(*easy_strerror)(CURLcode);
	CURLM *(*multi_init)(void);
	CURLMcode (*multi_cleanup)(CURLM *);
	CURLMcode (*multi_add_handle)(CURLM *, CURL *);
	CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
	CURLMcode (*multi_perform)(CURLM *, int *);
	CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
	CURLMsg *(*multi_info_read)(CURLM *, int *);
	const char *(*multi_strerror)(CURLMcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void (*slist_free_all)(struct curl_slist *);
};

/* Valid once kit_curl_load() has returned 0. */
extern struct kit_curl_api kit_curl;

/* Loads libcurl and runs curl_global_init, the first time; 0 when kit_curl
 * is usable, else -1 with why in err (the same answer on every later call).
 * Not thread-safe: call it from the thread that serves requests. */
int kit_curl_load(char *err, size_t errlen);

/* kit_curl.slist_append that aborts when out of memory. */
struct curl_slist *kit_curl_slist_add(struct curl_slist *list, const char *line);
/* The same for a header line built from JS values: left out when it holds
 * a NUL (it would end the line early), a CR or an LF (a second line). */
struct curl_slist *kit_curl_slist_add_line(struct curl_slist *list, kit_buf *line);

/* What the transfers of fetch() and rpc() set alike: the URL, http and
 * https only, no signals (CURLOPT_NOSIGNAL), no proxy from the environment
 * (like Node's fetch), the request's header lines, and curl's message into
 * errbuf (CURL_ERROR_SIZE bytes). */
void kit_curl_setup(CURL *h, const char *url, struct curl_slist *headers, char *errbuf);

/* An answer's body, collected whole: past max bytes the transfer fails
 * (too_big set, curl's CURLE_WRITE_ERROR). */
typedef struct kit_curl_body {
	kit_buf buf;
	size_t max;
	int too_big;
} kit_curl_body;

/* The CURLOPT_WRITEFUNCTION of a kit_curl_body (CURLOPT_WRITEDATA). */
size_t kit_curl_collect(char *p, size_t size, size_t n, void *body);

/* A header line of an answer, as curl hands it to CURLOPT_HEADERFUNCTION
 * (one line a call, its CR LF included), split by kit_curl_header_split. */
typedef struct kit_curl_header {
	const char *name;   /* "name: value": the name (not empty) */
	size_t nlen;
	const char *value;  /* its value without the blanks before it; a status line: the whole line */
	size_t vlen;        /* without the CR LF */
} kit_curl_header;

enum {
	KIT_CURL_FIELD,   /* "name: value" */
	KIT_CURL_STATUS,  /* "HTTP/1.1 200 OK": a new response begins (after a redirect, a 100 Continue) */
	KIT_CURL_OTHER,   /* the empty line ending the head, a line without a name and a colon */
};
int kit_curl_header_split(const char *p, size_t len, kit_curl_header *h);

/* Node's error code of a failed transfer (ECONNREFUSED, ENOTFOUND,
 * ETIMEDOUT, ECONNRESET), so JS can test err.cause.code; NULL for the
 * others (each caller names those). */
const char *kit_curl_node_code(CURLcode rc);

/* curl_global_cleanup, when kit_curl_load loaded the library: what the
 * process's exit paths call last (kit.cgi, kit-fcgi), after every easy and
 * multi handle is gone. A later kit_curl_load starts libcurl again. */
void kit_curl_cleanup(void);

#endif
