#!/bin/bash
# dev-overlay.sh — what `kit-serve --dev` shows a developer (docs/dev.md):
# React's development builds in the browser, the error overlay, live reload
# and its edit-to-reload time, on a small app written here (make_app: a page
# per kind of failure).
#
# 1. kit-build (production) of the app: no dev client, no source maps,
#    React's production build; a page without client components ships no
#    script.
# 2. kit-build --dev: client-manifest.json names the dev client; the entry is
#    React's development build with source maps beside it.
# 3. kit-serve --dev behind lighttpd: every page loads the dev client (a page
#    without client components no runtime entry besides it); the web server
#    serves /_kit/dev/status.json itself, uncached, naming the build served;
#    a server component's error page shows the message and the source lines
#    of the app file a (path:line) frame of the error names (never a file
#    outside the app); a client component failing in server rendering shows
#    its own message; a rebuild prints `rebuilt in N ms (file)`.
# 4. In headless Chromium (tests/client/dev-overlay.mjs): a hydration
#    mismatch's readable text and diff, the overlay for a render error, an
#    event handler's error and an unhandled rejection (message, source line
#    of the app file, component stack; dismissed with × and Escape), a
#    server action that throws (its message reaches the browser in dev), live
#    reload after an edit (its time printed as MEASURE lines, no assertion),
#    a failed build's overlay on the open page, cleared by the fix; no
#    "unique key" warning for static children and keyed lists (/keys),
#    exactly React's one for an unkeyed .map() list (/nokey), of host
#    elements or of server components (/nokeysc), of async server
#    components (/nokeyasync) or inside one (/nokeyinasync).
# 5. kit-serve --dev --server apache: Apache serves status.json too.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin dev-overlay

httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ] || [ ! -x "$httpd" ]; then
	echo "SKIP: dev-overlay: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
fi
if ! command -v inotifywait >/dev/null; then
	echo "SKIP: dev-overlay: inotifywait is not installed (apt-get install inotify-tools)"
	exit 0
fi
kit_build=$top_build/kit-build
suite_work dev-overlay

