#!/bin/bash
# assets.sh — imports of files that are not code (docs/assets.md) on
# tests/assets/app: PNG, GIF and SVG imports are { src, width, height } as in
# Next.js (dimensions read from the files), copied to static/ under hashed
# names; kit.config.json "loaders" makes .md and .txt text and .bin a URL.
# The stored page shows them all; behind lighttpd the files are served with
# their types. Then the errors: an extension without a loader, and a loader
# kit does not have.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin assets
suite_need node "the build needs it"
suite_work assets
app=$work/app
cp -R "$top_src/tests/assets/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build of the app" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
pass "kit-build of an app importing images, Markdown, text and a binary file"
static=$app/.kit/static
page=$(cat "$app/.kit-store/stored/$(cat "$app/.kit/version")/index.html")
file_of() { ls "$static" | grep -E "^$1-[0-9A-F]{8}\\.$2\$"; }
logo=$(file_of logo png) dot=$(file_of dot gif) icon=$(file_of icon svg) blob=$(file_of blob bin)
check "static/ holds each file under a hashed name, unchanged" \
	bash -c "cmp -s '$static/$logo' '$app/src/app/logo.png' && cmp -s '$static/$dot' '$app/src/app/dot.gif' && cmp -s '$static/$blob' '$app/content/blob.bin'"
has() { grep -qF -- "$1" <<<"$page"; }
check "a PNG import: its URL and its size (37 × 21)" has "<img id=\"logo\" src=\"/_kit/static/$logo\" width=\"37\" height=\"21\" alt=\"logo\"/>"
check "a GIF import (13 × 7)" has "<img id=\"dot\" src=\"/_kit/static/$dot\" width=\"13\" height=\"7\" alt=\"\"/>"
check "an SVG import: its size from the viewBox (24 × 16)" has "<img id=\"icon\" src=\"/_kit/static/$icon\" width=\"24\" height=\"16\" alt=\"\"/>"
check "a .md file as text (loaders)" has '<pre id="notes"># Notes'
check "a .txt file as text" has '<p id="hello">plain text</p>'
check "a .bin file as its URL" has "<a id=\"blob\" href=\"/_kit/static/$blob\">blob</a>"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
type_of() { curl -s -o /dev/null -w '%{content_type}' "$KIT_SERVE_BASE/_kit/static/$1"; }
check "the PNG is served as image/png" test "$(type_of "$logo")" = image/png
check "the SVG as image/svg+xml" bash -c "[[ '$(type_of "$icon")' == image/svg+xml* ]]"
kit_serve_stop

broken() {
	rm -rf "$work/$1"
	cp -R "$app" "$work/$1"
	rm -rf "$work/$1/.kit" "$work/$1/.kit-store"
}
broken noloader
printf 'a,b\n1,2\n' >"$work/noloader/content/data.csv"
sed -i "1i import data from '../../content/data.csv';\nvoid data;" "$work/noloader/src/app/page.tsx"
out=$("$top_build/kit-build" "$work/noloader" 2>&1) && rc=0 || rc=$?
check "an extension without a loader stops the build, saying how to add one" \
	bash -c "[ $rc -ne 0 ] && grep -qF 'cannot import a \".csv\" file: kit has no loader for that extension' <<<\"\$1\" && grep -qF '\"loaders\": { \".csv\": \"text\" }' <<<\"\$1\"" _ "$out"
broken badloader
printf '{ "loaders": { ".md": "markdown" } }\n' >"$work/badloader/kit.config.json"
out=$("$top_build/kit-build" "$work/badloader" 2>&1) && rc=0 || rc=$?
check "a loader kit does not have is a config error naming it" \
	bash -c "[ $rc -ne 0 ] && grep -qF 'kit.config.json: \"loaders\": \".md\" has no loader \"markdown\"' <<<\"\$1\"" _ "$out"
suite_end
