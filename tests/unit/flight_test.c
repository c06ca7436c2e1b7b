/* flight_test.c — the Flight writer and parser (render/flight.c).
 *
 * 1. Every golden payload React 19.3 wrote (tests/conformance/react-golden/
 *    golden/flight) parses; the ones whose content the model holds re-encode
 *    byte for byte when written back row by row in the file's order; the
 *    others fail with a message naming the row.
 * 2. Hand-built models give exact rows: escaping, special values, lazy
 *    inlining, I/E/T rows, Map/Set rows, lowercase hex ids; a development
 *    build's element shape.
 * 3. Malformed payloads (hand-written, and every truncation of the goldens)
 *    return -1 with a message instead of crashing. */
#include <math.h>

#include "render/arena.h"
#include "render/flight.h"
#include "test.h"

#define GOLDEN "tests/conformance/react-golden/golden/flight/"

typedef struct ctx {
	kit_arena *arena;
	kit_model m;
	kit_buf out;
} ctx;

static void ctx_open(ctx *c)
{
	c->arena = kit_arena_new(4096);
	kit_model_init(&c->m, c->arena);
	kit_buf_init(&c->out);
}

static void ctx_close(ctx *c)
{
	kit_model_clear(&c->m);
	kit_arena_free(c->arena);
	kit_buf_free(&c->out);
}

/* Row ids of a payload in file order (hint rows skipped); returns the count. */
static size_t row_order(const char *p, size_t len, unsigned *ids, size_t max)
{
	size_t n = 0;
	const char *end = p + len;
	while (p < end && n < max) {
		unsigned id = 0;
		int digits = 0;
		while (p < end && *p != ':') {
			id = id * 16 + (unsigned)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
			p++;
			digits++;
		}
		p++;
		if (p < end && *p == 'T') {
			size_t tl = strtoul(p + 1, NULL, 16);
			p = strchr(p, ',') + 1 + tl;
		} else {
			p = memchr(p, '\n', (size_t)(end - p));
			p = p ? p + 1 : end;
		}
		if (digits)
			ids[n++] = id;
	}
	return n;
}

/* Parses a golden file and writes its rows back in file order. */
static char *reencode(const char *name, char *err, size_t errlen, char **golden, size_t *glen)
{
	char path[256];
	snprintf(path, sizeof path, GOLDEN "%s.flight", name);
	*golden = test_read_file(path, glen);
	if (!*golden) {
		snprintf(err, errlen, "cannot read %.200s", path);
		return NULL;
	}
	ctx c;
	ctx_open(&c);
	char *res = NULL;
	if (kit_flight_parse(&c.m, *golden, *glen, err, errlen) == 0) {
		unsigned ids[64];
		size_t n = row_order(*golden, *glen, ids, 64);
		for (size_t i = 0; i < n; i++)
			kit_flight_write_row(&c.m, kit_model_row(&c.m, ids[i]), &c.out);
		res = strndup(c.out.data ? c.out.data : "", c.out.len);
	}
	ctx_close(&c);
	return res;
}

static void test_golden_exact(void)
{
	/* The cases whose every value the model holds. */
	static const char *cases[] = {
		"01-host-props", "02-text-escapes", "03-array-keys", "04-fragment", "06-client-ref-twice",
		"07-async-component", "08-suspense-slow", "09-error-in-suspense", "11-large-string",
		"14-plain-values",
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char name[96], err[256] = "", *golden = NULL;
		size_t glen = 0;
		snprintf(name, sizeof name, "golden flight %s re-encodes byte for byte", cases[i]);
		char *got = reencode(cases[i], err, sizeof err, &golden, &glen);
		if (!got)
			TEST_FAIL(name, "%s", err);
		else if (strlen(got) != glen || memcmp(got, golden, glen) != 0)
			TEST_FAIL(name, "\n  got:  %s\n  want: %s", got, golden);
		else
			TEST_PASS(name);
		free(got);
		free(golden);
	}
}

