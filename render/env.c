/* env.c — process.env for server code (env.h).
 *
 * Next.js gives server code the process's environment over the values of
 * the app's .env files. kit-build reads the files (toolchain/env.mjs) and
 * writes their values to env.json beside server.js; the engine sets the
 * process's variables over them. Request variables never go in: kit.cgi's
 * environment holds the request (HTTP_COOKIE, QUERY_STRING…), and a web
 * server may start responders with some of them set. */
#include "render/env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/buf.h"
#include "render/xalloc.h"

extern char **environ;

/* CGI's meta-variables and the request's headers (RFC 3875 §4.1), and
 * what servers add beside them */
static int request_variable(const char *name, size_t len)
{
	static const char *const prefixes[] = { "HTTP_", "REDIRECT_", "CONTEXT_", "REQUEST_", "REMOTE_",
						"SERVER_", "SCRIPT_", "CONTENT_", "PATH_INFO", "PATH_TRANSLATED",
						"QUERY_STRING", "GATEWAY_INTERFACE", "AUTH_TYPE", "DOCUMENT_",
						"HTTPS", "SSL_", "FCGI_", "UNIQUE_ID" };
	for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
		size_t n = strlen(prefixes[i]);
		if (len >= n && memcmp(name, prefixes[i], n) == 0)
			return 1;
	}
	return 0;
}

static void native_env(js_State *J)
{
	const char *file = js_currentfunctiondata(J);
	char *text = file ? kit_read_file(file, NULL) : NULL;
	int have = 0;
	if (text) {
		js_getglobal(J, "JSON");
		js_getproperty(J, -1, "parse");
		js_rot2(J);
		js_pushstring(J, text);
		free(text);
		have = js_pcall(J, 1) == 0 && js_isobject(J, -1);
		if (!have)
			js_pop(J, 1);
	}
	if (!have)
		js_newobject(J);
	for (char **e = environ; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		if (!eq || eq == *e || request_variable(*e, (size_t)(eq - *e)))
			continue;
		char name[256];
		size_t len = (size_t)(eq - *e);
		if (len >= sizeof name)
			continue;
		memcpy(name, *e, len);
		name[len] = 0;
		js_pushstring(J, eq + 1);
		js_setproperty(J, -2, name);
	}
}

static void free_path(js_State *J, void *data)
{
	(void)J;
	free(data);
}

void kit_env_install(js_State *J, const char *server_js)
{
	const char *slash = server_js ? strrchr(server_js, '/') : NULL;
	size_t dir = slash ? (size_t)(slash - server_js + 1) : 0;
	char *file = kit_xmalloc(dir + sizeof "env.json");
	if (dir)
		memcpy(file, server_js, dir);
	memcpy(file + dir, "env.json", sizeof "env.json");
	js_newcfunctionx(J, native_env, "__kit_env", 0, file, free_path);
	js_setglobal(J, "__kit_env");
}
