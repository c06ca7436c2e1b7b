#!/bin/bash
# debian.sh — kit's Debian package (debian/): built, extracted, used.
#
# contrib/build-deb builds kit_*.deb from this checkout in a scratch
# directory (dpkg-buildpackage -us -uc -b: configure, make, make install
# DESTDIR, about 5 minutes on 2 busy cores), or KIT_DEB names a .deb built
# already. The package is extracted with dpkg-deb -x into a scratch root and
# checked: the tools in usr/bin, a manual page per tool (and `man -l` of
# kit-build's lists every flag of its --help), the contrib configs and the
# data directory in usr/share/kit, the toolchain's native binaries under
# usr/lib/kit, Depends (libfcgi, SQLite, ICU, libcurl, nodejs). Then the
# extracted tools are used as they are (no KIT_DATADIR): kit-new writes an
# app, kit-build builds it, kit.cgi answers its home page and API route.
# lintian runs on the .deb when installed: no error or warning may be left
# (debian/kit.lintian-overrides explains the rest).
#
# Not part of `make check`, where it says SKIP: the package build and
# lintian take 3 to 17 minutes on 2 shared cores (measured: the build 2 min
# 18 s on a quiet machine, 4 min 38 s and 14 min 37 s beside other builds;
# lintian 0.5 to 1.5 min). `make deb-check` runs it
# (KIT_DEB_CHECK=1). SKIP when dpkg-buildpackage or debhelper is missing
# (apt-get install dpkg-dev debhelper lintian).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin debian

if [ -z "${KIT_DEB_CHECK:-}" ] && [ -z "${KIT_DEB:-}" ]; then
	skip "the Debian package: building it takes 3 to 17 minutes, so make check leaves it to make deb-check"
	exit 0
fi
if [ -z "${KIT_DEB:-}" ]; then
	if ! command -v dpkg-buildpackage >/dev/null || ! command -v dh >/dev/null; then
		skip "the package: dpkg-buildpackage or debhelper is not installed (apt-get install dpkg-dev debhelper lintian)"
		exit 0
	fi
fi
suite_need dpkg-deb "it extracts the package"
suite_work debian

# --- build
if [ -n "${KIT_DEB:-}" ]; then
	deb=$KIT_DEB
else
	t0=$(date +%s)
	if ! "$top_src/contrib/build-deb" "$work/deb" >"$work/build-deb.out" 2>&1; then
		fail "dpkg-buildpackage -us -uc -b builds kit_*.deb" "$(tail -n 15 "$work/build-deb.out" | tr '\n' ' ')"
		exit 1
	fi
	deb=$(ls "$work"/deb/kit_*_*.deb | grep -v dbgsym | head -n 1)
	pass "dpkg-buildpackage -us -uc -b builds $(basename "$deb") ($(( $(date +%s) - t0 )) s)"
	# Debian's hardening flags (-O2 -D_FORTIFY_SOURCE=2 ...) let GCC see
	# more (-Wformat-truncation through inlined calls) than kit's own build:
	# kit's C compiles without a warning under them too (mujs is built -w)
	warnings=$(grep -E '^[^ :]+\.[ch]:[0-9]+:[0-9]+: warning:' "$work/build-deb.out" | head -n 3)
	check "the package build has no compiler warning under Debian's hardening flags${warnings:+ ($warnings)}" test -z "$warnings"
fi
[ -f "$deb" ] || { fail "the package" "$deb does not exist"; exit 1; }
echo "MEASURE: $(basename "$deb") $(stat -c %s "$deb") bytes, installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"

# --- metadata
depends=$(dpkg-deb -f "$deb" Depends)
for d in libfcgi0ldbl libsqlite3-0 'libicu[0-9]' libcurl4 'nodejs (>= 18)' libc6; do
	check "Depends names $d ($depends)" grep -q -- "$d" <<<"$depends"
done

# --- files
root=$work/root
dpkg-deb -x "$deb" "$root" || { fail "dpkg-deb -x" "cannot extract $deb"; exit 1; }
missing=
for f in usr/bin/kit-build usr/bin/kit-serve usr/bin/kit-fcgi usr/bin/kit.cgi usr/bin/kit-new usr/bin/kit-typegen; do
	[ -x "$root/$f" ] || missing="$missing $f"
done
check "the tools are in /usr/bin${missing:+ (missing:$missing)}" test -z "$missing"
missing=
for f in contrib/README.md contrib/htaccess contrib/lighttpd/kit.conf contrib/lighttpd/lighttpd.conf \
	contrib/lighttpd/kit-pages.lua contrib/apache/kit.conf contrib/apache/httpd.conf \
	js/Link.tsx js/server/runtime.ts runtime/polyfills.js toolchain/bundle.mjs \
	new-app/package.json new-app/gitignore; do
	[ -f "$root/usr/share/kit/$f" ] || missing="$missing $f"
