#!/bin/bash
# error-files.sh — Next.js's error conventions (docs/errors.md) on
# tests/errors/app: error.tsx per segment (below its layout, around the
# loading boundary), global-error.tsx around the root layout, not-found.tsx
# per segment, forbidden()/unauthorized() with forbidden.tsx and kit's
# default 401 page, and forbidden()/unauthorized() in middleware (plain
# answers). The build (no warnings for these files, a server-component
# error.tsx refused), then behind lighttpd the statuses and bytes of
# documents and navigation payloads (the causes are cookies the pages
# read; navigation payloads also through tests/conformance/flight-rows.mjs,
# the production row grammar), then in Chromium (tests/errors/check.mjs) the error UI, reset()
# and retry(), navigations between segments and a clean hydration.
# notFound()/forbidden()/unauthorized() inside a Suspense boundary (the
# fallback boundary: the page in place, robots noindex), a client
# component's error in the server's HTML phase (the error shell, 500,
# rendered in the browser) and template.tsx (server and client, remounted
# on navigation), compared with what Next.js 16.4 does (docs/errors.md §6-§7).
# Then tests/errors/bare (no error boundary at all): a client component's
# error in the HTML phase is the error shell too; in Chromium
# (tests/errors/bare.mjs) the page when only the server threw, kit's
# application error page when the browser throws too.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin error-files
suite_need node "the build needs it"
suite_need curl "the answers are read with it"
suite_work errors
suite_app tests/errors/app
app=$work/app
pass "kit-build of an app with error, global-error, not-found, forbidden files"
check "no build warning for error.tsx, global-error.tsx, forbidden.tsx, unauthorized.tsx" \
	bash -c "! grep -qE 'kit has no (error|global-error|forbidden|unauthorized) file convention' '$work/build.log'"
check "the manifest lists a route's error and not-found files with their depth, outermost first" \
	grep -qF '"boundaries": [{"kind": "error", "module": "app/error", "depth": 1}, {"kind": "not-found", "module": "app/not-found", "depth": 1}, {"kind": "forbidden", "module": "app/forbidden", "depth": 1}, {"kind": "error", "module": "app/dash/error", "depth": 2}, {"kind": "not-found", "module": "app/dash/not-found", "depth": 2}]' \
	"$app/.kit/manifest.json"

# an error.tsx without "use client" fails the build, naming it and the fix
cp -R "$top_src/tests/errors/app" "$work/bad"
rm -rf "$work/bad/.kit" "$work/bad/.kit-store"
printf 'export default function E() { return <p>server</p>; }\n' >"$work/bad/src/app/dash/error.tsx"
"$top_build/kit-build" "$work/bad" >"$work/bad.log" 2>&1
check "a server-component error.tsx fails the build, naming the file and the fix" \
	bash -c "[ $? -ne 0 ] && grep -qF 'src/app/dash/error.tsx: error.tsx is an error boundary, which React runs in the browser: it must be a \"use client\" module' '$work/bad.log' && grep -qF 'start the file with the \"use client\" directive' '$work/bad.log'"

# a not-found.tsx that reads the request renders with every page of its
# segment (the fallback boundary): at build time it is left out, so a static
# page is still stored and nothing fails
mkdir -p "$work/nfread/src/app"
printf '{"name": "kit-test-nfread", "private": true}\n' >"$work/nfread/package.json"
printf 'export default function L({ children }: { children: React.ReactNode }) { return <html><body>{children}</body></html>; }\n' \
	>"$work/nfread/src/app/layout.tsx"
printf 'export default function P() { return <p id="static">static page</p>; }\n' >"$work/nfread/src/app/page.tsx"
printf "import { cookies } from '@kit/core/request';\nexport default async function NF() { const who = (await cookies()).get('who')?.value; return <h1>not here, {who || 'you'}</h1>; }\n" \
	>"$work/nfread/src/app/not-found.tsx"
"$top_build/kit-build" "$work/nfread" >"$work/nfread.log" 2>&1
check "a not-found.tsx that reads cookies(): the build passes and the static page is still stored" \
	bash -c "[ $? = 0 ] && grep -qE '^[-├└┌] ○ / +page' '$work/nfread.log'"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
