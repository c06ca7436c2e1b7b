#!/bin/bash
# multi-server.sh — one app on two web servers behind a load balancer (issue
# 20 item 5; docs/deploy.md "Several servers"). examples/hello is built once
# (the "build machine", $work/app), copied to two directories and served by
# two lighttpd instances (kit-serve, the contrib/ configs) on two loopback
# ports, each under the mixed load of tests/lib/load.lua. A second version
# is built once and deployed to both with the procedure of docs/deploy.md:
# the copy into each server's staging directory and its browser files into
# the live .kit/static of both, then `kit-build --publish-from` on one
# server after the other. Asserted: no request fails on either server;
# while A runs the new version and B the old one, a page of A finds its
# browser files on B, and a navigation of A's page sent to B gets the 409
# and reload location the client follows (then B's page); both end on the
# new version (X-RSC-Version, the body of a stored and of a rendered page)
# without a responder restarting; `kit-build --rollback` on both brings the
# first version back on both.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin multi-server
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_work multi-server
load_app # the build machine: $work/app, built
kinds="stored dynamic nav api action notfound stream"

# stage SRV: the build machine's .kit/ and .kit-store/ copied into the
# server's staging directory (rsync -a --delete in docs/deploy.md; here a
# fresh copy), and its browser files added to the server's live
# .kit/static (hashed names: nothing there is replaced)
stage() {
	rm -rf "$work/stage-$1"
	mkdir -p "$work/stage-$1" "$work/srv-$1"
	cp -a "$app/.kit" "$app/.kit-store" "$work/stage-$1/" &&
		cp -a "$app/public" "$work/srv-$1/" &&
		if [ -d "$work/srv-$1/.kit/static" ]; then cp -a "$app/.kit/static/." "$work/srv-$1/.kit/static/"; fi
}
# switch SRV: the staged version becomes the server's active one
switch() {
	KIT_DATADIR=$top_src "$top_build/kit-build" --publish-from="$work/stage-$1" "$work/srv-$1" \
		>>"$work/switch-$1.log" 2>&1
}
# version_of BASE [PATH]: the X-RSC-Version a page of BASE answers with
version_of() {
	curl -s -o /dev/null -D - "$1${2:-/whoami}" | tr -d '\r' | sed -n 's/^[Xx]-[Rr][Ss][Cc]-[Vv]ersion: //p'
}
# serves BASE VERSION TEXT: within 5 s, /whoami (rendered) and /about
# (stored, answered by lighttpd) of BASE are VERSION's, and /about shows
# TEXT (or lacks "v2 of about" when TEXT is "-")
serves() {
	local page
	for _ in $(seq 1 50); do
		if [ "$(version_of "$1")" = "$2" ] && [ "$(version_of "$1" /about)" = "$2" ] &&
			page=$(curl -s -f "$1/about"); then
			if [ "$3" = - ]; then
				! echo "$page" | grep -q 'v2 of about' && return 0
			else
				echo "$page" | grep -q "$3" && return 0
			fi
		fi
		sleep 0.1
	done
	return 1
}
# on SRV: kit_serve_* act on that server's kit-serve
on() {
	local v=srv_pid_$1
	KIT_SERVE_PID=${!v}
}
# stop SRV: its kit-serve stopped (once)
stop() {
	local v=srv_pid_$1
	[ -n "${!v}" ] || return 0
	KIT_SERVE_PID=${!v}
	eval "srv_pid_$1="
	kit_serve_stop
}

# version 1 on both servers, before they start
v1=$(cat "$app/.kit/version")
for s in a b; do
	if ! stage $s || ! switch $s; then
		fail "setup: version 1 deployed to server $s" "$(tail -n 3 "$work/switch-$s.log" | tr '\n' ' ')"
		exit 1
	fi
done
for s in a b; do
	if ! kit_serve_start lighttpd "$work/srv-$s" "$work/run-$s" --procs 2; then
		fail "setup: kit-serve of server $s" "$KIT_SERVE_ERROR"
		exit 1
	fi
	eval "srv_pid_$s=\$KIT_SERVE_PID base_$s=\$KIT_SERVE_BASE"
	# shellcheck disable=SC2154  # set by the eval
	suite_at_exit "stop $s"
done
# shellcheck disable=SC2154
if [ "$(version_of "$base_a")" = "$v1" ] && [ "$(version_of "$base_b")" = "$v1" ] &&
	[ "$(version_of "$base_b" /about)" = "$v1" ]; then
	pass "two lighttpd instances (ports ${base_a##*:} and ${base_b##*:}) serve version $v1, each from its own copy"
else
	fail "two servers serve version 1" "A: $(version_of "$base_a"), B: $(version_of "$base_b"), B /about: $(version_of "$base_b" /about), built: $v1"
fi
on a
resp_a=$(responders_now | tr '\n' ' ')
on b
resp_b=$(responders_now | tr '\n' ' ')