make_app() { # make_app DIR
	mkdir -p "$1/src/app/boom" "$1/src/app/named" "$1/src/app/escape" "$1/src/app/ssrfail" \
		"$1/src/app/clickfail" "$1/src/app/mismatch"
	cat >"$1/src/app/layout.tsx" <<'EOF'
export default function Layout({ children }: { children: React.ReactNode }) {
  return <html><body>{children}</body></html>;
}
EOF
	printf 'export default function Home() {\n  return <p>dev-page: one</p>;\n}\n' >"$1/src/app/page.tsx"
	cat >"$1/src/app/boom/page.tsx" <<'EOF'
export default function Boom(): never {
  throw new Error("dev-boom: thrown by Boom");
}
EOF
	# an error whose text names a frame of an app file, as the engine's
	# stacks do: "(src/app/named/page.tsx:3)"
	cat >"$1/src/app/named/page.tsx" <<'EOF'
export default function Named(): never {
  const where = "(src/app/named/page.tsx:3)";
  throw new Error("dev-named: thrown at " + where);
}
EOF
	# frames naming what is not the app's own source: outside the app, a
	# hidden file, a link leading out of the app
	printf 'export default function Escape(): never {\n  throw new Error("dev-escape: (../outside.txt:1) (/etc/hostname:1) (.env.local:1) (src/app/escape/link.txt:1)");\n}\n' \
		>"$1/src/app/escape/page.tsx"
	echo 'dev-escape: this file is outside the app' >"$1/../outside.txt"
	ln -sf "$1/../outside.txt" "$1/src/app/escape/link.txt"
	echo 'DEV_ESCAPE=a value of the app' >"$1/.env.local"
	cat >"$1/src/app/ssrfail/Widget.tsx" <<'EOF'
"use client";
export function Widget() {
  if (typeof window === "undefined") throw new Error("dev-ssr: Widget fails on the server");
  return <p>widget</p>;
}
EOF
	printf 'import { Widget } from "./Widget";\nexport default function Page() {\n  return <main><Widget /></main>;\n}\n' >"$1/src/app/ssrfail/page.tsx"
	# the pages that throw render per request (a production build fails on
	# a page that throws while it is prerendered)
	local f
	for f in boom named escape ssrfail; do
		echo 'export const dynamic = "force-dynamic";' >>"$1/src/app/$f/page.tsx"
	done
	cat >"$1/src/app/clickfail/Button.tsx" <<'EOF'
"use client";
import { useState } from "react";
export function Button() {
  const [n, setN] = useState(0);
  if (n > 0) throw new Error("dev-click: Button threw while rendering");
  return (
    <div>
      <button id="render" onClick={() => setN(n + 1)}>render</button>
      <button id="handler" onClick={() => { throw new Error("dev-click: the handler threw"); }}>handler</button>
      <button id="reject" onClick={() => { Promise.reject(new Error("dev-click: a rejected promise")); }}>reject</button>
    </div>
  );
}
EOF
	printf 'import { Button } from "./Button";\nexport default function Page() {\n  return <main><Button /></main>;\n}\n' >"$1/src/app/clickfail/page.tsx"
	cat >"$1/src/app/mismatch/Clock.tsx" <<'EOF'
"use client";
export function Clock() {
  return <p id="where">rendered on the {typeof window === "undefined" ? "server" : "client"}</p>;
}
EOF
	printf 'import { Clock } from "./Clock";\nexport default function Page() {\n  return <main><Clock /></main>;\n}\n' >"$1/src/app/mismatch/page.tsx"
	mkdir -p "$1/src/app/actfail"
	printf '"use server";\nexport async function explode(): Promise<void> {\n  throw new Error("dev-action: explode threw");\n}\n' >"$1/src/app/actfail/actions.ts"
	cat >"$1/src/app/actfail/Run.tsx" <<'EOF'
"use client";
import { explode } from "./actions";
export function Run() {
  return <button id="run" onClick={() => { explode(); }}>run</button>;
}
EOF
	printf 'import { Run } from "./Run";\nexport default function Page() {\n  return <main><Run /></main>;\n}\n' >"$1/src/app/actfail/page.tsx"
	# live reload in place: the server text changes, the count stays
	mkdir -p "$1/src/app/counter"
	cat >"$1/src/app/counter/Count.tsx" <<'EOF'
"use client";
import { useState } from "react";
export function Count() {
  const [n, setN] = useState(0);
  return <button id="count" onClick={() => setN(n + 1)}>count {n}</button>;
}
EOF
	printf 'import Link from "@kit/core/Link";\nimport { Count } from "./Count";\nexport default function Page() {\n  return <main><p>dev-counter: one</p><Count /><Link id="to-boom" href="/boom">boom</Link></main>;\n}\n' \
		>"$1/src/app/counter/page.tsx"
	# React's key warning (docs/dev.md §2): /keys has static multi-child JSX
	# (jsxs), in a server component, in a fragment and as a client
	# component's children, a keyed list and a keyed list of server
	# components; /nokey an unkeyed .map() list, which React warns about
	mkdir -p "$1/src/app/keys" "$1/src/app/nokey" "$1/src/app/nokeysc" "$1/src/app/nokeyasync" "$1/src/app/nokeyinasync"
	cat >"$1/src/app/keys/Box.tsx" <<'EOF'
"use client";
export function Box({ children }: { children: React.ReactNode }) {
  return <section id="box">{children}</section>;
}
EOF
	cat >"$1/src/app/keys/page.tsx" <<'EOF'
import { Box } from "./Box";
function Item({ n }: { n: number }) {
  return <li><b>item</b> {n}</li>;
}
export default function Page() {
  const items = [1, 2, 3];
  return (
    <main id="keys">
      <h1>dev-keys</h1>
      <p>one <b>two</b> three</p>
      <>
        <span>a</span>
        <span>b</span>
      </>
      <Box>
        <p>in the box</p>
        <p>and more</p>
      </Box>
      <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>
      <ol>{items.map((i) => <Item key={i} n={i} />)}</ol>
    </main>
  );
}
EOF
	cat >"$1/src/app/nokey/page.tsx" <<'EOF'
import { Box } from "../keys/Box";
export default function Page() {
  const items = ["x", "y", "z"];
  return (
    <main id="nokey">
      <h1>dev-nokey</h1>
      <Box>static</Box>
      <ul>{items.map((i) => <li>{i}</li>)}</ul>
    </main>
  );
}
EOF
	# an unkeyed list of server components: React's server warns and replays
	# it to the browser; kit's browser React warns about their output
	cat >"$1/src/app/nokeysc/page.tsx" <<'EOF'
import { Box } from "../keys/Box";
function Item({ n }: { n: string }) {
  return <li>{n}</li>;
}
export default function Page() {
  const items = ["x", "y", "z"];
  return (
    <main id="nokeysc">
      <Box>static</Box>
      <ul>{items.map((i) => <Item n={i} />)}</ul>
    </main>
  );
}
EOF
	# the same with async server components: an unkeyed list of them (React's
	# server warns before it calls one, whether it is async or not), and an
	# unkeyed list an async component renders
	cat >"$1/src/app/nokeyasync/page.tsx" <<'EOF'
import { Box } from "../keys/Box";
async function Item({ n }: { n: string }) {
  await null;
  return <li>{n}</li>;
}
export default function Page() {
  const items = ["x", "y", "z"];
  return (
    <main id="nokeyasync">
      <Box>static</Box>
      <ul>{items.map((i) => <Item n={i} />)}</ul>
    </main>
  );
}
EOF
	cat >"$1/src/app/nokeyinasync/page.tsx" <<'EOF'
import { Box } from "../keys/Box";
async function List() {
  const items = await Promise.resolve(["x", "y", "z"]);
  return <ul>{items.map((i) => <li>{i}</li>)}</ul>;
}
export default function Page() {
  return (
    <main id="nokeyinasync">
      <Box>static</Box>
      <List />
    </main>
  );
}
EOF
}
entry_of() { # entry_of APP: the runtime entry's file
	sed -n 's|^  "entry": "/_kit/static/\(.*\)",$|\1|p' "$1/.kit/client-manifest.json"
}

