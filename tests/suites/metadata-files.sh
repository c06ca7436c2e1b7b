#!/bin/bash
# metadata-files.sh — the Next.js metadata file conventions (docs/metadata.md
# "Files") on tests/metafiles/app: robots.ts, sitemap.ts and manifest.ts
# answer exactly the bytes Next.js's own serializer writes for the same
# inputs (tests/metafiles/expect/, written by tests/metafiles/next-expect.mjs
# from Next.js 15.5), as does a table of more inputs through kit's
# serializers (the /table route); a static sitemap.xml in a nested segment is
# served as it is; a sitemap.ts with generateSitemaps answers each id's
# /blog/sitemap/<id>.xml; favicon.ico redirects to its hashed file. They are stored
# at build time and served behind lighttpd with Next.js's content types and
# cache header. The icon, apple-icon, opengraph-image and twitter-image
# files (with their .alt.txt) become head tags with Next.js's types, sizes
# and alt, nested segments' files replacing their parents', the metadata
# fields winning where Next.js lets them; in Chromium (tests/metafiles/check.mjs)
# client navigations replace the tags. A generated opengraph-image.tsx is a
# build warning naming the file and the fix.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin metadata-files
suite_need node "the build needs it"
suite_need curl "the HTTP checks need it"
suite_work metadata-files
suite_app tests/metafiles/app
app=$work/app
expect=$top_src/tests/metafiles/expect
pass "kit-build of an app with metadata files"
check "opengraph-image.tsx: a warning naming the file, why and the fix" \
	grep -qF "warning: src/app/og/opengraph-image.tsx: a generated opengraph-image (ImageResponse from next/og) needs satori and resvg, which do not run in kit's engine; this file is not used" "$work/build.log"
check "... and the fix: a static image and its .alt.txt" \
	grep -qF "fix:   use a static image: render it once and put it beside this file as opengraph-image.png (or .jpg, .gif), its alt text in opengraph-image.alt.txt" "$work/build.log"
check "blog/sitemap.ts's generateSitemaps: its ids' URLs stored" \
	grep -qE '^. ● /blog/sitemap/\[__metadata_id__\] +api .* · GET · 2 of 2 listed URLs stored' "$work/build.log"
for r in /robots.txt /sitemap.xml /blog/sitemap.xml /manifest.webmanifest /docs/sitemap.xml /favicon.ico; do
	check "$r is listed as a stored GET route" grep -qE "^. ○ $r +api .* · GET · stored" "$work/build.log"