# the load, spread over both servers
# shellcheck disable=SC2086
KIT_SERVE_BASE=$base_a load_start multi-a 180s 1 $kinds
# shellcheck disable=SC2086
KIT_SERVE_BASE=$base_b load_start multi-b 180s 1 $kinds
sleep 2

# version 2, built once: a changed stored page and a changed client component
# (a browser file of its own)
ls "$app/.kit/static" >"$work/static-v1"
sed -i 's|<h1>About</h1>|<h1>About</h1><p id="v">v2 of about</p>|' "$app/src/app/about/page.tsx"
sed -i 's|+1$|+1 (v2)|' "$app/src/components/counter.tsx"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build2.log" 2>&1; then
	fail "version 2 builds" "$(tail -n 3 "$work/build2.log" | tr '\n' ' ')"
	load_stop multi
	exit 1
fi
v2=$(cat "$app/.kit/version")
chunk=$(ls "$app/.kit/static" | grep '^counter-.*\.js$' | grep -vxFf "$work/static-v1" | head -n 1)
[ "$v2" != "$v1" ] && [ -n "$chunk" ] && pass "version 2 built once ($v2, new browser file $chunk)" ||
	fail "version 2 is a new version with a new browser file" "v1 $v1, v2 $v2, chunk '$chunk'"

# the check has teeth: before staging, server B lacks the new file
code=$(curl -s -o /dev/null -w '%{http_code}' "$base_b/_kit/static/$chunk")
[ "$code" = 404 ] && pass "before staging, server B answers 404 for $chunk" ||
	fail "before staging, server B lacks $chunk" "HTTP $code"

# a copy of the new .kit with a store of before that build is refused, and
# changes nothing
rm -rf "$work/stage-bad"
mkdir -p "$work/stage-bad"
cp -a "$app/.kit" "$work/stage-a/.kit-store" "$work/stage-bad/"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" --publish-from="$work/stage-bad" "$work/srv-a" \
	>"$work/bad.log" 2>&1 && grep -q "version $v2 was never published" "$work/bad.log" &&
	[ "$(version_of "$base_a")" = "$v1" ]; then
	pass "--publish-from a .kit/ whose .kit-store/ is older: refused ($(head -n 1 "$work/bad.log" | cut -c1-70)…), A still serves $v1"
else
	fail "--publish-from with a stale .kit-store is refused" "$(head -n 3 "$work/bad.log" | tr '\n' ' '); A serves $(version_of "$base_a")"
fi
# a copy cut short (a stored file missing) is refused, and changes nothing
rm -rf "$work/stage-bad"
mkdir -p "$work/stage-bad"
cp -a "$app/.kit" "$app/.kit-store" "$work/stage-bad/"
rm "$work/stage-bad/.kit-store/stored/$v2/about.html"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" --publish-from="$work/stage-bad" "$work/srv-a" \
	>"$work/bad.log" 2>&1 && grep -q "stored/$v2/about.html is missing" "$work/bad.log" &&
	[ "$(version_of "$base_a")" = "$v1" ] && [ ! -e "$work/srv-a/.kit-store/stored/$v2" ]; then
	pass "--publish-from a copy missing a stored file: refused, A still serves $v1, nothing of $v2 left in its store"
else
	fail "--publish-from an incomplete copy is refused" "$(head -n 3 "$work/bad.log" | tr '\n' ' '); A serves $(version_of "$base_a")"
fi
if ! KIT_DATADIR=$top_src "$top_build/kit-build" --publish-from="$work/no-such-dir" "$work/srv-a" >"$work/bad.log" 2>&1 &&
	grep -q 'cannot be opened' "$work/bad.log"; then
	pass "--publish-from a missing directory: refused"
else
	fail "--publish-from a missing directory is refused" "$(head -n 2 "$work/bad.log" | tr '\n' ' ')"
fi

# step 1, on every server: copy, browser files first; nothing switches
for s in a b; do
	stage $s || fail "version 2 staged on server $s" "the copy failed"
done
if [ "$(version_of "$base_a")" = "$v1" ] && [ "$(version_of "$base_b" /about)" = "$v1" ] &&
	[ "$(curl -s -o /dev/null -w '%{http_code}' "$base_b/_kit/static/$chunk")" = 200 ]; then
	pass "staged on both: both still serve $v1, and both have version 2's browser files"
else
	fail "staging switches nothing" "A $(version_of "$base_a"), B /about $(version_of "$base_b" /about)"
fi

# step 2, server after server: switch
if switch a && serves "$base_a" "$v2" 'v2 of about'; then
	pass "kit-build --publish-from on server A: A serves $v2 ($(grep Published "$work/switch-a.log" | tail -n 1))"
else
	fail "server A switches to version 2" "$(tail -n 3 "$work/switch-a.log" | tr '\n' ' '); A serves $(version_of "$base_a")"
fi
# a visitor between the two switches: A's new page, then server B (old)
page=$(curl -s "$base_a/interactive")
if echo "$page" | grep -q "$chunk" &&
	[ "$(curl -s -o /dev/null -w '%{http_code}' "$base_b/_kit/static/$chunk")" = 200 ]; then
	pass "A's /interactive links $chunk, and server B (still $v1) serves it"
