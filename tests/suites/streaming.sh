#!/bin/bash
# streaming.sh — Suspense streaming through real servers, timed, and the
# responder's memory after many streamed boundaries.
#
# 1. timing (lighttpd, then Apache mod_fcgid): kit-serve serves examples/hello;
#    tests/streaming/timing.mjs timestamps every chunk as it arrives and checks
#    /streaming (shell with both fallbacks before 600 ms, the 1 s boundary's HTML
#    completion and Flight row at 0.9-1.6 s, the 2 s one's at 1.9-2.8 s, 1 s
#    content first in the byte stream), the same page as a navigation
#    (X-RSC: true), and /slow (loading.tsx fallback first, the page after 1 s).
# 2. errors and memory (lighttpd, one responder): examples/streaming
#    /boundary-error (a boundary that throws in the shell: <!--$!--> with the
#    digest; one that throws later: an error completion; E rows with the
#    digests, never the messages). /many has 1,000
#    boundaries resolving after seeded random 0-500 ms. Every boundary must
#    arrive (HTML completion and row, no errors, </body></html>), and the
#    responder's VmRSS must come back to its baseline: after one warm-up run,
#    20 runs may add at most 8 MiB, and the last 10 runs at most 256 KiB over
#    the first 10 (a leak of a few dozen bytes per boundary shows there; the
#    peak of a 1,000-boundary render itself is set by the warm-up run).
# SKIP only when a server is not installed.
#
# kit ships a document's Flight rows only when its tree holds a client
# component; these pages have none, so the responders run with
# KIT_INLINE_FLIGHT=always (fcgi/README.md) to keep the rows in the document
# and check them. lighttpd passes its environment on to the responders;
# mod_fcgid does not, so there the responder is a two-line wrapper that sets
# it and execs kit-fcgi.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"

node=${NODE:-node}
timing=$KIT_TOP_SRCDIR/tests/streaming/timing.mjs
hello=$KIT_TOP_SRCDIR/examples/hello
streaming_app=$KIT_TOP_SRCDIR/examples/streaming

command -v "$node" >/dev/null || {
	fail streaming "node is not installed (the test client needs it)"
	exit 1
}
for p in kit-serve kit-build kit-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$p" ] || {
		fail streaming "$KIT_TOP_BUILDDIR/$p is not built (run make)"
		exit 1
	}
done

suite_work streaming
export KIT_INLINE_FLIGHT=always

inline_wrapper() { # inline_wrapper KIT_FCGI: prints a responder that runs it with KIT_INLINE_FLIGHT=always
	local w=$work/bin/kit-fcgi-inline
	mkdir -p "$work/bin"
	printf '#!/bin/sh\nKIT_INLINE_FLIGHT=always; export KIT_INLINE_FLIGHT\nexec %q "$@"\n' "$1" >"$w"
	chmod 0755 "$work/bin" "$w"
	echo "$w"
}

build_app() { # build_app DIR NAME
	if (cd "$1" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build-$2.log" 2>&1; then
		pass "streaming: kit-build examples/$2"
	else
		fail "streaming: kit-build examples/$2" "$(tail -n 5 "$work/kit-build-$2.log" | tr '\n' ' ')"
		return 1
	fi
}

# wait_ready: the first answer may take a responder start (mod_fcgid starts
# them on demand); timings are measured on warm responders only.
wait_ready() {
	local i code
	for i in $(seq 1 40); do
		code=$(http_get_status /)
		[ "$code" = 200 ] && return 0
		sleep 0.25
	done
	return 1
}

have_server() { # have_server lighttpd|apache: prints a SKIP line when missing
	case $1 in
	lighttpd)
		[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] && return 0
		echo "SKIP: streaming: lighttpd: lighttpd is not installed (apt-get install lighttpd)"
		;;
	apache)
		[ -x "${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}" ] && [ -f /usr/lib/apache2/modules/mod_fcgid.so ] && return 0
		echo "SKIP: streaming: apache: apache2 with mod_fcgid is not installed (apt-get install apache2 libapache2-mod-fcgid)"
		;;
	esac
	return 1
}

# 1. timing through lighttpd and Apache
timing_suite() { # timing_suite SERVER
	local server=$1 app=$hello kit_fcgi=$KIT_TOP_BUILDDIR/kit-fcgi
	if [ "$server" = apache ]; then
		app=$(stage_for "${KIT_SERVE_USER:-www-data}" "$work/stage-$server" "$hello")
		kit_fcgi=$(stage_for "${KIT_SERVE_USER:-www-data}" "$work/stage-$server" "$kit_fcgi")
	fi
	KIT_FCGI=$(inline_wrapper "$kit_fcgi")
	export KIT_FCGI
	# the sanitizer build (tests/lib/suite.sh): two responders, each warmed
	# by a request before the clock starts (under ASan a responder takes
	# seconds to load the runtime; eight loading at once on two cores
	# delayed the first timed answer by 4 s)
	if ! kit_serve_start "$server" "$app" "$work/run-$server" ${sanitized:+--procs 2}; then
		fail "streaming: $server: kit-serve starts" "$KIT_SERVE_ERROR"
		unset KIT_FCGI
		return
	fi
	if [ -n "$sanitized" ]; then
		curl -s -o /dev/null --max-time 60 "$KIT_SERVE_BASE/api/echo" &
		curl -s -o /dev/null --max-time 60 "$KIT_SERVE_BASE/api/echo"
		wait $!
	fi
	if wait_ready; then
		"$node" "$timing" --base "$KIT_SERVE_BASE" --label "$server" streaming-doc streaming-nav slow-doc ||
			failed=1
	else
		fail "streaming: $server: kit-serve answers GET / with 200" "got $(http_get_status /)"
	fi
	check_stop "streaming: $server"
	unset KIT_FCGI
}

