#!/bin/bash
# inline-actions.sh — inline "use server" functions that close over a
# component's variables (docs/actions.md §1). First the transform alone
# (tests/inline-actions/transform.mjs: a table of modules, the hoisted code
# run in Node: what it captures, shadowing, nested functions, arrows, default
# parameters, destructuring, a loop's per-iteration let, values at creation,
# the build errors). Then tests/inline-actions/app built by kit-build and
# served behind lighttpd (tests/inline-actions/check.mjs): Next.js's everyday
# form (a page closing over the user it read) without JavaScript, changed,
# forged and swapped sealed values refused with 403 and a log line, the
# captured values unreadable in the HTML; then the same form in Chromium.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin inline-actions
suite_need node "the build needs it"
node=${NODE:-node}
"$node" "$top_src/tests/inline-actions/transform.mjs" || failed=1

[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] || { skip "the app: lighttpd is not installed"; suite_end; }
suite_work inline-actions
suite_app tests/inline-actions/app
app=$work/app
pass "kit-build of an app whose page closes over its variables in an inline action"
check "kit-build wrote a key of 32 bytes for this build beside server.js" \
	test "$(base64 -d "$app/.kit/action-key" 2>/dev/null | wc -c)" -eq 32
check "... and the key is not in the bundle" bash -c '! grep -qF "$(cat "$1/.kit/action-key")" "$1/.kit/server.js"' _ "$app"
check "the browser bundle holds no server action code" bash -c 'ls "$1"/.kit/static/*.js >/dev/null && ! grep -ql renameUser "$1"/.kit/static/*.js' _ "$app"
key1=$(cat "$app/.kit/action-key")
check "the published build holds the same key" cmp -s "$app/.kit/action-key" "$app/.kit-store/builds/$(cat "$app/.kit/version")/action-key"
"$top_build/kit-build" "$app" >"$work/build2.log" 2>&1
check "the same version built again keeps its key (its stored pages and responders agree)" \
	test "$(cat "$app/.kit/action-key")" = "$key1"
chmod -R a+rX "$work"
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
	skip "the browser checks: /usr/bin/chromium is not installed"
elif ! kit_npm_ci "$top_src/tests/client" "$work"; then
	fail "npm ci of tests/client (playwright-core)" "$KIT_NPM_ERROR"
else
	setsid "$node" "$top_src/tests/inline-actions/check.mjs" "$KIT_SERVE_BASE" "$top_src/tests/client/node_modules/playwright-core" &
	browser_sid=$!
	wait "$browser_sid" || failed=1
	stop_browser
fi
check "an action closing over a function fails the render (500)" \
	test "$(curl -s -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/bad")" = 500
# each refusal is logged by the responder, naming the action
logs=$(cat "$work/serve.log" "$work/serve/"*.log 2>/dev/null)
check "the refusals are logged (403, the action, why)" \
	test "$(grep -c "403 POST .*refused (403): The action's sealed values do not verify" <<<"$logs")" -ge 6
check "... and the log names the variable and what it is" \
	grep -q 'the inline server action [0-9a-f]*#go closes over `shout`, a function' <<<"$logs"
kit_serve_stop || fail "kit-serve stops" "$KIT_SERVE_ERROR"

# one server sealing and another opening: the same KIT_SERVER_ACTIONS_KEY
# makes them agree, a different key refuses
key=$(head -c 32 /dev/urandom | base64)
KIT_SERVER_ACTIONS_KEY=$key kit_serve_start lighttpd "$app" "$work/serve2" || fail "kit-serve starts with KIT_SERVER_ACTIONS_KEY" "$KIT_SERVE_ERROR"
page=$(curl -s "$KIT_SERVE_BASE/users/5")
kit_serve_stop
KIT_SERVER_ACTIONS_KEY=$key kit_serve_start lighttpd "$app" "$work/serve3" || fail "kit-serve starts again" "$KIT_SERVE_ERROR"
post_form() {
	"$node" -e '
const [base, html] = [process.argv[1], process.argv[2]];
const un = (s) => s.replace(/&quot;/g, "\"").replace(/&amp;/g, "&");
const form = /<form[^>]*id="rename"[^>]*>(.*?)<\/form>/.exec(html)[1];
const fd = new FormData();
for (const m of form.matchAll(/<input type="hidden" name="([^"]*)"(?: value="([^"]*)")?\/>/g)) fd.append(un(m[1]), m[2] ? un(m[2]) : "");
fd.append("name", "Shared");
fetch(base + "/users/5", { method: "POST", body: fd, headers: { Origin: base } }).then((r) => console.log(r.status));
' "$KIT_SERVE_BASE" "$page"
}
check "a page sealed by one server opens on another with the same KIT_SERVER_ACTIONS_KEY" test "$(post_form)" = 200
kit_serve_stop
KIT_SERVER_ACTIONS_KEY=$(head -c 32 /dev/urandom | base64) kit_serve_start lighttpd "$app" "$work/serve4" || fail "kit-serve starts with another key" "$KIT_SERVE_ERROR"
check "... and is refused (403) by one with another key" test "$(post_form)" = 403
kit_serve_stop
kit_serve_start lighttpd "$app" "$work/serve5" || fail "kit-serve starts without KIT_SERVER_ACTIONS_KEY" "$KIT_SERVE_ERROR"
check "... and by one without the variable (the build's key)" test "$(post_form)" = 403
kit_serve_stop
sed -i 's/<main>/<main className="v2">/' "$app/src/app/users/[id]/page.tsx"  # a new version
"$top_build/kit-build" "$app" >"$work/build3.log" 2>&1
check "a new version gets a new key" test "$(cat "$app/.kit/action-key")" != "$key1"
suite_end
