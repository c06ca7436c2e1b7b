#!/bin/bash
# env.sh — process.env as Next.js gives it (docs/env.md), on tests/env/app:
# its .env and .env.local (the local file wins, ${NAME} expands), the build's
# environment over both at build time (a stored page), the responders'
# environment over both per request (behind lighttpd), never the request's
# CGI variables; NEXT_PUBLIC_* written into the browser's bundle, other
# values kept out of it.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin env
suite_need node "the build needs it"
suite_work env
cp -R "$top_src/tests/env/app" "$work/app"
app=$work/app
if ! OVERRIDE=build-env "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build of an app with .env files" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
pass "kit-build of an app with .env files"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
text() { sed 's/<!-- -->//g' "$1" | grep -o "<p id=\"$2\">[^<]*</p>"; }
check "at build time: .env.local over .env, \${GREETING} expanded, the build's environment over both, no request variable" \
	test "$(text "$stored/index.html" server)" = '<p id="server">hello from .env.local|hello from .env.local and more|kit.example|s3cret|build-env|undefined</p>'
check "a client component rendered on the server sees the public value" \
	grep -qF '<p id="client">kit.example<!-- -->|' "$stored/index.html"
check "the browser's bundle has NEXT_PUBLIC_SITE written in" grep -qF '"kit.example"' "$app"/.kit/static/pub-*.js
check "... and no other value of the .env files" bash -c "! grep -q -e s3cret -e 'hello from' $app/.kit/static/*.js"
export OVERRIDE=runtime-env GREETING=from-environment
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
curl -s -o "$work/live.html" -H 'Cookie: a=b' "$KIT_SERVE_BASE/live?x=1"
check "per request: the responder's environment over the files, never the request's QUERY_STRING or HTTP_COOKIE" \
	test "$(text "$work/live.html" live)" = '<p id="live">from-environment|runtime-env|undefined|undefined</p>'
kit_serve_stop
suite_end
