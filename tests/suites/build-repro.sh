#!/usr/bin/env bash
# build-repro.sh — builds are reproducible (docs/build-output.md
# "Reproducible builds"): the app of tests/fixtures/repro/app (client
# components that import @kit/core/Link, which kit's browser runtime entry
# imports too, and call server actions) built from clean several times, in
# production and with --dev, gives the same .kit/static/, .kit/server.js,
# .kit/server/, .kit/jsc/ (the compiled code, mujs patch 1540) and
# client-manifest.json every time.
#
# The cause found (toolchain/README.md): esbuild parses a file once, with the
# module type of whichever import reached it first, and a path an onResolve
# plugin returns has none; Link.tsx's interop call for React then varied
# between __toESM(x, 1) and __toESM(x). Timing decides, so besides comparing
# builds the suite checks what decides it: in a --dev build (not minified),
# every CommonJS interop call in a module of kit's js/ ("type": "module")
# carries the node-mode flag.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin "build-repro"
export KIT_DATADIR=${KIT_BUILD_DATADIR:-$top_src}
unset KIT_CLIENT_ENTRY
kit_build=$top_build/kit-build
suite_work build-repro
app=$work/app
runs=${KIT_REPRO_RUNS:-4}

if [ ! -x "$kit_build" ]; then
	fail "kit-build" "$kit_build is missing (run make)"
	exit 1
fi
cp -R "$top_src/tests/fixtures/repro/app" "$app"

# digest of what a build wrote that must not vary (action-key is random by
# design, prerender.log holds times)
digest() {
	(cd "$app/.kit" && find static server server.js jsc client-manifest.json -type f | LC_ALL=C sort |
		xargs sha256sum) | sha256sum | cut -c1-16
}

# clean_builds MODE FLAGS...: $runs builds from clean; one digest per line
clean_builds() {
	local mode=$1 i
	shift
	: >"$work/$mode.digests"
	for i in $(seq "$runs"); do
		rm -rf "$app/.kit" "$app/.kit-store"
		if ! "$kit_build" "$@" "$app" >"$work/$mode.out" 2>"$work/$mode.err"; then
			fail "$mode: build $i" "$(tail -c 600 "$work/$mode.err")"
			return 1
		fi
		digest >>"$work/$mode.digests"
	done
}

if clean_builds production; then
	check "production: the build has client modules and server actions" \
		grep -qF '"src/components/counter"' "$app/.kit/client-manifest.json"
	n=$(sort -u "$work/production.digests" | wc -l)
	check "production: $runs clean builds, the same bytes ($n distinct)" test "$n" -eq 1
fi

if clean_builds dev --dev; then
	n=$(sort -u "$work/dev.digests" | wc -l)
	check "--dev: $runs clean builds, the same bytes ($n distinct)" test "$n" -eq 1
	# the module comments of esbuild's unminified output: "// <path>"; kit's
	# modules are the ones below $KIT_DATADIR/js
	kitjs=$(realpath --relative-to="$app" "$KIT_DATADIR/js")
	awk -v kit="$kitjs/" 'FNR == 1 { m = "" } /^\/\/ [^ ]+$/ { m = $2 }
		/__toESM\(/ { print (index(m, kit) == 1 ? "kit" : "app"), ($0 ~ /__toESM\([^()]*\(\), 1\)/ ? "node" : "plain"), m }' \
		"$app"/.kit/static/*.js >"$work/interop"
	check "--dev: interop calls found in kit's modules (Link.tsx among them)" \
		grep -qE "^kit node $kitjs/Link\.tsx$" "$work/interop"
	check "--dev: every interop call in kit's modules in node mode" \
		test -z "$(grep '^kit plain' "$work/interop")"
fi
suite_end
