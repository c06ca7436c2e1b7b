#!/bin/bash
# bench/instructions.sh — instruction counts (valgrind --tool=callgrind) of
# kit.cgi's cold start and of one stored request to a warm kit-fcgi, on
# examples/hello. Steady where wall times are not (a shared machine): compare
# these before and after a change. Not part of make check or make bench.
#   BENCH_STORED (/about), BENCH_RENDERED (/whoami): kit.cgi's pages
#   BENCH_PAGE (/bench/list), BENCH_N (100): kit-fcgi's stored page, requests
#   BENCH_API ("/bench/api /bench/api-plain /api/echo?q=1"): API routes
#   answered per request, each measured like the stored page (with a
#   User-Agent and an Accept header, as a client sends them)
#   BENCH_DYNAMIC (/bench/dynamic): the dynamic page of bench/peers/kit (a
#   stored shell, its Suspense boundary of 200 items rendered per request;
#   with the Cookie and User-Agent `make bench-peers` sends), built first
#   and measured like the stored page; BENCH_DYNAMIC= skips it
set -u
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${KIT_TOP_BUILDDIR:=$KIT_TOP_SRCDIR}"
hello=$KIT_TOP_SRCDIR/examples/hello
peers_kit=$KIT_TOP_SRCDIR/bench/peers/kit
n=${BENCH_N:-100}
command -v valgrind >/dev/null || { echo "instructions: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
(cd "$hello" && "$KIT_TOP_BUILDDIR/kit-build" >/dev/null) || { echo "instructions: kit-build examples/hello failed" >&2; exit 1; }

# ir OUT CMD...: the instructions CMD ran ("-" when valgrind said nothing)
ir() {
	local out=$1
	shift
	"$@" 2>"$out" >/dev/null
	grep -o 'Collected : [0-9]*' "$out" | awk '{ print $3 } END { if (!NR) print "-" }'
}
log=$(mktemp "${TMPDIR:-/tmp}/kit-ir.XXXXXX")
trap 'rm -f "$log"' EXIT
cgi() {
	(cd "$hello" && REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$hello \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$KIT_TOP_BUILDDIR/kit.cgi")
}
fcgi() {
	python3 "$KIT_TOP_SRCDIR/bench/fcgi-client.py" "$1" "${2:-${BENCH_PAGE:-/bench/list}}" "${3:-$hello}" -- \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$KIT_TOP_BUILDDIR/kit-fcgi"
}
stored=$(ir "$log" cgi "${BENCH_STORED:-/about}")
rendered=$(ir "$log" cgi "${BENCH_RENDERED:-/whoami}")
one=$(ir "$log" fcgi 1)
many=$(ir "$log" fcgi $((n + 1)))
# perreq ONE MANY: (MANY - ONE) / n
perreq() {
	awk -v a="$1" -v b="$2" -v n="$n" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.0f", (b - a) / n }'
}
per=$(perreq "$one" "$many")
printf '%-52s %14s\n' "kit.cgi ${BENCH_STORED:-/about} (stored)" "$stored" \
	"kit.cgi ${BENCH_RENDERED:-/whoami} (rendered)" "$rendered" \
	"kit-fcgi start + 1 request" "$one" \
	"kit-fcgi: one more stored ${BENCH_PAGE:-/bench/list}" "$per"
for uri in ${BENCH_API-/bench/api /bench/api-plain /api/echo?q=1}; do
	export FCGI_CLIENT_HEADERS=$'User-Agent: kit-bench/1.0\nAccept: */*'
	a=$(ir "$log" fcgi 1 "$uri")
	b=$(ir "$log" fcgi $((n + 1)) "$uri")
	unset FCGI_CLIENT_HEADERS
	printf '%-52s %14s\n' "kit-fcgi: one more API $uri" "$(perreq "$a" "$b")"
done
dynamic=${BENCH_DYNAMIC-/bench/dynamic}
if [ -n "$dynamic" ]; then
	if (cd "$peers_kit" && "$KIT_TOP_BUILDDIR/kit-build" >/dev/null); then
		export FCGI_CLIENT_HEADERS=$'User-Agent: kit-bench\nCookie: name=bench'
		a=$(ir "$log" fcgi 1 "$dynamic" "$peers_kit")
		b=$(ir "$log" fcgi $((n + 1)) "$dynamic" "$peers_kit")
		unset FCGI_CLIENT_HEADERS
		printf '%-52s %14s\n' "kit-fcgi: one more dynamic $dynamic (peers/kit)" "$(perreq "$a" "$b")"
	else
		echo "instructions: kit-build bench/peers/kit failed" >&2
	fi
fi
