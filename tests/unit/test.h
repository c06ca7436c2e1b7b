/* test.h — the tiny harness every C unit test uses.
 *
 * Each check prints one line, "PASS: name" or "FAIL: name: why"; tests/run
 * counts them and prints the closing "N passed, N failed". A test binary exits
 * non-zero when any check failed. Data files are found below KIT_TOP_SRCDIR
 * (set by tests/run; defaults to "."). */
#ifndef KIT_TEST_H
#define KIT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures;

#define TEST_PASS(name) printf("PASS: %s\n", (name))
#define TEST_FAIL(name, ...) \
	do { \
		printf("FAIL: %s: ", (name)); \
		printf(__VA_ARGS__); \
		printf("\n"); \
		test_failures++; \
	} while (0)
#define CHECK(name, cond) \
	do { \
		if (cond) \
			TEST_PASS(name); \
		else \
			TEST_FAIL(name, "%s (%s:%d)", #cond, __FILE__, __LINE__); \
	} while (0)
#define CHECK_STR(name, got, want) \
	do { \
		const char *g_ = (got), *w_ = (want); \
		if (g_ && w_ && strcmp(g_, w_) == 0) \
			TEST_PASS(name); \
		else \
			TEST_FAIL(name, "\n  got:  %s\n  want: %s", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
	} while (0)
#define TEST_EXIT() return test_failures ? 1 : 0

static inline const char *test_srcdir(void)
{
	const char *d = getenv("KIT_TOP_SRCDIR");
	return d && *d ? d : ".";
}

/* Reads a whole file below the source tree; NULL if missing. Caller frees. */
static inline char *test_read_file(const char *rel, size_t *len)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", test_srcdir(), rel);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *p = malloc((size_t)n + 1);
	if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		p = NULL;
	}
	fclose(f);
	if (p) {
		p[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return p;
}

#endif