static void test_golden_semantic(void)
{
	char err[256] = "", *golden = NULL;
	size_t glen;
	/* 12: hint rows are skipped; the model row comes back as written. */
	char *got = reencode("12-hints", err, sizeof err, &golden, &glen);
	CHECK_STR("golden flight 12-hints: H rows skipped, row 0 identical", got,
		  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"img\",null,{\"src\":\"/hero.png\",\"alt\":\"hero\"}]}]\n");
	free(got);
	free(golden);
	/* 13: React dedupes the repeated element with a path reference
	 * ("$0:props:children:0"); the model holds the element itself, so the
	 * writer repeats it: same tree for the client, not the same bytes. */
	got = reencode("13-dedupe-element", err, sizeof err, &golden, &glen);
	CHECK_STR("golden flight 13-dedupe-element: path reference resolved to the element", got,
		  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"b\",null,{\"children\":\"same\"}],"
		  "[\"$\",\"b\",null,{\"children\":\"same\"}]]}]\n");
	free(got);
	free(golden);
}

static void test_golden_unsupported(void)
{
	static const struct {
		const char *name, *msg;
	} cases[] = {
		{ "05-client-ref-props", "row 5: binary rows (tag o) are not supported" },
		{ "15-streams-and-misc", "row 1: rows with tag R are not supported" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char path[256], name[128], err[256] = "";
		size_t len;
		snprintf(path, sizeof path, GOLDEN "%s.flight", cases[i].name);
		snprintf(name, sizeof name, "golden flight %s: refused with a message naming the row", cases[i].name);
		char *data = test_read_file(path, &len);
		ctx c;
		ctx_open(&c);
		int rc = data ? kit_flight_parse(&c.m, data, len, err, sizeof err) : 0;
		if (rc == -1 && strcmp(err, cases[i].msg) == 0)
			TEST_PASS(name);
		else
			TEST_FAIL(name, "rc %d, message \"%s\", want \"%s\"", rc, err, cases[i].msg);
		ctx_close(&c);
		free(data);
	}
}

/* React's own "$h" rows (docs/actions.md §2): a server reference parses to a
 * SERVER_REF whose outlined row names the action; written again it is the
 * same "$h<row>" with the row before it. */
static void test_golden_server_reference(void)
{
	const char *name = "golden flight 10-server-action-prop: $h references parse and write back";
	char path[256], err[256] = "";
	size_t len;
	snprintf(path, sizeof path, GOLDEN "10-server-action-prop.flight");
	char *data = test_read_file(path, &len);
	ctx c;
	ctx_open(&c);
	int rc = data ? kit_flight_parse(&c.m, data, len, err, sizeof err) : -1;
	const kit_value *root = rc == 0 ? kit_v_deref(kit_model_row(&c.m, 0)->value) : NULL;
	const kit_value *kids = root ? kit_v_get(root, "children") : NULL;
	const kit_value *form = kids && kids->kind == KIT_ARRAY && kids->u.arr.len == 2 ? kids->u.arr.items[1] : NULL;
	const kit_value *action = form && form->kind == KIT_ELEMENT ? kit_v_get(form, "action") : NULL;
	const char *id = kit_v_server_ref_id(action);
	if (rc != 0)
		TEST_FAIL(name, "parse failed: %s", err);
	else if (!id || strcmp(id, "actions/like.js#like") != 0)
		TEST_FAIL(name, "the form's action is not the server reference actions/like.js#like (got %s)", id ? id : "none");
	else
		TEST_PASS(name);
	ctx_close(&c);
	free(data);

	/* a model built by hand: the outlined row comes first, once */
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *r0 = kit_model_new_row(m);
	kit_value *ref = kit_v_server_ref(m, "abc#save", 8);
	kit_value *f = kit_v_element(m, kit_v_cstring(m, "form"), NULL, 2);
	kit_v_set_prop(m, &f->u.elem.props[0], "action", ref);
	kit_v_set_prop(m, &f->u.elem.props[1], "formAction", ref);
	kit_row_resolve(m, r0, f);
	kit_flight_write_row(m, ref->u.lazy, &c.out);
	kit_flight_write_row(m, r0, &c.out);
	char *got = strndup(c.out.data, c.out.len);
	CHECK_STR("flight: a server reference is an outlined {id,bound} row and $h", got,
		  "1:{\"id\":\"abc#save\",\"bound\":null}\n"
		  "0:[\"$\",\"form\",null,{\"action\":\"$h1\",\"formAction\":\"$h1\"}]\n");
	free(got);
	ctx_close(&c);
}

static kit_value *el(ctx *c, const char *tag, kit_value *key, size_t nprops)
{
	return kit_v_element(&c->m, kit_v_cstring(&c->m, tag), key, nprops);
}

static void test_escaping_and_specials(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m);
	kit_value *e = el(&c, "p", kit_v_cstring(m, "$k"), 2);
	kit_v_set_prop(m, &e->u.elem.props[0], "title", kit_v_cstring(m, "$"));
	kit_value *kids = kit_v_array(m, 14);
	kit_value **k = kids->u.arr.items;
	k[0] = kit_v_cstring(m, "$1 $$ $");
	k[1] = kit_v_string(m, "q\" b\\ \n\t\x01\x1f \xe2\x80\xa8 \x00!", 17);
	k[2] = kit_v_undefined(m);
	k[3] = kit_v_number(m, NAN);
	k[4] = kit_v_number(m, INFINITY);
	k[5] = kit_v_number(m, -INFINITY);
	k[6] = kit_v_number(m, -0.0);
	k[7] = kit_v_number(m, 1e21);
	k[8] = kit_v_number(m, 0.1);
	k[9] = kit_v_symbol(m, "react.suspense");
	k[10] = kit_v_cstring(m, "12345678901234567890");
	k[10]->kind = KIT_BIGINT;
	k[11] = kit_v_cstring(m, "2024-01-02T03:04:05.006Z");
	k[11]->kind = KIT_DATE;
	k[12] = kit_v_null(m);
	k[13] = kit_v_bool(m, 1);
	kit_v_set_prop(m, &e->u.elem.props[1], "children", kids);
	kit_row_resolve(m, root, e);
	size_t n = kit_flight_write_ready(m, &c.out);
	CHECK("specials: one row", n == 1);
	CHECK_STR("specials: $-escaping, JSON escaping, special values",
		  kit_buf_cstr(&c.out),
		  "0:[\"$\",\"p\",\"$$k\",{\"title\":\"$$\",\"children\":[\"$$1 $$ $\","
		  "\"q\\\" b\\\\ \\n\\t\\u0001\\u001f \xe2\x80\xa8 \\u0000!\",\"$undefined\",\"$NaN\","
		  "\"$Infinity\",\"$-Infinity\",\"$-0\",1e+21,0.1,\"$Sreact.suspense\","
		  "\"$n12345678901234567890\",\"$D2024-01-02T03:04:05.006Z\",null,true]}]\n");
	kit_buf_reset(&c.out);
	CHECK("specials: nothing left to write", kit_flight_write_ready(m, &c.out) == 0 && c.out.len == 0);
	ctx_close(&c);
}

