#!/bin/bash
# example-blog.sh — examples/blog, Next.js's blog-starter written for kit:
# posts as Markdown files read with fs and gray-matter, rendered with remark
# and remark-html, dates with date-fns, Tailwind CSS v4 and a CSS Module, a
# client component (the theme switch), generateStaticParams and
# generateMetadata. Its packages are installed with npm ci from its lock.
#
# Built with kit-build and served behind lighttpd: every page is stored at
# build time; each page's <main> equals what react-dom renders in Node for
# the same page (tests/compat/render-node.mjs, CSS Module names as kit-build
# gives them); the titles come from metadata and generateMetadata; the
# stylesheet holds the Tailwind classes the pages use; an unknown post is a
# 404. In Chromium (tests/examples/blog-check.mjs): hydration without an
# error or warning, a client navigation to a post, the theme switch, back.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin example-blog
suite_need node "the build and Node's side need it"
suite_work example-blog
export TZ=UTC LC_ALL=C
suite_app examples/blog
app=$work/app
pass "kit-build of examples/blog"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
for f in index posts/hello-world posts/dynamic-routing posts/preview; do
	check "$f is stored at build time" test -s "$stored/$f.html"
done

if ! (cd "$app" && "$node" "$top_src/tests/compat/render-node.mjs" . "$top_src/toolchain" "$work/node" \
	home=src/app/page.tsx \
	'hello-world=src/app/posts/[slug]/page.tsx?{"slug":"hello-world"}' \
	'dynamic-routing=src/app/posts/[slug]/page.tsx?{"slug":"dynamic-routing"}' \
	'preview=src/app/posts/[slug]/page.tsx?{"slug":"preview"}') >"$work/node.log" 2>&1; then
	fail "react-dom renders the pages in Node" "$(tail -n 3 "$work/node.log" | tr '\n' ' ')"
	exit 1
fi
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
check "/: the post list equals react-dom's" same_main / "$work/node/home.html"
for p in hello-world dynamic-routing preview; do
	check "/posts/$p: the post (remark's HTML, date-fns' date) equals react-dom's" same_main "/posts/$p" "$work/node/$p.html"
done
curl -s -o "$work/post.html" "$KIT_SERVE_BASE/posts/hello-world"
check "/posts/hello-world's title comes from generateMetadata" \
	grep -qF '<title>Learn How to Pre-render Pages Using Static Generation with kit | kit Blog Example with Markdown</title>' "$work/post.html"
css=$(grep -o '/_kit/static/globals-[A-Z0-9]*\.css' "$work/post.html" | head -n 1)
curl -s -o "$work/globals.css" "$KIT_SERVE_BASE$css"
check "the page links its Tailwind stylesheet, which has the utilities the pages use" \
	bash -c "[ -n '$css' ] && grep -qF '.tracking-tighter' '$work/globals.css' && grep -qF '.md\\:grid-cols-2' '$work/globals.css'"
check "... and the CSS Module of the post body" grep -qE 'class="markdown_styles_[0-9a-f]+_markdown"' "$work/post.html"
code=$(curl -s -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/posts/no-such-post")
check "an unknown post is a 404 (notFound())" test "$code" = 404
suite_browser_check tests/examples/blog-check.mjs
kit_serve_stop
suite_end