get() { # get PATH [COOKIE]: $work/body, $work/h (head), prints the status
	curl -s -D "$work/h" -o "$work/body" -w '%{http_code}' ${2:+-b "$2"} "$KIT_SERVE_BASE$1"
}
nav() { # nav PATH SEGMENTS [COOKIE]: a navigation's answer, as get
	curl -s -D "$work/h" -o "$work/body" -w '%{http_code}' -H 'X-RSC: true' -H "X-RSC-Segments: $2" \
		${3:+-b "$3"} "$KIT_SERVE_BASE$1"
}
header() { tr -d '\r' <"$work/h" | grep -i "^$1:" | head -n 1 | sed 's/^[^:]*: *//'; }
has() { grep -qF -- "$1" "$work/body"; }
lacks() { ! grep -qF -- "$1" "$work/body"; }

# --- error.tsx in documents
status=$(get /dash/fail)
dash_error='<section id="dash-layout"><h2>dash layout</h2><div id="dash-error"><p id="error-message">Minified React error #441; visit https://react.dev/errors/441 for the full message or use the non-minified dev environment for full errors and additional helpful warnings.</p><p id="error-digest">'
check "a page failing above every Suspense boundary: 500" test "$status" = 500
check "... the dash layout stays, dash/error.tsx in it with React's production message and the digest" \
	bash -c "grep -qE '$(sed 's/[.[\*^$/]/\\&/g' <<<"$dash_error")[0-9]+</p><button id=\"reset\">reset</button>' '$work/body'"
check "... inside the root layout (the root error.tsx does not catch it)" \
	bash -c "grep -qF '<p id=\"root-layout\">root layout</p>' '$work/body' && ! grep -qF 'root-error' '$work/body'"
check "... the server's message is nowhere in the document" lacks 'secret failure message'
digest=$(sed -n 's/.*<p id="error-digest">\([0-9]*\)<.*/\1/p' "$work/body")
check "... and goes to the responders' log, once: status, request, component, message, the page's line, the digest the page shows" \
	test "$(grep -cF "500 GET /dash/fail — <Fail> Error: secret failure message at src/app/dash/fail/page.tsx:6 (digest $digest)" "$work/serve/responder.log")" = 1
check "... its Flight rows carry the digest only (an E row)" \
	bash -c "grep -qE '[0-9a-f]+:E\{\\\\\"digest\\\\\":\\\\\"[0-9]+\\\\\"\}' '$work/body'"
status=$(get /dash/fail fail=no)
check "the cause fixed (cookie fail=no): 200 and the page" \
	bash -c "[ '$status' = 200 ] && grep -qF '<p id=\"recovered\">fail page recovered</p>' '$work/body' && ! grep -qF 'dash-error' '$work/body'"
status=$(get /dash/streamed)
check "a page failing inside loading.tsx's Suspense boundary: 200, the shell with the fallback" \
	bash -c "[ '$status' = 200 ] && grep -qF '<!--\$?--><template id=\"B:0\"></template><p id=\"loading\">loading…</p><!--/\$-->' '$work/body'"
check "... then the boundary's error completion with the digest (the browser renders it, dash/error.tsx catches it)" \
	bash -c "grep -qE '\\\$KX\(\"B:0\",\"[0-9]+\"\)' '$work/body' && ! grep -qF 'streamed failure' '$work/body'"
status=$(get /dash/ok dash=boom)
check "the dash layout fails: 500, the root error.tsx inside the root layout (not dash/error.tsx)" \
	bash -c "[ '$status' = 500 ] && grep -qE '<p id=\"root-layout\">root layout</p><div id=\"root-error\">root error boundary: <!-- -->[0-9]+</div>' '$work/body' && ! grep -qF 'dash-layout' '$work/body'"
