#!/bin/bash
# fetch.sh — the server-side fetch() (render/fetch.c, js/server/fetch.ts)
# against a real HTTP server on loopback.
#
# tests/fetch/backend.mjs (node) listens on a free 127.0.0.1 port: JSON, an
# echo of method/headers/body, a slow endpoint, redirects, binary bytes, a
# 404, a connection closed mid-answer, two Set-Cookie lines, 33 MiB. The app
# tests/fetch/app (built into a temporary copy that knows the backend's port)
# calls fetch() from pages, a middleware and API routes.
#
# 1. kit.cgi (plain CGI, one request per process): every page and route, the
#    status and the body: a page awaiting fetch in its shell; one awaiting it
#    inside Suspense (fallback first, the data after ~800 ms); kit's timeout
#    option (300 ms against 2 s: a TypeError with code ETIMEDOUT, well before
#    2 s); redirects (follow, manual, error, a loop, 303 after POST); errors
#    (connection refused, 404, cut connection, a body past 32 MiB, a file: URL,
#    a relative URL); AbortController, AbortSignal.timeout; an API route
#    proxying a JSON POST; a fetched Response returned as it is; binary bytes
#    intact (arrayBuffer, the body reader, and sent back as a body); request
#    bodies (string, URLSearchParams, FormData, Blob, PUT/DELETE/PATCH);
#    Set-Cookie lines kept apart. The pages call connection() to render per
#    request; /frozen does not: kit-build stores it with the data it fetched
#    at build time.
# 2. kit-fcgi behind lighttpd (kit-serve, one responder): the Suspense page
#    streams (first byte before 500 ms, the data after 750 ms); a page that
#    starts a 6 s fetch it never awaits (and renders after 200 ms) answers
#    without waiting for it, the same worker then answers quick requests
#    quickly, the backend sees the abandoned request closed early (the
#    transfer was removed when its request ended), no callback of it ever
#    runs, and the responder is still the same process.
# SKIP only when lighttpd is not installed (part 2).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fetch
suite_need "$node" "the test backend needs it"
suite_work fetch
backend_pid=
suite_at_exit '[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null && wait "$backend_pid" 2>/dev/null'

# --- the backend and the app -------------------------------------------------
"$node" "$top_src/tests/fetch/backend.mjs" >"$work/backend.out" 2>&1 &
backend_pid=$!
port=
for _ in $(seq 1 100); do
	port=$(sed -n 's/^PORT //p' "$work/backend.out")
	[ -n "$port" ] && break
	sleep 0.1
done
if [ -z "$port" ]; then
	fail setup "the test backend did not start: $(head -c 300 "$work/backend.out")"
	exit 1
fi
backend=http://127.0.0.1:$port

app=$work/app
cp -R "$top_src/tests/fetch/app" "$app"
rm -rf "$app/.kit"
sed -i "s/__BACKEND_PORT__/$port/" "$app/src/backend.ts"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of tests/fetch/app failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
# fetch() works at build time too: /frozen (no connection()) is stored with
# the data fetched then; the pages under test call connection() to render per
# request.
json_before_requests=$("$node" -e 'fetch(process.argv[1]).then((r) => r.json()).then((s) => console.log(s["/json"] || 0))' "$backend/stats")

