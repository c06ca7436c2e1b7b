#!/bin/bash
# templates.sh — server modules' host JSX compiled into templates at build
# time (toolchain/templates.mjs, render/README.md "Templates"): the
# transform alone (tests/templates/transform.mjs: a table of modules run in
# Node before and after it: the same trees, the same order of evaluation,
# the same lines and columns; spread and ref props, components and keyed
# children left as they were); then tests/templates/app built and rendered
# by kit.cgi: its rows, a client component's module left as it was, and
# an error thrown in a hole naming its TSX line
# (esbuild's source map of the module still true). The render of template
# elements against React's own output is tests/conformance (corpus/templates,
# client-app /templates).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin templates
suite_need node "the transform runs in it"
"${NODE:-node}" "$top_src/tests/templates/transform.mjs" || failed=1

# tests/templates/app, built (production: templates), its page per request
suite_work templates
suite_app tests/templates/app
app=$work/app
check "kit-build compiled the page's JSX into templates" grep -qF '__kit$tf = ' -r "$app/.kit/server"
cgi() {
	(cd "$app" && REQUEST_METHOD=GET REQUEST_URI=/ SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$app "$@" "$top_build/kit.cgi")
}
cgi env >"$work/ok.html" 2>"$work/ok.log"
check "the page renders its rows, escaped" grep -qF '<li data-id="1"><b>a &lt;b&gt;</b> ok</li><li data-id="2"><b>c &amp; d</b> ok</li></ul>' "$work/ok.html"
check "... and its client component with the module it imports" \
	grep -qF '<button type="button" class="client-counter"><span class="shared-by-client">clicked 0</span></button>' "$work/ok.html"
check "a module a client module imports is not compiled (its JSX a jsx() call)" \
	grep -qF 'className: "shared-by-client"' -r "$app/.kit/server"
cgi env HTTP_X_BOOM=1 >"$work/boom.html" 2>"$work/boom.log"
check "a hole that throws: the error names its TSX line (src/app/page.tsx:20)" grep -qF 'at src/app/page.tsx:20 ' "$work/boom.log"
suite_end
