#!/bin/bash
# fuzz.sh — every fuzz target of tests/fuzz/ under libFuzzer, ASan and UBSan
# (tests/fuzz/README.md).
#
# `make fuzz-build` builds them with clang; tests/fuzz/run.sh replays each
# target's regressions/ and runs it for KIT_FUZZ_SECONDS from its corpus/
# (default 10 here, so that a local make check stays short; .ci/run sets 60,
# `make fuzz` runs FUZZ_SECONDS, 60): any crash, sanitizer report or broken invariant is a FAIL
# naming the reproducer it wrote.
# SKIP when clang or its libFuzzer runtime (libclang-rt-14-dev) is missing.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""

if ! command -v clang >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
	echo "SKIP: fuzz: clang with libFuzzer is not installed (apt-get install clang libclang-rt-14-dev)"
	exit 0
fi
suite_work fuzz-build

if ! make -C "$KIT_TOP_BUILDDIR" fuzz-build >"$work/make.log" 2>&1; then
	fail "fuzz: make fuzz-build builds every target of tests/fuzz/" "$(tail -n 5 "$work/make.log" | tr '\n' ' ')"
	exit 1
fi
pass "fuzz: make fuzz-build builds every target of tests/fuzz/"
KIT_FUZZ_SECONDS=${KIT_FUZZ_SECONDS:-10} exec bash "$top_src/tests/fuzz/run.sh"
