#!/bin/bash
# streaming-limits.sh — the limits of a streamed answer through real servers
# (issue "Streaming" item 8): keep-alives, the render budget, a client that
# leaves, a component that never returns. Pages: examples/streaming
# (/keepalive, /budget, /budget-shell, /disconnect, /runaway); the checks are
# tests/streaming/limits.mjs (chunks timestamped as they arrive).
#
# 1. keep-alive and disconnect (lighttpd, one responder, KIT_KEEPALIVE_MS=500):
#    /keepalive holds a boundary for 3 s; a "<!--k-->" must arrive every
#    ~0.5 s between the shell and the completion, and nowhere else.
#    /disconnect is dropped by its client after 300 ms: the single responder
#    must answer the next request within 2 s of the drop and its late
#    component must never run (it console.logs into lighttpd's breakagelog,
#    responder.log in the run directory; a client that stays is the control);
#    the responder is the same process before and after.
# 2. keep-alive behind Apache mod_fcgid, where it matters: a copy of
#    contrib/apache with FcgidIOTimeout 2 (kit-serve renders the templates of
#    $KIT_DATADIR/contrib/apache, so the copy lives in this suite's temp dir).
#    With KIT_KEEPALIVE_MS=500 the 3 s wait survives; the control, the same
#    server with the default keep-alive (10 s), must be cut at 2 s (Apache
#    then appends its 500 page into the 200 body, docs/fastcgi.md §4).
#    mod_fcgid does not pass its environment on, so each responder is a
#    wrapper script that exports the variables and execs kit-fcgi.
# 3. render budget and runaway render (lighttpd, one responder,
#    KIT_RENDER_TIMEOUT_MS=1000): /budget (300 ms and 5 s boundaries) is
#    complete at ~1 s with an error completion $KX("B:n","KIT_RENDER_TIMEOUT")
#    and an E row for the 5 s one, as a document and as a navigation;
#    /budget-shell (the shell waits 5 s) answers 503 at ~1 s; /runaway
#    (while (true) {}) is stopped at the budget by mujs's interrupt (patch
#    0204, render/loop.c): the budget's 503, status and body as /budget-shell's,
#    at ~1 s, not kit-fcgi's watchdog at budget + 5 s. The worker goes on
#    serving after either 503: a GET / queued behind /budget-shell (sent 300 ms
#    into it) and a GET / sent right after /runaway's 503 are answered 200, the
#    responder is the same process from before /budget to after /runaway, and
#    responder.log has exactly one line saying the render budget ran out in a
#    loop, naming /runaway (and no watchdog line).
# The responders run with KIT_INLINE_FLIGHT=always (fcgi/README.md) so the
# documents carry their Flight rows (E rows included). SKIP only when a
# server is not installed.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"

node=${NODE:-node}
limits=$KIT_TOP_SRCDIR/tests/streaming/limits.mjs
streaming_app=$KIT_TOP_SRCDIR/examples/streaming

command -v "$node" >/dev/null || {
	fail streaming-limits "node is not installed (the test client needs it)"
	exit 1
}
for p in kit-serve kit-build kit-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$p" ] || {
		fail streaming-limits "$KIT_TOP_BUILDDIR/$p is not built (run make)"
		exit 1
	}
done

suite_work streaming-limits
export KIT_INLINE_FLIGHT=always
unset KIT_KEEPALIVE_MS KIT_RENDER_TIMEOUT_MS KIT_MAX_REQUESTS

have_server() { # have_server lighttpd|apache: prints a SKIP line when missing
	case $1 in
	lighttpd)
		[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] && return 0
		echo "SKIP: streaming-limits: lighttpd: lighttpd is not installed (apt-get install lighttpd)"
		;;
	apache)
		[ -x "${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}" ] && [ -f /usr/lib/apache2/modules/mod_fcgid.so ] && return 0
		echo "SKIP: streaming-limits: apache: apache2 with mod_fcgid is not installed (apt-get install apache2 libapache2-mod-fcgid)"
		;;
	esac
	return 1
}

# wait_ready: the first answer may take a responder start
wait_ready() {
	local i
	for i in $(seq 1 40); do
		[ "$(http_get_status /)" = 200 ] && return 0
		sleep 0.25
	done
	return 1
}

limits() { # limits LABEL [--log FILE] CHECK...
	local label=$1
	shift
	"$node" "$limits" --base "$KIT_SERVE_BASE" --label "$label" "$@" || failed=1
}

