/* regexp_test.c — RegExp and String's pattern methods on kit's regex engine
 * (mujs/regex/, mujs patches 0800-0801), through the static library alone.
 *
 * The cases are tests/unit/regexp_cases.txt: JS expressions and what Node 20
 * prints for each (written by tests/unit/regexp_cases.mjs, which runs them
 * in Node). Each runs in one mujs state after the file's harness lines and
 * must print the same. Then the engine's own interface: the poll callback
 * stops a catastrophic pattern, and mujs turns that into an Error. */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mujs/regex/regex.h"
#include "test.h"

/* Runs src; NULL on success, else the error's text (in buf). */
static const char *run(js_State *J, const char *src, char *buf, size_t n)
{
	if (js_ploadstring(J, "[case]", src)) {
		snprintf(buf, n, "%s", js_trystring(J, -1, "(error)"));
		js_pop(J, 1);
		return buf;
	}
	js_pushundefined(J);
	if (js_pcall(J, 0)) {
		snprintf(buf, n, "%s", js_trystring(J, -1, "(error)"));
		js_pop(J, 1);
		return buf;
	}
	js_pop(J, 1);
	return NULL;
}

static void run_cases(js_State *J)
{
	size_t len;
	char *text = test_read_file("tests/unit/regexp_cases.txt", &len);
	char err[1024], name[64];
	int n = 0;
	if (!text) {
		TEST_FAIL("regexp: cases", "tests/unit/regexp_cases.txt is missing");
		return;
	}
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		if (line[0] == 'H' && line[1] == '\t') {
			if (run(J, line + 2, err, sizeof err))
				TEST_FAIL("regexp: harness", "%s: %s", line + 2, err);
			continue;
		}
		char *expr = line + 2, *want = strchr(expr, '\t');
		if (line[0] != 'C' || !want)
			continue;
		*want++ = 0;
		size_t sn = strlen(expr) + 64;
		char *src = malloc(sn);
		snprintf(src, sn, "__got = S(E(function () { return %s; }));", expr);
		snprintf(name, sizeof name, "regexp: case %d", ++n);
		if (run(J, src, err, sizeof err)) {
			TEST_FAIL(name, "%s: %s", expr, err);
		} else {
			js_getglobal(J, "__got");
			const char *got = js_trystring(J, -1, "(not a string)");
			if (strcmp(got, want))
				TEST_FAIL(name, "%s\n  got:  %s\n  want: %s", expr, got, want);
			else
				TEST_PASS(name);
			js_pop(J, 1);
		}
		free(src);
	}
	CHECK("regexp: the cases file has several hundred cases", n >= 500);
	free(text);
}

static int polls;
static int stop_at_third(void *ctx)
{
	(void)ctx;
	return ++polls >= 3;
}

static void *plain_alloc(void *ctx, void *p, int n)
{
	(void)ctx;
	if (n == 0) {
		free(p);
		return NULL;
	}
	return realloc(p, (size_t)n);
}

/* (a+)+b on a run of a's without b backtracks 2^n ways: the poll stops it */
static void check_interrupt(js_State *J)
{
	const char *error = NULL;
	char text[41], err[256];
	int caps[4];
	kit_regex *re = kit_regex_compile(plain_alloc, NULL, "(a+)+b", 0, &error);
	CHECK("regexp: (a+)+b compiles", re != NULL);
	if (!re)
		return;
	memset(text, 'a', 40);
	text[40] = 0;
	polls = 0;
	kit_regex_set_poll(stop_at_third, NULL);
	CHECK("regexp: a catastrophic match stops when the poll says so",
		kit_regex_match(re, text, 40, 0, 0, caps) == KIT_REGEX_INTERRUPTED && polls == 3);
	polls = 0;
	const char *e = run(J, "/(a+)+b/.test('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')", err, sizeof err);
	CHECK_STR("regexp: mujs throws when the matcher is interrupted", e ? e : "(no error)",
		"Error: regular expression: interrupted");
	kit_regex_set_poll(NULL, NULL);
	CHECK("regexp: without a poll the pattern still matches what it should",
		kit_regex_match(re, "aab", 3, 0, 0, caps) == 1 && caps[0] == 0 && caps[1] == 3);
	kit_regex_free(plain_alloc, NULL, re);
	error = NULL;
	CHECK("regexp: a syntax error says why", !kit_regex_compile(plain_alloc, NULL, "a**", 0, &error) &&
		error && !strcmp(error, "Nothing to repeat"));
}

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	run_cases(J);
	check_interrupt(J);
	js_freestate(J);
	TEST_EXIT();
}
