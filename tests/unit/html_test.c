/* html_test.c — the Fizz-compatible HTML encoder (render/html*.c).
 *
 * 1. The golden corpus React 19.3 wrote (tests/conformance/react-golden/
 *    golden/html): each case of its cases-html.jsx is rebuilt as the Flight
 *    payload a server component would send (functions such as onClick cannot
 *    cross Flight, so they are left out) and must render byte for byte.
 *    Pending cases compare the shell here; their streamed writes are
 *    checked by 4.
 * 2. tests/unit/html_cases.txt: more payloads, each with the HTML React
 *    itself rendered for it (html_cases.mjs) or the error expected.
 * 3. The API around it: documents and kit_html_finish, client components
 *    through render_client, the escaping helpers.
 * 4. tests/unit/html_stream_cases.txt: streamed boundaries — the shell, then
 *    rows resolved or rejected step by step, each kit_html_write_completions /
 *    kit_html_abort_pending write checked, against the golden writes where
 *    Fizz has the case, and the document once the scripts ran (simulated on
 *    the text by run_scripts: what our runtime, and React's, do to the DOM). */
#include "render/arena.h"
#include "render/flight.h"
#include "render/html.h"
#include "render/html_impl.h"
#include "render/json.h"
#include "test.h"

#define GOLDEN "tests/conformance/react-golden/golden/html/"

typedef struct rendered {
	int rc, document;
	int client_caught;  /* kit_html_client_caught after the write */
	char *html;   /* kit_html_write output, then kit_html_finish's */
	char err[512];
} rendered;

static kit_value *client_stub(void *ctx, kit_model *m, const kit_value *el, unsigned tree_id,
			      const char *tree_overflow, int scope)
{
	(void)ctx;
	kit_value *b = kit_v_element(m, kit_v_cstring(m, "button"), NULL, 1);
	const kit_value *n = kit_v_get(el, "n");
	kit_value *kids = kit_v_array(m, 2);
	kids->u.arr.items[0] = kit_v_cstring(m, "Clicks: ");
	kids->u.arr.items[1] = (kit_value *)n;
	kit_v_set_prop(m, &b->u.elem.props[0], "children", kids);
	return b;
}

static rendered render_payload(const char *payload, size_t len, kit_html_client_fn client)
{
	rendered r = { 0 };
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	kit_buf out;
	kit_buf_init(&out);
	if (kit_flight_parse(&m, payload, len, r.err, sizeof r.err) < 0) {
		r.rc = -2;
	} else {
		kit_html_opts opts = { .render_client = client };
		kit_html *h = kit_html_new(&m, &opts);
		/* The root as a lazy to row 0, so that a missing row 0 is "pending". */
		kit_row *root = kit_model_row(&m, 0);
		r.rc = root ? kit_html_write(h, kit_v_lazy(&m, root), &out) : -3;
		snprintf(r.err, sizeof r.err, "%s", root ? kit_html_error(h) : "the payload has no row 0");
		r.document = kit_html_is_document(h);
		r.client_caught = kit_html_client_caught(h);
		kit_html_finish(h, &out);
		kit_html_free(h);
	}
	r.html = strndup(out.data ? out.data : "", out.len);
	kit_buf_free(&out);
	kit_model_clear(&m);
	kit_arena_free(a);
	return r;
}

static char *golden(const char *name)
{
	char path[256];
	snprintf(path, sizeof path, GOLDEN "%s.html", name);
	return test_read_file(path, NULL);
}

