#!/bin/bash
# bench/soak.sh — `make soak`: a long mixed load through a real web server
# with kit's contrib/ config, looking for leaks, errors and stalls.
#
# examples/hello behind kit-serve (lighttpd, or Apache with
# SOAK_SERVER=apache; SOAK_PROCS responders, default 8), with the example
# backend (examples/backend/app.py) answering its rpc() calls. Eight kinds
# of request run side by side, one wrk each (tests/lib/load.lua): a stored
# page (/about, answered by the web server), a dynamic page (/whoami), a
# navigation (/whoami with X-RSC: true), an API route (/api/items/42), a
# server action (POST /_rsc/action), a 404, a streaming page (/bench/stream)
# and the rpc page (/guestbook). SOAK_REQUESTS (default 1,000,000) answers
# in all after a warm-up of SOAK_WARMUP (default 2 % of them, at least
# 4,000; an eighth per kind), shared among the kinds as their rates in the
# warm-up, so that all run until the end (a stored page answers 50 times
# as fast as the rpc page).
#
# Prints: per kind, the answers, the bad ones (another status, or the rpc
# page without the backend's data), socket errors and the latency
# percentiles (p50 p90 p99 p99.9 max, ms); the RSS and open descriptors of
# every responder and of the web server's processes after the warm-up and
# at the end; and PASS/FAIL lines: no failed request, no responder
# replaced, and growth after the warm-up within SOAK_GROWTH_PCT (5 %) for
# RSS (summed over the responders, and per process) and descriptors.
# Knobs: SOAK_SERVER, SOAK_REQUESTS, SOAK_WARMUP, SOAK_PROCS,
# SOAK_CONNECTIONS (per kind, default 2), SOAK_GROWTH_PCT,
# SOAK_PROCESS_GROWTH_PCT (one process; default SOAK_GROWTH_PCT). Exit status 1 on
# any FAIL. Never part of `make check` (tests/suites/soak-quick.sh is the
# short run that is).
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
export KIT_TOP_SRCDIR
. "$KIT_TOP_SRCDIR/tests/lib/suite.sh"
suite_begin soak
server=${SOAK_SERVER:-lighttpd}
total=${SOAK_REQUESTS:-1000000}
procs=${SOAK_PROCS:-8}
conns=${SOAK_CONNECTIONS:-2}
growth_max=${SOAK_GROWTH_PCT:-5}
process_max=${SOAK_PROCESS_GROWTH_PCT:-$growth_max}
kinds="stored dynamic nav api action notfound stream rpc"
nkinds=$(echo "$kinds" | wc -w)
warm=${SOAK_WARMUP:-$((total / 50 > 4000 ? total / 50 : 4000))}
. "$top_src/tests/lib/load.sh"
load_need
suite_work soak
load_app
load_backend_start
rundir=$work/run
if ! kit_serve_start "$server" "$app" "$rundir" --procs "$procs"; then
	fail "kit-serve --server $server --procs $procs" "$KIT_SERVE_ERROR"
	exit 1
fi
# lighttpd starts every configured responder; mod_fcgid starts them on
# demand (counted after the warm-up)
if [ "$server" = lighttpd ]; then
	n=$(wait_responders "$procs" 20)
	[ "$n" = "$procs" ] || fail "$procs responders start" "$n run"
fi

echo "soak: $server (contrib/$server via kit-serve), $procs responders, examples/hello + examples/backend,"
echo "soak: $total requests ($conns connections per kind) after a warm-up of $warm; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"

# run NAME KIND:COUNT...: the kinds side by side until each has COUNT answers
run() {
	local name=$1
	shift
	load_start "$name" 24h "$conns" "$@"
	load_wait "$name"
}

# snapshot FILE: "pid role rss_kb fds" of every responder and server process.
# The descriptors are the fewest seen over three seconds: a wrk just stopped
# leaves connections the server has not yet seen close (CI once saw
# lighttpd at 10 -> 11 with a snapshot at once, and at 12 -> 13 with the
# fewest over one second on a loaded machine), while a leaked one stays.
snapshot() {
	local p i n
	local -A role fds
	for p in $(responders_now); do role[$p]=responder; done
	for p in $(server_pids); do role[$p]=$server; done
	for i in $(seq 30); do
		for p in "${!role[@]}"; do
			n=$(proc_fds "$p")
			if [ -z "${fds[$p]:-}" ] || [ "$n" -lt "${fds[$p]}" ]; then fds[$p]=$n; fi
		done
		sleep 0.1
	done
	: >"$1"
	for p in $(responders_now) $(server_pids); do
		[ -n "${role[$p]:-}" ] && echo "$p ${role[$p]} $(proc_rss "$p") ${fds[$p]}" >>"$1"
	done
}