status=$(get /dash/ok root=boom)
check "the root layout fails: 500, global-error.tsx's own <html> and <body>" \
	bash -c "[ '$status' = 500 ] && grep -qE '^<!DOCTYPE html><html lang=\"en\"><head></head><body><h1 id=\"global-error\">global error</h1><p id=\"global-digest\">[0-9]+</p><button id=\"global-retry\">retry</button><script>' '$work/body'"

# --- not-found, forbidden, unauthorized
status=$(get /dash/missing)
check "notFound() in a page: 404, the nearest not-found.tsx (dash's) inside the dash layout" \
	bash -c "[ '$status' = 404 ] && grep -qF '<section id=\"dash-layout\"><h2>dash layout</h2><p id=\"dash-not-found\">not in dash (dash/not-found.tsx)</p></section>' '$work/body'"
status=$(get /dash/ok dash=gone)
check "notFound() in the dash layout: 404, the root not-found.tsx (the one above that segment)" \
	bash -c "[ '$status' = 404 ] && grep -qF '<p id=\"root-layout\">root layout</p><h1 id=\"root-not-found\">nothing here (root not-found)</h1>' '$work/body'"
status=$(get /no/such/page)
check "an unmatched URL: 404, the root not-found.tsx" \
	bash -c "[ '$status' = 404 ] && grep -qF '<h1 id=\"root-not-found\">' '$work/body'"
status=$(get /dash/deny)
check "forbidden() in a page: 403, the root forbidden.tsx in the root layout" \
	bash -c "[ '$status' = 403 ] && grep -qF '<p id=\"root-layout\">root layout</p><h1 id=\"forbidden\">forbidden (root forbidden.tsx)</h1>' '$work/body'"
status=$(get /dash/who)
check "unauthorized() with no unauthorized.tsx: 401, kit's default page in the root layout" \
	bash -c "[ '$status' = 401 ] && grep -qF '<p id=\"root-layout\">root layout</p><main><h1>401</h1><p>You need to sign in to see this page.</p></main>' '$work/body'"
status=$(get /guarded)
check "unauthorized() in middleware.ts: a plain 401 answer" \
	bash -c "[ '$status' = 401 ] && ! grep -qF '<html' '$work/body'"
status=$(get /guarded who=bob)
check "forbidden() in middleware.ts: a plain 403 answer, not forbidden.tsx" \
	bash -c "[ '$status' = 403 ] && ! grep -qF 'forbidden.tsx' '$work/body'"
check "... the middleware passes: 200" test "$(get /guarded who=admin)" = 200

# --- notFound(), forbidden(), unauthorized() inside a Suspense boundary (after the shell)
meta='<meta name="robots" content="noindex"/>'
status=$(get /dash/smissing)
check "notFound() inside a Suspense boundary: 200 (the shell is out), the page's shell with the boundary's fallback" \
	bash -c "[ '$status' = 200 ] && grep -qF '<div id=\"smissing\"><p id=\"before\">before the boundary</p><!--\$?--><template id=\"B:0\"></template><p id=\"s-loading\">loading…</p><!--/\$--></div>' '$work/body'"
check "... then the boundary's error completion with the digest, the E row, one robots noindex meta" \
	bash -c "grep -qF '\$KX(\"B:0\",\"KIT_NOT_FOUND\")' '$work/body' && grep -qF ':E{\\\"digest\\\":\\\"KIT_NOT_FOUND\\\"}' '$work/body' && [ \$(grep -oF '$meta' '$work/body' | wc -l) = 1 ]"
check "... the rows carry dash/not-found.tsx for the browser's fallback boundary (not in the HTML)" \
	bash -c "grep -qF 'I[\\\"@kit/core/client/segment\\\",[],\\\"FallbackBoundary\\\"]' '$work/body' && grep -qF '{\\\"level\\\":2,\\\"notFound\\\":[\\\"\$\\\",\\\"p\\\",null,{\\\"id\\\":\\\"dash-not-found\\\"' '$work/body' && ! grep -qF '<p id=\"dash-not-found\">' '$work/body'"
