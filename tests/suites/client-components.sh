#!/bin/bash
# client-components.sh — client components served by kit, in headless Chromium.
#
# kit-build builds a copy of examples/interactive (every React hook and API in
# client components rendered in mujs, Link and the router, Radix UI from npm),
# kit-serve serves it behind lighttpd, and tests/client/components.mjs drives
# /usr/bin/chromium with playwright-core (tests/client/node_modules, installed
# from tests/client/package-lock.json as client-runtime.sh does) over every
# page: zero recoverable errors, no console errors, the server's DOM nodes kept
# by hydration, clicks and state, navigations that keep layout state,
# back/forward, scroll, data-pending, prefetch timing, useSearchParams, and a
# stale X-RSC-Version across a real rebuild (409 → one full load). Then the
# same for examples/hello, and for examples/interactive again with
# fixtures/lazy-import's files over its own (React.lazy over import()).
#
# Last, tests/client/run.mjs (the runtime's own checks) runs with --base
# against tests/client/kit-app: pages.mjs's app written for kit.
#
# The example's npm dependencies (package-lock.json) are installed with npm ci
# into examples/interactive/node_modules when missing or not the locked ones.
# The apps are built in copies under $TMPDIR, so the rebuild can change the
# copy's source (src/stamp.ts) and the checkout is left as it was.
# SKIP when chromium or lighttpd is not installed, and for the checks
# tests/client/known-bugs.txt lists (known engine bugs; FAIL once they pass).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/http-suite.sh"
. "$KIT_TOP_SRCDIR/tests/lib/npm.sh"

node=${NODE:-node}
client_dir=$KIT_TOP_SRCDIR/tests/client
example=$KIT_TOP_SRCDIR/examples/interactive
toolchain=${KIT_NODE_MODULES:-$KIT_TOP_BUILDDIR/toolchain/node_modules}
chromium=${KIT_CHROMIUM:-/usr/bin/chromium}

[ -x "$chromium" ] || {
	echo "SKIP: client-components: $chromium is not installed (apt-get install chromium)"
	exit 0
}
[ -x "${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}" ] || {
	echo "SKIP: client-components: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
}
command -v "$node" >/dev/null || {
	fail client-components "node is not installed"
	exit 1
}
for p in kit-serve kit-build kit-fcgi; do
	[ -x "$KIT_TOP_BUILDDIR/$p" ] || {
		fail client-components "$KIT_TOP_BUILDDIR/$p is not built (run make)"
		exit 1
	}
done
for m in esbuild react react-dom react-server-dom-webpack; do
	[ -f "$toolchain/$m/package.json" ] || {
		fail client-components "$toolchain/$m is missing (make installs the toolchain)"
		exit 1
	}
done

suite_work client-components

if ! kit_npm_ci "$client_dir" "$work"; then
	fail "client-components: npm ci in tests/client" "$KIT_NPM_ERROR"
	exit 1
fi
[ -n "$KIT_NPM_INSTALLED" ] && pass "client-components: npm ci in tests/client"
# the example's own dependencies (the UI library), exactly the locked ones
if ! kit_npm_ci "$example" "$work"; then
	fail "client-components: npm ci in examples/interactive" "$KIT_NPM_ERROR"
	exit 1
fi
[ -n "$KIT_NPM_INSTALLED" ] && pass "client-components: npm ci in examples/interactive"

copy_app() { # copy_app SRC DEST: the app's sources (and node_modules) without its build
	local src=$1 dest=$2 f
	mkdir -p "$dest"
	for f in src public package.json tsconfig.json kit.config.json node_modules; do
		[ -e "$src/$f" ] && cp -a "$src/$f" "$dest/"
	done
	chmod -R a+rX "$dest"
}

