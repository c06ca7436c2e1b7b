#!/bin/bash
# intl.sh — Intl in server components (docs/intl.md), on tests/intl/app:
# each service's rows (src/lib/*-cases.mjs) rendered by a page stored at
# build time (kit-build's engine) and by a page rendered per request
# (kit-fcgi's), each compared with the same rows rendered by react-dom/server
# in Node. Both sides run with TZ=UTC LC_ALL=C, as tests/jsdiff does. The
# Intl engineers append their services' rows and checks here.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin intl
suite_need node "the build and the reference need it"
export TZ=UTC LC_ALL=C
suite_work intl
suite_app tests/intl/app
app=$work/app
pass "kit-build of an app using Intl in server components"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")

# rows NAME EXPORT: <dl id="NAME"> of the rows EXPORT of src/lib/NAME-cases.mjs,
# rendered by react-dom/server in Node
rows() {
	(cd "$app" && NODE_PATH=$top_build/toolchain/node_modules node --input-type=module -e "
import { createRequire } from 'node:module';
const require = createRequire(process.env.NODE_PATH + '/');
const React = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const { $2 } = await import('./src/lib/$1-cases.mjs');
const h = React.createElement;
console.log(renderToStaticMarkup(h('dl', { id: '$1' }, $2().map(([id, v]) => h('div', { key: id }, h('dt', null, id), h('dd', null, v))))));")
}
# section FILE NAME: the <dl id="NAME"> element of a page
section() { grep -o "<dl id=\"$2\">.*</dl>" "$1" | sed -e 's|</dl>.*|</dl>|'; }

rows text textRows >"$work/text.node"
check "text services: Node renders the rows" grep -q '<dt>sort-de</dt>' "$work/text.node"
section "$stored/index.html" text >"$work/text.stored"
check "text services: the stored page's $(grep -o '<dt>' "$work/text.node" | wc -l) rows are react-dom's in Node" \
	diff "$work/text.node" "$work/text.stored"
rows number numberRows >"$work/number.node"
check "numbers: Node renders the rows" grep -q '<dt>de-price</dt>' "$work/number.node"
section "$stored/index.html" number >"$work/number.stored"
check "numbers: the stored page's $(grep -o '<dt>' "$work/number.node" | wc -l) rows are react-dom's in Node" \
	diff "$work/number.node" "$work/number.stored"
rows date dateRows >"$work/date.node"
check "dates: Node renders the rows" grep -q '<dt>de-0-long</dt>' "$work/date.node"
section "$stored/index.html" date >"$work/date.stored"
check "dates: the stored page's $(grep -o '<dt>' "$work/date.node" | wc -l) rows are react-dom's in Node" \
	diff "$work/date.node" "$work/date.stored"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
curl -s "$KIT_SERVE_BASE/live" >"$work/live.html"
section "$work/live.html" text >"$work/text.live"
check "... rendered per request by the responder, the same" diff "$work/text.node" "$work/text.live"
section "$work/live.html" number >"$work/number.live"
check "numbers: rendered per request by the responder, the same" diff "$work/number.node" "$work/number.live"
section "$work/live.html" date >"$work/date.live"
check "dates: rendered per request by the responder, the same" diff "$work/date.node" "$work/date.live"
kit_serve_stop
suite_end
