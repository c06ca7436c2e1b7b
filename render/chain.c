/* chain.c — a request's layout chain (chain.h). */
#include <string.h>

#include "chain.h"

int kit_layout_is_dynamic(const char *id)
{
	return strchr(id, '[') != NULL;
}

static void put_encoded(kit_buf *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~!$&'()*+;=@", *p)) {
			kit_buf_putc(out, (char)*p);
		} else {
			kit_buf_putc(out, '%');
			kit_buf_putc(out, hex[*p >> 4]);
			kit_buf_putc(out, hex[*p & 15]);
		}
	}
}

static const kit_param *param_named(const char *name, size_t n, const kit_param *params, size_t nparams)
{
	for (size_t i = 0; i < nparams; i++)
		if (strlen(params[i].name) == n && strncmp(params[i].name, name, n) == 0)
			return &params[i];
	return NULL;
}

void kit_layout_key_put(kit_buf *out, const char *id, const kit_param *params, size_t nparams)
{
	kit_buf_puts(out, id);
	if (!kit_layout_is_dynamic(id))
		return;
	/* the directory: the id without its last segment ("layout") */
	const char *end = strrchr(id, '/');
	if (!end)
		return;
	kit_buf_putc(out, ':');
	int first = 1;
	for (const char *p = id; p < end;) {
		const char *open = memchr(p, '[', (size_t)(end - p));
		if (!open)
			break;
		const char *close = memchr(open, ']', (size_t)(end - open));
		if (!close)
			break;
		const char *name = open + 1;
		while (name < close && (*name == '[' || *name == '.'))
			name++;
		const kit_param *v = param_named(name, (size_t)(close - name), params, nparams);
		for (size_t i = 0; v && i < v->nvalues; i++) {
			if (!first)
				kit_buf_putc(out, '/');
			put_encoded(out, v->values[i]);
			first = 0;
		}
		if (!v || !v->nvalues) {
			/* an optional catch-all with no value */
			if (!first)
				kit_buf_putc(out, '/');
			first = 0;
		}
		p = close + 1;
		while (p < end && *p == ']')
			p++;
	}
}
