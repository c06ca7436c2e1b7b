/* req.c — the request in progress, as every layer of the engine sees it.
 *
 * Its failure (the first one recorded wins; the host answers its status),
 * the JS values it keeps between calls (keep slots, emptied when it ends) and
 * the response headers it set. The bottom of the engine's layers: it calls
 * nothing of engine.c, stream.c, walk.c, fetch.c, rpc.c or loop.c, so any of
 * them may call it.
 *
 * C catching the render budget's throw (loop.c's interrupt hook) is counted
 * here, where every caught exception is read: the first time, the code C
 * runs next gets a grace (KIT_BUDGET_GRACE_MS: the rest of the shell, the
 * error completions), after which it is stopped again, so nothing outruns
 * the budget by more. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine_impl.h"
#include "header.h"
#include "render/errlog.h"
#include "render/srcmap.h"

void kit_req_fail(kit_engine *e, int status, const char *component, const char *fmt, ...)
{
	if (e->rq.failed)
		return;
	e->rq.failed = 1;
	if (!e->rq.err)
		return;
	e->rq.err->status = status;
	snprintf(e->rq.err->component, sizeof e->rq.err->component, "%s", component ? component : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->rq.err->message, sizeof e->rq.err->message, fmt, ap);
	va_end(ap);
}

/* The frame of an error's stack that says where it was thrown, for the log
 * line: the first that is neither a native's ("(native)"), nor kit's own
 * code (once mapped: @kit/core/…, runtime/…), nor one of the
 * helpers SWC's ES5 classes call on the way to Error's constructor
 * (`class E extends Error` goes through _call_super, Reflect.construct,
 * Wrapper and _construct); the first frame if all are. frames is the stack
 * from its first "\n    at "; returns the frame's text after "at " and its
 * length. */
static const char *where_thrown(const char *frames, int *len)
{
	static const char *helpers[] = { "_call_super ", "_construct ", "Wrapper ", "_create_super ",
					 "_possible_constructor_return ", "_super " };
	/* kit's own code (mapped frames): a hook called from a server
	 * component names the component's line, not kit's */
	static const char *kit_code[] = { "(@kit/core/", "(runtime/", "@kit/core/", "runtime/" };
	const char *first = NULL;
	int firstlen = 0;
	for (const char *p = frames; p && strncmp(p, "\n    at ", 8) == 0;) {
		const char *at = p + 8, *end = strchr(at, '\n');
		int n = end ? (int)(end - at) : (int)strlen(at);
		if (!first) {
			first = at;
			firstlen = n;
		}
		int skip = n >= 9 && strncmp(at + n - 9, " (native)", 9) == 0;
		for (size_t i = 0; !skip && i < sizeof helpers / sizeof *helpers; i++)
			skip = strncmp(at, helpers[i], strlen(helpers[i])) == 0;
		for (size_t i = 0; !skip && i < sizeof kit_code / sizeof *kit_code; i++) {
			const char *hit = strstr(at, kit_code[i]);
			skip = hit && hit < at + n && (hit == at || kit_code[i][0] == '(');
		}
		if (!skip) {
			*len = n;
			return at;
		}
		p = end;
	}
	*len = firstlen;
	return first;
}

#define KIT_BUDGET_GRACE_MS 1000

static void budget_catch(kit_engine *e)
{
	if (e->rq.budget_out && e->rq.interrupt_ms == e->rq.deadline_ms)
		e->rq.interrupt_ms = e->rq.deadline_ms + KIT_BUDGET_GRACE_MS;
}

int kit_req_budget_caught(kit_engine *e)
{
	if (!e->rq.budget_out)
		return 0;
	budget_catch(e);
	js_pop(e->J, 1);
	return 1;
}

