#!/bin/bash
# layout-params.sh — a layout whose directory has params (render/chain.h,
# docs/wire-formats.md §3) on tests/params/app, the shape of Next.js's
# i18n-routing example: app/[lang]/layout.tsx is the root layout, sets
# <html lang> and lists the languages with generateStaticParams (which
# reaches every page below it, and a nested page's own is called once per
# language, as Next.js composes them). The layout chain carries the param ("app/[lang]/layout:de"),
# so a client holding /de's layout navigating to /cs shares none of it
# (depth 0: the whole document renders again) while /de/about shares it
# (depth 1). Behind lighttpd, stored and rendered answers; then in Chromium
# (tests/params/check.mjs).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin layout-params
suite_need node "the build needs it"
suite_work params
suite_app tests/params/app
app=$work/app
listed() { grep -qE "^. ● $1 +.* · $2 listed URLs stored" "$work/build.log"; }
check "a layout's generateStaticParams lists the URLs of the pages under it" listed '/\[lang\]' '2 of 2'
check "... of a nested page too" listed '/\[lang\]/about' '2 of 2'
check "a page's generateStaticParams called once per layout params: 2 × 2 URLs" listed '/\[lang\]/blog/\[slug\]' '4 of 4'
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
check "... each stored with both params" \
	bash -c "grep -qF '<h1>post <!-- -->cs<!-- --> <!-- -->cs-second</h1>' '$stored/cs/blog/cs-second.html' && test -s '$stored/de/blog/de-first.html'"
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
nav() { # nav URL SEGMENTS: the head of a navigation's answer
	curl -s -D - -o /dev/null -H 'X-RSC: true' -H "X-RSC-Segments: $2" "$KIT_SERVE_BASE$1" | tr -d '\r' >"$work/h"
}
header() { grep -i "^$1:" "$work/h" | head -n 1 | sed 's/^[^:]*: *//'; }
check "a document names its chain with the param" \
	bash -c "curl -s '$KIT_SERVE_BASE/de' | grep -qF 'self.__kit_l=\"app/[lang]/layout:de\"'"
nav /cs 'app/[lang]/layout:de'
check "/de → /cs: another [lang] layout, depth 0 (stored answer)" \
	test "$(header X-RSC-Segment-Depth)" = 0 -a "$(header X-RSC-Layouts)" = 'app/[lang]/layout:cs'
nav /de/about 'app/[lang]/layout:de'
check "/de → /de/about: the same layout kept, depth 1" test "$(header X-RSC-Segment-Depth)" = 1
nav /fr/about 'app/[lang]/layout:de'
check "/de → /fr/about (not listed: rendered): depth 0, the chain with fr" \
	test "$(header X-RSC-Segment-Depth)" = 0 -a "$(header X-RSC-Layouts)" = 'app/[lang]/layout:fr'
nav /fr/about 'app/[lang]/layout:fr'
check "/fr → /fr/about (rendered): depth 1" test "$(header X-RSC-Segment-Depth)" = 1
nav '/a%2Cb%3Ac' 'app/[lang]/layout:de'
check "a value with a comma and a colon is percent-encoded in the chain" \
	test "$(header X-RSC-Layouts)" = 'app/[lang]/layout:a%2Cb%3Ac'
suite_browser_check tests/params/check.mjs
suite_end
