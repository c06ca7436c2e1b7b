#!/bin/bash
# bench/responder-rss.sh — issue 19 item 6: the memory of one kit-fcgi
# responder after BENCH_RSS_N (10,000) mixed requests, one after another on
# a Unix socket as a web server sends them (bench/responder-rss.py): the
# routes of make bench-peers' kit app (bench/peers/kit, built in a scratch
# copy) in turn, the dynamic page, the API route, the stored page and the
# page with a client component. Prints VmRSS, VmHWM, RssAnon, RssFile and
# Private_Dirty in kB; target VmRSS <= 16 MiB (16,384 kB). Not part of
# make check or make bench.
set -u
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${KIT_TOP_BUILDDIR:=$KIT_TOP_SRCDIR}"
export KIT_DATADIR=${KIT_DATADIR:-$KIT_TOP_SRCDIR}
n=${BENCH_RSS_N:-10000}
app=$(mktemp -d "${TMPDIR:-/tmp}/kit-rss-app.XXXXXX")
trap 'rm -rf "$app"' EXIT
cp -r "$KIT_TOP_SRCDIR/bench/peers/kit/." "$app/"
(cd "$app" && "$KIT_TOP_BUILDDIR/kit-build" >build.log 2>&1) || {
	tail -n 8 "$app/build.log" >&2
	echo "responder-rss: kit-build of bench/peers/kit failed" >&2
	exit 1
}
python3 "$KIT_TOP_SRCDIR/bench/responder-rss.py" "$n" "$app" \
	/bench/dynamic /api/bench /bench/list /bench/client -- "$KIT_TOP_BUILDDIR/kit-fcgi"
