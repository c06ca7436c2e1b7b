#!/bin/bash
# next-middleware.sh — a Next.js-shaped src/middleware.ts with config.matcher
# (docs/middleware.md) on tests/next-middleware/app, the i18n-routing
# example's middleware: kit-build finds it, and behind lighttpd it runs before
# routing for the paths its matcher covers (so for URLs no route claims),
# with a NextRequest, and what it returns is the answer: a redirect by
# Accept-Language (204 + X-RSC-Redirect for a navigation), NextResponse.next()
# with request headers, response headers and a cookie, a rewrite, JSON, a
# plain Response; a throw is a 500 and a log line. Stored pages it covers are
# sent only after it ran, private. In Chromium (tests/next-middleware/check.mjs)
# client navigations follow its redirects.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin next-middleware
suite_need node "the build needs it"
suite_need curl "the checks use it"
suite_work next-middleware
suite_app tests/next-middleware/app
app=$work/app
pass "kit-build of an app with src/middleware.ts"
check "the listing names the middleware" grep -qF 'Middleware src/middleware.ts · runs before routing' "$work/build.log"
check "the manifest names its module and file" \
	grep -qF '"nextMiddleware": {"module": "middleware", "file": "src/middleware.ts"}' "$app/.kit/manifest.json"
check "/en is stored at build (the middleware does not run at build time)" grep -qE '^  /en \(/\[lang\]\) stored' "$work/build.log"

# a bad matcher fails the build, naming the file and the pattern
bad=$work/bad
cp -R "$top_src/tests/next-middleware/app" "$bad"
sed -i "s#'/((?!api|_kit|favicon.ico).\*)',#'/api/*',#" "$bad/src/middleware.ts"
if "$top_build/kit-build" "$bad" >"$work/bad.log" 2>&1; then
	fail "a bare * in the matcher fails the build" "kit-build succeeded: $(tail -n 3 "$work/bad.log" | tr '\n' ' ')"
else
	check "a bare * in the matcher fails the build, naming the file and the fix" \
		grep -qF 'src/middleware.ts: config.matcher: Error: matcher "/api/*": a bare "*" is not a pattern' "$work/bad.log"
fi
# middleware.ts at the app's root is found too; two of them are an error
mv "$bad/src/middleware.ts" "$bad/middleware.ts"
sed -i "s#'/api/\*',#'/((?!api).*)',#" "$bad/middleware.ts"
check "middleware.ts at the app's root is the middleware" sh -c \
	"'$top_build/kit-build' --no-prerender '$bad' >'$work/root.log' 2>&1 && grep -qF 'Middleware middleware.ts' '$work/root.log'"
cp "$bad/middleware.ts" "$bad/src/middleware.ts"
check "src/middleware.ts and middleware.ts together fail the build" sh -c \
	"! '$top_build/kit-build' --no-prerender '$bad' >'$work/two.log' 2>&1 && grep -qF 'the app has two Next.js middleware files' '$work/two.log'"
# a next/server import is answered with kit's module
printf "import { NextResponse } from 'next/server';\nexport function middleware() { return NextResponse.next(); }\n" >"$bad/src/middleware.ts"
rm "$bad/middleware.ts"
check "an import of next/server names @kit/core/server" sh -c \
	"! '$top_build/kit-build' --no-prerender '$bad' >'$work/next.log' 2>&1 && grep -qF \"import { NextResponse, type NextRequest } from '@kit/core/server'\" '$work/next.log'"

# kit.cgi (the engine opened only for requests that need it) runs it too
cgi_head=$(cd "$app" && REQUEST_METHOD=GET REQUEST_URI=/ SERVER_PROTOCOL=HTTP/1.1 HTTP_HOST=example.test \
	HTTP_ACCEPT_LANGUAGE=de KIT_APP_DIR=$app "$top_build/kit.cgi" 2>/dev/null | tr -d '\r' | sed '/^$/q')
