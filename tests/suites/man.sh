#!/bin/bash
# man.sh — each installed tool has a manual page (man/), and it stays true.
#
# For kit-build, kit-serve, kit-new and kit-typegen: the options the tool's
# --help prints (every --flag of its usage lines, and the flag that starts
# each option line; -h and --help, which each accepts) are exactly the
# options of the page's OPTIONS section (the flags of each .TP item's first
# line). An option added to a tool and not to its page, or left on the page
# after it went, fails here. kit-fcgi and kit.cgi take no options (kit.cgi
# may be given a query string as arguments): their pages say so and name
# KIT_APP_DIR. Every page is in man/local.mk, and renders without a warning
# (groff -ww, when groff is installed).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin man

tools=(kit-build kit-serve kit-new kit-typegen kit-fcgi kit.cgi)
for t in "${tools[@]}"; do
	page=$top_src/man/$t.1
	if [ ! -f "$page" ]; then
		fail "$t has a manual page" "no man/$t.1"
		continue
	fi
	check "man/$t.1 is in man/local.mk" grep -q "man/$t\.1\b" "$top_src/man/local.mk"
	if command -v groff >/dev/null; then
		warnings=$(LC_ALL=C.UTF-8 groff -ww -z -man -Tutf8 "$page" 2>&1)
		if [ -z "$warnings" ]; then pass "man/$t.1 renders without a warning"; else
			fail "man/$t.1 renders without a warning" "$(echo "$warnings" | head -n 3 | tr '\n' ' ')"; fi
	fi
done

# man_options PAGE: the flags of the OPTIONS section's .TP items, one a line
man_options() {
	awk '/^\.SH /{ opts = ($0 ~ /^\.SH OPTIONS/) } opts && prev == ".TP" { print } { prev = $0 }' "$1" |
		sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' |
		grep -oE '(^|[ "[|])--?[a-z][a-z-]*' | sed -E 's/^[ "[|]//' | sort -u
}
# help_options OUTPUT: the flags of the usage lines, and the one(s) starting each option line
help_options() {
	{
		grep -E '^(usage:|[[:space:]]+kit[-.][a-z]+ )' <<<"$1" | grep -oE -- '(^|[][ |])--?[a-z][a-z-]*' | sed -E 's/^[][ |]//'
		grep -E '^[[:space:]]*-' <<<"$1" | sed -E 's/^[[:space:]]*((-[a-z], )?--?[a-z][a-z-]*).*/\1/' | grep -oE -- '--?[a-z][a-z-]*'
		printf '%s\n' -h --help
	} | sort -u
}

for t in kit-build kit-serve kit-new kit-typegen; do
	page=$top_src/man/$t.1
	[ -f "$page" ] || continue
	if ! help=$("$top_build/$t" --help 2>&1); then
		fail "$t --help" "exited non-zero: $(head -c 300 <<<"$help")"
		continue
	fi
	from_help=$(help_options "$help")
	from_man=$(man_options "$page")
	if [ -z "$from_man" ]; then
		fail "man $t lists every option of $t --help" "no options found in the OPTIONS section of man/$t.1"
	elif [ "$from_help" = "$from_man" ]; then
		pass "man $t lists every option of $t --help, and no other ($(echo $from_help))"
	else
		fail "man $t lists every option of $t --help, and no other" \
			"only in --help: $(comm -23 <(echo "$from_help") <(echo "$from_man") | tr '\n' ' ')only on the page: $(comm -13 <(echo "$from_help") <(echo "$from_man") | tr '\n' ' ')"
	fi
done

for t in kit-fcgi kit.cgi; do
	page=$top_src/man/$t.1
	[ -f "$page" ] || continue
	check "man $t says it takes no options and names KIT_APP_DIR" \
		bash -c "[ -z \"\$(awk '/^\\.SH /{ o = (\$0 ~ /^\\.SH OPTIONS/) } o && /^\\.TP/' '$page')\" ] && grep -q '^None' '$page' && grep -q '^\\.B KIT_APP_DIR' '$page'"
done
suite_end
