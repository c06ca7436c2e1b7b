#!/bin/bash
# edge.sh — contrib/edge/edge.mjs (a Worker-style edge, run in Node) in front
# of kit-fcgi behind lighttpd serving a copy of examples/hello: a shell
# route's document is the shell from the edge's cache (fetched as JSON from
# GET /_rsc/ppr-shell) followed by POST /_rsc/ppr-resume for this visitor's
# cookies in the same response; the cached shell serves the next visitor
# with that visitor's holes; other routes are proxied unchanged.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin edge

httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ] || [ ! -x "$httpd" ]; then
	echo "SKIP: edge: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
fi

suite_work edge
edge_pid=
suite_at_exit '[ -n "$edge_pid" ] && kill "$edge_pid" 2>/dev/null'
app=$work/app
mkdir "$app"
cp -R "$top_src/examples/hello/." "$app/"
rm -rf "$app/.kit" "$app/.kit-store"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build examples/hello" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
version=$(cat "$app/.kit/version")

kit_serve_start lighttpd "$app" "$work/run" || {
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
}
port=$(kit_free_port)
ORIGIN=$KIT_SERVE_BASE PORT=$port "$node" "$top_src/contrib/edge/edge.mjs" >"$work/edge.log" 2>&1 &
edge_pid=$!
for _ in $(seq 1 100); do
	(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
	sleep 0.1
done
edge=http://127.0.0.1:$port

get() { # get URL [HEADER...]: headers into $work/h, body into $work/b
	local url=$1 args=()
	shift
	for h in "$@"; do args+=(-H "$h"); done
	curl -s --max-time 20 -o "$work/b" -D "$work/h" "${args[@]}" "$url"
}
header() { grep -i "^$1:" "$work/h" | head -n 1 | sed 's/^[^:]*: *//' | tr -d '\r'; }
status() { head -n 1 "$work/h" | awk '{print $2}'; }

# the shell as the origin's endpoint gives it
get "$KIT_SERVE_BASE/_rsc/ppr-shell?url=/whoami"
"$node" -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
	require("fs").writeFileSync(process.argv[2], j.shell); process.exit(j.version === process.argv[3] ? 0 : 1)' \
	"$work/b" "$work/shell.html" "$version"
check "the origin's shell endpoint answers JSON {shell, version}" test $? -eq 0 -a -s "$work/shell.html"

get "$edge/whoami" 'Cookie: name=ada'
check "a shell route through the edge: 200, served by the edge" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = edge-shell -a "$(header X-RSC-Version)" = "$version"
check "... private, no-store (it holds this visitor's holes)" test "$(header Cache-Control)" = "private, no-store"
check "... starts with the stored shell, byte for byte" cmp -s -n "$(stat -c %s "$work/shell.html")" "$work/shell.html" "$work/b"
check "... then this visitor's hole, completed into B:0, and the closing tags" \
	grep -q '<dd class="name">ada</dd>.*\$KC("B:0","S:0").*</body></html>$' "$work/b"
check "... the shell is not written twice" test "$(grep -o '<h1>Who am I?</h1>' "$work/b" | wc -l)" -eq 1

get "$edge/whoami" 'Cookie: name=grace'
check "the next visitor gets the cached shell with their own hole" \
	grep -q '<dd class="name">grace</dd>' "$work/b"
check "... and nothing of the previous visitor" test -z "$(grep -F 'ada' "$work/b")"

get "$edge/about"
check "a page stored whole is proxied to the origin" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" = stored
get "$edge/account"
check "a route with middleware is proxied (never from the edge's cache)" \
	test -n "$(status)" -a "$(header X-RSC-Kit)" != edge-shell
get "$edge/whoami" 'X-RSC: true'
check "a navigation of a shell route is proxied and rendered live" \
	test "$(status)" = 200 -a "$(header X-RSC-Kit)" != edge-shell -a "$(header X-RSC-Kit)" != stored && \
	grep -q 'stranger' "$work/b"

kill "$edge_pid" 2>/dev/null
wait "$edge_pid" 2>/dev/null
edge_pid=
if kit_serve_stop; then pass "kit-serve stops"; else fail "kit-serve stops" "$KIT_SERVE_ERROR"; fi
exit $failed
