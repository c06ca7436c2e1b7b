# tests/lib/suite.sh — the start every suite of tests/suites/ shares.
#
# Sourced first thing:
#
#   . "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
#   suite_begin LABEL        pass/fail/skip print "PASS: LABEL: name" ("" = no prefix)
#   suite_work NAME          $work: a private directory (mode 0755, so that
#                            Apache's www-data can read what is staged there)
#                            under $TMPDIR, removed at exit unless KIT_KEEP_TMP
#   suite_at_exit 'command'  runs at exit, before $work goes (last added first)
#   suite_need TOOL WHY      FAIL and exit when TOOL is not on PATH
#   check NAME COMMAND...    PASS when COMMAND succeeds, else FAIL naming it
#   suite_end                exit 1 when anything failed, else 0
#
# It sets top_src and top_build (and exports them as KIT_TOP_SRCDIR and
# KIT_TOP_BUILDDIR, with KIT_DATADIR=top_src so that kit-serve and kit-build
# find the templates in the source tree), node (${NODE:-node}), failed=0,
# and sources serve.sh. TERM and INT end the suite through its EXIT trap
# (exit 143 and 130), so servers and browsers it started are stopped.
#
# A browser test runs in a session of its own (setsid CMD & browser_sid=$!),
# so that Chromium, which it starts, can be found and stopped by pid
# whatever happens to node: browser_left prints what still runs in that
# session, stop_browser kills it (the EXIT trap does too).

set -u
top_src=${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_build=${KIT_TOP_BUILDDIR:-$top_src}
export KIT_TOP_SRCDIR=$top_src KIT_TOP_BUILDDIR=$top_build
export KIT_DATADIR=$top_src
. "$top_src/tests/lib/serve.sh"
node=${NODE:-node}

failed=0
_suite_label=
_suite_exit=()
work=
browser_sid=

suite_begin() {
	_suite_label=${1:+$1: }
}
pass() { echo "PASS: $_suite_label$1"; }
fail() {
	echo "FAIL: $_suite_label$1: $2"
	failed=1
}
skip() { echo "SKIP: $_suite_label$1"; }
check() {
	local name=$1
	shift
	if "$@"; then pass "$name"; else fail "$name" "failed: $*"; fi
}

suite_at_exit() {
	_suite_exit=("$1" ${_suite_exit[@]+"${_suite_exit[@]}"})
}

suite_need() {
	command -v "$1" >/dev/null || {
		fail setup "$1 is not installed ($2)"
		exit 1
	}
}

suite_work() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/kit-$1.XXXXXX") || exit 1
	chmod 0755 "$work"
}

# pids still running (zombies are gone already) in the browser's session
browser_left() {
	[ -n "$browser_sid" ] && ps -o pid=,stat= -s "$browser_sid" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }'
}
stop_browser() {
	local left
	left=$(browser_left)
	# shellcheck disable=SC2086
	[ -n "$left" ] && kill -KILL $left 2>/dev/null
	browser_sid=
}
_suite_cleanup() {
	local c
	for c in ${_suite_exit[@]+"${_suite_exit[@]}"}; do
		eval "$c"
	done
	stop_browser
	kit_serve_stop
	[ -z "$work" ] || [ -n "${KIT_KEEP_TMP:-}" ] || rm -rf "$work"
}
trap _suite_cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

suite_end() {
	exit $failed
}
