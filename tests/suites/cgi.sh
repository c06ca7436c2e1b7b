#!/bin/bash
# cgi.sh — kit.cgi, the app as plain CGI (one process per request).
#
# 1. kit.cgi run directly with a CGI environment (REQUEST_METHOD, REQUEST_URI,
#    HTTP_*, body on stdin; tests/lib/httpcheck.mjs --cgi parses its output):
#    every route of examples/hello (tests/http/hello/*.test).
# 2. Apache set up like a shared host (tests/lib/apache-htaccess.conf) with
#    contrib/htaccess as it is: the routing tests with the stand-in app
#    (tests/bin/echo-fcgi, which is also a CGI program), then examples/hello
#    with kit.cgi. SKIP when Apache is not installed.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""
httpcheck() {
	"${NODE:-node}" "$KIT_TOP_SRCDIR/tests/lib/httpcheck.mjs" "$@" || failed=1
}

hello=$KIT_TOP_SRCDIR/examples/hello
kit_cgi=$KIT_TOP_BUILDDIR/kit.cgi
suite_work cgi

hello_built=
if [ ! -x "$kit_cgi" ]; then
	fail "cgi" "$kit_cgi is not built (run make)"
elif [ ! -x "$KIT_TOP_BUILDDIR/kit-build" ]; then
	fail "cgi" "$KIT_TOP_BUILDDIR/kit-build is not built (run make)"
