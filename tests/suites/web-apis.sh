#!/usr/bin/env bash
# web-apis.sh — kit's Request/Response/Headers/URL/FormData (js/server/web/)
# in mujs, and the same assertions on Node's native classes.
#
# tests/mujs/entry-mujs.ts and entry-node.ts are bundled exactly like an app
# (toolchain/bundle.mjs: esbuild, then SWC to ES5). The mujs bundle runs in
# tests/mujs/mujs-run (built by `make check`) after runtime/mujs-fixes.js,
# runtime/prelude.js and runtime/polyfills-web.js (a kit-build has the same
# in two parts: runtime/polyfills-shared.js in server.js, and
# runtime/polyfills-url.js as a chunk the web classes load); the Node
# bundle runs in node. Test lines are "PASS: web/<name>" (mujs) and
# "PASS: web/node/<name>" (Node: an expectation failing there is not the
# platform's behaviour). Each run must end with its DONE line.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""
runner=$top_build/tests/mujs/mujs-run
modules=$top_build/toolchain/node_modules
suite_work web-apis

missing=
command -v "$node" >/dev/null 2>&1 || missing="$missing node"
[ -x "$runner" ] || missing="$missing $runner (make check builds it)"
[ -e "$modules/esbuild/package.json" ] || missing="$missing $modules (make runs npm ci)"
[ -e "$modules/core-js/package.json" ] || missing="$missing $modules/core-js"
[ -e "$top_build/runtime/polyfills-web.js" ] || missing="$missing runtime/polyfills-web.js (make builds it)"
if [ -n "$missing" ]; then
	fail "web" "missing:$missing"
	exit 1
fi

status=0
# bundle TARGET: tests/mujs/entry-<target>.ts → $work/<target>.js
bundle() {
	local target=$1
	printf "import '%s/tests/mujs/entry-%s.ts';\n" "$top_src" "$target" >"$work/entry-$target.js"
	local job
	job=$(printf '{"entry":"%s","outfile":"%s","root":"%s","entryName":"tests/mujs/entry-%s.js","alias":{"core-js":"%s"}}' \
		"$work/entry-$target.js" "$work/$target.js" "$top_src" "$target" "$modules/core-js")
	if ! "$node" "$top_src/toolchain/bundle.mjs" "$job" >"$work/bundle-$target.out" 2>&1; then
		fail "web/$target-bundle" "toolchain/bundle.mjs failed: $(head -c 2000 "$work/bundle-$target.out")"
		return 1
	fi
}

# check TARGET PREFIX RC: the run's lines, its DONE line, its exit status
check() {
	local target=$1 prefix=$2 rc=$3 out=$work/$1.out
	grep -E '^(PASS|FAIL): ' "$out"
	if ! grep -q "^DONE: $prefix " "$out"; then
		fail "${prefix}run" "the $target run stopped before its last test (exit $rc): $(grep -vE '^(PASS|FAIL|DONE): ' "$out" | tail -5 | tr '\n' ' ')"
		status=1
	elif [ "$rc" -ne 0 ]; then
		fail "${prefix}run" "the $target run exited $rc: $(grep -vE '^(PASS|FAIL|DONE): ' "$out" | tail -5 | tr '\n' ' ')"
		status=1
	fi
	grep -q '^FAIL: ' "$out" && status=1
}

if bundle mujs; then
	"$runner" "$top_src/runtime/mujs-fixes.js" "$top_src/runtime/prelude.js" \
		"$top_build/runtime/polyfills-web.js" "$work/mujs.js" >"$work/mujs.out" 2>&1
	check mujs web/ $?
else
	status=1
fi

if bundle node; then
	# the bundle is chunks (__kit_define calls): the registry goes first
	cat "$top_src/tests/mujs/chunks-node.js" "$work/node.js" >"$work/node-run.js"
	"$node" "$work/node-run.js" >"$work/node.out" 2>&1
	check node web/node/ $?
else
	status=1
fi
exit $status
