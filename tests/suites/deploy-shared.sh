#!/bin/bash
# deploy-shared.sh — kit-build --deploy and shared hosting (docs/deploy.md
# "Shared hosting").
#
# 1. kit-build --deploy OUT on a copy of examples/hello: OUT/public_html/
#    holds the public files, _kit/static/, the stored pages, .htaccess and the
#    entry programs, and no server code nor store; OUT/app/ holds the release,
#    the binaries, current and kit-rollback.
# 2. OUT uploaded (copied) into a site owner's home as ~/public_html and
#    ~/app, behind a real Apache configured like a shared host
#    (tests/lib/apache-shared.conf: AllowOverride limited as cPanel does, the
#    whole server run as the site owner, never as root): once with mod_fcgid
#    (kit.fcgi: the responder persists, same PID across requests) and once
#    without (kit.cgi per request); both answer examples/hello's HTTP tests
#    (pages, API routes, actions, stored pages), Apache answers the stored
#    pages itself.
# 3. AllowOverride without FileInfo: every request 500, and the error log
#    says why ("AddHandler not allowed here"), as the README promises.
# 4. A redeploy is an upload (it brings the portable binaries when make
#    portable built them): a half-uploaded version is not served;
#    completing it switches (the same persistent responder, and Apache's
#    stored pages); app/kit-rollback switches back; an FTP-style rollback
#    (public_html/_kit/switch holding a version) switches again.
# SKIP when Apache or mod_fcgid is not installed.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin "deploy-shared"
httpcheck() {
	"$node" "$KIT_TOP_SRCDIR/tests/lib/httpcheck.mjs" "$@" || failed=1
}

httpd=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
modules=/usr/lib/apache2/modules
if [ -z "$httpd" ] || [ ! -x "$httpd" ] || [ ! -f $modules/mod_cgid.so ] || [ ! -f $modules/mod_fcgid.so ]; then
	echo "SKIP: deploy-shared: apache2 with mod_fcgid is not installed (apt-get install apache2 libapache2-mod-fcgid)"
	exit 0
fi
for b in kit-build kit-fcgi kit.cgi; do
	[ -x "$KIT_TOP_BUILDDIR/$b" ] || { fail "$b" "$KIT_TOP_BUILDDIR/$b is not built (run make)"; exit 1; }
done
suite_work deploy-shared

# The site owner: this user when not root; as root, a system user made for
# the test (removed at exit), so that nothing of the site runs as root.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
	owner=kit-site-test
	if ! id "$owner" >/dev/null 2>&1; then
		useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$owner" ||
			{ fail "site owner" "useradd $owner failed"; exit 1; }
		suite_at_exit "userdel $owner 2>/dev/null"
	fi
	as_owner=(setpriv --reuid="$(id -u "$owner")" --regid="$(id -g "$owner")" --clear-groups --)
else
	owner=$(id -un)
fi

# --- 1. kit-build --deploy
src=$work/hello
cp -R "$KIT_TOP_SRCDIR/examples/hello" "$src"
rm -rf "$src/.kit" "$src/.kit-store"
if ! (cd "$src" && nice "$KIT_TOP_BUILDDIR/kit-build" --deploy ../out) >"$work/build1.log" 2>&1; then
	fail "kit-build --deploy" "$(tail -n 5 "$work/build1.log" | tr '\n' ' ')"
	exit 1
