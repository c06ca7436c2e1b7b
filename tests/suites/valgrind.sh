#!/bin/bash
# valgrind.sh — no leaks and no memory errors on the integration paths.
#
# kit's real binaries run under
#   valgrind --leak-check=full --show-leak-kinds=definite,indirect
#            --errors-for-leak-kinds=definite,indirect --error-exitcode=99
#            --track-fds=no --suppressions=tests/lib/valgrind.supp
# and every run must end with "ERROR SUMMARY: 0 errors": a definite or
# indirect leak, an invalid read/write, a use of an uninitialised value or a
# bad free is a FAIL naming the path (the first error's frames follow it; the
# whole report stays in the work directory with KIT_KEEP_TMP=1).
# kit.cgi and kit-fcgi run with KIT_JS_HEAP=malloc: their JS heap
# (render/heap.c) hands out blocks from its own chunks, where valgrind sees
# nothing.
# tests/lib/valgrind.supp holds third-party noise only, each entry saying why
# it is not ours.
#
# 1. kit.cgi as CGI (environment + stdin) on examples/hello: a stored page, a
#    streamed render (Suspense), a navigation payload, a 404, a component that
#    throws (500), a redirect, an API route GET / POST JSON / POST multipart,
#    a server action and a malformed one (400), a no-JS form post, the
#    ppr-shell and ppr-resume endpoints, a malformed Cookie header, a body over
#    KIT_MAX_BODY (413).
# 2. rpc()/fetch() against tests/backend/reference.py (kit.cgi on
#    tests/backend/app): a batch, refusals, a hanging backend (timeout), an
#    unreachable backend, an unowned URL forwarded to the backend.
# 3. kit-fcgi: one responder under valgrind behind kit-serve + lighttpd
#    (KIT_FCGI points at a wrapper running valgrind) serves ~30 mixed
#    requests, one of them cut by the client mid-stream, then gets SIGTERM and
#    must report clean at exit; a second one on tests/backend/app serves
#    rpc() calls (single, batches, refusals, 120 calls, a cut stream, a
#    timeout, guards) and forwarded URLs, since its curl multi handle lives
#    across requests.
# 4. kit-build on a small app and on one with a build error.
#
# SKIP when valgrind is not installed (contrib/dev installs it). The runs go
# two at a time: about 95 s of CPU in all, 5 min wall on a 2-core machine at
# load 14 (KIT_VALGRIND_ONLY=cgi,backend,fcgi,build runs some parts only).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin valgrind
python=${PYTHON:-python3}

valgrind=${VALGRIND:-$(command -v valgrind)}
if [ -z "$valgrind" ]; then
	echo "SKIP: valgrind: valgrind is not installed (apt-get install valgrind; contrib/dev setup does)"
	exit 0
fi
supp=$top_src/tests/lib/valgrind.supp
vg=("$valgrind" --leak-check=full --show-leak-kinds=definite,indirect
	--errors-for-leak-kinds=definite,indirect --error-exitcode=99 --track-fds=no
	--num-callers=24 --suppressions="$supp")

suite_work valgrind
backend_pid=
suite_at_exit '[ -n "$backend_pid" ] && kill "$backend_pid" 2>/dev/null && wait "$backend_pid" 2>/dev/null'

# vg_verdict LOG: "" when the valgrind report LOG is clean, else a one-line
# summary of its first error (kind and our frames).
vg_verdict() {
	local log=$1
	if ! [ -s "$log" ]; then
		echo "no valgrind report"
	elif grep -q 'ERROR SUMMARY: 0 errors' "$log"; then
		:
	elif ! grep -q 'ERROR SUMMARY' "$log"; then
		echo "valgrind did not finish its report (killed?): $(tail -n 3 "$log" | sed 's/^==[0-9]*== //' | tr '\n' ' ')"
	else
		# the first error block: its headline and the frames below it
		awk '
			{ sub(/^==[0-9]+== ?/, "") }
			!started && /^(Invalid|Conditional|Use of uninit|Syscall param|Mismatched|[0-9,]+ (\([0-9, ]+direct, [0-9, ]+indirect\) )?bytes in [0-9,]+ blocks are (definitely|indirectly) lost|Source and destination|Argument .* of function)/ { started = 1; printf "%s", $0; next }
			started && /^$/ { exit }
			started && n < 8 { sub(/^ *(at|by) 0x[0-9A-F]+: /, " <- "); printf "%s", $0; n++ }
		' "$log"
		echo " ($(grep -o 'ERROR SUMMARY: [0-9,]* errors' "$log" | tail -n 1); see $log)"
	fi
}

