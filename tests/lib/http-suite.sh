# tests/lib/http-suite.sh — the integration suite behind one real web server
# (sourced by tests/suites/http-lighttpd.sh and http-apache.sh).
#
#   http_suite lighttpd|apache
#
# 1. routing: kit-serve runs the contrib config for that server with a
#    stand-in app (tests/bin/echo-fcgi, which echoes what reached it) and the
#    fixture files of tests/http/routing/public; tests/http/routing/*.test
#    check static files, REQUEST_URI, streaming and the /__rsc/host-call
#    refusals. Then: a killed responder is replaced, and stopping kit-serve
#    leaves no process behind.
# 2. the example app: kit-build builds examples/hello, kit-serve serves it with
#    the real kit-fcgi, tests/http/hello/*.test check every route.
# SKIP only when the server itself is not installed.

. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""

# stage_for USER DIR FILE...: copy FILEs (dirs too) into DIR when USER cannot
# reach them where they are (Apache runs the app as www-data when we are root,
# and a checkout under /root is closed to it); prints the paths to use.
stage_for() {
	local user=$1 dir=$2 f
	shift 2
	for f in "$@"; do
		if [ "$(id -u)" -ne 0 ] || runuser -u "$user" -- test -r "$f" -a \( -x "$f" -o -f "$f" \) 2>/dev/null; then
			echo "$f"
		else
			mkdir -p "$dir"
			cp -a "$f" "$dir/"
			chmod -R a+rX "$dir"
			echo "$dir/$(basename "$f")"
		fi
	done
}

run_checks() { # run_checks LABEL APP_DIR FILE... : the .test files against KIT_SERVE_BASE
	local label=$1 app=$2
	shift 2
	"${NODE:-node}" "$KIT_TOP_SRCDIR/tests/lib/httpcheck.mjs" --base "$KIT_SERVE_BASE" \
		--label "$label" --app-dir "$app" ${http_vars[@]+"${http_vars[@]}"} "$@" ||
		failed=1
}

http_get_status() { # http_get_status PATH: print the status code (000 when no answer)
	"${NODE:-node}" -e '
		const r = require("http").get(process.argv[1], { agent: false }, (res) => {
			res.resume(); res.on("end", () => console.log(res.statusCode)); });
		r.setTimeout(10000, () => r.destroy());
		r.on("error", () => console.log("000"));' "$KIT_SERVE_BASE$1"
}

# A responder killed with SIGKILL is replaced: the next requests are answered.
check_respawn() {
	local label=$1 victim codes i
	victim=$(kit_serve_responders | head -n 1)
	if [ -z "$victim" ]; then
		fail "$label: respawn" "no responder process found below kit-serve"
		return
	fi
	kill -KILL "$victim"
	codes=
	for i in 1 2 3 4 5 6; do
		codes="$codes $(http_get_status /respawn-$i)"
	done
	if [ "$codes" = " 200 200 200 200 200 200" ]; then
		pass "$label: a killed responder is replaced"
	else
		fail "$label: a killed responder is replaced" "statuses after kill -9 of pid $victim:$codes"
	fi
}

# No responder died of a signal while the tests ran (the malformed requests
# of tests/http/hello/security-*.test among them).
check_no_crash() {
	local label=$1 crashes
	crashes=$(kit_log_crashes "$2")
	if [ -z "$crashes" ]; then
		pass "$label: no responder crashed (the error log has no signal line)"
	else
		fail "$label: no responder crashed (the error log has no signal line)" "$(echo "$crashes" | tr '\n' ' ')"
	fi
}

check_stop() {
	local label=$1
	if kit_serve_stop; then
		pass "$label: SIGTERM to kit-serve stops the server and every responder"
	else
		fail "$label: SIGTERM to kit-serve stops the server and every responder" "$KIT_SERVE_ERROR"
	fi
}

