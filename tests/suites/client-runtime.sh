#!/bin/bash
# client-runtime.sh — kit's browser runtime (js/client/, js/Link.tsx,
# js/router.ts, the navigation hooks) in headless Chromium.
#
# tests/client/run.mjs bundles js/client/entry.ts and the test app's client
# components with esbuild from toolchain/node_modules (ESM, splitting, React
# 19.3.1: as kit-build does), serves hand-written documents and navigation
# answers (tests/client/pages.mjs, server.mjs: 200 + X-RSC-Segment-Depth, 204 +
# X-RSC-Redirect, 409, 500) and drives /usr/bin/chromium with playwright-core
# (tests/client/package.json, installed with npm ci into tests/client/node_modules
# when missing or not the locked version). Checks hydration (no errors, the
# server's nodes kept), client state, Link navigations that replace only what
# is below the shared layout, data-pending/useLinkStatus, prefetch modes and
# cacheFor, push/replace, back/forward from the cache, scroll, what is left to
# the browser, 409 → full load, 204 redirects, redirect digests.
# KIT_CLIENT_BASE=<url> runs the same checks against a server already running.
# SKIP only when chromium is not installed.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
. "$top_src/tests/lib/npm.sh"
suite_begin client-runtime
client_dir=$top_src/tests/client
toolchain=${KIT_NODE_MODULES:-$top_build/toolchain/node_modules}
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}

[ -x "$chromium" ] || {
	echo "SKIP: client-runtime: $chromium is not installed (apt-get install chromium)"
	exit 0
}
command -v "$node" >/dev/null || {
	echo "FAIL: client-runtime: node is not installed"
	exit 1
}
for m in esbuild react react-dom react-server-dom-webpack; do
	[ -f "$toolchain/$m/package.json" ] || {
		echo "FAIL: client-runtime: $toolchain/$m is missing (make installs the toolchain)"
		exit 1
	}
done

suite_work client-runtime

if ! kit_npm_ci "$client_dir" "$work"; then
	echo "FAIL: client-runtime: npm ci in tests/client: $KIT_NPM_ERROR"
	exit 1
fi
[ -n "$KIT_NPM_INSTALLED" ] && echo "PASS: client-runtime: npm ci in tests/client"

# The modules apps import are also compiled into the server bundle (mujs):
# bundle tests/client/ssr-entry.js like an app and run it there.
mujs_run=$top_build/tests/mujs/mujs-run
ssr_status=0
if [ -x "$mujs_run" ] && [ -f "$top_build/runtime/polyfills.js" ]; then
	alias=$(printf '{"react":"%s/js/server/react.ts","react/jsx-runtime":"%s/js/server/jsx-runtime.ts","@kit/core":"%s/js"}' "$top_src" "$top_src" "$top_src")
	job=$(printf '{"entry":"%s","entryName":"ssr-entry.js","outfile":"%s","root":"%s","mode":"production","alias":%s}' \
		"$client_dir/ssr-entry.js" "$work/ssr.js" "$client_dir" "$alias")
	if "$node" "$top_src/toolchain/bundle.mjs" "$job" >"$work/ssr-bundle.out" 2>&1; then
		"$mujs_run" "$top_src/runtime/mujs-fixes.js" "$top_src/runtime/prelude.js" "$top_build/runtime/polyfills.js" \
			"$work/ssr.js" >"$work/ssr.out" 2>&1
		rc=$?
		grep -E '^(PASS|FAIL): ' "$work/ssr.out"
		grep -q '^FAIL: ' "$work/ssr.out" && ssr_status=1
		if [ "$rc" -ne 0 ] || [ "$(grep -c '^PASS: ' "$work/ssr.out")" -ne 6 ]; then
			ssr_status=1
			echo "FAIL: client/ssr: mujs-run exited $rc: $(grep -v '^PASS: ' "$work/ssr.out" | tail -n 5 | tr '\n' ' ')"
		fi
	else
		ssr_status=1
		echo "FAIL: client/ssr: the server bundle of tests/client/ssr-entry.js: $(tail -c 1500 "$work/ssr-bundle.out")"
	fi
else
	echo "SKIP: client/ssr: $mujs_run is not built (make check builds it)"
fi

args=()
[ -n "${KIT_CLIENT_BASE:-}" ] && args+=(--base "$KIT_CLIENT_BASE")
KIT_CHROMIUM=$chromium KIT_NODE_MODULES=$toolchain KIT_CLIENT_OUT=$work/out \
	setsid "$node" "$client_dir/run.mjs" "${args[@]}" </dev/null >"$work/run.out" 2>"$work/run.err" &
browser_sid=$!
wait "$browser_sid"
rc=$?
grep -E '^(PASS|FAIL|SKIP): ' "$work/run.out"
status=$ssr_status
if [ "$rc" -ne 0 ]; then
	status=1
	grep -q '^FAIL: ' "$work/run.out" ||
		echo "FAIL: client-runtime: run.mjs exited $rc: $(tail -n 20 "$work/run.err" "$work/run.out" | tr '\n' ' ' | cut -c1-1500)"
fi
left=$(browser_left)
if [ -n "$left" ]; then
	echo "FAIL: client-runtime: the browser test leaves no process behind: still running: $(ps -o pid=,args= -p "$(echo "$left" | paste -sd,)" | cut -c1-200 | tr '\n' ';')"
	status=1
fi
stop_browser
exit "$status"
