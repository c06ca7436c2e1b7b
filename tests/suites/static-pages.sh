#!/bin/bash
# static-pages.sh — stored pages answered by the web server itself
# (build/www.h, contrib/lighttpd/kit-pages.lua, docs/build-output.md "Served
# by the web server"), on tests/fixtures/build/apps/prerender.
#
# - kit-build lays out the stored pages no middleware applies to in
#   .kit-store/www/<version>/ and points www/current at the active version;
# - lighttpd answers each stored document and payload with the responder
#   stopped (SIGSTOP: a request that reached it would hang; the requests that
#   need it are shown to hang, so the proof can fail);
# - header for header and byte for byte the answer kit-fcgi gives to the same
#   request (a second server with KIT_SERVE_PAGES=off), but for what lighttpd
#   adds to every file (ETag, Last-Modified, Accept-Ranges, Date);
# - a route under middleware.ts, a query string, a trailing slash, a client
#   of another version (409), X-RSC-Intercept still reach the responder; a
#   file of public/ at a stored page's path is still the web server's;
# - a rollback switches the served files; a publish under a loop of requests
#   never answers one version's file with another's X-RSC-Version; pruned
#   versions lose their tree; an app with a Next.js-shaped src/middleware.ts
#   publishes only the pages its matcher does not cover, answered only for
#   their path as it is.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin static-pages

httpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$httpd" ] || [ ! -x "$httpd" ]; then
	echo "SKIP: static-pages: lighttpd is not installed (apt-get install lighttpd)"
	exit 0
fi
suite_work static-pages
printf 'server.modules = ( "mod_magnet" )\nserver.document-root = "%s"\n' "$work" >"$work/probe.conf"
if ! "$httpd" -tt -f "$work/probe.conf" >/dev/null 2>&1; then
	echo "SKIP: static-pages: lighttpd has no mod_magnet (apt-get install lighttpd-modules-lua)"
	exit 0
fi

app=$work/app
cp -R "$top_src/tests/fixtures/build/apps/prerender" "$app"
printf '{"keepVersions": 2}\n' >"$app/kit.config.json"
# a route at /index beside the root: its own stored file (store/store.c keys
# are injective: "index~"), its own tree entry and its own answer
mkdir -p "$app/src/app/index"
printf 'export default function IndexRoute() {\n  return <h1>the index route</h1>;\n}\n' >"$app/src/app/index/page.tsx"
page=$app/src/app/page.tsx
www=$app/.kit-store/www

build() { # build LABEL: <h1>LABEL</h1> on /, prints the version
	printf 'export default function Home() {\n  return <h1>%s</h1>;\n}\n' "$1" >"$page"
	"$top_build/kit-build" "$app" >"$work/build-$1.log" 2>&1 || {
		fail "kit-build ($1)" "$(tail -n 5 "$work/build-$1.log" | tr '\n' ' ')"
		exit 1
	}
	cat "$app/.kit/version"
}

v1=$(build one)
check "the tree of the version, current pointing at it" \
	test "$(readlink "$www/current")" = "$v1" -a "$(cat "$www/$v1/version")" = "$v1"
check "documents and payloads of stored pages laid out" \
	test -s "$www/$v1/doc.html" -a -s "$www/$v1/nav.0.rsc" -a -s "$www/$v1/nav.1.rsc" -a \
	-s "$www/$v1/doc/posts/one.html" -a -s "$www/$v1/nav/posts/one.layouts"
check "hard links to the store's files" \
	test "$www/$v1/doc.html" -ef "$app/.kit-store/stored/$v1/index.html"
check "/ stored as index.html" grep -q '<h1>one</h1>' "$app/.kit-store/stored/$v1/index.html"
check "/index stored as index~.html, not over the root's" \
	grep -q 'the index route' "$app/.kit-store/stored/$v1/index~.html"
check "/index laid out as doc/index.html" test "$www/$v1/doc/index.html" -ef "$app/.kit-store/stored/$v1/index~.html"
check "a page under middleware.ts is not laid out (its answer is private)" \
	test -s "$app/.kit-store/stored/$v1/guarded.html" -a ! -e "$www/$v1/doc/guarded.html"
