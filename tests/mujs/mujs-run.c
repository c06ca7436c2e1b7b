/* mujs-run.c — runs JS test files in libmujs the way the engine does.
 *
 *   mujs-run FILE...
 *
 * Loads every FILE in order into one state (normally runtime/mujs-fixes.js,
 * runtime/prelude.js, runtime/polyfills.js, then a test bundle), then runs
 * the event loop: __kit_drain() (microtasks), then the earliest timer
 * (__kit_timer_fire), until nothing is left. Time is virtual: a timer fires
 * at once, in deadline order, so a test that waits 10 s takes no time.
 *
 * Natives, as render/engine.c and render/loop.c provide them:
 *   print(...)                   arguments joined by spaces, to stdout
 *   __kit_log(level, text)       to stderr
 *   __kit_timer_arm(id, ms)      / __kit_timer_disarm(id)
 *   __kit_utf8_encode … __kit_digest  render/binary.c (TextEncoder, crypto, performance)
 *
 * Numbers print as in the engine: this program defines jsV_numbertostring
 * with kit's shortest round-trip formatting, as render/engine.c does
 * (mujs/patches/0001-weak-numbertostring.patch), so String(0.1 + 0.2) is
 * "0.30000000000000004" here too.
 *
 * Exit status: 0; 1 when a file fails to load or throws, when the loop
 * throws, or when the prelude logged an uncaught exception of a microtask
 * or a timer; 2 on bad usage. The Debian mujs CLI is not needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujs.h>

#include "render/binary.h"
#include "render/json.h"
#include "intl/intl.h"

/* the engine's number formatting (render/engine.c) */
const char *jsV_numbertostring(js_State *J, char buf[32], double f);
const char *jsV_numbertostring(js_State *J, char buf[32], double f)
{
	(void)J;
	kit_json_format_number(buf, f);
	return buf;
}

struct timer {
	double id;
	double due;
	unsigned long seq;
};

static struct timer *timers;
static size_t ntimers, captimers;
static unsigned long timer_seq;
static double now_ms;
static int uncaught;

static void report(js_State *J, const char *message)
{
	(void)J;
	fprintf(stderr, "mujs-run: %s\n", message);
}

static void print(js_State *J)
{
	int top = js_gettop(J);
	for (int i = 1; i < top; i++) {
		if (i > 1)
			putchar(' ');
		fputs(js_tostring(J, i), stdout);
	}
	putchar('\n');
	fflush(stdout);
	js_pushundefined(J);
}

static void kit_log(js_State *J)
{
	int level = js_tointeger(J, 1);
	const char *text = js_tostring(J, 2);
	static const char *names[] = { "log", "warn", "error" };
	fprintf(stderr, "[%s] %s\n", names[level < 0 || level > 2 ? 0 : level], text);
	if (level == 2 && strncmp(text, "uncaught exception", 18) == 0)
		uncaught = 1;
	js_pushundefined(J);
}

static void timer_arm(js_State *J)
{
	double id = js_tonumber(J, 1), ms = js_tonumber(J, 2);
	if (!(ms >= 0))
		ms = 0;
	if (ntimers == captimers) {
		captimers = captimers ? captimers * 2 : 16;
		timers = realloc(timers, captimers * sizeof *timers);
		if (!timers)
			abort();
	}
	timers[ntimers].id = id;
	timers[ntimers].due = now_ms + ms;
	timers[ntimers].seq = timer_seq++;
	ntimers++;
	js_pushundefined(J);
}

static void timer_disarm(js_State *J)
{
	double id = js_tonumber(J, 1);
	for (size_t i = 0; i < ntimers; i++) {
		if (timers[i].id == id) {
			timers[i] = timers[--ntimers];
			break;
		}
	}
	js_pushundefined(J);
}

/* Prints the error on top of the stack with its stack trace and pops it. */
static void print_error(js_State *J, const char *where)
{
	const char *trace = NULL;
	if (js_isobject(J, -1)) {
		js_getproperty(J, -1, "stack");
		if (js_isstring(J, -1))
			trace = strstr(js_tostring(J, -1), "\n    at ");
		js_pop(J, 1);
	}
	fprintf(stderr, "mujs-run: uncaught exception in %s: %s%s\n", where,
		js_trystring(J, -1, "(not printable)"), trace ? trace : "");
	js_pop(J, 1);
}

static int call_global(js_State *J, const char *name, int nargs, double arg)
{
	js_getglobal(J, name);
	if (!js_iscallable(J, -1)) {
		js_pop(J, 1);
		return 0;  /* no prelude loaded: nothing to drain */
	}
	js_pushundefined(J);
	if (nargs)
		js_pushnumber(J, arg);
	if (js_pcall(J, nargs)) {
		print_error(J, name);
		return -1;
	}
	js_pop(J, 1);
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap);
	size_t r;
	while (buf && (r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (cap - n - 1 == 0) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
	}
	fclose(f);
	if (!buf)
		abort();
	buf[n] = 0;
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J) {
		fprintf(stderr, "mujs-run: cannot create a mujs state\n");
		return 1;
	}
	js_setreport(J, report);
	js_newcfunction(J, print, "print", 0);
	js_setglobal(J, "print");
	js_newcfunction(J, kit_log, "__kit_log", 2);
	js_setglobal(J, "__kit_log");
	js_newcfunction(J, timer_arm, "__kit_timer_arm", 2);
	js_setglobal(J, "__kit_timer_arm");
	js_newcfunction(J, timer_disarm, "__kit_timer_disarm", 1);
	js_setglobal(J, "__kit_timer_disarm");
	kit_intl_install(J);
	kit_binary_install(J);  /* render/binary.c */

	int rc = 0;
	for (int i = 1; i < argc && rc == 0; i++) {
		size_t len;
		char *src = slurp(argv[i], &len);
		if (!src) {
			fprintf(stderr, "mujs-run: cannot read %s\n", argv[i]);
			rc = 1;
			break;
		}
		if (strlen(src) != len)
			fprintf(stderr, "mujs-run: %s contains a NUL byte; the rest is ignored\n", argv[i]);
		if (js_ploadstring(J, argv[i], src)) {
			print_error(J, argv[i]);
			rc = 1;
		} else {
			js_pushundefined(J);
			if (js_pcall(J, 0)) {
				print_error(J, argv[i]);
				rc = 1;
			} else {
				js_pop(J, 1);
			}
		}
		free(src);
	}

	/* the event loop: drain, then the earliest timer (ties: armed first) */
	unsigned long steps = 0;
	while (rc == 0) {
		if (call_global(J, "__kit_drain", 0, 0) < 0) {
			rc = 1;
			break;
		}
		if (ntimers == 0)
			break;
		if (++steps > 1000000) {
			fprintf(stderr, "mujs-run: more than 1000000 timers fired; giving up\n");
			rc = 1;
			break;
		}
		size_t best = 0;
		for (size_t i = 1; i < ntimers; i++)
			if (timers[i].due < timers[best].due ||
			    (timers[i].due == timers[best].due && timers[i].seq < timers[best].seq))
				best = i;
		double id = timers[best].id;
		if (timers[best].due > now_ms)
			now_ms = timers[best].due;
		timers[best] = timers[--ntimers];
		if (call_global(J, "__kit_timer_fire", 1, id) < 0)
			rc = 1;
	}
	if (rc == 0 && uncaught)
		rc = 1;
	js_freestate(J);
	free(timers);
	return rc;
}