done
check "the contrib configs and the data directory are in /usr/share/kit${missing:+ (missing:$missing)}" test -z "$missing"
check "the toolchain's native binaries are under /usr/lib/kit, linked from /usr/share/kit/toolchain" \
	bash -c "[ -L '$root/usr/share/kit/toolchain/node_modules' ] && [ -x '$root/usr/lib/kit/node_modules/esbuild/bin/esbuild' ] &&
		[ -f '$root/usr/share/kit/toolchain/node_modules/@types/react/index.d.ts' ] &&
		! find '$root/usr/share' -type f -name '*.node' | grep -q ."
missing=
for t in kit-build kit-serve kit-fcgi kit.cgi kit-new kit-typegen; do
	[ -f "$root/usr/share/man/man1/$t.1.gz" ] || missing="$missing $t.1.gz"
done
check "a manual page per tool in /usr/share/man/man1${missing:+ (missing:$missing)}" test -z "$missing"
check "/usr/share/doc/kit/copyright" test -f "$root/usr/share/doc/kit/copyright"
if command -v man >/dev/null && [ -f "$root/usr/share/man/man1/kit-build.1.gz" ]; then
	page=$(MANWIDTH=200 man -l "$root/usr/share/man/man1/kit-build.1.gz" 2>/dev/null)
	flags=$(KIT_DATADIR= "$root/usr/bin/kit-build" --help 2>&1 | grep -oE -- '(^|[][ |])--[a-z][a-z-]*' | sed -E 's/^[][ |]//' | sort -u)
	absent=
	for f in $flags; do grep -q -- "$f" <<<"$page" || absent="$absent $f"; done
	check "man kit-build lists every flag of kit-build --help ($(echo $flags))${absent:+ (absent:$absent)}" \
		test -n "$flags" -a -z "$absent"
fi

# --- the extracted tools at work (they find usr/share/kit beside usr/bin)
clean_env=(env -u KIT_DATADIR -u KIT_TOP_BUILDDIR -u KIT_TOP_SRCDIR -u KIT_FCGI -u KIT_BUILD)
mkdir -p "$work/apps"
if (cd "$work/apps" && "${clean_env[@]}" "$root/usr/bin/kit-new" demo) >"$work/kit-new.out" 2>&1; then
	pass "the package's kit-new writes an app"
	check "its tsconfig.json points at the package's data directory" \
		grep -qF "$(cd "$root/usr/share/kit" && pwd -P)/js/*" "$work/apps/demo/tsconfig.json"
	if (cd "$work/apps/demo" && "${clean_env[@]}" "$root/usr/bin/kit-build") >"$work/build.log" 2>&1; then
		pass "the package's kit-build builds it (its toolchain, through the link)"
		cgi() { # cgi PATH QUERY: the package's kit.cgi answers one request
			(cd "$work/apps/demo" && "${clean_env[@]}" REQUEST_METHOD=GET REQUEST_URI="$1${2:+?$2}" \
				SCRIPT_NAME= PATH_INFO="$1" QUERY_STRING="$2" SERVER_NAME=localhost SERVER_PORT=80 \
				SERVER_PROTOCOL=HTTP/1.1 HTTP_HOST=localhost GATEWAY_INTERFACE=CGI/1.1 "$root/usr/bin/kit.cgi") 2>>"$work/cgi.err"
		}
		cgi / "" >"$work/home.txt"
		check "the package's kit.cgi answers the home page" \
			bash -c "grep -q '^Status: 200\|^Content-Type: text/html' '$work/home.txt' && grep -qF 'Welcome to demo' '$work/home.txt'"
		cgi /api/hello name=deb >"$work/api.txt"
		check "the package's kit.cgi answers the API route" grep -qF '{"message":"Hello, deb!"}' "$work/api.txt"
	else
		fail "the package's kit-build builds it (its toolchain, through the link)" "$(tail -n 8 "$work/build.log" | tr '\n' ' ')"
	fi
else
	fail "the package's kit-new writes an app" "$(cat "$work/kit-new.out")"
fi

# --- lintian
if command -v lintian >/dev/null; then
	nice lintian "$deb" >"$work/lintian.out" 2>&1
	tags=$(grep -E '^(E|W):' "$work/lintian.out")
	if [ -z "$tags" ]; then
		pass "lintian: no error or warning (debian/kit.lintian-overrides gives the reason of each override)"
	else
		fail "lintian: no error or warning" "$(head -n 8 <<<"$tags" | tr '\n' ' ')"
	fi
else
	skip "lintian: not installed (apt-get install lintian)"
fi
suite_end
