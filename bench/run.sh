#!/bin/bash
# bench/run.sh — `make bench`: what kit costs on top of FastCGI itself.
#
# Measured side by side in one run, both behind the same lighttpd config
# (contrib/lighttpd through kit-serve, loopback, wrk after a warm-up):
#   1. bench/hello-fcgi: a trivial single-threaded libfcgi responder, 12-byte body
#   2. kit-fcgi serving /bench/list of examples/hello (a layout + 200 list items)
#   3. their ratio (target: kit >= 80% of the trivial responder)
#   3b. the same stored page answered by lighttpd itself (kit-pages.lua,
#      docs/build-output.md "Served by the web server") against lighttpd
#      serving the same file as a plain file (from .kit/static/), best of
#      two alternating runs each (target: >= 80% of the plain file); row 2
#      is the responder's path for it (kit-serve with KIT_SERVE_PAGES=off)
#   4. the engine's render cost per element (kit-render-bench)
#   5. RSS of one kit-fcgi process (max-procs 1) after 10,000 requests
#      (target: <= 24 MiB)
#   6. kit.cgi cold start of a stored and of a rendered page, median of
#      BENCH_CGI_RUNS (21) runs (target: <= 40 ms each), and kit-fcgi's
#      first answer of the rendered page after its spawn (target: <= 30 ms)
# Knobs (environment): BENCH_DURATION (10s), BENCH_WARMUP (3s), BENCH_THREADS (2),
# BENCH_CONNECTIONS (32), BENCH_PROCS (lighttpd max-procs for 1 and 2, 4),
# BENCH_PAGE (/bench/list). Exit status 1 when a measurement could not be made;
# a missed target is reported, not an error.
set -u
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${KIT_TOP_BUILDDIR:=$KIT_TOP_SRCDIR}"
export KIT_TOP_SRCDIR KIT_TOP_BUILDDIR
export KIT_DATADIR=$KIT_TOP_SRCDIR
. "$KIT_TOP_SRCDIR/tests/lib/serve.sh"

duration=${BENCH_DURATION:-10s} warmup=${BENCH_WARMUP:-3s}
threads=${BENCH_THREADS:-2} connections=${BENCH_CONNECTIONS:-32}
procs=${BENCH_PROCS:-4} page=${BENCH_PAGE:-/bench/list}
wrk=${WRK:-$(command -v wrk)}
hello=$KIT_TOP_SRCDIR/examples/hello
errors=0

note() { echo "bench: $*" >&2; }
problem() {
	note "$*"
	errors=1
}

[ -n "$wrk" ] && [ -x "$wrk" ] || {
	note "wrk not found (apt-get install wrk)"
	exit 1
}
for f in kit-serve bench/hello-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$f" ] || {
		note "$KIT_TOP_BUILDDIR/$f is not built (run make)"
		exit 1
	}
done

work=$(mktemp -d "${TMPDIR:-/tmp}/kit-bench.XXXXXX") || exit 1
chmod 0755 "$work"
trap 'kit_serve_stop; rm -rf "$work"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# http_status PATH: the status kit-serve's server answers PATH with.
http_status() {
	"${NODE:-node}" -e '
		const r = require("http").get(process.argv[1], { agent: false }, (res) => {
			res.resume(); res.on("end", () => console.log(res.statusCode)); });
		r.setTimeout(10000, () => r.destroy());
		r.on("error", () => console.log("000"));' "$KIT_SERVE_BASE$1"
}

# cpu_ticks PID: user + system clock ticks the process has used
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }

