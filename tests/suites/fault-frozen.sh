#!/bin/bash
# fault-frozen.sh — a responder that stops answering, under load (issue 18
# item 5f; docs/fastcgi.md §12), behind lighttpd and Apache with the
# contrib/ configs on examples/hello:
#
# 1. every configured responder starts: lighttpd runs all --procs 4 at once;
#    mod_fcgid starts them on demand, all 4 under 8 connections;
# 2. under load (a dynamic page, an API route; one connection each), one
#    responder is stopped with SIGSTOP (its watchdog thread stops too).
#    kit-fcgi's liveness guard (KIT_STALL_KILL_MS, 2000 here; 15000 by
#    default) kills it once its heartbeat stood still that long, and the web
#    server starts a fresh one: within a few seconds the stopped process is
#    gone, as many responders run as before (mod_fcgid: as the load needs),
#    and at most the requests it
#    held failed (lighttpd: 504/502 for those queued on it; mod_fcgid: the
#    one in progress); the load goes on answering throughout.
# 3. without the guard (KIT_STALL_KILL_MS=0), lighttpd with read-timeout 2
#    (a copy of contrib/lighttpd/kit.conf) ends each request the stopped
#    responder holds with 504 after 2 s, and never replaces it: what the
#    server alone does, printed as a figure.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-frozen
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_work fault-frozen
frozen=
suite_at_exit '[ -n "$frozen" ] && kill -CONT "$frozen" 2>/dev/null'
load_app
procs=4
kinds="dynamic api"

for server in lighttpd apache; do
	if [ "$server" = apache ] && ! PATH=$PATH:/usr/sbin command -v apache2 >/dev/null; then
		skip "apache: apache2 is not installed"
		continue
	fi
	rundir=$work/run-$server
	if ! KIT_STALL_KILL_MS=2000 kit_serve_start "$server" "$app" "$rundir" --procs "$procs"; then
		fail "$server: kit-serve --procs $procs" "$KIT_SERVE_ERROR"
		continue
	fi
	# shellcheck disable=SC2086
	load_start warm-$server 3s 4 $kinds
	load_wait warm-$server
	n=$(wait_responders "$procs" 10)
	if [ "$n" = "$procs" ]; then
		pass "$server: all $procs configured responders run"
	else
		fail "$server: all $procs configured responders run" "$n run"
	fi
	before=$(responders_now | wc -l)
	# shellcheck disable=SC2086
	load_start frozen-$server 60s 1 $kinds
	sleep 1
	frozen=$(responders_now | head -n 1)
	kill -STOP "$frozen"
	t0=$(date +%s%N)
	gone_ms=
	for _ in $(seq 1 150); do
		if ! kill -0 "$frozen" 2>/dev/null || [ "$(awk '{ print $3 }' "/proc/$frozen/stat" 2>/dev/null)" = Z ]; then
			gone_ms=$((($(date +%s%N) - t0) / 1000000))
			break
		fi
		sleep 0.1
	done
	[ -n "$gone_ms" ] || kill -CONT "$frozen" 2>/dev/null
	# lighttpd restarts every configured responder; mod_fcgid starts one
	# when the load needs it (here its 2 connections)
	want=$before
	[ "$server" = apache ] && want=2
	n=$(wait_responders "$want" 10)
	sleep 2 # the load goes on with the fresh responder
	load_stop frozen-$server
	lost=$((load_bad + load_sockerr))
	echo "fault-frozen: $server: responder $frozen stopped; gone after ${gone_ms:-(never)} ms; $n responders run after ($before before); $load_answers answers, $lost failed, p99 $load_p99 ms, slowest $(echo -n "$load_lines" | awk '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "max" && kv[2] + 0 > m) m = kv[2] } } END { print m + 0 }') ms"
	echo -n "$load_lines" | sed "s/^/fault-frozen: $server: /"
	if [ -n "$gone_ms" ] && [ "$n" -ge "$want" ]; then
		pass "$server: a stopped responder is killed by its guard after $gone_ms ms and replaced ($n run, $want wanted)"
	else
		fail "$server: a stopped responder is killed and replaced" "gone after ${gone_ms:-never} ms, $n run, $want wanted"
	fi
	frozen=
	if [ "$lost" -le 2 ] && [ "$load_answers" -gt 0 ]; then
		pass "$server: under load: $lost of $load_answers requests failed (at most those the stopped responder held)"
	else
		fail "$server: under load only the requests the stopped responder held fail" "$lost of $load_answers: $(echo -n "$load_lines" | tr '\n' ';')"
	fi
	kit_serve_stop || fail "$server: kit-serve stops" "$KIT_SERVE_ERROR"
done

# --- 3. lighttpd alone: read-timeout, no replacement
datadir=$work/datadir
mkdir -p "$datadir/contrib/lighttpd"
cp "$top_src/contrib/lighttpd/"* "$datadir/contrib/lighttpd/"
sed -i 's/^\([[:space:]]*"read-timeout"[[:space:]]*=>[[:space:]]*\)[0-9]*/\12/' "$datadir/contrib/lighttpd/kit.conf"
rundir=$work/run-noguard
server=lighttpd
if ! KIT_STALL_KILL_MS=0 KIT_DATADIR=$datadir kit_serve_start lighttpd "$app" "$rundir" --procs 2; then
	fail "lighttpd without the guard: kit-serve" "$KIT_SERVE_ERROR"
	exit "$failed"
fi
wait_responders 2 10 >/dev/null
frozen=$(responders_now | head -n 1)
kill -STOP "$frozen"
load_start noguard 6s 1 dynamic api
load_wait noguard
still=no
kill -0 "$frozen" 2>/dev/null && still=yes
kill -CONT "$frozen"
frozen=
echo "fault-frozen: lighttpd, no guard, read-timeout 2: $load_answers answers, $load_bad with another status (first: $(echo -n "$load_lines" | sed -n 's/.*first_bad=\([^ ]*\).*/\1/p' | grep -v '^-$' | head -n 1)), slowest $(echo -n "$load_lines" | sed -n 's/.* max=\([^ ]*\).*/\1/p' | sort -n | tail -n 1) ms; the stopped responder still there after 6 s: $still"
if [ "$load_bad" -gt 0 ] && [ "$still" = yes ] && grep -q 'read timeout' "$rundir/error.log"; then
	pass "lighttpd without the guard: read-timeout ends the stopped responder's requests (504), never replaces it"
else
	fail "lighttpd without the guard: read-timeout ends the stopped responder's requests" "$load_bad bad, still there: $still, error.log: $(grep -c 'read timeout' "$rundir/error.log")"
fi
kit_serve_stop || fail "kit-serve stops" "$KIT_SERVE_ERROR"
exit "$failed"