else
	fail "A's page finds its browser files on B" "linked: $(echo "$page" | grep -c "$chunk"), B: $(curl -s -o /dev/null -w '%{http_code}' "$base_b/_kit/static/$chunk")"
fi
head=$(curl -s -o /dev/null -D - -H 'X-RSC: true' -H "X-RSC-Version: $v2" "$base_b/whoami" | tr -d '\r')
if echo "$head" | grep -q '^HTTP/1.1 409' && echo "$head" | grep -qi "^x-rsc-version: $v1" &&
	echo "$head" | grep -qi '^x-rsc-location: /whoami'; then
	pass "a navigation of A's page ($v2) sent to B: 409, X-RSC-Version $v1, X-RSC-Location /whoami (the client loads it whole)"
else
	fail "a navigation of version 2 on B gets 409" "$(echo "$head" | tr '\n' ' ')"
fi
head=$(curl -s -o /dev/null -D - -H 'X-RSC: true' -H "X-RSC-Version: $v2" "$base_b/about" | tr -d '\r')
echo "$head" | grep -q '^HTTP/1.1 409' &&
	pass "the same for a stored page lighttpd answers itself (/about): 409 from the responder" ||
	fail "a navigation of version 2 to B's stored /about gets 409" "$(echo "$head" | tr '\n' ' ')"
body=$(curl -s -D "$work/action.head" -H 'Content-Type: application/octet-stream' \
	-H 'X-RSC-Action: 91271c9df7c57e1b#echo' -H 'X-RSC-Content-Type: text/plain;charset=UTF-8' \
	-H "X-RSC-Version: $v2" -H 'X-RSC-Referer: /interactive' --data-binary '["load",1]' "$base_b/_rsc/action")
if grep -q '^HTTP/1.1 409' "$work/action.head" && grep -qi '^x-rsc-location: /interactive' "$work/action.head" &&
	echo "$body" | grep -q 'The app was updated'; then
	pass "an action of A's page sent to B: 409 (not run), X-RSC-Location /interactive"
else
	fail "an action of version 2 on B gets 409" "$(tr -d '\r' <"$work/action.head" | head -n 1) $body"
fi
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base_b/about")" = 200 ] && [ "$(version_of "$base_b" /about)" = "$v1" ]; then
	pass "the reload (a document, no version sent) gets B's page of $v1"
else
	fail "the reload on B answers 200" "$(version_of "$base_b" /about)"
fi
if switch b && serves "$base_b" "$v2" 'v2 of about'; then
	pass "kit-build --publish-from on server B: B serves $v2"
else
	fail "server B switches to version 2" "$(tail -n 3 "$work/switch-b.log" | tr '\n' ' '); B serves $(version_of "$base_b")"
fi
if serves "$base_a" "$v2" 'v2 of about' && serves "$base_b" "$v2" 'v2 of about'; then
	pass "both end on $v2 (X-RSC-Version of /whoami and of the stored /about, its body)"
else
	fail "both serve version 2" "A $(version_of "$base_a"), B $(version_of "$base_b")"
fi
on a
now_a=$(responders_now | tr '\n' ' ')
on b
now_b=$(responders_now | tr '\n' ' ')
[ "$now_a" = "$resp_a" ] && [ "$now_b" = "$resp_b" ] &&
	pass "no responder restarted (A: $now_a, B: $now_b): each picked the version up at its next request" ||
	fail "the responders stay" "A $resp_a -> $now_a, B $resp_b -> $now_b"

# a rollback, server after server
sleep 1
for s in a b; do
	base=base_$s
	if KIT_DATADIR=$top_src "$top_build/kit-build" --rollback "$work/srv-$s" >"$work/rollback-$s.log" 2>&1 &&
		serves "${!base}" "$v1" -; then
		pass "kit-build --rollback on server $s: it serves $v1 again"
	else
		fail "rollback on server $s" "$(tail -n 3 "$work/rollback-$s.log" | tr '\n' ' '); serves $(version_of "${!base}")"
	fi
done
sleep 1
load_stop multi
for f in "$work"/multi-[ab]-*.out; do
	f=${f##*/multi-}
	grep -h '^LOAD ' "$work/multi-$f" | sed "s/^/multi-server: server ${f%%-*}: /"
done
if [ "$load_bad" = 0 ] && [ "$load_sockerr" = 0 ] && [ "$load_answers" -gt 0 ]; then
	pass "two publishes and two rollbacks under load on two servers: 0 of $load_answers requests failed (p99 $load_p99 ms)"
else
	fail "no request fails while the servers switch" "$load_bad bad, $load_sockerr socket errors of $load_answers: $(echo -n "$load_lines" | grep -v 'bad=0 sockerr=0' | tr '\n' ';')"
fi
for s in a b; do
	stop $s || fail "kit-serve of server $s stops" "$KIT_SERVE_ERROR"
done
exit "$failed"
