#!/usr/bin/env bash
# jsdiff.sh — the differential corpus (tests/jsdiff/): ~5,400 snippets of the
# ES2022 built-ins and of the language, bundled like an app and run in kit's
# engine (tests/mujs/mujs-run after the runtime files), and run in Node;
# compared line by line by tests/jsdiff/run.mjs.
#
# Many snippets differ today: tests/jsdiff/known-differences.txt lists them,
# each with its category. The suite fails when a snippet differs that is not
# listed (a regression, or a new snippet: list it with its category), or when
# the list names a snippet that no longer exists. Listed snippets that now
# agree are counted in a PASS line (remove them from the list), and so is the
# "N of M differ" line. The full diff stays in $work (KIT_KEEP_TMP=1 keeps it)
# and, when KIT_JSDIFF_OUT is set, is copied there.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin jsdiff
runner=$top_build/tests/mujs/mujs-run
modules=$top_build/toolchain/node_modules
suite_work jsdiff

missing=
command -v "$node" >/dev/null 2>&1 || missing="$missing node"
[ -x "$runner" ] || missing="$missing $runner (make check builds it)"
[ -e "$modules/esbuild/package.json" ] || missing="$missing $modules (make runs npm ci)"
[ -e "$top_build/runtime/polyfills.js" ] || missing="$missing runtime/polyfills.js (make builds it)"
if [ -n "$missing" ]; then
	fail setup "missing:$missing"
	exit 1
fi

known=$top_src/tests/jsdiff/known-differences.txt
start=$(date +%s)
"$node" "$top_src/tests/jsdiff/run.mjs" --work "$work/run" --diff "$work/jsdiff.diff" \
	--known "$known" >"$work/run.out" 2>"$work/run.err"
rc=$?
secs=$(( $(date +%s) - start ))
[ -n "${KIT_JSDIFF_OUT:-}" ] && cp "$work/jsdiff.diff" "$KIT_JSDIFF_OUT"
if [ "$rc" -ne 0 ]; then
	fail run "tests/jsdiff/run.mjs exited $rc: $(tail -5 "$work/run.err" | tr '\n' ' ')"
	suite_end
fi
# run.mjs's own diagnostics (a file that did not bundle or load) go to the log
cat "$work/run.err"

summary=$(grep -E '^[0-9]+ of [0-9]+ differ' "$work/run.out")
if [ -n "$summary" ]; then
	pass "$summary (${secs} s)"
else
	fail summary "run.mjs printed no 'N of M differ' line: $(tail -5 "$work/run.out" | tr '\n' ' ')"
fi

regressions=$(grep -c '^regression: ' "$work/run.out")
stale=$(grep -c '^stale: ' "$work/run.out")
agree=$(grep -c '^agrees: ' "$work/run.out")
listed=$(grep -cvE '^(#|$)' "$known")
if [ "$regressions" -eq 0 ]; then
	pass "no snippet differs that known-differences.txt does not list"
else
	grep '^regression: ' "$work/run.out" | head -50 | while IFS= read -r line; do
		id=${line#regression: }
		fail "${id%%: *}" "differs and is not in tests/jsdiff/known-differences.txt (${id#*: })"
	done
	[ "$regressions" -gt 50 ] && fail regressions "$regressions snippets differ that are not listed (50 shown)"
fi
if [ "$stale" -eq 0 ]; then
	pass "every id of known-differences.txt exists"
else
	fail stale "known-differences.txt lists $stale ids the corpus no longer has: $(grep '^stale: ' "$work/run.out" | head -10 | sed 's/^stale: //' | tr '\n' ' ')"
fi
pass "$agree of $listed listed differences now agree$([ "$agree" -gt 0 ] && printf ' (remove them from known-differences.txt: %s)' "$(grep '^agrees: ' "$work/run.out" | head -20 | sed 's/^agrees: //' | tr '\n' ' ')")"

# the generated snippet files are what generate.mjs writes
if "$node" "$top_src/tests/jsdiff/generate.mjs" --check >"$work/generate.out" 2>&1; then
	pass "tests/jsdiff/generated/ is what generate.mjs writes"
else
	fail generated "tests/jsdiff/generated/ is out of date (node tests/jsdiff/generate.mjs): $(head -5 "$work/generate.out" | tr '\n' ' ')"
fi
suite_end