/* Golden cases rendered whole. */
static const struct {
	const char *name, *payload;
} exact_cases[] = {
	{ "01-text-adjacent",
	  "0:[\"$\",\"div\",null,{\"children\":[\"a\",\"b\",1,\"$n2\",[\"$\",\"b\",null,{}],\"c\",\"\",\"d\",null,\"e\",false,"
	  "[\"f\",\"g\"]]}]\n" },
	{ "02-escaping",
	  "0:[\"$\",\"div\",null,{\"title\":\"<\\\"&'>\",\"data-x\":\"a'b\",\"children\":\"<script>&\\\"'></script>\"}]\n" },
	{ "03-attributes",
	  "0:[\"$\",\"div\",null,{\"className\":\"c\",\"tabIndex\":-1,\"hidden\":true,\"data-b\":true,\"data-n\":null,"
	  "\"aria-hidden\":false,\"title\":\"$undefined\",\"id\":\"x\",\"suppressHydrationWarning\":true,\"accessKey\":\"k\","
	  "\"contentEditable\":true,\"draggable\":false,\"spellCheck\":true,\"autoCapitalize\":\"off\",\"translate\":\"no\","
	  "\"unknownAttr\":\"u\",\"unknownbool\":true,\"inert\":true,\"children\":["
	  "[\"$\",\"label\",null,{\"htmlFor\":\"i\",\"children\":\"L\"}],"
	  "[\"$\",\"input\",null,{\"id\":\"i\",\"type\":\"checkbox\",\"readOnly\":true,\"defaultChecked\":true,"
	  "\"disabled\":false,\"autoFocus\":true,\"maxLength\":3}],"
	  "[\"$\",\"input\",null,{\"type\":\"text\",\"defaultValue\":\"dv\",\"placeholder\":\"p\"}],"
	  "[\"$\",\"input\",null,{\"type\":\"text\",\"value\":\"cv\"}],"
	  "[\"$\",\"textarea\",null,{\"defaultValue\":\"ta<\"}],"
	  "[\"$\",\"select\",null,{\"defaultValue\":\"b\",\"children\":[[\"$\",\"option\",null,{\"value\":\"a\","
	  "\"children\":\"A\"}],[\"$\",\"option\",null,{\"value\":\"b\",\"children\":\"B\"}]]}],"
	  "[\"$\",\"img\",null,{\"src\":\"/a.png\",\"alt\":\"\",\"srcSet\":\"/a.png 1x\",\"crossOrigin\":\"anonymous\"}],"
	  "[\"$\",\"svg\",null,{\"viewBox\":\"0 0 1 1\",\"xmlnsXlink\":\"http://www.w3.org/1999/xlink\",\"children\":"
	  "[\"$\",\"use\",null,{\"xlinkHref\":\"#s\",\"strokeWidth\":2}]}],"
	  "[\"$\",\"a\",null,{\"href\":\"javascript:alert(1)\",\"children\":\"js-url\"}],"
	  "[\"$\",\"button\",null,{\"formAction\":\"/x\",\"type\":\"submit\",\"children\":\"b\"}]]}]\n" },
	{ "04-style",
	  "0:[\"$\",\"div\",null,{\"style\":{\"color\":\"red\",\"fontSize\":12,\"lineHeight\":1.5,\"opacity\":0,\"zIndex\":3,"
	  "\"flex\":1,\"marginTop\":0,\"width\":\"50%\",\"WebkitTransition\":\"x\",\"msTransform\":\"y\",\"MozBoxSizing\":\"z\","
	  "\"--Custom-Prop\":4,\"backgroundImage\":\"url(\\\"a b.png\\\")\",\"display\":null,\"border\":\"$undefined\","
	  "\"padding\":\"\",\"content\":\"\\\"<&>\\\"\",\"gridArea\":2}}]\n" },
	{ "05-void-elements",
	  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"br\",null,{}],[\"$\",\"hr\",null,{}],[\"$\",\"img\",null,{\"src\":\"i\"}],"
	  "[\"$\",\"input\",null,{}],[\"$\",\"meta\",null,{\"name\":\"m\",\"content\":\"c\"}],"
	  "[\"$\",\"link\",null,{\"rel\":\"x\",\"href\":\"h\"}],[\"$\",\"wbr\",null,{}],[\"$\",\"area\",null,{}],"
	  "[\"$\",\"col\",null,{}],[\"$\",\"embed\",null,{}],[\"$\",\"source\",null,{}],[\"$\",\"track\",null,{}]]}]\n" },
	{ "06-dangerous-html",
	  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"span\",null,{\"dangerouslySetInnerHTML\":{\"__html\":"
	  "\"<b>raw & unescaped</b>\"}}],[\"$\",\"script\",null,{\"dangerouslySetInnerHTML\":{\"__html\":"
	  "\"if (a < b && c) {}\"}}],[\"$\",\"style\",null,{\"children\":\"a > b { color: red } </style>\"}]]}]\n" },
	{ "07-fragments-arrays",
	  "1:\"$Sreact.fragment\"\n"
	  "0:[\"$\",\"ul\",null,{\"children\":[[[\"$\",\"li\",\"x\",{\"children\":\"x\"}],[\"$\",\"li\",\"y\",{\"children\":\"y\"}]],"
	  "[\"$\",\"$1\",\"f\",{\"children\":\"z\"}]]}]\n" },
	{ "08-suspense-ready",
	  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"i\",null,"
	  "{\"children\":\"fb\"}],\"children\":[\"$\",\"p\",null,{\"children\":\"ready\"}]}],[\"$\",\"$Sreact.suspense\",null,"
	  "{\"fallback\":\"x\",\"children\":[\"t1\",\"t2\"]}]]}]\n" },
	{ "12-suspense-error-sync",
	  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"i\",null,"
	  "{\"children\":\"err-fb\"}],\"children\":\"$L1\"}]}]\n1:E{\"digest\":\"dgst-1\"}\n" },
	{ "12b-suspense-error-empty-digest",
	  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"i\",null,"
	  "{\"children\":\"client-only\"}],\"children\":\"$L1\"}]}]\n1:E{\"digest\":\"\"}\n" },
	{ "17-form-and-misc",
	  "0:[\"$\",\"form\",null,{\"action\":\"/submit\",\"method\":\"post\",\"children\":[[\"$\",\"input\",null,"
	  "{\"type\":\"checkbox\",\"checked\":true}],[\"$\",\"select\",null,{\"value\":\"2\",\"children\":[[\"$\",\"option\","
	  "null,{\"value\":\"1\",\"children\":\"one\"}],[\"$\",\"option\",null,{\"value\":\"2\",\"children\":\"two\"}]]}],"
	  "[\"$\",\"textarea\",null,{\"value\":\"v\"}],[\"$\",\"button\",null,{\"type\":\"submit\",\"disabled\":true,"
	  "\"children\":\"go\"}]]}]\n" },
};

/* Golden cases with a boundary still pending: the shell is compared, up to
 * the first <script> (Fizz's $RT timing script and the completions). */
static const struct {
	const char *name, *payload;
} shell_cases[] = {
	{ "09-suspense-pending",
	  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"i\",null,"
	  "{\"children\":\"loading\"}],\"children\":\"$L1\"}]}]\n" },
	{ "10-suspense-two-pending",
	  "0:[\"$\",\"div\",null,{\"children\":[[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"l1\",\"children\":\"$L1\"}],"
	  "[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"l2\",\"children\":\"$L2\"}]]}]\n" },
	{ "11-suspense-nested",
	  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"outer-fb\",\"children\":"
	  "[\"$L1\",[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"inner-fb\",\"children\":\"$L2\"}]]}]}]\n" },
	{ "13-suspense-error-async",
	  "0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"i\",null,"
	  "{\"children\":\"err-fb\"}],\"children\":\"$L1\"}]}]\n" },
	{ "15-document-suspense",
	  "0:[\"$\",\"html\",null,{\"lang\":\"en\",\"children\":[[\"$\",\"head\",null,{\"children\":[[\"$\",\"meta\",null,"
	  "{\"charSet\":\"utf-8\"}],[\"$\",\"title\",null,{\"children\":\"T\"}]]}],[\"$\",\"body\",null,{\"children\":"
	  "[\"$\",\"$Sreact.suspense\",null,{\"fallback\":[\"$\",\"p\",null,{\"children\":\"loading\"}],\"children\":"
	  "\"$L1\"}]}]]}]\n" },
};

static void test_golden(void)
{
	for (size_t i = 0; i < sizeof exact_cases / sizeof *exact_cases; i++) {
		char name[128];
		snprintf(name, sizeof name, "golden html %s", exact_cases[i].name);
		char *want = golden(exact_cases[i].name);
		rendered r = render_payload(exact_cases[i].payload, strlen(exact_cases[i].payload), NULL);
		if (!want)
			TEST_FAIL(name, "cannot read the golden file");
		else if (r.rc != 0)
			TEST_FAIL(name, "rc %d: %s", r.rc, r.err);
		else
			CHECK_STR(name, r.html, want);
		free(want);
		free(r.html);
	}
	for (size_t i = 0; i < sizeof shell_cases / sizeof *shell_cases; i++) {
		char name[128];
		snprintf(name, sizeof name, "golden html %s (the shell)", shell_cases[i].name);
		char *want = golden(shell_cases[i].name);
		char *script = want ? strstr(want, "<script") : NULL;
		rendered r = render_payload(shell_cases[i].payload, strlen(shell_cases[i].payload), NULL);
		if (!script) {
			TEST_FAIL(name, "cannot read the golden file, or it has no <script>");
		} else {
			*script = '\0';
			/* A document's shell is written without its "</body></html>". */
			size_t n = strlen(r.html);
			if (r.document && n >= 14 && strcmp(r.html + n - 14, "</body></html>") == 0)
				r.html[n - 14] = '\0';
			if (r.rc != 0)
				TEST_FAIL(name, "rc %d: %s", r.rc, r.err);
			else
				CHECK_STR(name, r.html, want);
		}
		free(want);
		free(r.html);
	}
}

