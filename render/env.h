/* env.h — process.env for server code (docs/env.md). */
#ifndef KIT_ENV_H
#define KIT_ENV_H

#include <mujs.h>

/* Defines the native __kit_env(), which runtime/prelude.js calls once to
 * fill process.env: the values of the app's .env files (env.json beside
 * server_js, written by kit-build) under the process's own environment,
 * without the CGI and FastCGI request variables. */
void kit_env_install(js_State *J, const char *server_js);

#endif
