#!/bin/bash
# fault-kill.sh — kill -9 of a responder under load (issue 18 item 5a;
# docs/fastcgi.md §12 "Failures and what the servers do"), behind lighttpd
# and Apache with the contrib/ configs (kit-serve --procs 8), on
# examples/hello:
#
# 1. a baseline: 3 s of mixed load reaching the responders (a dynamic page,
#    a navigation, an API route, an action; one connection each, fewer than
#    the responders: mod_fcgid makes a request that finds every process busy
#    wait whole seconds, docs/fastcgi.md §8; a first burst of twice as many
#    grows its pool), its p99;
# 2. the same load for 7 s, with kill -9 of one responder at 2 s and of
#    another at 4.5 s: at most the requests the killed ones held fail (one
#    each: with fewer connections than responders none queues on a busy
#    one), the killed ones are replaced (lighttpd: all configured run again;
#    mod_fcgid: on demand, at least two run after the load), and the
#    p99 of the run stays under 3x the baseline's (or under 250 ms, the
#    noise of a shared machine; 1.5 s behind Apache, whose mod_fcgid queues
#    a request for a whole second: the failure this catches is the 1-2 s
#    back-off after "connection refused").
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-kill
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_work fault-kill
load_app
procs=8 conns=1
kinds="dynamic nav api action"
nconns=$((conns * $(echo $kinds | wc -w)))

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
	# mod_fcgid starts responders on demand: a first burst of twice the
	# connections makes them (a pool with spare processes, as after a peak)
	load_start warm-$server 3s $((2 * conns)) $kinds
	load_wait warm-$server
	wait_responders "$procs" 10 >/dev/null
	# shellcheck disable=SC2086
	load_start base-$server 3s "$conns" $kinds
	load_wait base-$server
	base_p99=$load_p99 base_bad=$((load_bad + load_sockerr)) base_answers=$load_answers
	if [ "$base_bad" != 0 ]; then
		fail "$server: the baseline load answers" "$base_bad of $base_answers failed: $load_lines"
	fi

	before=$(responders_now | tr '\n' ' ')
	# shellcheck disable=SC2086
	load_start kill-$server 7s "$conns" $kinds
	sleep 2
	v1=$(responders_now | head -n 1)
	kill -KILL "$v1"
	sleep 2.5
	v2=$(echo "$before" | tr " " "\n" | grep -vxF -e "$v1" -e "" | tail -n 1)
	kill -KILL "$v2"
	load_wait kill-$server
	lost=$((load_bad + load_sockerr))
	# lighttpd restarts every configured responder; mod_fcgid starts them
	# on demand and ends idle ones when the load stops, so behind Apache
	# more than one must run (the load after the kills was answered: above)
	want=$procs
	[ "$server" = apache ] && want=2
	after=$(wait_responders "$want" 10)
	echo "fault-kill: $server: baseline $base_answers answers, p99 $base_p99 ms; with kill -9 of $v1 and $v2: $load_answers answers, $lost failed, p99 $load_p99 ms; responders before: $before, after: $(responders_now | tr '\n' ' ')"
	echo -n "$load_lines" | sed "s/^/fault-kill: $server: /"
	held=$((2 * ((nconns + procs - 1) / procs)))
	if [ "$lost" -le "$held" ] && [ "$load_answers" -gt 0 ]; then
		pass "$server: two kill -9 under load: $lost of $load_answers requests failed (at most the $held the killed responders held)"
	else
		fail "$server: two kill -9 under load lose only the requests the killed responders held" "$lost of $load_answers failed (allowed $held): $(echo -n "$load_lines" | tr '\n' ';')"
	fi
	# mod_fcgid makes a request that finds no idle process wait a whole
	# second (docs/fastcgi.md §8): on a busy machine a p99 near 1 s behind
	# Apache is that queue, not a lost responder; the 2 s back-off stays caught
	floor=250
	[ "$server" = apache ] && floor=1500
	if awk -v p="$load_p99" -v b="$base_p99" -v f="$floor" 'BEGIN { exit !(p < 3 * b || p < f) }'; then
		pass "$server: p99 under kill -9 $load_p99 ms against $base_p99 ms unloaded by faults (< 3x, or < $floor ms)"
	else
		fail "$server: p99 under kill -9 stays under 3x the baseline" "$load_p99 ms against $base_p99 ms"
	fi
	if [ "$after" -ge "$want" ] && ! responders_now | grep -qxF -e "$v1" -e "$v2"; then
		pass "$server: both killed responders replaced ($after run, $want wanted)"
	else
		fail "$server: both killed responders replaced" "$after run, $want wanted: $(responders_now | tr '\n' ' ')"
	fi
	kit_serve_stop || fail "$server: kit-serve stops" "$KIT_SERVE_ERROR"
done
exit "$failed"