http_suite() {
	local server=$1 httpd work app echo_fcgi kit_fcgi user
	local hello=$KIT_TOP_SRCDIR/examples/hello
	http_vars=()

	case $server in
	lighttpd)
		httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
		[ -n "$httpd" ] && [ -x "$httpd" ] || {
			echo "SKIP: http-lighttpd: lighttpd is not installed (apt-get install lighttpd)"
			return 0
		}
		;;
	apache)
		httpd=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
		[ -n "$httpd" ] && [ -x "$httpd" ] && [ -f /usr/lib/apache2/modules/mod_fcgid.so ] || {
			echo "SKIP: http-apache: apache2 with mod_fcgid is not installed (apt-get install apache2 libapache2-mod-fcgid)"
			return 0
		}
		;;
	esac
	command -v "${NODE:-node}" >/dev/null || {
		fail "$server" "node is not installed (the test driver needs it)"
		return 1
	}
	[ -x "$KIT_TOP_BUILDDIR/kit-serve" ] || {
		fail "$server" "$KIT_TOP_BUILDDIR/kit-serve is not built (run make)"
		return 1
	}

	suite_work "http-$server"
	user=${KIT_SERVE_USER:-www-data}

	# 1. routing of the contrib config, with the stand-in app
	echo_fcgi=$KIT_TOP_BUILDDIR/tests/bin/echo-fcgi
	if [ ! -x "$echo_fcgi" ]; then
		fail "$server: routing" "$echo_fcgi is not built (make check builds it)"
	else
		app=$work/routing-app
		mkdir -p "$app/.kit/static" "$work/bin"
		cp -r "$KIT_TOP_SRCDIR/tests/http/routing/public" "$app/"
		printf 'export const fixture = 1;\n' >"$app/.kit/static/fixture.js"
		cp "$echo_fcgi" "$work/bin/echo-fcgi"
		chmod -R a+rX "$work"
		export KIT_FCGI=$work/bin/echo-fcgi
		if kit_serve_start "$server" "$app" "$work/run-routing"; then
			run_checks "$server" "$app" "$KIT_TOP_SRCDIR"/tests/http/routing/*.test
			check_respawn "$server: routing"
			check_stop "$server: routing"
		else
			fail "$server: routing: kit-serve starts" "$KIT_SERVE_ERROR"
		fi
		unset KIT_FCGI
	fi

	# 2. the example app with kit-fcgi
	if [ ! -x "$KIT_TOP_BUILDDIR/kit-build" ]; then
		fail "$server: hello" "$KIT_TOP_BUILDDIR/kit-build is not built (run make)"
		return 1
	fi
	if [ ! -x "$KIT_TOP_BUILDDIR/kit-fcgi" ]; then
		fail "$server: hello" "$KIT_TOP_BUILDDIR/kit-fcgi is not built (run make)"
		return 1
	fi
	if ! (cd "$hello" && "$KIT_TOP_BUILDDIR/kit-build") >"$work/kit-build.log" 2>&1; then
		fail "$server: hello: kit-build examples/hello" "$(tail -n 5 "$work/kit-build.log" | tr '\n' ' ')"
		return 1
	fi
	pass "$server: hello: kit-build examples/hello"
	app=$hello kit_fcgi=$KIT_TOP_BUILDDIR/kit-fcgi
	if [ "$server" = apache ]; then
		app=$(stage_for "$user" "$work/stage" "$hello")
		kit_fcgi=$(stage_for "$user" "$work/stage" "$kit_fcgi")
	fi
	export KIT_FCGI=$kit_fcgi
	http_vars=(--set "KIT_VERSION=$(cat "$app/.kit/version" 2>/dev/null)")
	if kit_serve_start "$server" "$app" "$work/run-hello"; then
		run_checks "$server" "$app" "$KIT_TOP_SRCDIR"/tests/http/hello/*.test
		check_stop "$server: hello"
		check_no_crash "$server: hello" "$work/run-hello/error.log"
	else
		fail "$server: hello: kit-serve starts" "$KIT_SERVE_ERROR"
	fi
	unset KIT_FCGI
	return $failed
}
