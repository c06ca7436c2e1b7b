#!/bin/bash
# store.sh — the store at run time, on tests/fixtures/build/apps/prerender.
#
# Versions side by side in the app's store (.kit-store/,
# build/publish.c, store/README.md): three builds of one app publish three
# versions; kit-build --versions lists them; a running kit-fcgi behind
# lighttpd serves each newly published or rolled-back version at its next
# request (stored page, X-RSC-Version, live renders and the 409 check all
# from that version) without a restart; keepVersions prunes the oldest
# version's rows and files; a rollback to a pruned or unknown version is
# refused. Also kit.cgi (a fresh process per request) follows a rollback.
#
# Stored API routes (docs/build-output.md "API routes"): listed URLs of a
# dynamic route served from disk, unlisted ones and unlisted-param routes run;
# query strings — a route that never read its query is stored for any query
# string, one that awaits searchParams or exports a searchParams schema only
# for the bare URL.
#
# A dynamic page listing no URLs whose params are read inside a boundary:
# the route's shell, resumed with each URL's params (a catch-all's too).
#
# A store locked by another process: answered within 1.5 s (busy timeout
# 250 ms), the lock logged.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin store

httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ] || [ ! -x "$httpd" ]; then
	echo "SKIP: store: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
fi


suite_work store
app=$work/app
cp -R "$top_src/tests/fixtures/build/apps/prerender" "$app"
printf '{"keepVersions": 2}\n' >"$app/kit.config.json"
page=$app/src/app/page.tsx

build() { # build LABEL: builds the app with <h1>LABEL</h1> on /, prints the version
	printf 'export default function Home() {\n  return <h1>%s</h1>;\n}\n' "$1" >"$page"
	"$top_build/kit-build" "$app" >"$work/build-$1.log" 2>&1 || {
		fail "kit-build ($1)" "$(tail -n 5 "$work/build-$1.log" | tr '\n' ' ')"
		exit 1
	}
	cat "$app/.kit/version"
}

# get PATH [HEADER...]: the status line and headers into $work/h, the body into $work/b
get() {
	local path=$1 args=()
	shift
	for h in "$@"; do args+=(-H "$h"); done
	curl -s -o "$work/b" -D "$work/h" "${args[@]}" "$KIT_SERVE_BASE$path"
}
header() { grep -i "^$1:" "$work/h" | head -n 1 | sed 's/^[^:]*: *//' | tr -d '\r'; }
# served VERSION: wait (3 s at most) until / answers with VERSION: the
# responders switch at their next request, lighttpd's own answers of stored
# pages (contrib/lighttpd/kit-pages.lua) within a second
served() {
	local i
	for i in $(seq 1 30); do
		curl -s -o /dev/null -D "$work/h" "$KIT_SERVE_BASE/"
		[ "$(header X-RSC-Version)" = "$1" ] && return 0
		sleep 0.1
	done
}
status() { head -n 1 "$work/h" | awk '{print $2}'; }

v1=$(build one)
v2=$(build two)
check "two builds, two versions" test -n "$v1" -a -n "$v2" -a "$v1" != "$v2"
check "the build prints the published version" grep -q "Published version $v2 " "$work/build-two.log"
check "both versions' stored files side by side" \
	test -s "$app/.kit-store/stored/$v1/index.html" -a -s "$app/.kit-store/stored/$v2/index.html"
check "both versions' builds kept" \
	test -s "$app/.kit-store/builds/$v1/server.js" -a -s "$app/.kit-store/builds/$v2/manifest.json"
"$top_build/kit-build" --versions "$app" >"$work/versions" 2>&1
check "--versions lists both, the new one active and first" \
	test "$(grep -c -E '^[ *] [0-9a-f]{16} ' "$work/versions")" -eq 2 -a \
	"$(grep -E '^[ *] [0-9a-f]{16} ' "$work/versions" | head -n 1 | awk '{print $1 " " $2}')" = "* $v2"

kit_serve_start lighttpd "$app" "$work/run" --procs 1 || {
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
}
responder=$(kit_serve_responders | head -n 1)

