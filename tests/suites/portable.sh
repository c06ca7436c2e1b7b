#!/bin/bash
# portable.sh — the portable kit-fcgi and kit.cgi (portable/README.md) in a
# root that holds glibc and nothing else.
#
# 1. The programs: the kit-fcgi and kit.cgi of a build configured with
#    --enable-portable; otherwise, when this suite runs by itself, make
#    portable relinks them into portable/ (a few seconds: the objects are the
#    usual ones). Under make check (tests/run) without --enable-portable it
#    says SKIP, unless KIT_PORTABLE_TEST=1 (what .ci/run sets).
#    portable/check-glibc.sh: no GLIBC version above 2.17, no library but
#    glibc's. Their ldd output and sizes are printed.
# 2. The root: ld-linux-x86-64.so.2, libc.so.6, libm.so.6, libdl.so.2 and
#    libpthread.so.0 copied from where ldd finds them, the two programs, and
#    a copy of examples/hello built with tests/portable/routes/ (two pages
#    using Intl and fetch). No SQLite, libfcgi, ICU or libcurl: checked.
# 3. Run in the root with chroot (root) or unshare -r chroot (a user
#    namespace): tests/portable/startup.c, linked as the programs are, sees
#    its constructors run once and its destructors at exit;
#    tests/portable/cxx.cc, linked with the C++ runtime as for ICU, catches
#    an exception and reads std::random_device; kit.cgi answers / (a stored page) and /blog/some-post (one
#    rendered per request), status and body the same bytes as the same
#    program outside the root; kit-fcgi, spoken to by bench/fcgi-client.py on
#    a Unix socket, answers the rendered page with the same body.
# 4. Intl works in the root (ICU is linked into the programs): a number, a
#    date in a named zone, collation, grouping and plurals, the same text as
#    the default build's kit.cgi (ICU by dlopen) prints outside the root,
#    from kit.cgi and from kit-fcgi. Without libcurl, fetch() throws an
#    error naming it, which the page catches and shows; kit.cgi exits 0 and
#    kit-fcgi answers the next request.
# SKIP when neither chroot as root nor unshare -r is possible.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin portable

# --- 1. the programs
if grep -q '^KIT_PORTABLE_BUILD = yes$' "$top_build/Makefile" 2>/dev/null; then
	fcgi=$top_build/kit-fcgi cgi=$top_build/kit.cgi
	made="configure --enable-portable"
elif [ -n "${KIT_TEST_RUNNER:-}" ] && [ -z "${KIT_PORTABLE_TEST:-}" ]; then
	skip "the portable kit-fcgi and kit.cgi: this build is not configured with --enable-portable; run tests/suites/portable.sh by itself (or KIT_PORTABLE_TEST=1) to relink them (make portable) and test them"
	exit 0
else
	suite_work portable
	if ! make -C "$top_build" portable >"$work/make.log" 2>&1; then
		fail "make portable" "$(tail -n 5 "$work/make.log" | tr '\n' ' ')"
		exit 1
	fi
	fcgi=$top_build/portable/kit-fcgi cgi=$top_build/portable/kit.cgi
	made="make portable"
fi
[ -n "${work:-}" ] || suite_work portable
pass "kit-fcgi and kit.cgi built ($made)"

check "kit-fcgi and kit.cgi need glibc 2.17 at most and no other library (portable/check-glibc.sh)" \
	sh "$top_src/portable/check-glibc.sh" "$fcgi" "$cgi"
for p in "$fcgi" "$cgi"; do
	echo "--- ldd $p"
	ldd "$p"
	strip -o "$work/stripped" "$p"
	echo "--- size: $(stat -c %s "$p") bytes, $(stat -c %s "$work/stripped") stripped"
done
rm -f "$work/stripped"

# --- 2. the root
run_in_root=()
if [ "$(id -u)" -eq 0 ] && command -v chroot >/dev/null; then
	run_in_root=(chroot)
elif command -v unshare >/dev/null && unshare -r true 2>/dev/null; then
	run_in_root=(unshare -r chroot)
else
	skip "running in a bare root: needs root (chroot) or user namespaces (unshare -r)"
	suite_end
fi
root=$work/root
mkdir -p "$root/bin"
# ldd's lines: "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)", "/lib64/ld-linux-x86-64.so.2 (0x...)"
libs=$( (ldd "$fcgi"; ldd "$cgi") | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | sort -u)
names=$(for f in $libs; do basename "$f"; done | sort | tr '\n' ' ')
check "ldd names glibc's files only: $names" \
	[ "$names" = "ld-linux-x86-64.so.2 libc.so.6 libdl.so.2 libm.so.6 libpthread.so.0 " ]
for f in $libs; do
	mkdir -p "$root$(dirname "$f")"
	cp -L "$f" "$root$f"
