#!/bin/bash
# fault-diskfull.sh — a disk that fills during kit-build while the app is
# served under load (issue 18 item 5d; docs/fastcgi.md §12): examples/hello
# on a small tmpfs (root only; SKIP otherwise), built once and served by
# lighttpd (kit-serve --procs 4, contrib/ config) under the mixed load of
# tests/lib/load.lua (stored page, dynamic page, navigation, API route,
# action, 404, streaming page; one connection each). The disk is then
# filled to ~200 kB and /about changed: kit-build must fail saying the disk
# is full (ENOSPC, not the app's code: tests/suites/build-diskfull.sh checks
# each phase's wording), while the active version goes on answering — no
# request of the load may fail, /about still shows the first version — and
# once space is freed the same build publishes.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin fault-diskfull
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: fault-diskfull: needs root to mount a small tmpfs"
	exit 0
fi
. "$top_src/tests/lib/load.sh"
server=lighttpd load_need
suite_need curl "the checks of /about"
suite_work fault-diskfull
mnt=$work/mnt
mkdir -p "$mnt"
if ! mount -t tmpfs -o size=16m,mode=0755 tmpfs "$mnt" 2>"$work/mount.err"; then
	echo "SKIP: fault-diskfull: cannot mount a tmpfs here ($(head -c 200 "$work/mount.err"))"
	exit 0
fi
suite_at_exit 'kit_serve_stop >/dev/null 2>&1; mountpoint -q "$mnt" && umount "$mnt"'
app=$mnt/app
mkdir -p "$app"
tar -C "$top_src/examples/hello" --exclude=./.kit --exclude=./.kit-store --exclude='./.kit.*' -cf - . | tar -C "$app" -xf -
if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build0.log" 2>&1; then
	fail setup "kit-build of examples/hello on the tmpfs failed: $(tail -n 5 "$work/build0.log" | tr '\n' ' ')"
	exit 1
fi
rundir=$work/run
if ! kit_serve_start lighttpd "$app" "$rundir" --procs 4; then
	fail "kit-serve --procs 4" "$KIT_SERVE_ERROR"
	exit 1
fi
load_start diskfull 120s 1 stored dynamic nav api action notfound stream
sleep 1
# fill the disk, leaving ~200 kB
free_kb=$(df -k --output=avail "$mnt" | tail -n 1 | tr -d ' ')
dd if=/dev/zero of="$mnt/filler" bs=1k count=$((free_kb - 200)) status=none 2>/dev/null
sed -i 's|<h1>About</h1>|<h1>About</h1><p id="v">the second version</p>|' "$app/src/app/about/page.tsx"
KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build1.log" 2>&1
rc=$?
sleep 2 # the load goes on against the full disk
about=$(curl -s -w '\n%{http_code}' "$KIT_SERVE_BASE/about")
load_stop diskfull
echo "fault-diskfull: kit-build on a full disk: exit $rc: $(grep -m 1 '^error:' "$work/build1.log" | cut -c 1-200)"
echo -n "$load_lines" | sed 's/^/fault-diskfull: /'
if [ "$rc" != 0 ] && grep -q 'the disk is full (ENOSPC)' "$work/build1.log"; then
	pass "kit-build on a full disk fails saying so"
else
	fail "kit-build on a full disk fails saying so" "exit $rc: $(grep -iE 'error|fix' "$work/build1.log" | head -n 3 | tr '\n' ' ')"
fi
if [ "$(echo "$about" | tail -n 1)" = 200 ] && ! echo "$about" | grep -q 'the second version'; then
	pass "the active version still serves /about"
else
	fail "the active version still serves /about" "$(echo "$about" | tail -n 1): $(echo "$about" | grep -o 'the second version' | head -n 1)"
fi
if [ "$load_bad" = 0 ] && [ "$load_sockerr" = 0 ] && [ "$load_answers" -gt 0 ]; then
	pass "under load during the failed build: 0 of $load_answers requests failed"
else
	fail "under load during the failed build no request fails" "$load_bad bad, $load_sockerr socket errors of $load_answers: $(echo -n "$load_lines" | grep -v 'bad=0 sockerr=0' | tr '\n' ';')"
fi
rm -f "$mnt/filler"
if KIT_DATADIR=$top_src "$top_build/kit-build" "$app" >"$work/build2.log" 2>&1 &&
	for _ in $(seq 1 50); do curl -s "$KIT_SERVE_BASE/about" | grep -q 'the second version' && break; sleep 0.1; false; done; then
	pass "with space again, the same build publishes"
else
	fail "with space again, the same build publishes" "$(tail -n 3 "$work/build2.log" | tr '\n' ' ')"
fi
kit_serve_stop || fail "kit-serve stops" "$KIT_SERVE_ERROR"
exit "$failed"