check "... an answer, not an error: no log line" bash -c "! grep -qF 'GET /dash/smissing' '$work/serve/responder.log'"
status=$(get /dash/sdeny)
check "forbidden() inside a Suspense boundary: 200, the KIT_FORBIDDEN completion and the noindex meta" \
	bash -c "[ '$status' = 200 ] && grep -qF '\$KX(\"B:0\",\"KIT_FORBIDDEN\")' '$work/body' && grep -qF '$meta' '$work/body'"
status=$(get /dash/swho)
check "unauthorized() inside a Suspense boundary: 200, KIT_UNAUTHORIZED; the root fallback boundary (root: kit's default pages)" \
	bash -c "[ '$status' = 200 ] && grep -qF '\$KX(\"B:0\",\"KIT_UNAUTHORIZED\")' '$work/body' && grep -qF '{\\\"level\\\":1,\\\"root\\\":true,\\\"notFound\\\":' '$work/body' && grep -qF '$meta' '$work/body'"
status=$(get /dash/ok)
check "a page where nothing is refused has no noindex meta" bash -c "[ '$status' = 200 ] && ! grep -qF 'noindex' '$work/body'"
status=$(nav /dash/smissing 'app/layout,app/dash/layout')
check "a navigation to it: 200, depth 2, the E row KIT_NOT_FOUND inside the fallback boundary, no meta" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 200:2 ] && grep -qxF '1:E{\"digest\":\"KIT_NOT_FOUND\"}' '$work/body' && grep -qF '{\"level\":2,\"notFound\":[\"\$\",\"p\",null,{\"id\":\"dash-not-found\"' '$work/body' && ! grep -qF 'noindex' '$work/body'"

# --- a client component that throws while the server renders it, below error.tsx
status=$(get /dash/cbomb)
check "a client component throwing in the HTML phase above every Suspense boundary: 500, the error shell" \
	bash -c "[ '$status' = 500 ] && grep -qE '^<!DOCTYPE html><html id=\"__kit_error__\"><head>$meta</head><body><script>self.__kit_v=' '$work/body' && [ \"\$(tail -c 14 '$work/body')\" = '</body></html>' ]"
check "... no HTML of the page (the browser renders it from the rows), its rows and the runtime's entry" \
	bash -c "! grep -qF '<p id=\"cbomb-page\">' '$work/body' && ! grep -qF 'root-layout\">' '$work/body' && grep -qF 'cbomb page' '$work/body' && grep -qF 'I[\\\"src/app/dash/cbomb/bomb\\\"' '$work/body' && grep -qE '<script type=\"module\" async=\"\" src=\"/_kit/static/entry-[A-Z0-9]+\\.js\"></script>' '$work/body'"
check "... the message stays on the server: not in the document, in the responders' log line (500, <Bomb>, file:line, digest)" \
	bash -c "! grep -qF 'client bomb everywhere' '$work/body' && grep -qE ': 500 GET /dash/cbomb — <Bomb> Error: client bomb everywhere at src/app/dash/cbomb/bomb.tsx:[0-9]+ \(digest [0-9]+\)' '$work/serve/responder.log'"
status=$(get /dash/cbomb2)
check "... one that throws on the server only: the same error shell" \
	bash -c "[ '$status' = 500 ] && grep -qF '<html id=\"__kit_error__\">' '$work/body'"
status=$(nav /dash/cbomb 'app/layout,app/dash/layout')
check "... a navigation to it: 200, its rows (the HTML phase does not run)" \
	bash -c "[ '$status' = 200 ] && grep -qF 'I[\"src/app/dash/cbomb/bomb\"' '$work/body'"

# --- template.tsx
check "the manifest lists tpl/template.tsx as a template of depth 2" \
	grep -qF '{"kind": "template", "module": "app/tpl/template", "depth": 2}' "$app/.kit/manifest.json"
check "no build warning for template.tsx" bash -c "! grep -qiE 'warning.*template' '$work/build.log'"
status=$(get /tpl/a)
check "a page under a template: the layout, then the template around the page" \
	bash -c "[ '$status' = 200 ] && grep -qF '<section id=\"tpl-layout\"><button id=\"layout-count\">0</button><div id=\"tpl-template\"><button id=\"template-count\">0</button><p id=\"page-a\">page a</p></div></section>' '$work/body'"
