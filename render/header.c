/* header.c — the header line check (header.h). */
#include "render/header.h"

#include <string.h>

/* RFC 9110 tchar */
static int is_tchar(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c && strchr("!#$%&'*+-.^_`|~", c));
}

int kit_header_ok(const char *name, size_t nlen, const char *value, size_t vlen)
{
	if (nlen == 0)
		return 0;
	for (size_t i = 0; i < nlen; i++)
		if (!is_tchar((unsigned char)name[i]))
			return 0;
	for (size_t i = 0; i < vlen; i++)
		if (value[i] == '\r' || value[i] == '\n' || value[i] == '\0')
			return 0;
	return 1;
}

int kit_header_plain(const char *name, const char *value)
{
	if (!*name)
		return 0;
	for (const char *p = name; *p; p++)
		if ((*p >= 'A' && *p <= 'Z') || !is_tchar((unsigned char)*p))
			return 0;
	size_t vlen = strlen(value);
	if (vlen && (strchr("\t\n\r ", value[0]) || strchr("\t\n\r ", value[vlen - 1])))
		return 0;
	return strpbrk(value, "\r\n") == NULL;
}

int kit_header_append(kit_buf *lines, const char *name, const char *value)
{
	size_t nlen = strlen(name), vlen = strlen(value);
	if (!kit_header_ok(name, nlen, value, vlen))
		return -1;
	kit_buf_put(lines, name, nlen);
	kit_buf_put(lines, ": ", 2);
	kit_buf_put(lines, value, vlen);
	kit_buf_put(lines, "\r\n", 2);
	return 0;
}
