#!/bin/bash
# bench/route-bundles.sh — what per-route server bundles save
# (docs/build-output.md): instructions (valgrind --tool=callgrind) of one
# kit.cgi request, cold, and the JS heap and RSS of a warm engine after one
# route and after every route. Apps, built with --no-prerender (every route
# renders), in a private copy:
#   examples/hello                   /  and  /whoami
#   tests/fixtures/route-bundles/app (heavy-table, ~600 kB, on /heavy only;
#                                     its /broken removed)  /  and  /heavy
# Compare two kits: KIT_TOP_BUILDDIR=/path/to/other/build KIT_DATADIR=... (a
# kit before this change prints "-" for what it cannot measure).
set -u
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${KIT_TOP_BUILDDIR:=$KIT_TOP_SRCDIR}"
: "${KIT_DATADIR:=$KIT_TOP_SRCDIR}"
export KIT_DATADIR
command -v valgrind >/dev/null || { echo "route-bundles: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/kit-rb-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -R "$KIT_TOP_SRCDIR/examples/hello" "$work/hello"
cp -R "$KIT_TOP_SRCDIR/tests/fixtures/route-bundles/app" "$work/heavy"
rm -rf "$work"/*/.kit "$work"/*/.kit-store "$work/heavy/src/app/broken"
"$KIT_TOP_SRCDIR/tests/fixtures/route-bundles/make-packages.sh" "$work/heavy"
for app in hello heavy; do
	"$KIT_TOP_BUILDDIR/kit-build" --no-prerender "$work/$app" >"$work/$app.log" 2>&1 ||
		{ echo "route-bundles: kit-build $app failed:" >&2; tail -5 "$work/$app.log" >&2; exit 1; }
done
ir() { # ir APP URL: kit.cgi's instructions for one request
	(cd "$work/$1" && REQUEST_METHOD=GET REQUEST_URI=$2 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$work/$1 \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$KIT_TOP_BUILDDIR/kit.cgi" 2>"$work/ir.log" >/dev/null)
	grep -o 'Collected : [0-9]*' "$work/ir.log" | awk '{ print $3 } END { if (!NR) print "-" }'
}
heap() { # heap APP URL [--visit-all]: "heap MiB / RSS MiB" of kit-render-bench
	"$KIT_TOP_BUILDDIR/kit-render-bench" ${3:+"$3"} "$work/$1" "$2" 20 2>/dev/null |
		sed -n 's/^JS heap after: \([0-9.]*\) MiB\(, RSS \([0-9.]*\) MiB\)\{0,1\}.*/\1 MiB heap, \3 MiB RSS/p' | grep . || echo "-"
}
printf '%-58s %14s\n' \
	"kit.cgi examples/hello / (Ir)" "$(ir hello /)" \
	"kit.cgi examples/hello /whoami (Ir)" "$(ir hello /whoami)" \
	"kit.cgi route-bundles app / (Ir)" "$(ir heavy /)" \
	"kit.cgi route-bundles app /heavy (Ir)" "$(ir heavy /heavy)"
printf '%-40s %32s\n' \
	"warm engine, hello, /about only" "$(heap hello /about)" \
	"warm engine, hello, every route" "$(heap hello /about --visit-all)" \
	"warm engine, route-bundles app, / only" "$(heap heavy /)" \
	"warm engine, route-bundles app, every route" "$(heap heavy / --visit-all)"
echo "server.js: hello $(wc -c <"$work/hello/.kit/server.js") bytes, route-bundles app $(wc -c <"$work/heavy/.kit/server.js") bytes;" \
	".kit/server/: hello $(cat "$work/hello/.kit/server/"* 2>/dev/null | wc -c) bytes, route-bundles app $(cat "$work/heavy/.kit/server/"* 2>/dev/null | wc -c) bytes"