check "no redirect, shell or API answer is laid out" \
	test -z "$(find "$www/$v1" -name '*.json' -o -name '*.ppr*' -o -name '*.api' | head -n 1)" -a ! -e "$www/$v1/doc/api"

# a file of public/ at a stored page's path is the web server's, as always
mkdir -p "$app/public/posts"
printf 'the public file\n' >"$app/public/posts/one"

server=lighttpd
# two servers on the same app: lighttpd answering stored pages itself, and
# the responder's path (KIT_SERVE_PAGES=off) for the same requests
KIT_SERVE_PAGES=off kit_serve_start lighttpd "$app" "$work/run-off" --procs 1 || {
	fail "kit-serve (pages off) starts" "$KIT_SERVE_ERROR"
	exit 1
}
off_base=$KIT_SERVE_BASE off_pid=$KIT_SERVE_PID
KIT_SERVE_PID= _kit_serve_tree=()
kit_serve_start lighttpd "$app" "$work/run" --procs 1 || {
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
}
stop_off() { # the second server (the suite's exit stops the first)
	local main_pid=$KIT_SERVE_PID
	KIT_SERVE_PID=$off_pid
	kit_serve_stop
	KIT_SERVE_PID=$main_pid
}
suite_at_exit stop_off
base=$KIT_SERVE_BASE

# fetch BASE PATH [curl args...]: head (CR removed) into $work/h, body into $work/b
fetch() {
	local b=$1 p=$2
	shift 2
	curl -s --max-time 5 -o "$work/b" -D "$work/h.raw" "$@" "$b$p"
	local rc=$?
	tr -d '\r' <"$work/h.raw" >"$work/h"
	return $rc
}
header() { grep -i "^$1:" "$work/h" | head -n 1 | sed 's/^[^:]*: *//'; }
status() { head -n 1 "$work/h" | awk '{print $2}'; }
# the head without what lighttpd adds to every file it serves
comparable() { grep -v -i -E '^(date|etag|last-modified|accept-ranges):' "$work/h" | sort; }

# same PATH NAME [curl args...]: lighttpd's answer equals the responder's
same() {
	local p=$1 name=$2
	shift 2
	fetch "$base" "$p" "$@"
	comparable >"$work/static.h"
	cp "$work/b" "$work/static.b"
	local etag
	etag=$(header ETag)
	fetch "$off_base" "$p" "$@"
	comparable >"$work/fcgi.h"
	if [ "$server" = lighttpd ]; then
		check "$name: answered by lighttpd (ETag), the responder's path not (X-RSC-Kit stored on both)" \
			test -n "$etag" -a -z "$(header ETag)" -a "$(header X-RSC-Kit)" = stored
	else
		check "$name: a stored answer (X-RSC-Kit)" test "$(header X-RSC-Kit)" = stored
	fi
	check "$name: the same status and headers as kit-fcgi's" diff "$work/static.h" "$work/fcgi.h"
	case " $* " in
	*" -I "*) ;; # HEAD: curl writes the head where the body would go
	*) check "$name: the same body" cmp -s "$work/static.b" "$work/b" ;;
	esac
}
same / "document /"
same /posts/two "document of a listed URL"
same /docs/a/b "document of a catch-all URL"
same /index "document of /index"
fetch "$base" /index
check "/index answers its own page, / the root's" grep -q 'the index route' "$work/b"
fetch "$base" /
check "/ answers the root's page" grep -q '<h1>one</h1>' "$work/b"
same /index "payload of /index" -H 'X-RSC: true' -H 'X-RSC-Segments: app/layout'
same / "HEAD /" -I
same / "payload, no segments" -H 'X-RSC: true'
same / "payload, X-RSC: 1, shared root layout" -H 'X-RSC: 1' -H 'X-RSC-Segments: app/layout'
same /posts/two "payload of a listed URL at depth 1" -H 'X-RSC: true' -H "X-RSC-Version: $v1" \
	-H 'X-RSC-Segments: app/layout'
same /posts/two "payload, segments with blanks and more items" -H 'X-RSC: true' \
	-H 'X-RSC-Segments:  app/layout , app/other/layout'