# --- 1. kit.cgi ----------------------------------------------------------------
# cgi NAME METHOD URI [BODY_FILE [CONTENT_TYPE]]: runs kit.cgi; leaves
# $work/NAME.head (CRLF removed), $work/NAME.body (bytes) and the elapsed ms in
# $elapsed, the status in $status.
elapsed=0 status=
cgi() {
	local name=$1 method=$2 uri=$3 body=${4:-/dev/null} type=${5:-} start
	local -a env=(PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost
		REQUEST_METHOD="$method" REQUEST_URI="$uri")
	[ "$body" != /dev/null ] && env+=(CONTENT_TYPE="$type" CONTENT_LENGTH="$(wc -c <"$body")")
	start=$(date +%s%N)
	env -i "${env[@]}" "$top_build/kit.cgi" <"$body" >"$work/$name.out" 2>"$work/$name.err"
	local rc=$?
	elapsed=$((($(date +%s%N) - start) / 1000000))
	"$node" -e '
		const fs = require("fs"), f = process.argv[1], b = fs.readFileSync(f + ".out");
		const i = b.indexOf("\r\n\r\n");
		fs.writeFileSync(f + ".head", i < 0 ? b : b.subarray(0, i).toString("latin1").replace(/\r/g, ""));
		fs.writeFileSync(f + ".body", i < 0 ? Buffer.alloc(0) : b.subarray(i + 4));
	' "$work/$name"
	status=$(sed -n '1s/^Status: \([0-9]*\).*/\1/p' "$work/$name.head")
	if [ "$rc" -ne 0 ]; then
		fail "$name" "kit.cgi exited $rc: $(head -c 300 "$work/$name.err")"
		return 1
	fi
}

# cgi_net NAME METHOD URI: cgi, then net= its time less kit.cgi's own start-up
# and render cost, measured on the quick home page just before (the timing
# checks below are about the fetch, not about how loaded the machine is).
cgi_net() {
	local base
	cgi baseline GET / || return 1
	base=$elapsed
	cgi "$@" || return 1
	net=$((elapsed > base ? elapsed - base : 0))
}

# text NAME: the body with React's text separators removed
text() { sed 's/<!-- -->//g' "$work/$1.body"; }

# expect NAME WHAT PATTERN: the body (text) matches the extended regex PATTERN
expect() {
	if text "$1" | grep -qE -- "$3"; then
		pass "$1: $2"
	else
		fail "$1: $2" "no match for /$3/ in: $(text "$1" | sed 's/<script.*//' | head -c 600)"
	fi
}

expect_status() { # expect_status NAME CODE
	if [ "$status" = "$2" ]; then pass "$1: status $2"; else fail "$1: status $2" "got ${status:-none}: $(head -c 300 "$work/$1.body")"; fi
}

