#!/bin/bash
# mujs.sh — kit's patch series over the pinned mujs source (mujs/README.md):
# the source package matches mujs/SHA256SUMS; the series applies exactly
# (patch --fuzz=0) to a fresh unpacking of the tarball; every patch says why
# ("Why:") and where it is tested ("Test:", a file that exists); the
# build's mujs/local.mk, mujs/README.md and docs/mujs.md name every patch;
# the programs carry no shared libmujs (it is linked in statically).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin mujs
suite_work mujs

dl=${KIT_MUJS_SOURCE_DIR:-$top_src/mujs/dl}
if (cd "$dl" 2>/dev/null && sha256sum --quiet -c "$top_src/mujs/SHA256SUMS") >"$work/sums" 2>&1; then
	pass "the source package in $dl matches mujs/SHA256SUMS"
else
	fail "the source package in $dl matches mujs/SHA256SUMS" "$(tr '\n' ' ' <"$work/sums") (run mujs/fetch.sh)"
	suite_end
fi

if "$top_src/mujs/apply-patches.sh" "$dl/mujs_1.3.2.orig.tar.xz" "$top_src/mujs/patches" "$work/src" 2>"$work/apply.err"; then
	pass "the series applies exactly to mujs_1.3.2.orig.tar.xz"
else
	fail "the series applies exactly to mujs_1.3.2.orig.tar.xz" "$(tr '\n' ' ' <"$work/apply.err")"
fi

while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	f=$top_src/mujs/patches/$p
	if [ ! -f "$f" ]; then
		fail "$p" "listed in mujs/patches/series but missing"
		continue
	fi
	head=$(sed '/^--- a\//,$d' "$f")
	test_file=$(printf '%s\n' "$head" | sed -n 's/^Test: \([^ ]*\).*/\1/p' | head -n 1)
	check "$p says why" grep -q '^Why: ' <<<"$head"
	check "$p names its test ($test_file)" test -n "$test_file" -a -e "$top_src/$test_file"
	check "$p is in mujs/local.mk" grep -qF "mujs/patches/$p" "$top_src/mujs/local.mk"
	check "$p is in mujs/README.md" grep -qF "$p" "$top_src/mujs/README.md"
	check "$p is in docs/mujs.md" grep -qF "$p" "$top_src/docs/mujs.md"
done <"$top_src/mujs/patches/series"

for prog in kit-fcgi kit.cgi kit-build; do
	if [ -x "$top_build/$prog" ]; then
		check "$prog links mujs statically (no libmujs.so)" sh -c "! ldd '$top_build/$prog' | grep -q libmujs"
	fi
done
suite_end