status=$(nav /tpl/b 'app/layout,app/tpl/layout')
check "a navigation to a sibling page (depth 2): the template is sent again around the page, not the layout" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 200:2 ] && grep -qF '\"id\":\"tpl-template\"' '$work/body' && grep -qF '\"id\":\"page-b\"' '$work/body' && ! grep -qF 'tpl-layout' '$work/body'"
status=$(get /ctpl/x)
check "a client-component template: its client reference around the page (rendered in the HTML)" \
	bash -c "[ '$status' = 200 ] && grep -qF '<div id=\"ctpl\"><button id=\"ctpl-count\">0</button>' '$work/body' && grep -qF '<p id=\"page-x\">page x</p></div>' '$work/body' && grep -qF 'I[\\\"src/app/ctpl/template\\\"' '$work/body'"
status=$(nav /tpl/b 'app/layout')
check "... from outside tpl (depth 1): the layout and the template" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 200:1 ] && grep -qF '\"id\":\"tpl-layout\"' '$work/body' && grep -qF '\"id\":\"tpl-template\"' '$work/body'"

# --- navigations
status=$(nav /dash/fail 'app/layout,app/dash/layout')
check "a navigation to a failing page: 200, depth 2" \
	test "$status:$(header X-RSC-Segment-Depth):$(header Content-Type)" = "200:2:text/x-component"
check "... the boundaries and the E row in place of the page, nothing else (dash/not-found.tsx rendered for the fallback boundary)" bash -c "
	grep -qxF '0:[\"\$\",\"\$L2\",null,{\"errorComponent\":\"\$3\",\"depth\":2,\"children\":[\"\$\",\"\$L4\",null,{\"level\":2,\"notFound\":[\"\$\",\"p\",null,{\"id\":\"dash-not-found\",\"children\":\"not in dash (dash/not-found.tsx)\"}],\"children\":\"\$L1\"}]}]' '$work/body' &&
	grep -qxE '1:E\{\"digest\":\"[0-9]+\"\}' '$work/body' &&
	grep -qxF '2:I[\"@kit/core/client/error-boundary\",[],\"ErrorBoundary\"]' '$work/body' &&
	grep -qE '^3:I\[\"src/app/dash/error\",\[' '$work/body' &&
	grep -qxF '4:I[\"@kit/core/client/segment\",[],\"FallbackBoundary\"]' '$work/body' && [ \$(wc -l <'$work/body') = 5 ]"
check "... without the server's message" lacks 'secret failure message'
status=$(nav /dash/fail 'app/layout')
check "... from outside the dash segment (depth 1): the dash layout, its error boundary, the root fallback boundary (root: kit's default pages), the E row" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 200:1 ] && grep -qF '\"errorComponent\":\"\$7\",\"depth\":2,\"children\":[\"\$\",\"\$L5\",null,{\"level\":2,\"notFound\":' '$work/body' && grep -qF '{\"level\":1,\"root\":true,\"notFound\":' '$work/body' && grep -qE '^2:E\{' '$work/body'"
status=$(nav /dash/missing 'app/layout,app/dash/layout')
check "a navigation to a page calling notFound(): 404, depth 0, dash/not-found.tsx in both layouts" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 404:0 ] && grep -qF 'not in dash (dash/not-found.tsx)' '$work/body' && grep -qF 'dash layout' '$work/body'"
status=$(nav /dash/deny 'app/layout,app/dash/layout')
check "... calling forbidden(): 403, the root forbidden.tsx" \
	bash -c "[ '$status:$(header X-RSC-Segment-Depth)' = 403:0 ] && grep -qF 'forbidden (root forbidden.tsx)' '$work/body'"
status=$(nav /dash/who 'app/layout,app/dash/layout')
check "... calling unauthorized(): 401, kit's default page" \
	bash -c "[ '$status' = 401 ] && grep -qF 'You need to sign in to see this page.' '$work/body'"
