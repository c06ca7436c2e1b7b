# tests/lib/backend-suite.sh — the common start of a suite that builds a copy
# of an app and runs it with a Python backend (sourced after setting
#   suite=NAME        the label of its PASS/FAIL/SKIP lines
#   app_src=PATH      the app to copy, relative to the source tree).
# Defines pass/fail (fail sets failed=1), checks node, python3 and lighttpd
# (SKIP without lighttpd), makes $work (removed at exit with kit-serve and
# $backend_pid stopped) and builds the copy at $app with kit-build.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin "$suite"
python=${PYTHON:-python3}
suite_need "$node" "the checks need it"
suite_need "$python" "the backend needs it"
lighttpd=$(command -v lighttpd || ls /usr/sbin/lighttpd 2>/dev/null)
if [ -z "$lighttpd" ]; then
	echo "SKIP: $suite: lighttpd is not installed"
	exit 0
fi

suite_work "$suite"
backend_pid=
suite_at_exit '[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null && wait "$backend_pid" 2>/dev/null'

app=$work/$(basename "$app_src")
cp -R "$top_src/$app_src" "$app"
rm -rf "$app/.kit"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of $app_src failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
