#!/bin/bash
# example-i18n.sh — examples/i18n, Next.js's i18n-routing example written for
# kit: src/middleware.ts sends a visitor without a locale in the URL to the
# one Accept-Language asks for (negotiator, @formatjs/intl-localematcher over
# Intl), dictionaries loaded per locale by import(), a [lang] layout that is
# the root (<html lang dir>), dates and numbers formatted with Intl, a
# locale switcher and a counter (client components). Its packages are
# installed with npm ci from its lock.
#
# Served behind lighttpd: the redirects by language, each locale's page
# stored at build time and equal to what react-dom renders in Node for it
# (tests/compat/render-node.mjs), <html lang>/dir per locale, and in
# Chromium (tests/examples/i18n-check.mjs) the redirect, client navigations
# across locales updating <html lang> and dir, the counter, no error.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin example-i18n
suite_need node "the build and Node's side need it"
suite_work example-i18n
export TZ=UTC LC_ALL=C
suite_app examples/i18n
app=$work/app
pass "kit-build of examples/i18n"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
for l in en de cs ar; do
	check "/$l is stored at build time (generateStaticParams of the [lang] layout)" test -s "$stored/$l.html"
done
routes=()
for l in en de cs ar; do routes+=("$l=src/app/[lang]/page.tsx?{\"lang\":\"$l\"}@/$l"); done
if ! (cd "$app" && "$node" "$top_src/tests/compat/render-node.mjs" . "$top_src/toolchain" "$work/node" "${routes[@]}") \
	>"$work/node.log" 2>&1; then
	fail "react-dom renders the pages in Node" "$(tail -n 3 "$work/node.log" | tr '\n' ' ')"
	exit 1
fi
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
redirect() { # redirect ACCEPT_LANGUAGE PATH WANT: the Location of a 307
	local got
	got=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -H "Accept-Language: $1" "$KIT_SERVE_BASE$2")
	[ "$got" = "307 $KIT_SERVE_BASE$3" ] || { echo "got $got" >&2; return 1; }
}
# the example's middleware keeps the path, so / becomes /de/; kit then
# drops the trailing slash (308), as Next.js does
check "/ with Accept-Language de-DE redirects to /de/" redirect 'de-DE,de;q=0.9,en;q=0.8' / /de/
check "/ with Accept-Language cs redirects to /cs/" redirect 'cs' / /cs/
check "/ with Accept-Language fr (not offered) redirects to /en/" redirect 'fr-FR,fr;q=0.9' / /en/
check "/de/ redirects to /de (308)" test "$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$KIT_SERVE_BASE/de/")" = "308 $KIT_SERVE_BASE/de"
check "/about (no route claims it) redirects to /ar/about for an Arabic browser" redirect 'ar-EG' /about /ar/about
for l in en de cs; do
	check "/$l equals react-dom's page (its dictionary, Intl's date, price and number)" same_main "/$l" "$work/node/$l.html"
done
# ICU 72's Arabic (CLDR 42) writes Arabic-Indic digits by default, Node's
# ICU (CLDR 48) Latin ones (docs/intl.md): the same page but for the digits
check "/ar equals react-dom's page but for ICU 72's Arabic-Indic digits" same_main /ar "$work/node/ar.html" latin
curl -s -o "$work/ar.html" "$KIT_SERVE_BASE/ar"
check "/ar's document is <html lang=\"ar\" dir=\"rtl\">" grep -qF '<html lang="ar" dir="rtl">' "$work/ar.html"
suite_browser_check tests/examples/i18n-check.mjs
kit_serve_stop
suite_end