t0=$(date +%s)
# shellcheck disable=SC2046
run warm $(for k in $kinds; do echo "$k:$((warm / nkinds))"; done)
echo "soak: warm-up: $load_answers answers, $load_bad bad, $load_sockerr socket errors in $(($(date +%s) - t0)) s"
# each kind's share: its rate in the warm-up (answers per second)
shares=$(echo -n "$load_lines" | awk -v total="$total" '
	{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	  k[NR] = v["kind"]; r[NR] = v["secs"] > 0 ? v["answers"] / v["secs"] : 1; sum += r[NR] }
	END { for (i = 1; i <= NR; i++) { n = int(total * r[i] / sum) + 1; printf "%s:%d ", k[i], n } }')
echo "soak: per kind: $shares"
snapshot "$work/before"
echo "soak: $(grep -c ' responder ' "$work/before") responders run after the warm-up"
t0=$(date +%s)
# shellcheck disable=SC2086
run soak $shares
secs=$(($(date +%s) - t0))
snapshot "$work/after"

echo
echo "soak: $load_answers answers in $secs s ($(awk -v n="$load_answers" -v s="$secs" 'BEGIN { printf "%.0f", s ? n / s : 0 }') req/s), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-9s %9s %5s %7s %8s %8s %8s %8s %8s\n' kind answers bad sockerr "p50 ms" "p90 ms" "p99 ms" "p99.9" "max ms"
echo -n "$load_lines" | awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
	printf "%-9s %9s %5s %7s %8s %8s %8s %8s %8s\n", v["kind"], v["answers"], v["bad"], v["sockerr"], v["p50"], v["p90"], v["p99"], v["p999"], v["max"] }'
echo
echo "soak: process    role        RSS before -> after (kB)   fds before -> after"
awk 'NR == FNR { rss[$1] = $3; fds[$1] = $4; role[$1] = $2; next }
	{ b = ($1 in rss) ? rss[$1] : "-"; fb = ($1 in fds) ? fds[$1] : "-"
	  printf "soak: %-10s %-10s %10s -> %-10s %6s -> %s\n", $1, $2, b, $3, fb, $4 }' "$work/before" "$work/after"

bad=$((load_bad + load_sockerr))
if [ "$bad" = 0 ] && [ "$load_answers" -ge "$total" ]; then
	pass "$load_answers answers, none failed"
else
	fail "every request answers as expected" "$load_bad bad answers, $load_sockerr socket errors of $load_answers ($(echo -n "$load_lines" | awk '$3 != "bad=0" || $4 != "sockerr=0"' | tr '\n' ';'))"
fi
gone=$(awk 'NR == FNR { if ($2 == "responder") after[$1] = 1; next } $2 == "responder" && !($1 in after) { print $1 }' "$work/after" "$work/before" | tr '\n' ' ')
if [ -z "$gone" ]; then
	pass "no responder was replaced during the soak"
else
	fail "no responder was replaced during the soak" "gone: $gone(see $rundir/responder.log or error.log)"
fi
# growth: the responders' RSS summed, each process's RSS, each one's descriptors
awk -v max="$growth_max" -v pmax="$process_max" 'NR == FNR { rss[$1] = $3; fds[$1] = $4; next }
	($1 in rss) { sb += (($2 == "responder") ? rss[$1] : 0); sa += (($2 == "responder") ? $3 : 0)
	  g = rss[$1] ? 100 * ($3 - rss[$1]) / rss[$1] : 0
	  if (g > worst) { worst = g; wp = $1 " (" $2 ")" }
	  if ($4 > fds[$1] && 100 * ($4 - fds[$1]) / fds[$1] > max) fdbad = fdbad " " $1 ":" fds[$1] "->" $4 }
	END { sum = sb ? 100 * (sa - sb) / sb : 0
	  printf "%s %.1f %d %d %.1f %s|%s\n", (sum <= max && worst <= pmax && fdbad == "") ? "ok" : "no", sum, sb, sa, worst, wp, fdbad }' \
	"$work/before" "$work/after" >"$work/growth"
read -r verdict sum sb sa worst rest <"$work/growth"
wp=${rest%%|*} fdbad=${rest#*|}
msg="responders' RSS $sb -> $sa kB ($sum %), the most grown process $worst % (${wp:-none}), descriptors${fdbad:- unchanged}"
if [ "$verdict" = ok ]; then
	pass "flat after the warm-up (<= $growth_max %, a process <= $process_max %): $msg"
else
	fail "flat after the warm-up (<= $growth_max %, a process <= $process_max %)" "$msg"
fi
crashes=$(kit_log_crashes "$rundir/error.log")
[ -z "$crashes" ] || fail "no responder crashed" "$crashes"
exit "$failed"
