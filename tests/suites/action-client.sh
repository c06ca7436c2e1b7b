#!/usr/bin/env bash
# The action client (@kit/core/action, docs/action-client.md) with real
# Standard Schema libraries from npm (zod 4, zod 3.25, valibot 1, installed
# into a copy of tests/action/app here): the library's checks
# (tests/action/app/src/checks.ts) in node against the module esbuild builds,
# then in kit's engine (mujs) through the app's GET /unit behind lighttpd;
# then GET /_rsc/query and actions built with the client over HTTP, and a
# query called from a client component in Chromium (tests/action/query.mjs).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin action-client
. "$top_src/tests/lib/npm.sh"
lighttpd_bin=${LIGHTTPD:-$(command -v lighttpd || echo /usr/sbin/lighttpd)}
suite_work action
if ! kit_npm_ci "$top_src/tests/action/app" "$work"; then
	echo "FAIL: action-client: npm ci in tests/action/app: $KIT_NPM_ERROR"
	exit 1
fi
cp -R "$top_src/tests/action/app" "$work/app"
rm -rf "$work/app/.kit" "$work/app/.kit-store"
node "$top_src/tests/action/unit-node.mjs" "$top_src" "$work/app" "$work" || failed=1

# the types: contexts from .use() inferred, an unknown key refused (tsc from kit's toolchain)
cat >"$work/tsconfig.json" <<EOF
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "esnext",
    "moduleResolution": "bundler", "lib": ["es2020", "dom"], "skipLibCheck": true, "types": [],
    "paths": { "@kit/core/*": ["$top_src/js/*"], "valibot": ["$work/app/node_modules/valibot"] } },
  "files": ["$top_src/tests/action/typecheck.ts"] }
EOF
if out=$("$top_build/toolchain/node_modules/.bin/tsc" -p "$work/tsconfig.json" 2>&1); then
	echo "PASS: action-client: types (ctx inferred through .use(), input from the schema, unknown ctx keys refused)"
else
	echo "FAIL: action-client: types: $(echo "$out" | head -n 5 | tr '\n' ' ')"
	failed=1
fi

if ! "$top_build/kit-build" "$work/app" >"$work/build.log" 2>&1; then
	echo "FAIL: action-client: kit-build of tests/action/app failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
echo "PASS: action-client: an app importing @kit/core/action, valibot, zod 3.25 and zod 4 builds and loads in mujs"
if [ ! -x "$lighttpd_bin" ]; then
	echo "SKIP: action-client: the checks in mujs and the HTTP checks need lighttpd"
	exit $failed
fi
if ! kit_serve_start lighttpd "$work/app" "$work/serve"; then
	echo "FAIL: action-client: kit-serve: $KIT_SERVE_ERROR"
	exit 1
fi
node "$top_src/tests/action/unit-mujs.mjs" "$KIT_SERVE_BASE" || failed=1
pw=$top_src/tests/client/node_modules/playwright-core
if [ -x /usr/bin/chromium ] && ! kit_npm_ci "$top_src/tests/client" "$work"; then
	echo "FAIL: action-client: npm ci in tests/client: $KIT_NPM_ERROR"
	failed=1
	pw=
fi
if [ ! -x /usr/bin/chromium ] || [ ! -d "$pw" ]; then
	echo "SKIP: action-client: the browser check needs /usr/bin/chromium and playwright-core"
	pw=
fi
node "$top_src/tests/action/query.mjs" "$KIT_SERVE_BASE" lighttpd $pw || failed=1
kit_serve_stop
# the same HTTP checks behind Apache (contrib/apache), without the browser
if command -v apache2 >/dev/null 2>&1 || [ -x /usr/sbin/apache2 ]; then
	if kit_serve_start apache "$work/app" "$work/serve-apache"; then
		node "$top_src/tests/action/query.mjs" "$KIT_SERVE_BASE" apache || failed=1
	else
		echo "FAIL: action-client: kit-serve apache: $KIT_SERVE_ERROR"
		failed=1
	fi
else
	echo "SKIP: action-client: the Apache run needs apache2"
fi
exit $failed
