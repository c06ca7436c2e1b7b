#!/bin/bash
# route-bundles.sh — per-route server bundles (docs/build-output.md "The
# server bundle's chunks"), on tests/fixtures/route-bundles/app: /, /about,
# /heavy (imports heavy-table, ~600 kB) and /broken (imports needs-window,
# which reads window when it loads; both packages are written by
# tests/fixtures/route-bundles/make-packages.sh).
#
# kit-build stops on /broken's load error naming the route, the package's
# file and the fix, and publishes nothing; kit-build --dev reports it as a
# warning and builds the rest. Served (lighttpd, kit-fcgi), the other routes
# answer 200 and /broken 500, the error log naming the route, in the same
# worker, before and after; kit.cgi likewise. The compiled code of server.js
# and the chunks (.kit/jsc/) is used, a truncated image refused. Then what a request parses:
# kit.cgi for / runs fewer instructions than for /heavy by most of
# heavy-table's chunk (valgrind, when installed; the numbers are printed).
# Last, the web classes per route on tests/fixtures/route-bundles/web-app:
# which route modules' chunks load the web chunk, and kit.cgi rendering a
# page of an app with an API route without them (typeof Request undefined).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin route-bundles
suite_need node "the build needs it"
suite_work route-bundles
app=$work/app
cp -R "$top_src/tests/fixtures/route-bundles/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
"$top_src/tests/fixtures/route-bundles/make-packages.sh" "$app"

# the production build: /broken's error stops it
out=$("$top_build/kit-build" "$app" 2>&1) && rc=0 || rc=$?
echo "$out" >"$work/build.log"
check "kit-build fails on a route whose package throws while loading" test "$rc" -eq 1
says() { grep -qF -- "$1" "$work/build.log" || { echo "no \"$1\" in: $(cat "$work/build.log")" >&2; return 1; }; }
check "... naming the package's file and line, the error and the route module" \
	says "error: node_modules/needs-window/index.js:2: the server bundle throws while loading: ReferenceError: 'window' is not defined (src/app/broken/page.tsx; line "
check "... naming the route (and only that route)" says "  route: /broken"
check "... with the fix" says "fix:   the top-level code of node_modules/needs-window/index.js runs when the route is first asked for"
check "... one error: the other routes load" says "build failed with 1 error"
check "... and publishes nothing" test ! -e "$app/.kit"

# --dev: a warning, the other routes built and stored
out=$("$top_build/kit-build" --dev "$app" 2>&1) && rc=0 || rc=$?
echo "$out" >"$work/build.log"
check "kit-build --dev builds the other routes" test "$rc" -eq 0
check "... warning about /broken" says "warning: node_modules/needs-window/index.js:2: the server bundle throws while loading"
check "... the fix says what happens" says "(kit-build --dev goes on: the other routes are served, this one answers 500)"
check "... / is stored" grep -qE '^┌ ○ / +page' "$work/build.log"
check "... /heavy is stored" grep -qE '^. ○ /heavy +page' "$work/build.log"
check "... /broken renders per request, its load error the reason" \
	grep -qE "^. ƒ /broken +page .* throws at build time: .*app/broken/page failed to load: 'window' is not defined" "$work/build.log"
# the layout of .kit/: server.js with kit's core, one chunk per route module
chunk_of() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p" "$app/.kit/server.js" | head -n 1; }
heavy_chunk=$(grep -l 'function row3999' "$app/.kit/server/"*.js 2>/dev/null | head -n 1)
check "heavy-table is in a chunk of .kit/server/, not in server.js" \
	test -n "$heavy_chunk" -a -z "$(grep -l 'function row3999' "$app/.kit/server.js")"
check "server.js maps each route module to its chunk" test -f "$app/.kit/server/$(chunk_of 'app\/heavy\/page')"
check "the chunks are published with the version (.kit-store/builds/<version>/server/)" \
	test -f "$app/.kit-store/builds/$(cat "$app/.kit/version")/server/$(basename "$heavy_chunk")"