# env_wrapper NAME KIT_FCGI VAR=VALUE...: prints a responder that runs
# KIT_FCGI with those variables (for mod_fcgid, which passes no environment)
env_wrapper() {
	local w=$work/bin/$1 fcgi=$2 kv
	shift 2
	mkdir -p "$work/bin"
	{
		echo '#!/bin/sh'
		for kv in "$@"; do
			printf '%s=%q; export %s\n' "${kv%%=*}" "${kv#*=}" "${kv%%=*}"
		done
		printf 'exec %q "$@"\n' "$fcgi"
	} >"$w"
	chmod 0755 "$work/bin" "$w"
	echo "$w"
}

start_time() { awk '{ sub(/^.*\) /, ""); print $20 }' "/proc/$1/stat" 2>/dev/null; }

# single_responder LABEL: sets responder to "pid:starttime" of the one
# responder below kit-serve --procs 1 (a FAIL line and 1 if there is not one)
responder=
single_responder() {
	local pid
	responder=
	pid=$(kit_serve_responders)
	if [ -z "$pid" ] || [ "$(echo "$pid" | wc -l)" -ne 1 ]; then
		fail "$1: one responder below kit-serve --procs 1" "found: $(echo "$pid" | tr '\n' ' ')"
		return 1
	fi
	responder=$pid:$(start_time "$pid")
}

# 1. keep-alive and disconnect through lighttpd
lighttpd_keepalive() {
	local label="lighttpd (KIT_KEEPALIVE_MS=500)" run=$work/run-keepalive before
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi KIT_KEEPALIVE_MS=500
	if ! kit_serve_start lighttpd "$streaming_app" "$run" --procs 1; then
		fail "$label: kit-serve starts" "$KIT_SERVE_ERROR"
		unset KIT_FCGI KIT_KEEPALIVE_MS
		return
	fi
	unset KIT_KEEPALIVE_MS
	if ! wait_ready; then
		fail "$label: kit-serve answers GET / with 200" "got $(http_get_status /)"
	elif single_responder "$label"; then
		before=$responder
		limits "$label" keepalive
		limits "$label" --log "$run/responder.log" disconnect
		# (by pid and start time: kit_serve_responders matches the binary's
		# path, which a concurrent rebuild of kit-fcgi changes)
		if _kit_alive "$before"; then
			pass "$label: GET /disconnect: the same responder served every request (no restart)"
		else
			fail "$label: GET /disconnect: the same responder served every request (no restart)" \
				"responder ${before%%:*} is gone; responders now: $(kit_serve_responders | tr '\n' ' '); $(grep -v 'server started' "$run/error.log" | tail -n 3 | tr '\n' ' ')"
		fi
	fi
	check_stop "$label"
	unset KIT_FCGI
}

# 2. keep-alive behind mod_fcgid with a short FcgidIOTimeout, and the control
apache_keepalive() { # apache_keepalive with|without
	local mode=$1 app kit_fcgi datadir=$work/datadir-apache label run=$work/run-apache-$1 vars
	app=$(stage_for "${KIT_SERVE_USER:-www-data}" "$work/stage-apache" "$streaming_app")
	kit_fcgi=$(stage_for "${KIT_SERVE_USER:-www-data}" "$work/stage-apache" "$KIT_TOP_BUILDDIR/kit-fcgi")
	if [ ! -f "$datadir/contrib/apache/kit.conf" ]; then
		mkdir -p "$datadir/contrib/apache"
		cp "$KIT_TOP_SRCDIR/contrib/apache/httpd.conf" "$datadir/contrib/apache/"
		sed 's/^\([[:space:]]*FcgidIOTimeout[[:space:]]\+\).*/\12/' "$KIT_TOP_SRCDIR/contrib/apache/kit.conf" \
			>"$datadir/contrib/apache/kit.conf"
		grep -q '^[[:space:]]*FcgidIOTimeout[[:space:]]\+2$' "$datadir/contrib/apache/kit.conf" || {
			fail "apache: FcgidIOTimeout 2 in a copy of contrib/apache/kit.conf" "no FcgidIOTimeout line to change in contrib/apache/kit.conf"
			return
		}
	fi
	vars=(KIT_INLINE_FLIGHT=always)
	if [ "$mode" = with ]; then
		label="apache (FcgidIOTimeout 2, KIT_KEEPALIVE_MS=500)"
		vars+=(KIT_KEEPALIVE_MS=500)
	else
		label="apache (FcgidIOTimeout 2, default keep-alive)"
	fi
	KIT_FCGI=$(env_wrapper "kit-fcgi-$mode" "$kit_fcgi" "${vars[@]}")
	export KIT_FCGI
	if ! KIT_DATADIR=$datadir kit_serve_start apache "$app" "$run"; then
		fail "$label: kit-serve starts" "$KIT_SERVE_ERROR"
		unset KIT_FCGI
		return
	fi
	if ! grep -q '^[[:space:]]*FcgidIOTimeout[[:space:]]\+2$' "$run/kit.conf"; then
		fail "$label: the server runs with FcgidIOTimeout 2" "$run/kit.conf: $(grep FcgidIOTimeout "$run/kit.conf")"
	elif ! wait_ready; then
		fail "$label: kit-serve answers GET / with 200" "got $(http_get_status /)"
	elif [ "$mode" = with ]; then
		limits "$label" keepalive
	else
		limits "$label" --log "$run/error.log" keepalive-cut
	fi
	check_stop "$label"
	unset KIT_FCGI
}