static void test_lazy_rows(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m), *ready = kit_model_new_row(m),
		*slow = kit_model_new_row(m), *bad = kit_model_new_row(m);
	kit_value *main_el = el(&c, "main", NULL, 1);
	kit_value *kids = kit_v_array(m, 3);
	kids->u.arr.items[0] = kit_v_lazy(m, ready);
	kids->u.arr.items[1] = kit_v_lazy(m, slow);
	kids->u.arr.items[2] = kit_v_lazy(m, bad);
	kit_v_set_prop(m, &main_el->u.elem.props[0], "children", kids);
	kit_value *p = el(&c, "p", NULL, 1);
	kit_v_set_prop(m, &p->u.elem.props[0], "children", kit_v_cstring(m, "early"));
	kit_row_resolve(m, root, main_el);
	kit_row_resolve(m, ready, p);
	size_t n = kit_flight_write_ready(m, &c.out);
	CHECK_STR("lazy: a READY row is inlined, a pending one is $L<id>", kit_buf_cstr(&c.out),
		  "0:[\"$\",\"main\",null,{\"children\":[[\"$\",\"p\",null,{\"children\":\"early\"}],\"$L2\",\"$L3\"]}]\n");
	CHECK("lazy: the inlined row is not written again", n == 1 && ready->inlined && !ready->written);
	kit_buf_reset(&c.out);
	kit_value *sec = el(&c, "section", NULL, 1);
	kit_v_set_prop(m, &sec->u.elem.props[0], "children", kit_v_cstring(m, "late"));
	kit_row_reject(m, bad, "digest \"1\"");
	kit_row_resolve(m, slow, sec);
	n = kit_flight_write_ready(m, &c.out);
	CHECK_STR("lazy: later rows in completion order, E row with the digest only", kit_buf_cstr(&c.out),
		  "3:E{\"digest\":\"digest \\\"1\\\"\"}\n2:[\"$\",\"section\",null,{\"children\":\"late\"}]\n");
	CHECK("lazy: two rows written", n == 2);
	ctx_close(&c);
}