# their compiled code (mujs patch 1540, build/jscache.h): what a new process
# loads instead of parsing; a file that does not match is compiled instead
check "kit-build writes the compiled code of server.js and of each chunk (.kit/jsc/)" \
	test -s "$app/.kit/jsc/server.jsc" -a -s "$app/.kit/jsc/$(basename "$heavy_chunk")c"
check "... published with the version (.kit-store/builds/<version>/jsc/)" \
	test -f "$app/.kit-store/builds/$(cat "$app/.kit/version")/jsc/$(basename "$heavy_chunk")c"
# cached_files: how many bundle files kit-render-bench's worker rendering /heavy loaded from compiled code
cached_files() {
	"$top_build/kit-render-bench" "$app" /heavy 1 2>/dev/null |
		sed -n 's/^JS heap after: .*; \([0-9]*\) bundle files\{0,1\} loaded from compiled code$/\1/p'
}
cached=$(cached_files)
check "a worker rendering /heavy loads server.js and its chunks from their compiled code ($cached files)" \
	test "${cached:-0}" -ge 2
cp "$app/.kit/jsc/server.jsc" "$work/server.jsc"
head -c 1000 "$work/server.jsc" >"$work/short.jsc"
mv "$work/short.jsc" "$app/.kit/jsc/server.jsc"  # a new file: the store's link keeps the whole one
check "... a truncated image of server.js is refused: server.js compiled, the page rendered" \
	test "$(cached_files)" = "$((${cached:-0} - 1))"
mv "$work/server.jsc" "$app/.kit/jsc/server.jsc"

# served: a page under every route, the same worker before and after /broken
if ! kit_serve_start lighttpd "$app" "$work/serve" --procs 1; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
status() { curl -s -o /dev/null -w '%{http_code}' -H 'Cache-Control: no-cache' "$KIT_SERVE_BASE$1"; }
# X-RSC: a navigation renders live (stored files answer documents)
live() { curl -s -o "$work/live.out" -w '%{http_code}' -H 'X-RSC: 1' "$KIT_SERVE_BASE$1"; }
check "lighttpd: / answers 200" test "$(status /)" = 200
check "lighttpd: /broken answers 500" test "$(status /broken)" = 500
check "lighttpd: /about renders live after /broken (200)" test "$(live /about)" = 200
check "lighttpd: /broken answers 500 again" test "$(live /broken)" = 500
logged() { grep -qE "500 GET /broken — .*app/broken/page failed to load: 'window' is not defined at node_modules/needs-window/index.js:2 \(digest [0-9]+\)$" "$work/serve/responder.log"; }
check "lighttpd: the error log names the request, the module, the error and the package's file:line" logged
# a worker keeps its build's chunks when .kit holds another build: build B
# (/heavy's text changed), roll back to A; the worker, still on A, has not
# loaded /heavy yet: it finds A's chunk in .kit-store/builds/A/server/
old_version=$(cat "$app/.kit/version")
sed -i 's/total {total()}/sum {total()}/' "$app/src/app/heavy/page.tsx"
"$top_build/kit-build" --dev "$app" >"$work/build-b.log" 2>&1 && "$top_build/kit-build" --rollback "$app" >>"$work/build-b.log" 2>&1
check "a second build and a rollback to the first" test "$?" -eq 0 -a "$(cat "$app/.kit/version")" != "$old_version"
check "lighttpd: /heavy renders live (200) with heavy-table's result: the worker on the first build loads its chunk from the version's store directory" \
	bash -c "test \"\$(curl -s -o '$work/heavy.out' -w '%{http_code}' -H 'X-RSC: 1' '$KIT_SERVE_BASE/heavy?again=1')\" = 200 && grep -q 'total' '$work/heavy.out'"
kit_serve_stop