# measure PATH: warm up, then one wrk run; sets rps, p99 (ms), requests, bad,
# and cpu_us (microseconds of cpu_pid's CPU per request, when cpu_pid is set).
measure() {
	local out
	local c0=0 c1=0
	"$wrk" -t"$threads" -c"$connections" -d"$warmup" "$KIT_SERVE_BASE$1" >/dev/null 2>&1
	[ -z "${cpu_pid:-}" ] || c0=$(cpu_ticks "$cpu_pid")
	out=$("$wrk" -t"$threads" -c"$connections" -d"$duration" --latency "$KIT_SERVE_BASE$1" 2>&1)
	[ -z "${cpu_pid:-}" ] || c1=$(cpu_ticks "$cpu_pid")
	echo "$out" >>"$work/wrk.log"
	rps=$(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')
	p99=$(echo "$out" | awk '$1 == "99%" { v = $2;
		if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
		else if (v ~ /ms$/) { sub(/ms$/, "", v) }
		else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
		printf "%.2f", v }')
	requests=$(echo "$out" | awk '/requests in/ { print $1 }')
	# the web server's CPU per request (cpu_pid set): steadier than req/s on a shared machine
	cpu_us=$(awk -v a="$c0" -v b="$c1" -v n="${requests:-0}" -v hz="$(getconf CLK_TCK)" \
		'BEGIN { if (n > 0 && b > a) printf "%.2f", (b - a) * 1000000 / hz / n; else print "-" }')
	bad=$(echo "$out" | awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }')
	[ -n "$rps" ] || {
		problem "wrk failed on $1: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
		rps=0 p99=-
	}
}

# 1. the trivial responder, behind the same config (an app with nothing in it)
mkdir -p "$work/empty-app/.kit"
rps_hello=0 p99_hello=- bad_hello=0
if KIT_FCGI=$KIT_TOP_BUILDDIR/bench/hello-fcgi kit_serve_start lighttpd "$work/empty-app" "$work/run-hello" --procs "$procs"; then
	measure /hello
	rps_hello=$rps p99_hello=$p99 bad_hello=$bad
	kit_serve_stop
else
	problem "kit-serve with hello-fcgi: $KIT_SERVE_ERROR"
fi

# 2. kit-fcgi serving the benchmark page of examples/hello
rps_kit=0 p99_kit=- bad_kit=0 kit_ready=
if [ ! -x "$KIT_TOP_BUILDDIR/kit-fcgi" ] || [ ! -x "$KIT_TOP_BUILDDIR/kit-build" ]; then
	problem "kit-fcgi or kit-build is not built (run make)"
elif ! (cd "$hello" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
	problem "kit-build examples/hello failed: $(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
elif ! KIT_SERVE_PAGES=off KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi kit_serve_start lighttpd "$hello" "$work/run-kit" --procs "$procs"; then
	problem "kit-serve with kit-fcgi: $KIT_SERVE_ERROR"
else
	status=$(http_status "$page")
	if [ "$status" != 200 ]; then
		problem "examples/hello answers $page with $status, not 200: the benchmark page is missing (expected src/app${page}/page.tsx)"
	else
		kit_ready=1
		measure "$page"
		rps_kit=$rps p99_kit=$p99 bad_kit=$bad
	fi
	kit_serve_stop
fi

# 3b. the stored page from disk by lighttpd itself, and the same file plain
rps_static=0 p99_static=- bad_static=0 rps_plain=0 p99_plain=- bad_plain=0 cpu_static= cpu_plain= cpu_pid=
static_file=$hello/.kit-store/www/current/doc$page.html
plain=$hello/.kit/static/bench-plain.html
if [ -z "$kit_ready" ]; then
	:
elif [ ! -f "$static_file" ]; then
	problem "$page is not laid out for the web server ($static_file is missing)"
elif ! cp "$static_file" "$plain"; then
	problem "cannot copy $static_file to $plain"
elif ! KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi kit_serve_start lighttpd "$hello" "$work/run-static" --procs "$procs"; then
	problem "kit-serve with stored pages: $KIT_SERVE_ERROR"
	rm -f "$plain"
else
	cpu_pid=$(cat "$work/run-static/lighttpd.pid" 2>/dev/null)
	for run in 1 2; do
		measure /_kit/static/bench-plain.html
		awk -v a="$rps" -v b="$rps_plain" 'BEGIN { exit !(a > b) }' && rps_plain=$rps p99_plain=$p99
		cpu_plain+=" $cpu_us"
		bad_plain=$((bad_plain + bad))
		measure "$page"
		awk -v a="$rps" -v b="$rps_static" 'BEGIN { exit !(a > b) }' && rps_static=$rps p99_static=$p99
		cpu_static+=" $cpu_us"
		bad_static=$((bad_static + bad))
	done
	cpu_pid=
	kit_serve_stop
	rm -f "$plain"
fi

# 4. render cost per element in one warm engine
render_out=
if [ -z "$kit_ready" ]; then
	render_out="(skipped: examples/hello is not servable)"
elif [ -x "$KIT_TOP_BUILDDIR/kit-render-bench" ]; then
	render_out=$("$KIT_TOP_BUILDDIR/kit-render-bench" "$hello" "$page" 2000 2>&1) ||
		problem "kit-render-bench failed: $render_out"
else
	render_out="(kit-render-bench is not built)"
fi
us_per_element=$(echo "$render_out" | sed -n 's/^document.* \([0-9.]*\) us\/element.*/\1/p')

# 5. RSS of one responder after 10,000 requests
rss_kb= served=0
if [ -n "$kit_ready" ] &&
	KIT_SERVE_PAGES=off KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi kit_serve_start lighttpd "$hello" "$work/run-rss" --procs 1; then
	while [ "$served" -lt 10000 ]; do
		out=$("$wrk" -t1 -c4 -d2s "$KIT_SERVE_BASE$page" 2>&1)
		n=$(echo "$out" | awk '/requests in/ { print $1 }')
		[ -n "$n" ] && [ "$n" -gt 0 ] || {
			problem "wrk made no requests: $(echo "$out" | tail -n 2 | tr '\n' ' ')"
			break
		}
		served=$((served + n))
	done
	pids=$(kit_serve_responders)
	if [ "$(echo "$pids" | wc -w)" -ne 1 ]; then
		problem "expected one kit-fcgi process with --procs 1, found: ${pids:-none}"
	else
		rss_kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pids/status")
		hwm_kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pids/status")
	fi
	kit_serve_stop
elif [ -n "$kit_ready" ]; then
	problem "kit-serve --procs 1: $KIT_SERVE_ERROR"
fi

# 6. kit.cgi cold start: one process per request, as a shared host runs it
#    (median wall time of BENCH_CGI_RUNS runs; instruction counts, steadier
#    under load, are in bench/README.md)
cgi_runs=${BENCH_CGI_RUNS:-21}
# cgi_median URI: sets ms to the median milliseconds of kit.cgi answering
# GET URI ("-" when it did not answer 200)
cgi_median() {
	local i t0 t1 status times=()
	ms=-
	for ((i = 0; i < cgi_runs; i++)); do
		t0=$EPOCHREALTIME
		status=$(cd "$hello" && REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 \
			KIT_APP_DIR=$hello "$KIT_TOP_BUILDDIR/kit.cgi" 2>/dev/null | head -n 1)
		t1=$EPOCHREALTIME
		case $status in "Status: 200"*) ;; *)
			problem "kit.cgi $1 answered '${status:-nothing}', not 200"
			return ;;
		esac
		times+=("$(((${t1/./} - ${t0/./}) / 100))")  # tenths of a millisecond
	done
	ms=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ d[NR] = $1 }
		END { m = (NR % 2) ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2; printf "%.1f", m / 10 }')
}
# fcgi_first_median URI: sets ms to the median milliseconds from spawning
# kit-fcgi (its socket listening, as a web server starts it) to the end of
# its first answer to GET URI (bench/fcgi-client.py FCGI_CLIENT_FIRST)
fcgi_first_median() {
	local i t times=()
	ms=-
	for ((i = 0; i < cgi_runs; i++)); do
		t=$(FCGI_CLIENT_FIRST=1 python3 "$KIT_TOP_SRCDIR/bench/fcgi-client.py" 1 "$1" "$hello" -- \
			"$KIT_TOP_BUILDDIR/kit-fcgi" 2>&1 | sed -n 's/^first answer \([0-9.]*\) ms after spawn$/\1/p')
		[ -n "$t" ] || { problem "kit-fcgi did not answer $1"; return; }
		times+=("$t")
	done
	ms=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ d[NR] = $1 }
		END { m = (NR % 2) ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2; printf "%.1f", m }')
}
cgi_stored=- cgi_rendered=- fcgi_first=-
if [ -n "$kit_ready" ] && [ -x "$KIT_TOP_BUILDDIR/kit.cgi" ]; then
	cgi_median "${BENCH_CGI_STORED:-/about}"
	cgi_stored=$ms
	cgi_median "${BENCH_CGI_RENDERED:-/whoami}"
	cgi_rendered=$ms
	fcgi_first_median "${BENCH_CGI_RENDERED:-/whoami}"
	fcgi_first=$ms