/* A promise passed to a client component: "$@<id>", never inlined; a settled
 * one's row goes first, a pending one's row (value or E) follows. */
static void test_promise_rows(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m), *done = kit_model_new_row(m), *later = kit_model_new_row(m),
		*bad = kit_model_new_row(m);
	kit_value *props = kit_v_object(m, 3);
	kit_v_set_prop(m, &props->u.obj.props[0], "a", kit_v_promise(m, done));
	kit_v_set_prop(m, &props->u.obj.props[1], "b", kit_v_promise(m, later));
	kit_v_set_prop(m, &props->u.obj.props[2], "c", kit_v_promise(m, bad));
	kit_row_resolve(m, done, kit_v_cstring(m, "now"));
	kit_row_resolve(m, root, props);
	size_t n = kit_flight_write_ready(m, &c.out);
	CHECK_STR("promise: a settled one is a row of its own, written first", kit_buf_cstr(&c.out),
		  "1:\"now\"\n0:{\"a\":\"$@1\",\"b\":\"$@2\",\"c\":\"$@3\"}\n");
	CHECK("promise: two rows written", n == 2 && done->written && !done->inlined);
	kit_buf_reset(&c.out);
	kit_row_reject(m, bad, "d1");
	kit_row_resolve(m, later, kit_v_number(m, 7));
	kit_flight_write_ready(m, &c.out);
	CHECK_STR("promise: later rows as they settle, a rejection as an E row", kit_buf_cstr(&c.out),
		  "3:E{\"digest\":\"d1\"}\n2:7\n");
	ctx_close(&c);
}

static void test_client_refs_and_hex(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m);
	/* Push the id counter past 9 so ids need hex digits. */
	for (int i = 0; i < 25; i++)
		kit_model_new_row(m);
	static const char *chunks[] = { "c1", "/static/c1.js" };
	kit_client_ref ref = { .module_id = "c1", .chunks = chunks, .nchunks = 2, .export_name = "Counter" };
	kit_value *div = el(&c, "div", NULL, 1);
	kit_value *kids = kit_v_array(m, 2);
	for (int i = 0; i < 2; i++) {
		kit_value *ce = kit_v_element(m, kit_v_client_ref(m, &ref), NULL, 1);
		kit_v_set_prop(m, &ce->u.elem.props[0], "as", i ? kit_v_client_ref(m, &ref) : kit_v_number(m, i));
		kids->u.arr.items[i] = ce;
	}
	kit_v_set_prop(m, &div->u.elem.props[0], "children", kids);
	kit_row_resolve(m, root, div);
	size_t n = kit_flight_write_ready(m, &c.out);
	CHECK_STR("client ref: one I row before its first use, lowercase hex, $L in the type slot, $ elsewhere",
		  kit_buf_cstr(&c.out),
		  "1a:I[\"c1\",[\"c1\",\"/static/c1.js\"],\"Counter\"]\n"
		  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"$L1a\",null,{\"as\":0}],[\"$\",\"$L1a\",null,{\"as\":\"$1a\"}]]}]\n");
	CHECK("client ref: two rows counted", n == 2);

	/* kit_flight_write_value: the I row of a new reference is queued instead. */
	kit_buf_reset(&c.out);
	kit_client_ref ref2 = { .module_id = "w2", .export_name = "default" };
	kit_buf val;
	kit_buf_init(&val);
	kit_flight_write_value(m, kit_v_element(m, kit_v_client_ref(m, &ref2), NULL, 0), &val);
	CHECK_STR("write_value: element with a new client ref", kit_buf_cstr(&val), "[\"$\",\"$L1b\",null,{}]");
	kit_flight_write_ready(m, &c.out);
	CHECK_STR("write_value: its I row follows with write_ready", kit_buf_cstr(&c.out), "1b:I[\"w2\",[],\"default\"]\n");
	kit_buf_free(&val);
	ctx_close(&c);
}