same /posts/two "payload, another root layout (depth 0)" -H 'X-RSC: true' -H 'X-RSC-Segments: app/x/layout'
same /slots "payload stops above a layout with slots" -H 'X-RSC: true' -H 'X-RSC-Segments: app/layout,app/slots/layout'
same / "X-RSC: false is a document" -H 'X-RSC: false'

fetch "$base" /posts/two -H 'X-RSC: true' -H 'X-RSC-Segments: app/layout'
check "a payload carries its depth and the route's chain" \
	test "$(header X-RSC-Segment-Depth)" = 1 -a "$(header X-RSC-Layouts)" = app/layout -a \
	"$(header Content-Type)" = text/x-component

fetch "$base" /posts/one
check "a file of public/ wins over the stored page at its path" grep -q 'the public file' "$work/b"

# everything else goes on to the responder
via_responder() { # via_responder NAME PATH [curl args]: answered, not from a file
	local name=$1 p=$2
	shift 2
	fetch "$base" "$p" "$@"
	check "$name: answered by kit-fcgi" test -n "$(status)" -a -z "$(header ETag)"
}
via_responder "a route under middleware.ts" /guarded
via_responder "a query string" '/?x=1'
via_responder "a trailing slash (308)" /posts/one/
check "a trailing slash: the responder's redirect" test "$(status)" = 308
via_responder "a client of another version (409)" / -H 'X-RSC: true' -H 'X-RSC-Version: 0123456789abcdef'
check "a client of another version: the responder's 409" test "$(status)" = 409
via_responder "an interception" / -H 'X-RSC: true' -H 'X-RSC-Intercept: modal'
via_responder "POST" / -X POST -d x=1
via_responder "a page rendered per request" /declared/1
via_responder "a stored shell" /shell
via_responder "a stored redirect" /moved

# the proof: with the responder stopped, stored pages are still answered
responder=$(kit_serve_responders | head -n 1)
check "one responder to stop" test -n "$responder"
kill -STOP "$responder"
ok=1
for args in "/" "/posts/two" "/docs/a/b" "/ -H X-RSC:true -H X-RSC-Segments:app/layout" "/posts/two -H X-RSC:1"; do
	# shellcheck disable=SC2086
	fetch "$base" $args || ok=0
	[ "$(status)" = 200 ] && [ "$(header X-RSC-Kit)" = stored ] || ok=0
done
check "every stored document and payload answered with the responder stopped" test "$ok" = 1
fetch "$base" /guarded --max-time 2
check "while a request the responder must answer hangs" test -z "$(status)"
kill -CONT "$responder"

# a rollback switches the served files (lighttpd sees the switch within a second)
v2=$(build two)
wait_for() { # wait_for LABEL VERSION: / answers LABEL with X-RSC-Version VERSION within 3 s
	local i
	for i in $(seq 1 30); do
		fetch "$base" /
		grep -q "<h1>$1</h1>" "$work/b" && [ "$(header X-RSC-Version)" = "$2" ] && [ -n "$(header ETag)" ] && return 0
		sleep 0.1
	done
	return 1
}
check "a publish switches the served files" wait_for two "$v2"
"$top_build/kit-build" --rollback "$app" >"$work/rollback.log" 2>&1
check "a rollback points current at the older version" test "$(readlink "$www/current")" = "$v1"
check "a rollback switches the served files" wait_for one "$v1"
fetch "$base" / -H 'X-RSC: true' -H "X-RSC-Version: $v2"
check "after the rollback, a client of the newer version gets the responder's 409" \
	test "$(status)" = 409 -a "$(header X-RSC-Version)" = "$v1"
"$top_build/kit-build" --rollback="$v2" "$app" >/dev/null 2>&1
check "rolled forward again" wait_for two "$v2"

