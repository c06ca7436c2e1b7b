#!/bin/bash
# backend-demo.sh — the README demo as `contrib/dev demo` runs it:
# examples/hello behind lighttpd (kit-serve) with the Python example backend
# examples/backend/app.py (RSC_BACKEND, RSC_HOST_CALL_SECRET).
#
# - a backend-guarded page (/members, middleware ['auth']) is refused (401)
#   without a session, then allowed after a login forwarded to the backend
#   (GET /login is the backend's form; POST /login sets the session cookie and
#   redirects back to ?next); /logout clears it; /account's own middleware
#   sends the visitor to the same forwarded /login;
# - /orders: the fast read (Orders.recent) and the slow one (Slow.report) of
#   one batch stream separately: the fast boundary arrives in an earlier chunk
#   than the slow one (chunk order, not timings);
# - the action Guestbook.sign: {result, revalidate:["page"]} as a host call,
#   422 validationErrors for a missing field; the page's form post forwarded
#   to the backend records an entry that /guestbook then lists;
# - a URL neither owns: the backend's 404 (it never hands it back);
# - the backend refuses a wrong secret (403) and to start without one;
#   backend.cgi answers a batch as CGI, the fast line first.
suite=backend-demo app_src=examples/hello
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/backend-suite.sh"

if out=$(env -u RSC_HOST_CALL_SECRET PORT=0 timeout 10 "$python" "$top_src/examples/backend/app.py" 2>&1); then
	fail "the backend refuses to start without a secret" "it started: $out"
elif grep -q 'RSC_HOST_CALL_SECRET is not set' <<<"$out"; then
	pass "the backend refuses to start without a secret"
else
	fail "the backend refuses to start without a secret" "$out"
fi

secret=demo-secret-$$
RSC_HOST_CALL_SECRET=$secret PORT=0 "$python" "$top_src/examples/backend/app.py" >"$work/backend.out" 2>&1 &
backend_pid=$!
port=
for _ in $(seq 1 100); do
	port=$(sed -n 's/^PORT //p' "$work/backend.out")
	[ -n "$port" ] && break
	sleep 0.1
done
[ -n "$port" ] || { fail setup "the example backend did not start: $(head -c 300 "$work/backend.out")"; exit 1; }
backend=http://127.0.0.1:$port
export RSC_BACKEND=$backend RSC_HOST_CALL_SECRET=$secret
if ! kit_serve_start lighttpd "$app" "$work/serve" --procs 2; then
	fail "setup: kit-serve" "$KIT_SERVE_ERROR"
	exit 1
fi
site=$KIT_SERVE_BASE