static void test_text_rows(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m);
	char big[2049];
	memset(big, 'x', 1024);
	kit_value *arr = kit_v_array(m, 4);
	arr->u.arr.items[0] = kit_v_string(m, big, 1023);
	arr->u.arr.items[1] = kit_v_string(m, big, 1024);
	/* 1023 two-byte characters: 2046 bytes but 1023 UTF-16 units, stays inline;
	 * 1024 of them go to a T row whose length counts bytes (0x800). */
	for (int i = 0; i < 1024; i++)
		memcpy(big + 2 * i, "\xc3\xa9", 2);
	arr->u.arr.items[2] = kit_v_string(m, big, 2046);
	arr->u.arr.items[3] = kit_v_string(m, big, 2048);
	kit_row_resolve(m, root, arr);
	kit_flight_write_ready(m, &c.out);
	kit_buf want;
	kit_buf_init(&want);
	kit_buf_puts(&want, "1:T400,");
	for (int i = 0; i < 1024; i++)
		kit_buf_putc(&want, 'x');
	kit_buf_puts(&want, "2:T800,");
	kit_buf_put(&want, big, 2048);
	kit_buf_puts(&want, "0:[\"");
	for (int i = 0; i < 1023; i++)
		kit_buf_putc(&want, 'x');
	kit_buf_puts(&want, "\",\"$1\",\"");
	kit_buf_put(&want, big, 2046);
	kit_buf_puts(&want, "\",\"$2\"]\n");
	CHECK("T rows: strings of 1024+ UTF-16 units outlined, byte length in hex, no newline",
	      c.out.len == want.len && memcmp(c.out.data, want.data, want.len) == 0);
	kit_buf_free(&want);
	ctx_close(&c);
}

static void test_map_set(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	kit_row *root = kit_model_new_row(m);
	kit_value *set_items = kit_v_array(m, 1);
	set_items->u.arr.items[0] = kit_v_number(m, 2);
	kit_value *set = kit_v_set(m, set_items);
	kit_value *entry = kit_v_array(m, 2);
	entry->u.arr.items[0] = kit_v_number(m, 1);
	entry->u.arr.items[1] = set;
	kit_value *entries = kit_v_array(m, 1);
	entries->u.arr.items[0] = entry;
	kit_value *obj = kit_v_object(m, 1);
	kit_v_set_prop(m, &obj->u.obj.props[0], "nested", kit_v_map(m, entries));
	kit_row_resolve(m, root, obj);
	kit_flight_write_ready(m, &c.out);
	CHECK_STR("Map/Set: entries rows before their use, $Q/$W references", kit_buf_cstr(&c.out),
		  "1:[2]\n2:[[1,\"$W1\"]]\n0:{\"nested\":\"$Q2\"}\n");
	ctx_close(&c);
}

