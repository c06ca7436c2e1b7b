#!/bin/bash
# compat.sh — libraries as published on npm, in server components: one page
# per library in tests/compat/app (markdown, YAML, dates, validation, ids,
# slugs, sanitising, highlighting, locale matching; installed with npm ci
# from its package-lock.json), built by kit-build and served behind
# lighttpd, each page's <main> compared byte for byte with the same page
# rendered by react-dom in Node (tests/compat/render-node.mjs), both with
# TZ=UTC and LC_ALL=C.
#
# tests/compat/known-failures.txt lists the pages that differ today, each
# with why: a listed page that differs is a SKIP naming the reason, one that
# now agrees is a FAIL until its line is removed, and any other page that
# differs is a FAIL showing both sides where they part.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin compat
suite_need node "the build and Node's side need it"
suite_work compat
export TZ=UTC LC_ALL=C
src_app=$top_src/tests/compat/app
suite_app tests/compat/app
app=$work/app
pass "kit-build of an app with a page per library"

if ! (cd "$app" && "$node" "$top_src/tests/compat/render-node.mjs" . "$top_src/toolchain" "$work/node") >"$work/node.log" 2>&1; then
	fail "react-dom renders the pages in Node" "$(tail -n 3 "$work/node.log" | tr '\n' ' ')"
	exit 1
fi
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi

known() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$top_src/tests/compat/known-failures.txt"; }
for page in "$app"/src/app/*/page.tsx; do
	name=$(basename "$(dirname "$page")")
	curl -s -o "$work/$name.kit.html" "$KIT_SERVE_BASE/$name"
	verdict=$("$node" -e '
		const fs = require("fs");
		const [kitFile, nodeFile] = process.argv.slice(1);
		const page = fs.readFileSync(kitFile, "utf8"), want = fs.readFileSync(nodeFile, "utf8");
		const from = page.indexOf("<main id=\"compat\""), to = page.lastIndexOf("</main>");
		const got = from < 0 ? "(no <main id=\"compat\">: " + page.slice(0, 200) + ")" : page.slice(from, to + 7);
		if (got === want) { console.log("equal"); process.exit(0); }
		let i = 0;
		while (i < got.length && i < want.length && got[i] === want[i]) i++;
		const around = (s) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 100));
		console.log(`differs at byte ${i}: kit ${around(got)} node ${around(want)}`);
	' "$work/$name.kit.html" "$work/node/$name.html")
	why=$(known "$name")
	if [ "$verdict" = equal ]; then
		if [ -n "$why" ]; then
			fail "$name: equal to react-dom in Node" "now equal: remove its line from tests/compat/known-failures.txt"
		else
			pass "$name: equal to react-dom in Node"
		fi
	elif [ -n "$why" ]; then
		skip "$name: known to differ ($why)"
	else
		fail "$name: equal to react-dom in Node" "$verdict"
	fi
done
kit_serve_stop
suite_end
