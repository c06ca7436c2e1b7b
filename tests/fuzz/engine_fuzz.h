/* engine_fuzz.h — what action_fuzz, multipart_fuzz and form_fuzz share: one
 * engine on the built app in $KIT_APP_DIR (tests/fuzz/run.sh builds a
 * private copy of examples/hello), opened once per process as kit-fcgi
 * opens it, and a request around each input (an action call, a POST to
 * /api/echo, their answers' JSON). The engine's entry points
 * (kit_engine_action, kit_engine_api) begin and end a request each time:
 * the per-request state is reset by them, as between two requests of a
 * responder. Included by one target each (static functions). */
#ifndef KIT_ENGINE_FUZZ_H
#define KIT_ENGINE_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fcgi/routes.h"
#include "render/arena.h"
#include "render/engine.h"
#include "render/json.h"

static kit_engine *fuzz_engine;
static kit_routes fuzz_routes;

static void fuzz_fail(const char *target, const char *what, const char *detail, const uint8_t *data, size_t size)
{
	fprintf(stderr, "%s: %s\n%s\ninput (%zu bytes): %.*s\n", target, what, detail ? detail : "", size,
		size > 400 ? 400 : (int)size, (const char *)data);
	abort();
}

/* An action's outcome, for a failure's message: its status, log line and body. */
static const char *outcome(kit_action_outcome *ao)
{
	static char text[2400];
	snprintf(text, sizeof text, "status %d, log \"%s\", body %.1000s", ao->status, ao->log, kit_buf_cstr(&ao->json));
	return text;
}

