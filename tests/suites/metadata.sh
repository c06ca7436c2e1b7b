#!/bin/bash
# metadata.sh — the Next.js metadata conventions (docs/metadata.md) on
# tests/metadata/app: `metadata`, `generateMetadata` (params and the parent's
# resolved metadata), `viewport`, title templates, robots, alternates, Open
# Graph (which twitter inherits), icons and metadataBase, merged from the root
# layout down. kit-build stores the pages: their <head> must be exactly the
# tags below, in Next.js's order. Served behind lighttpd, a page rendered per
# request has them too (and a route listing no URLs whose generateMetadata
# reads params still builds), and in Chromium (tests/metadata/check.mjs) the head
# hydrates without a warning and client navigations replace the tags.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin metadata
suite_need node "the build needs it"
suite_work metadata
suite_app tests/metadata/app
app=$work/app
pass "kit-build of an app with metadata exports"
check "a route listing no URLs whose generateMetadata reads params builds (ƒ, its page's reason)" \
	grep -qE '^. ƒ /tags/\[tag\] .* · awaits connection\(\)$' "$work/build.log"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
head_of() { grep -o '<head>.*</head>' "$1"; }
common_top='<head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="theme-color" content="#112233"/>'
icons='<link rel="icon" href="/icon.png"/><link rel="apple-touch-icon" href="/apple.png"/></head>'
site_og='<meta property="og:site_name" content="Acme"/><meta property="og:image" content="https://acme.test/og.png"/><meta name="twitter:card" content="summary_large_image"/><meta name="twitter:image" content="https://acme.test/og.png"/>'
check "/: the root layout's default title, description, keywords, Open Graph, twitter from it, icons" \
	test "$(head_of "$stored/index.html")" = "$common_top<title>Acme</title><meta name=\"description\" content=\"The Acme site\"/><meta name=\"keywords\" content=\"rockets,anvils\"/>$site_og$icons"
check "/about: the title through the template, robots, alternates against metadataBase" \
	test "$(head_of "$stored/about.html")" = "$common_top<title>About | Acme</title><meta name=\"description\" content=\"The Acme site\"/><meta name=\"keywords\" content=\"rockets,anvils\"/><meta name=\"robots\" content=\"noindex, follow\"/><link rel=\"canonical\" href=\"https://acme.test/about\"/><link rel=\"alternate\" hrefLang=\"de\" href=\"https://acme.test/de/about\"/>$site_og$icons"
one_head="$common_top<title>Post one | Acme</title><meta name=\"description\" content=\"The Acme site — one\"/><meta name=\"keywords\" content=\"rockets,anvils\"/><meta property=\"og:title\" content=\"Post one\"/><meta property=\"og:image\" content=\"https://acme.test/og/one.png\"/><meta property=\"og:image:width\" content=\"1200\"/><meta property=\"og:image:height\" content=\"630\"/><meta property=\"og:type\" content=\"article\"/><meta name=\"twitter:card\" content=\"summary_large_image\"/><meta name=\"twitter:title\" content=\"Post one\"/><meta name=\"twitter:image\" content=\"https://acme.test/og/one.png\"/><meta name=\"twitter:image:width\" content=\"1200\"/><meta name=\"twitter:image:height\" content=\"630\"/>$icons"
check "/blog/one: generateMetadata with the params and the parent's description, openGraph replacing the layout's" \
	test "$(head_of "$stored/blog/one.html")" = "$one_head"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
curl -s -o "$work/two.html" "$KIT_SERVE_BASE/blog/two"
check "/blog/two (per request): the same head with its own params" \
	test "$(head_of "$work/two.html")" = "${one_head//one/two}"
curl -s -o "$work/tag.html" "$KIT_SERVE_BASE/tags/red"
check "/tags/red: an absolute title ignores the template" grep -qF '<title>Tag red</title>' "$work/tag.html"
suite_browser_check tests/metadata/check.mjs
suite_end