/* 14-document: Fizz was given bootstrapScriptContent and bootstrapModules,
 * which add a modulepreload link to the head and two scripts at the end of
 * the body. Those are the host's (it writes its own bootstrap); everything
 * else must match, and the tail comes from kit_html_finish. */
static void test_golden_document(void)
{
	static const char payload[] =
		"0:[\"$\",\"html\",null,{\"lang\":\"en\",\"children\":[[\"$\",\"head\",null,{\"children\":[[\"$\",\"meta\",null,"
		"{\"charSet\":\"utf-8\"}],[\"$\",\"title\",null,{\"children\":\"Doc\"}]]}],[\"$\",\"body\",null,"
		"{\"children\":[\"$\",\"main\",null,{\"children\":\"hi\"}]}]]}]\n";
	static const char *bootstrap[] = {
		"<link rel=\"modulepreload\" fetchPriority=\"low\" href=\"/client.js\"/>",
		"<script id=\"_R_\">window.BOOT=1</script><script type=\"module\" src=\"/client.js\" async=\"\"></script>",
	};
	char *want = golden("14-document");
	int found = want != NULL;
	for (size_t i = 0; found && i < 2; i++) {
		char *at = strstr(want, bootstrap[i]);
		if (!at)
			found = 0;
		else
			memmove(at, at + strlen(bootstrap[i]), strlen(at + strlen(bootstrap[i])) + 1);
	}
	rendered r = render_payload(payload, sizeof payload - 1, NULL);
	if (!found)
		TEST_FAIL("golden html 14-document (without the bootstrap scripts)", "golden file changed");
	else
		CHECK_STR("golden html 14-document (without the bootstrap scripts)", r.html, want);
	CHECK("golden html 14-document is a document", r.document == 1);
	free(want);
	free(r.html);
}

/* tests/unit/html_cases.txt */
static void test_case_file(void)
{
	size_t len;
	char *text = test_read_file("tests/unit/html_cases.txt", &len);
	if (!text) {
		TEST_FAIL("html_cases.txt", "cannot read tests/unit/html_cases.txt");
		return;
	}
	int cases = 0;
	char *p = strstr(text, "\n=== ");
	while (p) {
		char *name = p + 5;
		char *nl = strchr(name, '\n');
		*nl = '\0';
		char *payload = nl + 1;
		char *sep = strstr(payload, "\n--- ");
		if (!sep)
			break;
		int is_error = strncmp(sep + 5, "error\n", 6) == 0;
		char *want = strchr(sep + 5, '\n') + 1;
		char *next = strstr(want, "\n=== ");
		if (next)
			*next = '\0';
		else if (*want && want[strlen(want) - 1] == '\n')
			want[strlen(want) - 1] = '\0';
		char title[200];
		snprintf(title, sizeof title, "case: %s", name);
		rendered r = render_payload(payload, (size_t)(sep + 1 - payload), NULL);
		if (is_error) {
			if (r.rc == -1 && strstr(r.err, want))
				TEST_PASS(title);
			else
				TEST_FAIL(title, "rc %d, message \"%s\", want one containing \"%s\"", r.rc, r.err, want);
		} else if (r.rc != 0) {
			TEST_FAIL(title, "rc %d: %s", r.rc, r.err);
		} else {
			CHECK_STR(title, r.html, want);
		}
		free(r.html);
		cases++;
		p = next;
	}
	CHECK("html_cases.txt: all cases read", cases >= 25);
	free(text);
}

static void test_client_components(void)
{
	static const char payload[] =
		"1:I[\"c1\",[\"c1\",\"/c1.js\"],\"Counter\"]\n"
		"0:[\"$\",\"div\",null,{\"children\":[\"a\",[\"$\",\"$L1\",null,{\"n\":0}],\"b\"]}]\n";
	rendered r = render_payload(payload, sizeof payload - 1, client_stub);
	CHECK_STR("client component: render_client's tree written in place", r.html,
		  "<div>a<button>Clicks: <!-- -->0</button>b</div>");
	free(r.html);
}

/* kit's ErrorBoundary (js/client/error-boundary.tsx) as the engine would
 * render it: its children, or "caught <digest>" when html.c found a failed
 * row below it and passed the digest instead of the children. */
static kit_value *boundary_stub(void *ctx, kit_model *m, const kit_value *el, unsigned tree_id,
				const char *tree_overflow, int scope)
{
	(void)ctx;
	(void)tree_id;
	(void)tree_overflow;
	(void)scope;
	const kit_value *digest = kit_v_get(el, "digest");
	if (!digest)
		return kit_v_get(el, "children");
	if (kit_v_get(el, "children"))
		return kit_v_cstring(m, "children were passed with the digest");
	kit_value *p = kit_v_element(m, kit_v_cstring(m, "p"), NULL, 1);
	kit_value *kids = kit_v_array(m, 2);
	kids->u.arr.items[0] = kit_v_cstring(m, "caught ");
	kids->u.arr.items[1] = (kit_value *)digest;
	kit_v_set_prop(m, &p->u.elem.props[0], "children", kids);
	return p;
}