done
cp "$fcgi" "$cgi" "$root/bin/"
app=$work/app
cp -R "$top_src/examples/hello" "$app"
rm -rf "$app/.kit" "$app/.kit-store" "$app/node_modules"
cp -R "$top_src/tests/portable/routes/." "$app/src/app/"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build of examples/hello with tests/portable/routes" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
cp -R "$app" "$root/app"
echo "--- the root's shared libraries"
(cd "$root" && find . -name '*.so*' | sort)
check "the root holds no SQLite, libfcgi, ICU or libcurl" \
	[ -z "$(find "$root" -name 'libsqlite*' -o -name 'libfcgi*' -o -name 'libicu*' -o -name 'libcurl*')" ]

# --- 3. start-up, then kit.cgi and kit-fcgi in the root
# tests/portable/startup.c linked as the programs are: constructors once,
# destructors and atexit at exit, the wrapped calls
if ${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -o "$root/bin/startup" "$top_src/tests/portable/startup.c" \
	"$top_build/portable/glibc-compat.o" -lm -Wl,--no-as-needed $(grep -E '^KIT_PORTABLE_(PTHREAD|DL) = ' "$top_build/Makefile" | cut -d' ' -f3) \
	>"$work/startup.log" 2>&1; then
	"${run_in_root[@]}" "$root" /bin/startup >"$work/startup.out" 2>&1
	printf '%s\n' "constructors: 1" "stat: 1" "getrandom: 1" "pow: 1024" "thread: 1" \
		"dlopen: libkit-absent.so: cannot open shared object file: No such file or directory" \
		"atexit ran" "destructor ran" >"$work/startup.expect"
	check "start-up in the root: constructors once, then stat, getrandom, pow, a thread, dlopen, atexit, destructors" \
		diff "$work/startup.expect" "$work/startup.out"
	rm -f "$root/bin/startup"
else
	fail "tests/portable/startup.c linked with portable/glibc-compat.o" "$(tail -n 3 "$work/startup.log" | tr '\n' ' ')"
fi


# tests/portable/cxx.cc linked with the C++ runtime as the programs link it
# for ICU: an exception caught, std::random_device's getentropy and arc4random
stdcxx=$(grep -E '^KIT_PORTABLE_STDCXX = ' "$top_build/Makefile" | cut -d' ' -f3)
if ${CXX:-c++} -O2 -c -o "$work/cxx.o" "$top_src/tests/portable/cxx.cc" >"$work/cxx.log" 2>&1 &&
	${CC:-cc} -o "$root/bin/cxx" -Wl,--no-as-needed -static-libgcc "$work/cxx.o" "$top_build/portable/glibc-compat.o" \
		$stdcxx -lm $(grep -E '^KIT_PORTABLE_(PTHREAD|DL) = ' "$top_build/Makefile" | cut -d' ' -f3) >>"$work/cxx.log" 2>&1; then
	check "the C++ runtime linked as for ICU needs glibc 2.17 at most" sh "$top_src/portable/check-glibc.sh" "$root/bin/cxx"
	"${run_in_root[@]}" "$root" /bin/cxx >"$work/cxx.out" 2>&1
	printf '%s\n' "caught: thrown" "getentropy: two values" "arc4random: two values" >"$work/cxx.expect"
	check "C++ in the root: an exception is caught (_dl_find_object), std::random_device reads getentropy and arc4random" \
		diff "$work/cxx.expect" "$work/cxx.out"
	rm -f "$root/bin/cxx"
else
	fail "tests/portable/cxx.cc linked with libstdc++.a and portable/glibc-compat.o" "$(tail -n 3 "$work/cxx.log" | tr '\n' ' ')"
fi

# cgi_in URI OUT: kit.cgi in the root; cgi_out URI OUT: the same program outside
cgi_in() {
	REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=/app \
		"${run_in_root[@]}" "$root" /bin/kit.cgi >"$2" 2>"$2.err"
}
cgi_out() {
	REQUEST_METHOD=GET REQUEST_URI=$1 SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$root/app "$cgi" >"$2" 2>"$2.err"
}
# body FILE: what follows the blank line after the head
body() { sed '1,/^\r\{0,1\}$/d' "$1"; }

for case in "/ home stored" "/blog/some-post post rendered"; do
	set -- $case
	uri=$1 name=$2 kind=$3
	if ! cgi_in "$uri" "$work/$name.in"; then
		fail "kit.cgi in the root: $uri" "exited $?: $(head -c 300 "$work/$name.in.err")"
		continue
	fi
	cgi_out "$uri" "$work/$name.out"
	check "kit.cgi in the root: $uri ($kind): Status: 200 OK" [ "$(head -n 1 "$work/$name.in" | tr -d '\r')" = "Status: 200 OK" ]
	check "kit.cgi in the root: $uri: the same bytes as outside the root ($(body "$work/$name.in" | wc -c) bytes of body)" \
		cmp -s "$work/$name.in" "$work/$name.out"
done
check "kit.cgi in the root: / is the stored page" grep -q '^X-RSC-Kit: stored' "$work/home.in"
check "kit.cgi in the root: /blog/some-post renders the post" grep -q '<h1>some post</h1>' "$work/post.in"

# fcgi_in N URI OUT: N requests to kit-fcgi started in the root on a Unix
# socket; OUT: the first answer (FCGI_CLIENT_SHOW writes it to stderr, then
# a line "STATUS N requests in T s", in OUT.err)
fcgi_in() {
	FCGI_CLIENT_SHOW=1 timeout 60 python3 "$top_src/bench/fcgi-client.py" "$1" "$2" /app -- \
		"${run_in_root[@]}" "$root" /bin/kit-fcgi 2>"$3.err" || return 1
	sed -n '/^Status: /,$p' "$3.err" | sed '$d' >"$3"
}
if fcgi_in 3 /blog/some-post "$work/post.fcgi"; then
	pass "kit-fcgi in the root: 3 requests to one responder ($(tail -n 1 "$work/post.fcgi.err"))"
	check "kit-fcgi in the root: /blog/some-post: Status: 200 OK" \
		[ "$(head -n 1 "$work/post.fcgi" | tr -d '\r')" = "Status: 200 OK" ]
	check "kit-fcgi in the root: /blog/some-post: the body kit.cgi gives" \
		[ "$(body "$work/post.fcgi")" = "$(body "$work/post.in")" ]
else
	fail "kit-fcgi in the root: /blog/some-post" "$(tail -n 3 "$work/post.fcgi.err" | tr '\n' ' ')"
fi

# --- 4. Intl with ICU linked in; fetch() without libcurl
# intl_of FILE: the probes' paragraphs of /portable-intl, one a line
intl_of() { grep -o '<p id="[a-z]*">[^<]*</p>' "$1" | sed 's/<!-- -->//g'; }
cat >"$work/intl.expect" <<'INTL'
<p id="intl">formatted: 1.234,5</p>
<p id="date">formatted: Sunday, 31 March 2024 at 14:00:00 CEST</p>
<p id="collator">formatted: a,o,z,ä,Ä -1</p>
<p id="locale">formatted: 12,34,567.891 few</p>
INTL
if grep -q '^KIT_PORTABLE_BUILD = yes$' "$top_build/Makefile" 2>/dev/null; then
	# the build's own kit.cgi is the portable one: compare with it outside the root
	ref=$cgi ref_name="the portable kit.cgi outside the root"
else
	ref=$top_build/kit.cgi ref_name="the default build's kit.cgi (ICU by dlopen)"
fi
REQUEST_METHOD=GET REQUEST_URI=/portable-intl SERVER_PROTOCOL=HTTP/1.1 KIT_APP_DIR=$root/app "$ref" >"$work/intl.ref" 2>"$work/intl.ref.err"
intl_of "$work/intl.ref" >"$work/intl.ref.p"
check "$ref_name: /portable-intl formats a number, a date in Europe/Berlin, Swedish and German collation, en-IN grouping, Russian plurals" \
	diff "$work/intl.expect" "$work/intl.ref.p"
if cgi_in /portable-intl "$work/intl.in"; then
	pass "kit.cgi in the root: /portable-intl exits 0"
	intl_of "$work/intl.in" >"$work/intl.in.p"
	check "kit.cgi in the root (no libicu): Intl works, the same as $ref_name: $(tr '\n' ' ' <"$work/intl.in.p" | head -c 300)" \
		diff "$work/intl.ref.p" "$work/intl.in.p"
else
	fail "kit.cgi in the root: /portable-intl" "exited $?: $(head -c 300 "$work/intl.in.err")"
fi
if cgi_in /portable-fetch "$work/fetch.in"; then
	pass "kit.cgi in the root: /portable-fetch exits 0"
	check "kit.cgi in the root: fetch() rejects, naming libcurl: $(grep -o '<p id="fetch">[^<]*' "$work/fetch.in" | head -c 160)" \
		grep -q '<p id="fetch">error: Error: fetch: cannot load libcurl (libcurl\.so\.4), needed for fetch(), rpc() and forwarding to the backend: libcurl\.so\.4: cannot open shared object file: No such file or directory (on Debian' "$work/fetch.in"
else
	fail "kit.cgi in the root: /portable-fetch" "exited $?: $(head -c 300 "$work/fetch.in.err")"
fi
if fcgi_in 2 /portable-intl "$work/intl.fcgi"; then
	intl_of "$work/intl.fcgi" >"$work/intl.fcgi.p"
	check "kit-fcgi in the root: /portable-intl twice, Intl the same as kit.cgi's" \
		diff "$work/intl.expect" "$work/intl.fcgi.p"
else
	fail "kit-fcgi in the root: /portable-intl, twice" "$(tail -n 3 "$work/intl.fcgi.err" | tr '\n' ' ')"
fi
if fcgi_in 2 /portable-fetch "$work/fetch.fcgi"; then
	check "kit-fcgi in the root: /portable-fetch shows the error, and the responder answers the next request" \
		grep -q '<p id="fetch">error: Error: [^<]*cannot open shared object file' "$work/fetch.fcgi"
else
	fail "kit-fcgi in the root: /portable-fetch, twice" "$(tail -n 3 "$work/fetch.fcgi.err" | tr '\n' ' ')"
fi
suite_end
