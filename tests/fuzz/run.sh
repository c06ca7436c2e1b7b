#!/bin/bash
# run.sh [TARGET...] — runs the fuzz targets of tests/fuzz/ (all when none is
# named), built by `make fuzz-build`; `make fuzz` and tests/suites/fuzz.sh
# call it. For each target:
#
# 1. the inputs of regressions/TARGET/ (each a bug once found) are replayed
#    once each: no crash, no sanitizer report, no broken invariant; those of
#    4 KiB or less then seed the run;
# 2. the target runs from a private copy of corpus/TARGET/ (with
#    dict/TARGET.dict when there is one) for KIT_FUZZ_SECONDS (or
#    FUZZ_SECONDS; default 60). PASS names the executions reached; a FAIL
#    leaves the reproducer and the log in tests/fuzz/work/TARGET/ of the
#    build tree.
#
# host_fuzz, action_fuzz, multipart_fuzz and form_fuzz serve a private
# built copy of examples/hello (kit-build runs once, for the first of them);
# the other targets need nothing but their corpus.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin "fuzz"
suite_work fuzz

seconds=${KIT_FUZZ_SECONDS:-${FUZZ_SECONDS:-60}}
fuzz_src=$top_src/tests/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	for d in "$fuzz_src"/corpus/*/; do targets+=("$(basename "$d")"); done
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

for t in "${targets[@]}"; do
	fuzzer=$top_build/tests/fuzz/$t
	if [ ! -x "$fuzzer" ]; then
		fail "$t" "tests/fuzz/$t is not built (make fuzz-build)"
		continue
	fi
	case $t in host_fuzz | action_fuzz | multipart_fuzz | form_fuzz) needs_app=1 ;; *) needs_app= ;; esac
	if [ -n "$needs_app" ] && [ -z "${KIT_APP_DIR:-}" ]; then
		app=$work/hello
		cp -r "$top_src/examples/hello" "$app"
		rm -rf "$app/.kit" "$app/.kit-store"
		if ! (cd "$app" && "$top_build/kit-build") >"$work/kit-build.log" 2>&1; then
			fail "$t: kit-build examples/hello" "$(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
			continue
		fi
		export KIT_APP_DIR=$app
	fi
	tw=$work/$t
	mkdir -p "$tw/corpus" "$tw/crashes"

	# 1. the regressions, one run each
	for input in "$fuzz_src/regressions/$t"/*; do
		[ -f "$input" ] || continue
		name=$(basename "$input")
		if (cd "$tw" && TMPDIR="$tw" "$fuzzer" -runs=1 "$input") >"$tw/regression-$name.log" 2>&1; then
			pass "$t: regression $name"
		else
			fail "$t: regression $name" "$(grep -m 3 -E 'ERROR|_fuzz:|runtime error|SUMMARY' "$tw/regression-$name.log" | tr '\n' ' ')"
		fi
		# seeds the run, unless past libFuzzer's default length (4 KiB): a
		# big input (action_fuzz's 28 KB one) would make every mutation of it
		# slow, and lift -max_len for all of them
		[ "$(wc -c <"$input")" -gt 4096 ] || cp "$input" "$tw/corpus/"
	done

	# 2. a time-boxed run; the corpus is copied so that it grows only here
	cp "$fuzz_src/corpus/$t"/* "$tw/corpus/" 2>/dev/null
	dict=()
	[ -f "$fuzz_src/dict/$t.dict" ] && dict=(-dict="$fuzz_src/dict/$t.dict")
	if (cd "$tw" && TMPDIR="$tw" "$fuzzer" ${dict[@]+"${dict[@]}"} -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
		-artifact_prefix="$tw/crashes/" -print_final_stats=1 "$tw/corpus") >"$tw/run.log" 2>&1; then
		runs=$(grep -m 1 -o 'stat::number_of_executed_units: *[0-9]*' "$tw/run.log" | grep -o '[0-9]*$')
		cov=$(grep -o 'cov: [0-9]*' "$tw/run.log" | tail -n 1 | grep -o '[0-9]*$')
		pass "$t: ${runs:-?} executions in ${seconds} s (coverage ${cov:-?} edges): no crash, no sanitizer report, no broken invariant"
	else
		out=$top_build/tests/fuzz/work/$t
		mkdir -p "$out"
		artifact=$(ls "$tw/crashes" 2>/dev/null | head -n 1)
		[ -n "$artifact" ] && cp "$tw/crashes/$artifact" "$out/"
		cp "$tw/run.log" "$out/run.log"
		fail "$t: ${seconds} s" "$(grep -m 3 -E 'ERROR|_fuzz:|runtime error|SUMMARY' "$tw/run.log" | tr '\n' ' ') (reproducer: tests/fuzz/work/$t/${artifact:-none}, log: tests/fuzz/work/$t/run.log)"
	fi
done
suite_end
