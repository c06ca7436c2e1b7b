#!/bin/bash
# fault-drain.sh — stopping under load drains what is in flight (issue 18
# item 5e; docs/fastcgi.md §8, §12), on examples/hello behind lighttpd and
# Apache with the contrib/ configs (kit-serve --procs 6), while an API route
# is asked without pause (one connection):
#
# 1. SIGTERM to the responders holding a slow page: three /streaming pages
#    (2 s, Suspense) in flight; the responders holding them (those with an
#    open connection on their FastCGI socket at three looks 0.3 s apart) get
#    SIGTERM: each page still completes 200 with its last boundary, the
#    responders exit once done and are replaced;
# 2. a graceful restart of the web server (lighttpd: SIGUSR1; Apache:
#    SIGUSR1, `apachectl graceful`) with three slow pages in flight: each
#    completes 200 with its last boundary, and the server answers after.
# The API route's failed requests are printed with each step; step 1 allows
# none: a terminated responder stops listening at once (refused, lighttpd and
# mod_fcgid send the next request to another responder; before, one queued
# on its socket was reset, a 500) and finishes what it holds. A burst of 8
# connections first grows mod_fcgid's pool: a request still waiting for a
# process when Apache restarts gracefully is cut (500, or the connection
# dropped; docs/fastcgi.md §12).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-drain
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_need curl "the slow pages"
suite_need ss "finding the busy responders (iproute2)"
suite_work fault-drain
load_app
procs=6

# slow_start NAME: three /streaming pages in the background
slow_pids=()
slow_start() {
	local i
	slow_pids=()
	for i in 1 2 3; do
		curl -s -m 30 -o "$work/$1-$i.body" -w '%{http_code}' "$KIT_SERVE_BASE/streaming?drain=$1-$i" >"$work/$1-$i.code" 2>/dev/null &
		slow_pids+=($!)
	done
}
# slow_done NAME: waits for them; sets ok to the number of complete 200 pages
slow_done() {
	local i
	ok=0
	wait "${slow_pids[@]}"
	for i in 1 2 3; do
		[ "$(cat "$work/$1-$i.code")" = 200 ] && sed 's/<!-- -->//g' "$work/$1-$i.body" | grep -q 'slow after 2000 ms' && ok=$((ok + 1))
	done
}
# busy: the responders with an open connection on one of this server's
# FastCGI sockets (below $rundir: lighttpd's kit-fcgi.sock-N, mod_fcgid's
# fcgid/PID.N)
busy() {
	ss -xpH 2>/dev/null | grep -F " $rundir/" | grep -F 'ESTAB' | grep -F '"kit-fcgi"' |
		grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u
}

for server in lighttpd apache; do
	if [ "$server" = apache ] && ! PATH=$PATH:/usr/sbin command -v apache2 >/dev/null; then
		skip "apache: apache2 is not installed"
		continue
	fi
	rundir=$work/run-$server
	if ! kit_serve_start "$server" "$app" "$rundir" --procs "$procs"; then
		fail "$server: kit-serve --procs $procs" "$KIT_SERVE_ERROR"
		continue
	fi
	load_start warm-$server 3s 8 dynamic  # (mod_fcgid: a pool of 6 processes)
	load_wait warm-$server
	curl -s -o /dev/null "$KIT_SERVE_BASE/streaming"

	# --- 1. SIGTERM to the responders holding the slow pages
	load_start term-$server 60s 1 api
	slow_start term-$server
	sleep 0.5
	held=$(busy)
	sleep 0.3
	held=$(comm -12 <(echo "$held") <(busy))
	sleep 0.3
	held=$(comm -12 <(echo "$held") <(busy) | grep . | tr '\n' ' ')
	# shellcheck disable=SC2086
	[ -n "$held" ] && kill -TERM $held
	slow_done term-$server
	sleep 1
	load_stop term-$server
	left=0
	# (a zombie is gone: mod_fcgid reaps its children every few seconds)
	for p in $held; do
		kill -0 "$p" 2>/dev/null && [ "$(awk '{ print $3 }' "/proc/$p/stat" 2>/dev/null)" != Z ] && left=$((left + 1))
	done
	n=$(wait_responders 1 5)
	echo "fault-drain: $server: SIGTERM to $(echo $held | wc -w) busy responders ($held): $ok of 3 slow pages complete; the API route: $load_answers answers, $((load_bad + load_sockerr)) failed, slowest $(echo -n "$load_lines" | sed -n 's/.* max=\([^ ]*\).*/\1/p') ms; $left of them still running after; $n responders run"
	if [ -n "$held" ] && [ "$ok" = 3 ] && [ "$left" = 0 ]; then
		pass "$server: SIGTERM to the responders holding 2 s pages: all 3 complete 200, the responders exit after"
	else
		fail "$server: SIGTERM drains the slow pages in flight" "${held:-no busy responder found}: $ok of 3 complete, $left still running: $(cat "$work"/term-$server-*.code | tr '\n' ' ')"
	fi
	if [ $((load_bad + load_sockerr)) = 0 ] && [ "$load_answers" -gt 0 ]; then
		pass "$server: under SIGTERM to busy responders the API route lost nothing ($load_answers answers)"
	else
		fail "$server: under SIGTERM to busy responders the API route loses nothing" "$((load_bad + load_sockerr)) of $load_answers failed: $load_lines"
	fi

	# --- 2. a graceful restart of the server
	# (step 1 ended responders: the pool is grown again, and the restart
	# waits until each slow page holds a responder, its shell arrived; a
	# page still waiting for a process is cut by Apache, see above)
	main_pid=$(cat "$rundir/$([ "$server" = lighttpd ] && echo lighttpd.pid || echo httpd.pid)")
	load_start rewarm-$server 2s 8 dynamic
	load_wait rewarm-$server
	load_start grace-$server 60s 1 api
	slow_start grace-$server
	for _ in $(seq 15); do
		[ -s "$work/grace-$server-1.body" ] && [ -s "$work/grace-$server-2.body" ] && [ -s "$work/grace-$server-3.body" ] && break
		sleep 0.1
	done
	sleep 0.2
	kill -USR1 "$main_pid"
	slow_done grace-$server
	sleep 1
	after=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/whoami")
	load_stop grace-$server
	echo "fault-drain: $server: graceful restart (SIGUSR1 to $main_pid): $ok of 3 slow pages complete; /whoami after: $after; the API route: $load_answers answers, $((load_bad + load_sockerr)) failed (first: $(echo -n "$load_lines" | sed -n 's/.*first_bad=\([^ ]*\).*/\1/p')), slowest $(echo -n "$load_lines" | sed -n 's/.* max=\([^ ]*\).*/\1/p') ms"
	if [ "$ok" = 3 ] && [ "$after" = 200 ]; then
		pass "$server: a graceful restart with 2 s pages in flight: all 3 complete 200, the server answers after"
	else
		fail "$server: a graceful restart drains the slow pages in flight" "$ok of 3 complete ($(cat "$work"/grace-$server-*.code | tr '\n' ' ')), /whoami after: $after"
	fi
	kit_serve_stop || fail "$server: kit-serve stops" "$KIT_SERVE_ERROR"
done
exit "$failed"