# json NAME WHAT EXPR: a JS expression over j (the body parsed as JSON) is true
json() {
	local out
	if out=$("$node" -e '
		const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		if (!(eval(process.argv[2]))) { console.log(JSON.stringify(j).slice(0, 700)); process.exit(1); }
	' "$work/$1.body" "$3" 2>&1); then
		pass "$1: $2"
	else
		fail "$1: $2" "($3) is false for $out"
	fi
}

if grep -qE '○ /frozen .*stored' "$work/build.log"; then
	pass "build: a page whose data comes from fetch() is stored at build time"
else
	fail "build: a page whose data comes from fetch() is stored at build time" "$(grep -E '/frozen' "$work/build.log" | head -n 2 | tr '\n' ' ')"
fi
if [ "$json_before_requests" -ge 1 ]; then
	pass "build: kit-build's render fetched from the backend"
else
	fail "build: kit-build's render fetched from the backend" "the backend saw no /json during the build"
fi
cgi frozen GET /frozen && {
	expect_status frozen 200
	expect frozen "the stored page has the data of build time" '<p id="frozen">world 42</p>'
}

cgi json GET /json && {
	expect_status json 200
	expect json "a page awaiting fetch() in its shell" '<p id="json">200 ok application/json world 42</p>'
}

cgi suspense GET /suspense && {
	expect_status suspense 200
	expect suspense "the fallback is in the shell" '<!--\$\?--><template id="B:0"></template><p id="fallback">loading data</p><!--/\$-->'
	expect suspense "the data completes the boundary after it" 'loading data</p>.*<div hidden id="S:0"><p id="data">slow after 800 ms then world</p></div>'
	if [ "$elapsed" -ge 750 ]; then pass "suspense: waited for the slow fetch ($elapsed ms)"; else fail "suspense: waited for the slow fetch" "answered in $elapsed ms"; fi
}

cgi timeout GET /timeout && {
	expect_status timeout 200
	expect timeout "the timeout option rejects with TypeError, code ETIMEDOUT" \
		'<p id="outcome">TypeError\|fetch failed: [^|<]*timed out[^|<]*\|ETIMEDOUT</p>'
	took=$(sed -n 's/.*<p id="took">\([0-9]*\)<.*/\1/p' "$work/timeout.body")
	if [ -n "$took" ] && [ "$took" -lt 1500 ]; then pass "timeout: rejected at ~300 ms, not 2 s (the page waited $took ms)"; else fail "timeout: rejected early" "the page waited ${took:-?} ms"; fi
}

cgi redirects GET /redirects && {
	expect_status redirects 200
	expect redirects "redirect: follow (status, redirected, url, body)" '<li id="follow">200 true /json world</li>'
	expect redirects "redirect: manual gives the 3xx" '<li id="manual">302 false /json</li>'
	expect redirects "redirect: error rejects" '<li id="error">TypeError\|fetch failed: unexpected redirect'
	expect redirects "more than 20 redirects reject" '<li id="loop">TypeError\|fetch failed: [^|<]*\|KIT_FETCH_REDIRECTS</li>'
	expect redirects "303 after a POST continues with GET" '<li id="see-other">200 GET /echo</li>'
}

cgi errors GET /errors && {
	expect_status errors 200
	expect errors "connection refused is a TypeError (ECONNREFUSED)" '<li id="refused">TypeError\|fetch failed: [^<]*\|ECONNREFUSED</li>'
	expect errors "a 404 resolves (ok false, statusText, body)" '<li id="missing">404 false Not Found not here</li>'
	expect errors "a connection closed mid-answer rejects" '<li id="cut">TypeError\|fetch failed: [^<]*\|ECONNRESET</li>'
	expect errors "a body past 32 MiB rejects" '<li id="big">TypeError\|fetch failed: the response body is larger than 32 MiB[^<]*\|KIT_FETCH_TOO_LARGE</li>'
	expect errors "file: URLs are refused" '<li id="scheme">TypeError\|fetch failed: unknown scheme[^<]*\|KIT_FETCH_SCHEME</li>'
	expect errors "a relative URL is a TypeError" '<li id="relative">TypeError\|Failed to parse URL from /relative\|</li>'
	expect errors "a GET with a body is a TypeError" '<li id="get-body">TypeError</li>'
}

cgi abort GET /abort && {
	expect_status abort 200
	expect abort "AbortController.abort() rejects with AbortError" '<li id="aborted">AbortError\|This operation was aborted\|</li>'
	expect abort "AbortSignal.timeout() rejects with TimeoutError" '<li id="timeout-signal">TimeoutError\|'
	expect abort "an already aborted signal rejects at once" '<li id="before">AbortError\|'
	took=$(sed -n 's/.*<li id="took">\([0-9]*\)<.*/\1/p' "$work/abort.body")
	if [ -n "$took" ] && [ "$took" -lt 1500 ]; then pass "abort: aborted fetches do not wait for the answer (the page waited $took ms)"; else fail "abort: aborted fetches do not wait" "the page waited ${took:-?} ms"; fi
}

cgi_net unawaited GET /unawaited && {
	expect_status unawaited 200
	expect unawaited "the page renders" '<p id="quick">quick</p>'
	if [ "$net" -lt 4000 ]; then pass "unawaited: a 6 s fetch nobody awaits does not hold the answer ($net ms beyond the home page)"; else fail "unawaited: the answer did not wait" "answered $net ms after the home page would have"; fi
}

cgi guarded GET /guarded && {
	expect_status guarded 200
	if grep -qi '^x-guard-fetch: world$' "$work/guarded.head"; then pass "guarded: a middleware awaits fetch()"; else fail "guarded: a middleware awaits fetch()" "$(tr '\n' ' ' <"$work/guarded.head")"; fi
}

printf '{"a":[1,2],"s":"h\xc3\xa9llo \xf0\x9f\x98\x80"}' >"$work/post.json"
cgi proxy-post POST /api/proxy "$work/post.json" application/json && {
	expect_status proxy-post 201
	json proxy-post "an API route proxies a JSON POST" \
		'j.status === 200 && j.method === "POST" && j.received.s === "héllo 😀" && j.received.a[1] === 2 && j.type === "application/json" && j.test === "yes"'
	json proxy-post "Accept-Encoding is identity" 'j.encoding === "identity"'
}

cgi proxy-get GET /api/proxy && {
	expect_status proxy-get 200
	json proxy-get "a fetched Response returned as it is" 'j.hello === "world" && j.n === 42'
	if grep -qiE '^(connection|keep-alive|transfer-encoding):' "$work/proxy-get.head"; then
		fail "proxy-get: no hop-by-hop headers passed on" "$(tr '\n' ' ' <"$work/proxy-get.head")"
	else
		pass "proxy-get: no hop-by-hop headers passed on"
	fi
}

"$node" -e 'const b = Buffer.alloc(1024); for (let i = 0; i < 1024; i++) b[i] = i & 255; require("fs").writeFileSync(process.argv[1], b)' "$work/expected.bin"
for via in buffer stream; do
	cgi "binary-$via" GET "/api/binary?via=$via" && {
		expect_status "binary-$via" 200
		if cmp -s "$work/expected.bin" "$work/binary-$via.body"; then
			pass "binary-$via: the 1,024 bytes arrive intact"
		else
			fail "binary-$via: the 1,024 bytes arrive intact" "$(wc -c <"$work/binary-$via.body") bytes: $(od -An -tx1 "$work/binary-$via.body" | head -2 | tr '\n' ' ')"
		fi
	}
done
cgi binary-echo GET "/api/binary?via=echo" && {
	expect_status binary-echo 200
	json binary-echo "bytes sent as a body arrive intact" \
		"j.method === 'PUT' && j.length === 1024 && j.base64 === '$(base64 -w0 "$work/expected.bin")' && j.type === null"
}

cgi bodies GET /api/bodies && {
	expect_status bodies 200
	json bodies "a string body (UTF-8, text/plain)" 'j.string.text === "héllo wörld" && j.string.length === 13 && j.string.type === "text/plain;charset=UTF-8"'
	json bodies "a URLSearchParams body" 'j.params.text === "q=a+b&r=%C3%A9" && j.params.type === "application/x-www-form-urlencoded;charset=UTF-8"'
	json bodies "a FormData body (multipart, with a file)" \
		'/^multipart\/form-data; boundary=/.test(j.form.type) && j.form.text.indexOf("name=\"name\"\r\n\r\nZoë\r\n") > 0 && j.form.text.indexOf("filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello file\r\n") > 0'
	json bodies "a Blob body brings its type" 'j.blob.text === "blob body" && j.blob.type === "application/x-test"'
	json bodies "PUT, DELETE and PATCH" 'j.put.method === "PUT" && j.put.length === 0 && j.put.type === null && j.del.method === "DELETE" && j.patch.method === "PATCH" && j.patch.text === "{\"a\":1}" && j.patch.type === "application/json"'
}

cgi cookies GET /api/cookies && {
	expect_status cookies 200
	json cookies "Set-Cookie lines stay apart (getSetCookie)" 'j.cookies.length === 2 && j.cookies[0] === "a=1; Path=/" && j.cookies[1] === "b=2; Path=/" && j.type === "basic"'
}

# --- 2. one kit-fcgi worker behind lighttpd -----------------------------------
lighttpd=$(command -v lighttpd || ls /usr/sbin/lighttpd 2>/dev/null)
if [ -z "$lighttpd" ]; then
	echo "SKIP: fetch: worker: lighttpd is not installed"
	exit "$failed"
fi
if ! kit_serve_start lighttpd "$app" "$work/serve" --procs 1; then
	fail "worker: kit-serve" "$KIT_SERVE_ERROR"
	exit 1
fi

get() { # get NAME PATH: sets status, first (ms), total (ms); the body in $work/NAME.body
	local line
	line=$("$node" "$top_src/tests/fetch/get.mjs" "$KIT_SERVE_BASE$2" "$work/$1.body")
	read -r status first total <<<"$line"
}

# the responder as pid:starttime (a kit-fcgi rebuilt meanwhile no longer matches by path)
started() { read -r line 2>/dev/null <"/proc/$1/stat" && read -ra f <<<"${line##*) }" && echo "$1:${f[19]}"; }
get warm /json
responder=$(kit_serve_responders)
[ "$(echo "$responder" | wc -w)" -eq 1 ] && responder=$(started "$responder")
[ "$status" = 200 ] || fail "worker: warm-up" "status $status: $(head -c 300 "$work/warm.body")"

get stream /suspense
if [ "$status" = 200 ] && [ $((total - first)) -ge 500 ] &&
	grep -q '<p id="data">slow after 800 ms' "$work/stream.body"; then
	pass "worker: Suspense streams the shell (${first} ms), then the fetched data (${total} ms)"
else
	fail "worker: Suspense streams the shell, then the fetched data" "status $status, first byte $first ms, end $total ms"
fi

stats() { # stats KEY: the backend's count
	"$node" -e 'fetch(process.argv[1]).then((r) => r.json()).then((s) => console.log(s[process.argv[2]] || 0))' "$backend/stats" "$1"
}
sent_before=$(stats /slow) closed_before=$(stats /slow:closed)
get abandon /unawaited
if [ "$status" = 200 ] && [ "$total" -lt 1000 ]; then
	pass "worker: a page leaving a 6 s fetch behind answers after its own 200 ms (${total} ms)"
else
	fail "worker: a page leaving a 6 s fetch behind answers after its own 200 ms" "status $status in $total ms"
fi
slow_quick=0
for i in 1 2 3 4 5; do
	get "quick-$i" /json
	if [ "$status" != 200 ] || ! sed 's/<!-- -->//g' "$work/quick-$i.body" | grep -q 'world 42'; then
		fail "worker: quick request $i after it" "status $status: $(head -c 300 "$work/quick-$i.body")"
		slow_quick=-1
		break
	fi
	[ "$total" -ge 1000 ] && slow_quick=$((slow_quick + 1))
done
[ "$slow_quick" -eq 0 ] && pass "worker: 5 quick requests after it answer at once"
[ "$slow_quick" -gt 0 ] && fail "worker: 5 quick requests after it answer at once" "$slow_quick took 1 s or more"
if [ "$(stats /slow)" -le "$sent_before" ]; then
	fail "worker: the abandoned transfer was closed when its request ended" "the backend never saw the request"
elif [ "$(stats /slow:closed)" -le "$closed_before" ]; then
	fail "worker: the abandoned transfer was closed when its request ended" "the backend saw no early close of /slow"
else
	pass "worker: the abandoned transfer was closed when its request ended"
fi
sleep 2.2  # past the abandoned fetch's 2 s: had it survived, its callback would run now
get after /json
if [ "$status" = 200 ] && [ -n "$responder" ] && [ "$(started "${responder%%:*}")" = "$responder" ]; then
	pass "worker: the same responder still answers"
else
	fail "worker: the same responder still answers" "status $status, responder ${responder:-none} → $(started "${responder%%:*}")"
fi
if grep -rqs 'callback of an ended request' "$work/serve" "$work/serve.log"; then
	fail "worker: no callback of an ended request ran" "$(grep -rhs 'callback of an ended request' "$work/serve" "$work/serve.log" | head -n 2)"
else
	pass "worker: no callback of an ended request ran"
fi
if ! kit_serve_stop; then
	fail "worker: kit-serve stops cleanly" "$KIT_SERVE_ERROR"
fi
exit "$failed"
