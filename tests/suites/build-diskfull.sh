#!/bin/bash
# build-diskfull.sh — kit-build on a full disk: examples/hello built on small
# tmpfs mounts (root only; skipped otherwise), so that the disk fills in a
# different phase each time (the toolchain's bundles, the prerendered pages,
# the web server's page tree). Every failure must say the disk is full
# (ENOSPC), which file or directory, and that the app's code is not at fault
# — never "the toolchain crashed" or a fix to the code — and must leave .kit/
# as it was.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin build-diskfull
if [ "$(id -u)" != 0 ]; then
	echo "SKIP: build-diskfull: needs root to mount a small tmpfs"
	exit 0
fi
suite_work build-diskfull
mnt=$work/mnt
mkdir -p "$mnt"
if ! mount -t tmpfs -o size=600k tmpfs "$mnt" 2>"$work/mount.err"; then
	echo "SKIP: build-diskfull: cannot mount a tmpfs here ($(head -c 200 "$work/mount.err"))"
	exit 0
fi
umount "$mnt"
suite_at_exit 'mountpoint -q "$mnt" && umount "$mnt"'

failures=0
for size in 600k 1200k 1800k 2200k; do
	mount -t tmpfs -o "size=$size" tmpfs "$mnt"
	# the sources only (a build in the source tree leaves .kit/ there)
	tar -C "$top_src/examples/hello" --exclude=./.kit --exclude=./.kit-store --exclude='./.kit.*' -cf - . | tar -C "$mnt" -xf -
	KIT_DATADIR=$top_src "$top_build/kit-build" "$mnt" >"$work/build-$size.log" 2>&1
	rc=$?
	log=$work/build-$size.log
	if [ "$rc" = 0 ]; then
		echo "note: build-diskfull: $size was enough for the whole build"
	elif grep -q 'the disk is full (ENOSPC)' "$log" && grep -q "the app's code is not at fault" "$log" &&
		grep -q "$mnt" "$log" && ! grep -qiE 'toolchain crashed|rewrite the construct|kit bug|correct the code' "$log" &&
		[ ! -e "$mnt/.kit" ]; then
		failures=$((failures + 1))
		pass "a disk full at $size: $(grep -m 1 '^error:' "$log" | cut -c 1-160)"
	else
		fail "a disk full at $size says so" "exit $rc: $(grep -v '^  *at ' "$log" | grep -iE 'error|fix' | head -n 4 | tr '\n' ' ' | cut -c 1-600)"
	fi
	umount "$mnt"
done
if [ "$failures" -ge 2 ]; then
	pass "$failures of 4 sizes filled the disk during the build"
else
	fail "the sizes fill the disk during the build" "only $failures did (the app grew? lower the sizes)"
fi
exit "$failed"