fi

# the table
verdict() { # verdict OK?: ok / MISSED
	if [ "$1" = 1 ]; then echo "ok"; else echo "MISSED"; fi
}
echo
echo "kit bench: wrk -t$threads -c$connections -d$duration (after a $warmup warm-up) on 127.0.0.1,"
echo "lighttpd $("${LIGHTTPD:-lighttpd}" -v 2>/dev/null | sed -n 's/^lighttpd\/\([^ ]*\).*/\1/p') via kit-serve (contrib/lighttpd), max-procs $procs, $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
printf '%-46s %12s %10s %s\n' "" "req/s" "p99 ms" "errors"
printf '%-46s %12s %10s %s\n' "trivial libfcgi responder (12-byte body)" "$rps_hello" "$p99_hello" "$bad_hello"
printf '%-46s %12s %10s %s\n' "kit-fcgi $page (examples/hello)" "$rps_kit" "$p99_kit" "$bad_kit"
echo
ratio=$(awk -v a="$rps_kit" -v b="$rps_hello" 'BEGIN { if (b > 0) printf "%.0f", 100 * a / b; else print "-" }')
ok=$(awk -v r="$ratio" 'BEGIN { print (r != "-" && r >= 80) ? 1 : 0 }')
printf '%-46s %12s   target >= 80%%   %s\n' "kit / trivial responder" "$ratio%" "$(verdict "$ok")"
echo
printf '%-46s %12s %10s %s\n' "$page stored, lighttpd itself (kit-pages.lua)" "$rps_static" "$p99_static" "$bad_static"
printf '%-46s %12s %10s %s\n' "the same file, plain (lighttpd, .kit/static/)" "$rps_plain" "$p99_plain" "$bad_plain"
ratio=$(awk -v a="$rps_static" -v b="$rps_plain" 'BEGIN { if (b > 0) printf "%.0f", 100 * a / b; else print "-" }')
ok=$(awk -v r="$ratio" 'BEGIN { print (r != "-" && r >= 80) ? 1 : 0 }')
printf '%-46s %12s   target >= 80%%   %s\n' "stored by lighttpd / plain file" "$ratio%" "$(verdict "$ok")"
# the lower of the two runs each: the one least disturbed by other load
min_of() { echo "$1" | tr ' ' '\n' | grep -v '^-*$' | sort -n | head -n 1; }
c_static=$(min_of "$cpu_static") c_plain=$(min_of "$cpu_plain")
ratio=$(awk -v a="$c_static" -v b="$c_plain" 'BEGIN { if (a > 0) printf "%.0f", 100 * b / a; else print "-" }')
printf '%-46s %6s / %s us   plain = %s%% of stored\n' "lighttpd CPU per request, stored / plain" "${c_static:--}" "${c_plain:--}" "$ratio"
ratio=$(awk -v a="$rps_static" -v b="$rps_kit" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }')
printf '%-46s %11sx\n' "stored by lighttpd / through kit-fcgi (row 2)" "$ratio"
if [ -n "$rss_kb" ]; then
	rss_mib=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
	ok=$(awk -v k="$rss_kb" 'BEGIN { print (k <= 24 * 1024) ? 1 : 0 }')
	printf '%-46s %8s MiB   target <= 24 MiB %s  (peak %.1f MiB)\n' \
		"RSS of one kit-fcgi after $served requests" "$rss_mib" "$(verdict "$ok")" "$(awk -v k="$hwm_kb" 'BEGIN { print k / 1024 }')"
