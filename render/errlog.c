/* errlog.c — the one log line of a failure (errlog.h). */
#include "render/errlog.h"

#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void kit_errlog_digest(const char *text, char *out, size_t n)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 16777619u;
	snprintf(out, n, "%u", (unsigned)h);
}

void kit_errlog_summary(kit_buf *out, const char *error)
{
	size_t n = strcspn(error, "\n");
	const char *at = NULL;
	for (const char *p = error; (p = strstr(p, " at ")) && p < error + n; p++)
		at = p;
	const char *open = at ? memchr(at, '(', (size_t)(error + n - at)) : NULL;
	/* a frame's place ends in ":<line>)" */
	const char *digits = open && error[n - 1] == ')' ? error + n - 1 : NULL;
	while (digits && digits > open && digits[-1] >= '0' && digits[-1] <= '9')
		digits--;
	if (!at || !open || !digits || digits == error + n - 1 || digits[-1] != ':' ||
	    memchr(at + 4, ' ', (size_t)(open - 1 - (at + 4))) || open[-1] != ' ') {
		kit_buf_put(out, error, n);
		return;
	}
	/* "… at Name (file:line)" → "… at file:line" */
	kit_buf_put(out, error, (size_t)(at + 4 - error));
	kit_buf_put(out, open + 1, (size_t)(error + n - 1 - (open + 1)));
}

/* " in <Post> < <Layout> < <RootLayout>" of a component stack ("    at Post
 * (src/…:3)\n    at Layout"), when the component has a parent. */
static void put_path(kit_buf *out, const char *owners)
{
	if (!owners || !strchr(owners, '\n'))
		return;
	kit_buf_puts(out, " in");
	for (const char *p = owners; *p;) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *name = p;
		while (name < p + n && *name == ' ')
			name++;
		if (n - (size_t)(name - p) > 3 && strncmp(name, "at ", 3) == 0)
			name += 3;
		size_t len = strcspn(name, " \n");
		if (len > (size_t)(p + n - name))
			len = (size_t)(p + n - name);
		kit_buf_printf(out, "%s<%.*s>", p == owners ? " " : " < ", (int)len, name);
		p = end ? end + 1 : p + n;
	}
}

void kit_errlog_format(kit_buf *out, int status, const char *method, const char *path, const char *component,
		       const char *error, const char *digest, const char *owners)
{
	kit_buf_printf(out, "%d %s %s \xe2\x80\x94 ", status, method && *method ? method : "GET", path ? path : "?");
	if (component && *component)
		kit_buf_printf(out, "<%s> ", component);
	kit_errlog_summary(out, error ? error : "");
	if (digest && *digest)
		kit_buf_printf(out, " (digest %s)", digest);
	put_path(out, owners);
}

void kit_errlog(int status, const char *method, const char *path, const char *component, const char *error,
		const char *digest)
{
	kit_errlog_stack(status, method, path, component, error, digest, NULL);
}

void kit_errlog_stack(int status, const char *method, const char *path, const char *component, const char *error,
		      const char *digest, const char *owners)
{
	kit_buf line;
	kit_buf_init(&line);
	kit_errlog_format(&line, status, method, path, component, error, digest, owners);
	kit_log("%s", kit_buf_cstr(&line));
	kit_buf_free(&line);
}

void kit_log(const char *fmt, ...)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	kit_buf line;
	kit_buf_init(&line);
	va_list ap;
	va_start(ap, fmt);
	kit_buf_vprintf(&line, fmt, ap);
	va_end(ap);
	fprintf(stderr, "kit %s: %s\n", when, kit_buf_cstr(&line));
	fflush(stderr);
	kit_buf_free(&line);
}