# a publish under a loop of requests: every answer is one version's
# loop_during LABEL: builds LABEL (sets vnew) while a loop asks for / (the
# document and, from lighttpd, the payload); $work/loop: "status version label kind"
loop_during() {
	: >"$work/loop"
	rm -f "$work/loop.stop"
	(
		end=$((SECONDS + 60))
		while [ ! -e "$work/loop.stop" ] && [ $SECONDS -lt $end ]; do
			for kind in doc nav; do
				args=()
				if [ $kind = nav ]; then
					[ "$server" = lighttpd ] || continue
					args=(-H 'X-RSC: true' -H 'X-RSC-Segments: app/layout')
				fi
				curl -s --max-time 5 -D - "${args[@]}" "$base/" | tr -d '\r' |
					awk -v k=$kind '/^HTTP/ { s = $2 } tolower($1) == "x-rsc-version:" { v = $2 }
						match($0, /<h1>[a-z]+<\/h1>/) { h = substr($0, RSTART + 4, RLENGTH - 9) }
						match($0, /"children":"[a-z]+"/) { h = substr($0, RSTART + 12, RLENGTH - 13) }
						END { print s, v, h, k }' >>"$work/loop"
			done
		done
	) &
	local loop_pid=$!
	vnew=$(build "$1")
	sleep 1.5
	touch "$work/loop.stop"
	wait "$loop_pid"
}
loop_during three
v3=$vnew
check "the loop made requests before and after the publish" \
	grep -q " $v2 two doc$" "$work/loop" && grep -q " $v3 three doc$" "$work/loop" &&
	grep -q " $v2 two nav$" "$work/loop" && grep -q " $v3 three nav$" "$work/loop"
check "every answer of the loop: 200 with one version's file and that version's X-RSC-Version" \
	test -z "$(grep -v -E "^200 ($v2 two|$v3 three) (doc|nav)\$" "$work/loop" | head -n 1)"
check "keepVersions 2: the pruned version's tree is removed" \
	test ! -e "$www/$v1" -a -d "$www/$v2" -a -d "$www/$v3"

# an app with a Next.js-shaped src/middleware.ts (tests/next-middleware/app:
# its matcher covers every path but /api…): the pages it covers are not laid
# out; the others are, answered by lighttpd only for a request whose path is
# sent as it is (the matcher sees that spelling), none by Apache
nm=$work/next-mw
cp -R "$top_src/tests/next-middleware/app" "$nm"
if "$top_build/kit-build" "$nm" >"$work/build-nm.log" 2>&1; then
	nv=$(cat "$nm/.kit/version")
	check "src/middleware.ts: the pages its matcher covers stored, not laid out" \
		test -s "$nm/.kit-store/stored/$nv/en.html" -a ! -e "$nm/.kit-store/www/$nv/doc/en.html"
	check "src/middleware.ts: a page it does not cover laid out, raw-only, nothing for Apache" \
		test -s "$nm/.kit-store/www/$nv/doc/apidocs.html" -a -e "$nm/.kit-store/www/$nv/raw-only" -a \
		! -e "$nm/.kit-store/www/$nv/a"
	kit_serve_stop
	stop_off
	off_pid=
	if kit_serve_start lighttpd "$nm" "$work/run-nm" --procs 1; then
		base=$KIT_SERVE_BASE
		fetch "$base" /apidocs
		check "src/middleware.ts: the page it does not cover answered by lighttpd" \
			test "$(status)" = 200 -a -n "$(header ETag)" -a "$(header X-RSC-Kit)" = stored
		fetch "$base" /apid%6Fcs
		check "src/middleware.ts: the same page spelled otherwise goes to the responder" \
			test "$(status)" = 200 -a -z "$(header ETag)" -a "$(header X-RSC-Kit)" = stored
		fetch "$base" /en
		check "src/middleware.ts: a stored page it covers goes to the responder (the middleware runs)" \
			test "$(status)" = 200 -a -z "$(header ETag)" -a "$(header x-middleware)" = ran
		kit_serve_stop
	else
		fail "kit-serve on tests/next-middleware/app" "$KIT_SERVE_ERROR"
	fi
else
	fail "kit-build of tests/next-middleware/app" "$(tail -n 5 "$work/build-nm.log" | tr '\n' ' ')"
fi

# --- Apache (contrib/apache/kit.conf: mod_rewrite, mod_asis): every
# answer a file holding the responder's headers, so equal but for Date
apache=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
if [ -z "$apache" ] || [ ! -f /usr/lib/apache2/modules/mod_asis.so ]; then
	echo "SKIP: static-pages: apache: apache2 with mod_asis is not installed"
	suite_end