# --- runs two at a time; results are printed in order at the end of each part
jobs_started=0
results=() job_pids=()
running() { # how many of our runs are still going (the backend server is not one)
	local p n=0
	for p in ${job_pids[@]+"${job_pids[@]}"}; do kill -0 "$p" 2>/dev/null && n=$((n + 1)); done
	echo "$n"
}
# KIT_VALGRIND_ONLY=cgi,backend,fcgi,build runs those parts only (for work on one)
part() { [ -z "${KIT_VALGRIND_ONLY:-}" ] || [[ ,$KIT_VALGRIND_ONLY, == *,$1,* ]]; }
cur_part=
# spawn NAME FUNCTION ARGS...: runs FUNCTION in the background; its PASS/FAIL
# lines go to $work/NAME.result.
spawn() {
	local name=$1
	shift
	part "$cur_part" || return 0
	while [ "$(running)" -ge "${KIT_VALGRIND_JOBS:-2}" ]; do wait -n; done
	("$@" >"$work/$name.result" 2>&1) &
	job_pids+=($!)
	results+=("$name")
}
collect() {
	local r
	# not a bare `wait`: that would wait for the backend server too
	for r in ${job_pids[@]+"${job_pids[@]}"}; do wait "$r"; done
	job_pids=()
	for r in ${results[@]+"${results[@]}"}; do
		cat "$work/$r.result"
		grep -q '^FAIL: ' "$work/$r.result" && failed=1
	done
	results=()
}