get /
check "v2 served: stored page" test "$(status)" = 200 -a "$(header X-RSC-Kit)" = stored
check "v2 served: its content and X-RSC-Version" grep -q '<h1>two</h1>' "$work/b"
check "v2 served: X-RSC-Version" test "$(header X-RSC-Version)" = "$v2"

"$top_build/kit-build" --rollback "$app" >"$work/rollback.log" 2>&1
check "--rollback (no version) activates the previous one" grep -q "Version $v1 is active" "$work/rollback.log"
served "$v1"
get /
check "after the rollback: the old version's stored page" grep -q '<h1>one</h1>' "$work/b"
check "after the rollback: with its X-RSC-Version" test "$(header X-RSC-Version)" = "$v1" -a "$(header X-RSC-Kit)" = stored
check "the same responder process (no restart)" test "$(kit_serve_responders | head -n 1)" = "$responder"
get / 'X-RSC: true' "X-RSC-Version: $v2"
check "a client holding the newer version gets 409 on navigation" \
	test "$(status)" = 409 -a "$(header X-RSC-Version)" = "$v1"
get / 'X-RSC: true' "X-RSC-Version: $v1" 'X-RSC-Segments: app/layout'
check "a client holding the active version navigates (stored seg1 payload)" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = stored -a "$(header X-RSC-Version)" = "$v1"
get '/?live=1'
check "a live render comes from the active version too" \
	test "$(status)" = 200 -a -z "$(header X-RSC-Kit)" -a "$(header X-RSC-Version)" = "$v1" && grep -q '<h1>one</h1>' "$work/b"
get /api/static
check "a stored API answer of the active version" test "$(header X-RSC-Version)" = "$v1" -a "$(header X-RSC-Kit)" = stored

"$top_build/kit-build" --rollback="$v2" "$app" >"$work/rollforward.log" 2>&1
served "$v2"
get /
check "--rollback=VERSION activates that version" \
	test "$(header X-RSC-Version)" = "$v2" && grep -q '<h1>two</h1>' "$work/b"

# a third build while the responder runs: published, seen at the next request;
# keepVersions 2 forgets v1 (rows and files)
v3=$(build three)
served "$v3"
get /
check "a new build is served at the next request (no restart)" \
	test "$(header X-RSC-Version)" = "$v3" && grep -q '<h1>three</h1>' "$work/b"
get / 'X-RSC: true' "X-RSC-Version: $v2"
check "a client holding the older version gets 409 on navigation after the new build" \
	test "$(status)" = 409 -a "$(header X-RSC-Version)" = "$v3" -a "$(header X-RSC-Location)" = /
check "keepVersions 2: the oldest version's files are removed" \
	test ! -e "$app/.kit-store/stored/$v1" -a ! -e "$app/.kit-store/builds/$v1" -a -d "$app/.kit-store/stored/$v2"
"$top_build/kit-build" --versions "$app" >"$work/versions3" 2>&1
check "keepVersions 2: two versions listed" \
	test "$(grep -c -E '^[ *] [0-9a-f]{16} ' "$work/versions3")" -eq 2 -a -z "$(grep -F "$v1" "$work/versions3")"
"$top_build/kit-build" --rollback="$v1" "$app" >"$work/refused.log" 2>&1
rc=$?
check "a rollback to a pruned version is refused (exit 1, names it and the fix)" \
	test $rc -eq 1 && grep -q "version $v1 is not kept" "$work/refused.log" && grep -q "fix:" "$work/refused.log"
"$top_build/kit-build" --rollback=0123456789abcdef "$app" >"$work/unknown.log" 2>&1
check "a rollback to an unknown version is refused" test $? -eq 1
get /
check "a refused rollback changes nothing" test "$(header X-RSC-Version)" = "$v3"

# kit.cgi: each request a fresh process, reading the active version
"$top_build/kit-build" --rollback "$app" >/dev/null 2>&1
out=$(env -i PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost ${san_env[@]+"${san_env[@]}"} \
	REQUEST_METHOD=GET REQUEST_URI=/ "$top_build/kit.cgi" 2>"$work/cgi.err")
check "kit.cgi serves the rolled-back version's stored page" \
	test -n "$(printf '%s' "$out" | grep -i "^X-RSC-Version: $v2")" -a -n "$(printf '%s' "$out" | grep -F '<h1>two</h1>')"
