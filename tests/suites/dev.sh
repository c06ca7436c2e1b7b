#!/bin/bash
# dev.sh — development mode: `kit-serve --dev` (contrib/kit-serve.in) and the
# kit-build flags it runs (--dev, --no-prerender, --no-host-command,
# --watch-paths; build/main.c), on a small app written here with a
# hostManifest command (backend/manifest.mjs writes rsc-host.json from
# backend/registry.json and counts its runs in runs.log).
#
# 1. kit-build: --watch-paths names src, public, kit.config.json,
#    rsc-host.json and hostManifest.watch; a failing command fails a build
#    but only warns with --dev, and the rsc-host.json that was there is put
#    back; --no-prerender stores nothing.
# 2. kit-serve --dev behind lighttpd: the first build is served; an edited
#    page is served after the rebuild (polled, no timing assertion) and the
#    command did not run for it; a syntax error is printed naming the file,
#    the last good page keeps being served (a page load accepting text/html
#    gets the error page naming the file; in headless Chromium,
#    tests/client/dev-reload.mjs, that page reloads by itself into the fixed
#    build), the fix is served again; a change of a
#    hostManifest.watch path re-runs the command (the generated actions
#    module changes); a failing command is reported, rsc-host.json is kept
#    and the app keeps being served and rebuilt; an edit of rsc-host.json
#    regenerates the module without running the command; SIGTERM leaves no process
#    (kit_serve_stop checks the whole tree: lighttpd, responders, inotifywait).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
. "$top_src/tests/lib/npm.sh"
suite_begin dev

httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ] || [ ! -x "$httpd" ]; then
	echo "SKIP: dev: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
fi
if ! command -v inotifywait >/dev/null; then
	echo "SKIP: dev: inotifywait is not installed (apt-get install inotify-tools)"
	exit 0
fi
kit_build=$top_build/kit-build

suite_work dev

# --- the app ------------------------------------------------------------------
make_app() { # make_app DIR
	mkdir -p "$1/src/app" "$1/backend" "$1/public"
	cat >"$1/kit.config.json" <<'EOF'
{ "hostManifest": { "command": ["node", "manifest.mjs"], "cwd": "backend", "watch": ["backend"] } }
EOF
	cat >"$1/backend/manifest.mjs" <<'EOF'
// writes ../rsc-host.json from registry.json; {"fail": true} there makes it
// clobber rsc-host.json with half a file and fail, as a broken backend might
import fs from 'node:fs';
fs.appendFileSync('../runs.log', 'run\n');
const reg = JSON.parse(fs.readFileSync('registry.json', 'utf8'));
if (reg.fail) {
  fs.writeFileSync('../rsc-host.json', '{"functions": [');
  console.error('registry: Orders.cancel has no handler');
  process.exit(3);
}
fs.writeFileSync('../rsc-host.json', JSON.stringify(reg, null, 2) + '\n');
EOF
	registry "$1" '"ordersCancel": "Orders.cancel"'
	cat >"$1/src/app/layout.tsx" <<'EOF'
export default function Layout({ children }: { children: React.ReactNode }) {
  return <html><body>{children}</body></html>;
}
EOF
	page "$1" one
	echo 'hello' >"$1/public/robots.txt"
}
registry() { # registry DIR ACTIONS: backend/registry.json with these actions
	printf '{ "actions": { %s },\n  "functions": ["Orders.cancel", "Orders.refund"] }\n' "$2" >"$1/backend/registry.json"
}
page() { # page DIR TEXT: src/app/page.tsx showing "dev-page: TEXT"
	printf 'export default function Home() {\n  return <p>dev-page: %s</p>;\n}\n' "$2" >"$1/src/app/page.tsx"
}
runs() { [ -f "$1/runs.log" ] && wc -l <"$1/runs.log" | tr -d ' ' || echo 0; }

# --- 1. kit-build's development flags ------------------------------------------
b=$work/build
make_app "$b"
"$kit_build" --watch-paths "$b" >"$work/watch" 2>&1
printf 'build src\nbuild public\nbuild kit.config.json\nbuild rsc-host.json\nmanifest backend\n' >"$work/watch.expect"
check "kit-build --watch-paths" cmp -s "$work/watch" "$work/watch.expect"

"$kit_build" --no-prerender "$b" >"$work/b1.log" 2>&1
check "kit-build --no-prerender builds" grep -q 'Published version [0-9a-f]* (0 stored files)' "$work/b1.log"
check "--no-prerender: every route per request" grep -q 'ƒ / .*not prerendered' "$work/b1.log"
cp "$b/rsc-host.json" "$work/host.before"
sed -i 's/^{/{ "fail": true,/' "$b/backend/registry.json"
if "$kit_build" --no-prerender "$b" >"$work/b2.log" 2>&1; then
	fail "a failing command fails a build" "kit-build exited 0: $(tail -n 5 "$work/b2.log")"
else
	check "a failing command fails a build" grep -q 'error: kit.config.json: hostManifest: the command `node manifest.mjs`' "$work/b2.log"