static void test_parse_model(void)
{
	ctx c;
	ctx_open(&c);
	char err[256];
	static const char payload[] =
		"2:I[\"c1\",[\"c1\",\"/c1.js\"],\"Counter\"]\n"
		"0:[\"$\",\"div\",\"$$k\",{\"children\":[[\"$\",\"$L2\",null,{\"as\":\"$2\"}],\"$L1\",\"$@3\",\"$Sreact.suspense\","
		"\"$$x\",\"$undefined\",\"$-0\",\"$NaN\",\"$-Infinity\",\"$n-12\",\"$D2020\",\"$Q4\",\"$L1f\"]}]\n"
		"3:E{\"digest\":\"d9\"}\n"
		"1:T3,a\nb"
		"4:[[\"k\",\"$L1\"]]\n";
	int rc = kit_flight_parse(&c.m, payload, sizeof payload - 1, err, sizeof err);
	CHECK("parse: hand-written payload", rc == 0);
	if (rc == 0) {
		const kit_value *root = kit_model_row(&c.m, 0)->value;
		const kit_value *kids = kit_v_get(root, "children");
		kit_value **k = kids->u.arr.items;
		CHECK("parse: element key unescaped", root->u.elem.key && strcmp(root->u.elem.key->u.str.ptr, "$k") == 0);
		CHECK("parse: $L<I row> in the type slot is a client ref",
		      k[0]->u.elem.type->kind == KIT_CLIENT_REF &&
		      strcmp(k[0]->u.elem.type->u.ref->export_name, "Counter") == 0 &&
		      k[0]->u.elem.type->u.ref->nchunks == 2);
		CHECK("parse: $<I row> as a prop is a client ref", kit_v_get(k[0], "as")->kind == KIT_CLIENT_REF);
		CHECK("parse: T row is a string of its byte length",
		      k[1]->kind == KIT_LAZY && kit_v_deref(k[1])->u.str.len == 3 &&
		      memcmp(kit_v_deref(k[1])->u.str.ptr, "a\nb", 3) == 0);
		CHECK("parse: $@ is a promise of an errored row",
		      k[2]->kind == KIT_PROMISE && k[2]->u.lazy->state == KIT_ROW_ERROR &&
		      strcmp(k[2]->u.lazy->digest, "d9") == 0);
		CHECK("parse: symbol", kit_v_is_symbol(k[3], "react.suspense"));
		CHECK("parse: $$ unescaped", k[4]->kind == KIT_STRING && strcmp(k[4]->u.str.ptr, "$x") == 0);
		CHECK("parse: $undefined", k[5]->kind == KIT_UNDEFINED);
		CHECK("parse: $-0", k[6]->kind == KIT_NUMBER && k[6]->u.number == 0 && signbit(k[6]->u.number));
		CHECK("parse: $NaN", k[7]->kind == KIT_NUMBER && isnan(k[7]->u.number));
		CHECK("parse: $-Infinity", k[8]->kind == KIT_NUMBER && isinf(k[8]->u.number) && k[8]->u.number < 0);
		CHECK("parse: BigInt", k[9]->kind == KIT_BIGINT && strcmp(k[9]->u.str.ptr, "-12") == 0);
		CHECK("parse: Date", k[10]->kind == KIT_DATE && strcmp(k[10]->u.str.ptr, "2020") == 0);
		CHECK("parse: Map", k[11]->kind == KIT_MAP && k[11]->u.lazy->id == 4);
		CHECK("parse: forward reference to a missing row stays pending",
		      k[12]->kind == KIT_LAZY && k[12]->u.lazy->id == 0x1f && k[12]->u.lazy->state == KIT_ROW_PENDING);
		kit_flight_write_row(&c.m, kit_model_row(&c.m, 0), &c.out);
		CHECK_STR("parse: written rows are referenced, not inlined; $@ stays $@", kit_buf_cstr(&c.out),
			  "0:[\"$\",\"div\",\"$$k\",{\"children\":[[\"$\",\"$L2\",null,{\"as\":\"$2\"}],\"$1\",\"$@3\",\"$Sreact.suspense\","
			  "\"$$x\",\"$undefined\",\"$-0\",\"$NaN\",\"$-Infinity\",\"$n-12\",\"$D2020\",\"$Q4\",\"$L1f\"]}]\n");
	} else {
		printf("# %s\n", err);
	}
	ctx_close(&c);
}

