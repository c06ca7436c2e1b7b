#!/bin/bash
# backend.sh — rpc(), batched host calls, refusals and backend guards
# (render/rpc.c, js/server/rpc.ts) against tests/backend/reference.py (the
# Python example backend, examples/backend/app.py, plus the functions and
# misbehaviours these tests need), started on a free 127.0.0.1 port.
#
# 1. kit.cgi with RSC_BACKEND/RSC_HOST_CALL_SECRET: a single call; a batch of
#    three calls of one tick (one POST, NDJSON); every refusal kind caught by
#    the page as its own class, batched and unbatched; uncaught refusals above
#    every boundary answer their own status (401 403 429 422 409 500, redirect
#    307/302, 404); dedup within a request; only Cookie and Authorization
#    forwarded; 120 calls → batches of 50, 50, 20; the {"replies"} form; an
#    unanswered index; a non-batch answer failing every call (never re-sent);
#    a stream cut mid-way; a body that is not JSON; a hanging backend against
#    RSC_HOST_CALL_TIMEOUT_MS; a wrong secret; backend guards (401 without a
#    session, the whole chain in one call, 403, redirect, a non-true answer,
#    fail closed on a wrong secret and on an unreachable backend);
#    configuration errors (one of the two variables alone: kit.cgi answers
#    500 naming both, kit-fcgi and kit-serve refuse to start).
#    Forwarding: unowned URLs to the backend unchanged with the markers (GET,
#    a POST login with its body, the backend's 404), never when marked as
#    proxied by the backend (404), 502 without the address when it is down,
#    404 without RSC_BACKEND; its own timeouts (a hanging backend: 504 after
#    KIT_FORWARD_IDLE_TIMEOUT_MS; a slow download outlives the render
#    watchdog) and a cut answer is not a clean end (exit status).
#    Set-Cookie of host-call answers: above every boundary (document and
#    navigation), in a batch (NDJSON), with a redirect, from a backend guard,
#    in the app's middleware.ts function, in an API route; after the shell it
#    is dropped with a logged warning. Server actions generated from the app's rsc-host.json, called through
#    POST /_rsc/action (result, Set-Cookie, a refusal's status).
# 2. kit-serve + lighttpd (one responder): a fast read's boundary arrives
#    while its slow sibling of the same batch still runs; the Set-Cookie
#    cases of 1 again. kit-serve + Apache mod_fcgid: a call answered (the
#    environment reaches the responders). Through both: forwarding's own
#    timeouts, and a backend answer cut short (lighttpd breaks the transfer;
#    mod_fcgid appends its 500 page, docs/fastcgi.md §10).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin backend
python=${PYTHON:-python3}
suite_need "$node" "the checks need it"
suite_need "$python" "the reference backend needs it"
suite_work backend
backend_pid=
suite_at_exit '[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null && wait "$backend_pid" 2>/dev/null'

secret=test-secret-$$
RSC_HOST_CALL_SECRET=$secret PORT=0 "$python" "$top_src/tests/backend/reference.py" >"$work/backend.out" 2>&1 &
backend_pid=$!
port=
for _ in $(seq 1 100); do
	port=$(sed -n 's/^PORT //p' "$work/backend.out")
	[ -n "$port" ] && break
	sleep 0.1
done
[ -n "$port" ] || { fail setup "the reference backend did not start: $(head -c 300 "$work/backend.out")"; exit 1; }
backend=http://127.0.0.1:$port

app=$work/app
cp -R "$top_src/tests/backend/app" "$app"
rm -rf "$app/.kit"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of tests/backend/app failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi

# cgi NAME URI [VAR=value...]: kit.cgi with the backend configured; leaves
# $work/NAME.head, $work/NAME.body, $status, $elapsed.
elapsed=0 status=
cgi() {
	local name=$1 uri=$2 start
	shift 2
	local -a env=(PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost
		REQUEST_METHOD=GET REQUEST_URI="$uri" RSC_BACKEND="$backend" RSC_HOST_CALL_SECRET="$secret" "$@")
	start=$(date +%s%N)
	if [ -t 0 ] || [ -z "${CGI_STDIN:-}" ]; then exec 3</dev/null; else exec 3<&0; fi
	env -i "${env[@]}" "$top_build/kit.cgi" <&3 >"$work/$name.out" 2>"$work/$name.err"
	cgi_rc=$?
	elapsed=$((($(date +%s%N) - start) / 1000000))
	"$node" -e '
		const fs = require("fs"), f = process.argv[1], b = fs.readFileSync(f + ".out");
		const i = b.indexOf("\r\n\r\n");
		fs.writeFileSync(f + ".head", i < 0 ? b : b.subarray(0, i).toString("latin1").replace(/\r/g, ""));
		fs.writeFileSync(f + ".body", i < 0 ? Buffer.alloc(0) : b.subarray(i + 4));
	' "$work/$name"
	status=$(sed -n '1s/^Status: \([0-9]*\).*/\1/p' "$work/$name.head")
}
text() { sed -e 's/<!-- -->//g' -e 's/&quot;/"/g' "$work/$1.body"; }
expect() { # expect NAME WHAT PATTERN
	if text "$1" | grep -qE -- "$3"; then pass "$1: $2"; else fail "$1: $2" "no match for /$3/ in: $(text "$1" | sed 's/<script.*//' | head -c 600) $(head -c 300 "$work/$1.err")"; fi
}
expect_status() { # expect_status NAME CODE
	if [ "$status" = "$2" ]; then pass "$1: status $2"; else fail "$1: status $2" "got ${status:-none}: $(head -c 200 "$work/$1.body") $(head -c 300 "$work/$1.err")"; fi
}
expect_head() { # expect_head NAME WHAT PATTERN
	if grep -qiE -- "$3" "$work/$1.head"; then pass "$1: $2"; else fail "$1: $2" "no /$3/ in: $(tr '\n' ' ' <"$work/$1.head")"; fi
}
calls() { # calls: what the backend received since the last reset (JSON)
	"$node" -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => console.log(t))' "$backend/__test/calls"
}
reset() { "$node" -e 'fetch(process.argv[1]).then((r) => r.text())' "$backend/__test/reset"; }
seen() { # seen WHAT JS-EXPR-over-c (the calls array)
	local out
	if out=$(calls | "$node" -e '
		const c = JSON.parse(require("fs").readFileSync(0, "utf8"));
		if (!(eval(process.argv[1]))) { console.log(JSON.stringify(c).slice(0, 600)); process.exit(1); }' "$2" 2>&1); then
		pass "$1"
	else
		fail "$1" "($2) is false for $out"
	fi
}

# --- 1. kit.cgi ------------------------------------------------------------------
reset
cgi single /single
expect_status single 200
expect single "one call, the result rendered" '<p id="greet">Hello, kit!</p>'
seen "single: one unbatched POST {function, args}" 'c.length === 1 && c[0].call === "Hello.greet" && JSON.stringify(c[0].args) === "[\"kit\"]"'

reset
cgi batch /batch
expect_status batch 200
expect batch "three siblings' results" '<p id="orders">1:10,2:20</p><p id="count">42</p><p id="args">\[1,"two",\{"three":\[3\]\}'
seen "batch: the calls of one tick travel as one batch" 'c.length === 1 && JSON.stringify(c[0].batch) === "[\"Orders.recent\",\"Fast.count\",\"Echo.args\"]"'

for mode in batched single; do
	q=; [ $mode = single ] && q='?single=1'
	cgi "refusals-$mode" "/refusals$q"
	n=refusals-$mode
	expect_status $n 200
	expect $n "$mode: unauthenticated → UnauthenticatedError 401" '<li>unauthenticated=UnauthenticatedError\|401\|Unauthenticated.</li>'
	expect $n "$mode: unauthorized → UnauthorizedError 403" '<li>unauthorized=UnauthorizedError\|403\|This action is unauthorized.</li>'
	expect $n "$mode: throttle → ThrottleError 429" '<li>throttle=ThrottleError\|429\|Too many requests, slow down.</li>'
	expect $n "$mode: refusal with status and message" '<li>status=RefusalError\|409\|Conflict here</li>'
	expect $n "$mode: validation errors (field and form level)" '<li>invalid=ValidationError\|422\|\{"email":\["The email is not valid."\],"":\["The form is incomplete."\]\}</li>'
	expect $n "$mode: failure → HostFailure 500 with the message" '<li>fail=HostFailure\|500\|The database is down.</li>'
	expect $n "$mode: redirect → kit's redirect digest" '<li>redirect=Error\|KIT_REDIRECT;302;/login\|'
	expect $n "$mode: refusalStatus 404 → notFound()" '<li>notfound=Error\|KIT_NOT_FOUND\|'
	expect $n "$mode: unknown function fails naming it" '<li>unknown=HostFailure\|500\|unknown function No.such</li>'
done

for k in unauthenticated:401 unauthorized:403 throttle:429 invalid:422 status:409 fail:500 notfound:404 redirect:307 redirect302:302; do
	cgi "uncaught-${k%%:*}" "/uncaught?kind=${k%%:*}"
	expect_status "uncaught-${k%%:*}" "${k#*:}"
done
expect_head uncaught-redirect "an uncaught redirect answers Location" '^Location: /login$'
cgi uncaught-flight /uncaught?kind=redirect HTTP_X_RSC=1
expect_status uncaught-flight 204
expect_head uncaught-flight "on a navigation: 204 + X-RSC-Redirect" '^X-RSC-Redirect: /login$'

reset
cgi dedup /dedup
expect dedup "a repeated call within one request is one call" '<p id="a">1</p><p id="b">1</p>'
seen "dedup: the backend saw Counter.next once" 'c.length === 1 && c[0].call === "Counter.next"'

reset
cgi headers /headers HTTP_COOKIE='session=bob; theme=dark' HTTP_AUTHORIZATION='Bearer tok' HTTP_X_OTHER=leak HTTP_USER_AGENT=ua
expect headers "Cookie and Authorization forwarded unchanged" '"authorization":"Bearer tok".*"cookie":"session=bob; theme=dark"'
seen "headers: nothing else forwarded (only content-type, cookie, authorization)" \
	'Object.keys(c[0].headers).sort().join() === "authorization,content-type,cookie"'

reset
cgi many /many
if [ "$(grep -o '<li>' "$work/many.body" | wc -l)" = 120 ]; then pass "many: 120 calls answered"; else fail "many: 120 calls answered" "$(grep -o '<li>' "$work/many.body" | wc -l)"; fi
# the three batches go out together: the backend may log them in any order
seen "many: batches of at most 50 (50, 50, 20)" 'c.map((x) => x.batch.length).sort((a, b) => b - a).join() === "50,50,20"'

cgi replies /replies
expect replies "the {\"replies\"} form answers each call in order" '<li id="r1">ok\|"Hello, replies!"</li><li id="r2">UnauthorizedError\|403'
cgi unanswered /unanswered
expect unanswered "an unanswered index rejects its call" '<li id="u0">ok\|"Hello, x!"</li><li id="u1">HostFailure\|500\|rpc\(Debug.dropLast\) was not answered in its batch</li>'
reset
cgi nonbatch /nonbatch
expect nonbatch "a non-batch answer fails every call with the backend's message" '<li id="n0">HostFailure\|500\|this backend answers single calls only</li><li id="n1">HostFailure\|500\|this backend answers single calls only</li>'
seen "nonbatch: never re-sent one by one" 'c.length === 1 && c[0].batch'
cgi cut /cut
expect cut "a stream cut mid-way: answered lines stand, the rest reject" '<li id="c0">ok\|42</li><li id="c1">HostFailure\|502\|[^|]*\|ECONNRESET</li>'
cgi notjson /notjson
expect notjson "a body that is not JSON fails the call" 'HostFailure\|500\|rpc\(Debug.notJson\): the backend returned a body that is not a JSON object'
cgi hang /hang RSC_HOST_CALL_TIMEOUT_MS=400
expect hang "a hanging backend: ETIMEDOUT after the per-call timeout" '<p id="hang">HostFailure\|504\|rpc\(Hang.forever\): the backend did not answer in time\|ETIMEDOUT</p>'
if [ "$elapsed" -lt 3000 ]; then pass "hang: rejected after ~400 ms ($elapsed ms)"; else fail "hang: rejected early" "$elapsed ms"; fi
if grep -q "127.0.0.1:$port" "$work/hang.body" "$work/cut.body"; then fail "the backend's address never reaches the page" "found in a body"; else pass "the backend's address never reaches the page"; fi
cgi revalidate /revalidate
expect revalidate "a result naming regions to revalidate still resolves to the result" '<p id="rv">\{"saved":true\}</p>'
cgi badsecret /single RSC_HOST_CALL_SECRET=wrong
expect_status badsecret 500

# guards
reset
cgi guard-anon /guarded
expect_status guard-anon 401
expect guard-anon "a guard refusal's body is the backend's own message" 'Sign in first: /login'
seen "guard: one __rsc.middleware call, nothing rendered after the refusal" 'c.length === 1 && c[0].call === "__rsc.middleware" && JSON.stringify(c[0].args) === "[[\"auth\"]]"'
cgi guard-user /guarded HTTP_COOKIE=session=bob
expect_status guard-user 200
expect guard-user "a session passes the guard" '<p id="me">hello bob</p>'
reset
cgi guard-admin-bob /guarded/admin HTTP_COOKIE=session=bob
expect_status guard-admin-bob 403
seen "guard: the route's whole chain of names in one call" 'JSON.stringify(c[0].args) === "[[\"auth\",\"can:admin\"]]"'
cgi guard-admin /guarded/admin HTTP_COOKIE=session=admin
expect_status guard-admin 200
cgi guard-redirect /guard-redirect
expect_status guard-redirect 302
expect_head guard-redirect "a guard redirect answers Location" '^Location: /login$'
cgi guard-false /guard-false
expect_status guard-false 403
if grep -q 'did not answer true' "$work/guard-false.body"; then fail "guard: a failed check's log text stays out of the answer" "$(head -c 200 "$work/guard-false.body")"; else pass "guard: a failed check's log text stays out of the answer"; fi
cgi guard-secret /guarded HTTP_COOKIE=session=bob RSC_HOST_CALL_SECRET=wrong
if [ "$status" != 200 ] && ! grep -q 'hello bob' "$work/guard-secret.body"; then pass "guard: fails closed on a wrong secret ($status)"; else fail "guard: fails closed on a wrong secret" "status $status"; fi
cgi guard-down /guarded HTTP_COOKIE=session=bob RSC_BACKEND=http://127.0.0.1:1
if [ "$status" = 502 ] && ! grep -q 'hello bob' "$work/guard-down.body"; then pass "guard: fails closed when the backend is unreachable (502)"; else fail "guard: fails closed when the backend is unreachable" "status $status"; fi
cgi guard-stored / HTTP_COOKIE=session=bob
expect_status guard-stored 200

# Set-Cookie of host-call answers (kit.cgi; again through lighttpd below)
cgi cookie /cookie
expect_status cookie 200
expect_head cookie "a call above every boundary: its Set-Cookie reaches the page" '^Set-Cookie: session=carol; Path=/; HttpOnly$'
cgi cookie-flight /cookie HTTP_X_RSC=1
expect_head cookie-flight "a navigation payload carries it too" '^Set-Cookie: session=carol'
cgi cookie-batch /cookie-batch
expect cookie-batch "a batch answer that sets a cookie" '<p id="touch">touched 42</p>'
expect_head cookie-batch "the batch answer's Set-Cookie (NDJSON) reaches the page" '^Set-Cookie: touched=1; Path=/$'
cgi cookie-redirect /cookie-redirect
expect_status cookie-redirect 307
expect_head cookie-redirect "a login that redirects still logs in (Set-Cookie with the redirect)" '^Set-Cookie: session=dave'
cgi cookie-guard /cookie-guard
expect_status cookie-guard 200
expect_head cookie-guard "a backend guard's Set-Cookie reaches the page" '^Set-Cookie: remembered=1; Path=/$'
cgi cookie-mw /cookie-mw
expect cookie-mw "rpc() in the app's middleware.ts function" '<p id="mw">after middleware</p>'
expect_head cookie-mw "its Set-Cookie reaches the page" '^Set-Cookie: session=mw; Path=/; HttpOnly$'
cgi cookie-api /api/cookie
expect_status cookie-api 200
expect_head cookie-api "an API route's host call sets its cookie on the answer" '^Set-Cookie: session=erin'
cgi cookie-late /cookie-late
expect cookie-late "a call settling after the shell still renders" '<p id="late">logged in as late</p>'
if grep -qi '^Set-Cookie' "$work/cookie-late.head"; then
	fail "cookie-late: no Set-Cookie after the headers were sent" "$(tr '\n' ' ' <"$work/cookie-late.head")"
else
	pass "cookie-late: no Set-Cookie after the headers were sent"
fi
if grep -q 'rpc(Session.login): a Set-Cookie of the backend was dropped: the response headers were already sent' "$work/cookie-late.err"; then
	pass "cookie-late: the dropped cookie is logged naming the call"
else
	fail "cookie-late: the dropped cookie is logged naming the call" "$(head -c 400 "$work/cookie-late.err")"
fi

# server actions generated from tests/backend/app/rsc-host.json (kit-build wrote
# src/server-actions.generated.ts), called through POST /_rsc/action
if [ -f "$app/src/server-actions.generated.ts" ]; then
	pass "actions: kit-build generated src/server-actions.generated.ts from rsc-host.json"
else
	fail "actions: kit-build generated src/server-actions.generated.ts from rsc-host.json" "missing"
fi
action_id=$(printf '%s' "src/server-actions.generated.ts" | sha256sum | cut -c1-16)
action() { # action NAME EXPORT JSON-ARGS
	printf '%s' "$3" >"$work/$1.args"
	CGI_STDIN=1 cgi "$1" /_rsc/action REQUEST_METHOD=POST CONTENT_TYPE=application/octet-stream \
		CONTENT_LENGTH="$(wc -c <"$work/$1.args")" HTTP_X_RSC_ACTION="$action_id#$2" \
		HTTP_X_RSC_CONTENT_TYPE='text/plain;charset=UTF-8' <"$work/$1.args"
}
reset
action action-greet greet '["actions"]'
expect_status action-greet 200
expect action-greet "a generated action calls its backend function and answers its result" '^0:\{"a":"Hello, actions!"\}'
seen "actions: one host call of Hello.greet with the action's arguments" 'c.length === 1 && c[0].call === "Hello.greet" && JSON.stringify(c[0].args) === "[\"actions\"]"'
action action-login login '["zoe"]'
expect_status action-login 200
expect_head action-login "the backend's Set-Cookie reaches the action's answer" '^Set-Cookie: session=zoe; Path=/; HttpOnly$'
action action-refused mustLogin '[]'
expect_status action-refused 401
expect action-refused "a refusal is the action's JSON answer with its status" '"message":"Unauthenticated."'

# configuration
cgi half /single RSC_HOST_CALL_SECRET=
if [ "$status" = 500 ] && grep -q 'RSC_BACKEND and RSC_HOST_CALL_SECRET go together' "$work/half.err" "$work/half.body"; then
	pass "config: RSC_BACKEND without the secret is a clear startup error"
else
	fail "config: RSC_BACKEND without the secret is a clear startup error" "status $status: $(head -c 300 "$work/half.err")"
fi
cgi nobackend / RSC_BACKEND= RSC_HOST_CALL_SECRET=
expect_status nobackend 200
# kit-fcgi on a FastCGI socket (spawn-fcgi -n: in the foreground, the socket as stdin)
if command -v spawn-fcgi >/dev/null; then
	env -i PATH="$PATH" KIT_APP_DIR="$app" RSC_BACKEND="$backend" \
		spawn-fcgi -n -s "$work/half.sock" -- "$top_build/kit-fcgi" </dev/null >"$work/fcgi-half.out" 2>&1
	rc=$?
	if [ $rc -ne 0 ] && grep -q 'RSC_BACKEND and RSC_HOST_CALL_SECRET go together' "$work/fcgi-half.out"; then
		pass "config: kit-fcgi refuses to start with RSC_BACKEND alone (exit $rc, the message on stderr)"
	else
		fail "config: kit-fcgi refuses to start with RSC_BACKEND alone" "exit $rc: $(head -c 300 "$work/fcgi-half.out")"
	fi
else
	echo "SKIP: backend: config: kit-fcgi startup (spawn-fcgi is not installed)"
fi
env -i PATH="$PATH" KIT_DATADIR="$top_src" KIT_TOP_BUILDDIR="$top_build" RSC_HOST_CALL_SECRET=x \
	"$top_build/kit-serve" --port "$(kit_free_port)" "$app" </dev/null >"$work/serve-half.out" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q 'RSC_BACKEND and RSC_HOST_CALL_SECRET go together: RSC_HOST_CALL_SECRET is set' "$work/serve-half.out"; then
	pass "config: kit-serve refuses to start with the secret alone (exit $rc)"
else
	fail "config: kit-serve refuses to start with the secret alone" "exit $rc: $(head -c 300 "$work/serve-half.out")"
fi

# forwarding: URLs no route owns go to the backend unchanged, with the markers
cgi fwd-get '/not/a/route?q=1' HTTP_HOST=shop.test HTTP_COOKIE=session=bob HTTP_X_CUSTOM=yes
expect_status fwd-get 200
expect fwd-get "method, path and query unchanged" '"method":"GET","url":"/not/a/route\?q=1"'
expect fwd-get "the visitor's headers pass unchanged" '"cookie":"session=bob".*"x-custom":"yes"'
expect fwd-get "X-Forwarded-Host, X-Forwarded-Proto, X-Rsc-Renderer-Fallback: 1" '"x-forwarded-host":"shop.test","x-forwarded-proto":"http","x-rsc-renderer-fallback":"1"'
expect_head fwd-get "the backend's headers come back (Set-Cookie included)" '^Set-Cookie: seen=1; Path=/$'
printf 'name=alice' >"$work/login.form"
CGI_STDIN=1 cgi fwd-post /login REQUEST_METHOD=POST CONTENT_TYPE=application/x-www-form-urlencoded CONTENT_LENGTH=10 <"$work/login.form"
expect_status fwd-post 303
expect_head fwd-post "a POST with its body reaches the backend (login sets the cookie)" '^Set-Cookie: session=alice'
cgi fwd-404 /missing
expect_status fwd-404 404
cgi fwd-loop /not/a/route HTTP_X_RSC_PROXIED_BY_BACKEND=1
expect_status fwd-loop 404
cgi fwd-down /not/a/route RSC_BACKEND=http://127.0.0.1:1 RSC_HOST_CALL_SECRET=x
expect_status fwd-down 502
if grep -q '127.0.0.1' "$work/fwd-down.out"; then fail "fwd-down: the backend's address is not shown" "$(head -c 300 "$work/fwd-down.out")"; else pass "fwd-down: the backend's address is not shown"; fi
# forwarding has its own timeouts, not the render watchdog's
cgi fwd-hang /__test/hang KIT_FORWARD_IDLE_TIMEOUT_MS=2000
expect_status fwd-hang 504
if [ "$elapsed" -lt 5000 ]; then pass "fwd-hang: a hanging backend is a 504 after the idle timeout (2 s): $elapsed ms"
else fail "fwd-hang: a hanging backend is a 504 after the idle timeout (2 s)" "$elapsed ms"; fi
cgi fwd-slow '/__test/slow?ms=4000' KIT_RENDER_TIMEOUT_MS=1000 KIT_FORWARD_IDLE_TIMEOUT_MS=2000
if [ "$status" = 200 ] && [ "$(wc -c <"$work/fwd-slow.body")" = 62464 ] && [ "$elapsed" -ge 4000 ]; then
	pass "fwd-slow: a healthy slow download (61 KiB over $elapsed ms) outlives the render watchdog (6 s) and arrives whole"
else
	fail "fwd-slow: a slow download arrives whole" "status $status, $(wc -c <"$work/fwd-slow.body") bytes, $elapsed ms, exit $cgi_rc: $(head -c 300 "$work/fwd-slow.err")"
fi
cgi fwd-cut /__test/cut
if [ "$status" = 200 ] && [ "$cgi_rc" -ne 0 ] && grep -q "the backend's answer was cut" "$work/fwd-cut.err"; then
	pass "fwd-cut: a backend answer cut short is logged and kit.cgi exits $cgi_rc (not a clean end)"
else
	fail "fwd-cut: a backend answer cut short is not a clean end" "status $status, exit $cgi_rc: $(head -c 300 "$work/fwd-cut.err")"
fi
cgi fwd-none /not/a/route RSC_BACKEND= RSC_HOST_CALL_SECRET=
expect_status fwd-none 404
cgi fwd-owned /single
expect fwd-owned "a URL the app owns is rendered, not forwarded" '<p id="greet">'

# --- 2. streaming through kit-serve + lighttpd -----------------------------------
lighttpd=$(command -v lighttpd || ls /usr/sbin/lighttpd 2>/dev/null)
if [ -z "$lighttpd" ]; then
	echo "SKIP: backend: streaming: lighttpd is not installed"
	exit "$failed"
fi
export RSC_BACKEND=$backend RSC_HOST_CALL_SECRET=$secret
if ! kit_serve_start lighttpd "$app" "$work/serve" --procs 1; then
	fail "streaming: kit-serve" "$KIT_SERVE_ERROR"
	exit 1
fi
# when each piece arrived (ms from the start of the request)
"$node" -e '
	const http = require("http"), t0 = Date.now(); let buf = "", fast = -1, slow = -1;
	http.get(process.argv[1], (res) => {
		res.setEncoding("utf8");
		res.on("data", (d) => { buf += d; const t = Date.now() - t0;
			if (fast < 0 && /<p id="fast">/.test(buf)) fast = t;
			if (slow < 0 && /<p id="slow">/.test(buf)) slow = t; });
		res.on("end", () => console.log(res.statusCode, fast, slow));
	});' "$KIT_SERVE_BASE/stream" >"$work/stream.times"
read -r st fast slow <"$work/stream.times"
# (a gap between the two, not absolute times: the machine may be loaded)
if [ "$st" = 200 ] && [ "$fast" -ge 0 ] && [ "$slow" -ge 0 ] && [ $((slow - fast)) -ge 700 ]; then
	pass "streaming: the fast read's boundary arrives at $fast ms, the slow one of the same batch at $slow ms"
else
	fail "streaming: the fast read streams before the slow one" "status $st, fast $fast ms, slow $slow ms"
fi

# Set-Cookie of host-call answers through lighttpd
"$node" -e '
	const http = require("http");
	const get = (p, h = {}) => new Promise((ok) => http.get(process.argv[1] + p, { headers: h }, (res) => {
		let b = ""; res.setEncoding("utf8"); res.on("data", (d) => (b += d));
		res.on("end", () => ok({ status: res.statusCode, cookies: res.headers["set-cookie"] || [], body: b }));
	}));
	(async () => {
		const out = {};
		for (const [k, p, h] of [["page", "/cookie"], ["flight", "/cookie", { "X-RSC": "1" }], ["batch", "/cookie-batch"],
			["redirect", "/cookie-redirect"], ["guard", "/cookie-guard"], ["api", "/api/cookie"], ["late", "/cookie-late"]])
			out[k] = await get(p, h);
		console.log(JSON.stringify(out));
	})();' "$KIT_SERVE_BASE" >"$work/lcookies.json"
lcookie() { # lcookie WHAT JS-EXPR-over-o
	if "$node" -e 'const o = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(eval(process.argv[2]) ? 0 : 1)' \
		"$work/lcookies.json" "$2"; then
		pass "lighttpd: $1"
	else
		fail "lighttpd: $1" "($2) is false for $(head -c 800 "$work/lcookies.json")"
	fi
}
lcookie "a call above every boundary: Set-Cookie on the page" 'o.page.status === 200 && o.page.cookies.join() === "session=carol; Path=/; HttpOnly"'
lcookie "the navigation payload too" 'o.flight.status === 200 && o.flight.cookies.join() === "session=carol; Path=/; HttpOnly"'
lcookie "a batch (NDJSON) answer's Set-Cookie" 'o.batch.status === 200 && o.batch.cookies.join() === "touched=1; Path=/"'
lcookie "a login that redirects still logs in" 'o.redirect.status === 307 && o.redirect.cookies[0].startsWith("session=dave")'
lcookie "a backend guard's Set-Cookie" 'o.guard.status === 200 && o.guard.cookies.join() === "remembered=1; Path=/"'
lcookie "an API route's host call" 'o.api.status === 200 && o.api.body === "logged in as erin" && o.api.cookies[0].startsWith("session=erin")'
lcookie "after the shell: rendered, the cookie dropped" 'o.late.status === 200 && /logged in as late/.test(o.late.body) && o.late.cookies.length === 0'
if grep -qs 'rpc(Session.login): a Set-Cookie of the backend was dropped' "$work/serve.log" "$work/serve"/*.log; then
	pass "lighttpd: the dropped cookie is logged naming the call"
else
	fail "lighttpd: the dropped cookie is logged naming the call" "not in $work/serve.log or $work/serve/*.log"
fi

# forward_checks SERVER: through the web server, forwarding keeps its own
# timeouts (a hanging backend: 504 after KIT_FORWARD_IDLE_TIMEOUT_MS; a slow
# download outlives the render watchdog, KIT_RENDER_TIMEOUT_MS + 5 s) and a
# backend answer cut short breaks the visitor's transfer (curl exit 18)
forward_checks() {
	local srv=$1 out rc
	out=$(curl -s -o "$work/$srv-slow.body" -w '%{http_code} %{size_download} %{time_total}' "$KIT_SERVE_BASE/__test/slow?ms=9000")
	rc=$?
	read -r st size secs <<<"$out"
	if [ "$rc" = 0 ] && [ "$st" = 200 ] && [ "$size" = 62464 ]; then
		pass "$srv: a healthy slow download (61 KiB over $secs s) outlives the render watchdog (7 s) and arrives whole"
	else
		fail "$srv: a slow download arrives whole" "curl exit $rc, $out"
	fi
	out=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' "$KIT_SERVE_BASE/__test/hang")
	read -r st secs <<<"$out"
	if [ "$st" = 504 ] && [ "${secs%%.*}" -lt 6 ]; then
		pass "$srv: a hanging backend is a 504 after the idle timeout (2 s): $secs s"
	else
		fail "$srv: a hanging backend is a 504 after the idle timeout" "$out"
	fi
	out=$(curl -s -o "$work/$srv-cut.body" -w '%{http_code} %{size_download}' "$KIT_SERVE_BASE/__test/cut")
	rc=$?
	if [ "$srv" = apache ]; then
		# mod_fcgid ends the answer itself when the responder closes the
		# connection without FCGI_END_REQUEST: its own 500 page after the
		# bytes that came, then a clean end (docs/fastcgi.md §9)
		if [ "$rc" = 0 ] && [ "$(head -c 4096 "$work/$srv-cut.body" | tail -c 1024 | head -c 4)" = 0003 ] &&
			[ "$(wc -c <"$work/$srv-cut.body")" -lt 62464 ] && tail -c 600 "$work/$srv-cut.body" | grep -q 'Internal Server Error'; then
			pass "$srv: a backend answer cut short: 4 KiB, then mod_fcgid's 500 page ($out), never the whole answer"
		else
			fail "$srv: a backend answer cut short" "curl exit $rc, $out: $(tail -c 300 "$work/$srv-cut.body")"
		fi
	elif [ "$rc" = 18 ] || [ "$rc" = 56 ] || [ "$rc" = 92 ]; then
		pass "$srv: a backend answer cut short breaks the transfer (curl exit $rc after $out)"
	else
		fail "$srv: a backend answer cut short breaks the transfer" "curl exit $rc, $out"
	fi
}
kit_serve_stop
KIT_RENDER_TIMEOUT_MS=2000 KIT_FORWARD_IDLE_TIMEOUT_MS=2000
export KIT_RENDER_TIMEOUT_MS KIT_FORWARD_IDLE_TIMEOUT_MS
if ! kit_serve_start lighttpd "$app" "$work/serve-fwd" --procs 1; then
	fail "lighttpd: kit-serve (forwarding timeouts)" "$KIT_SERVE_ERROR"
else
	forward_checks lighttpd
	kit_serve_stop
fi

# kit-serve + Apache (mod_fcgid): the environment reaches the responders too
apache=$(command -v apache2 || ls /usr/sbin/apache2 2>/dev/null)
if [ -z "$apache" ]; then
	echo "SKIP: backend: apache: apache2 is not installed"
elif ! kit_serve_start apache "$app" "$work/serve-apache" --procs 1; then
	fail "apache: kit-serve" "$KIT_SERVE_ERROR"
else
	"$node" -e '
		require("http").get(process.argv[1] + "/single", (res) => {
			let b = ""; res.setEncoding("utf8"); res.on("data", (d) => (b += d));
			res.on("end", () => console.log(res.statusCode, /<p id="greet">Hello, kit!<\/p>/.test(b)));
		});' "$KIT_SERVE_BASE" >"$work/apache-single.out" 2>&1
	if [ "$(cat "$work/apache-single.out")" = "200 true" ]; then
		pass "apache: RSC_BACKEND and the secret reach the mod_fcgid responders (rpc() answered)"
	else
		fail "apache: RSC_BACKEND and the secret reach the mod_fcgid responders" "$(head -c 300 "$work/apache-single.out")"
	fi
	forward_checks apache
fi
exit "$failed"
