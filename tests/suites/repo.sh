#!/usr/bin/env bash
# repo.sh — the repository stands alone, and says where things are truthfully.
#
# 1. No tracked file cites a document that is not in the repository: the
#    design, spec and notes files kit was first written against (../shared,
#    the design's numbered sections, DESIGN.md, SPEC.md, notes/*.md, react-wire). What code relies
#    on is in docs/ (docs/README.md). The files listed in OUTSIDE_OK may, each
#    for the reason given there.
# 2. Every repository path that a comment, README or doc names exists: tokens
#    shaped like <top-level directory>/<path>.<extension> (fcgi/url.c,
#    `docs/wire-formats.md`, tests/http/hello/stored-*.test). Globs (*, ?,
#    [ch]), placeholders (<version>, <N>) and {a,b} alternatives count as
#    existing when something matches; paths git ignores (generated files such
#    as runtime/polyfills.js) are allowed. A path inside a longer one
#    (../store/README.md, a URL) is not checked.
# 3. No C function is longer than MAX_FUNCTION_LINES lines (from the line
#    naming it to its closing brace) unless tests/lib/long-functions.txt lists
#    it with a reason; a listed function that got shorter must leave the list.
#
# Needs git (the list of tracked files); without a checkout it skips.
set -u
top_src=${KIT_TOP_SRCDIR:-$(cd "${0%/*}/../.." && pwd)}
cd "$top_src" || exit 1

MAX_FUNCTION_LINES=150

# file — why it may name what lies outside the repository
OUTSIDE_OK=(
	"tests/suites/repo.sh"  # this file: it spells the patterns it looks for
)

# Tracked files whose content is data, not prose: never scanned for paths.
DATA=(
	":(exclude)tests/conformance/react-golden/golden"  # React's output (generated)
	":(exclude)*package-lock.json"                       # npm's locks (generated)
	":(exclude)tests/fuzz/corpus"                        # fuzzer inputs
	":(exclude)tests/fuzz/regressions"                   # fuzzer inputs
)

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; failed=1; }
failed=0

if ! command -v git >/dev/null 2>&1 || ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "SKIP: repo: not a git checkout (the checks need the list of tracked files)"
	exit 0
fi

# --- 1. references to documents outside the repository
# (written so that the pattern does not match itself)
outside='\.\.[/]shared|shared/(notes|conformance)|DESIGN[ ]§|DESIGN\.md|SPEC\.md|\bSPEC\b|notes/(protocol|fastcgi|mujs)\.md|react-wire'
excludes=()
for f in "${OUTSIDE_OK[@]}"; do
	excludes+=(":(exclude)$f")
done
hits=$(git grep -I -n -E "$outside" -- . "${excludes[@]}")
if [ -z "$hits" ]; then
	pass "repo: no file cites documents outside the repository"
else
	while IFS= read -r h; do
		fail "repo: outside reference" "$h (cite docs/ instead; docs/README.md lists the pages)"
	done <<<"$hits"
fi

# --- 2. named paths exist
# expand_braces WORD: prints every alternative of its {a,b} groups, one a line.
expand_braces() {
	local w=$1
	if [[ $w =~ ^([^{]*)\{([^{}]*)\}(.*)$ ]]; then
		local pre=${BASH_REMATCH[1]} alts=${BASH_REMATCH[2]} post=${BASH_REMATCH[3]} a parts
		IFS=',' read -r -a parts <<<"$alts"
		for a in "${parts[@]}"; do
			expand_braces "$pre$a$post"
		done
	else
		printf '%s\n' "$w"
	fi
}

# path_exists TOKEN: 0 when the path, or something its pattern matches, exists.
path_exists() {
	local t=$1 alt g
	[ -e "$t" ] && return 0
	git check-ignore -q --no-index "$t" 2>/dev/null && return 0
	while IFS= read -r alt; do
		[ -e "$alt" ] && continue
		git check-ignore -q --no-index "$alt" 2>/dev/null && continue
		g=$(printf '%s' "$alt" | sed -E 's/<[^<>]*>/*/g')
		compgen -G "$g" >/dev/null && continue
		return 1
	done < <(expand_braces "$t")
	return 0
}

tops='fcgi|render|store|build|js|runtime|toolchain|contrib|tests|docs|examples|bench|cgi-bin'
token="(^|[^][A-Za-z0-9_./@<>*{}-])($tops)/[][A-Za-z0-9_.@*<>{},()/-]*\\.([A-Za-z0-9]+|\\[[a-z]+\\])"
checked=0 missing=0
declare -A seen
while IFS= read -r line; do
	loc=${line%%:*}; rest=${line#*:}
	loc="$loc:${rest%%:*}"; t=${rest#*:}
	t=$(printf '%s' "$t" | sed -E "s#^[^a-z]*(($tops)/)#\\1#")
	# unbalanced < or > (prose like "<path below js/>.ts"): not a path
	o=${t//[^<]/}; c=${t//[^>]/}
	[ ${#o} -ne ${#c} ] && continue
	# a hidden name (examples/hello/.kit, toolchain/.npm-ci.<pid>): a
	# directory or a made-up name, not a file with an extension
	case ${t##*/} in .*) continue ;; esac
	[ -n "${seen[$t]:-}" ] && continue
	seen[$t]=1
	checked=$((checked + 1))
	if ! path_exists "$t"; then
		missing=$((missing + 1))
		fail "repo: named path exists: $t" "$loc names it, and nothing in the repository matches"
	fi
done < <(git grep -I -n -o -E "$token" -- . "${DATA[@]}")
[ "$missing" -eq 0 ] && pass "repo: all $checked distinct repository paths named in files exist"

# --- 3. long C functions
list=tests/lib/long-functions.txt
long=$(git ls-files '*.c' | xargs awk -v max="$MAX_FUNCTION_LINES" '
	FNR == 1 { sig = ""; inside = 0 }
	!inside && /^[A-Za-z_].*\(/ { sig = $0; sigline = FNR }
	!inside && /^\{[[:space:]]*$/ && sig != "" {
		inside = 1
		s = sig; sub(/\(.*/, "", s); n = split(s, w, /[^A-Za-z0-9_]+/); name = w[n]
		next
	}
	inside && /^\}/ {
		inside = 0; sig = ""
		if (FNR - sigline + 1 > max) print FILENAME, name, FNR - sigline + 1
	}')
listed() { grep -qE "^$1 $2:" "$list" 2>/dev/null; }
nlong=0
while read -r file name lines; do
	[ -z "$file" ] && continue
	nlong=$((nlong + 1))
	if listed "$file" "$name"; then
		pass "repo: $file $name ($lines lines) is listed in $list"
	else
		fail "repo: $file $name is $lines lines" "split it, or list it in $list with the reason it must stay whole (limit $MAX_FUNCTION_LINES)"
	fi
done <<<"$long"
# every entry must still be long: the list only shrinks
while IFS= read -r entry; do
	case $entry in ''|'#'*) continue ;; esac
	file=${entry%% *}; rest=${entry#* }; name=${rest%%:*}
	if ! grep -qE "^$file $name " <<<"$long"; then
		fail "repo: $list: $file $name" "no longer over $MAX_FUNCTION_LINES lines (or gone): remove its line"
	fi
done <"$list"
[ "$nlong" -eq 0 ] && pass "repo: no C function over $MAX_FUNCTION_LINES lines"

exit "$failed"
