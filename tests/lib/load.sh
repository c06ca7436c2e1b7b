# tests/lib/load.sh — a mixed load on examples/hello behind kit-serve, for
# bench/soak.sh and the fault suites (tests/suites/fault-*.sh). Sourced after
# tests/lib/suite.sh (or with pass/fail/$work/$top_src/$top_build defined).
#
#   load_need                 SKIP (exit 0) without wrk or the web server $server
#   load_app                  $app: a built copy of examples/hello in $work/app
#   load_backend_start        examples/backend/app.py on a free port; exports
#                             RSC_BACKEND and RSC_HOST_CALL_SECRET (so the
#                             next kit-serve passes them to its responders)
#   load_start NAME DUR CONNS KIND[:COUNT[:STATUS]]...
#                             one wrk per KIND (tests/lib/load.lua) in the
#                             background, CONNS connections each, for DUR
#                             (wrk's -d) or until COUNT answers (0: no
#                             limit), expecting STATUS if given; the output
#                             of each goes to $work/NAME-KIND.out. Against
#                             $KIT_SERVE_BASE: with KIT_SERVE_BASE=… before
#                             each call, loads on several servers run
#                             together (NAME-a, NAME-b: load_wait NAME sums them)
#   load_stop NAME            ends them now (SIGINT: wrk prints what it
#                             measured), then as load_wait
#   load_wait NAME            waits for them (SIGINT to one whose COUNT was
#                             reached: load.lua writes its LOAD_MARK file); sets load_answers, load_bad,
#                             load_sockerr (sums), load_p99 (the worst p99 of
#                             the kinds, ms) and load_lines (one LOAD line per
#                             kind, tests/lib/load.lua)
#   proc_rss PID / proc_fds PID   VmRSS in kB / open file descriptors
#   server_pids               the web server's own processes (lighttpd; Apache's
#                             parent and children, not the responders)
#   responders_now            kit_serve_responders, sorted
#   wait_responders N [SECS]  waits until N responders run; prints the count

wrk=${WRK:-$(command -v wrk)}
load_pids=() load_marks=()

load_need() {
	if [ -z "$wrk" ]; then
		echo "SKIP: ${_suite_label}wrk is not installed (apt-get install wrk)"
		exit 0
	fi
	case ${server:-lighttpd} in
	lighttpd) PATH=$PATH:/usr/sbin command -v lighttpd >/dev/null || {
		echo "SKIP: ${_suite_label}lighttpd is not installed"
		exit 0
	} ;;
	apache) PATH=$PATH:/usr/sbin command -v apache2 >/dev/null || {
		echo "SKIP: ${_suite_label}apache2 is not installed"
		exit 0
	} ;;
	esac
}

load_app() {
	app=$work/app
	cp -R "$top_src/examples/hello" "$app"
	rm -rf "$app/.kit" "$app/.kit-store"
	if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
		fail setup "kit-build of examples/hello failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
		exit 1
	fi
}

backend_pid=
load_backend_start() {
	local port=
	RSC_HOST_CALL_SECRET=load-secret-$$ RSC_BACKEND_WORKERS=${LOAD_BACKEND_WORKERS:-8} PORT=0 \
		"${PYTHON:-python3}" "$top_src/examples/backend/app.py" >"$work/backend.out" 2>&1 &
	backend_pid=$!
	for _ in $(seq 1 100); do
		port=$(sed -n 's/^PORT //p' "$work/backend.out")
		[ -n "$port" ] && break
		sleep 0.1
	done
	if [ -z "$port" ]; then
		fail setup "the example backend did not start: $(head -c 300 "$work/backend.out")"
		exit 1
	fi
	export RSC_BACKEND=http://127.0.0.1:$port RSC_HOST_CALL_SECRET=load-secret-$$
	suite_at_exit '[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null; wait "$backend_pid" 2>/dev/null'
}

load_start() {
	local name=$1 dur=$2 conns=$3 k kind count status
	shift 3
	for k in "$@"; do
		IFS=: read -r kind count status <<<"$k"
		rm -f "$work/$name-$kind.done"
		LOAD_MARK=$work/$name-$kind.done \
			"$wrk" -t1 -c"$conns" -d"$dur" --latency --timeout 30s -s "$top_src/tests/lib/load.lua" \
			"$KIT_SERVE_BASE" -- "$kind" "${count:-0}" ${status:+"$status"} >"$work/$name-$kind.out" 2>&1 &
		load_pids+=($!)
		load_marks+=("$work/$name-$kind.done")
	done
}

load_stop() {
	kill -INT "${load_pids[@]}" 2>/dev/null
	load_wait "$1"
}

# waits for every wrk; one whose thread reached its COUNT (its LOAD_MARK
# file) is interrupted here, a tenth of a second later
load_wait() {
	local name=$1 f i left
	while :; do
		left=0
		for i in "${!load_pids[@]}"; do
			kill -0 "${load_pids[$i]}" 2>/dev/null || continue
			left=1
			[ -e "${load_marks[$i]}" ] && kill -INT "${load_pids[$i]}" 2>/dev/null
		done
		[ "$left" = 0 ] && break
		sleep 0.1
	done
	wait "${load_pids[@]}"
	load_pids=() load_marks=()
	load_lines=
	for f in "$work/$name"-*.out; do
		if grep -q '^LOAD ' "$f"; then
			load_lines+=$(grep '^LOAD ' "$f")$'\n'
		else
			load_lines+="LOAD kind=$(basename "$f" .out) answers=0 bad=0 sockerr=1 p50=0 p90=0 p99=0 p999=0 max=0 first_bad=wrk-failed:$(tail -n 2 "$f" | tr '\n' ' ')"$'\n'
		fi
	done
	read -r load_answers load_bad load_sockerr load_p99 < <(echo -n "$load_lines" | awk '
		{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		  a += v["answers"]; b += v["bad"]; s += v["sockerr"]; if (v["p99"] + 0 > p + 0) p = v["p99"] }
		END { printf "%d %d %d %s\n", a, b, s, p + 0 }')
}

proc_rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
proc_fds() { find "/proc/$1/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l; }

server_pids() {
	local p
	if [ "${server:-lighttpd}" = lighttpd ]; then
		cat "$rundir/lighttpd.pid" 2>/dev/null
	else
		p=$(cat "$rundir/httpd.pid" 2>/dev/null) || return 0
		echo "$p"
		pgrep -P "$p" -x apache2 2>/dev/null
	fi
}

responders_now() { kit_serve_responders | sort -n; }

wait_responders() {
	local want=$1 secs=${2:-10} n=0 i
	for i in $(seq 1 $((secs * 10))); do
		n=$(kit_serve_responders | wc -l)
		[ "$n" -ge "$want" ] && break
		sleep 0.1
	done
	echo "$n"
}