out=$(env -i PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost ${san_env[@]+"${san_env[@]}"} \
	REQUEST_METHOD=GET 'REQUEST_URI=/?live=1' "$top_build/kit.cgi" 2>"$work/cgi.err")
check "kit.cgi renders live with the rolled-back version" \
	test -n "$(printf '%s' "$out" | grep -i "^X-RSC-Version: $v2")" -a -n "$(printf '%s' "$out" | grep -F '<h1>two</h1>')"

# a store locked by another process (an exclusive transaction held 6 s):
# waited on briefly (KIT_STORE_BUSY_MS, 250 ms), logged, the page answered
# live (by the version the responder has: kit.cgi, which cannot open the
# store, by .kit/'s); never a stall of every statement's busy timeout
"${PYTHON:-python3}" -c '
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(6)
' "$app/.kit-store/store.sqlite" >"$work/lock.out" 2>&1 &
lock_pid=$!
for _ in $(seq 1 50); do grep -q locked "$work/lock.out" && break; sleep 0.1; done
t0=$(date +%s%N)
out=$(env -i PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost ${san_env[@]+"${san_env[@]}"} \
	REQUEST_METHOD=GET REQUEST_URI=/ "$top_build/kit.cgi" 2>"$work/cgi-locked.err")
ms=$((($(date +%s%N) - t0) / 1000000))
check "a locked store: kit.cgi answers the page in $ms ms (< 1500), logging the lock" \
	test "$(grep -c locked "$work/lock.out")" = 1 -a "$ms" -lt 1500 -a -n "$(printf '%s' "$out" | grep -E '<h1>(one|two|three)</h1>')" \
	-a -n "$(grep -F 'is locked by another process' "$work/cgi-locked.err")"
t0=$(date +%s%N)
get '/?live=locked'
ms=$((($(date +%s%N) - t0) / 1000000))
check "a locked store: kit-fcgi answers a page it has not looked up yet in $ms ms (< 1500)" \
	test "$(status)" = 200 -a "$ms" -lt 1500 -a -n "$(grep -E '<h1>(one|two|three)</h1>' "$work/b")"
kill "$lock_pid" 2>/dev/null
wait "$lock_pid" 2>/dev/null

# --- stored API routes (the active version: $v2)
body() { cat "$work/b"; }
get /api/items/a
check "api: a listed URL of a dynamic route is served from disk" \
	test "$(header X-RSC-Kit)" = stored -a "$(body)" = "item a" -a "$(header X-RSC-Version)" = "$v2"
get /api/items/zzz
check "api: an unlisted value runs the handler" test "$(status)" = 200 -a -z "$(header X-RSC-Kit)" -a "$(body)" = "item zzz"
get '/api/items/b?x=1'
check "api: a listed URL whose handler never read its query: stored answer for any query string" \
	test "$(header X-RSC-Kit)" = stored -a "$(body)" = "item b"
get /api/users/7
check "api: params without listed values run per request" test -z "$(header X-RSC-Kit)" -a "$(body)" = "user 7"
get /api/files/docs/intro
check "api: a listed catch-all URL from disk" test "$(header X-RSC-Kit)" = stored -a "$(body)" = "file docs/intro"
get /api/files/live
check "api: a listed URL whose handler read its Request runs per request" \
	test -z "$(header X-RSC-Kit)" && grep -q '^live .*/api/files/live' "$work/b"
get /api/search
check "api: a route awaiting searchParams: the bare URL from disk" \
	test "$(header X-RSC-Kit)" = stored -a "$(body)" = "search (none)" -a -z "$(header x-kit-varies)"
get '/api/search?q=kit'
check "api: ... with a query string it runs and sees the query" \
	test "$(status)" = 200 -a -z "$(header X-RSC-Kit)" -a "$(body)" = "search kit"
get /api/schema
check "api: a route exporting a searchParams schema: the bare URL from disk" test "$(header X-RSC-Kit)" = stored
get '/api/schema?page=2'
check "api: ... with a query string it runs" test -z "$(header X-RSC-Kit)" -a "$(body)" = "schema answer"
get '/api/static?page=2'
check "api: a route that never read its query: stored for any query string" test "$(header X-RSC-Kit)" = stored

