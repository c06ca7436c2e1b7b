#!/bin/sh
# mujs/apply-patches.sh — unpacks the pinned mujs source and applies kit's
# patch series (mujs/patches/series, in order) to it.
#
#   mujs/apply-patches.sh ORIG_TARBALL PATCH_DIR OUT_DIR
#
# OUT_DIR receives the patched sources (one.c, mujs.h, ...). Every patch must
# apply exactly (patch --fuzz=0): a patch that no longer fits the pinned
# source stops the build with its name, instead of landing somewhere else.
set -eu
orig=$1 patches=$2 out=$3
tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
tar -xJf "$orig" -C "$tmp" --strip-components=1
grep -v '^[[:space:]]*\(#\|$\)' "$patches/series" | while read -r p; do
	if ! patch -d "$tmp" -p1 --fuzz=0 --batch --forward --no-backup-if-mismatch -s <"$patches/$p"; then
		echo "mujs/apply-patches.sh: $p does not apply cleanly to $(basename "$orig")" >&2
		exit 1
	fi
done
mkdir -p "$out"
# into place file by file: the build keeps its dependency files in OUT_DIR
cp -pR "$tmp"/. "$out"/
rm -rf "$tmp"
