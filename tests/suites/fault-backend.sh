#!/bin/bash
# fault-backend.sh — a failing backend under load (issue 18 item 5c;
# docs/rpc.md §4, docs/fastcgi.md §12). tests/backend/app behind lighttpd
# and Apache (kit-serve --procs 4, RSC_HOST_CALL_TIMEOUT_MS=1000) calling
# tests/lib/fault-backend.py, while /single (one uncaught rpc()) and the
# home page through the responder (no rpc()) are asked without pause (one
# connection each). The backend goes through four states, 4 s each:
#   garbage  (an HTML body)         /single answers 500 (HostFailure)
#   hang     (never answers)        504 after the 1 s rpc timeout, not later
#   down     (the process killed)   502 (ECONNREFUSED)
#   ok again (started again)        200 "Hello, kit!"
# Every /single answer in a state must carry that state's status, the
# slowest within the rpc timeout + 1.5 s (the hang) or 1.5 s (the others),
# and the home page must not fail at all. (tests/suites/backend.sh checks
# each kind once through kit.cgi, with the page's own view of the error.)
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-backend
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_need "${PYTHON:-python3}" "the stand-in backend"
suite_need curl "switching the backend's state"
suite_work fault-backend
app=$work/app
cp -R "$top_src/tests/backend/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of tests/backend/app failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
fb_pid=
suite_at_exit '[ -n "$fb_pid" ] && kill "$fb_pid" 2>/dev/null'
# fb_start [PORT]: the stand-in backend; sets fb_port
fb_start() {
	local i
	"${PYTHON:-python3}" "$top_src/tests/lib/fault-backend.py" "${1:-0}" >"$work/fb.out" 2>&1 &
	fb_pid=$!
	fb_port=
	for i in $(seq 1 50); do
		fb_port=$(sed -n 's/^PORT //p' "$work/fb.out" 2>/dev/null)
		[ -n "$fb_port" ] && return 0
		sleep 0.1
	done
	fail setup "the stand-in backend did not start: $(head -c 300 "$work/fb.out")"
	exit 1
}
fb_stop() {
	kill "$fb_pid" 2>/dev/null
	wait "$fb_pid" 2>/dev/null
	fb_pid=
}
fb_start
timeout_ms=1000

# state NAME STATUS LIMIT_MS: 4 s of load with the backend in that state
state() {
	local name=$1 status=$2 limit=$3 single home
	load_start "$name-$server" 4s 1 "single:0:$status" home
	load_wait "$name-$server"
	single=$(echo -n "$load_lines" | grep 'kind=single')
	home=$(echo -n "$load_lines" | grep 'kind=home')
	max=$(echo "$single" | sed -n 's/.* max=\([^ ]*\).*/\1/p')
	echo "fault-backend: $server: $name: $single"
	echo "fault-backend: $server: $name: $home"
	if echo "$single" | grep -q ' bad=0 sockerr=0 ' && ! echo "$single" | grep -q 'answers=0 ' &&
		awk -v m="$max" -v l="$limit" 'BEGIN { exit !(m < l) }'; then
		pass "$server: backend $name: every /single answered $status, the slowest in $max ms (< $limit)"
	else
		fail "$server: backend $name: /single answers $status within $limit ms" "$single"
	fi
	if echo "$home" | grep -q ' bad=0 sockerr=0 ' && ! echo "$home" | grep -q 'answers=0 '; then
		pass "$server: backend $name: the page without rpc() unaffected"
	else
		fail "$server: backend $name: the page without rpc() unaffected" "$home"
	fi
}

for server in lighttpd apache; do
	if [ "$server" = apache ] && ! PATH=$PATH:/usr/sbin command -v apache2 >/dev/null; then
		skip "apache: apache2 is not installed"
		continue
	fi
	rundir=$work/run-$server
	if ! RSC_BACKEND=http://127.0.0.1:$fb_port RSC_HOST_CALL_SECRET=fault-secret RSC_HOST_CALL_TIMEOUT_MS=$timeout_ms \
		kit_serve_start "$server" "$app" "$rundir" --procs 4; then
		fail "$server: kit-serve --procs 4" "$KIT_SERVE_ERROR"
		continue
	fi
	# mod_fcgid starts processes on demand (a request finding none idle
	# waits a second): a burst first makes the pool
	load_start warm-$server 2s 4 home
	load_wait warm-$server
	curl -s -o /dev/null "http://127.0.0.1:$fb_port/__mode?m=garbage"
	state garbage 500 1500
	curl -s -o /dev/null "http://127.0.0.1:$fb_port/__mode?m=hang"
	state hang 504 $((timeout_ms + 1500))
	fb_stop
	state down 502 1500
	fb_start "$fb_port"
	state "up again" 200 1500
	kit_serve_stop || fail "$server: kit-serve stops" "$KIT_SERVE_ERROR"
done
exit "$failed"
