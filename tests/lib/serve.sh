# tests/lib/serve.sh — start and stop kit-serve for a test or a benchmark (sourced).
#
#   kit_serve_start SERVER APP_DIR RUN_DIR [kit-serve options...]
#       starts $KIT_TOP_BUILDDIR/kit-serve in the background on a free loopback
#       port and waits until it answers; sets KIT_SERVE_PID, KIT_SERVE_PORT,
#       KIT_SERVE_BASE. Its output goes to RUN_DIR.log. Returns 1 (with the
#       reason in KIT_SERVE_ERROR) if it does not come up within
#       KIT_SERVE_START_SECS (default 30; kit-serve --dev builds first).
#   kit_serve_responders
#       prints the pids of the processes below the server that run the
#       responder binary ($KIT_FCGI or kit-fcgi), not counting kit-fcgi's
#       liveness guards (named kit-fcgi-guard, docs/fastcgi.md §12).
#   kit_serve_stop
#       SIGTERM to kit-serve, as Ctrl-C would; returns 1 (reason in
#       KIT_SERVE_ERROR) if it took longer than 20 s or left any process it
#       started running. Those are then killed, by pid.
#   kit_free_port
#       prints a port in 18000-18999 nobody listens on.
#   kit_httpd_start RUN_DIR [COMMAND_PREFIX...]
#       checks and starts apache2 ($APACHE2 or the one on PATH) with RUN_DIR/httpd.conf (which listens on
#       KIT_SERVE_PORT and logs to RUN_DIR/error.log) in the foreground of
#       its own session, the prefix (e.g. setpriv …) in front; waits up to
#       10 s for the port; sets KIT_SERVE_PID and KIT_SERVE_BASE. Returns 1
#       with the reason in KIT_SERVE_ERROR (the server stopped).
# Callers install `trap kit_serve_stop EXIT` (or call it from their own trap).

KIT_SERVE_PID= KIT_SERVE_PORT= KIT_SERVE_BASE= KIT_SERVE_ERROR=
_kit_serve_tree=() # "pid:starttime" of every process seen below kit-serve

_kit_port_open() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

kit_free_port() {
	local port i
	for i in $(seq 1 200); do
		port=$((18000 + RANDOM % 1000))
		_kit_port_open "$port" || {
			echo "$port"
			return 0
		}
	done
	return 1
}

# _kit_tree PID: "pid:starttime" of every process below PID.
_kit_tree() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v root="$1" '
		{ pid = $1; rest = $0; sub(/^.*\) /, "", rest); split(rest, f, " ")
		  parent[pid] = f[2]; started[pid] = f[20] }
		END { n = 0; queue[n++] = root
		      for (i = 0; i < n; i++)
		          for (pid in parent)
		              if (parent[pid] == queue[i]) { queue[n++] = pid; print pid ":" started[pid] } }'
}

_kit_alive() { # _kit_alive PID:STARTTIME
	local pid=${1%%:*} line fields
	read -r line 2>/dev/null <"/proc/$pid/stat" || return 1
	read -ra fields <<<"${line##*) }"
	[ "${fields[19]}" = "${1#*:}" ] && [ "${fields[0]}" != Z ]
}

kit_serve_start() {
	local server=$1 app=$2 run_dir=$3 attempt i
	shift 3
	KIT_SERVE_ERROR=
	for attempt in 1 2 3; do
		KIT_SERVE_PORT=$(kit_free_port) || {
			KIT_SERVE_ERROR="no free port in 18000-18999"
			return 1
		}
		KIT_SERVE_BASE=http://127.0.0.1:$KIT_SERVE_PORT
		KIT_SERVE_RUN_DIR=$run_dir \
			"$KIT_TOP_BUILDDIR/kit-serve" --server "$server" --port "$KIT_SERVE_PORT" "$@" "$app" \
			>"$run_dir.log" 2>&1 </dev/null &
		KIT_SERVE_PID=$!
		_kit_serve_tree=()
		for i in $(seq 1 $((${KIT_SERVE_START_SECS:-30} * 10))); do
			if ! kill -0 "$KIT_SERVE_PID" 2>/dev/null; then
				wait "$KIT_SERVE_PID" 2>/dev/null
				KIT_SERVE_PID=
				break
			fi
			_kit_port_open "$KIT_SERVE_PORT" && return 0
			sleep 0.1
		done
		if [ -n "$KIT_SERVE_PID" ]; then
			KIT_SERVE_ERROR="kit-serve did not answer on port $KIT_SERVE_PORT within ${KIT_SERVE_START_SECS:-30} s: $(tail -n 5 "$run_dir.log" | tr '\n' ' ')"
			kit_serve_stop
			return 1
		fi
		# Exited: lost a race for the port? Try another one; else report why.
		grep -q 'in use\|Address already in use\|could not bind' "$run_dir.log" "$run_dir/error.log" 2>/dev/null || break
	done
	KIT_SERVE_ERROR="kit-serve exited: $(tail -n 5 "$run_dir.log" | tr '\n' ' ')"
	return 1
}