build_app() { # build_app LABEL DIR
	if (cd "$2" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build-$1.log" 2>&1; then
		pass "client-components: kit-build $1"
		return 0
	fi
	fail "client-components: kit-build $1" "$(grep -m 3 -E '^(error|  fix)' "$work/kit-build-$1.log" | tr '\n' ' ')$(tail -n 2 "$work/kit-build-$1.log" | tr '\n' ' ')"
	return 1
}

# known_bugs: stdin's PASS/FAIL lines with tests/client/known-bugs.txt applied:
# a listed check that fails is a SKIP naming its bug, one that passes is a FAIL
# (the list is out of date), everything else as it was.
known_bugs() {
	awk -F '\t' -v list="$client_dir/known-bugs.txt" '
		BEGIN { while ((getline l < list) > 0) if (l !~ /^#/ && index(l, "\t")) { split(l, f, "\t"); bug[f[1]] = f[2] } }
		{
			line = $0; done = 0
			for (k in bug) {
				if (index(line, "FAIL: " k) == 1) { print "SKIP: " k ": known bug: " bug[k]; done = 1; break }
				if (line == "PASS: " k) { print "FAIL: " k ": passes now: delete its line from tests/client/known-bugs.txt"; done = 1; break }
			}
			if (!done) print line
		}'
}

# browse APP NAME [components.mjs args...]: components.mjs --app APP against
# the server running now, its lines labelled components/NAME/…
browse() {
	local app=$1 name=$2 left rc
	shift 2
	KIT_CHROMIUM=$chromium setsid "$node" "$client_dir/components.mjs" --base "$KIT_SERVE_BASE" --app "$app" --label "$name" "$@" \
		</dev/null >"$work/browse-$name.out" 2>"$work/browse-$name.err" &
	browser_sid=$!
	wait "$browser_sid"
	rc=$?
	grep -E '^(PASS|FAIL|SKIP): ' "$work/browse-$name.out" | known_bugs >"$work/browse-$name.lines"
	cat "$work/browse-$name.lines"
	grep -q '^FAIL: ' "$work/browse-$name.lines" && failed=1
	if [ "$rc" -ne 0 ]; then
		grep -q '^FAIL: ' "$work/browse-$name.out" ||
			fail "client-components: $name: components.mjs" "exited $rc: $(tail -n 20 "$work/browse-$name.err" "$work/browse-$name.out" | tr '\n' ' ' | cut -c1-1500)"
	fi
	left=$(browser_left)
	if [ -n "$left" ]; then
		fail "client-components: $name: the browser test leaves no process behind" "still running: $(ps -o pid=,args= -p "$(echo "$left" | paste -sd,)" | cut -c1-200 | tr '\n' ';')"
	fi
	stop_browser
}

serve_and_browse() { # serve_and_browse APP NAME DIR [components.mjs args...]
	local app=$1 name=$2 dir=$3
	shift 3
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
	if ! kit_serve_start lighttpd "$dir" "$work/run-$name"; then
		fail "client-components: $name: kit-serve starts" "$KIT_SERVE_ERROR"
		return
	fi
	browse "$app" "$name" "$@"
	check_stop "client-components: $name"
	unset KIT_FCGI
}

# --- examples/interactive --------------------------------------------------------
app=$work/interactive
copy_app "$example" "$app"
if build_app interactive "$app"; then
	# The 409 test rebuilds the served copy with another stamp (so another
	# version), replaces the responders (they load the build at start) and
	# waits until the new build answers.
	cat >"$work/rebuild.sh" <<-EOF
		set -e
		sed -i 's/build-1/build-2/' '$app/src/stamp.ts'
		cd '$app'
		'$KIT_TOP_BUILDDIR/kit-build' >'$work/kit-build-rebuild.log' 2>&1 || { tail -n 5 '$work/kit-build-rebuild.log' >&2; exit 1; }
		. '$KIT_TOP_SRCDIR/tests/lib/serve.sh'
		# the responders below this kit-serve (by command line: the binary may
		# have been relinked since they started)
		for entry in \$(_kit_tree "\$1"); do
			pid=\${entry%%:*}
			tr '\\0' ' ' <"/proc/\$pid/cmdline" 2>/dev/null | grep -q 'kit-fcgi' && kill -KILL "\$pid" 2>/dev/null || true
		done
		# five answers in a row from the new build (each responder is replaced)
		'$node' -e '
			const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
			(async () => {
				for (let i = 0, ok = 0; i < 200; i++) {
					const t = await fetch(process.argv[1]).then((r) => r.text(), () => "");
					ok = t.includes(">build-2<") ? ok + 1 : 0;
					if (ok === 5) process.exit(0);
					await sleep(100);
				}
				process.exit(1);
			})();' "\$2/section/a" && exit 0
		echo "the rebuilt app did not answer within 20 s: \$(tail -n 3 '$work/run-interactive/responder.log' 2>/dev/null | tr '\\n' ' ')" >&2
		exit 1
	EOF
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
	if kit_serve_start lighttpd "$app" "$work/run-interactive"; then
		browse interactive interactive --rebuild "bash '$work/rebuild.sh' $KIT_SERVE_PID $KIT_SERVE_BASE"
		check_stop "client-components: interactive"
	else
		fail "client-components: interactive: kit-serve starts" "$KIT_SERVE_ERROR"
	fi
	unset KIT_FCGI
fi

# --- React.lazy over import(): the app again with fixtures/lazy-import's files
# over its own (built apart, so that a build failure there hides nothing else)
lazy=$work/lazy-import
copy_app "$example" "$lazy"
cp "$example"/fixtures/lazy-import/src/components/* "$lazy/src/components/"
build_app lazy-import "$lazy" && serve_and_browse interactive lazy-import "$lazy" --only lazy

# --- examples/hello ------------------------------------------------------------------
hello=$work/hello
copy_app "$KIT_TOP_SRCDIR/examples/hello" "$hello"
build_app hello "$hello" && serve_and_browse hello hello "$hello"

# --- tests/client/run.mjs --base against kit --------------------------------------------
# tests/client/kit-app is pages.mjs's app written for kit (its client
# components: tests/client/app/widgets.tsx, copied in); run.mjs's checks run
# against kit's own answers, labelled client-on-kit/… (the two that need the
# stand-in server's answers skip themselves; their SKIP lines are not shown).
kapp=$work/kit-app
copy_app "$client_dir/kit-app" "$kapp"
cp "$client_dir/app/widgets.tsx" "$kapp/src/widgets.tsx"
if build_app client-kit-app "$kapp"; then
	export KIT_FCGI=$KIT_TOP_BUILDDIR/kit-fcgi
	if kit_serve_start lighttpd "$kapp" "$work/run-kit-app"; then
		KIT_CHROMIUM=$chromium KIT_NODE_MODULES=$toolchain setsid "$node" "$client_dir/run.mjs" --base "$KIT_SERVE_BASE" \
			--version "$(cat "$kapp/.kit/version")" </dev/null >"$work/run-on-kit.out" 2>"$work/run-on-kit.err" &
		browser_sid=$!
		wait "$browser_sid"
		rc=$?
		# (its SKIPs — checks of the stand-in server's own answers — are left
		# out: client-runtime.sh runs them)
		sed -n 's#^\(PASS\|FAIL\): client/#\1: client-on-kit/#p' "$work/run-on-kit.out" | known_bugs >"$work/run-on-kit.lines"
		cat "$work/run-on-kit.lines"
		grep -q '^FAIL: ' "$work/run-on-kit.lines" && failed=1
		if [ "$rc" -ne 0 ]; then
			grep -q '^FAIL: ' "$work/run-on-kit.out" ||
				fail "client-components: run.mjs --base (kit)" "exited $rc: $(tail -n 20 "$work/run-on-kit.err" "$work/run-on-kit.out" | tr '\n' ' ' | cut -c1-1500)"
		fi
		left=$(browser_left)
		[ -n "$left" ] && fail "client-components: run.mjs --base leaves no process behind" "still running: $left"
		stop_browser
		check_stop "client-components: client-kit-app"
	else
		fail "client-components: client-kit-app: kit-serve starts" "$KIT_SERVE_ERROR"
	fi
	unset KIT_FCGI
fi

exit $failed
