#!/bin/bash
# kit-new.sh — `kit-new NAME` writes an app that works at once, from an
# installed kit.
#
# kit is installed with `make install DESTDIR=$work/root` (a staged install
# the tools must find their data in by themselves: kit-build, kit-serve and
# kit-new look in ../share/kit beside their directory; KIT_DATADIR and
# KIT_TOP_BUILDDIR are unset for them). Then, in a scratch directory:
# kit-new refuses bad names and a non-empty directory; `kit-new demo` writes
# the files, the .gitignore and package.json's scripts; tsc from the
# installed toolchain type-checks the app before and after a build, and
# fails on a Link to a route the app does not have and on a React type
# error (so the types are real, not `any`); `kit-serve --dev` serves it on a
# free loopback port: / (200, the home page's text), /api/hello (JSON), the
# counter hydrates and counts clicks in headless Chromium
# (tests/kit-new/check.mjs), a Link navigates; then `kit-build` exits 0 and
# stores the home page.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin kit-new
suite_need node "kit-build and tsc need it"
suite_need curl "the HTTP checks"
suite_work kit-new

# --- install into a staging root
root=$work/root
if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$top_build" install DESTDIR="$root" >"$work/install.log" 2>&1; then
	fail "make install DESTDIR" "$(tail -n 5 "$work/install.log" | tr '\n' ' ')"
	exit 1
fi
kit_new=$(find "$root" -path '*/bin/kit-new' -type f | head -n 1)
if [ -z "$kit_new" ]; then
	fail "make install DESTDIR" "no bin/kit-new under $root"
	exit 1
fi
bin=${kit_new%/kit-new}
share=$(cd "$bin/../share/kit" 2>/dev/null && pwd -P)
pass "make install DESTDIR puts kit-new beside kit-build ($bin)"
# the installed tools, with nothing pointing them at the source or build tree
clean_env=(env -u KIT_DATADIR -u KIT_TOP_BUILDDIR -u KIT_TOP_SRCDIR -u KIT_FCGI -u KIT_BUILD)
installed() { "${clean_env[@]}" "$@"; }

scratch=$work/apps
mkdir -p "$scratch"
cd "$scratch" || exit 1

# --- names and directories it refuses
refuses() { # refuses LABEL PATTERN NAME: kit-new NAME fails saying PATTERN
	local label=$1 pattern=$2 out rc=0
	shift 2
	out=$(installed "$kit_new" "$@" 2>&1) || rc=$?
	if [ "$rc" -ne 0 ] && grep -qF -- "$pattern" <<<"$out"; then
		pass "kit-new refuses $label"
	else
		fail "kit-new refuses $label" "exit $rc: $out"
	fi
}
refuses "an uppercase name" "use lowercase letters" MyApp
refuses "a path" "not a path" a/b
refuses "a name starting with '.'" "must start with" .hidden
refuses "a name with a space" "only lowercase letters" "my app"
refuses "no name" "usage: kit-new" ""
mkdir taken && echo keep >taken/notes.txt
refuses "a non-empty directory" "'taken' exists and is not empty" taken
check "kit-new leaves a non-empty directory as it was" \
	bash -c '[ "$(ls -A taken)" = notes.txt ] && [ "$(cat taken/notes.txt)" = keep ]'
: >a-file
refuses "a file of that name" "'a-file' exists and is not a directory" a-file
mkdir empty
check "kit-new writes into an existing empty directory" \
	bash -c "$(printf '%q ' "${clean_env[@]}" "$kit_new" empty) >/dev/null && [ -f empty/src/app/page.tsx ]"
check "kit-new leaves no temporary directory behind" bash -c '! ls -A | grep -q "\.tmp-"'

# --- the app
if ! installed "$kit_new" demo >"$work/kit-new.out" 2>&1; then
	fail "kit-new demo" "$(cat "$work/kit-new.out")"
	exit 1
fi
pass "kit-new demo"
app=$scratch/demo
missing=
for f in package.json tsconfig.json .gitignore README.md src/app/layout.tsx src/app/page.tsx \
	src/app/counter.tsx src/app/about/page.tsx src/app/api/hello/route.ts public/favicon.svg; do
	[ -f "$app/$f" ] || missing="$missing $f"
done
check "the app has its files${missing:+ (missing:$missing)}" test -z "$missing"
check "the client component is a 'use client' module" grep -qx "'use client';" "$app/src/app/counter.tsx"
check ".gitignore lists .kit/, .kit-store/ and node_modules/" \
	bash -c "grep -qx '.kit/' '$app/.gitignore' && grep -qx '.kit-store/' '$app/.gitignore' && grep -qx 'node_modules/' '$app/.gitignore'"
check "package.json: name demo, scripts dev/build/start/serve" "$node" -e '
	const p = require(process.argv[1]);
	const s = p.scripts || {};
	process.exit(p.name === "demo" && s.dev === "kit-serve --dev" && s.build === "kit-build" &&
		/^kit-serve\b/.test(s.start) && /^kit-serve\b/.test(s.serve) ? 0 : 1);' "$app/package.json"
check "tsconfig.json points at the installed kit ($share)" grep -qF "\"$share/js/*\"" "$app/tsconfig.json"
check "no placeholder is left in the app" bash -c "! grep -rn '@NAME@\|@KIT_DATADIR@' '$app'"

