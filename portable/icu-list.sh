#!/bin/sh
# portable/icu-list.sh — writes, to standard output, the list of ICU
# functions the Intl files bind (every KIT_ICU_SYM(fn) of a table: a line
# of FILE... beginning with it) and the ICU headers declaring them (every
# <unicode/...> the files include), for
# portable/icu-static.c. The Intl files' tables stay the one list: the
# portable link takes it from them (portable/local.mk makes
# portable/icu-list.h with this).
#
#   portable/icu-list.sh intl/*.c intl/*.h
set -eu
[ $# -gt 0 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
echo "/* made by portable/icu-list.sh from the Intl files: do not edit */"
grep -ho '^[[:space:]]*#[[:space:]]*include <unicode/[a-z0-9_]*\.h>' "$@" | LC_ALL=C sort -u
echo "#define KIT_ICU_LIST(X) \\"
grep -h '^[[:space:]]*KIT_ICU_SYM(' "$@" | grep -o 'KIT_ICU_SYM([A-Za-z0-9_]*)' | sed 's/^KIT_ICU_SYM(\(.*\))$/\1/' | LC_ALL=C sort -u |
	sed 's/^\(.*\)$/	X(\1) \\/'
echo "	/* end */"
