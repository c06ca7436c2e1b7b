/* hostgen.c — rsc-host.json: running the backend's command, reading the
 * file, and writing the actions module and the rpc() declarations (see
 * hostgen.h). The JSON Schema subset of "types"/"defs" (docs/wire-formats.md §5.7)
 * becomes TypeScript: type, items, properties, required,
 * additionalProperties, anyOf, enum, format (ignored: date-time is a
 * string), $ref "#/defs/Name" (→ Def_Name); `optional` trailing parameters,
 * `rest` a variadic last one. Anything else is `unknown`. */
#include "build/hostgen.h"

#include <errno.h>
#include <fcntl.h>
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "build/bjson.h"
#include "render/xalloc.h"
#include "build/outdir.h"

/* --- the command --------------------------------------------------------- */

static void command_text(const kit_config *c, kit_buf *out)
{
	for (size_t i = 0; c->host_command[i]; i++) {
		if (i)
			kit_buf_putc(out, ' ');
		const char *a = c->host_command[i];
		if (a[strcspn(a, " \t\"'\\$")])
			kit_bjson_write_string(out, a);
		else
			kit_buf_puts(out, a);
	}
}

/* The last lines of what the command wrote on stderr (at most ~1500 bytes). */
static const char *stderr_tail(kit_buf *b)
{
	while (b->len && (b->data[b->len - 1] == '\n' || b->data[b->len - 1] == ' '))
		b->len--;
	const char *s = kit_buf_cstr(b);
	if (b->len > 1500) {
		s += b->len - 1500;
		const char *nl = strchr(s, '\n');
		if (nl)
			s = nl + 1;
	}
	return s;
}