elif ! (cd "$hello" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
	fail "cgi: kit-build examples/hello" "$(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
else
	hello_built=1
	pass "cgi: kit-build examples/hello"
	httpcheck --cgi "$kit_cgi" --label cgi --app-dir "$hello" \
		--set "KIT_VERSION=$(cat "$hello/.kit/version" 2>/dev/null)" \
		"$KIT_TOP_SRCDIR"/tests/http/hello/*.test
	# a stored page makes no transfer: libcurl is not even loaded (render/curl.c)
	loaded=$(cd "$hello" && LD_DEBUG=files REQUEST_METHOD=GET REQUEST_URI=/about SERVER_PROTOCOL=HTTP/1.1 \
		KIT_APP_DIR=$hello "$kit_cgi" 2>&1 >/dev/null | grep -o 'file=libcurl[^ ]*' | head -n 1)
	if [ -z "$loaded" ]; then
		pass "cgi: a stored page does not load libcurl"
	else
		fail "cgi: a stored page does not load libcurl" "kit.cgi loaded ${loaded#file=} for /about"
	fi
fi

# --- 2. Apache + contrib/htaccess
httpd=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
modules=/usr/lib/apache2/modules
if [ -z "$httpd" ] || [ ! -x "$httpd" ] || [ ! -f $modules/mod_cgid.so ]; then
	echo "SKIP: cgi: apache-htaccess: apache2 is not installed (apt-get install apache2)"
	exit $failed
fi
if [ "$(id -u)" -eq 0 ]; then
	user=${KIT_SERVE_USER:-www-data} group=$(id -gn "${KIT_SERVE_USER:-www-data}")
else
	user=$(id -un) group=$(id -gn)
fi

# deploy APP CGI_PROGRAM DOCROOT: lay out a document root as contrib/htaccess says.
deploy() {
	local app=$1 program=$2 docroot=$3
	mkdir -p "$docroot/_kit"
	[ -d "$app/public" ] && cp -r "$app/public/." "$docroot/"
	[ -d "$app/.kit/static" ] && cp -r "$app/.kit/static" "$docroot/_kit/static"
	cp "$program" "$docroot/kit.cgi"
	[ -d "$app/.kit-store/www" ] && ln -s "$app/.kit-store/www/current/a" "$docroot/_kit/pages"
	sed "s|@KIT_APP_DIR@|$app|g" "$KIT_TOP_SRCDIR/contrib/htaccess" >"$docroot/.htaccess"
	chmod -R a+rX "$docroot"
	chmod 0755 "$docroot/kit.cgi"
}

# start_apache NAME DOCROOT: the shared-host Apache on a free port.
start_apache() {
	local run=$work/$1 docroot=$2
	mkdir -p "$run"
	KIT_SERVE_PORT=$(kit_free_port) KIT_SERVE_BASE=
	sed -e "s|@RUN_DIR@|$run|g" -e "s|@PORT@|$KIT_SERVE_PORT|g" -e "s|@DOCROOT@|$docroot|g" \
		-e "s|@USER@|$user|g" -e "s|@GROUP@|$group|g" -e "s|@MODULES@|$modules|g" \
		"$KIT_TOP_SRCDIR/tests/lib/apache-htaccess.conf" >"$run/httpd.conf"
	# the sanitizer build (tests/lib/suite.sh): mod_cgid passes no environment on
	local v
	for v in ASAN_OPTIONS UBSAN_OPTIONS; do
		[ -z "${!v:-}" ] || echo "PassEnv $v" >>"$run/httpd.conf"
	done
	kit_httpd_start "$run"
}

stop_apache() {
	kit_serve_stop || fail "cgi: $1: Apache stops cleanly" "$KIT_SERVE_ERROR"
}

# The routing of contrib/htaccess, with the stand-in app as the CGI program.
echo_cgi=$KIT_TOP_BUILDDIR/tests/bin/echo-fcgi
if [ ! -x "$echo_cgi" ]; then
	fail "cgi: apache-htaccess routing" "$echo_cgi is not built (make check builds it)"
else
	app=$work/routing-app
	mkdir -p "$app/.kit/static"
	cp -r "$KIT_TOP_SRCDIR/tests/http/routing/public" "$app/"
	printf 'export const fixture = 1;\n' >"$app/.kit/static/fixture.js"
	chmod -R a+rX "$app"
	deploy "$app" "$echo_cgi" "$work/docroot-routing"
	if start_apache run-routing "$work/docroot-routing"; then
		httpcheck --base "$KIT_SERVE_BASE" --label apache-htaccess --app-dir "$app" \
			"$KIT_TOP_SRCDIR"/tests/http/routing/*.test
		stop_apache routing
	else
		fail "cgi: apache-htaccess routing: Apache starts" "$KIT_SERVE_ERROR"
	fi
fi

# examples/hello with kit.cgi behind the .htaccess front controller.
if [ -n "$hello_built" ]; then
	# the app, outside the document root, readable by the user Apache runs CGI as
	app=$work/hello-app
	cp -r "$hello" "$app"
	chmod -R a+rX "$app"
	deploy "$app" "$kit_cgi" "$work/docroot-hello"
	if start_apache run-hello "$work/docroot-hello"; then
		httpcheck --base "$KIT_SERVE_BASE" --label apache-htaccess --app-dir "$app" \
			--set "KIT_VERSION=$(cat "$app/.kit/version" 2>/dev/null)" \
			"$KIT_TOP_SRCDIR"/tests/http/hello/*.test
		# stored pages answered by Apache from _kit/pages/ (mod_asis), not by
		# kit.cgi: with kit.cgi gone they still answer, a page rendered per
		# request does not; with the link gone, kit.cgi answers the same head
		# and body (but Date, and the framing: mod_cgid sends kit.cgi's answer
		# chunked, dropping the Content-Length kit.cgi wrote, which Apache's
		# own answer keeps)
		v=$(cat "$app/.kit/version")
		page_head() { # page_head NAME PATH [curl args]: head without Date into $work/NAME.h, body $work/NAME.b
			local n=$1 p=$2
			shift 2
			curl -s --max-time 10 -D - -o "$work/$n.b" "$@" "$KIT_SERVE_BASE$p" | tr -d '\r' |
				grep -v -i -E '^(date|content-length|transfer-encoding):' | sort >"$work/$n.h"
			curl -s --max-time 10 -o /dev/null -w '%{size_download} %header{content-length}\n' "$@" \
				"$KIT_SERVE_BASE$p" >"$work/$n.len"
		}
		page_head doc /about
		page_head nav /about -H 'X-RSC: true' -H "X-RSC-Version: $v" -H 'X-RSC-Segments: app/layout'
		mv "$work/docroot-hello/kit.cgi" "$work/kit.cgi.away"
		page_head doc-off /about
		page_head nav-off /about -H 'X-RSC: true' -H "X-RSC-Version: $v" -H 'X-RSC-Segments: app/layout'
		page_head live-off /whoami
		mv "$work/kit.cgi.away" "$work/docroot-hello/kit.cgi"
		if grep -q '^HTTP/1.1 200' "$work/doc-off.h" && grep -qi '^x-rsc-kit: stored' "$work/doc-off.h" &&
			awk '{ exit !($1 == $2 && $1 > 0) }' "$work/doc-off.len" &&
			grep -q '^HTTP/1.1 200' "$work/nav-off.h" && grep -qi '^x-rsc-segment-depth: 1' "$work/nav-off.h" &&
			! grep -q '^HTTP/1.1 200' "$work/live-off.h"; then
			pass "cgi: apache-htaccess: stored document (with its Content-Length) and payload answered without kit.cgi (a live page is not)"
		else
			fail "cgi: apache-htaccess: stored document (with its Content-Length) and payload answered without kit.cgi (a live page is not)" \
				"$(head -n 1 "$work/doc-off.h" "$work/nav-off.h" "$work/live-off.h" | tr '\n' ' ')"
		fi
		rm "$work/docroot-hello/_kit/pages"
		page_head doc-cgi /about
		page_head nav-cgi /about -H 'X-RSC: true' -H "X-RSC-Version: $v" -H 'X-RSC-Segments: app/layout'
		if diff "$work/doc.h" "$work/doc-cgi.h" >"$work/doc.diff" && cmp -s "$work/doc.b" "$work/doc-cgi.b" &&
			diff "$work/nav.h" "$work/nav-cgi.h" >"$work/nav.diff" && cmp -s "$work/nav.b" "$work/nav-cgi.b"; then
			pass "cgi: apache-htaccess: Apache's stored answers equal kit.cgi's, head and body"
		else
			fail "cgi: apache-htaccess: Apache's stored answers equal kit.cgi's, head and body" \
				"$(cat "$work/doc.diff" "$work/nav.diff" | tr '\n' ' ')"
		fi
		stop_apache hello
		crashes=$(kit_log_crashes "$work/run-hello/error.log")
		if [ -z "$crashes" ]; then
			pass "cgi: apache-htaccess hello: no kit.cgi crashed (the error log has no signal line)"
		else
			fail "cgi: apache-htaccess hello: no kit.cgi crashed (the error log has no signal line)" "$(echo "$crashes" | tr '\n' ' ')"
		fi
	else
		fail "cgi: apache-htaccess hello: Apache starts" "$KIT_SERVE_ERROR"
	fi
fi
exit $failed