check "kit.cgi: / answers the locale redirect" grep -qxF 'Location: http://example.test/de' <<<"$cgi_head"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
B=$KIT_SERVE_BASE
# expect NAME STATUS [LINE | !PREFIX]... -- PATH [curl args]: the answer's
# status, header lines it has (names lowercased, exact) and line prefixes it
# must not have
expect() {
	local name=$1 status=$2 want=() h w why=
	shift 2
	while [ "$1" != -- ]; do
		want+=("$1")
		shift
	done
	shift
	local p=$1
	shift
	h=$(curl -s -o /dev/null -D - "$@" "$B$p" | tr -d '\r' | sed 's/^\([^:]*\):/\L\1:/')
	head -n 1 <<<"$h" | grep -q "^HTTP/1.1 $status" || why="status $(head -n 1 <<<"$h")"
	for w in ${want[@]+"${want[@]}"}; do
		case $w in
		!*) grep -qi "^${w#!}" <<<"$h" && why="$why; has ${w#!}" ;;
		*) grep -qxF "$w" <<<"$h" || why="$why; no \"$w\"" ;;
		esac
	done
	if [ -z "$why" ]; then pass "$name"; else fail "$name" "$why"; fi
}
# body_has NAME TEXT PATH [curl args]
body_has() {
	local name=$1 text=$2 p=$3
	shift 3
	check "$name" grep -qF "$text" <(curl -s "$@" "$B$p")
}
expect "/ with Accept-Language de-CH: 307 to /de (no route claims /)" 307 "location: $B/de" "cache-control: private, no-store" \
	-- / -H 'Accept-Language: de-CH, de;q=0.9, en;q=0.5'
expect "/?ref=x with fr, en-US, de: 307 to /en?ref=x (the first language the app has, by q)" 307 "location: $B/en?ref=x" \
	-- '/?ref=x' -H 'Accept-Language: fr;q=1, en-US;q=0.8, de;q=0.1'
expect "/ without Accept-Language: 307 to /en" 307 "location: $B/en" -- /
expect "/nowhere (unclaimed): 307 to /de/nowhere" 307 "location: $B/de/nowhere" -- /nowhere -H 'Accept-Language: de'
expect "/de/nowhere: the middleware ran, then the 404" 404 "x-middleware: ran" -- /de/nowhere
expect "a navigation to /: 204 + X-RSC-Redirect: /de" 204 "x-rsc-redirect: /de" '!location' \
	-- / -H 'X-RSC: 1' -H 'Accept-Language: de'

# a stored page behind the matcher: the middleware runs, then the file goes
expect "/en: the stored file, with the middleware's header and cookies, private" 200 "x-rsc-kit: stored" \
	"x-middleware: ran" "set-cookie: seen-locale=en; Path=/" "set-cookie: raw=1; Path=/" "cache-control: private, no-store" -- /en
check "... one Cache-Control" test "$(curl -s -o /dev/null -D - "$B/en" | grep -ci '^cache-control:')" = 1
expect "HEAD /en: the same head" 200 "x-rsc-kit: stored" "x-middleware: ran" -- /en -I
expect "/de/secret (stored) without a session cookie: 307 to /de, the file not sent" 307 "location: $B/de" '!x-rsc-kit' -- /de/secret
expect "/de/secret with one: the stored file" 200 "x-rsc-kit: stored" -- /de/secret -b session=abc
expect "a navigation to /de/secret without one: 204 + X-RSC-Redirect: /de" 204 "x-rsc-redirect: /de" -- /de/secret -H 'X-RSC: 1'
expect "a navigation to /en: the stored payload, after the middleware" 200 "content-type: text/x-component" \
	"x-rsc-kit: stored" "x-middleware: ran" -- /en -H 'X-RSC: 1'

body_has "/en/about: the page reads the request header the middleware handed on" '<p id="seen">seen <!-- -->en</p>' /en/about
expect "... and the route's directory middleware ran after it, with that header" 200 "x-dir-middleware: saw en" \
	"x-middleware: ran" -- /en/about
body_has "... and the visitor's cookie" 'session <!-- -->s1' /en/about -b session=s1
expect "/old-about: rewritten, answered under its own URL" 200 '!location' "cache-control: private, no-store" -- /old-about
body_has "... with the page of /en/about" '<h1>about <!-- -->en</h1>' /old-about
body_has "... usePathname() is the URL asked for" '<p id="path">path <!-- -->/old-about</p>' /old-about
body_has "(on /en/about itself, /en/about)" '<p id="path">path <!-- -->/en/about</p>' /en/about
body_has "... whose directory middleware and page got the headers handed on with the rewrite" \
	'<p id="seen">seen <!-- -->en (rewritten)</p>' /old-about
