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
#   suite_app DIR            $work/app: a built copy of the app at DIR (npm ci first)
#   suite_browser_check F    run the Chromium check F (tests/lib/browser-check.mjs)
#   check NAME COMMAND...    PASS when COMMAND succeeds, else FAIL naming it
#   suite_end                exit 1 when anything failed, else 0
#
# It sets top_src and top_build (and exports them as KIT_TOP_SRCDIR and
# KIT_TOP_BUILDDIR, with KIT_DATADIR=top_src so that kit-serve and kit-build
# find the templates in the source tree), node (${NODE:-node}), failed=0,
# and sources serve.sh and npm.sh. TERM and INT end the suite through its EXIT trap
# (exit 143 and 130), so servers and browsers it started are stopped.
#
# In a build configured with --enable-sanitizers (ASan + UBSan), every
# sanitized program a suite starts (kit-build, kit.cgi, the kit-fcgi
# responders lighttpd and Apache spawn) writes its reports into one private
# directory (ASAN_OPTIONS/UBSAN_OPTIONS log_path, passed on to the responders
# by kit-serve); at exit, after the servers stopped, each report is a
# "FAIL: sanitizer: ..." line, and the reports are kept in
# tests/logs/sanitizer/SUITE/ of the build tree (tests/README.md).
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
. "$top_src/tests/lib/npm.sh"
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
# suite_app DIR: a copy of the app at $top_src/DIR in $work/app (no .kit,
# .kit-store), its npm packages installed first when it has a lock
# (tests/lib/npm.sh), then kit-build. FAIL and exit
# when any step fails. The build's output is in $work/build.log.
suite_app() {
	local src=$top_src/$1 app=$work/app
	if [ -f "$src/package-lock.json" ] && ! kit_npm_ci "$src" "$work"; then
		fail "npm ci of $1" "$KIT_NPM_ERROR"
		exit 1
	fi
	cp -R "$src" "$app"
	rm -rf "$app/.kit" "$app/.kit-store"
	if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
		fail "kit-build of $1" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
		exit 1
	fi
}

# suite_browser_check SCRIPT: runs $top_src/SCRIPT (a tests/lib/browser-check.mjs
# check) against $KIT_SERVE_BASE in headless Chromium, in a session of its own;
# SKIP without /usr/bin/chromium.
suite_browser_check() {
	if [ ! -x /usr/bin/chromium ]; then
		skip "the browser checks: /usr/bin/chromium is not installed"
		return
	fi
	if ! kit_npm_ci "$top_src/tests/client" "$work"; then
		fail "npm ci of tests/client (playwright-core)" "$KIT_NPM_ERROR"
		return
	fi
	setsid "$node" "$top_src/$1" "$KIT_SERVE_BASE" "$top_src/tests/client/node_modules/playwright-core" &
	browser_sid=$!
	wait "$browser_sid" || fail "browser check" "$1 exited with $?"
	stop_browser
}

# same_main URL NODE_FILE [latin]: the <main> of the page kit serves at URL
# (saved in $work/page.html) equals the one in NODE_FILE (react-dom's, from
# tests/compat/render-node.mjs); with latin, Arabic-Indic digits and
# separators count as Latin ones (ICU 72's Arabic, docs/intl.md)
same_main() {
	curl -s -o "$work/page.html" "$KIT_SERVE_BASE$1"
	"$node" -e '
		const fs = require("fs");
		// latin: Arabic-Indic digits and separators read as Latin ones
		const latin = (s) => process.argv[3] ? s.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/\u066b/g, ".").replace(/\u066c/g, ",") : s;
		const main = (s) => latin(s.slice(s.indexOf("<main"), s.lastIndexOf("</main>") + 7));
		const [a, b] = [main(fs.readFileSync(process.argv[1], "utf8")), main(fs.readFileSync(process.argv[2], "utf8"))];
		if (a === b && a.length > 100) process.exit(0);
		let i = 0;
		while (i < a.length && a[i] === b[i]) i++;
		console.error(`differs at ${i}: kit ${JSON.stringify(a.slice(i - 40, i + 80))} node ${JSON.stringify(b.slice(i - 40, i + 80))}`);
		process.exit(1);
	' "$work/page.html" "$2" "${3:-}"
}

# --- the sanitizer build: reports of every process, checked at exit.
# sanitized=1 there (else empty): a suite timing kit allows for ASan's and
# UBSan's cost (3-5x the time of a request).
_suite_san_dir= sanitized=
if [ -z "${KIT_SAN_LOG_DIR:-}" ] && [ -f "$top_build/Makefile" ] &&
	grep -q '^KIT_SAN_CFLAGS = -fsanitize' "$top_build/Makefile"; then
	# one directory per suite; mode 1777: Apache's responders run as www-data
	sanitized=1
	_suite_san_dir=$(mktemp -d "${TMPDIR:-/tmp}/kit-san.XXXXXX") || exit 1
	chmod 1777 "$_suite_san_dir"
	export KIT_SAN_LOG_DIR=$_suite_san_dir # a suite a suite starts (fuzz.sh) adds none of its own
	# later options win over earlier ones: the caller's (.ci/run's
	# abort_on_error, detect_leaks) stay, the log path is ours
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$_suite_san_dir/asan"
	export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}print_stacktrace=1:log_path=$_suite_san_dir/ubsan"
elif [ -n "${KIT_SAN_LOG_DIR:-}" ]; then
	sanitized=1
fi
# san_env: the sanitizer options as NAME=value words, for a suite that runs
# a program with `env -i` (empty outside the sanitizer build)
san_env=()
[ -z "$sanitized" ] || san_env=("ASAN_OPTIONS=${ASAN_OPTIONS:-}" "UBSAN_OPTIONS=${UBSAN_OPTIONS:-}")

# _suite_san_check: a FAIL per report (its first error line and the frame
# of kit's code nearest to it), the reports copied to tests/logs/sanitizer/.
_suite_san_check() {
	local f keep first where
	[ -n "$_suite_san_dir" ] || return 0
	keep=$top_build/tests/logs/sanitizer/$(basename "$0" .sh)
	rm -rf "$keep"
	for f in "$_suite_san_dir"/*; do
		[ -s "$f" ] || continue
		mkdir -p "$keep"
		cp "$f" "$keep/"
		first=$(grep -m 1 -E 'ERROR: [A-Za-z]*Sanitizer|runtime error' "$f")
		where=$(grep -m 1 -E '#[0-9]+ .* in .* /[^ ]*/(fcgi|render|build|store|regex|intl|mujs/src)/' "$f" | sed 's/^ *//')
		echo "FAIL: sanitizer: $(basename "$f"): ${first:-$(head -n 1 "$f")} ${where:+($where)} (report: tests/logs/sanitizer/$(basename "$keep")/$(basename "$f"))"
		failed=1
	done
	rm -rf "$_suite_san_dir"
	[ "$failed" = 0 ] || exit 1
}

_suite_cleanup() {
	local c
	for c in ${_suite_exit[@]+"${_suite_exit[@]}"}; do
		eval "$c"
	done
	stop_browser
	kit_serve_stop
	[ -z "$work" ] || [ -n "${KIT_KEEP_TMP:-}" ] || rm -rf "$work"
	_suite_san_check
}
trap _suite_cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

suite_end() {
	exit $failed
}
