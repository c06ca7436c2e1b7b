#!/bin/bash
# fault-publish.sh — kit-build publishing a new version, and a rollback,
# under load (issue 18 item 5b; docs/build-output.md, docs/fastcgi.md §12):
# examples/hello behind lighttpd and Apache (kit-serve --procs 4, the
# contrib/ configs) under the mixed load of tests/lib/load.lua (a stored
# page, a dynamic page, a navigation, an API route, an action, a 404, a
# streaming page; one connection each). While it runs, /about is changed
# and kit-build publishes the new version, then `kit-build --rollback`
# makes the first one active again. Zero requests may fail, and the served
# /about must show each version in turn.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-publish
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_work fault-publish
load_app
kinds="stored dynamic nav api action notfound stream"
about=$app/src/app/about/page.tsx
cp "$about" "$work/about.orig"

# about_says TEXT: /about shows TEXT within 5 s (the web server's stored
# page follows the active version within a second)
about_says() {
	for _ in $(seq 1 50); do
		curl -s "$KIT_SERVE_BASE/about" | grep -q "$1" && return 0
		sleep 0.1
	done
	return 1
}
# about_lacks TEXT: /about answers 200 without TEXT within 5 s
about_lacks() {
	local page
	for _ in $(seq 1 50); do
		page=$(curl -s -f "$KIT_SERVE_BASE/about") && ! echo "$page" | grep -q "$1" && return 0
		sleep 0.1
	done
	return 1
}

for server in lighttpd apache; do
	if [ "$server" = apache ] && ! PATH=$PATH:/usr/sbin command -v apache2 >/dev/null; then
		skip "apache: apache2 is not installed"
		continue
	fi
	cp "$work/about.orig" "$about"
	KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build0-$server.log" 2>&1 ||
		fail "$server: kit-build of the first version" "$(tail -n 3 "$work/build0-$server.log")"
	rundir=$work/run-$server
	if ! kit_serve_start "$server" "$app" "$rundir" --procs 4; then
		fail "$server: kit-serve --procs 4" "$KIT_SERVE_ERROR"
		continue
	fi
	# shellcheck disable=SC2086
	load_start publish-$server 120s 1 $kinds
	sleep 2
	sed -i "s|<h1>About</h1>|<h1>About</h1><p id=\"v\">published under load ($server)</p>|" "$about"
	t0=$(date +%s%N)
	KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build1-$server.log" 2>&1
	rc=$?
	build_ms=$((($(date +%s%N) - t0) / 1000000))
	if [ "$rc" = 0 ] && about_says "published under load ($server)"; then
		pass "$server: kit-build published a new version under load ($build_ms ms), /about shows it"
	else
		fail "$server: kit-build publishes under load" "exit $rc: $(tail -n 3 "$work/build1-$server.log" | tr '\n' ' ')"
	fi
	sleep 2
	KIT_DATADIR=$top_src "$top_build/kit-build" --rollback "$app" >"$work/rollback-$server.log" 2>&1
	rc=$?
	if [ "$rc" = 0 ] && about_lacks 'published under load'; then
		pass "$server: kit-build --rollback under load: $(grep -m 1 'is active' "$work/rollback-$server.log")"
	else
		fail "$server: kit-build --rollback under load" "exit $rc: $(tail -n 3 "$work/rollback-$server.log" | tr '\n' ' ')"
	fi
	sleep 1
	load_stop publish-$server
	echo -n "$load_lines" | sed "s/^/fault-publish: $server: /"
	# Apache: one socket error is let pass (never a bad answer). CI once saw
	# 1 of 48,226 (the stored page's keep-alive connection, closed before an
	# answer: a browser sends such a request again, RFC 9112 §9.3.1, wrk
	# counts it); not reproduced here in 6 runs of this suite nor in 3,519
	# version switches under wrk (docs/fastcgi.md §12).
	sockerr_allowed=0
	[ "$server" = apache ] && sockerr_allowed=1
	if [ "$load_bad" = 0 ] && [ "$load_sockerr" -le "$sockerr_allowed" ] && [ "$load_answers" -gt 0 ]; then
		pass "$server: a publish and a rollback under load: 0 of $load_answers requests failed, $load_sockerr socket errors (p99 $load_p99 ms)"
	else
		fail "$server: a publish and a rollback under load fail no request" "$load_bad bad, $load_sockerr socket errors of $load_answers: $(echo -n "$load_lines" | grep -v 'bad=0 sockerr=0' | tr '\n' ';')"
	fi
	kit_serve_stop || fail "$server: kit-serve stops" "$KIT_SERVE_ERROR"
done
exit "$failed"