expect "/mw-json?q=z: NextResponse.json(..., { status: 202 }) answers" 202 "content-type: application/json" -- '/mw-json?q=z'
check "... its body" test "$(curl -s "$B/mw-json?q=z")" = '{"from":"middleware","q":"z"}'
expect "/kit-redirect: redirect() of @kit/core/redirect works in it too" 307 "location: $B/en/about" -- /kit-redirect
expect "/plain: a new Response(...) answers as it is" 418 "x-plain: yes" -- /plain
check "... its body" test "$(curl -s "$B/plain")" = "a plain answer"

# the matcher: path patterns compiled in kit's engine (what Next.js's matcher matches)
want='{"/about/:path*":["/about","/about/a","/about/a/b","/About/A"],"/dashboard/:path+":["/dashboard/x/y"],'
want+='"/blog/:slug":["/blog/a"],"/blog/:slug?":["/blog","/blog/a"],"/:lang(en|de)/about":["/en/about"],'
want+='"/((?!api|_kit|favicon.ico).*)":["/","/about","/about/a","/about/a/b","/aboutx","/About/A","/dashboard",'
want+='"/dashboard/x/y","/blog","/blog/a","/blog/a/b","/en/about","/fr/about","/files","/files/a/b.txt"],'
want+='"/files/(.*)":["/files","/files/a/b.txt"],"/":["/"]}'
check "matcher patterns: :name, :name? * +, :name(a|b), (regex), negative lookahead, case-insensitive" \
	test "$(curl -s "$B/matcher-table")" = "$want"
# excluded paths never run it; has / missing
expect "/api/hello (excluded): the stored answer, public, no middleware header" 200 \
	"cache-control: public, max-age=0, must-revalidate" '!x-middleware' '!set-cookie' -- /api/hello
check "/api/guarded/a without x-token (has: not met): the route answers" test "$(curl -s "$B/api/guarded/a")" = open
expect "/api/guarded/a with x-token (has: met): the middleware's 401" 401 "content-type: application/json" -- /api/guarded/a -H 'x-token: t'
expect "/api/needs-cookie without the ok cookie (missing: met): the middleware's 403" 403 -- /api/needs-cookie
check "/api/needs-cookie with ok=yes (missing: not met): the route answers" \
	test "$(curl -s -b ok=yes "$B/api/needs-cookie")" = "cookie ok"

expect "/apidocs (a page the matcher leaves out): stored, public, no middleware header" 200 "x-rsc-kit: stored" \
	"cache-control: public, max-age=0, must-revalidate" '!x-middleware' -- /apidocs

# the edge endpoints never run it: they refuse the pages it covers
check "/_rsc/ppr-shell?url=/en (covered): 404, not edge-cacheable" \
	test "$(curl -s "$B/_rsc/ppr-shell?url=/en")" = "This route is not edge-cacheable"
check "/_rsc/ppr-shell?url=/apidocs (not covered): asked of the store (it holds no shell)" \
	test "$(curl -s "$B/_rsc/ppr-shell?url=/apidocs")" = "No shell for this page"
check "POST /_rsc/ppr-resume?url=/de/secret (covered): 404, the page not rendered" \
	test "$(curl -s -X POST -d "" "$B/_rsc/ppr-resume?url=/de/secret")" = "This route is not edge-cacheable"

expect "/boom: the middleware threw: 500" 500 -- /boom
expect "... a navigation too (text)" 500 "content-type: text/plain; charset=utf-8" -- /boom -H 'X-RSC: 1'
check "... and a log line names the path, the file, the error, where it was thrown and the page's digest" \
	grep -qE '500 GET /boom — <src/middleware.ts> Error: boom from the middleware at src/middleware.ts:26 \(digest [0-9]+\)$' "$work/serve/responder.log"
suite_browser_check tests/next-middleware/check.mjs
suite_end