fi
cp "$work/host.before" "$b/rsc-host.json"
if "$kit_build" --dev --no-prerender "$b" >"$work/b3.log" 2>&1; then
	check "--dev: a failing command is a warning" grep -q 'warning: kit.config.json: hostManifest: the command `node manifest.mjs` (in backend) failed (exit status 3)' "$work/b3.log"
	check "--dev: the command's stderr is shown" grep -q 'Orders.cancel has no handler' "$work/b3.log"
	check "--dev: rsc-host.json put back" cmp -s "$work/host.before" "$b/rsc-host.json"
	check "--dev: says the build goes on with it" grep -q 'warning: rsc-host.json: dev: the build goes on with the rsc-host.json that was there' "$work/b3.log"
else
	fail "--dev: a failing command is a warning" "kit-build --dev exited non-zero: $(tail -n 8 "$work/b3.log")"
fi
n=$(runs "$b")
"$kit_build" --no-host-command --no-prerender "$b" >"$work/b4.log" 2>&1
check "--no-host-command: builds without running the command" test "$? $(runs "$b")" = "0 $n"
"$kit_build" --dev --versions "$b" >"$work/b5.log" 2>&1
check "--dev goes with a build only (exit 2)" test $? = 2

# --- 2. kit-serve --dev -----------------------------------------------------------
app=$work/app
make_app "$app"
log=$work/run.log

# wait_for NAME SECONDS COMMAND...: polls COMMAND every 0.3 s; generous
# bounds only (a rebuild takes seconds, longer under load)
wait_for() {
	local name=$1 secs=$2 i
	shift 2
	for i in $(seq 1 $((secs * 10 / 3))); do
		"$@" && { pass "$name"; return 0; }
		sleep 0.3
	done
	fail "$name" "not within $secs s: $* (log: $(tail -n 12 "$log" | tr '\n' ' '))"
	return 1
}
get() { curl -s --max-time 20 "$@"; }
serves() { get "$KIT_SERVE_BASE/" | grep -q "dev-page: $1"; }
logged() { grep -qF -- "$1" "$log"; }
count() { grep -cF -- "$1" "$log"; }
builds() { grep -cE '^kit-serve: (re)?built in' "$log"; } # the first build says "built in", the others "rebuilt in N ms"
built_since() { [ "$(builds)" -gt "$1" ]; } # built_since N: more builds than N
gen=$app/src/server-actions.generated.ts

if ! KIT_SERVE_START_SECS=120 kit_serve_start lighttpd "$app" "$work/run" --dev; then
	fail "kit-serve --dev starts" "$KIT_SERVE_ERROR"
	exit 1
fi
pass "kit-serve --dev starts (builds first)"
check "the first build is served" serves one
check "the command ran once at start" test "$(runs "$app")" = 1
check "the generated actions module" grep -q ordersCancel "$gen"
check "public/ is served" sh -c "curl -s '$KIT_SERVE_BASE/robots.txt' | grep -q hello"
check "nothing stored (--no-prerender)" sh -c "! curl -s -D - -o /dev/null '$KIT_SERVE_BASE/' | grep -qi '^x-rsc-kit: stored'"

sleep 3
check "the build's own writes are no change" test "$(count 'kit-serve: changed:')" = 0
page "$app" two
wait_for "an edited page is served after the rebuild" 90 serves two
check "a page edit does not run the hostManifest command" test "$(runs "$app")" = 1
check "the change is named" logged 'kit-serve: changed: src/app/page.tsx; rebuilding'

printf 'export default function Home() {\n  return <p>dev-page: three</h2>;\n}\n' >"$app/src/app/page.tsx"
if wait_for "a syntax error is printed naming the file" 90 logged 'error: src/app/page.tsx:2:'; then
	wait_for "and that the last good build is still served" 30 logged 'still serving the last good build'
	check "the last good page keeps being served" serves two
	get -D "$work/h" -o "$work/b" -H 'Accept: text/html' "$KIT_SERVE_BASE/"
	check "a browser's page load gets the error page (500)" grep -q '^HTTP/1.1 500' "$work/h"
	check "the error page names the file" grep -q 'src/app/page.tsx:2:' "$work/b"
	check "API and payload requests keep the last good build" \
		sh -c "curl -s -H 'X-RSC: 1' '$KIT_SERVE_BASE/' | grep -q 'dev-page: two'"
fi
# the error page in a browser, reloading by itself once the fix is built
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}
client_dir=$top_src/tests/client
if [ ! -x "$chromium" ]; then
	echo "SKIP: dev: the error page in a browser: $chromium is not installed"
elif ! kit_npm_ci "$client_dir" "$work"; then
	fail "npm ci in tests/client" "$KIT_NPM_ERROR"
else
	KIT_CHROMIUM=$chromium setsid node "$client_dir/dev-reload.mjs" --base "$KIT_SERVE_BASE" \
		--file src/app/page.tsx --text 'dev-page: four' </dev/null >"$work/browser.out" 2>"$work/browser.err" &
	browser_sid=$!
	for i in $(seq 1 200); do
		grep -q '^READY' "$work/browser.out" && break
		kill -0 "$browser_sid" 2>/dev/null || break
		sleep 0.3
	done