# 2. 1,000 boundaries, and memory, through lighttpd with one responder
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null; }

memory_suite() {
	local pid started before after mid i rss=() first
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
	if ! kit_serve_start lighttpd "$streaming_app" "$work/run-memory" --procs 1; then
		fail "streaming: memory: kit-serve starts" "$KIT_SERVE_ERROR"
		unset KIT_FCGI
		return
	fi
	wait_ready || fail "streaming: memory: kit-serve answers GET / with 200" "got $(http_get_status /)"
	pid=$(kit_serve_responders)
	if [ -z "$pid" ] || [ "$(echo "$pid" | wc -l)" -ne 1 ]; then
		fail "streaming: memory: one responder below kit-serve --procs 1" "found: $(echo "$pid" | tr '\n' ' ')"
		check_stop "streaming: memory"
		unset KIT_FCGI
		return
	fi
	started=$(awk '{ sub(/^.*\) /, ""); print $20 }' "/proc/$pid/stat")
	"$node" "$timing" --base "$KIT_SERVE_BASE" --label lighttpd boundary-error || failed=1
	first=$(rss_kib "$pid")
	# the warm-up run checks the page too, and sets the memory's high-water mark
	"$node" "$timing" --base "$KIT_SERVE_BASE" --label lighttpd many || failed=1
	before=$(rss_kib "$pid")
	echo "  memory: responder $pid VmRSS $first KiB before the first /many, $before KiB after it (the baseline)"
	for i in $(seq 1 20); do
		"$node" "$timing" --base "$KIT_SERVE_BASE" --label lighttpd many >"$work/many-$i.log" 2>&1 ||
			{ grep '^FAIL' "$work/many-$i.log" | sed "s/^FAIL: lighttpd: /FAIL: lighttpd: run $i: /"; failed=1; break; }
		rss+=("$(rss_kib "$pid")")
	done
	if [ ${#rss[@]} -eq 20 ] && ldd "$KIT_FCGI" 2>/dev/null | grep -q 'libasan'; then
		pass "lighttpd: GET /many x20: every run complete"
		echo "SKIP: streaming: memory: VmRSS checks: kit-fcgi is an AddressSanitizer build (its quarantine holds freed memory)"
	elif [ ${#rss[@]} -eq 20 ]; then
		pass "lighttpd: GET /many x20: every run complete"
		after=${rss[19]} mid=${rss[9]}
		echo "  memory: VmRSS after 10 runs $mid KiB, after 20 runs $after KiB (per run: ${rss[*]})"
		if [ -z "$after" ]; then
			fail "streaming: memory: VmRSS after 20 runs of /many within 8 MiB of the baseline" "responder $pid is gone"
		elif [ $((after - before)) -le 8192 ]; then
			pass "streaming: memory: VmRSS after 20 runs of /many within 8 MiB of the baseline"
		else
			fail "streaming: memory: VmRSS after 20 runs of /many within 8 MiB of the baseline" \
				"baseline $before KiB, after 20 runs $after KiB (+$((after - before)) KiB)"
		fi
		if [ -n "$after" ] && [ $((after - mid)) -le 256 ]; then
			pass "streaming: memory: no growth from run to run (runs 11-20 add at most 256 KiB)"
		else
			fail "streaming: memory: no growth from run to run (runs 11-20 add at most 256 KiB)" \
				"VmRSS $mid KiB after 10 runs, $after KiB after 20: +$((after - mid)) KiB, ~$(((after - mid) * 1024 / 10 / 1000)) bytes per boundary per request (per run: ${rss[*]})"
		fi
	fi
	# (by pid and start time: a rebuilt kit-fcgi no longer matches by path)
	_kit_alive "$pid:$started" ||
		fail "streaming: memory: the responder survives the runs" "pid $pid is gone (crashed?); responders now: $(kit_serve_responders | tr '\n' ' ')"
	check_stop "streaming: memory"
	unset KIT_FCGI
}

build_app "$hello" hello || exit 1
build_app "$streaming_app" streaming || exit 1
have_server lighttpd && timing_suite lighttpd
have_server apache && timing_suite apache
have_server lighttpd && memory_suite
exit $failed