# kit.cgi: one request per process
cgi() { # cgi URL: the status line of kit.cgi's answer; stderr in $work/cgi.err
	(cd "$app" && REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$app HTTP_X_RSC=1 \
		"$top_build/kit.cgi" 2>"$work/cgi.err" | head -n 1 | tr -d '\r')
}
check "kit.cgi: /heavy answers 200" test "$(cgi /heavy)" = "Status: 200 OK"
check "kit.cgi: /broken answers 500" test "$(cgi /broken)" = "Status: 500 Internal Server Error"
check "kit.cgi: ... its log line names the request and the error" \
	grep -qF "500 GET /broken — composing the route (layouts, page) threw Error: app/broken/page failed to load: 'window' is not defined at node_modules/needs-window/index.js:2 (digest " "$work/cgi.err"

# what a cold kit.cgi parses: / needs none of heavy-table's chunk (a query
# string: rendered, not the stored answer)
if command -v valgrind >/dev/null; then
	ir() {
		(cd "$app" && REQUEST_METHOD=GET REQUEST_URI=$1?live=1 QUERY_STRING=live=1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$app \
			valgrind --tool=callgrind --callgrind-out-file=/dev/null "$top_build/kit.cgi" 2>"$work/ir.log" >/dev/null)
		grep -o 'Collected : [0-9]*' "$work/ir.log" | awk '{ print $3 } END { if (!NR) print 0 }'
	}
	home=$(ir /)
	heavy=$(ir /heavy)
	echo "kit.cgi cold, instructions: / $home, /heavy $heavy (heavy-table's chunk: $(wc -c <"$app/.kit-store/builds/$old_version/server/$(basename "$heavy_chunk")") bytes)"
	check "kit.cgi: / runs at most 40 % of /heavy's instructions (it loads no heavy-table)" \
		test "$home" -gt 0 -a "$((home * 10))" -le "$((heavy * 4))"
else
	skip "kit.cgi instruction counts: valgrind is not installed"
fi

# The web classes per route (docs/build-output.md "The server bundle's
# chunks"), on tests/fixtures/route-bundles/web-app: an API route, pages
# that name URL (themselves or through a helper), one that calls request(),
# and / that names none of them.
web=$work/web-app
cp -R "$top_src/tests/fixtures/route-bundles/web-app" "$web"
rm -rf "$web/.kit" "$web/.kit-store"
"$top_build/kit-build" "$web" >"$work/web-build.log" 2>&1
check "web-app: kit-build succeeds" test "$?" -eq 0
web_chunk=$(cd "$web/.kit/server" 2>/dev/null && ls web-*.js 2>/dev/null | head -n 1)
check "web-app: the web classes are a chunk of .kit/server/, not in server.js" \
	test -n "$web_chunk" -a -z "$(grep -F "__kit_define(\"$web_chunk\"" "$web/.kit/server.js")"
# a route module's chunk: its first line is the web chunk's require when it needs it
loads_web() { sed -n 2p "$web/.kit/server/"$1-*.js | grep -qF "__kit_require(\"./$web_chunk\");"; }
no_web() { ! loads_web "$1"; }
check "web-app: the chunk of app/url/page (new URL) loads them first" loads_web m5-app_url_page
check "web-app: ... app/shared/page's too (a helper it imports names URL)" loads_web m4-app_shared_page
check "web-app: ... the API route's" loads_web m0-app_api_ping_route
check "web-app: ... not app/page's (it names none)" no_web m2-app_page
check "web-app: ... nor the layout's" no_web m1-app_layout
# wcgi URL TEXT: kit.cgi's answer for URL holds TEXT
wcgi() {
	(cd "$web" && REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$web \
		"$top_build/kit.cgi" 2>"$work/wcgi.err") | grep -qF -- "$2"
}
check "web-app kit.cgi: / renders without the web classes (typeof Request is undefined)" \
	wcgi / 'typeof <!-- -->Request<!-- -->: <!-- -->undefined'
check "web-app kit.cgi: /url has URL" wcgi /url 'b=<!-- -->1'
check "web-app kit.cgi: /shared has URL through its helper" wcgi /shared 'host=<!-- -->kit.example'
check "web-app kit.cgi: /req: request() loads them itself" wcgi /req 'method=<!-- -->GET'
check "web-app kit.cgi: the API route answers" wcgi '/api/ping' '{"ok":true}'
suite_end