# the navigation payloads in the production row grammar React's client reads
# (tests/conformance/flight-rows.mjs: hex ids, 4-slot elements, E rows)
rows_ok() { # rows_ok PATH SEGMENTS [COOKIE]
	nav "$@" >/dev/null
	"$node" --input-type=module -e "
		import { readFileSync } from 'node:fs';
		const { checkRows } = await import('$top_src/tests/conformance/flight-rows.mjs');
		const problems = checkRows(readFileSync('$work/body'));
		if (problems.length) { console.error(problems.join('; ')); process.exit(1); }"
}
check "Flight grammar: the failing page's payload (boundary, E row)" rows_ok /dash/fail 'app/layout,app/dash/layout'
check "... from depth 1 (dash layout, two boundaries)" rows_ok /dash/fail 'app/layout'
check "... the not-found page's payload" rows_ok /dash/missing 'app/layout,app/dash/layout'
check "... global-error.tsx's document payload (depth 0)" rows_ok /dash/ok '' root=boom
check "... notFound() inside a Suspense boundary (E row, fallback boundary)" rows_ok /dash/smissing 'app/layout,app/dash/layout'
check "... a template's page (depth 2)" rows_ok /tpl/b 'app/layout,app/tpl/layout'
suite_browser_check tests/errors/check.mjs
kit_serve_stop

# --- a client component that throws while the server renders it, with no
# error boundary at all (tests/errors/bare: no error.tsx, no global-error.tsx):
# the error shell too, as Next.js 16 answers (its <html id="__next_error__">)
bare=$work/bare
cp -R "$top_src/tests/errors/bare" "$bare"
rm -rf "$bare/.kit" "$bare/.kit-store"
if ! "$top_build/kit-build" "$bare" >"$work/bare-build.log" 2>&1; then
	fail "kit-build of tests/errors/bare" "$(tail -n 5 "$work/bare-build.log" | tr '\n' ' ')"
elif ! kit_serve_start lighttpd "$bare" "$work/bare-serve"; then
	fail "kit-serve starts (tests/errors/bare)" "$KIT_SERVE_ERROR"
else
	status=$(get /both)
	check "no error boundary, a client component throwing in the HTML phase: 500, the error shell (not the plain 500 page)" \
		bash -c "[ '$status' = 500 ] && grep -qE '^<!DOCTYPE html><html id=\"__kit_error__\"><head>$meta</head><body><script>self.__kit_v=' '$work/body' && [ \"\$(tail -c 14 '$work/body')\" = '</body></html>' ] && ! grep -qF 'kit-digest' '$work/body'"
	check "... no HTML of the page, its rows and the runtime's entry" \
		bash -c "! grep -qF '<p id=\"both-page\">' '$work/body' && grep -qF 'both page' '$work/body' && grep -qF 'I[\\\"src/app/both/bomb\\\"' '$work/body' && grep -qE '<script type=\"module\" async=\"\" src=\"/_kit/static/entry-[A-Z0-9]+\\.js\"></script>' '$work/body'"
	check "... the message stays on the server: one log line (500, <Bomb>, file:line, digest)" \
		bash -c "! grep -qF 'bare bomb everywhere' '$work/body' && [ \$(grep -cE ': 500 GET /both — <Bomb> Error: bare bomb everywhere at src/app/both/bomb.tsx:[0-9]+ \(digest [0-9]+\)' '$work/bare-serve/responder.log') = 1 ]"
	status=$(get /server-only)
	check "... one that throws on the server only: the same error shell" \
		bash -c "[ '$status' = 500 ] && grep -qF '<html id=\"__kit_error__\">' '$work/body' && ! grep -qF 'bomb-ok' '$work/body'"
	status=$(get /)
	check "... a page of that app that renders: 200, hydrated as usual" \
		bash -c "[ '$status' = 200 ] && grep -qF '<p id=\"bare-home\">bare home</p>' '$work/body' && ! grep -qF '__kit_error__' '$work/body'"
	suite_browser_check tests/errors/bare.mjs
fi
suite_end
