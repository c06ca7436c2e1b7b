/* mujs_run.h — what the mujs patch tests share: run an ES5 function body in
 * a state and print its result as Node prints it for the same body,
 *   JSON.stringify((function () { BODY })())
 * so a case's expected text is node -e 'console.log(JSON.stringify(new
 * Function(BODY)()))'. "(threw)" when the body throws past its own catch. */
#ifndef KIT_TEST_MUJS_RUN_H
#define KIT_TEST_MUJS_RUN_H

#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline const char *mujs_run(js_State *J, const char *body, char *out, size_t n)
{
	static const char head[] = "var __r = JSON.stringify((function () {", tail[] = "})());";
	size_t len = strlen(head) + strlen(body) + strlen(tail) + 1;
	char *src = malloc(len);
	if (!src)
		abort();
	snprintf(src, len, "%s%s%s", head, body, tail);
	int failed = js_dostring(J, src);
	free(src);
	if (failed) {
		snprintf(out, n, "(threw)");
		return out;
	}
	js_getglobal(J, "__r");
	snprintf(out, n, "%s", js_tostring(J, -1));
	js_pop(J, 1);
	return out;
}

#endif
