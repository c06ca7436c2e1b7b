# tests/lib/backend-suite.sh — the common start of a suite that builds a copy
# of an app and runs it with a Python backend (sourced after setting
#   suite=NAME        the label of its PASS/FAIL/SKIP lines
#   app_src=PATH      the app to copy, relative to the source tree).
# Defines pass/fail (fail sets failed=1), checks node, python3 and lighttpd
# (SKIP without lighttpd), makes $work (removed at exit with kit-serve and
# $backend_pid stopped) and builds the copy at $app with kit-build.
set -u
top_src=${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_build=${KIT_TOP_BUILDDIR:-$top_src}
export KIT_TOP_SRCDIR=$top_src KIT_TOP_BUILDDIR=$top_build
export KIT_DATADIR=$top_src
. "$top_src/tests/lib/serve.sh"
node=${NODE:-node}
python=${PYTHON:-python3}

failed=0
pass() { echo "PASS: $suite: $1"; }
fail() {
	echo "FAIL: $suite: $1: $2"
	failed=1
}

for tool in "$node" "$python"; do
	command -v "$tool" >/dev/null || {
		fail setup "$tool is not installed"
		exit 1
	}
done
lighttpd=$(command -v lighttpd || ls /usr/sbin/lighttpd 2>/dev/null)
if [ -z "$lighttpd" ]; then
	echo "SKIP: $suite: lighttpd is not installed"
	exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/kit-$suite.XXXXXX") || exit 1
chmod 0755 "$work"
backend_pid=
cleanup() {
	kit_serve_stop
	[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null && wait "$backend_pid" 2>/dev/null
	[ -n "${KIT_KEEP_TMP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

app=$work/$(basename "$app_src")
cp -R "$top_src/$app_src" "$app"
rm -rf "$app/.kit"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of $app_src failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