int kit_hostgen_run_command(const kit_config *c, const char *app_root, kit_diags *d)
{
	if (!c->host_command)
		return 0;
	kit_buf cmd, cwd, errs;
	kit_buf_init(&cmd);
	kit_buf_init(&cwd);
	kit_buf_init(&errs);
	command_text(c, &cmd);
	kit_buf_printf(&cwd, "%s%s%s", app_root, c->host_cwd && *c->host_cwd ? "/" : "", c->host_cwd ? c->host_cwd : "");
	int rc = -1;
	kit_diag *g;
	int pipefd[2];
	if (pipe(pipefd) < 0) {
		kit_diag_add(d, KIT_DIAG_ERROR, "kit.config.json", "hostManifest: cannot run `%s`: %s",
			     kit_buf_cstr(&cmd), strerror(errno));
		goto out;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		kit_diag_add(d, KIT_DIAG_ERROR, "kit.config.json", "hostManifest: cannot run `%s`: %s",
			     kit_buf_cstr(&cmd), strerror(errno));
		goto out;
	}
	if (pid == 0) {
		/* its stdout on our stderr (kit-build's stdout is the listing); stderr kept */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		close(pipefd[0]);
		close(pipefd[1]);
		int devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0) {
			dup2(devnull, STDIN_FILENO);
			close(devnull);
		}
		if (chdir(kit_buf_cstr(&cwd)) < 0) {
			dprintf(STDERR_FILENO, "cannot enter the directory %s: %s\n", kit_buf_cstr(&cwd), strerror(errno));
			_exit(126);
		}
		execvp(c->host_command[0], (char *const *)c->host_command);
		dprintf(STDERR_FILENO, "cannot run %s: %s\n", c->host_command[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	char chunk[4096];
	ssize_t n;
	while ((n = read(pipefd[0], chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		/* keep the end: drop the oldest half when it grows */
		if (errs.len > 65536) {
			memmove(errs.data, errs.data + errs.len - 32768, 32768);
			errs.len = 32768;
		}
		kit_buf_put(&errs, chunk, (size_t)n);
	}
	close(pipefd[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		char how[64];
		if (WIFEXITED(status))
			snprintf(how, sizeof how, "exit status %d", WEXITSTATUS(status));
		else
			snprintf(how, sizeof how, "killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
		const char *tail = stderr_tail(&errs);
		g = kit_diag_add(d, KIT_DIAG_ERROR, "kit.config.json",
				 "hostManifest: the command `%s` (in %s) failed (%s)%s%s", kit_buf_cstr(&cmd),
				 c->host_cwd && *c->host_cwd ? c->host_cwd : "the app directory", how,
				 *tail ? "; it wrote:\n    " : "", tail);
		kit_diag_fix(d, g, "run the command yourself to see why; kit-build runs it before every build to "
				   "write %s (kit.config.json \"hostManifest\")", KIT_HOSTGEN_MANIFEST);
		goto out;
	}
	/* the command said nothing of failure: a manifest must be there now */
	kit_buf path;
	kit_buf_init(&path);
	kit_buf_printf(&path, "%s/%s", app_root, KIT_HOSTGEN_MANIFEST);
	struct stat st;
	int there = stat(kit_buf_cstr(&path), &st) == 0;
	kit_buf_free(&path);
	if (!there) {
		g = kit_diag_add(d, KIT_DIAG_ERROR, "kit.config.json",
				 "hostManifest: the command `%s` succeeded but there is no %s at the app root",
				 kit_buf_cstr(&cmd), KIT_HOSTGEN_MANIFEST);
		kit_diag_fix(d, g, "make the command write %s in the app directory (beside kit.config.json)",
			     KIT_HOSTGEN_MANIFEST);
		goto out;
	}
	rc = 0;
out:
	kit_buf_free(&cmd);
	kit_buf_free(&cwd);
	kit_buf_free(&errs);
	return rc;
}

/* --- JSON Schema → TypeScript ------------------------------------------- */

static void def_name(kit_buf *out, const char *name)
{
	kit_buf_puts(out, "Def_");
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		kit_buf_putc(out, (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ? (char)*p : '_');
}

/* A JSON value (enum member) as a TS literal type. */
static void literal(js_State *J, kit_buf *out)
{
	if (js_isstring(J, -1)) {
		kit_bjson_write_string(out, js_tostring(J, -1));
	} else if (js_isnumber(J, -1)) {
		kit_buf_printf(out, "%.17g", js_tonumber(J, -1));
	} else if (js_isboolean(J, -1)) {
		kit_buf_puts(out, js_toboolean(J, -1) ? "true" : "false");
	} else if (js_isnull(J, -1)) {
		kit_buf_puts(out, "null");
	} else {
		kit_buf_puts(out, "unknown");
	}
}

static void ts_type(js_State *J, kit_buf *out, int depth);

static void ts_simple(js_State *J, const char *type, kit_buf *out, int depth)
{
	if (strcmp(type, "integer") == 0 || strcmp(type, "number") == 0) {
		kit_buf_puts(out, "number");
	} else if (strcmp(type, "string") == 0) {
		kit_buf_puts(out, "string");
	} else if (strcmp(type, "boolean") == 0) {
		kit_buf_puts(out, "boolean");
	} else if (strcmp(type, "null") == 0) {
		kit_buf_puts(out, "null");
	} else if (strcmp(type, "array") == 0) {
		kit_buf_puts(out, "Array<");
		js_getproperty(J, -1, "items");
		ts_type(J, out, depth + 1);
		js_pop(J, 1);
		kit_buf_putc(out, '>');
	} else if (strcmp(type, "object") == 0) {
		js_getproperty(J, -1, "required");
		int req = js_isarray(J, -1) ? js_gettop(J) - 1 : -1;
		js_getproperty(J, -2, "properties");
		int props = js_isobject(J, -1) && !js_isarray(J, -1);
		int n = 0;
		kit_buf_puts(out, "{ ");
		if (props) {
			js_pushiterator(J, -1, 1);
			const char *key;
			while ((key = js_nextiterator(J, -1))) {
				int required = 0;
				if (req >= 0) {
					int len = js_getlength(J, req);
					for (int i = 0; i < len && !required; i++) {
						js_getindex(J, req, i);
						required = js_isstring(J, -1) && strcmp(js_tostring(J, -1), key) == 0;
						js_pop(J, 1);
					}
				}
				if (n++)
					kit_buf_puts(out, "; ");
				kit_bjson_write_string(out, key);
				kit_buf_puts(out, required ? ": " : "?: ");
				js_getproperty(J, -2, key);
				ts_type(J, out, depth + 1);
				js_pop(J, 1);
			}
			js_pop(J, 1);
		}
		js_pop(J, 2);
		js_getproperty(J, -1, "additionalProperties");
		if (js_isobject(J, -1) || (js_isboolean(J, -1) && js_toboolean(J, -1)) ||
		    (!props && !js_isdefined(J, -1))) {
			if (n++)
				kit_buf_puts(out, "; ");
			kit_buf_puts(out, "[key: string]: ");
			if (js_isobject(J, -1))
				ts_type(J, out, depth + 1);
			else
				kit_buf_puts(out, "unknown");
		}
		js_pop(J, 1);
		kit_buf_puts(out, n ? " }" : "}");
	} else {
		kit_buf_puts(out, "unknown");
	}
}

/* The schema on top of the stack (not popped) as a TS type. */
static void ts_type(js_State *J, kit_buf *out, int depth)
{
	if (depth > 32 || !js_isobject(J, -1) || js_isarray(J, -1)) {
		kit_buf_puts(out, "unknown");
		return;
	}
	js_getproperty(J, -1, "$ref");
	if (js_isstring(J, -1) && strncmp(js_tostring(J, -1), "#/defs/", 7) == 0) {
		def_name(out, js_tostring(J, -1) + 7);
		js_pop(J, 1);
		return;
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "enum");
	if (js_isarray(J, -1)) {
		int len = js_getlength(J, -1);
		if (!len)
			kit_buf_puts(out, "never");
		for (int i = 0; i < len; i++) {
			js_getindex(J, -1, i);
			if (i)
				kit_buf_puts(out, " | ");
			literal(J, out);
			js_pop(J, 1);
		}
		js_pop(J, 1);
		return;
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "anyOf");
	if (js_isarray(J, -1)) {
		int len = js_getlength(J, -1);
		if (!len)
			kit_buf_puts(out, "never");
		for (int i = 0; i < len; i++) {
			js_getindex(J, -1, i);
			kit_buf_puts(out, i ? " | (" : "(");
			ts_type(J, out, depth + 1);
			kit_buf_putc(out, ')');
			js_pop(J, 1);
		}
		js_pop(J, 1);
		return;
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "type");
	if (js_isstring(J, -1)) {
		char type[32];
		snprintf(type, sizeof type, "%s", js_tostring(J, -1));
		js_pop(J, 1);
		ts_simple(J, type, out, depth);
		return;
	}
	if (js_isarray(J, -1)) {
		int len = js_getlength(J, -1);
		for (int i = 0; i < len; i++) {
			js_getindex(J, -1, i);
			char type[32];
			snprintf(type, sizeof type, "%s", js_isstring(J, -1) ? js_tostring(J, -1) : "");
			js_pop(J, 1);
			kit_buf_puts(out, i ? " | (" : "(");
			js_rot2(J); /* the schema back on top for ts_simple */
			ts_simple(J, type, out, depth);
			js_rot2(J);
			kit_buf_putc(out, ')');
		}
		js_pop(J, 1);
		if (!len)
			kit_buf_puts(out, "unknown");
		return;
	}
	js_pop(J, 1);
	kit_buf_puts(out, "unknown");
}

/* The "types" entry of fn on top of the stack (an object) → args tuple and
 * result type. */
static void ts_signature(js_State *J, kit_buf *args, kit_buf *result)
{
	js_getproperty(J, -1, "optional");
	int optional = js_isnumber(J, -1) ? js_toint32(J, -1) : 0;
	js_pop(J, 1);
	kit_buf_putc(args, '[');
	js_getproperty(J, -1, "params");
	int n = js_isarray(J, -1) ? js_getlength(J, -1) : 0;
	for (int i = 0; i < n; i++) {
		js_getindex(J, -1, i);
		kit_buf_printf(args, "%sa%d%s: ", i ? ", " : "", i, i >= n - optional ? "?" : "");
		ts_type(J, args, 0);
		js_pop(J, 1);
	}
	js_pop(J, 1);
	js_getproperty(J, -1, "rest");
	if (js_isobject(J, -1) || (js_isboolean(J, -1) && js_toboolean(J, -1))) {
		kit_buf_printf(args, "%s...rest: Array<", n ? ", " : "");
		if (js_isobject(J, -1))
			ts_type(J, args, 0);
		else
			kit_buf_puts(args, "unknown");
		kit_buf_putc(args, '>');
	}
	js_pop(J, 1);
	kit_buf_putc(args, ']');
	js_getproperty(J, -1, "result");
	ts_type(J, result, 0);
	js_pop(J, 1);
}

/* --- reading rsc-host.json ----------------------------------------------- */

static const char *const reserved[] = {
	"await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
	"else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import",
	"in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public",
	"return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while",
	"with", "yield", "arguments", "eval",
};

static int js_identifier(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
		      *p == '$'))
			return 0;
	for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
		if (strcmp(s, reserved[i]) == 0)
			return 0;
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Own keys of the object on top of the stack, sorted; *n set. Caller frees
 * the array and the strings. */
static char **sorted_keys(js_State *J, size_t *n)
{
	size_t cap = 8, len = 0;
	char **v = malloc(cap * sizeof *v);
	js_pushiterator(J, -1, 1);
	const char *key;
	while ((key = js_nextiterator(J, -1))) {
		if (len == cap)
			v = realloc(v, (cap *= 2) * sizeof *v);
		v[len++] = strdup(key);
	}
	js_pop(J, 1);
	qsort(v, len, sizeof *v, cmp_str);
	*n = len;
	return v;
}

static void free_keys(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static const char HEAD_NOTE[] = "Every build rewrites it (so does kit-typegen); do not edit.";

/* Validates the manifest on top of the stack and writes both texts. */
static int generate(js_State *J, kit_hostgen *g, kit_diags *d)
{
	const char *file = KIT_HOSTGEN_MANIFEST;
	kit_diag *w;
	int bad = 0;
	if (!js_isobject(J, -1) || js_isarray(J, -1)) {
		w = kit_diag_add(d, KIT_DIAG_ERROR, file, "the file must hold one JSON object");
		kit_diag_fix(d, w, "the backend writes {\"actions\": {...}, \"functions\": [...]}; run its manifest command again");
		return -1;
	}
	/* functions: array of strings */
	js_getproperty(J, -1, "functions");
	int fidx = js_gettop(J) - 1;
	int nf = js_isarray(J, -1) ? js_getlength(J, -1) : -1;
	if (nf < 0) {
		w = kit_diag_add(d, KIT_DIAG_ERROR, file, "\"functions\" must be an array of function names");
		kit_diag_fix(d, w, "list every name rpc() may call, for example \"functions\": [\"Orders.recent\"]");
		bad = 1;
	}
	char **fns = calloc((size_t)(nf > 0 ? nf : 1), sizeof *fns);
	size_t nfns = 0;
	for (int i = 0; i < nf; i++) {
		js_getindex(J, fidx, i);
		if (!js_isstring(J, -1) || !*js_tostring(J, -1) || strpbrk(js_tostring(J, -1), "\r\n")) {
			w = kit_diag_add(d, KIT_DIAG_ERROR, file, "\"functions\"[%d] is not a function name (a non-empty string)", i);
			kit_diag_fix(d, w, "regenerate the file with the backend's manifest command");
			bad = 1;
		} else {
			fns[nfns++] = strdup(js_tostring(J, -1));
		}
		js_pop(J, 1);
	}
	qsort(fns, nfns, sizeof *fns, cmp_str);
	/* actions: object jsName → function name */
	js_getproperty(J, -2, "actions");
	int aidx = js_gettop(J) - 1;
	char **acts = NULL;
	size_t nacts = 0;
	if (js_isdefined(J, -1) && (!js_isobject(J, -1) || js_isarray(J, -1))) {
		w = kit_diag_add(d, KIT_DIAG_ERROR, file, "\"actions\" must be an object (export name → backend function)");
		kit_diag_fix(d, w, "for example \"actions\": {\"ordersCancel\": \"Orders.cancel\"}");
		bad = 1;
	} else if (js_isobject(J, -1)) {
		acts = sorted_keys(J, &nacts);
		for (size_t i = 0; i < nacts; i++) {
			js_getproperty(J, aidx, acts[i]);
			if (!js_identifier(acts[i])) {
				w = kit_diag_add(d, KIT_DIAG_ERROR, file,
						 "the action \"%s\" is not a JavaScript export name", acts[i]);
				kit_diag_fix(d, w, "name it with letters, digits, _ or $ (not starting with a digit, not a reserved word) in the backend's registry");
				bad = 1;
			} else if (!js_isstring(J, -1) || !*js_tostring(J, -1)) {
				w = kit_diag_add(d, KIT_DIAG_ERROR, file,
						 "the action \"%s\" must name a backend function (a string)", acts[i]);
				kit_diag_fix(d, w, "for example \"%s\": \"Orders.cancel\"", acts[i]);
				bad = 1;
			} else if (!bsearch(&(const char *){ js_tostring(J, -1) }, fns, nfns, sizeof *fns, cmp_str) && nf >= 0) {
				w = kit_diag_add(d, KIT_DIAG_WARNING, file,
						 "the action \"%s\" calls %s, which \"functions\" does not list",
						 acts[i], js_tostring(J, -1));
				kit_diag_fix(d, w, "\"functions\" should name every function, actions included: regenerate the file");
			}
			js_pop(J, 1);
		}
	}
	js_getproperty(J, -3, "types");
	int tidx = js_gettop(J) - 1;
	int have_types = js_isobject(J, -1) && !js_isarray(J, -1);
	if (js_isdefined(J, -1) && !have_types) {
		w = kit_diag_add(d, KIT_DIAG_ERROR, file, "\"types\" must be an object (function name → its signature)");
		kit_diag_fix(d, w, "regenerate the file with the backend's manifest command, or remove \"types\"");
		bad = 1;
	}
	js_getproperty(J, -4, "defs");
	int didx = js_gettop(J) - 1;
	int have_defs = js_isobject(J, -1) && !js_isarray(J, -1);
	if (js_isdefined(J, -1) && !have_defs) {
		w = kit_diag_add(d, KIT_DIAG_ERROR, file, "\"defs\" must be an object (type name → schema)");
		kit_diag_fix(d, w, "regenerate the file with the backend's manifest command, or remove \"defs\"");
		bad = 1;
	}
	if (bad)
		goto done;

	/* the type aliases of defs, shared by both files */
	kit_buf defs;
	kit_buf_init(&defs);
	if (have_defs) {
		js_copy(J, didx);
		size_t nd;
		char **names = sorted_keys(J, &nd);
		for (size_t i = 0; i < nd; i++) {
			kit_buf_puts(&defs, "type ");
			def_name(&defs, names[i]);
			kit_buf_puts(&defs, " = ");
			js_getproperty(J, -1, names[i]);
			ts_type(J, &defs, 0);
			js_pop(J, 1);
			kit_buf_puts(&defs, ";\n");
		}
		free_keys(names, nd);
		js_pop(J, 1);
	}

	/* .kit/rsc-env.d.ts */
	kit_buf *e = &g->env_dts;
	kit_buf_printf(e, "// Generated from %s: the backend functions rpc() may call, with their\n"
			  "// parameters and results where \"types\" gives them.\n// %s\n"
			  "export {};\n%s"
			  "declare module \"@kit/core/rpc\" {\n"
			  "  interface HostRegister {\n"
			  "    functions: {\n", KIT_HOSTGEN_MANIFEST, HEAD_NOTE, defs.data ? kit_buf_cstr(&defs) : "");
	for (size_t i = 0; i < nfns; i++) {
		kit_buf args, result;
		kit_buf_init(&args);
		kit_buf_init(&result);
		int typed = 0;
		if (have_types) {
			js_getproperty(J, tidx, fns[i]);
			if (js_isobject(J, -1) && !js_isarray(J, -1)) {
				ts_signature(J, &args, &result);
				typed = 1;
			}
			js_pop(J, 1);
		}
		kit_buf_puts(e, "      ");
		kit_bjson_write_string(e, fns[i]);
		kit_buf_printf(e, ": { args: %s; result: %s };\n", typed ? kit_buf_cstr(&args) : "unknown[]",
			       typed ? kit_buf_cstr(&result) : "unknown");
		kit_buf_free(&args);
		kit_buf_free(&result);
	}
	kit_buf_puts(e, "    };\n  }\n}\n"
			"declare global {\n"
			"  /** A backend function that rsc-host.json lists (installed by the renderer; no import). */\n"
			"  function rpc<T = unknown>(name: import(\"@kit/core/rpc\").HostFunctionName, ...args: unknown[]): Promise<T>;\n"
			"}\n");

	/* src/server-actions.generated.ts */
	kit_buf *o = &g->actions;
	kit_buf_printf(o, "'use server';\n"
			  "// Generated from %s (\"actions\"): one server action per entry, each one\n"
			  "// call of the backend function it names.\n// %s\n", KIT_HOSTGEN_MANIFEST, HEAD_NOTE);
	if (defs.len) {
		/* exported so that an app's noUnusedLocals never trips on them */
		const char *p = kit_buf_cstr(&defs);
		while (*p) {
			const char *nl = strchr(p, '\n');
			kit_buf_puts(o, "export ");
			kit_buf_put(o, p, (size_t)(nl - p + 1));
			p = nl + 1;
		}
	}
	for (size_t i = 0; i < nacts; i++) {
		js_getproperty(J, aidx, acts[i]);
		const char *target = js_tostring(J, -1);
		kit_buf args, result;
		kit_buf_init(&args);
		kit_buf_init(&result);
		int typed = 0;
		if (have_types) {
			js_getproperty(J, tidx, target);
			if (js_isobject(J, -1) && !js_isarray(J, -1)) {
				ts_signature(J, &args, &result);
				typed = 1;
			}
			js_pop(J, 1);
		}
		kit_buf_printf(o, "\nexport async function %s(...args: %s): Promise<%s> {\n  return rpc", acts[i],
			       typed ? kit_buf_cstr(&args) : "unknown[]", typed ? kit_buf_cstr(&result) : "unknown");
		if (typed)
			kit_buf_printf(o, "<%s>", kit_buf_cstr(&result));
		kit_buf_putc(o, '(');
		kit_bjson_write_string(o, target);
		kit_buf_puts(o, ", ...args);\n}\n");
		kit_buf_free(&args);
		kit_buf_free(&result);
		js_pop(J, 1);
	}
	kit_buf_free(&defs);
done:
	js_pop(J, 4); /* functions, actions, types, defs */
	for (size_t i = 0; i < nfns; i++)
		free(fns[i]);
	free(fns);
	if (acts)
		free_keys(acts, nacts);
	return bad ? -1 : 0;
}

static void env_without_manifest(kit_buf *e)
{
	kit_buf_printf(e, "// Generated: the app has no %s, so rpc() takes any function name.\n"
			  "// %s\n"
			  "export {};\n"
			  "declare global {\n"
			  "  /** A backend function (installed by the renderer; no import). */\n"
			  "  function rpc<T = unknown>(name: string, ...args: unknown[]): Promise<T>;\n"
			  "}\n", KIT_HOSTGEN_MANIFEST, HEAD_NOTE);
}

int kit_hostgen_load(kit_hostgen *g, const char *app_root, kit_diags *d)
{
	g->present = 0;
	kit_buf_init(&g->actions);
	kit_buf_init(&g->env_dts);
	kit_buf path;
	kit_buf_init(&path);
	kit_buf_printf(&path, "%s/%s", app_root, KIT_HOSTGEN_MANIFEST);
	size_t len;
	char *text = kit_outdir_read(kit_buf_cstr(&path), &len);
	int missing = !text && errno == ENOENT;
	kit_buf_free(&path);
	if (!text) {
		if (missing) {
			env_without_manifest(&g->env_dts);
			return 0;
		}
		kit_diag *w = kit_diag_add(d, KIT_DIAG_ERROR, KIT_HOSTGEN_MANIFEST, "cannot read the file: %s", strerror(errno));
		kit_diag_fix(d, w, "make it readable, or delete it (rpc() then takes any name)");
		return -1;
	}
	g->present = 1;
	js_State *J = js_newstate(NULL, NULL, 0);
	if (!J)
		kit_out_of_memory(0);  /* mujs could not allocate its state */
	char err[KIT_ERR_SIZE];
	int rc;
	if (strlen(text) != len || kit_bjson_parse(J, text, err, sizeof err) != 0) {
		kit_diag *w = kit_diag_add(d, KIT_DIAG_ERROR, KIT_HOSTGEN_MANIFEST, "not valid JSON (%s)",
					   strlen(text) != len ? "a NUL byte" : err);
		kit_diag_fix(d, w, "run the backend's manifest command again (kit.config.json \"hostManifest\")");
		rc = -1;
	} else {
		rc = generate(J, g, d);
		js_pop(J, 1);
	}
	js_freestate(J);
	free(text);
	return rc;
}

void kit_hostgen_free(kit_hostgen *g)
{
	kit_buf_free(&g->actions);
	kit_buf_free(&g->env_dts);
}

int kit_hostgen_write_if_changed(const char *path, const kit_buf *text, char *err, size_t errlen)
{
	size_t len;
	char *old = kit_outdir_read(path, &len);
	int same = old && len == text->len && memcmp(old, text->data ? text->data : "", len) == 0;
	free(old);
	if (same)
		return 0;
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
			return -1;
		}
		*slash = '/';
	}
	/* a temporary file renamed over the old one: never half a file */
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "wb");
	if (!f || fwrite(text->data ? text->data : "", 1, text->len, f) != text->len || fclose(f) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		if (f)
			unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) < 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 1;
}