done
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
head_of() { grep -o '<head>.*</head>' "$1"; }
static_of() { # the hashed static URL of a source image: /_kit/static/NAME-HASH.EXT
	local base=${1%.*} ext=${1##*.} f
	for f in "$app/.kit/static/$base"-*."$ext"; do
		[ -f "$f" ] && { echo "/_kit/static/${f##*/}"; return; }
	done
	echo "missing:$1"
}
fav=$(static_of favicon.ico) icon=$(static_of icon.png) icon2=$(static_of icon2.png) apple=$(static_of apple-icon.png)
og=$(static_of opengraph-image.png) svg=$(static_of icon.svg) tw=$(static_of twitter-image.gif)
top='<head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>'
manifest='<link rel="manifest" href="/manifest.webmanifest"/>'
# a file's image as Next.js writes it: type, width, height, alt, then the URL
og_tags="<meta property=\"og:site_name\" content=\"Acme\"/><meta property=\"og:image:type\" content=\"image/png\"/><meta property=\"og:image:width\" content=\"1200\"/><meta property=\"og:image:height\" content=\"630\"/><meta property=\"og:image:alt\" content=\"Acme rockets over the desert\"/><meta property=\"og:image\" content=\"https://acme.test$og\"/>"
tw_og="<meta name=\"twitter:card\" content=\"summary_large_image\"/><meta name=\"twitter:image:type\" content=\"image/png\"/><meta name=\"twitter:image:width\" content=\"1200\"/><meta name=\"twitter:image:height\" content=\"630\"/><meta name=\"twitter:image:alt\" content=\"Acme rockets over the desert\"/><meta name=\"twitter:image\" content=\"https://acme.test$og\"/>"
favicon="<link rel=\"icon\" href=\"$fav\" type=\"image/x-icon\" sizes=\"16x16\"/>"
icons="<link rel=\"icon\" href=\"$icon\" type=\"image/png\" sizes=\"32x32\"/><link rel=\"icon\" href=\"$icon2\" type=\"image/png\" sizes=\"64x64\"/>"
apple_tag="<link rel=\"apple-touch-icon\" href=\"$apple\" type=\"image/png\" sizes=\"180x180\"/>"
check "/: favicon first, icon.png and the numbered icon2.png, apple-icon, opengraph-image (twitter takes it) with type, size and alt, the manifest link" \
	test "$(head_of "$stored/index.html")" = "$top<title>Acme</title>$manifest$og_tags$tw_og$favicon$icons$apple_tag</head>"
check "/docs/guide (nested): its icon.svg (sizes any) replaces the root's icon, its twitter-image.gif (no type, as Next.js) with its alt" \
	test "$(head_of "$stored/docs/guide.html")" = "$top<title>Guide | Acme</title>$manifest$og_tags<meta name=\"twitter:card\" content=\"summary_large_image\"/><meta name=\"twitter:image:width\" content=\"600\"/><meta name=\"twitter:image:height\" content=\"300\"/><meta name=\"twitter:image:alt\" content=\"The guide, in one picture\"/><meta name=\"twitter:image\" content=\"https://acme.test$tw\"/>$favicon<link rel=\"icon\" href=\"$svg\" type=\"image/svg+xml\" sizes=\"any\"/>$apple_tag</head>"
check "/blog: the page's openGraph.images win over the opengraph-image.png beside it" \
	test "$(head_of "$stored/blog.html")" = "$top<title>Blog | Acme</title>$manifest<meta property=\"og:image\" content=\"https://acme.test/blog-cover.png\"/><meta name=\"twitter:card\" content=\"summary_large_image\"/><meta name=\"twitter:image\" content=\"https://acme.test/blog-cover.png\"/>$favicon$icons$apple_tag</head>"
check "/icons: metadata.icons wins over the icon files; favicon.ico still comes first" \
	test "$(head_of "$stored/icons.html")" = "$top<title>Icons | Acme</title>$manifest$og_tags$tw_og$favicon<link rel=\"icon\" href=\"/own.png\"/></head>"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
# get PATH NAME: the body in $work/NAME, the head in $work/NAME.h (lower-case names)
get() {
	curl -s -D "$work/$2.h" -o "$work/$2" "$KIT_SERVE_BASE$1"
	tr -d '\r' <"$work/$2.h" | sed 's/^\([^:]*\):/\L\1:/' >"$work/$2.h2" && mv "$work/$2.h2" "$work/$2.h"
}
for f in robots.txt:text/plain sitemap.xml:application/xml manifest.webmanifest:application/manifest+json; do
	name=${f%%:*} type=${f#*:}
	get "/$name" "$name"
	check "/$name: the bytes Next.js's serializer writes for the same input" cmp -s "$work/$name" "$expect/$name"
	check "/$name: 200, Content-Type: $type" grep -qx "content-type: $type" "$work/$name.h"
	check "/$name: stored, Cache-Control: public, max-age=0, must-revalidate (Next.js's)" \
		sh -c "grep -qx 'cache-control: public, max-age=0, must-revalidate' '$work/$name.h' && test \$(grep -c '^cache-control:' '$work/$name.h') = 1 && grep -qx 'x-rsc-kit: stored' '$work/$name.h' && head -n1 '$work/$name.h' | grep -q ' 200'"
done
get /table table
check "a table of more inputs: kit's serializers write what Next.js's do" \
	node -e 'const fs = require("fs"); const a = JSON.parse(fs.readFileSync(process.argv[1])), b = JSON.parse(fs.readFileSync(process.argv[2]));
		process.exit(JSON.stringify(a) === JSON.stringify(b) && a.robots.length === 4 && a.sitemap.length === 4 ? 0 : 1)' "$work/table" "$expect/table.json"
for id in 0 7; do
	get "/blog/sitemap/$id.xml" "blog-sitemap-$id"
	check "/blog/sitemap/$id.xml (generateSitemaps): the bytes Next.js's serializer writes for that id's sitemap, stored" \
		sh -c "cmp -s '$work/blog-sitemap-$id' '$expect/blog-sitemap-$id.xml' && grep -qx 'content-type: application/xml' '$work/blog-sitemap-$id.h' && grep -qx 'x-rsc-kit: stored' '$work/blog-sitemap-$id.h'"
done
check "/blog/sitemap/4.json: 404 (an id's URL ends in .xml)" \
	test "$(curl -s -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/blog/sitemap/4.json")" = 404
get /docs/sitemap.xml docs-sitemap
check "/docs/sitemap.xml: a static sitemap.xml of a nested segment as it is, application/xml" \
	sh -c "cmp -s '$work/docs-sitemap' '$app/src/app/docs/sitemap.xml' && grep -qx 'content-type: application/xml' '$work/docs-sitemap.h'"
get /favicon.ico favicon
check "/favicon.ico: a stored 308 to its hashed static file" \
	sh -c "head -n1 '$work/favicon.h' | grep -q ' 308' && grep -qx 'location: $fav' '$work/favicon.h' && grep -qx 'x-rsc-kit: stored' '$work/favicon.h'"
curl -s -o "$work/favicon.bytes" "$KIT_SERVE_BASE$fav"
check "... which the web server serves: the file's bytes" cmp -s "$work/favicon.bytes" "$app/src/app/favicon.ico"
suite_browser_check tests/metafiles/check.mjs
suite_end