/* A development build's element: React's development shape, with each
 * element's validated flag (docs/dev.md §2); parsed back, the flag stays. */
static void test_dev_elements(void)
{
	ctx c;
	ctx_open(&c);
	kit_model *m = &c.m;
	m->dev = 1;
	kit_row *root = kit_model_new_row(m);
	kit_value *ul = el(&c, "ul", NULL, 1);
	kit_value *kids = kit_v_array(m, 3);
	kids->u.arr.items[0] = el(&c, "li", NULL, 0);
	kids->u.arr.items[0]->validated = 2;
	kids->u.arr.items[1] = el(&c, "li", kit_v_cstring(m, "k"), 0);
	kids->u.arr.items[2] = el(&c, "li", NULL, 0);
	kids->u.arr.items[2]->validated = 1;
	kit_v_set_prop(m, &ul->u.elem.props[0], "children", kids);
	kit_row_resolve(m, root, ul);
	kit_flight_write_ready(m, &c.out);
	static const char want[] =
		"0:[\"$\",\"ul\",null,{\"children\":[[\"$\",\"li\",null,{},null,null,2],"
		"[\"$\",\"li\",\"k\",{},null,null,0],[\"$\",\"li\",null,{},null,null,1]]},null,null,0]\n";
	CHECK_STR("dev: elements as [\"$\", type, key, props, owner, stack, validated]", kit_buf_cstr(&c.out), want);
	ctx_close(&c);

	ctx_open(&c);
	char err[256];
	int rc = kit_flight_parse(&c.m, want, sizeof want - 1, err, sizeof err);
	CHECK("dev: the development shape parses", rc == 0);
	if (rc == 0) {
		const kit_value *k = kit_v_get(kit_model_row(&c.m, 0)->value, "children");
		CHECK("dev: validated read back", k->u.arr.items[0]->validated == 2 && k->u.arr.items[1]->validated == 0 &&
		      k->u.arr.items[2]->validated == 1);
		kit_flight_write_row(&c.m, kit_model_row(&c.m, 0), &c.out);
		CHECK_STR("dev: a production model writes the production shape", kit_buf_cstr(&c.out),
			  "0:[\"$\",\"ul\",null,{\"children\":[[\"$\",\"li\",null,{}],[\"$\",\"li\",\"k\",{}],"
			  "[\"$\",\"li\",null,{}]]}]\n");
	} else {
		printf("# %s\n", err);
	}
	ctx_close(&c);
}