/* Opens the engine on $KIT_APP_DIR/.kit; exits 2 with a message when it cannot. */
static void fuzz_engine_open(const char *target)
{
	/* a bounded run: an input must not wait 30 s on anything */
	setenv("KIT_RENDER_TIMEOUT_MS", "3000", 0);
	unsetenv("RSC_BACKEND");
	const char *app = getenv("KIT_APP_DIR");
	if (!app || !*app) {
		fprintf(stderr, "%s: set KIT_APP_DIR to a built app (tests/fuzz/run.sh builds examples/hello)\n", target);
		exit(2);
	}
	char kit_dir[4096], server_js[4200], err[KIT_ERR_SIZE];
	snprintf(kit_dir, sizeof kit_dir, "%s/.kit", app);
	snprintf(server_js, sizeof server_js, "%s/server.js", kit_dir);
	if (kit_routes_load(&fuzz_routes, kit_dir, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", target, err);
		exit(2);
	}
	kit_engine_opts opts = { .render_timeout_ms = atol(getenv("KIT_RENDER_TIMEOUT_MS")), .app_root = app };
	fuzz_engine = kit_engine_open(server_js, fuzz_routes.json, &opts, err, sizeof err);
	if (!fuzz_engine) {
		fprintf(stderr, "%s: %s\n", target, err);
		exit(2);
	}
}

/* The route answering path (an API route of the app), or exit 2. */
static int fuzz_route(const char *target, const char *path)
{
	kit_arena *a = kit_arena_new(1024);
	kit_match m;
	kit_routes_match(a, &fuzz_routes, path, &m);
	kit_arena_free(a);
	if (m.index < 0 || !fuzz_routes.routes[m.index].is_api) {
		fprintf(stderr, "%s: the app in KIT_APP_DIR has no API route %s (examples/hello has)\n", target, path);
		exit(2);
	}
	return m.index;
}

/* A POST of body with this content type, as the host hands it to the engine. */
static kit_http_req fuzz_post(const char *url, const kit_kv *headers, size_t nheaders, const char *body, size_t len)
{
	return (kit_http_req){ .method = "POST", .url = url, .headers = headers, .nheaders = nheaders,
			       .body = body, .body_len = len };
}

/* The engine opened and the index of the app's /api/echo (form_fuzz,
 * multipart_fuzz: it awaits request.formData() and answers the fields as
 * JSON), or exit 2. */
static int fuzz_echo_open(const char *target)
{
	fuzz_engine_open(target);
	return fuzz_route(target, "/api/echo");
}

/* POSTs body (len bytes) with this content type to /api/echo (route, from
 * fuzz_echo_open) as the host hands it to the engine; a throw fails the
 * input. ans is the caller's to free (fuzz_api_free). */
static void fuzz_echo_post(const char *target, int route, const char *type, const char *body, size_t len,
			   kit_api_answer *ans, const uint8_t *data, size_t size)
{
	const kit_kv headers[] = { { "content-type", type } };
	kit_http_req http = fuzz_post("http://127.0.0.1/api/echo", headers, 1, body, len);
	*ans = (kit_api_answer){ 0 };
	kit_buf_init(&ans->headers);
	kit_buf_init(&ans->body);
	kit_render_error err;
	memset(&err, 0, sizeof err);
	if (kit_engine_api(fuzz_engine, route, fuzz_routes.routes[route].module, "POST", &http, NULL, 0, ans, &err) != 0)
		fuzz_fail(target, "/api/echo threw", err.message, data, size);
}

static void fuzz_api_free(kit_api_answer *ans)
{
	kit_buf_free(&ans->headers);
	kit_buf_free(&ans->body);
}

/* Calls an action (id NULL: a no-JS form post, the id in the body) with a
 * POST of body to url; the engine's status (0: it answered). ao is the
 * caller's to free (fuzz_action_free). */
static int fuzz_action(const char *id, const char *type, const char *url, const kit_kv *headers, size_t nheaders,
		       const char *body, size_t len, kit_action_outcome *ao)
{
	kit_http_req http = fuzz_post(url, headers, nheaders, body, len);
	*ao = (kit_action_outcome){ 0 };
	kit_buf_init(&ao->json);
	kit_buf_init(&ao->headers);
	return kit_engine_action(fuzz_engine, id, type, &http, ao);
}

static void fuzz_action_free(kit_action_outcome *ao)
{
	kit_buf_free(&ao->json);
	kit_buf_free(&ao->headers);
}

/* An answer's JSON, parsed into a model of its own: fuzz_doc_parse is 1
 * when the text is one JSON value (then value is it), fuzz_doc_free frees
 * the model either way. */
typedef struct {
	kit_arena *arena;
	kit_model model;
	kit_value *value;
} fuzz_doc;

static int fuzz_doc_parse(fuzz_doc *d, const char *text, size_t len)
{
	char err[KIT_ERR_SIZE];
	d->arena = kit_arena_new(1024);
	kit_model_init(&d->model, d->arena);
	d->value = NULL;
	return kit_json_parse(&d->model, text, len, &d->value, err, sizeof err) == 0;
}

static void fuzz_doc_free(fuzz_doc *d)
{
	kit_model_clear(&d->model);
	kit_arena_free(d->arena);
}

/* An object's member, or NULL. */
static const kit_value *fuzz_member(const kit_value *v, const char *key)
{
	if (!v || v->kind != KIT_OBJECT)
		return NULL;
	size_t n = strlen(key);
	for (size_t i = 0; i < v->u.obj.len; i++)
		if (v->u.obj.props[i].keylen == n && memcmp(v->u.obj.props[i].key, key, n) == 0)
			return v->u.obj.props[i].value;
	return NULL;
}

/* The "fields" member of /api/echo's answer (NULL when it has none), its
 * JSON parsed into d (the caller frees it); an answer that is not JSON fails
 * the input. */
static const kit_value *fuzz_echo_fields(const char *target, kit_api_answer *ans, fuzz_doc *d, const uint8_t *data,
					 size_t size)
{
	if (!fuzz_doc_parse(d, ans->body.data, ans->body.len))
		fuzz_fail(target, "/api/echo's answer is not JSON", kit_buf_cstr(&ans->body), data, size);
	return fuzz_member(d->value, "fields");
}

/* A refusal's body (an action's 4xx): JSON with a non-empty string
 * "message", or the input fails. */
static void fuzz_check_refusal(const char *target, kit_buf *json, const uint8_t *data, size_t size)
{
	fuzz_doc d;
	const kit_value *msg = fuzz_doc_parse(&d, json->data, json->len) ? fuzz_member(d.value, "message") : NULL;
	if (!msg || msg->kind != KIT_STRING || !msg->u.str.len)
		fuzz_fail(target, "a refusal without a JSON message", kit_buf_cstr(json), data, size);
	fuzz_doc_free(&d);
}

/* The JS heap is collected once it has grown enough (render/engine.c); a
 * fuzz run does hundreds of thousands of requests without one render, so
 * it checks the heap stays bounded: more than 256 MiB in use is a leak
 * across requests. */
static void fuzz_heap_check(const char *target, const uint8_t *data, size_t size)
{
	size_t heap = kit_engine_heap_bytes(fuzz_engine);
	if (heap > (size_t)256 << 20) {
		char detail[64];
		snprintf(detail, sizeof detail, "%zu bytes of JS heap in use", heap);
		fuzz_fail(target, "the JS heap grows across requests", detail, data, size);
	}
}

#endif
