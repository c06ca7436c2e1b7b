/* intl_text_test.c — what tests/jsdiff cannot see of intl/'s text services
 * (docs/intl.md "Text"): that installing them and ASCII-only calls load no
 * ICU, and that the objects sharing ICU state outlive each other through the
 * collector (a Collator's compare kept after the Collator, a Segments
 * iterator after its Segments object, the localeCompare cache cycling).
 *
 * A bare mujs state with kit_intl_install, no runtime. Each case is an ES5
 * function body, compared with what Node 20 prints for
 *   node -e 'console.log(JSON.stringify(new Function(BODY)()))' */
#include <mujs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intl/intl.h"
#include "mujs_run.h"
#include "test.h"

/* 1 when this process has mapped libicuuc */
static int icu_loaded(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return -1;
	char line[4096];
	int found = 0;
	while (!found && fgets(line, sizeof line, f))
		found = strstr(line, "libicuuc") != NULL;
	fclose(f);
	return found;
}

static void gc(js_State *J)
{
	js_gc(J, 0);
}

struct text_case {
	const char *name, *body, *want;
};

static const struct text_case after_gc[] = {
	{"compare outlives its Collator",
	 "return ['b', 'a', '\\u00e4', 'z'].sort(kept.cmp);",
	 "[\"a\",\"ä\",\"b\",\"z\"]"},
	{"a Segments iterator outlives its Segments",
	 "var r = [], x; while (!(x = kept.it.next()).done) r.push([x.value.segment, x.value.index, x.value.input]); return r;",
	 "[[\" \",5,\"hello world\"],[\"world\",6,\"hello world\"]]"},
	{"a Segments object outlives its Segmenter",
	 "return [kept.seg.containing(7).segment, kept.seg.containing(0).index];",
	 "[\"world\",0]"},
};

int main(void)
{
	js_State *J = js_newstate(NULL, NULL, 0);
	char got[1024];
	kit_intl_install(J);
	CHECK("installing loads no ICU", icu_loaded() == 0);
	CHECK_STR("ASCII normalize and case mapping",
		  mujs_run(J, "return ['abc'.normalize('NFD'), 'abc'.normalize(), 'Title'.toLocaleUpperCase(), 'I'.toLocaleLowerCase()];",
			   got, sizeof got),
		  "[\"abc\",\"abc\",\"TITLE\",\"i\"]");
	CHECK("ASCII normalize and case mapping load no ICU", icu_loaded() == 0);
	CHECK_STR("normalize of a decomposed string",
		  mujs_run(J, "var s = 'e\\u0301'.normalize(); return [s.length, s === '\\u00e9'];", got, sizeof got),
		  "[1,true]");
	CHECK("a normalize that needs it loads ICU", icu_loaded() == 1);

	CHECK_STR("objects kept across a collection",
		  mujs_run(J, "var c = new Intl.Collator('de'); var seg = new Intl.Segmenter('en', { granularity: 'word' })"
			      ".segment('hello world'); var it = seg[Symbol.iterator](); it.next();"
			      " kept = { cmp: c.compare, it: it, seg: new Intl.Segmenter('en', { granularity: 'word' })"
			      ".segment('hello world') }; return typeof kept.cmp;", got, sizeof got),
		  "\"function\"");
	/* drop everything else made above, twice (finalizers run in the first) */
	mujs_run(J, "for (var i = 0; i < 2000; i++) new Intl.Collator(i % 2 ? 'de' : 'en').compare; return 0;", got,
		 sizeof got);
	gc(J);
	gc(J);
	for (size_t i = 0; i < sizeof after_gc / sizeof after_gc[0]; i++)
		CHECK_STR(after_gc[i].name, mujs_run(J, after_gc[i].body, got, sizeof got), after_gc[i].want);

	CHECK_STR("the localeCompare cache cycling through more locales than it keeps",
		  mujs_run(J, "var r = []; ['en', 'de', 'sv', 'tr', 'cs', 'fr', 'sv', 'de', 'en', 'tr'].forEach(function (l) {"
			      " r.push(['z', '\\u00e4', 'a', '\\u0131', 'i'].sort(function (x, y) { return x.localeCompare(y, l); })"
			      ".join('')); }); return r;", got, sizeof got),
		  "[\"aäiız\",\"aäiız\",\"aiızä\",\"aäıiz\",\"aäiız\",\"aäiız\",\"aiızä\",\"aäiız\",\"aäiız\",\"aäıiz\"]");
	CHECK_STR("compare with NUL and lone surrogates",
		  mujs_run(J, "var c = new Intl.Collator('en').compare; return [c('a\\u0000b', 'a\\u0000c'), c('\\ud800', '\\ud800'),"
			      " c('x\\ud83d\\ude00', 'x\\ud83d\\ude01'), 'a\\u0000'.localeCompare('a')];", got, sizeof got),
		  "[-1,0,-1,0]");
	CHECK_STR("errors",
		  mujs_run(J, "function t(f) { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } }"
			      " return [t(function () { 'a'.normalize('nfc'); }), t(function () { Intl.Segmenter(); }),"
			      " t(function () { new Intl.ListFormat('en').format(['a', 1]); }),"
			      " t(function () { new Intl.Collator('en', { collation: 'x' }); }),"
			      " t(function () { Intl.supportedValuesOf('x'); })];", got, sizeof got),
		  "[\"RangeError: The normalization form should be one of NFC, NFD, NFKC, NFKD.\","
		  "\"TypeError: Constructor Intl.Segmenter requires 'new'\","
		  "\"TypeError: Iterable yielded 1 which is not a string\","
		  "\"RangeError: Invalid collation : x\",\"RangeError: Invalid key : x\"]");
	js_freestate(J);
	TEST_EXIT();
}
