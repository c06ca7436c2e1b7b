#!/bin/bash
# hydration.sh — kit's streamed documents hydrate in headless Chromium.
#
# kit-serve (lighttpd) serves examples/hello (/, /about, /streaming, /slow,
# /moved-later, which must end at /about?from=moved-later) and then
# examples/streaming (/, /boundary-error: errors inside boundaries whose
# digests must reach the client's error boundaries, /nested, /many: 1,000
# boundaries). tests/browser/hydrate.mjs puts a streaming proxy in front that
# adds the test client (tests/browser/client-entry.jsx: React 19 + the Flight
# client, bundled with esbuild from toolchain/node_modules) to each document,
# and drives /usr/bin/chromium with playwright-core (tests/browser/package.json,
# installed with npm ci into tests/browser/node_modules when missing).
# Checks: no recoverable/uncaught errors, the caught ones carry the E rows'
# digests, no console errors, the server's DOM nodes stay the same nodes,
# fallbacks replaced by the content, boundary comments all "$".
#
# The pages have no client component, so kit would send no Flight rows in the
# document: the responders run with KIT_INLINE_FLIGHT=always (fcgi/README.md),
# which lighttpd passes on to them.
# SKIP only when chromium or lighttpd is not installed.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"
. "$KIT_TOP_SRCDIR/tests/lib/npm.sh"

node=${NODE:-node}
browser_dir=$KIT_TOP_SRCDIR/tests/browser
toolchain=$KIT_TOP_SRCDIR/toolchain/node_modules
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}

[ -x "$chromium" ] || {
	echo "SKIP: hydration: $chromium is not installed (apt-get install chromium)"
	exit 0
}
[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] || {
	echo "SKIP: hydration: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
}
command -v "$node" >/dev/null || {
	fail hydration "node is not installed"
	exit 1
}
for p in kit-serve kit-build kit-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$p" ] || {
		fail hydration "$KIT_TOP_BUILDDIR/$p is not built (run make)"
		exit 1
	}
done
for m in esbuild react react-dom react-server-dom-webpack; do
	[ -f "$toolchain/$m/package.json" ] || {
		fail hydration "$toolchain/$m is missing (make installs the toolchain)"
		exit 1
	}
done

suite_work hydration
export KIT_INLINE_FLIGHT=always

if ! kit_npm_ci "$browser_dir" "$work"; then
	fail "hydration: npm ci in tests/browser" "$KIT_NPM_ERROR"
	exit 1
fi
[ -n "$KIT_NPM_INSTALLED" ] && pass "hydration: npm ci in tests/browser"

hydrate_app() { # hydrate_app NAME: build examples/NAME, serve it, run its pages
	local name=$1 app=$KIT_TOP_SRCDIR/examples/$1
	if ! (cd "$app" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build-$name.log" 2>&1; then
		fail "hydration: kit-build examples/$name" "$(tail -n 5 "$work/kit-build-$name.log" | tr '\n' ' ')"
		return
	fi
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
	if ! kit_serve_start lighttpd "$app" "$work/run-$name"; then
		fail "hydration: $name: kit-serve starts" "$KIT_SERVE_ERROR"
		return
	fi
	KIT_CHROMIUM=$chromium setsid "$node" "$browser_dir/hydrate.mjs" --base "$KIT_SERVE_BASE" --label "$name" --app "$name" \
		--toolchain "$toolchain" --cache "$work/cache" </dev/null &
	browser_sid=$!
	wait "$browser_sid" || failed=1
	local left
	left=$(browser_left)
	if [ -n "$left" ]; then
		fail "hydration: $name: the browser test leaves no process behind" "still running: $(ps -o pid=,args= -p "$(echo "$left" | paste -sd,)" | cut -c1-200 | tr '\n' ';')"
	fi
	stop_browser
	check_stop "hydration: $name"
	unset KIT_FCGI
}

hydrate_app hello
hydrate_app streaming
exit $failed