# cgi_check NAME WANT-STATUS APP URI [VAR=value...]: kit.cgi under valgrind
# with a CGI environment; the body, if any, comes from $work/NAME.body-in.
cgi_check() {
	local name=$1 want=$2 app=$3 uri=$4 in=/dev/null status rc v
	shift 4
	[ -f "$work/$name.body-in" ] && in=$work/$name.body-in
	env -i PATH="$PATH" KIT_APP_DIR="$app" GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost \
		SERVER_PROTOCOL=HTTP/1.1 SERVER_PORT=80 REMOTE_ADDR=127.0.0.1 HTTP_HOST=localhost \
		KIT_RENDER_TIMEOUT_MS=600000 KIT_JS_HEAP=malloc REQUEST_METHOD=GET REQUEST_URI="$uri" PATH_INFO="${uri%%\?*}" \
		QUERY_STRING="$([[ $uri == *\?* ]] && echo "${uri#*\?}")" "$@" \
		"${vg[@]}" --log-file="$work/$name.vg" "$top_build/kit.cgi" \
		<"$in" >"$work/$name.out" 2>"$work/$name.err"
	rc=$?
	status=$(head -n 1 "$work/$name.out" | sed -n 's/^Status: \([0-9]*\).*/\1/p')
	v=$(vg_verdict "$work/$name.vg")
	if [ -n "$v" ]; then
		fail "kit.cgi $name" "$v"
	elif [ "$rc" -ne 0 ]; then
		fail "kit.cgi $name" "exited $rc: $(head -c 300 "$work/$name.err")"
	elif [ "$status" != "$want" ]; then
		fail "kit.cgi $name" "status ${status:-none}, expected $want: $(head -c 300 "$work/$name.out" | tr '\r\n' '  ') $(head -c 300 "$work/$name.err")"
	else
		pass "kit.cgi $name ($status, no leaks, no errors)"
	fi
}
body() { printf -- "$2" >"$work/$1.body-in"; } # body NAME PRINTF-FORMAT

for b in kit.cgi kit-fcgi kit-build kit-serve; do
	[ -x "$top_build/$b" ] || {
		fail setup "$top_build/$b is not built (run make)"
		exit 1
	}
done

# --- 1. kit.cgi on examples/hello ------------------------------------------------
cur_part=cgi
hello=$work/hello
mkdir -p "$hello"
(cd "$top_src/examples/hello" && tar --exclude=./.kit --exclude=./node_modules -cf - .) | (cd "$hello" && tar -xf -)
[ -e "$top_src/examples/hello/node_modules" ] && ln -s "$top_src/examples/hello/node_modules" "$hello/node_modules"
if ! "$top_build/kit-build" "$hello" >"$work/hello-build.log" 2>&1; then
	fail setup "kit-build of examples/hello failed: $(tail -n 5 "$work/hello-build.log" | tr '\n' ' ')"
	exit 1
fi
action=91271c9df7c57e1b # src/app/notes/actions.ts (tests/http/hello/action-*.test)

spawn stored cgi_check stored 200 "$hello" /about
spawn streaming cgi_check streaming 200 "$hello" /streaming
spawn navigation cgi_check navigation 200 "$hello" / HTTP_X_RSC=true
spawn not-found cgi_check not-found 404 "$hello" /no/such/page HTTP_ACCEPT=text/html
spawn throws cgi_check throws 500 "$hello" /broken
spawn redirect cgi_check redirect 307 "$hello" /old
spawn api-get cgi_check api-get 200 "$hello" '/api/echo?q=hi'
body api-json '{"a":[1,2,"\303\251"]}'
spawn api-json cgi_check api-json 200 "$hello" /api/echo REQUEST_METHOD=POST CONTENT_TYPE=application/json CONTENT_LENGTH=18
body api-multipart '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello\r\n--XX\r\nContent-Disposition: form-data; name="f"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--XX--\r\n'
spawn api-multipart cgi_check api-multipart 200 "$hello" /api/echo REQUEST_METHOD=POST \
	CONTENT_TYPE='multipart/form-data; boundary=XX' CONTENT_LENGTH="$(wc -c <"$work/api-multipart.body-in")"
body action '["hi",{"x":"$$y","n":[1,2.5,null,true]},"$undefined","$D2020-01-01T00:00:00.000Z","$NaN"]'
spawn action cgi_check action 200 "$hello" /_rsc/action REQUEST_METHOD=POST CONTENT_TYPE=application/octet-stream \
	CONTENT_LENGTH="$(wc -c <"$work/action.body-in")" HTTP_X_RSC_ACTION="$action#echo" HTTP_X_RSC_CONTENT_TYPE='text/plain;charset=UTF-8'
body action-bad '["unterminated'
spawn action-bad cgi_check action-bad 400 "$hello" /_rsc/action REQUEST_METHOD=POST CONTENT_LENGTH=13 \
	HTTP_X_RSC_ACTION="$action#echo" HTTP_X_RSC_CONTENT_TYPE=text/plain
body form-post '--XX\r\nContent-Disposition: form-data; name="$ACTION_ID_91271c9df7c57e1b#addNote"\r\n\r\n\r\n--XX\r\nContent-Disposition: form-data; name="text"\r\n\r\nfrom a form\r\n--XX--\r\n'
spawn form-post cgi_check form-post 200 "$hello" /notes REQUEST_METHOD=POST HTTP_COOKIE='notes=%5B%22first%22%5D' \
	CONTENT_TYPE='multipart/form-data; boundary=XX' CONTENT_LENGTH="$(wc -c <"$work/form-post.body-in")"
spawn ppr-shell cgi_check ppr-shell 200 "$hello" '/_rsc/ppr-shell?url=/whoami'
body ppr-resume 'ignored'
spawn ppr-resume cgi_check ppr-resume 200 "$hello" '/_rsc/ppr-resume?url=/whoami' REQUEST_METHOD=POST CONTENT_LENGTH=7 \
	HTTP_COOKIE=name=grace
spawn bad-cookie cgi_check bad-cookie 200 "$hello" /whoami HTTP_COOKIE=';;=x; name; ===; name=grace; "=; %zz=1'
head -c 2048 /dev/zero >"$work/too-big.body-in"
spawn too-big cgi_check too-big 413 "$hello" /api/echo KIT_MAX_BODY=1024 REQUEST_METHOD=POST CONTENT_TYPE=text/plain CONTENT_LENGTH=2048
collect

# --- 2. rpc()/fetch() against the reference backend ----------------------------------
cur_part=backend
if ! part backend && ! part fcgi; then
	:
elif ! command -v "$python" >/dev/null; then
	fail backend "python3 is not installed (the reference backend needs it)"
else
	secret=test-secret-$$
	RSC_HOST_CALL_SECRET=$secret PORT=0 "$python" "$top_src/tests/backend/reference.py" >"$work/backend.out" 2>&1 &
	backend_pid=$!
	port=
	for _ in $(seq 1 100); do
		port=$(sed -n 's/^PORT //p' "$work/backend.out")
		[ -n "$port" ] && break
		sleep 0.1
	done
	bapp=$work/backend-app
	cp -R "$top_src/tests/backend/app" "$bapp"
	rm -rf "$bapp/.kit"
	if [ -z "$port" ]; then
		fail backend "the reference backend did not start: $(head -c 300 "$work/backend.out")"
	elif ! "$top_build/kit-build" "$bapp" >"$work/backend-build.log" 2>&1; then
		fail backend "kit-build of tests/backend/app failed: $(tail -n 5 "$work/backend-build.log" | tr '\n' ' ')"
	else
		be=(RSC_BACKEND="http://127.0.0.1:$port" RSC_HOST_CALL_SECRET="$secret")
		spawn rpc-batch cgi_check rpc-batch 200 "$bapp" /batch "${be[@]}"
		spawn rpc-refusals cgi_check rpc-refusals 200 "$bapp" /refusals "${be[@]}"
		spawn rpc-uncaught cgi_check rpc-uncaught 403 "$bapp" '/uncaught?kind=unauthorized' "${be[@]}"
		spawn rpc-timeout cgi_check rpc-timeout 200 "$bapp" /hang "${be[@]}" RSC_HOST_CALL_TIMEOUT_MS=400
		spawn rpc-unreachable cgi_check rpc-unreachable 502 "$bapp" /guarded HTTP_COOKIE=session=bob \
			RSC_BACKEND=http://127.0.0.1:1 RSC_HOST_CALL_SECRET="$secret"
		spawn forward cgi_check forward 200 "$bapp" '/not/a/route?q=1' "${be[@]}" HTTP_COOKIE=session=bob
		collect
	fi
fi

cur_part=build
# --- 4. kit-build ----------------------------------------------------------------------
# build_check NAME WANT(ok|error) APP
build_check() {
	local name=$1 want=$2 app=$3 rc v
	(cd "$app" && "${vg[@]}" --log-file="$work/$name.vg" "$top_build/kit-build") >"$work/$name.log" 2>&1
	rc=$?
	v=$(vg_verdict "$work/$name.vg")
	if [ -n "$v" ]; then
		fail "kit-build $name" "$v"
	elif [ "$want" = ok ] && [ "$rc" -ne 0 ]; then
		fail "kit-build $name" "exited $rc: $(tail -n 5 "$work/$name.log" | tr '\n' ' ')"
	elif [ "$want" = error ] && { [ "$rc" -eq 0 ] || [ "$rc" -eq 99 ]; }; then
		fail "kit-build $name" "expected a build error, exited $rc: $(tail -n 5 "$work/$name.log" | tr '\n' ' ')"
	else
		pass "kit-build $name (exit $rc, no leaks, no errors)"
	fi
}
small=$work/build-small
mkdir -p "$small/src/app/about" "$small/src/app/api/ping"
cat >"$small/src/app/layout.tsx" <<'EOF'
export default function Layout({ children }: { children: React.ReactNode }) {
  return <html><body>{children}</body></html>;
}
EOF
cat >"$small/src/app/page.tsx" <<'EOF'
import { Suspense } from 'react';
async function Later() { await new Promise((r) => setTimeout(r, 10)); return <p>later</p>; }
export default function Home() { return <main><h1>home</h1><Suspense fallback={<p>…</p>}><Later /></Suspense></main>; }
EOF
cat >"$small/src/app/about/page.tsx" <<'EOF'
export default function About() { return <p>about</p>; }
EOF
cat >"$small/src/app/api/ping/route.ts" <<'EOF'
export function GET() { return Response.json({ pong: true }); }
EOF
cp -R "$small" "$work/build-broken"
cat >"$work/build-broken/src/app/about/page.tsx" <<'EOF'
export default function About() { return <p>about</p> }}
EOF
spawn build-small build_check build-small ok "$small"
spawn build-broken build_check build-broken error "$work/build-broken"