# --- a dynamic page listing no URLs: its shell (stored under /things/[id]) for any URL
get /things/abc 'Cookie: x=1'
check "pattern shell: an unlisted URL gets the route's stored shell" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = shell -a "$(header Cache-Control)" = "private, no-store"
check "pattern shell: ... the hole rendered with this URL's params" \
	grep -q '<p>loading thing</p><!--/\$--></section><div hidden id="S:0"><p class="thing">thing <!-- -->abc</p></div>' "$work/b"
get '/_rsc/ppr-shell?url=/things/zz'
check "pattern shell: the shell endpoint serves it for any URL of the route" \
	test "$(status)" = 200 && grep -q '"shell":"<!DOCTYPE html>' "$work/b"
get /things/abc 'X-RSC: true'
check "pattern shell: a navigation renders live" \
	test "$(status)" = 200 -a -z "$(header X-RSC-Kit)" && grep -q 'thing' "$work/b"

# --- the same for a catch-all (its store key holds "[...slug]")
get /shelf/a/b/c
check "catch-all shell: any URL below the route gets its stored shell" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = shell
check "catch-all shell: ... the hole rendered with this URL's segments" \
	grep -q '<div hidden id="S:0"><p class="path">a / b / c</p></div>' "$work/b"

# --- a stored page under a middleware (guards before the file, caching headers)
get /guarded
check "middleware: a stored page under a middleware is served after the check" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = stored && grep -q '<h1>guarded page</h1>' "$work/b"
check "middleware: ... private, no-store (never in a shared cache), with the version" \
	test "$(header Cache-Control)" = "private, no-store" -a "$(header X-RSC-Version)" = "$v2"
get /guarded 'Cookie: deny=1'
check "middleware: a refusal is answered, not the stored file" \
	test "$(status)" = 307 -a "$(header Location)" = / -a -z "$(header X-RSC-Kit)"
get /guarded 'Cookie: deny=1' 'X-RSC: true'
check "middleware: ... for a navigation too (204 + X-RSC-Redirect)" \
	test "$(status)" = 204 -a "$(header X-RSC-Redirect)" = / -a -z "$(header X-RSC-Kit)"

# --- a shell under a middleware: never edge-cacheable; resumes run the check first
get '/_rsc/ppr-shell?url=/guarded/shell'
check "middleware shell: the shell endpoint answers 404 not edge-cacheable" \
	test "$(status)" = 404 && grep -q 'not edge-cacheable' "$work/b"
curl -s -o "$work/b" -D "$work/h" -X POST --data-binary ignored -H 'Cookie: name=ada' \
	"$KIT_SERVE_BASE/_rsc/ppr-resume?url=/guarded/shell"
check "middleware shell: a resume with the caller's cookies renders the holes for them" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = resume -a "$(header Cache-Control)" = "private, no-store" && \
	grep -q '<p class="who">hello <!-- -->ada</p>' "$work/b"
curl -s -o "$work/b" -D "$work/h" -X POST --data-binary ignored -H 'Cookie: name=ada; deny=1' \
	"$KIT_SERVE_BASE/_rsc/ppr-resume?url=/guarded/shell"
check "middleware shell: a refused caller gets the refusal (307 to /), nothing rendered" \
	test "$(status)" = 307 -a "$(header Location)" = / && test -z "$(grep -F 'hello' "$work/b")"
get /guarded/shell 'Cookie: name=bo'
check "middleware shell: the document (shell + holes) after the check, private" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = shell -a "$(header Cache-Control)" = "private, no-store" && \
	grep -q 'hello <!-- -->bo' "$work/b"
get /guarded/shell 'Cookie: deny=1'
check "middleware shell: a refused document never gets the shell" \
	test "$(status)" = 307 -a -z "$(header X-RSC-Kit)" && test -z "$(grep -F 'guarded shell' "$work/b")"

if kit_serve_stop; then pass "kit-serve stops"; else fail "kit-serve stops" "$KIT_SERVE_ERROR"; fi
exit $failed
