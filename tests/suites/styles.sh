#!/bin/bash
# styles.sh — the app's CSS (docs/styles.md) on tests/styles/app: a global
# stylesheet imported by the root layout (Tailwind CSS v4 through the app's
# postcss.config.mjs, with @tailwindcss/postcss, postcss and tailwindcss from
# its package-lock.json), a page's CSS Module with `composes`, a client
# component's CSS Module, a plain stylesheet of one page. kit-build writes
# hashed stylesheets to static/ and the stored documents link exactly the
# route's, in import order; the class names are the same in server.js and in
# the browser's JS. Served behind lighttpd and driven in Chromium
# (tests/styles/check.mjs): computed styles after hydration, a client
# navigation whose new page is styled from its first frame, no errors. Last,
# a PostCSS config naming a plugin the app lacks stops the build with the
# file and the fix.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin styles
suite_need node "the build needs it"
suite_work styles
suite_app tests/styles/app
app=$work/app
pass "kit-build of an app with global CSS, CSS Modules and Tailwind"
static=$app/.kit/static
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
sheet() { ls "$static" | grep -E "^$1-[0-9A-F]{8}\\.css\$"; }
globals=$(sheet globals) page_css=$(sheet page_module) card_css=$(sheet card_module) about_css=$(sheet about)
check "static/ has one hashed stylesheet per CSS file" test -n "$globals" -a -n "$page_css" -a -n "$card_css" -a -n "$about_css"
check "Tailwind compiled the utilities the app uses" \
	grep -qF '.font-bold{' "$static/$globals"
check "... and not the ones it does not use" bash -c "! grep -qF '.text-9xl{' '$static/$globals'"
link() { printf '<link rel="stylesheet" href="/_kit/static/%s" data-precedence="default"/>' "$1"; }
check "/: the root layout's, the page's and its client component's stylesheets, in import order" \
	grep -qF "<head>$(link "$globals")$(link "$page_css")$(link "$card_css")</head>" "$stored/index.html"
check "/about: the root layout's and the page's" \
	grep -qF "<head>$(link "$globals")$(link "$about_css")</head>" "$stored/about.html"
check "a CSS Module's class names: <file>_<hash>_<class>, composes included" \
	grep -qE '<h1 class="page_[0-9a-f]{6}_title page_[0-9a-f]{6}_big">home</h1>' "$stored/index.html"
card_class=$(grep -oE 'card_[0-9a-f]{6}_card' "$stored/index.html" | head -n 1)
check "the browser's JS has the same class names as the server's" \
	test -n "$card_class" -a -n "$(grep -lF "$card_class" "$static"/*.js)"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
check "a stylesheet is served as text/css, immutable" \
	bash -c "curl -sI '$KIT_SERVE_BASE/_kit/static/$globals' | tr -d '\\r' | grep -qi '^content-type: text/css' && curl -sI '$KIT_SERVE_BASE/_kit/static/$globals' | grep -qi 'immutable'"
suite_browser_check tests/styles/check.mjs
kit_serve_stop

rm -rf "$work/broken"
cp -R "$app" "$work/broken"
rm -rf "$work/broken/.kit" "$work/broken/.kit-store"
printf "export default { plugins: { 'postcss-not-installed': {} } };\n" >"$work/broken/postcss.config.mjs"
out=$("$top_build/kit-build" "$work/broken" 2>&1) && rc=0 || rc=$?
check "a PostCSS plugin the app lacks stops the build, naming the config and the fix" \
	bash -c "[ $rc -ne 0 ] && grep -qF 'postcss.config.mjs: postcss.config.mjs names the PostCSS plugin \"postcss-not-installed\"' <<<\"\$1\" && grep -qF 'npm install postcss-not-installed' <<<\"\$1\"" _ "$out"
suite_end
