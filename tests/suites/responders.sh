#!/bin/bash
# responders.sh — the responders lighttpd runs from contrib/lighttpd/kit.conf
# (docs/fastcgi.md §8, §11), on examples/hello behind kit-serve:
#
# 1. all configured responders start: --procs 8 gives 8 kit-fcgi processes
#    (lighttpd 1.4.69 starts "min-procs", default 4, and never more), and
#    eight concurrent /slow pages (1 s each) finish together, not in two
#    rounds;
# 2. kill -9 of a responder: lighttpd restarts it; the requests right after
#    it all answer 200, the slowest within 1.5 s (disable-time 1 s after
#    "connection refused", the other responders take the load);
# 3. a frozen responder (SIGSTOP, so its own watchdog is stopped too), with a
#    copy of contrib/lighttpd whose read-timeout is 2: its request ends with
#    an error status within a few seconds instead of hanging, and the other
#    responder keeps answering.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin responders
httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ]; then
	echo "SKIP: responders: lighttpd is not installed"
	exit 0
fi
suite_need curl "the requests"
suite_work responders
. "$top_src/tests/lib/serve.sh"
suite_at_exit 'kit_serve_stop >/dev/null 2>&1; [ -n "${frozen:-}" ] && kill -CONT "$frozen" 2>/dev/null'
app=$work/app
cp -R "$top_src/examples/hello/." "$app/"
rm -rf "$app/.kit" "$app/.kit-store"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of examples/hello failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi

# --- 1. every configured responder starts
if ! KIT_DATADIR=$top_src kit_serve_start lighttpd "$app" "$work/serve8" --procs 8; then
	fail "kit-serve --procs 8" "$KIT_SERVE_ERROR"
	exit 1
fi
n=0
for _ in $(seq 1 50); do
	n=$(kit_serve_responders | wc -l)
	[ "$n" -ge 8 ] && break
	sleep 0.1
done
if [ "$n" = 8 ]; then pass "--procs 8: 8 responders run"; else fail "--procs 8: 8 responders run" "$n run"; fi
curl -s -o /dev/null "$KIT_SERVE_BASE/slow"  # warm
t0=$(date +%s%N)
pids=()
for i in $(seq 1 8); do
	curl -s -m 20 -o "$work/slow$i" -w '%{http_code}\n' "$KIT_SERVE_BASE/slow?i=$i" >"$work/slow$i.code" &
	pids+=($!)
done
wait "${pids[@]}"  # (not a bare wait: kit-serve is a background job too)
ms=$((($(date +%s%N) - t0) / 1000000))
ok=$(cat "$work"/slow*.code | grep -c '^200$')
if [ "$ok" = 8 ] && [ "$ms" -lt 1900 ]; then
	pass "eight concurrent 1 s pages take $ms ms (one round)"
else
	fail "eight concurrent 1 s pages in one round" "$ok of 8 answered 200, $ms ms"
fi

# --- 2. kill -9 of a responder
victim=$(kit_serve_responders | head -n 1)
kill -9 "$victim"
worst=0 bad=0
for i in $(seq 1 40); do
	out=$(curl -s -m 20 -o /dev/null -w '%{http_code} %{time_total}' "$KIT_SERVE_BASE/whoami?k=$i")
	read -r st secs <<<"$out"
	[ "$st" = 200 ] || bad=$((bad + 1))
	ms=$(awk -v s="$secs" 'BEGIN { printf "%d", s * 1000 }')
	[ "$ms" -gt "$worst" ] && worst=$ms
done
n=$(kit_serve_responders | wc -l)
if [ "$bad" = 0 ] && [ "$worst" -lt 1500 ]; then
	pass "kill -9 of a responder: the next 40 requests all 200, the slowest $worst ms; $n responders run after"
else
	fail "kill -9 of a responder" "$bad of 40 failed, the slowest $worst ms"
fi
kit_serve_stop || fail "kit-serve stops" "$KIT_SERVE_ERROR"

# --- 3. a frozen responder, read-timeout 2 s
datadir=$work/datadir
mkdir -p "$datadir/contrib/lighttpd"
cp "$top_src/contrib/lighttpd/"* "$datadir/contrib/lighttpd/"
sed -i 's/^\([[:space:]]*"read-timeout"[[:space:]]*=>[[:space:]]*\)[0-9]*/\12/' "$datadir/contrib/lighttpd/kit.conf"
if ! grep -q '"read-timeout" *=> 2,' "$datadir/contrib/lighttpd/kit.conf"; then
	fail "read-timeout 2 in a copy of contrib/lighttpd/kit.conf" "no read-timeout line to change"
	exit "$failed"
fi
if ! KIT_DATADIR=$datadir kit_serve_start lighttpd "$app" "$work/serve2" --procs 2; then
	fail "kit-serve --procs 2 (read-timeout 2)" "$KIT_SERVE_ERROR"
	exit "$failed"
fi
frozen=$(kit_serve_responders | head -n 1)
kill -STOP "$frozen"
# the balancer sends some of these to the frozen one
t0=$(date +%s%N)
pids=()
for i in $(seq 1 4); do
	curl -s -m 20 -o /dev/null -w '%{http_code} %{time_total}\n' "$KIT_SERVE_BASE/whoami?f=$i" >"$work/frozen$i" &
	pids+=($!)
done
wait "${pids[@]}"
ms=$((($(date +%s%N) - t0) / 1000000))
codes=$(cat "$work"/frozen* | awk '{print $1}' | sort | tr '\n' ' ')
if [ "$ms" -lt 8000 ] && grep -q '^200 ' "$work"/frozen* && ! grep -q '^000 ' "$work"/frozen*; then
	pass "a frozen responder: every request answered within $ms ms (statuses $codes)"
else
	fail "a frozen responder: requests answered within the read-timeout" "$ms ms, statuses $codes"
fi
kill -CONT "$frozen"
frozen=
exit "$failed"