void kit_req_map_text(kit_engine *e, const char *text, kit_buf *out)
{
	if (!e->srcmap && strstr(text, ".js:")) {
		/* .kit/ is the directory above the chunks' */
		char dir[4400];
		snprintf(dir, sizeof dir, "%s/..", e->chunk_dir ? e->chunk_dir : ".kit/server");
		e->srcmap = kit_srcmap_open(dir);
	}
	kit_srcmap_text(e->srcmap, text, out);
}

void kit_req_read_exception(kit_engine *e, char *msg, size_t msglen, char *digest, size_t dlen)
{
	js_State *J = e->J;
	budget_catch(e);
	digest[0] = '\0';
	if (js_isobject(J, -1)) {
		js_getproperty(J, -1, "digest");
		if (js_isstring(J, -1))
			snprintf(digest, dlen, "%s", js_tostring(J, -1));
		js_pop(J, 1);
		/* useSearchParams() on the server and the like: the browser renders it */
		js_getproperty(J, -1, "kitClientOnly");
		if (js_toboolean(J, -1))
			snprintf(digest, dlen, "KIT_CLIENT_ONLY");
		js_pop(J, 1);
	}
	/* an error (an answer's frames are never shown) has its frames named by
	 * the app's files, before the digest is made of the text: the same
	 * whichever copy of the bundle ran */
	int error = !digest[0] || kit_req_digest_logged(digest);
	kit_buf text;
	kit_buf_init(&text);
	/* js_tostring converts an object in place: convert a copy */
	js_copy(J, -1);
	const char *str = js_trystring(J, -1, "(an exception that cannot be converted to a string)");
	if (error)
		kit_req_map_text(e, str, &text);
	else
		kit_buf_puts(&text, str);
	js_pop(J, 1);
	if (js_isobject(J, -1)) {
		/* the frames of its stack (V8's "\n    at fn (file:line)" lines,
		 * mujs patch 0303): where it was thrown on the message's line, so
		 * that the log's one line says where, the frames below it */
		js_getproperty(J, -1, "stack");
		const char *stack = js_isstring(J, -1) ? strstr(js_tostring(J, -1), "\n    at ") : NULL;
		kit_buf mapped;
		kit_buf_init(&mapped);
		if (stack && error)
			kit_req_map_text(e, stack, &mapped);
		const char *frames = stack && error ? kit_buf_cstr(&mapped) : stack;
		int wlen;
		const char *where = frames ? where_thrown(frames, &wlen) : NULL;
		if (where) {
			/* the frames after it when it is the first, all of them otherwise */
			const char *below = where == frames + 8 ? where + wlen : frames;
			kit_buf_printf(&text, " at %.*s%s", wlen, where, below);
		}
		kit_buf_free(&mapped);
		js_pop(J, 1);
	}
	js_pop(J, 1);
	snprintf(msg, msglen, "%s", kit_buf_cstr(&text));
	kit_buf_free(&text);
	if (!digest[0])
		kit_errlog_digest(msg, digest, dlen);
}

int kit_req_digest_logged(const char *digest)
{
	return !kit_digest_is_answer(digest) || strcmp(digest, KIT_TIMEOUT_DIGEST) == 0 ||
	       strncmp(digest, "KIT_REFUSAL;", 12) == 0;
}

static int row_logged_before(kit_engine *e, size_t upto, const kit_row *r)
{
	/* the same error reached two rows (a rejected promise used twice): one line */
	for (size_t i = 0; i < upto; i++) {
		const kit_row *o = e->rq.model.rows[i];
		if (o->state == KIT_ROW_ERROR && o->error &&
		    strcmp(o->digest, r->digest) == 0)
			return 1;
	}
	return 0;
}

