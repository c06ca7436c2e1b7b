#!/usr/bin/env bash
# The search-state adapter (@kit/core/nuqs) with the real nuqs from npm (an
# optional peer dependency, installed into the test app here): the server
# renders from the request's query, a shallow update changes only the URL and
# informs useSearchParams, a non-shallow one refetches the payload in place
# keeping client state — in headless Chromium, behind lighttpd.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin nuqs
lighttpd_bin=${LIGHTTPD:-$(command -v lighttpd || echo /usr/sbin/lighttpd)}
if [ ! -x /usr/bin/chromium ] || [ ! -x "$lighttpd_bin" ]; then
	echo "SKIP: nuqs: needs /usr/bin/chromium and lighttpd"
	exit 0
fi
pw=$top_src/tests/client/node_modules/playwright-core
if [ ! -d "$pw" ]; then
	(cd "$top_src/tests/client" && npm ci --no-audit --no-fund >/dev/null 2>&1) || {
		echo "FAIL: nuqs: could not install playwright-core in tests/client"; exit 1; }
fi
suite_work nuqs
cp -R "$top_src/tests/nuqs/app" "$work/app"
if ! (cd "$work/app" && npm ci --no-audit --no-fund) >"$work/npm.log" 2>&1; then
	echo "FAIL: nuqs: npm ci of the test app failed (see $work/npm.log)"
	exit 1
fi
if ! "$top_build/kit-build" "$work/app" >"$work/build.log" 2>&1; then
	echo "FAIL: nuqs: kit-build failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
echo "PASS: nuqs: an app importing nuqs builds (kit's adapter resolves the app's nuqs)"
if ! kit_serve_start lighttpd "$work/app" "$work/serve"; then
	echo "FAIL: nuqs: kit-serve: $KIT_SERVE_ERROR"
	exit 1
fi
node "$top_src/tests/nuqs/check.mjs" "$KIT_SERVE_BASE" "$pw"