# --- 1. production -----------------------------------------------------------------
prod=$work/prod/app
make_app "$prod"
if ! "$kit_build" "$prod" >"$work/prod.log" 2>&1; then
	fail "kit-build (production)" "$(tail -n 12 "$work/prod.log" | tr '\n' ' ')"
	exit 1
fi
check "production: client-manifest.json names no dev client" sh -c "! grep -q '\"dev\"' '$prod/.kit/client-manifest.json'"
check "production: no dev client, no source maps in static/" \
	sh -c "! ls '$prod/.kit/static' | grep -qE '^dev-client-|\\.map\$'"
e=$(entry_of "$prod")
check "production: React's production build (minified error codes, no hydration texts)" \
	sh -c "grep -q 'Minified React error' '$prod/.kit/static/$e' && ! grep -q \"didn't match the client\" '$prod/.kit/static/$e'"

# --- 2. kit-build --dev ----------------------------------------------------------------
app=$work/dev/app
make_app "$app"
if ! "$kit_build" --dev --no-prerender "$app" >"$work/dev-build.log" 2>&1; then
	fail "kit-build --dev" "$(tail -n 12 "$work/dev-build.log" | tr '\n' ' ')"
	exit 1
fi
dev_client=$(sed -n 's|^  "dev": "\(/_kit/static/dev-client-[A-Z0-9]*\.js\)",*$|\1|p' "$app/.kit/client-manifest.json")
check "--dev: client-manifest.json names the dev client" test -n "$dev_client" -a -f "$app/.kit/static/${dev_client#/_kit/static/}"
e=$(entry_of "$app")
check "--dev: the entry is React's development build" grep -q "didn't match the client" "$app/.kit/static/$e"
check "--dev: with its source map, holding the app's sources" \
	sh -c "tail -c 100 '$app/.kit/static/$e' | grep -q 'sourceMappingURL=$e.map' && grep -q 'src/app/mismatch/Clock.tsx' '$app/.kit/static/'Clock-*.js.map"

