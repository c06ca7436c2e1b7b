#!/bin/bash
# actions.sh — server actions in headless Chromium (docs/actions.md): a copy of
# examples/hello built by kit-build, served by kit-serve behind lighttpd, and
# tests/client/actions.mjs over its /notes page: an action revalidating the
# page in place, a validation error through useActionState, a redirect, a
# refused action, hydration of the action forms, and no-JS form posts.
# (The HTTP side — every bad input and refusal — is tests/http/hello/action-*.)
# playwright-core is installed with npm ci into tests/client when missing.
# SKIP when chromium or lighttpd is missing.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"
. "$KIT_TOP_SRCDIR/tests/lib/npm.sh"

node=${NODE:-node}
client_dir=$KIT_TOP_SRCDIR/tests/client
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || { echo "SKIP: actions: $chromium is not installed"; exit 0; }
[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] || { echo "SKIP: actions: lighttpd is not installed"; exit 0; }

suite_work actions

if ! kit_npm_ci "$client_dir" "$work"; then
	fail "actions: npm ci in tests/client" "$KIT_NPM_ERROR"
	exit 1
fi
[ -n "$KIT_NPM_INSTALLED" ] && pass "actions: npm ci in tests/client"

app=$work/hello
mkdir -p "$app"
for f in src public package.json tsconfig.json; do
	[ -e "$KIT_TOP_SRCDIR/examples/hello/$f" ] && cp -a "$KIT_TOP_SRCDIR/examples/hello/$f" "$app/"
done
chmod -R a+rX "$app"
if ! (cd "$app" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
	fail "actions: kit-build examples/hello" "$(grep -m 3 -E '^(error|  fix)' "$work/kit-build.log" | tr '\n' ' ')"
	exit 1
fi
# the browser bundle holds stubs only: no server function's code
if grep -l 'hunter2' "$app/.kit/static/"*.js >/dev/null 2>&1; then
	fail "actions: the browser bundle holds no server action code" "$(grep -l 'hunter2' "$app/.kit/static/"*.js | head -3 | tr '\n' ' ')"
elif grep -q 'hunter2' "$app/.kit/server.js" && grep -lq '#explode' "$app/.kit/static/"*.js; then
	pass "actions: the browser bundle holds no server action code (only its references)"
else
	fail "actions: the browser bundle holds no server action code" "the check itself is broken: server.js lacks the action or no static file names it"
fi
export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
if ! kit_serve_start lighttpd "$app" "$work/run"; then
	fail "actions: kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
KIT_CHROMIUM=$chromium setsid "$node" "$client_dir/actions.mjs" --base "$KIT_SERVE_BASE" </dev/null >"$work/out" 2>"$work/err" &
browser_sid=$!
wait "$browser_sid"
rc=$?
grep -E '^(PASS|FAIL|SKIP): ' "$work/out"
grep -q '^FAIL: ' "$work/out" && failed=1
if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$work/out"; then
	fail "actions: actions.mjs" "exited $rc: $(tail -n 20 "$work/err" "$work/out" | tr '\n' ' ' | cut -c1-1500)"
fi
stop_browser
check_stop "actions"
exit $failed