# --- types: tsc from the installed toolchain
tsc=$share/toolchain/node_modules/typescript/bin/tsc
typecheck() { (cd "$app" && "$node" "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1; }
if [ ! -f "$tsc" ]; then
	fail "tsc" "$tsc is not installed"
else
	if typecheck; then pass "the new app type-checks (tsc --noEmit, before a build)"; else
		fail "the new app type-checks (tsc --noEmit, before a build)" "$(head -c 900 "$work/tsc.out" | tr '\n' ' ')"; fi
	cat >"$app/src/app/bad-types.tsx" <<'EOF'
import { useState } from 'react';
export function Bad() {
  const [n, setN] = useState(0);
  setN('seven');
  return <p>{n}</p>;
}
EOF
	if ! typecheck && grep -q "bad-types.tsx(4,.*TS2345" "$work/tsc.out"; then
		pass "React's types are there: setN('seven') on a number state is a type error"
	else
		fail "React's types are there: setN('seven') on a number state is a type error" "$(head -c 600 "$work/tsc.out" | tr '\n' ' ')"
	fi
	rm -f "$app/src/app/bad-types.tsx"
fi

# --- kit-serve --dev: the app as it was written, no build first
port_run=$work/serve
KIT_SERVE_PORT=$(kit_free_port) || { fail "kit-serve --dev" "no free port"; exit 1; }
KIT_SERVE_BASE=http://127.0.0.1:$KIT_SERVE_PORT
# (exec: $! is kit-serve itself, which kit_serve_stop signals as Ctrl-C would)
(cd "$app" && exec "${clean_env[@]}" KIT_SERVE_RUN_DIR="$port_run" "$bin/kit-serve" --dev --port "$KIT_SERVE_PORT") \
	>"$port_run.log" 2>&1 </dev/null &
KIT_SERVE_PID=$!
up=
for _ in $(seq 1 600); do
	kill -0 "$KIT_SERVE_PID" 2>/dev/null || break
	if curl -s -o /dev/null "$KIT_SERVE_BASE/"; then up=1; break; fi
	sleep 0.1
done
if [ -z "$up" ]; then
	fail "kit-serve --dev serves the new app" "no answer on $KIT_SERVE_BASE within 60 s: $(tail -n 8 "$port_run.log" | tr '\n' ' ')"
	kit_serve_stop
	exit 1
fi
status=$(curl -s -o "$work/home.html" -w '%{http_code}' "$KIT_SERVE_BASE/")
check "GET / is 200 with the home page's text (status $status)" \
	bash -c "[ '$status' = 200 ] && grep -qF '<h1>Welcome to demo</h1>' '$work/home.html' && grep -qF '<title>demo</title>' '$work/home.html'"
check "the home page server-renders the counter" grep -qF 'class="counter">Clicked <!-- -->0' "$work/home.html"
status=$(curl -s -o "$work/api.json" -w '%{http_code} %{content_type}' "$KIT_SERVE_BASE/api/hello?name=kit")
check "GET /api/hello?name=kit answers JSON (status $status)" bash -c "
	[ '${status%% *}' = 200 ] && [[ '${status#* }' == application/json* ]] &&
	'$node' -e 'process.exit(JSON.parse(require(\"fs\").readFileSync(process.argv[1], \"utf8\")).message === \"Hello, kit!\" ? 0 : 1)' '$work/api.json'"
status=$(curl -s -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/favicon.svg")
check "public/favicon.svg is served (status $status)" test "$status" = 200
suite_browser_check tests/kit-new/check.mjs
if kit_serve_stop; then pass "kit-serve --dev stops cleanly"; else fail "kit-serve --dev stops cleanly" "$KIT_SERVE_ERROR"; fi

# after the dev build: the typed routes are in .kit/rsc-routes.d.ts
if [ -f "$tsc" ]; then
	if typecheck; then pass "the new app type-checks after a build"; else
		fail "the new app type-checks after a build" "$(head -c 900 "$work/tsc.out" | tr '\n' ' ')"; fi
	sed -i 's|<Link href="/">Back home</Link>|<Link href="/hom">Back home</Link>|' "$app/src/app/about/page.tsx"
	if ! typecheck && grep -q "about/page.tsx(.*'\"/hom\"'" "$work/tsc.out"; then
		pass "after a build a Link to a route the app lacks is a type error (typed routes)"
	else
		fail "after a build a Link to a route the app lacks is a type error (typed routes)" "$(head -c 600 "$work/tsc.out" | tr '\n' ' ')"
	fi
	sed -i 's|<Link href="/hom">Back home</Link>|<Link href="/">Back home</Link>|' "$app/src/app/about/page.tsx"
fi

# --- a production build
if (cd "$app" && installed "$bin/kit-build") >"$work/build.log" 2>&1; then
	pass "kit-build of the new app exits 0"
	check "kit-build stores the home page" grep -qE '^[^ ]* ○ /  .*stored' "$work/build.log"
else
	fail "kit-build of the new app exits 0" "$(tail -n 8 "$work/build.log" | tr '\n' ' ')"
fi
suite_end