static void test_error_boundary(void)
{
	static const struct {
		const char *name, *payload, *html;  /* html NULL: kit_html_write fails */
	} cases[] = {
		{ "error boundary: a failed row below it (outside Suspense) renders its error component with the digest",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:E{\"digest\":\"42\"}\n"
		  "0:[\"$\",\"main\",null,{\"children\":[\"$\",\"$L1\",null,{\"depth\":1,\"children\":[\"$\",\"div\",null,"
		  "{\"children\":[\"x\",\"$L2\"]}]}]}]\n",
		  "<main><p>caught <!-- -->42</p></main>" },
		{ "... nothing failed: its children",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n"
		  "0:[\"$\",\"main\",null,{\"children\":[\"$\",\"$L1\",null,{\"depth\":1,\"children\":[\"$\",\"div\",null,"
		  "{\"children\":\"ok\"}]}]}]\n",
		  "<main><div>ok</div></main>" },
		{ "... a failed row inside a Suspense boundary below it: that boundary errors, the boundary renders its children",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:E{\"digest\":\"42\"}\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"f\","
		  "\"children\":\"$L2\"}]}]\n",
		  "<!--$!--><template data-dgst=\"42\"></template>f<!--/$-->" },
		{ "... the nearest of two boundaries catches",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:E{\"digest\":\"7\"}\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":0,\"children\":[\"$\",\"b\",null,{\"children\":[\"$\",\"$L1\",null,"
		  "{\"depth\":1,\"children\":\"$L2\"}]}]}]\n",
		  "<b><p>caught <!-- -->7</p></b>" },
		{ "... never notFound() (an answer, not an error): the page fails",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:E{\"digest\":\"KIT_NOT_FOUND\"}\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":\"$L2\"}]\n",
		  NULL },
		{ "... nor redirect()",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:E{\"digest\":\"KIT_REDIRECT;307;/x\"}\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":\"$L2\"}]\n",
		  NULL },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		rendered r = render_payload(cases[i].payload, strlen(cases[i].payload), boundary_stub);
		if (cases[i].html)
			CHECK_STR(cases[i].name, r.rc == 0 ? r.html : r.err, cases[i].html);
		else
			CHECK(cases[i].name, r.rc == -1 && strstr(r.err, "outside any <Suspense> boundary"));
		free(r.html);
	}
}

/* A client component "bomb" that throws while rendered (the engine makes
 * an errored HTML-only row of it); kit's ErrorBoundary renders its children. */
static kit_value *bomb_stub(void *ctx, kit_model *m, const kit_value *el, unsigned tree_id,
			    const char *tree_overflow, int scope)
{
	const char *mod = kit_v_client_module(el->u.elem.type);
	if (!mod || strcmp(mod, "bomb") != 0)
		return boundary_stub(ctx, m, el, tree_id, tree_overflow, scope);
	kit_row *row = kit_model_new_row(m);
	row->html_only = 1;
	kit_row_reject(m, row, "99");
	return kit_v_lazy(m, row);
}

/* What the host needs to send the error shell (docs/errors.md §6): a client
 * component's own error outside every Suspense boundary, below an error
 * boundary (1) or with none (2), and nothing else. */
static void test_client_error_caught(void)
{
	static const struct {
		const char *name, *payload;
		int rc, caught;
	} cases[] = {
		{ "a client component throws below an error boundary, outside Suspense: the write fails, client_caught",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:I[\"bomb\",[],\"default\"]\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":[\"$\",\"div\",null,{\"children\":[\"$\",\"$L2\",null,{}]}]}]\n",
		  -1, 1 },
		{ "... with no error boundary above it: the write fails, client_caught 2 (the error shell too, as Next.js 16)",
		  "2:I[\"bomb\",[],\"default\"]\n0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$L2\",null,{}]}]\n",
		  -1, 2 },
		{ "... inside a Suspense boundary below the error boundary: that boundary errors, not client_caught",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n2:I[\"bomb\",[],\"default\"]\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"f\","
		  "\"children\":[\"$\",\"$L2\",null,{}]}]}]\n",
		  0, 0 },
		{ "... a server component's notFound() below an error boundary: not client_caught (the host's 404)",
		  "1:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]\n3:E{\"digest\":\"KIT_NOT_FOUND\"}\n"
		  "0:[\"$\",\"$L1\",null,{\"depth\":1,\"children\":\"$L3\"}]\n",
		  -1, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		rendered r = render_payload(cases[i].payload, strlen(cases[i].payload), bomb_stub);
		CHECK(cases[i].name, r.rc == cases[i].rc && r.client_caught == cases[i].caught);
		if (r.rc != cases[i].rc || r.client_caught != cases[i].caught)
			fprintf(stderr, "    rc %d, client_caught %d: %s | %s\n", r.rc, r.client_caught, r.err, r.html);
		free(r.html);
	}
}

static void test_document_api(void)
{
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	kit_html *h = kit_html_new(&m, NULL);
	kit_buf out;
	kit_buf_init(&out);
	kit_value *p = kit_v_element(&m, kit_v_cstring(&m, "p"), NULL, 1);
	kit_v_set_prop(&m, &p->u.elem.props[0], "children", kit_v_cstring(&m, "x"));
	CHECK("not a document: written", kit_html_write(h, p, &out) == 0);
	CHECK("not a document: kit_html_is_document is 0", kit_html_is_document(h) == 0);
	kit_html_finish(h, &out);
	CHECK_STR("not a document: kit_html_finish adds nothing", kit_buf_cstr(&out), "<p>x</p>");
	kit_html_free(h);

	kit_buf_reset(&out);
	kit_html_escape_text(&out, "a<b>&\"'c\xe2\x80\xa8", 11);
	kit_buf_putc(&out, '|');
	kit_html_escape_attr(&out, "\"", 1);
	CHECK_STR("escape helpers: & < > \" ' only", kit_buf_cstr(&out),
		  "a&lt;b&gt;&amp;&quot;&#x27;c\xe2\x80\xa8|&quot;");
	kit_buf_free(&out);
	kit_model_clear(&m);
	kit_arena_free(a);
}

/* A cycle through rows (hostile payload) ends in an error, not a crash. */
static void test_depth_limit(void)
{
	static const char payload[] = "0:[\"$\",\"div\",null,{\"children\":\"$L0\"}]\n";
	rendered r = render_payload(payload, sizeof payload - 1, NULL);
	CHECK("a row that contains itself: error, no stack overflow",
	      r.rc == -1 && strstr(r.err, "nested deeper than") != NULL);
	free(r.html);
}

/* Every case payload, truncated at each byte and with each byte replaced by
 * a few troublesome values: parse then render must return, never crash (CI
 * runs this under ASan/UBSan), and a failure must carry a message. */
static void test_never_crashes(void)
{
	size_t len;
	char *text = test_read_file("tests/unit/html_cases.txt", &len);
	static const char mutations[] = { '\0', '"', '$', '[', 'L' };
	size_t runs = 0, silent = 0;
	for (char *p = text ? strstr(text, "\n=== ") : NULL; p; p = strstr(p + 1, "\n=== ")) {
		char *payload = strchr(p + 1, '\n') + 1;
		char *end = strstr(payload, "\n--- ");
		if (!end)
			break;
		size_t n = (size_t)(end + 1 - payload);
		char *copy = malloc(n);
		for (size_t at = 0; at < n; at++)
			for (size_t mu = 0; mu <= sizeof mutations; mu++) {
				memcpy(copy, payload, n);
				size_t used = at;
				if (mu < sizeof mutations) {
					copy[at] = mutations[mu];
					used = n;
				}
				rendered r = render_payload(copy, used, client_stub);
				if (r.rc != 0 && !r.err[0])
					silent++;
				free(r.html);
				runs++;
			}
		free(copy);
	}
	free(text);
	if (runs > 10000 && silent == 0)
		TEST_PASS("mutated payloads: parse and render never crash, failures carry a message");
	else
		TEST_FAIL("mutated payloads: parse and render never crash, failures carry a message",
			  "%zu runs, %zu failures without a message", runs, silent);
}

/* ---- 4. streamed boundaries (html_stream_cases.txt) ---- */

/* A call found in a script: op 'C' complete(a, b), 'X' error(a[, b]), 'S'
 * segment (a = container, b = placeholder); ours ($KC $KX) or React's ($RC
 * $RX $RS). */
typedef struct script_call {
	char op;
	char a[128], b[512];
	int has_b;
} script_call;

typedef struct call_list {
	script_call v[64];
	size_t len;
} call_list;

/* Decodes the JS string literal at *p into out (UTF-8), past its quote. */
static int js_literal(const char **p, char *out, size_t cap)
{
	const char *s = *p;
	size_t n = 0;
	if (*s++ != '"')
		return -1;
	while (*s && *s != '"' && n + 4 < cap) {
		unsigned c = (unsigned char)*s++;
		if (c == '\\') {
			char e = *s++;
			if (e == 'u') {
				if (sscanf(s, "%4x", &c) != 1)
					return -1;
				s += 4;
			} else {
				c = (unsigned char)(e == 'n' ? '\n' : e == 't' ? '\t' : e);
			}
			if (c >= 0x800) {
				out[n++] = (char)(0xE0 | c >> 12);
				out[n++] = (char)(0x80 | ((c >> 6) & 63));
				out[n++] = (char)(0x80 | (c & 63));
				continue;
			}
			if (c >= 0x80) {
				out[n++] = (char)(0xC0 | c >> 6);
				out[n++] = (char)(0x80 | (c & 63));
				continue;
			}
		}
		out[n++] = (char)c;
	}
	out[n] = '\0';
	if (*s != '"')
		return -1;
	*p = s + 1;
	return 0;
}

/* Appends the calls of one script body; returns where the first one starts
 * (or NULL). */
static const char *find_calls(const char *body, call_list *calls)
{
	static const struct {
		const char *name;
		char op;
	} names[] = { { "$KC(\"", 'C' }, { "$RC(\"", 'C' }, { "$KX(\"", 'X' }, { "$RX(\"", 'X' }, { "$RS(\"", 'S' } };
	const char *first = NULL;
	for (const char *p = body; *p; p++)
		for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
			if (strncmp(p, names[k].name, 5) != 0 || calls->len == sizeof calls->v / sizeof *calls->v)
				continue;
			script_call *c = &calls->v[calls->len];
			const char *q = p + 4;
			memset(c, 0, sizeof *c);
			c->op = names[k].op;
			if (js_literal(&q, c->a, sizeof c->a) < 0)
				continue;
			if (*q == ',') {
				q++;
				if (js_literal(&q, c->b, sizeof c->b) < 0)
					continue;
				c->has_b = 1;
			}
			if (*q != ')')
				continue;
			calls->len++;
			if (!first)
				first = p;
		}
	return first;
}

static void calls_text(kit_buf *out, const call_list *calls)
{
	for (size_t i = 0; i < calls->len; i++)
		kit_buf_printf(out, "%c(%s%s%s) ", calls->v[i].op, calls->v[i].a, calls->v[i].has_b ? "," : "",
			       calls->v[i].b);
}

enum script_mode {
	SCRIPTS_REMOVE,       /* the text without any script */
	SCRIPTS_PLACEHOLDER,  /* each script as <script/>; React's $RT timing script dropped */
	SCRIPTS_CALLS,        /* our scripts as their calls, without the runtime in front */
};

/* Rewrites the scripts of html by mode into out, collecting their calls.
 * *runtimes counts the scripts whose calls follow a runtime definition; a
 * definition must hold both functions. Returns -1 on a malformed script. */
static int scan_scripts(const char *html, enum script_mode mode, kit_buf *out, call_list *calls, int *runtimes)
{
	const char *p = html;
	for (;;) {
		const char *open = strstr(p, "<script");
		if (!open) {
			kit_buf_puts(out, p);
			return 0;
		}
		const char *gt = strchr(open, '>'), *close = gt ? strstr(gt, "</script>") : NULL;
		if (!close)
			return -1;
		kit_buf_put(out, p, (size_t)(open - p));
		char *body = strndup(gt + 1, (size_t)(close - gt - 1));
		const char *first = find_calls(body, calls);
		if (mode == SCRIPTS_CALLS) {
			if (first && first != body && runtimes) {
				(*runtimes)++;
				if (!strstr(body, "$KC=function") || !strstr(body, "$KX=function"))
					(*runtimes) += 100;
			}
			kit_buf_put(out, open, (size_t)(gt + 1 - open));
			kit_buf_puts(out, first ? first : body);
			kit_buf_puts(out, "</script>");
		} else if (mode == SCRIPTS_PLACEHOLDER && strncmp(body, "requestAnimationFrame(function(){$RT=", 37) != 0) {
			kit_buf_puts(out, "<script/>");
		}
		free(body);
		p = close + 9;
	}
}

/* The element with id="id" in t: where it starts and ends, and its inner
 * HTML; nested elements of the same tag counted. */
static int element_by_id(const char *t, const char *id, size_t *start, size_t *in_start, size_t *in_end,
			 size_t *end)
{
	char pat[160], tag[32];
	snprintf(pat, sizeof pat, " id=\"%s\"", id);
	const char *at = strstr(t, pat);
	if (!at)
		return -1;
	const char *lt = at;
	while (lt > t && *lt != '<')
		lt--;
	size_t tn = strcspn(lt + 1, " >");
	if (tn >= sizeof tag)
		return -1;
	memcpy(tag, lt + 1, tn);
	tag[tn] = '\0';
	const char *q = strchr(at, '>');
	int depth = 1;
	while (q && (q = strchr(q + 1, '<'))) {
		if (q[1] == '/' && strncmp(q + 2, tag, tn) == 0 && q[2 + tn] == '>') {
			if (--depth == 0) {
				*start = (size_t)(lt - t);
				*in_start = (size_t)(strchr(at, '>') + 1 - t);
				*in_end = (size_t)(q - t);
				*end = *in_end + tn + 3;
				return 0;
			}
		} else if (strncmp(q + 1, tag, tn) == 0 && strchr(" >/", q[1 + tn])) {
			depth++;
		}
	}
	return -1;
}

static void splice(kit_buf *t, size_t from, size_t to, const char *with)
{
	kit_buf n;
	kit_buf_init(&n);
	kit_buf_put(&n, t->data, from);
	kit_buf_puts(&n, with);
	kit_buf_put(&n, t->data + to, t->len - to);
	kit_buf_free(t);
	*t = n;
}

/* Removes the element with id="id" and returns its inner HTML (NULL when absent). */
static char *take_container(kit_buf *t, const char *id)
{
	size_t st, is, ie, en;
	if (element_by_id(kit_buf_cstr(t), id, &st, &is, &ie, &en) < 0)
		return NULL;
	char *inner = strndup(t->data + is, ie - is);
	splice(t, st, en, "");
	return inner;
}

static void sim_complete(kit_buf *t, const char *b, const char *s)
{
	char *inner = take_container(t, s), pat[200];
	snprintf(pat, sizeof pat, "<!--$?--><template id=\"%s\"></template>", b);
	const char *text = kit_buf_cstr(t), *at = strstr(text, pat), *q = at ? at + strlen(pat) : NULL, *end = NULL;
	for (int depth = 0; inner && q && (q = strstr(q, "<!--"));) {
		const char *d = q + 4, *close = strstr(d, "-->");
		if (!close)
			break;
		size_t n = (size_t)(close - d);
		if ((n == 2 && (!strncmp(d, "/$", 2) || !strncmp(d, "/&", 2)))) {
			if (!depth) {
				end = q;
				break;
			}
			depth--;
		} else if ((n == 1 && (*d == '$' || *d == '&')) ||
			   (n == 2 && (!strncmp(d, "$?", 2) || !strncmp(d, "$!", 2) || !strncmp(d, "$~", 2)))) {
			depth++;
		}
		q = close + 3;
	}
	if (end) {
		kit_buf with;
		kit_buf_init(&with);
		kit_buf_puts(&with, "<!--$-->");
		kit_buf_puts(&with, inner);
		splice(t, (size_t)(at - text), (size_t)(end - text), kit_buf_cstr(&with));
		kit_buf_free(&with);
	}
	free(inner);
}

static void sim_error(kit_buf *t, const char *b, const char *digest)
{
	char pat[200];
	snprintf(pat, sizeof pat, "<!--$?--><template id=\"%s\"></template>", b);
	const char *text = kit_buf_cstr(t), *at = strstr(text, pat);
	if (!at)
		return;
	kit_buf with;
	kit_buf_init(&with);
	kit_buf_printf(&with, "<!--$!--><template id=\"%s\"", b);
	if (digest) {
		kit_buf_puts(&with, " data-dgst=\"");
		kit_html_escape_attr(&with, digest, strlen(digest));
		kit_buf_putc(&with, '"');
	}
	kit_buf_puts(&with, "></template>");
	size_t from = (size_t)(at - text);
	splice(t, from, from + strlen(pat), kit_buf_cstr(&with));
	kit_buf_free(&with);
}

static void sim_segment(kit_buf *t, const char *s, const char *p)
{
	char *inner = take_container(t, s), pat[200];
	snprintf(pat, sizeof pat, "<template id=\"%s\"></template>", p);
	const char *text = kit_buf_cstr(t), *at = inner ? strstr(text, pat) : NULL;
	if (at)
		splice(t, (size_t)(at - text), (size_t)(at - text) + strlen(pat), inner);
	free(inner);
}

/* What the scripts of a streamed document do to it, applied to its text:
 * scripts removed, then their calls run in document order. Containers are
 * removed as the runtimes do (leaving "<table hidden>" wrappers behind). */
static char *run_scripts(const char *doc)
{
	kit_buf t;
	kit_buf_init(&t);
	call_list *calls = calloc(1, sizeof *calls);
	if (scan_scripts(doc, SCRIPTS_REMOVE, &t, calls, NULL) < 0) {
		kit_buf_free(&t);
		free(calls);
		return strdup("(malformed script)");
	}
	for (size_t i = 0; i < calls->len; i++) {
		const script_call *c = &calls->v[i];
		if (c->op == 'C')
			sim_complete(&t, c->a, c->b);
		else if (c->op == 'X')
			sim_error(&t, c->a, c->has_b ? c->b : NULL);
		else
			sim_segment(&t, c->a, c->b);
	}
	char *r = strdup(kit_buf_cstr(&t));
	kit_buf_free(&t);
	free(calls);
	return r;
}

typedef struct stream_run {
	const char *name;
	kit_arena *a;
	kit_model m;
	kit_html *h;
	kit_buf all;          /* every write, concatenated */
	char *writes[32];     /* the non-empty writes */
	size_t nwrites;
	int runtimes;         /* scripts with the runtime in front */
	int scripts_with_calls;
} stream_run;

/* One write: recorded, checked against the expected text (our scripts as
 * their calls), and the runtime rule: defined once, in the first script. */
static void stream_write(stream_run *r, const char *step, const kit_buf *out, const char *want)
{
	char title[300];
	snprintf(title, sizeof title, "stream %s: %s", r->name, step);
	const char *got = out->data ? kit_buf_cstr((kit_buf *)out) : "";
	kit_buf_puts(&r->all, got);
	if (*got && r->nwrites < sizeof r->writes / sizeof *r->writes)
		r->writes[r->nwrites++] = strdup(got);
	kit_buf norm;
	kit_buf_init(&norm);
	call_list *calls = calloc(1, sizeof *calls);
	int runtimes = 0;
	int bad = scan_scripts(got, SCRIPTS_CALLS, &norm, calls, &runtimes) < 0;
	for (size_t i = 0; i < calls->len; i++)
		if (calls->v[i].op != 'C' && calls->v[i].op != 'X')
			bad = 1;
	CHECK_STR(title, bad ? "(malformed script)" : kit_buf_cstr(&norm), want);
	if (calls->len) {
		/* The first script with calls in the response carries the runtime. */
		int want_runtimes = r->scripts_with_calls == 0;
		snprintf(title, sizeof title, "stream %s: %s: runtime %s", r->name, step,
			 want_runtimes ? "defined in front of the first call of the response" : "not defined again");
		CHECK(title, runtimes == want_runtimes);
		r->scripts_with_calls++;
	}
	kit_buf_free(&norm);
	free(calls);
}

/* The golden writes match ours one for one: HTML with scripts as
 * placeholders, and the same calls. */
static void stream_golden(stream_run *r, const char *golden_name, int final_only)
{
	char path[256], title[300];
	snprintf(path, sizeof path, GOLDEN "%s.writes.json", golden_name);
	size_t len;
	char *json = test_read_file(path, &len);
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	kit_value *v = NULL;
	char err[160];
	const kit_value *writes = json && kit_json_parse(&m, json, len, &v, err, sizeof err) == 0
		? kit_v_get(v, "writes") : NULL;
	snprintf(title, sizeof title, "stream %s: %s %s", r->name, final_only ? "final document equals golden" :
		 "writes match golden", golden_name);
	if (!writes || writes->kind != KIT_ARRAY) {
		TEST_FAIL(title, "cannot read %s", path);
	} else if (final_only) {
		kit_buf whole;
		kit_buf_init(&whole);
		for (size_t i = 0; i < writes->u.arr.len; i++)
			kit_buf_put(&whole, writes->u.arr.items[i]->u.str.ptr, writes->u.arr.items[i]->u.str.len);
		char *want = run_scripts(kit_buf_cstr(&whole)), *got = run_scripts(kit_buf_cstr(&r->all));
		CHECK_STR(title, got, want);
		free(want);
		free(got);
		kit_buf_free(&whole);
	} else {
		kit_buf diff;
		kit_buf_init(&diff);
		if (writes->u.arr.len != r->nwrites)
			kit_buf_printf(&diff, "%zu writes, golden has %zu; ", r->nwrites, writes->u.arr.len);
		for (size_t i = 0; i < writes->u.arr.len && i < r->nwrites; i++) {
			kit_buf g, o, gc, oc;
			kit_buf_init(&g), kit_buf_init(&o), kit_buf_init(&gc), kit_buf_init(&oc);
			call_list *gcalls = calloc(1, sizeof *gcalls), *ocalls = calloc(1, sizeof *ocalls);
			scan_scripts(writes->u.arr.items[i]->u.str.ptr, SCRIPTS_PLACEHOLDER, &g, gcalls, NULL);
			scan_scripts(r->writes[i], SCRIPTS_PLACEHOLDER, &o, ocalls, NULL);
			calls_text(&gc, gcalls);
			calls_text(&oc, ocalls);
			if (strcmp(kit_buf_cstr(&g), kit_buf_cstr(&o)) != 0)
				kit_buf_printf(&diff, "write %zu:\n  got:  %s\n  want: %s\n", i, kit_buf_cstr(&o),
					       kit_buf_cstr(&g));
			if (strcmp(kit_buf_cstr(&gc), kit_buf_cstr(&oc)) != 0)
				kit_buf_printf(&diff, "write %zu calls: got %s, want %s\n", i, kit_buf_cstr(&oc),
					       kit_buf_cstr(&gc));
			kit_buf_free(&g), kit_buf_free(&o), kit_buf_free(&gc), kit_buf_free(&oc);
			free(gcalls);
			free(ocalls);
		}
		if (diff.len)
			TEST_FAIL(title, "%s", kit_buf_cstr(&diff));
		else
			TEST_PASS(title);
		kit_buf_free(&diff);
	}
	free(json);
	kit_model_clear(&m);
	kit_arena_free(a);
}

/* Flight JSON for a row resolved later: parsed as a row of its own, whose
 * value then goes to kit_row_resolve (references in it become rows of the
 * same model). Its id is past any a case refers to. */
static kit_value *parse_later_row(stream_run *r, const char *json, char *err, size_t errlen)
{
	kit_buf row;
	kit_buf_init(&row);
	unsigned id = (unsigned)r->m.nrows + 64;
	kit_buf_printf(&row, "%x:%s\n", id, json);
	int rc = kit_flight_parse(&r->m, row.data, row.len, err, errlen);
	kit_buf_free(&row);
	kit_row *scratch = kit_model_row(&r->m, id);
	return rc == 0 && scratch && scratch->state == KIT_ROW_READY ? scratch->value : NULL;
}

/* One step: "cmd args" and its text (possibly empty). */
static void stream_step(stream_run *r, const char *cmd, const char *args, const char *text)
{
	char title[300], err[256];
	snprintf(title, sizeof title, "stream %s: %s %s", r->name, cmd, args);
	kit_buf out;
	kit_buf_init(&out);
	if (!strcmp(cmd, "shell")) {
		kit_row *root = kit_model_row(&r->m, 0);
		int rc = root ? kit_html_write(r->h, kit_v_lazy(&r->m, root), &out) : -1;
		if (rc != 0)
			TEST_FAIL(title, "kit_html_write failed: %s", kit_html_error(r->h));
		else
			stream_write(r, "shell", &out, text);
	} else if (!strcmp(cmd, "resolve") || !strcmp(cmd, "reject")) {
		unsigned id = (unsigned)strtoul(args, NULL, 16);
		kit_row *row = kit_model_row(&r->m, id);
		if (!row || row->state != KIT_ROW_PENDING) {
			TEST_FAIL(title, "row %x is not a pending row of the model", id);
		} else if (cmd[2] == 'j') {
			const char *digest = strchr(args, ' ') ? strchr(args, ' ') + 1 : "";
			kit_row_reject(&r->m, row, strcmp(digest, "-") ? digest : "");
		} else {
			kit_value *v = parse_later_row(r, text, err, sizeof err);
			if (!v)
				TEST_FAIL(title, "cannot parse the row: %s", err);
			else
				kit_row_resolve(&r->m, row, v);
		}
	} else if (!strcmp(cmd, "completions")) {
		int rc = kit_html_write_completions(r->h, &out);
		char step[64];
		snprintf(step, sizeof step, "completions (returns %s)", args);
		if (rc != atoi(args))
			TEST_FAIL(title, "returned %d (%s)", rc, kit_html_error(r->h));
		stream_write(r, step, &out, text);
	} else if (!strcmp(cmd, "fails")) {
		int rc = kit_html_write_completions(r->h, &out);
		if (rc == -1 && strstr(kit_html_error(r->h), args))
			TEST_PASS(title);
		else
			TEST_FAIL(title, "returned %d, message \"%s\"", rc, kit_html_error(r->h));
		stream_write(r, "fails: the write", &out, text);
	} else if (!strcmp(cmd, "abort")) {
		kit_html_abort_pending(r->h, &out, strcmp(args, "-") ? args : NULL);
		stream_write(r, title + strlen("stream ") + strlen(r->name) + 2, &out, text);
	} else if (!strcmp(cmd, "pending")) {
		CHECK(title, kit_html_pending(r->h) == (size_t)atoi(args));
	} else if (!strcmp(cmd, "finish")) {
		kit_html_finish(r->h, &out);
		stream_write(r, "finish", &out, text);
	} else if (!strcmp(cmd, "final")) {
		char *got = run_scripts(kit_buf_cstr(&r->all));
		snprintf(title, sizeof title, "stream %s: the document once the scripts ran", r->name);
		CHECK_STR(title, got, text);
		free(got);
	} else if (!strcmp(cmd, "golden") || !strcmp(cmd, "golden-final")) {
		stream_golden(r, args, cmd[6] == '-');
	} else {
		TEST_FAIL(title, "unknown step");
	}
	kit_buf_free(&out);
}

static void test_stream_cases(void)
{
	char *text = test_read_file("tests/unit/html_stream_cases.txt", NULL);
	if (!text) {
		TEST_FAIL("html_stream_cases.txt", "cannot read tests/unit/html_stream_cases.txt");
		return;
	}
	int cases = 0;
	/* Split into lines; a case is "=== name", payload lines, then steps. */
	char *save = NULL, *line = strtok_r(text, "\n", &save);
	char *lines[4096];
	size_t n = 0;
	for (; line && n < sizeof lines / sizeof *lines; line = strtok_r(NULL, "\n", &save))
		lines[n++] = line;
	for (size_t i = 0; i < n;) {
		if (strncmp(lines[i], "=== ", 4) != 0) {
			i++;
			continue;
		}
		stream_run r = { .name = lines[i] + 4 };
		r.a = kit_arena_new(4096);
		kit_model_init(&r.m, r.a);
		r.h = kit_html_new(&r.m, NULL);
		kit_buf_init(&r.all);
		kit_buf payload;
		kit_buf_init(&payload);
		for (i++; i < n && lines[i][0] != '-' && lines[i][0] != '=' && lines[i][0] != '#'; i++) {
			kit_buf_puts(&payload, lines[i]);
			kit_buf_putc(&payload, '\n');
		}
		char err[256];
		if (kit_flight_parse(&r.m, payload.data, payload.len, err, sizeof err) < 0)
			TEST_FAIL(r.name, "cannot parse the payload: %s", err);
		kit_buf_free(&payload);
		while (i < n && strncmp(lines[i], "--- ", 4) == 0) {
			char cmd[32] = "", *args = lines[i] + 4;
			size_t cn = strcspn(args, " ");
			snprintf(cmd, sizeof cmd, "%.*s", (int)(cn < 31 ? cn : 31), args);
			args += cn + (args[cn] == ' ');
			kit_buf body;
			kit_buf_init(&body);
			for (i++; i < n && strncmp(lines[i], "--- ", 4) != 0 && strncmp(lines[i], "=== ", 4) != 0 &&
				  lines[i][0] != '#';
			     i++) {
				if (body.len)
					kit_buf_putc(&body, '\n');
				kit_buf_puts(&body, lines[i]);
			}
			stream_step(&r, cmd, args, kit_buf_cstr(&body));
			kit_buf_free(&body);
		}
		for (size_t w = 0; w < r.nwrites; w++)
			free(r.writes[w]);
		kit_buf_free(&r.all);
		kit_html_free(r.h);
		kit_model_clear(&r.m);
		kit_arena_free(r.a);
		cases++;
	}
	CHECK("html_stream_cases.txt: all cases read", cases >= 13);
	free(text);
}

/* identifierPrefix applies to the ids of boundaries and containers too, as
 * Fizz's boundaryPrefix/segmentPrefix; the runtime comes once per kit_html. */
static void test_stream_id_prefix(void)
{
	static const char payload[] =
		"0:[\"$\",\"div\",null,{\"children\":[\"$\",\"$Sreact.suspense\",null,{\"fallback\":\"f\",\"children\":\"$L1\"}]}]\n";
	kit_arena *a = kit_arena_new(4096);
	kit_model m;
	kit_model_init(&m, a);
	char err[256];
	kit_html_opts opts = { .id_prefix = "app-" };
	kit_html *h = kit_html_new(&m, &opts);
	kit_buf out;
	kit_buf_init(&out);
	CHECK("id prefix: nothing pending before the shell", kit_html_pending(h) == 0);
	CHECK("id prefix: completions before the shell write nothing",
	      kit_flight_parse(&m, payload, sizeof payload - 1, err, sizeof err) == 0 &&
	      kit_html_write_completions(h, &out) == 0 && out.len == 0);
	kit_html_write(h, kit_v_lazy(&m, kit_model_row(&m, 0)), &out);
	CHECK_STR("id prefix: shell", kit_buf_cstr(&out),
		  "<div><!--$?--><template id=\"app-B:0\"></template>f<!--/$--></div>");
	kit_buf_reset(&out);
	kit_row_resolve(&m, kit_model_row(&m, 1), kit_v_cstring(&m, "late"));
	CHECK("id prefix: completed", kit_html_write_completions(h, &out) == 0);
	const char *got = kit_buf_cstr(&out), *call = strstr(got, "$KC(\"app-B:0\",\"app-S:0\")</script>");
	CHECK("id prefix: container and call carry the prefix",
	      strncmp(got, "<div hidden id=\"app-S:0\">late</div><script>$KC=function", 55) == 0 && call &&
	      strlen(call) == strlen("$KC(\"app-B:0\",\"app-S:0\")</script>"));
	kit_buf_free(&out);
	kit_html_free(h);
	kit_model_clear(&m);
	kit_arena_free(a);
}

/* html_attribute_name_safe against React DOM's isAttributeNameSafe pattern:
 * every ASCII byte first and after a letter (its ASCII table), and names
 * past ASCII (the UTF-8 ranges). */
static void test_attribute_names(void)
{
	int bad = 0;
	for (int c = 1; c < 128; c++) {
		int start = c == ':' || c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
		int part = start || c == '-' || c == '.' || (c >= '0' && c <= '9');
		char first[2] = { (char)c, 0 }, later[3] = { 'a', (char)c, 0 };
		if (html_attribute_name_safe(first, 1) != start || html_attribute_name_safe(later, 2) != part) {
			fprintf(stderr, "attribute name byte 0x%02x: %d %d\n", c, html_attribute_name_safe(first, 1),
				html_attribute_name_safe(later, 2));
			bad++;
		}
	}
	CHECK("html: every ASCII byte is a name start or name byte as React DOM says", bad == 0);
	static const struct { const char *name; int safe; } names[] = {
		{ "data-id", 1 }, { "aria-label", 1 }, { "xlink:href", 1 }, { "_x", 1 }, { "x.y-1", 1 },
		{ "1x", 0 }, { "-x", 0 }, { ".x", 0 }, { "a b", 0 }, { "a=b", 0 }, { "a\"b", 0 }, { "a>b", 0 },
		{ "\xc3\xa9t\xc3\xa9", 1 },        /* été: U+00E9 starts a name */
		{ "a\xc2\xb7" "b", 1 },                 /* U+00B7 inside a name */
		{ "\xc2\xb7" "b", 0 },                  /* but not first */
		{ "\xc3\x97", 0 },                   /* U+00D7 (×) never */
		{ "a\xcc\x80", 1 },                  /* a combining grave inside */
		{ "\xe2\x80\xbfx", 0 },             /* U+203F first */
		{ "x\xe2\x80\xbf", 1 },             /* and later */
		{ "\xe3\x81\x82", 1 },              /* U+3042 */
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		char label[96];
		snprintf(label, sizeof label, "html: attribute name %zu is %s", i, names[i].safe ? "safe" : "refused");
		CHECK(label, html_attribute_name_safe(names[i].name, strlen(names[i].name)) == names[i].safe);
	}
	CHECK("html: an empty attribute name is refused", !html_attribute_name_safe("", 0));
}

int main(void)
{
	test_attribute_names();
	test_golden();
	test_golden_document();
	test_case_file();
	test_client_components();
	test_error_boundary();
	test_client_error_caught();
	test_document_api();
	test_depth_limit();
	test_never_crashes();
	test_stream_cases();
	test_stream_id_prefix();
	TEST_EXIT();
}
