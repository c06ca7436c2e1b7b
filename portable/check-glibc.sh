#!/bin/sh
# portable/check-glibc.sh — checks that each PROGRAM runs with glibc 2.17:
# every GLIBC_x.y version it requires (objdump -p, "Version References") is
# 2.17 or older, and it names no shared library but glibc's own (libc, libm,
# libdl, libpthread). Prints what each program requires; exits 1 naming the
# versions or libraries too new, with the symbols that ask for them.
#
#   portable/check-glibc.sh PROGRAM...
#
# KIT_GLIBC_MAX=2.x checks against another minimum. make portable and the
# --enable-portable build run it on kit-fcgi and kit.cgi.
set -eu
max=${KIT_GLIBC_MAX:-2.17}
allowed='libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 ld-linux-x86-64.so.2'
status=0
[ $# -gt 0 ] || { echo "usage: $0 PROGRAM..." >&2; exit 2; }
# newer A B: whether version A is newer than B
newer() {
	[ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -n 1)" = "$1" ]
}
for prog in "$@"; do
	if ! head -c 4 "$prog" 2>/dev/null | grep -q ELF; then
		echo "check-glibc: $prog: not an ELF program" >&2
		status=1
		continue
	fi
	versions=$(objdump -p "$prog" | awk '/^Version References:/ { on = 1; next } on && $NF ~ /^GLIBC_[0-9]/ { sub(/^GLIBC_/, "", $NF); print $NF }' | sort -uV)
	needed=$(objdump -p "$prog" | awk '$1 == "NEEDED" { print $2 }')
	echo "check-glibc: $prog: glibc versions $(echo $versions | tr ' ' ','); libraries $(echo $needed)"
	for v in $versions; do
		if newer "$v" "$max"; then
			syms=$(objdump -T "$prog" | awk -v v="(GLIBC_$v)" '$0 ~ /\*UND\*/ && index($0, v) { print $NF }' | sort -u | tr '\n' ' ')
			echo "check-glibc: $prog needs GLIBC_$v, newer than $max, for: $syms(portable/glibc-compat.c binds each function to an older version)" >&2
			status=1
		fi
	done
	for lib in $needed; do
		case " $allowed " in
		*" $lib "*) ;;
		*)
			echo "check-glibc: $prog needs $lib, which is not part of glibc: link it statically (portable/local.mk)" >&2
			status=1
			;;
		esac
	done
done
exit $status