# --- 3. kit-fcgi: one responder under valgrind behind lighttpd -------------------------
lighttpd=$(command -v lighttpd || ls /usr/sbin/lighttpd 2>/dev/null)
if [ -z "$lighttpd" ]; then
	collect
	echo "SKIP: valgrind: kit-fcgi: lighttpd is not installed"
	exit "$failed"
fi
# vg_fcgi_wrapper NAME: $work/NAME-wrapper, the responder kit-serve starts
# (KIT_FCGI): kit-fcgi under valgrind, its report in $work/NAME.PID.vg
vg_fcgi_wrapper() {
	cat >"$work/$1-wrapper" <<EOF
#!/bin/sh
# under valgrind a render takes many times longer: keep the watchdog away;
# the JS heap on malloc, where valgrind sees every block
export KIT_RENDER_TIMEOUT_MS=600000 KIT_JS_HEAP=malloc
exec $(printf '%q ' "${vg[@]}") --log-file="$work/$1.%p.vg" "$top_build/kit-fcgi"
EOF
	chmod 0755 "$work/$1-wrapper"
}
# fcgi_check NAME APP SET: one responder serves valgrind-requests.mjs's
# requests of SET, then gets SIGTERM
fcgi_check() {
	local name=$1 app=$2 set=$3 v log pid i in_use
	vg_fcgi_wrapper "$name"
	if ! KIT_FCGI=$work/$name-wrapper kit_serve_start lighttpd "$app" "$work/$name-serve" --procs 1; then
		fail "$name" "kit-serve did not start: $KIT_SERVE_ERROR"
		return
	fi
	if ! "$node" "$top_src/tests/lib/valgrind-requests.mjs" "$KIT_SERVE_BASE" "$set" >"$work/$name-requests.log" 2>&1; then
		fail "$name: requests" "$(grep -v '^ok' "$work/$name-requests.log" | head -c 600 | tr '\n' ' ')"
	else
		pass "$name: $(grep -c '^ok' "$work/$name-requests.log") requests ($set) answered by one responder under valgrind"
	fi
	log=$(ls "$work/$name".*.vg 2>/dev/null | head -n 1)
	pid=${log##*/"$name".}
	pid=${pid%.vg}
	if [ -z "$log" ]; then
		fail "$name" "no responder was started (no $work/$name.PID.vg)"
		kit_serve_stop
		return
	fi
	# SIGTERM to the responder ourselves and wait for valgrind's report: the
	# server would give it only a few seconds before SIGKILL
	kill -TERM "$pid" 2>/dev/null
	for i in $(seq 1 600); do
		grep -q 'ERROR SUMMARY' "$log" && break
		sleep 0.1
	done
	kit_serve_stop || true
	v=$(vg_verdict "$log")
	if [ -n "$v" ]; then
		fail "$name: the responder, stopped with SIGTERM" "$v"
	else
		pass "$name: the responder, stopped with SIGTERM, has no leaks and no errors"
	fi
	# SIGTERM while idle leaves accept() and returns through kit_host_close:
	# the JS state (megabytes) is freed, not just reachable at exit
	in_use=$(sed -n 's/.*in use at exit: \([0-9,]*\) bytes.*/\1/p' "$log" | tr -d ,)
	if [ -n "$in_use" ] && [ "$in_use" -lt 262144 ]; then
		pass "$name: SIGTERM while idle frees the host before exiting ($in_use bytes in use at exit)"
	else
		fail "$name: SIGTERM while idle frees the host before exiting" "${in_use:-?} bytes in use at exit (the JS state was not freed)"
	fi
}
: >"$work/fcgi.result"
if part fcgi; then
	fcgi_check kit-fcgi "$hello" hello >>"$work/fcgi.result" 2>&1
	if [ -n "$backend_pid" ] && [ -d "${bapp:-}/.kit" ]; then
		# rpc() and forwarding in a long-lived process: the curl multi
		# handle and its transfers live across requests
		RSC_BACKEND="http://127.0.0.1:$port" RSC_HOST_CALL_SECRET=$secret RSC_HOST_CALL_TIMEOUT_MS=2000 \
			fcgi_check kit-fcgi-backend "$bapp" backend >>"$work/fcgi.result" 2>&1
	fi
fi
collect
cat "$work/fcgi.result"
grep -q '^FAIL: ' "$work/fcgi.result" && failed=1
exit "$failed"