# 3. the render budget and a runaway render through lighttpd
lighttpd_budget() {
	local label="lighttpd (KIT_RENDER_TIMEOUT_MS=1000)" run=$work/run-budget before now code
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi KIT_RENDER_TIMEOUT_MS=1000
	if ! kit_serve_start lighttpd "$streaming_app" "$run" --procs 1; then
		fail "$label: kit-serve starts" "$KIT_SERVE_ERROR"
		unset KIT_FCGI KIT_RENDER_TIMEOUT_MS
		return
	fi
	unset KIT_RENDER_TIMEOUT_MS
	if ! wait_ready; then
		fail "$label: kit-serve answers GET / with 200" "got $(http_get_status /)"
		check_stop "$label"
		unset KIT_FCGI
		return
	fi
	limits "$label" budget-doc budget-nav
	if grep -q 'the render budget ran out' "$run/responder.log"; then
		pass "$label: GET /budget: the responder logs that the budget ran out"
	else
		fail "$label: GET /budget: the responder logs that the budget ran out" "no such line in $run/responder.log"
	fi
	if single_responder "$label: before /budget-shell and /runaway"; then
		before=$responder
		limits "$label" budget-shell runaway
		code=$(http_get_status /)
		now=$(kit_serve_responders | tr '\n' ' ')
		if [ "$code" = 200 ] && _kit_alive "$before"; then
			pass "$label: GET /budget-shell, /runaway: the same responder (pid ${before%%:*}) serves the next requests"
		else
			fail "$label: GET /budget-shell, /runaway: the same responder serves the next requests" \
				"GET / → $code; responder ${before%%:*} $(_kit_alive "$before" && echo 'still running' || echo gone), responders now: ${now:-none}"
		fi
		loop_lines=$(grep -c 'the render budget (1000 ms) ran out in a loop' "$run/responder.log")
		if [ "$loop_lines" = 1 ] && grep -q 'kit: /runaway: the render budget (1000 ms) ran out in a loop' "$run/responder.log"; then
			pass "$label: GET /runaway: one log line says the render budget ran out in a loop in /runaway"
		else
			fail "$label: GET /runaway: one log line says the render budget ran out in a loop in /runaway" \
				"$loop_lines such lines in $run/responder.log: $(grep 'ran out in a loop' "$run/responder.log" | head -n 3 | tr '\n' ' ')"
		fi
		if grep -q 'kit-fcgi: a request ran for more than' "$run/responder.log"; then
			fail "$label: GET /runaway: the watchdog never fired" "$(grep 'kit-fcgi: a request ran for more than' "$run/responder.log" | head -n 1)"
		else
			pass "$label: GET /runaway: the watchdog never fired"
		fi
	fi
	# why a request was lost, if one was
	if grep -q 'response not received, request sent' "$run/error.log"; then
		echo "  $label: lighttpd's error log:"
		grep -v 'server started' "$run/error.log" | cut -c1-200 | sed 's/^/    /'
	fi
	check_stop "$label"
	unset KIT_FCGI
}

if (cd "$streaming_app" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
	pass "streaming-limits: kit-build examples/streaming"
else
	fail "streaming-limits: kit-build examples/streaming" "$(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
	exit 1
fi
have_server lighttpd && lighttpd_keepalive
if have_server apache; then
	apache_keepalive with
	apache_keepalive without
fi
have_server lighttpd && lighttpd_budget
exit "$failed"
