#!/bin/bash
# next-warnings.sh — Next.js files, exports, directives and imports kit does
# not honour (docs/nextjs.md). tests/fixtures/next-warnings/app holds one of
# each that is a warning: kit-build names the file (and the line of an
# export or a directive) and what to do instead, and still builds and stores
# the page. tests/fixtures/next-warnings/next-installed imports next/link
# with a stand-in `next` package in node_modules: the build fails all the
# same, naming kit's module.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin next-warnings
suite_need node "the build needs it"
suite_work next-warnings
app=$work/app
cp -R "$top_src/tests/fixtures/next-warnings/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
"$top_build/kit-build" "$app" >"$work/build.log" 2>&1
check "kit-build of an app with Next.js-only files succeeds" test "$?" -eq 0
check "... and stores its page" grep -qE '^. ○ / +page .* · stored [0-9.]+ kB$' "$work/build.log"
says() { grep -qF -- "$1" "$work/build.log" || { echo "no \"$1\" in: $(cat "$work/build.log")" >&2; return 1; }; }
# warns FILE WHAT FIX: the warning's line, then its fix on one of the next lines
warns() {
	grep -A2 -F -- "warning: $1: $2" "$work/build.log" | grep -qF -- "fix:   $3" ||
		{ echo "no warning \"$1: $2\" with fix \"$3\" in: $(cat "$work/build.log")" >&2; return 1; }
}
check "next.config.mjs: not read, kit.config.json instead" \
	warns next.config.mjs "Next.js's configuration; kit does not read it; this file is not used" \
	"kit's settings are in kit.config.json"
check "src/instrumentation.ts: never called" \
	warns src/instrumentation.ts "Next.js calls its register() at start and onRequestError() on errors; kit calls neither" \
	"put start-up work at the top level of a server module"
check "instrumentation-client.ts (at the root): not loaded" \
	warns instrumentation-client.ts "Next.js runs it in the browser before the app; kit does not load it" \
	'import it from a "use client" component that the root layout renders'
check "src/proxy.ts: Next.js 16's middleware name, rename it" \
	warns src/proxy.ts "Next.js 16's name for middleware.ts; kit reads middleware.ts only" \
	"rename it middleware.ts and its export proxy to middleware"
check "mdx-components.tsx: no MDX" \
	warns mdx-components.tsx "kit does not compile MDX, so nothing reads it" "import .md files as text through kit.config.json \"loaders\""
check "pages/: the Pages Router" \
	warns pages "a Pages Router directory: kit has the App Router only (src/app); these files are not used" \
	"move each page to src/app/<path>/page.tsx"
check "src/app/blog/page.mdx: not a page" \
	warns src/app/blog/page.mdx "a page written in MDX or Markdown: kit's pages are .tsx, .ts, .jsx or .js files" \
	"make it page.tsx that renders the text"
check "src/app/global-not-found.tsx: not a convention" \
	warns src/app/global-not-found.tsx "Next.js's global-not-found file" "put a not-found.tsx in the root directory"
check "maxDuration: the file and line" \
	warns src/app/page.tsx:3:1 "maxDuration is ignored: it belongs to a hosting platform" "remove the export"
check "runtime = 'experimental-edge': the file and line" \
	warns src/app/page.tsx:4:1 "runtime = 'experimental-edge' is ignored" "remove the export"
check "'use cache' inside a helper's function: the file and line" \
	warns src/lib/data.ts:3:1 "'use cache' is ignored: kit does not keep a function's or a component's result between requests" \
	"remove the directive"
check "src/app/_drafts/page.tsx: a page in a private folder" \
	warns src/app/_drafts/page.tsx "a page inside the private folder src/app/_drafts: Next.js never routes it, kit does" \
	"rename the folder without the _ if this is a route"
check "no warning for the app's own files that are conventions (layout, page)" \
	test -z "$(grep -E '^warning: src/app/(layout|page)\.tsx: ' "$work/build.log")"
check "twelve warnings in all" test "$(grep -c '^warning: ' "$work/build.log")" -eq 12

# next/link with a `next` package installed: still an error, with kit's module
inst=$work/next-installed
cp -R "$top_src/tests/fixtures/next-warnings/next-installed" "$inst"
rm -rf "$inst/.kit" "$inst/.kit-store"
# a stand-in for Next.js's package (node_modules is never in the repository)
mkdir -p "$inst/node_modules/next"
echo '{ "name": "next", "version": "0.0.0-test", "main": "index.js" }' >"$inst/node_modules/next/package.json"
echo 'module.exports = {};' >"$inst/node_modules/next/index.js"
echo 'module.exports = function Link() { return null; };' >"$inst/node_modules/next/link.js"
"$top_build/kit-build" "$inst" >"$work/installed.log" 2>&1
check "an import of next/link fails the build even with node_modules/next" test "$?" -eq 1
check "... naming the file, line and kit's module" bash -c "grep -A2 -F 'error: src/app/page.tsx:1:18: cannot resolve import \"next/link\"' '$work/installed.log' | grep -qF \"fix:   kit is not Next.js: import Link from '@kit/core/Link'\""
check "... the type-only import of next is no error" test "$(grep -c '^error: ' "$work/installed.log")" -eq 1
suite_end