fi
out=$work/out
v1=$(cat "$out/app/current")
pub=$out/public_html
missing=
for f in .htaccess kit.cgi kit.fcgi robots.txt _kit/switch "_kit/pages/$v1/doc/about.asis" \
	"app/releases/$v1/kit-bin/kit-fcgi" "app/releases/$v1/kit-bin/kit.cgi" app/kit-rollback "app/releases/$v1/.kit/server.js" \
	"app/releases/$v1/.kit-store/store.sqlite" "app/releases/$v1/deploy-files" README.txt; do
	case $f in
	app/* | README.txt) [ -e "$out/$f" ] || missing="$missing $f" ;;
	*) [ -e "$pub/$f" ] || missing="$missing public_html/$f" ;;
	esac
done
[ -n "$(ls "$pub/_kit/static" 2>/dev/null)" ] || missing="$missing public_html/_kit/static/*"
check "kit-build --deploy writes public_html/ and app/ (version $v1)${missing:+; missing:$missing}" test -z "$missing"
server_code=$(cd "$pub" && find . \( -name .kit -o -name .kit-store -o -name '*.sqlite' -o -name server.js \
	-o -name 'kit-fcgi' -o -name action-key \) -print | head -n 3)
elf=$(cd "$pub" && find . -type f -exec sh -c 'head -c 4 "$1" | grep -q "ELF" && echo "$1"' _ {} \; | head -n 3)
check "public_html holds no server code, store nor binary${server_code:+: $server_code}${elf:+: $elf}" \
	test -z "$server_code$elf"
check "README.txt says where public_html and app go, how to redeploy and roll back, whether the binaries are portable" \
	bash -c "grep -q 'public_html/  -> the domain' '$out/README.txt' && grep -q 'OUTSIDE the document root' '$out/README.txt' &&
		grep -q '^REDEPLOY' '$out/README.txt' && grep -q 'kit-rollback' '$out/README.txt' && grep -q -i 'portable' '$out/README.txt'"
check "kit-build --deploy --no-build from the existing build writes the same release" \
	bash -c "cd '$src' && '$KIT_TOP_BUILDDIR/kit-build' --deploy '$work/out-again' --no-build >/dev/null &&
		[ \"\$(cat '$work/out-again/app/current')\" = '$v1' ] &&
		diff <(tail -n +2 '$work/out-again/app/releases/$v1/deploy-files') <(tail -n +2 '$out/app/releases/$v1/deploy-files') >/dev/null"
rm -rf "$work/out-again"
mkdir -p "$work/not-ours" && echo keep >"$work/not-ours/notes.txt"
if (cd "$src" && "$KIT_TOP_BUILDDIR/kit-build" --deploy "$work/not-ours" --no-build) >"$work/not-ours.log" 2>&1; then
	fail "kit-build --deploy refuses a directory it did not write" "exit 0; $(ls "$work/not-ours" | tr '\n' ' ')"
else
	check "kit-build --deploy refuses a directory it did not write, and leaves it as it was" \
		bash -c "grep -q 'was not written by kit-build --deploy' '$work/not-ours.log' && [ \"\$(ls -A '$work/not-ours')\" = notes.txt ]"
fi

# --- 2. the upload, and Apache like a shared host
home=$work/home
upload() { # upload DIR: OUT's two directories copied over the home's, as an FTP client would
	cp -R "$1/public_html" "$1/app" "$home/"
	chown -R "$owner:" "$home"
}
mkdir -p "$home"
upload "$out"

start_shared() { # start_shared NAME FCGID(""|"#") OVERRIDE
	local run=$work/$1
	mkdir -p "$run/fcgid"
	chown -R "$owner:" "$run"
	KIT_SERVE_PORT=$(kit_free_port) KIT_SERVE_BASE=
	sed -e "s|@RUN_DIR@|$run|g" -e "s|@PORT@|$KIT_SERVE_PORT|g" -e "s|@HOME@|$home|g" \
		-e "s|@MODULES@|$modules|g" -e "s|@FCGID@|$2|g" -e "s|@OVERRIDE@|$3|g" \
		"$KIT_TOP_SRCDIR/tests/lib/apache-shared.conf" >"$run/httpd.conf"
	kit_httpd_start "$run" "${as_owner[@]}"
}
cpanel="AuthConfig FileInfo Indexes Limit Options=ExecCGI,Indexes,SymLinksIfOwnerMatch"
responders() { # the kit-fcgi processes of every uploaded release
	local b
	for b in "$home"/app/releases/*/kit-bin/kit-fcgi; do KIT_FCGI=$b kit_serve_responders; done | sort | tr '\n' ' '
}
body_of() { curl -s --max-time 20 "$@"; }

# stored_by_apache LABEL: with both entry programs gone, a stored page still
# answers 200 from _kit/live/ (Apache, mod_asis) and a live page does not
stored_by_apache() {
	local doc live
	mv "$home/public_html/kit.cgi" "$home/public_html/kit.fcgi" "$work/"
	doc=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/about")
	live=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/whoami")
	mv "$work/kit.cgi" "$work/kit.fcgi" "$home/public_html/"
	if [ "$doc" = 200 ] && [ "$live" != 200 ]; then
		pass "$1: Apache answers the stored pages itself (without the app: /about $doc, /whoami $live)"
	else
		fail "$1: Apache answers the stored pages itself" "without the app: /about $doc (want 200), /whoami $live (want not 200)"
	fi
}