fi
kit_serve_stop
stop_off
server=apache
check "Apache's files laid out (a/doc*.asis, payloads under a/<version>/)" \
	test -s "$www/$v3/a/doc.asis" -a -s "$www/$v3/a/$v3/nav/=.asis" -a -s "$www/$v3/a/$v3/nav/=app/layout.asis" -a \
	-s "$www/$v3/a/$v3/nav/posts/one/=app/layout.asis"
KIT_SERVE_PAGES=off kit_serve_start apache "$app" "$work/run-apache-off" --procs 1 || {
	fail "kit-serve apache (pages off) starts" "$KIT_SERVE_ERROR"
	suite_end
}
off_base=$KIT_SERVE_BASE off_pid=$KIT_SERVE_PID
KIT_SERVE_PID= _kit_serve_tree=()
kit_serve_start apache "$app" "$work/run-apache" --procs 1 || {
	fail "kit-serve apache starts" "$KIT_SERVE_ERROR"
	suite_end
}
base=$KIT_SERVE_BASE
comparable() { grep -v -i -E '^date:' "$work/h" | sort; }
same / "apache: document /"
same /posts/two "apache: document of a listed URL"
same /index "apache: document of /index"
check "apache: /index answers its own page" grep -q 'the index route' "$work/b"
same / "apache: HEAD /" -I
same / "apache: payload, no segments" -H 'X-RSC: true' -H "X-RSC-Version: $v3"
same /posts/two "apache: payload at depth 1" -H 'X-RSC: 1' -H "X-RSC-Version: $v3" -H 'X-RSC-Segments: app/layout'
same /posts/two "apache: payload, more items than the chain" -H 'X-RSC: true' -H "X-RSC-Version: $v3" \
	-H 'X-RSC-Segments: app/layout,app/other/layout'
same /posts/two "apache: payload, another root layout (depth 0)" -H 'X-RSC: true' -H "X-RSC-Version: $v3" \
	-H 'X-RSC-Segments: app/x/layout'
same /slots "apache: payload stops above a layout with slots" -H 'X-RSC: true' -H "X-RSC-Version: $v3" \
	-H 'X-RSC-Segments: app/layout,app/slots/layout'
same /api/static "apache: an API route (not from www/) keeps its Vary"
fetch "$base" / -H 'X-RSC: true' -H 'X-RSC-Version: 0123456789abcdef'
check "apache: a client of another version gets the responder's 409" test "$(status)" = 409
fetch "$base" /posts/one
check "apache: a file of public/ wins over the stored page at its path" grep -q 'the public file' "$work/b"

fetch "$base" /guarded
responder=$(kit_serve_responders | head -n 1)
check "apache: one responder to stop" test -n "$responder"
kill -STOP "$responder"
ok=1
for args in "/" "/posts/two" "/docs/a/b" "/ -H X-RSC:true -H X-RSC-Version:$v3 -H X-RSC-Segments:app/layout" \
	"/posts/two -H X-RSC:1 -H X-RSC-Version:$v3"; do
	# shellcheck disable=SC2086
	fetch "$base" $args || ok=0
	[ "$(status)" = 200 ] && [ "$(header X-RSC-Kit)" = stored ] || ok=0
done
check "apache: every stored document and payload answered with the responder stopped" test "$ok" = 1
fetch "$base" /guarded --max-time 2
check "apache: while a request the responder must answer hangs" test -z "$(status)"
kill -CONT "$responder"

"$top_build/kit-build" --rollback "$app" >/dev/null 2>&1
fetch "$base" /
check "apache: a rollback switches the served files at the next request" \
	grep -q '<h1>two</h1>' "$work/b" && test "$(header X-RSC-Version)" = "$v2"
fetch "$base" / -H 'X-RSC: true' -H "X-RSC-Version: $v3"
check "apache: after the rollback, a client of the newer version gets the responder's 409" test "$(status)" = 409

loop_during four
v4=$vnew
check "apache: the loop made requests before and after the publish" \
	grep -q " $v2 two doc$" "$work/loop" && grep -q " $v4 four doc$" "$work/loop"
check "apache: every answer of the loop: 200 with one version's file and that version's X-RSC-Version" \
	test -z "$(grep -v -E "^200 ($v2 two|$v4 four) doc\$" "$work/loop" | head -n 1)"

suite_end