# req NAME METHOD URL [BODY] [HEADERS-JSON]: leaves $work/NAME.json
# {status, headers, body, chunks:[...]} (redirects are not followed)
req() {
	"$node" -e '
		const http = require("http"), fs = require("fs");
		const [name, method, url, body, hdrs] = process.argv.slice(1);
		const headers = JSON.parse(hdrs || "{}");
		if (body) { headers["content-type"] ??= "application/x-www-form-urlencoded"; headers["content-length"] = Buffer.byteLength(body); }
		const out = (r) => fs.writeFileSync(name, JSON.stringify(r));
		const q = http.request(url, { method, headers }, (res) => {
			const chunks = []; res.setEncoding("utf8");
			res.on("data", (d) => chunks.push(d));
			res.on("end", () => out({ status: res.statusCode, headers: res.headers, body: chunks.join(""), chunks }));
		});
		q.on("error", (e) => out({ status: 0, error: String(e), headers: {}, body: "", chunks: [] }));
		q.end(body || undefined);
	' "$work/$1.json" "$2" "$3" "${4:-}" "${5:-}"
}
check() { # check NAME WHAT JS-EXPR-over-r
	local why
	if why=$("$node" -e '
		const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
		const text = r.body.replace(/<!-- -->/g, "");
		if (!(eval(process.argv[2]))) { console.log(r.status, JSON.stringify(r.headers).slice(0, 300), text.replace(/<script[^]*/, "").slice(0, 400), r.error || ""); process.exit(1); }
	' "$work/$1.json" "$3" 2>&1); then pass "$1: $2"; else fail "$1: $2" "($3) is false: $why"; fi
}

# --- a guarded page, a forwarded login --------------------------------------------
req members-anon GET "$site/members"
check members-anon "the backend guard refuses /members without a session (401)" \
	'r.status === 401 && !text.includes("signed in as")'
req login-form GET "$site/login?next=/members"
check login-form "GET /login is forwarded to the backend: its form, ?next kept" \
	'r.status === 200 && r.headers["x-backend"] === "example" && text.includes("name=\"next\" value=\"/members\"")'
req login POST "$site/login" 'name=alice&next=%2Fmembers'
check login "POST /login is forwarded with its body: the session cookie and a redirect back" \
	'r.status === 303 && r.headers.location === "/members" && /^session=alice;/.test((r.headers["set-cookie"] || [])[0])'
req members GET "$site/members" '' '{"cookie":"session=alice"}'
check members "after the login the guard passes and the page renders" \
	'r.status === 200 && text.includes("signed in as alice")'
req members-admin GET "$site/members" '' '{"cookie":"session=admin"}'
check members-admin "the backend tells the administrator apart" 'r.status === 200 && text.includes("signed in as admin (administrator)")'
req account-anon GET "$site/account"
check account-anon "/account's own middleware sends the visitor to the forwarded /login" \
	'r.status >= 300 && r.status < 400 && r.headers.location === "/login?next=/account"'
req account GET "$site/account" '' '{"cookie":"session=alice"}'
check account "with the backend's session cookie /account renders" 'r.status === 200 && text.includes("signed in as alice")'
req logout GET "$site/logout" '' '{"cookie":"session=alice"}'
check logout "/logout (forwarded) clears the session cookie" \
	'r.status === 303 && /^session=;.*Max-Age=0/.test((r.headers["set-cookie"] || [])[0])'

# --- fast and slow reads stream separately ----------------------------------------
req orders GET "$site/orders"
check orders "/orders: the fast read's boundary arrives in an earlier chunk than the slow one" '
	const at = (s) => r.chunks.findIndex((c, i) => r.chunks.slice(0, i + 1).join("").replace(/<!-- -->/g, "").includes(s));
	const f = at("order 1: 10 coins"), s = at("the slow report took 1200 ms");
	r.status === 200 && f >= 0 && s > f && at("preparing the report") <= f'

# --- an action ---------------------------------------------------------------------
call() { # call NAME JSON-BODY [SECRET]: a host call straight to the backend
	req "$1" POST "$backend/__rsc/host-call" "$2" "{\"content-type\":\"application/json\",\"x-rsc-host-secret\":\"${3:-$secret}\"}"
}
call sign '{"function":"Guestbook.sign","args":[{"name":"bob","message":"hi from a host call"}]}'
check sign "Guestbook.sign answers {result, revalidate:[\"page\"]}" \
	'const b = JSON.parse(r.body); r.status === 200 && b.result.name === "bob" && JSON.stringify(b.revalidate) === "[\"page\"]"'
call sign-invalid '{"function":"Guestbook.sign","args":[{"name":"bob"}]}'
check sign-invalid "a missing field: 422 validationErrors" \
	'const b = JSON.parse(r.body); r.status === 422 && b.validationErrors.message[0] === "Write a message."'
call wrong-secret '{"function":"Hello.greet","args":[]}' wrong
check wrong-secret "a wrong secret: 403" 'r.status === 403 && r.body.includes("bad or missing host secret")'
req sign-form POST "$site/guestbook/sign" 'name=carol&message=hello+from+the+form'
check sign-form "the guestbook form's post is forwarded to the backend and redirects back" \
	'r.status === 303 && r.headers.location === "/guestbook"'
req sign-form-bad POST "$site/guestbook/sign" 'name=carol&message='
check sign-form-bad "an invalid post comes back with the validation message" \
	'r.status === 303 && r.headers.location === "/guestbook?error=Write%20a%20message."'
req guestbook GET "$site/guestbook"
check guestbook "/guestbook lists what the action recorded, newest first" \
	'r.status === 200 && /carol: hello from the form.*bob: hi from a host call/.test(text)'

# --- a URL nobody owns -------------------------------------------------------------
req nobody GET "$site/no/such/thing"
check nobody "a URL neither owns: the backend's 404 through kit" 'r.status === 404'

# --- CGI ---------------------------------------------------------------------------
printf '{"calls":[{"function":"Slow.report","args":[300]},{"function":"Fast.count","args":[]}]}' >"$work/batch.json"
env -i PATH="$PATH" RSC_HOST_CALL_SECRET=$secret GATEWAY_INTERFACE=CGI/1.1 REQUEST_METHOD=POST \
	PATH_INFO=/__rsc/host-call HTTP_X_RSC_HOST_SECRET=$secret CONTENT_TYPE=application/json \
	CONTENT_LENGTH="$(wc -c <"$work/batch.json")" SERVER_NAME=localhost SERVER_PORT=80 SERVER_PROTOCOL=HTTP/1.1 \
	"$python" "$top_src/examples/backend/backend.cgi" <"$work/batch.json" >"$work/cgi.out" 2>&1
if head -n 1 "$work/cgi.out" | grep -q '^Status: 200' && grep -q 'application/x-ndjson' "$work/cgi.out" &&
	[ "$(grep '^{' "$work/cgi.out" | head -n 1)" = '{"index":1,"status":200,"result":42}' ] &&
	grep -q '^{"index":0,"status":200,"result":{"slow":true,"after":300}}' "$work/cgi.out"; then
	pass "backend.cgi answers a batch as CGI, the fast line first"
else
	fail "backend.cgi answers a batch as CGI, the fast line first" "$(head -c 400 "$work/cgi.out")"
fi
exit "$failed"
