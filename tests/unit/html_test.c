/* html_test.c — the Fizz-compatible HTML encoder (render/html.c).
 *
 * 1. The golden corpus React 19.3 wrote (../shared/conformance/react-wire/
 *    golden/html): each case of fizz-cases.jsx is rebuilt as the Flight
 *    payload a server component would send (functions such as onClick cannot
 *    cross Flight, so they are left out) and must render byte for byte.
 *    Pending cases compare the shell, which is what kit_html_write produces;
 *    the completion scripts after it are the streaming host's.
 * 2. tests/unit/html_cases.txt: more payloads, each with the HTML React
 *    itself rendered for it (html_cases.mjs) or the error expected.
 * 3. The API around it: documents and kit_html_finish, client components
 *    through render_client, the escaping helpers. */
#include "render/arena.h"
#include "render/flight.h"
#include "render/html.h"
#include "test.h"

#define GOLDEN "../shared/conformance/react-wire/golden/html/"

typedef struct rendered {
	int rc, document;
	char *html;   /* kit_html_write output, then kit_html_finish's */
	char err[512];
} rendered;

static kit_value *client_stub(void *ctx, kit_model *m, const kit_value *el)
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

int main(void)
{
	test_golden();
	test_golden_document();
	test_case_file();
	test_client_components();
	test_document_api();
	test_depth_limit();
	test_never_crashes();
	TEST_EXIT();
}
