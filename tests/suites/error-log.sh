#!/bin/bash
# error-log.sh — errors are never silent (docs/errors.md "The log line"):
# tests/error-log/app behind real lighttpd and Apache (mod_fcgid) through
# kit-serve, with RSC_BACKEND at a closed port. For each failure the
# answer's status, the digest the visitor's page shows, and exactly one
# line in the server's error log (lighttpd: responder.log, its
# server.breakagelog; Apache: error.log) with the status, the request, the
# component, the message, the app's file:line, that digest and the
# component's path (its parents, innermost first):
#   - a component's TypeError above every Suspense boundary (500 page);
#   - the same as a navigation payload (500, text with the digest);
#   - a component failing inside a Suspense boundary (200, the boundary's
#     data-dgst);
#   - a middleware.ts that throws (500, never a 403 refusal);
#   - rpc() to a backend that is down (502, the rpc call's line);
#   - an API route's handler that throws (500, the digest in the body).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin error-log
suite_need node "the build needs it"
suite_need curl "the answers are read with it"
suite_work error-log
suite_app tests/error-log/app
app=$work/app
chmod -R a+rX "$work"

# closed port 9 (discard): nothing answers the rpc() calls
export RSC_BACKEND=http://127.0.0.1:9 RSC_HOST_CALL_SECRET=error-log-test-secret

digest_of_page() { sed -n 's/.*<code id="kit-digest">\([0-9]*\)<.*/\1/p' "$work/body"; }

server_checks() { # server_checks SERVER LOG
	local server=$1 log=$2 status digest
	get() { curl -s -o "$work/body" -w '%{http_code}' "$@"; }
	# the line of one request, once: logged "LINE" counts the lines holding LINE
	logged() { sleep 0.3; grep -cF -- "$1" "$log"; }

	status=$(get "$KIT_SERVE_BASE/posts/3")
	digest=$(digest_of_page)
	check "$server: a component's TypeError: 500, the page shows a digest" \
		test "$status" = 500 -a -n "$digest"
	check "$server: ... the server's message is not in the page" bash -c "! grep -qF 'cannot convert' '$work/body'"
	check "$server: ... one line in the error log: status, request, <component>, message, the page's file:line, the page's digest, the component's path" \
		test "$(logged "500 GET /posts/3 — <Post> TypeError: cannot convert undefined to object at src/app/posts/[id]/page.tsx:7 (digest $digest) in <Post> < <Page> < <RootLayout>")" = 1
	check "$server: ... and no other line for that request" test "$(logged "GET /posts/3 ")" = 1
	status=$(get -H 'X-RSC: true' "$KIT_SERVE_BASE/posts/4")
	check "$server: a navigation payload that fails: 500, its text has the digest" \
		bash -c "[ '$status' = 500 ] && grep -qE '^500 Internal Server Error \(digest [0-9]+\)$' '$work/body'"
	digest=$(sed -n 's/.*(digest \([0-9]*\)).*/\1/p' "$work/body")
	check "$server: ... logged once with the same digest" \
		test "$(logged "500 GET /posts/4 — <Post> TypeError: cannot convert undefined to object at src/app/posts/[id]/page.tsx:7 (digest $digest)")" = 1

	status=$(get "$KIT_SERVE_BASE/inner")
	digest=$(sed -n 's/.*data-dgst="\([0-9]*\)".*/\1/p' "$work/body")
	check "$server: a failure inside a Suspense boundary: 200, the boundary carries a digest" \
		test "$status" = 200 -a -n "$digest"
	check "$server: ... one line: 200, <Late>, the message, its file:line and the boundary's digest" \
		test "$(logged "200 GET /inner — <Late> Error: late failure at src/app/inner/page.tsx:6 (digest $digest)")" = 1

	status=$(get "$KIT_SERVE_BASE/guarded")
	digest=$(digest_of_page)
	check "$server: a middleware.ts that throws: 500 (not a 403 refusal), the page shows a digest" \
		test "$status" = 500 -a -n "$digest"
	check "$server: ... one line naming the middleware, the message, its file:line and the digest" \
		test "$(logged "500 GET /guarded — <app/guarded/middleware> TypeError: cannot convert undefined to object at src/app/guarded/middleware.ts:7 (digest $digest)")" = 1

	status=$(get "$KIT_SERVE_BASE/orders")
	digest=$(digest_of_page)
	check "$server: rpc() to a backend that is down fails the render: 502 with a digest" \
		test "$status" = 502 -a -n "$digest"
	check "$server: ... one line: <OrderList>, the rpc's failure, the line of the rpc() call, the digest" \
		test "$(logged "502 GET /orders — <OrderList> HostFailure: rpc(Orders.list): ")" = 1 -a \
		"$(grep -cE "502 GET /orders — <OrderList> HostFailure: rpc\(Orders.list\): .* at src/app/orders/page.tsx:4 \(digest $digest\) in <OrderList> < <Orders> < <RootLayout>$" "$log")" = 1

	status=$(get "$KIT_SERVE_BASE/api/fail")
	digest=$(sed -n 's/^500 Internal Server Error (digest \([0-9]*\))$/\1/p' "$work/body")
	check "$server: an API route that throws: 500, the body has the digest" test "$status" = 500 -a -n "$digest"
	check "$server: ... one line naming the route module, the message, its file:line and the digest" \
		test "$(logged "500 GET /api/fail — <app/api/fail/route> TypeError: cannot convert null to object at src/app/api/fail/route.ts:3 (digest $digest)")" = 1

	status=$(get "$KIT_SERVE_BASE/posts/1")
	check "$server: a page that renders logs nothing" \
		bash -c "[ '$status' = 200 ] && [ \$(grep -cF 'GET /posts/1 ' '$log') = 0 ]"
}

if kit_serve_start lighttpd "$app" "$work/lighttpd"; then
	server_checks lighttpd "$work/lighttpd/responder.log"
	kit_serve_stop
else
	fail "lighttpd: kit-serve starts" "$KIT_SERVE_ERROR"
fi

apache2=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
if [ -z "$apache2" ] || [ ! -f /usr/lib/apache2/modules/mod_fcgid.so ]; then
	skip "apache: apache2 with mod_fcgid is not installed (apt-get install apache2 libapache2-mod-fcgid)"
elif kit_serve_start apache "$app" "$work/apache"; then
	server_checks apache "$work/apache/error.log"
	kit_serve_stop
else
	fail "apache: kit-serve starts" "$KIT_SERVE_ERROR"
fi
suite_end
