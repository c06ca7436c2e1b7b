#!/bin/bash
# segment-config.sh — route segment config and fetch cache options
# (docs/segment-config.md) on tests/segment/app. Pages and an API route show
# content/value.txt: stored ones keep the build's text, per-request ones show
# an edit at once. kit-build's listing gives each route's reason (dynamic =
# 'force-dynamic', a layout's revalidate = 0, a no-store fetch whose error
# the page caught, a next.revalidate = 0 fetch inside a boundary: a shell),
# and warns, naming the file and line, about the config it ignores
# (revalidate = 60, runtime = 'edge'). dynamicParams = false: a URL the page
# does not list is a 404. Served behind lighttpd.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin segment-config
suite_need node "the build needs it"
suite_work segment
app=$work/app
cp -R "$top_src/tests/segment/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
mkdir -p "$app/content"
echo "build value" >"$app/content/value.txt"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build of the app" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
pass "kit-build of an app with route segment config"
listed() { grep -qE "^. $1 +.* · $2\$" "$work/build.log"; }
check "no config: stored" listed '○ /' 'stored [0-9.]+ kB'
check "dynamic = 'force-dynamic': per request, with the reason" listed 'ƒ /forced' 'exports dynamic = force-dynamic'
check "a layout's revalidate = 0 reaches the page below it" listed 'ƒ /zero/inner' 'exports revalidate = 0'
check "an API route's dynamic = 'force-dynamic'" listed 'ƒ /api/time' 'exports dynamic = force-dynamic'
check "a no-store fetch whose error the page caught: per request" listed 'ƒ /nostore' 'fetches with cache no-store'
check "a next.revalidate = 0 fetch inside a boundary: the shell stored" \
	listed '◐ /nostore-hole' 'shell stored [0-9.]+ kB · fetches with next.revalidate = 0 inside a Suspense boundary'
check "dynamicParams = false: the listed URLs stored" listed '● /listed/\[id\]' '2 of 2 listed URLs stored.*'
check "revalidate = 60: a warning naming the file and line, and the fix" \
	bash -c "grep -qF 'warning: src/app/timed/page.tsx:2:1: revalidate = 60: kit does not render stored pages again on a timer' '$work/build.log' && grep -qF 'fix:   remove the export, or use revalidate = 0 to render the route per request' '$work/build.log'"
check "runtime = 'edge': a warning" grep -qF "warning: src/app/timed/page.tsx:3:1: runtime = 'edge' is ignored" "$work/build.log"
check "... and the page is still stored" listed '○ /timed' 'stored [0-9.]+ kB'

echo "edited value" >"$app/content/value.txt"
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
body() { curl -s "$KIT_SERVE_BASE$1"; }
code() { curl -s -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE$1"; }
check "/ keeps the build's value" bash -c "curl -s '$KIT_SERVE_BASE/' | grep -qF '<p id=\"value\">build value</p>'"
check "/forced shows the edit" bash -c "curl -s '$KIT_SERVE_BASE/forced' | grep -qF '<p id=\"value\">edited value</p>'"
check "/zero/inner shows the edit" bash -c "curl -s '$KIT_SERVE_BASE/zero/inner' | grep -qF '<p id=\"value\">edited value</p>'"
check "/api/time answers the edit" test "$(body /api/time)" = "edited value"
check "dynamicParams = false: a listed URL answers 200" test "$(code /listed/a)" = 200
check "... an unlisted one 404" test "$(code /listed/zz)" = 404
check "... also as a navigation" test "$(curl -s -o /dev/null -w '%{http_code}' -H 'X-RSC: true' "$KIT_SERVE_BASE/listed/zz")" = 404
suite_end