static void test_parse_errors(void)
{
	static const struct {
		const char *in, *msg;
	} cases[] = {
		{ "0:[1,2\n", "row 0: line 1, column 5: expected ',' or ']' after an array item, found end of input" },
		{ "0:[1]", "row 0: no newline at the end of the row (truncated payload?)" },
		{ "0:", "row 0: empty row at the end of the payload" },
		{ "0:[\"$\",\"div\",null]\n", "row 0: element tuple with 3 slots (expected [\"$\", type, key, props])" },
		{ "0:[\"$\",\"div\",null,[]]\n", "row 0: element props must be an object" },
		{ "0:[\"$\",\"$n1\",null,{}]\n", "row 0: element type \"$n1\" is not a tag, a symbol or a client reference" },
		{ "0:\"$L\"\n", "row 0: malformed reference \"$L\"" },
		{ "0:\"$Lzz\"\n", "row 0: malformed reference \"$Lzz\"" },
		{ "0:\"$Lfffffff\"\n", "row 0: reference \"$Lfffffff\" names a row id out of range" },
		{ "0:\"$nx\"\n", "row 0: malformed BigInt \"$nx\"" },
		{ "0:\"$\"\n", "row 0: a bare \"$\" outside an element tuple" },
		{ "0:1\n0:2\n", "row 0: defined twice" },
		{ "0:T10,abc", "row 0: T row of 16 bytes but only 3 remain" },
		{ "0:Tq,abc", "row 0: malformed T row header (expected T<hex length>,)" },
		{ "1A:1\n", "byte 0: expected a row \"<lowercase hex id>:\"" },
		{ "hello", "byte 0: expected a row \"<lowercase hex id>:\"" },
		{ "0:D{}\n", "row 0: development row (tag D) in a production payload" },
		{ "0:{\"a\":\"$0:b\"}\n", "row 0: reference \"$0:b\" does not resolve" },
		{ "0:{\"a\":\"$0:a\"}\n", "path references point at each other in a cycle" },
		{ "1:\"$1\"\n0:[\"\",\"$1:\"]\n", "row 0: reference \"$1:\" does not resolve" },
		{ "0:\"$Q1\"\n1:{}\n", "row 0: Map row 1 is missing or not an array" },
		{ "0:\"$Q1\"\n1:[1]\n", "row 1: Map entries must be [key, value] pairs" },
		{ "0:I[1]\n", "row 0: I row must be [moduleId, [chunkId, chunkFile, ...], exportName]" },
		{ "0:E[]\n", "row 0: E row must be {\"digest\": \"...\"}" },
		{ "fffffffffffffffff:1\n", "byte 0: row id too large" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		ctx c;
		ctx_open(&c);
		char err[256] = "", name[128];
		snprintf(name, sizeof name, "parse error %zu: %.60s", i, cases[i].msg);
		int rc = kit_flight_parse(&c.m, cases[i].in, strlen(cases[i].in), err, sizeof err);
		if (rc == -1 && strcmp(err, cases[i].msg) == 0)
			TEST_PASS(name);
		else
			TEST_FAIL(name, "rc %d, message \"%s\"", rc, err);
		ctx_close(&c);
	}
}

/* Every prefix of every golden payload, and every payload with one byte
 * changed to each of a few troublesome values: parse must return 0 or -1
 * (with a message), never crash (run under ASan/UBSan in CI). */
static void test_parse_never_crashes(void)
{
	static const char *names[] = {
		"01-host-props", "02-text-escapes", "04-fragment", "05-client-ref-props", "06-client-ref-twice",
		"08-suspense-slow", "09-error-in-suspense", "10-server-action-prop", "13-dedupe-element",
		"14-plain-values", "15-streams-and-misc",
	};
	static const char mutations[] = { '\0', '\n', ':', '"', '$', '[', '{', 'T', 'L', '\\' };
	size_t runs = 0, bad_messages = 0;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		char path[256];
		size_t len;
		snprintf(path, sizeof path, GOLDEN "%s.flight", names[i]);
		char *data = test_read_file(path, &len);
		if (!data)
			continue;
		char *copy = malloc(len + 1);
		for (size_t cut = 0; cut <= len; cut++) {
			for (size_t mu = 0; mu <= sizeof mutations; mu++) {
				memcpy(copy, data, len);
				size_t n = cut;
				if (mu < sizeof mutations) {
					if (cut == len)
						continue;
					copy[cut] = mutations[mu];
					n = len;
				}
				ctx c;
				ctx_open(&c);
				char err[256] = "";
				if (kit_flight_parse(&c.m, copy, n, err, sizeof err) < 0 && !err[0])
					bad_messages++;
				runs++;
				ctx_close(&c);
			}
		}
		free(copy);
		free(data);
	}
	CHECK("parse: truncated and mutated goldens never crash, failures carry a message",
	      runs > 1000 && bad_messages == 0);
}

int main(void)
{
	test_golden_exact();
	test_golden_semantic();
	test_golden_unsupported();
	test_golden_server_reference();
	test_escaping_and_specials();
	test_lazy_rows();
	test_promise_rows();
	test_client_refs_and_hex();
	test_text_rows();
	test_map_set();
	test_parse_model();
	test_dev_elements();
	test_parse_errors();
	test_parse_never_crashes();
	TEST_EXIT();
}