for mode in fcgid cgi; do
	if [ $mode = fcgid ]; then flag=; else flag='#'; fi
	if ! start_shared "run-$mode" "$flag" "$cpanel"; then
		fail "$mode: Apache starts as $owner" "$KIT_SERVE_ERROR"
		continue
	fi
	apache_uid=$(ps -o uid= -p "$KIT_SERVE_PID" | tr -d ' ')
	check "$mode: Apache runs as the site owner $owner (uid $apache_uid), not root" test "$apache_uid" = "$(id -u "$owner")"
	httpcheck --base "$KIT_SERVE_BASE" --label "deploy-shared-$mode" --app-dir "$src" \
		--set "KIT_VERSION=$v1" "$KIT_TOP_SRCDIR"/tests/http/hello/*.test
	check "$mode: the app switched the stored pages' link (_kit/live -> pages/$v1) and removed _kit/switch" \
		sh -c "[ \"\$(readlink '$home/public_html/_kit/live')\" = 'pages/$v1' ] && [ ! -e '$home/public_html/_kit/switch' ]"
	stored_by_apache "$mode"
	before=$(responders)
	for i in 1 2 3 4 5; do body_of -o /dev/null "$KIT_SERVE_BASE/whoami"; done
	after=$(responders)
	if [ $mode = fcgid ]; then
		owners=$(for p in $after; do ps -o uid= -p "$p"; done | sort -u | tr -d ' \n')
		if [ -n "$after" ] && [ "$before" = "$after" ] && [ "$owners" = "$(id -u "$owner")" ]; then
			pass "fcgid: kit-fcgi persists across requests (PID $after, run as $owners)"
		else
			fail "fcgid: kit-fcgi persists across requests" "before 5 requests: '$before', after: '$after' (run as '$owners')"
		fi
	else
		check "cgi: no persistent responder without mod_fcgid (kit.cgi per request)" test -z "$after"
	fi
	kit_serve_stop || fail "$mode: Apache stops cleanly" "$KIT_SERVE_ERROR"
	crashes=$(kit_log_crashes "$work/run-$mode/error.log")
	check "$mode: nothing crashed (error log)${crashes:+: $crashes}" test -z "$crashes"
done

# --- 3. an .htaccess the host does not allow: a 500 the README explains
if start_shared run-nofileinfo "" "AuthConfig Indexes Limit Options=ExecCGI,Indexes,SymLinksIfOwnerMatch"; then
	code=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$KIT_SERVE_BASE/about")
	kit_serve_stop
	if [ "$code" = 500 ] && grep -q 'AddHandler not allowed here' "$work/run-nofileinfo/error.log"; then
		pass "without AllowOverride FileInfo: 500 and \"AddHandler not allowed here\" in the error log (README.txt)"
	else
		fail "without AllowOverride FileInfo: 500 and \"AddHandler not allowed here\"" \
			"$code; $(grep -m 1 'htaccess' "$work/run-nofileinfo/error.log")"
	fi
else
	fail "nofileinfo: Apache starts" "$KIT_SERVE_ERROR"
fi

# --- 4. redeploy, half-uploaded, completed, rolled back (with mod_fcgid)
# the second version with the portable binaries when the tree has them
# (make portable; docs/portable.md): uploaded in its release (the running
# kit-fcgi, started from the first upload, follows the switch as it is)
bins2=()
[ -x "$KIT_TOP_BUILDDIR/portable/kit-fcgi" ] && [ -x "$KIT_TOP_BUILDDIR/portable/kit.cgi" ] &&
	bins2=(--deploy-binaries "$KIT_TOP_BUILDDIR/portable")
sed -i 's|<h1>About</h1>|<h1>About, second edition</h1>|' "$src/src/app/about/page.tsx"
if ! (cd "$src" && nice "$KIT_TOP_BUILDDIR/kit-build" --deploy ../out2 ${bins2[@]+"${bins2[@]}"}) >"$work/build2.log" 2>&1; then
	fail "kit-build --deploy (second version)" "$(tail -n 5 "$work/build2.log" | tr '\n' ' ')"
	exit 1
fi
v2=$(cat "$work/out2/app/current")
if [ ${#bins2[@]} -gt 0 ]; then
	check "--deploy-binaries portable/: the binaries of $v2 are portable's, and README.txt says they need only glibc" \
		bash -c "cmp -s '$KIT_TOP_BUILDDIR/portable/kit-fcgi' '$work/out2/app/releases/$v2/kit-bin/kit-fcgi' &&
			grep -q 'portable: they need only the C library' '$work/out2/README.txt'"
else
	skip "--deploy-binaries with the portable binaries: $KIT_TOP_BUILDDIR/portable/ has none (make portable)"
fi
check "the second build is another version ($v1 -> $v2) and its deploy has both versions' stored pages" \
	test "$v1" != "$v2" -a -d "$work/out2/public_html/_kit/pages/$v1" -a -d "$work/out2/public_html/_kit/pages/$v2"
if ! start_shared run-redeploy "" "$cpanel"; then
	fail "redeploy: Apache starts" "$KIT_SERVE_ERROR"
	exit 1
fi
# edition WHAT: "first"/"second" as /about answers (twice: the app, then
# Apache's stored page once the app switched), with the version it carries
edition() {
	local b e=
	for i in 1 2; do
		b=$(body_of "$KIT_SERVE_BASE/about")
		case $b in
		*'About, second edition'*) e="$e second" ;;
		*'<h1>About</h1>'*) e="$e first" ;;
		*) e="$e none" ;;
		esac
	done
	echo "${e# }"
}
check "redeploy: the first version answers before the upload" test "$(edition)" = "first first"
body_of -o /dev/null "$KIT_SERVE_BASE/whoami" # a live page: mod_fcgid starts the responder
pid1=$(responders)
# half an upload: everything but the new release's server.js, and one file cut short
upload "$work/out2"
rel2=$home/app/releases/$v2
mv "$rel2/.kit/server.js" "$work/server.js.later"
cp "$rel2/.kit/manifest.json" "$work/manifest.json.later"
truncate -s 10 "$rel2/.kit/manifest.json"
e=$(edition)
check "redeploy: a half-uploaded version is not served (current names $v2; /about: $e)" test "$e" = "first first"
check "redeploy: Apache leaves the stored pages to the app meanwhile (_kit/switch stays)" test -e "$home/public_html/_kit/switch"
mv "$work/server.js.later" "$rel2/.kit/server.js"
cp "$work/manifest.json.later" "$rel2/.kit/manifest.json"
chown -R "$owner:" "$home"
sleep 1.1 # the responder looks at an incomplete upload again after a second
e=$(edition)
check "redeploy: the completed upload is served (/about: $e), stored pages by Apache from pages/$v2" \
	sh -c "[ '$e' = 'second second' ] && [ \"\$(readlink '$home/public_html/_kit/live')\" = 'pages/$v2' ] && [ ! -e '$home/public_html/_kit/switch' ]"
pid2=$(responders)
check "redeploy: the same kit-fcgi switched versions, no restart (PID $pid1 -> $pid2)" test -n "$pid1" -a "$pid1" = "$pid2"
if "${as_owner[@]}" "$home/app/kit-rollback" >"$work/rollback.log" 2>&1; then
	e=$(edition)
	check "rollback: app/kit-rollback serves $v1 again (/about: $e; _kit/live -> $(readlink "$home/public_html/_kit/live"))" \
		sh -c "[ '$e' = 'first first' ] && [ \"\$(readlink '$home/public_html/_kit/live')\" = 'pages/$v1' ]"
else
	fail "rollback: app/kit-rollback" "$(cat "$work/rollback.log")"
fi
check "rollback: kit-rollback --list marks $v1" sh -c "'$home/app/kit-rollback' --list | grep -q '^\* $v1'"
echo "$v2" >"$home/public_html/_kit/switch"
chown "$owner:" "$home/public_html/_kit/switch"
sleep 1.1
e=$(edition)
check "rollback over FTP: _kit/switch holding $v2 switches back (/about: $e)" \
	sh -c "[ '$e' = 'second second' ] && [ \"\$(cat '$home/app/current')\" = '$v2' ]"
rss=$(for p in $(responders); do awk '/^VmRSS/ { print $2 }' "/proc/$p/status"; done | sort -n | tail -n 1)
check "redeploy: after three switches kit-fcgi holds ${rss:-?} kB (<= 16 MiB: the old release's engine is given back)" \
	test -n "$rss" -a "${rss:-0}" -le 16384
kit_serve_stop || fail "redeploy: Apache stops cleanly" "$KIT_SERVE_ERROR"
crashes=$(kit_log_crashes "$work/run-redeploy/error.log")
check "redeploy: nothing crashed (error log)${crashes:+: $crashes}" test -z "$crashes"
suite_end