fi
page "$app" four
if [ -n "$browser_sid" ]; then
	wait "$browser_sid"
	rc=$?
	browser_sid=
	grep -E '^(PASS|FAIL|SKIP): ' "$work/browser.out"
	grep -q '^FAIL: ' "$work/browser.out" && failed=1
	[ "$rc" -eq 0 ] || grep -q '^FAIL: ' "$work/browser.out" ||
		fail "dev-reload.mjs" "exited $rc: $(tail -n 10 "$work/browser.err" | tr '\n' ' ' | cut -c1-800)"
fi
wait_for "the fixed page is served" 90 serves four
get -D "$work/h" -o "$work/b" -H 'Accept: text/html' "$KIT_SERVE_BASE/"
check "no error page after the fix" grep -q '^HTTP/1.1 200' "$work/h"

registry "$app" '"ordersCancel": "Orders.cancel", "ordersRefund": "Orders.refund"'
wait_for "a hostManifest.watch change re-runs the command" 90 grep -q ordersRefund "$gen"
check "the command ran again" test "$(runs "$app")" = 2
wait_for "and the app is rebuilt with it" 60 logged 'running the hostManifest command and rebuilding'
check "still serving" serves four

cp "$app/rsc-host.json" "$work/host.kept"
cp "$gen" "$work/gen.kept"
before=$(builds)
sed -i 's/^{/{ "fail": true,/' "$app/backend/registry.json"
wait_for "a failing command in dev is reported" 90 logged 'warning: kit.config.json: hostManifest: the command `node manifest.mjs` (in backend) failed (exit status 3)'
wait_for "the build goes on" 60 built_since "$before"
check "rsc-host.json kept" cmp -s "$work/host.kept" "$app/rsc-host.json"
check "the generated module kept" cmp -s "$work/gen.kept" "$gen"
check "still serving after the failed command" serves four
page "$app" five
wait_for "page edits still rebuild" 90 serves five

# a component that throws while rendering: its log line (route, error, where:
# the first frame of its stack) is on kit-serve's stderr, not only in the run
# directory's responder.log
mkdir -p "$app/src/app/boom"
printf 'export default function Boom(): never {\n  throw new Error("dev-boom: thrown by Boom");\n}\n' >"$app/src/app/boom/page.tsx"
wait_for "a new route is served" 90 sh -c "curl -s -o /dev/null -w '%{http_code}' '$KIT_SERVE_BASE/boom' | grep -q 500"
wait_for "a render error is printed by kit-serve --dev (request, component and message)" 20 \
	grep -qE '500 GET /boom — <Boom> Error: dev-boom: thrown by Boom' "$log"
check "the error's line says where it was thrown (its stack's first frame, the app's file:line)" \
	grep -qE '500 GET /boom — <Boom> Error: dev-boom: thrown by Boom at src/app/boom/page.tsx:2 \(digest [0-9]+\) in <Boom> < <Layout>$' "$log"
# a subclass of Error (SWC's ES5 class helpers are on its stack): the line
# shows its name and the frame of its constructor, not the helpers'
mkdir -p "$app/src/app/guard"
printf 'class NotAllowed extends Error {\n  constructor(m: string) {\n    super(m);\n    this.name = "NotAllowed";\n  }\n}\nexport default function Guard(): never {\n  throw new NotAllowed("dev-guard");\n}\n' \
	>"$app/src/app/guard/page.tsx"
wait_for "another new route is served" 90 sh -c "curl -s -o /dev/null -w '%{http_code}' '$KIT_SERVE_BASE/guard' | grep -q 500"
wait_for "a subclass of Error: its name and its constructor's frame on the error's line" 20 \
	grep -qE '500 GET /guard — <Guard> NotAllowed: dev-guard at src/app/guard/page.tsx:3 \(digest [0-9]+\) in <Guard> < <Layout>$' "$log"
get -D "$work/h" -o "$work/b" -H 'Accept: text/html' "$KIT_SERVE_BASE/boom"
check "the browser's error page shows the render error (route, message)" \
	sh -c "grep -qi '^X-RSC-Kit: dev-render-error' '$work/h' && grep -qF 'Route /boom' '$work/b' && grep -qF 'dev-boom: thrown by Boom' '$work/b'"

# rsc-host.json edited by hand: rebuilt without the command, the module regenerated
n=$(runs "$app") before=$(builds)
sed -i 's/"ordersRefund"/"ordersRefundNow"/' "$app/rsc-host.json"
wait_for "an rsc-host.json change regenerates the actions module" 90 grep -q ordersRefundNow "$gen"
check "without running the command" test "$(runs "$app")" = "$n"
wait_for "and the app is rebuilt from it" 60 built_since "$before"

# the server's own writes (rsc-host.json, the generated module) do not loop
sleep 2
n=$(builds)
sleep 3
check "no rebuild without a change" test "$(builds)" = "$n"

if kit_serve_stop; then
	pass "SIGTERM stops everything it started"
else
	fail "SIGTERM stops everything it started" "$KIT_SERVE_ERROR"
fi
check "kit-serve exits after SIGTERM" sh -c "! grep -q 'exited with status' '$log'"
exit $failed
