#!/bin/bash
# fuzz.sh — whole requests through the host under libFuzzer, ASan and UBSan
# (tests/fuzz/README.md).
#
# 1. make fuzz builds tests/fuzz/host_fuzz with clang.
# 2. The requests of tests/fuzz/regressions/ (each a bug once found: the
#    query key without "=" that crashed every responder, CR/LF and "\" in a
#    redirect target...) are replayed once each: no crash, no violation.
# 3. The fuzzer runs from tests/fuzz/corpus/ for KIT_FUZZ_SECONDS (default
#    60) on a private copy of examples/hello: any crash, sanitizer report,
#    leak or broken answer head is a FAIL naming the reproducer it wrote.
# SKIP when clang or its libFuzzer runtime (libclang-rt-14-dev) is missing.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""

if ! command -v clang >/dev/null || ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
	echo "SKIP: fuzz: clang with libFuzzer is not installed (apt-get install clang libclang-rt-14-dev)"
	exit 0
fi
suite_work fuzz

if ! make -C "$KIT_TOP_BUILDDIR" fuzz >"$work/make.log" 2>&1; then
	fail "fuzz: make fuzz builds tests/fuzz/host_fuzz" "$(tail -n 5 "$work/make.log" | tr '\n' ' ')"
	exit 1
fi
pass "fuzz: make fuzz builds tests/fuzz/host_fuzz"
fuzzer=$KIT_TOP_BUILDDIR/tests/fuzz/host_fuzz

app=$work/hello
cp -r "$KIT_TOP_SRCDIR/examples/hello" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
if ! (cd "$app" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
	fail "fuzz: kit-build examples/hello" "$(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
	exit 1
fi
export KIT_APP_DIR=$app
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# 2. the regressions, one run each
for input in "$KIT_TOP_SRCDIR"/tests/fuzz/regressions/*; do
	name=$(basename "$input")
	if (cd "$work" && "$fuzzer" -runs=1 "$input") >"$work/regression-$name.log" 2>&1; then
		pass "fuzz: regression $name"
	else
		fail "fuzz: regression $name" "$(grep -m 3 -E 'ERROR|host_fuzz:|runtime error|SUMMARY' "$work/regression-$name.log" | tr '\n' ' ')"
	fi
done

# 3. a time-boxed run; the corpus is copied so that it grows only here
seconds=${KIT_FUZZ_SECONDS:-60}
mkdir -p "$work/corpus" "$work/crashes"
cp "$KIT_TOP_SRCDIR"/tests/fuzz/corpus/* "$KIT_TOP_SRCDIR"/tests/fuzz/regressions/* "$work/corpus/"
if (cd "$work" && "$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
	-artifact_prefix="$work/crashes/" -print_final_stats=1 "$work/corpus") >"$work/run.log" 2>&1; then
	runs=$(grep -m 1 -o 'stat::number_of_executed_units: *[0-9]*' "$work/run.log" | grep -o '[0-9]*$')
	pass "fuzz: ${runs:-?} requests in ${seconds} s: no crash, no sanitizer report, every answer head well-formed"
else
	artifact=$(ls "$work/crashes" 2>/dev/null | head -n 1)
	mkdir -p "$KIT_TOP_BUILDDIR/tests/fuzz/work"
	[ -n "$artifact" ] && cp "$work/crashes/$artifact" "$KIT_TOP_BUILDDIR/tests/fuzz/work/"
	cp "$work/run.log" "$KIT_TOP_BUILDDIR/tests/fuzz/work/run.log"
	fail "fuzz: ${seconds} s of requests" "$(grep -m 3 -E 'ERROR|host_fuzz:|runtime error|SUMMARY' "$work/run.log" | tr '\n' ' ') (reproducer: tests/fuzz/work/${artifact:-none}, log: tests/fuzz/work/run.log)"
fi
exit $failed
