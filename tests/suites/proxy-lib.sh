#!/usr/bin/env bash
# A Proxy-based library from npm in kit's engine (mujs patches 0600, 0601):
# immer, pinned by tests/proxy/package-lock.json and installed here with npm
# ci. tests/proxy/case.mjs is bundled as an app module is
# (toolchain/bundle.mjs: esbuild, SWC to ES5) and run in tests/mujs/mujs-run
# after the runtime; Node runs it as it is; both must print the same lines.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin proxy-lib
. "$top_src/tests/lib/npm.sh"
suite_work proxy
if ! kit_npm_ci "$top_src/tests/proxy" "$work"; then
	echo "FAIL: proxy-lib: npm ci in tests/proxy: $KIT_NPM_ERROR"
	exit 1
fi
printf "import '%s/tests/proxy/case.mjs';\n" "$top_src" >"$work/entry.js"
job=$(printf '{"entry":"%s","outfile":"%s","root":"%s","entryName":"entry.js"}' \
	"$work/entry.js" "$work/bundle.js" "$top_src/tests/proxy")
if ! node "$top_src/toolchain/bundle.mjs" "$job" >"$work/bundle.out" 2>&1; then
	fail "bundle" "toolchain/bundle.mjs failed: $(head -c 2000 "$work/bundle.out")"
	suite_end
fi
(cd "$top_src/tests/proxy" && node case.mjs) >"$work/node.txt" 2>&1
"$top_build/tests/mujs/mujs-run" "$top_src/runtime/mujs-fixes.js" "$top_src/runtime/prelude.js" \
	"$top_build/runtime/polyfills.js" "$work/bundle.js" >"$work/kit.txt" 2>&1
if [ "$(wc -l <"$work/node.txt")" -ge 10 ] && cmp -s "$work/node.txt" "$work/kit.txt"; then
	pass "immer: $(wc -l <"$work/node.txt") lines as in Node"
else
	fail "immer" "kit's engine and Node differ: $(diff "$work/node.txt" "$work/kit.txt" | head -c 2000)"
fi
suite_end
