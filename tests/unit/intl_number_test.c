/* intl_number_test.c — what tests/jsdiff cannot see of intl/number.c and
 * intl/plural.c: ICU stays unloaded until the first call that formats, a
 * bound format function outlives its Intl.NumberFormat (they share the
 * formatter, freed by the last of the two) and the slots of collected ones
 * are given out again without touching the live ones, the formatter toLocaleString()
 * keeps per state survives collections, and the errors V8 throws carry its
 * messages. Expected strings are Node 20's for the same code. */
#include <mujs.h>
#include <stdio.h>
#include <string.h>

#include "intl/intl.h"
#include "tests/unit/mujs_run.h"
#include "tests/unit/test.h"

/* 1 when the process has mapped ICU's i18n library */
static int icu_loaded(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int found = 0;
	if (!f)
		return -1;
	while (!found && fgets(line, sizeof line, f))
		found = strstr(line, "libicui18n") != NULL;
	fclose(f);
	return found;
}

int main(void)
{
	char out[512];
	js_State *J = js_newstate(NULL, NULL, 0);
	kit_intl_install(J);

	CHECK("install loads no ICU", icu_loaded() == 0);
	CHECK_STR("constructors are there", mujs_run(J, "return [typeof Intl.NumberFormat, typeof Intl.PluralRules, "
						   "Intl.NumberFormat.name, Intl.PluralRules.length];", out, sizeof out),
		  "[\"function\",\"function\",\"NumberFormat\",0]");
	CHECK("defining them loads no ICU", icu_loaded() == 0);
	CHECK_STR("the first format", mujs_run(J, "return new Intl.NumberFormat('de').format(1234.5);", out, sizeof out),
		  "\"1.234,5\"");
	CHECK("the first format loads ICU", icu_loaded() == 1);

	/* the bound function keeps the formatter when its NumberFormat is gone */
	mujs_run(J, "f = new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format; "
		    "return 0;", out, sizeof out);
	for (int i = 0; i < 3; i++) {
		mujs_run(J, "for (var i = 0; i < 200; i++) new Intl.NumberFormat('en').format(i); return 0;", out,
			 sizeof out);
		js_gc(J, 0);
	}
	CHECK_STR("bound format after its object is collected", mujs_run(J, "return f(-1234.5);", out, sizeof out),
		  "\"-1\u202f234,50\u00a0\u20ac\"");
	CHECK_STR("the same bound function each time",
		  mujs_run(J, "var n = new Intl.NumberFormat('en'); var g = n.format; n = null; return g === g && "
			      "typeof g;", out, sizeof out),
		  "\"function\"");

	/* slots of collected NumberFormats are reused; the live ones keep theirs */
	mujs_run(J, "keep = []; for (var i = 0; i < 500; i++) { var n = new Intl.NumberFormat(i % 2 ? 'de' : 'en', "
		    "{ minimumFractionDigits: i % 7 }); var g = n.format; if (i % 10 == 0) keep.push([n, g, i]); } "
		    "return 0;", out, sizeof out);
	for (int i = 0; i < 4; i++) {
		js_gc(J, 0);
		mujs_run(J, "for (var i = 0; i < 100; i++) new Intl.NumberFormat('cs').format(i); return 0;", out,
			 sizeof out);
	}
	CHECK_STR("kept NumberFormats keep their bound functions across reused slots",
		  mujs_run(J, "var bad = 0; keep.forEach(function (k) { if (k[0].format !== k[1] || k[1](1.5) !== "
			      "new Intl.NumberFormat(k[2] % 2 ? 'de' : 'en', { minimumFractionDigits: k[2] % 7 })"
			      ".format(1.5)) bad++; }); return [keep.length, bad];", out, sizeof out),
		  "[50,0]");
	CHECK_STR("a frozen NumberFormat's format, and no own keys",
		  mujs_run(J, "var n = Object.freeze(new Intl.NumberFormat('de')); var g = n.format; return [g(1234.5), "
			      "n.format === g, Object.getOwnPropertySymbols(n).length, Object.getOwnPropertyNames(n).length];",
			   out, sizeof out),
		  "[\"1.234,5\",true,0,0]");

	/* toLocaleString() without arguments: one formatter per state */
	CHECK_STR("toLocaleString default", mujs_run(J, "return (1234567.891).toLocaleString();", out, sizeof out),
		  "\"1,234,567.891\"");
	js_gc(J, 0);
	CHECK_STR("toLocaleString default after a collection",
		  mujs_run(J, "return [(-0).toLocaleString(), (0.5).toLocaleString(), NaN.toLocaleString()];", out,
			   sizeof out),
		  "[\"-0\",\"0.5\",\"NaN\"]");
	CHECK_STR("toLocaleString with a locale does not change the default",
		  mujs_run(J, "return [(1234.5).toLocaleString('de'), (1234.5).toLocaleString()];", out, sizeof out),
		  "[\"1.234,5\",\"1,234.5\"]");

	CHECK_STR("toLocaleString with one locale string: the last one kept, others made",
		  mujs_run(J, "var r = []; for (var i = 0; i < 3; i++) r.push((1234.5).toLocaleString('de'), "
			      "(1234.5).toLocaleString('fr'), (1234.5).toLocaleString('de', { maximumFractionDigits: 0 }), "
			      "(1234.5).toLocaleString()); return r.slice(8);", out, sizeof out),
		  "[\"1.234,5\",\"1\u202f234,5\",\"1.235\",\"1,234.5\"]");
	CHECK_STR("a malformed locale string throws each time",
		  mujs_run(J, "var r = []; for (var i = 0; i < 2; i++) try { (1).toLocaleString('en_US'); } catch (e) "
			      "{ r.push(e.name); } return r;", out, sizeof out),
		  "[\"RangeError\",\"RangeError\"]");

	/* V8's messages */
	CHECK_STR("currency style without currency",
		  mujs_run(J, "try { new Intl.NumberFormat('en', { style: 'currency' }); } catch (e) { return e.name + "
			      "': ' + e.message; }", out, sizeof out),
		  "\"TypeError: Currency code is required with currency style.\"");
	CHECK_STR("bad currency code",
		  mujs_run(J, "try { new Intl.NumberFormat('en', { style: 'currency', currency: 'eu' }); } catch (e) { "
			      "return e.name + ': ' + e.message; }", out, sizeof out),
		  "\"RangeError: Invalid currency code : eu\"");
	CHECK_STR("bad unit",
		  mujs_run(J, "try { new Intl.NumberFormat('en', { style: 'unit', unit: 'foo' }); } catch (e) { "
			      "return e.name + ': ' + e.message; }", out, sizeof out),
		  "\"RangeError: Invalid unit argument for Intl.NumberFormat() 'foo'\"");
	CHECK_STR("digits out of range",
		  mujs_run(J, "try { new Intl.NumberFormat('en', { maximumFractionDigits: 21 }); } catch (e) { "
			      "return e.name + ': ' + e.message; }", out, sizeof out),
		  "\"RangeError: maximumFractionDigits value is out of range.\"");
	CHECK_STR("formatRange of NaN",
		  mujs_run(J, "try { new Intl.NumberFormat('en').formatRange(NaN, 1); } catch (e) { "
			      "return e.name + ': ' + e.message; }", out, sizeof out),
		  "\"RangeError: Invalid start : NaN\"");
	CHECK_STR("PluralRules without new",
		  mujs_run(J, "try { Intl.PluralRules('en'); } catch (e) { return e.name + ': ' + e.message; }", out,
			   sizeof out),
		  "\"TypeError: Constructor Intl.PluralRules requires 'new'\"");

	/* many formatters: each one's ICU objects go with it */
	CHECK_STR("a thousand formatters and plural rules",
		  mujs_run(J, "var s = ''; for (var i = 0; i < 1000; i++) { s = new Intl.NumberFormat('cs', "
			      "{ maximumFractionDigits: i % 20 }).format(i / 7) + new Intl.PluralRules('cs').select(i); } "
			      "return s;", out, sizeof out),
		  "\"142,71428571428572other\"");

	js_freestate(J);
	TEST_EXIT();
}