# --- 3. kit-serve --dev behind lighttpd --------------------------------------------------
log=$work/run.log
get() { curl -s --max-time 20 "$@"; }
if ! KIT_SERVE_START_SECS=120 kit_serve_start lighttpd "$app" "$work/run" --dev; then
	fail "kit-serve --dev starts" "$KIT_SERVE_ERROR"
	exit 1
fi
suite_at_exit kit_serve_stop
version=$(cat "$app/.kit/version")
e=$(entry_of "$app") # kit-serve's own build (esbuild's output is not always the same twice)
get "$KIT_SERVE_BASE/" >"$work/home.html"
check "a page without client components loads the dev client (with the build's version)" \
	grep -qF "<script src=\"$dev_client\" data-version=\"$version\"></script>" "$work/home.html"
check "and no runtime entry, no Flight rows" sh -c "! grep -qE 'type=\"module\"|__kit_f' '$work/home.html'"
get "$KIT_SERVE_BASE/clickfail" >"$work/click.html"
check "a page with a client component: the dev client before the runtime's entry" \
	sh -c "tr -d '\\n' <'$work/click.html' | grep -qE 'src=\"$dev_client\"[^<]*</script>.*type=\"module\" async=\"\" src=\"/_kit/static/$e\"'"
get -D "$work/h" -o "$work/status.json" "$KIT_SERVE_BASE/_kit/dev/status.json"
check "the web server serves /_kit/dev/status.json with the build served" \
	grep -qF "{\"version\":\"$version\",\"error\":null,\"client\":" "$work/status.json"
check "uncached, and not by a responder" sh -c "grep -qi '^Cache-Control: no-store' '$work/h' && ! grep -qi '^X-RSC' '$work/h'"

get -H 'Accept: text/html' "$KIT_SERVE_BASE/boom" >"$work/boom.html"
check "a server error's page: route and message" \
	sh -c "grep -qF 'Route /boom' '$work/boom.html' && grep -qF 'dev-boom: thrown by Boom' '$work/boom.html'"
check "it loads the dev client (live reload)" grep -qF "src=\"$dev_client\"" "$work/boom.html"
check "... the component stack: the component and its layout, each at its own line of the app's file" \
	grep -qzF "Component stack:
    at Boom (src/app/boom/page.tsx:1)
    at Layout (src/app/layout.tsx:1)</pre>" "$work/boom.html"
get -H 'Accept: text/html' "$KIT_SERVE_BASE/named" >"$work/named.html"
check "a frame naming an app file: its file, line and the source lines around it" \
	sh -c "grep -qF 'src/app/named/page.tsx:3</p>' '$work/named.html' &&
		grep -qF '<mark>&gt;    3 |   throw new Error(&quot;dev-named: thrown at &quot; + where);</mark>' '$work/named.html' &&
		grep -qF '     1 | export default function Named(): never {' '$work/named.html'"
get -H 'Accept: text/html' "$KIT_SERVE_BASE/escape" >"$work/escape.html"
# (the lines shown are those of the error's own frame, the page itself)
check "never a file outside the app, a hidden one or one a link leads out to" \
	sh -c "grep -qF 'dev-escape: (../outside.txt:1)' '$work/escape.html' && ! grep -qE 'this file is outside|a value of the app' '$work/escape.html' &&
		! grep -o 'kit-dev-file\">[^<]*' '$work/escape.html' | grep -qv 'src/app/escape/page.tsx:'"