kit_httpd_start() {
	local run=$1 httpd i
	shift
	httpd=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
	"$httpd" -t -f "$run/httpd.conf" >"$run/configtest.log" 2>&1 || {
		KIT_SERVE_ERROR="apache2 -t: $(tr '\n' ' ' <"$run/configtest.log")"
		return 1
	}
	setsid "$@" "$httpd" -f "$run/httpd.conf" -DFOREGROUND >"$run/console.log" 2>&1 </dev/null &
	KIT_SERVE_PID=$!
	for i in $(seq 1 100); do
		if _kit_port_open "$KIT_SERVE_PORT"; then
			KIT_SERVE_BASE=http://127.0.0.1:$KIT_SERVE_PORT
			return 0
		fi
		kill -0 "$KIT_SERVE_PID" 2>/dev/null || break
		sleep 0.1
	done
	KIT_SERVE_ERROR="apache2 did not come up: $(tail -n 3 "$run/error.log" "$run/console.log" 2>/dev/null | tr '\n' ' ')"
	kit_serve_stop
	return 1
}

kit_serve_responders() {
	local entry pid responder=${KIT_FCGI:-$KIT_TOP_BUILDDIR/kit-fcgi}
	[ -n "$KIT_SERVE_PID" ] || return 0
	responder=$(readlink -f "$responder")
	for entry in $(_kit_tree "$KIT_SERVE_PID"); do
		pid=${entry%%:*}
		[ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$responder" ] &&
			[ "$(cat "/proc/$pid/comm" 2>/dev/null)" != kit-fcgi-guard ] && echo "$pid"
	done
}

kit_serve_stop() {
	local i entry left=()
	KIT_SERVE_ERROR=
	[ -n "$KIT_SERVE_PID" ] || return 0
	# shellcheck disable=SC2207
	_kit_serve_tree=($(_kit_tree "$KIT_SERVE_PID"))
	kill -TERM "$KIT_SERVE_PID" 2>/dev/null
	for i in $(seq 1 200); do
		kill -0 "$KIT_SERVE_PID" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$KIT_SERVE_PID" 2>/dev/null; then
		KIT_SERVE_ERROR="kit-serve still running 20 s after SIGTERM"
		kill -KILL "$KIT_SERVE_PID" 2>/dev/null
	fi
	wait "$KIT_SERVE_PID" 2>/dev/null
	KIT_SERVE_PID=
	for entry in ${_kit_serve_tree[@]+"${_kit_serve_tree[@]}"}; do
		_kit_alive "$entry" && left+=("${entry%%:*}")
	done
	if [ ${#left[@]} -gt 0 ]; then
		KIT_SERVE_ERROR="${KIT_SERVE_ERROR:+$KIT_SERVE_ERROR; }still running after kit-serve exited: $(ps -o pid=,args= -p "$(
			IFS=,
			echo "${left[*]}"
		)" | tr '\n' ';')"
		kill -KILL "${left[@]}" 2>/dev/null
	fi
	[ -z "$KIT_SERVE_ERROR" ]
}

# kit_log_crashes ERROR_LOG: prints the lines of a web server's error log
# that say a responder or CGI program died of a crash signal (SIGILL, SIGABRT,
# SIGBUS, SIGFPE, SIGSEGV, SIGSYS) or tripped a sanitizer; nothing when none.
# lighttpd logs "child signalled: 11" at once; mod_fcgid logs "get
# unexpected signal 11" when it reaps the process (at the latest when Apache
# stops: call this after kit_serve_stop); mod_cgi(d) says "End of script
# output before headers" for a CGI program that died before its head.
# Apache's "AH00052: child pid N exit signal Segmentation fault" names one of
# Apache's own processes (an MPM child, the cgid daemon, fcgid's process
# manager: kit's processes are children of the last two, which never log it):
# while it serves, kit's answers might have crashed it, so it counts; once
# Apache logged that it is shutting down, no request is in flight and it is
# Apache's own teardown (seen once in CI, in cgi.sh: an Apache 2.4.71 process
# that segfaulted), so it does not.
kit_log_crashes() {
	[ -f "$1" ] || return 0
	awk '/AH00491: caught SIGTERM, shutting down|AH00492: caught SIGWINCH, shutting down/ { stopping = 1 }
		stopping && /AH00052: / { next }
		/child signalled: (4|6|7|8|11|31)$|unexpected signal (4|6|7|8|11|31)([^0-9]|$)|End of script output before headers|AddressSanitizer|runtime error:|Segmentation fault/' "$1" | head -n 5
}