else
	printf '%-46s %12s\n' "RSS of one kit-fcgi after 10,000 requests" "-"
fi
printf '%-46s %9s us\n' "render cost per element (kit-render-bench)" "${us_per_element:--}"
ok=$(awk -v m="$cgi_stored" 'BEGIN { print (m != "-" && m <= 40) ? 1 : 0 }')
printf '%-46s %9s ms   target <= 40 ms   %s\n' "kit.cgi cold start, stored ${BENCH_CGI_STORED:-/about}" "$cgi_stored" "$(verdict "$ok")"
ok=$(awk -v m="$cgi_rendered" 'BEGIN { print (m != "-" && m <= 40) ? 1 : 0 }')
printf '%-46s %9s ms   target <= 40 ms   %s\n' "kit.cgi cold start, rendered ${BENCH_CGI_RENDERED:-/whoami}" "$cgi_rendered" "$(verdict "$ok")"
ok=$(awk -v m="$fcgi_first" 'BEGIN { print (m != "-" && m <= 30) ? 1 : 0 }')
printf '%-46s %9s ms   target <= 30 ms   %s\n' "kit-fcgi spawn to first answer, ${BENCH_CGI_RENDERED:-/whoami}" "$fcgi_first" "$(verdict "$ok")"
echo
echo "kit-render-bench $page:"
echo "$render_out" | sed 's/^/  /'
[ "$bad_hello" = 0 ] && [ "$bad_kit" = 0 ] && [ "$bad_static" = 0 ] && [ "$bad_plain" = 0 ] || note "some requests failed (see 'errors'): the numbers are not comparable"
exit $errors