# the engine's frames name the app's files once mapped; until then .kit/server chunks
if grep -qF '(src/app/boom/page.tsx:' "$work/boom.html"; then
	check "a thrown error's own frame: the source line" grep -qF 'throw new Error(&quot;dev-boom: thrown by Boom&quot;);</mark>' "$work/boom.html"
else
	echo "SKIP: dev-overlay: the source lines of a thrown error's own frame: the engine's stack names no app file yet ($(grep -o '([^()]*\.js:[0-9]*)' "$work/boom.html" | head -n 1))"
fi
get -H 'Accept: text/html' "$KIT_SERVE_BASE/ssrfail" >"$work/ssr.html"
check "a client component failing in server rendering: its own message, not only the row" \
	grep -qF 'outside any &lt;Suspense&gt; boundary: Widget threw Error: dev-ssr: Widget fails on the server' "$work/ssr.html"

# --- 4. the browser ------------------------------------------------------------------------
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}
client_dir=$top_src/tests/client
if [ ! -x "$chromium" ]; then
	echo "SKIP: dev-overlay: the browser checks: $chromium is not installed"
elif ! kit_npm_ci "$client_dir" "$work"; then
	fail "npm ci in tests/client" "$KIT_NPM_ERROR"
else
	KIT_CHROMIUM=$chromium timeout 600 node "$client_dir/dev-overlay.mjs" --base "$KIT_SERVE_BASE" --app "$app" \
		</dev/null >"$work/browser.out" 2>"$work/browser.err"
	rc=$?
	grep -E '^(PASS|FAIL|SKIP|MEASURE): ' "$work/browser.out"
	grep -q '^FAIL: ' "$work/browser.out" && failed=1
	[ "$rc" -eq 0 ] || grep -q '^FAIL: ' "$work/browser.out" ||
		fail "dev-overlay.mjs" "exited $rc: $(tail -n 10 "$work/browser.err" | tr '\n' ' ' | cut -c1-800)"
fi
check "kit-serve prints each rebuild's time and the file" grep -qE '^kit-serve: rebuilt in [0-9]+ ms \(src/app/page\.tsx\)' "$log"
grep -E '^kit-serve: rebuilt in' "$log" | sed 's/^/MEASURE: /'

kit_serve_stop || fail "kit-serve --dev stops" "$KIT_SERVE_ERROR"

# --- 5. Apache -------------------------------------------------------------------------------
apache=$(PATH=$PATH:/usr/sbin command -v apache2)
if [ -z "$apache" ] || [ ! -f /usr/lib/apache2/modules/mod_fcgid.so ]; then
	echo "SKIP: dev-overlay: Apache with mod_fcgid is not installed"
elif ! KIT_SERVE_START_SECS=120 kit_serve_start apache "$app" "$work/run-apache" --dev; then
	fail "kit-serve --dev --server apache starts" "$KIT_SERVE_ERROR"
else
	version=$(cat "$app/.kit/version")
	get -D "$work/h" -o "$work/status.json" "$KIT_SERVE_BASE/_kit/dev/status.json"
	check "Apache: /_kit/dev/status.json served by the web server, uncached" \
		sh -c "grep -qF '{\"version\":\"$version\",\"error\":null,' '$work/status.json' && grep -qi '^Cache-Control: no-store' '$work/h' && ! grep -qi '^X-RSC' '$work/h'"
	check "Apache: the page loads the dev client" sh -c "curl -s '$KIT_SERVE_BASE/' | grep -qF 'src=\"$dev_client\"'"
	kit_serve_stop || fail "kit-serve --dev --server apache stops" "$KIT_SERVE_ERROR"
fi
suite_end
