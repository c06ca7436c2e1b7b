#!/usr/bin/env bash
# tests/suites/conformance.sh — kit's output against React 19.3's own.
#
# Builds the corpus app tests/conformance/app with kit-build, then:
#   golden-html.mjs       kit's HTML == Fizz's golden HTML (tests/conformance/react-golden/golden/html)
#   flight-roundtrip.mjs  kit's Flight, decoded by react-server-dom-webpack's client and
#                         rendered by react-dom/server == the same for React's own Flight server
#   client-roundtrip.mjs  the same for tests/conformance/client-app (client components:
#                         useId ids, promises passed as props), and kit's own HTML
# All compare token for token, attribute and style-declaration order included (tests/conformance/compare.mjs).
# React comes from the toolchain's node_modules (KIT_NODE_MODULES overrides); the
# scripts load it by path, so nothing depends on the current directory or NODE_PATH.
# Scratch files (builds, both payloads, decoded HTML) are kept when a test fails.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""
export KIT_NODE_MODULES=${KIT_NODE_MODULES:-$top_build/toolchain/node_modules}
here=$top_src/tests/conformance

if ! command -v node >/dev/null 2>&1; then
	echo "SKIP: conformance: node is not installed"
	exit 0
fi
for f in kit-build kit.cgi; do
	if [ ! -x "$top_build/$f" ]; then
		echo "FAIL: conformance: $top_build/$f is missing (run make)"
		exit 1
	fi
done
if [ ! -d "$KIT_NODE_MODULES/react-server-dom-webpack" ]; then
	echo "FAIL: conformance: no react-server-dom-webpack in $KIT_NODE_MODULES (run make, which installs the toolchain)"
	exit 1
fi

suite_work conformance
status=0

# The app is built in a copy: the source tree may be read-only, and concurrent
# runs must not share a .kit/.
cp -R "$here/app" "$work/app"
rm -rf "$work/app/.kit"
# the pages have no client component: keep their Flight rows (stored ones too) to check them
if KIT_INLINE_FLIGHT=always KIT_DATADIR=$top_src "$top_build/kit-build" "$work/app" >"$work/kit-build.log" 2>&1; then
	echo "PASS: conformance/kit-build"
else
	echo "FAIL: conformance/kit-build: kit-build failed: $(tail -n 20 "$work/kit-build.log" | tr '\n' ' ')"
	echo "scratch files kept in $work"
	KIT_KEEP_TMP=1
	exit 1
fi

# Runs one script; a script that dies without saying FAIL still counts as one.
run() {
	local name=$1
	shift
	node "$@" >"$work/$name.out" 2>"$work/$name.err"
	local rc=$?
	cat "$work/$name.out"
	if [ "$rc" -ne 0 ]; then
		status=1
		if ! grep -q '^FAIL: ' "$work/$name.out"; then
			echo "FAIL: conformance/$name: exited $rc: $(tail -n 20 "$work/$name.err" | tr '\n' ' ')"
		fi
	fi
}

run golden-html "$here/golden-html.mjs" "$work/app"
run flight-roundtrip "$here/flight-roundtrip.mjs" "$work/app" "$work/roundtrip"

# client components (useId in nested client components, promises as props):
# the same round trip with the "use client" modules loaded in Node
cp -R "$here/client-app" "$work/client-app"
rm -rf "$work/client-app/.kit"
if KIT_DATADIR=$top_src "$top_build/kit-build" "$work/client-app" >"$work/kit-build-client.log" 2>&1; then
	echo "PASS: conformance/kit-build client-app"
	run client-roundtrip "$here/client-roundtrip.mjs" "$work/client-app" "$work/client-roundtrip"
else
	echo "FAIL: conformance/kit-build client-app: kit-build failed: $(tail -n 20 "$work/kit-build-client.log" | tr '\n' ' ')"
	status=1
fi

if [ "$status" -ne 0 ]; then
	echo "scratch files kept in $work (ours/ and reference/ hold both payloads and their HTML)"
	KIT_KEEP_TMP=1
fi
exit "$status"
