#!/bin/bash
# packages.sh — packages as published on npm, with their export conditions
# (docs/packages.md), on tests/packages/app (swr, server-only, client-only
# from its package-lock.json, installed with npm ci into
# tests/packages/app/node_modules when missing or not the locked ones).
#
# Server code resolves packages with the react-server condition, the client
# graph without it: the page imports swr's react-server entry, whose
# SWRConfig is a "use client" module of the package (a client reference),
# and "server-only" (its empty react-server file); the client component
# imports swr's full entry for useSWR, and "client-only". The page is served
# behind lighttpd: its HTML holds the key swr's unstable_serialize gives in
# Node and the fallback data useSWR read through SWRConfig while the server
# rendered it; in Chromium it hydrates without an error and keeps it.
# Then the build errors: "server-only" reached from a "use client" module
# (directly, and through a module it imports) and "client-only" imported by
# server code each stop kit-build naming both files.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin packages
suite_need node "the build and the checks need it"
suite_work packages
src_app=$top_src/tests/packages/app
suite_app tests/packages/app
app=$work/app
pass "kit-build of an app importing swr, server-only and client-only"
server=$app/.kit/server.js
# the server bundle: server.js and the route modules' chunks (.kit/server/)
has_module() { cat "$server" "$app/.kit/server/"*.js | grep -qxF "// node_modules/$1"; }
check "server code gets swr's react-server entry" has_module swr/dist/index/react-server.mjs
check "the client component gets swr's full entry" has_module swr/dist/index/index.mjs
# (their right files are empty: esbuild leaves no trace of them; the wrong
# ones throw when server.js loads, which kit-build does)
check "server code's \"server-only\" is not its throwing default" \
	bash -c "! cat '$server' '$app/.kit/server/'*.js | grep -qxF '// node_modules/server-only/index.js'"
check "the client graph's \"client-only\" is not its throwing react-server file" \
	bash -c "! cat '$server' '$app/.kit/server/'*.js | grep -qxF '// node_modules/client-only/error.js'"
check "swr's own \"use client\" module is a client module of the manifest" \
	grep -qF '"node_modules/swr/dist/index/config-client-Bi4rgVRk"' "$app/.kit/client-manifest.json"

# the page, served
key=$(cd "$src_app" && node -e "import('swr').then((m) => console.log(m.unstable_serialize(['user', 7]).replace(/\"/g, '&quot;')))")
if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
curl -s -o "$work/page.html" "$KIT_SERVE_BASE/"
check "the page holds unstable_serialize's key as Node computes it ($key)" grep -qF "<p id=\"key\">$key</p>" "$work/page.html"
check "the client component rendered SWRConfig's fallback on the server" grep -qF '<p id="name">Ada</p>' "$work/page.html"
suite_browser_check tests/packages/check.mjs
kit_serve_stop

# the build errors
broken() { # broken NAME: a fresh copy of the app in $work/NAME
	rm -rf "$work/$1"
	cp -R "$app" "$work/$1"
	rm -rf "$work/$1/.kit" "$work/$1/.kit-store"
}
build_fails() { # build_fails NAME PATTERN...: kit-build fails and prints every pattern
	local name=$1 p out rc=0
	shift
	out=$("$top_build/kit-build" "$work/$name" 2>&1) && rc=0 || rc=$?
	if [ "$rc" -eq 0 ]; then
		echo "kit-build succeeded" >&2
		return 1
	fi
	for p in "$@"; do
		grep -qF -- "$p" <<<"$out" || { echo "no \"$p\" in: $out" >&2; return 1; }
	done
}
broken direct
sed -i "s|^import 'client-only';|import 'server-only';|" "$work/direct/src/components/profile.tsx"
check "\"server-only\" in a \"use client\" module stops the build, naming the file" \
	build_fails direct 'src/components/profile.tsx:4' 'imports "server-only", but it is a "use client" module'
broken through
mkdir -p "$work/through/src/lib"
printf "import 'server-only';\nexport const secret = 'x';\n" >"$work/through/src/lib/secret.ts"
sed -i "s|^import 'client-only';|import 'client-only';\nimport { secret } from '../lib/secret';\nvoid secret;|" \
	"$work/through/src/components/profile.tsx"
check "\"server-only\" reached from a \"use client\" module stops the build, naming both files" \
	build_fails through 'src/lib/secret.ts:1' 'the "use client" module src/components/profile.tsx imports it'
broken server
sed -i "s|^import 'server-only';|import 'client-only';|" "$work/server/src/app/page.tsx"
check "\"client-only\" imported by server code stops the build, naming the file" \
	build_fails server 'src/app/page.tsx:3' 'imports "client-only", but server code imports it'
suite_end