void kit_req_log_render(kit_engine *e, int status)
{
	kit_render_error *err = e->rq.err;
	const kit_render_req *req = e->rq.render;
	if (!err || !req || (e->rq.failed && err->status < 500))
		return;  /* redirect(), notFound(), …: answers, not errors */
	const char *method = req->http && req->http->method ? req->http->method : "GET";
	const char *path = req->pathname ? req->pathname : "/";
	/* the failure's digest, which the error page shows: its row's, or for a
	 * row of kit's own kind (a refusal's status, the budget's) and a
	 * failure without a row, one made of the message */
	const kit_row *fail = e->rq.failed ? e->rq.fail_row : NULL;
	if (fail && fail->digest && !kit_digest_is_answer(fail->digest))
		snprintf(err->digest, sizeof err->digest, "%s", fail->digest);
	else if (e->rq.failed)
		kit_errlog_digest(err->message, err->digest, sizeof err->digest);
	int logged = 0;
	for (size_t i = 0; e->rq.nerrors && i < e->rq.model.nrows; i++) {
		const kit_row *r = e->rq.model.rows[i];
		if (r->state != KIT_ROW_ERROR || !r->error || row_logged_before(e, i, r))
			continue;
		kit_errlog_stack(status, method, path, r->component, r->error, r == fail ? err->digest : r->digest,
				 r->owners);
		logged |= r == fail;
	}
	if (e->rq.failed && !logged)
		kit_errlog(status, method, path, err->component, err->message, err->digest);
	err->logged = 1;
}

void kit_req_exception(kit_engine *e, const char *component, const char *what)
{
	char msg[900], digest[256];
	kit_req_read_exception(e, msg, sizeof msg, digest, sizeof digest);
	/* the budget's error answers as the budget does, whatever it stopped */
	int status = strcmp(digest, KIT_TIMEOUT_DIGEST) == 0 ? 503 : 500;
	if (!e->rq.failed && e->rq.err && !kit_digest_is_answer(digest))
		snprintf(e->rq.err->digest, sizeof e->rq.err->digest, "%.60s", digest);
	if (what)
		kit_req_fail(e, status, component, "%s threw %s", component ? component : what, msg);
	else
		kit_req_fail(e, status, component, "%s", msg);
}

/* --- keep slots ----------------------------------------------------------- */

int kit_req_keep(kit_engine *e)
{
	js_State *J = e->J;
	js_getregistry(J, REG_KEEP);
	js_rot2(J);
	js_setindex(J, -2, e->rq.nkeep);
	js_pop(J, 1);
	return e->rq.nkeep++;
}

void kit_req_keep_get(kit_engine *e, int slot)
{
	js_State *J = e->J;
	js_getregistry(J, REG_KEEP);
	js_getindex(J, -1, slot);
	js_rot2pop1(J);
}

void kit_req_keep_clear(kit_engine *e)
{
	js_getregistry(e->J, REG_KEEP);
	js_setlength(e->J, -1, 0);
	js_pop(e->J, 1);
	e->rq.nkeep = 0;
}

/* --- response headers ----------------------------------------------------- */

void kit_req_take_headers(kit_engine *e, kit_buf *out)
{
	js_State *J = e->J;
	js_getregistry(J, REG_RUNTIME);
	js_getproperty(J, -1, "takeResponseHeaders");
	js_rot2(J);
	if (js_pcall(J, 0) || !js_isarray(J, -1)) {
		js_pop(J, 1);
		return;
	}
	int n = js_getlength(J, -1);
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		js_getindex(J, -1, 0);
		js_getindex(J, -2, 1);
		const char *name = js_tostring(J, -2), *value = js_tostring(J, -1);
		/* names and values were checked in JS (responseHeaders(), cookies()
		 * throw); a line break here would split the answer */
		if (kit_header_append(out, name, value) < 0)
			fprintf(stderr, "kit: a response header was dropped: its name is not a token or its value holds CR, LF or NUL\n");
		js_pop(J, 3);
	}
	js_pop(J, 1);
}

void kit_req_seal_headers(kit_engine *e)
{
	kit_buf scratch;
	kit_buf_init(&scratch);
	kit_req_take_headers(e, e->rq.out && e->rq.out->headers ? e->rq.out->headers : &scratch);
	kit_buf_free(&scratch);
}
