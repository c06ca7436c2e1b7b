#!/bin/bash
# attacks.sh — attack classes docs/security.md §8 lists that no other suite
# covered, on tests/attacks/app:
# 1. XSS through props and metadata (kit.cgi, KIT_INLINE_FLIGHT=always): a
#    query holding markup, script, quotes and a comment opener reaches a
#    page's text, attributes, style, a textarea, its generateMetadata title,
#    description and Open Graph tags, and the Flight rows inlined in a
#    <script>; a `javascript:` URL reaches an href. None of it comes out as
#    markup: the HTML holds it escaped, the rows with "<" as \u003c, the href
#    is React's blocked URL.
# 2. Path traversal through lighttpd and Apache: paths climbing out of the
#    document root or /_kit/static/, plain and encoded, never return the
#    app's files or its server bundle.
# 3. Request smuggling through lighttpd and Apache (contrib/ configs, one
#    responder; raw bytes over a socket, tests/attacks/raw.py): two
#    Content-Lengths, Content-Length with Transfer-Encoding (and a second
#    request hidden behind it), an unknown transfer coding, a bare CR in a
#    header. Each is refused or read one way (the chunked body), a single
#    answer on the connection, and the hidden request never answered.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin attacks
python=${PYTHON:-python3}
suite_need "$python" "the raw HTTP client"
suite_work attacks
app=$work/app
cp -R "$top_src/tests/attacks/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail setup "kit-build of tests/attacks/app failed: $(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
chmod -R a+rX "$app"

# --- 1. XSS through props and metadata ------------------------------------------
q='%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E%22%27%26%3C!--%3C%2Ftitle%3E%3C%2Ftextarea%3E'
env -i PATH="$PATH" KIT_APP_DIR="$app" KIT_INLINE_FLIGHT=always GATEWAY_INTERFACE=CGI/1.1 SERVER_NAME=localhost \
	REQUEST_METHOD=GET "REQUEST_URI=/echo?q=$q&u=javascript:alert(3)" "QUERY_STRING=q=$q&u=javascript:alert(3)" \
	"$top_build/kit.cgi" >"$work/xss.out" 2>"$work/xss.err" </dev/null
page=$work/xss.out
esc='&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;&lt;!--&lt;/title&gt;&lt;/textarea&gt;'
check "xss: the page answered 200" grep -q '^Status: 200' "$page"
check "xss: no injected <script>, <img> or comment anywhere in the answer" \
	bash -c "! grep -q -e '<script>alert' -e '<img src=x' -e '<!--</title>' \"\$1\"" _ "$page"
check "xss: text escaped" grep -qF "<p id=\"text\">$esc</p>" "$page"
check "xss: attributes and style escaped" grep -qF "title=\"$esc\" data-q=\"$esc\" style=\"font-family:$esc\"" "$page"
check "xss: a textarea's value escaped" grep -qF "<textarea id=\"area\">$esc</textarea>" "$page"
check "xss: generateMetadata's title escaped" grep -qF "<title>$esc</title>" "$page"
check "xss: description and Open Graph tags escaped" \
	grep -qF "<meta name=\"description\" content=\"$esc\"/><meta property=\"og:title\" content=\"$esc\"/>" "$page"
check "xss: the inlined Flight rows hold '<' as \\u003c (no </script> of the visitor's ends the script)" \
	grep -qF '\u003c/script>\u003cscript>alert(1)\u003c/script>' "$page"
# every <script> the page opens is closed by kit's own </script>: as many of each
opened=$(grep -o '<script' "$page" | wc -l) closed=$(grep -o '</script>' "$page" | wc -l)
check "xss: $opened <script> opened, as many closed" test "$opened" -ge 1 -a "$opened" = "$closed"
check "xss: a javascript: URL in href is React's blocked URL" \
	grep -qF 'href="javascript:throw new Error(&#x27;React has blocked a javascript: URL as a security precaution.&#x27;)"' "$page"

# --- 2. path traversal through the web servers --------------------------------------
# traversal SERVER: paths climbing out of the document root (public/) or out
# of /_kit/static/ (.kit/static/) to the app's files and its server bundle,
# plain, encoded, backslashed, doubled: whatever the status, neither the
# app's secret file nor the server code comes back
printf 'kit-attacks-secret-file\n' >"$app/secret.txt"
mkdir -p "$app/public"
printf 'a public file\n' >"$app/public/robots.txt"
chmod -R a+rX "$app"
chunk=$(cd "$app/.kit/server" && grep -l kit-attacks-server-code -- *.js | head -n 1)
check "traversal: the server code's chunk is in .kit/server/ (what a traversal would reach)" test -n "$chunk"
traversal() {
	local srv=$1 p leaked=() n=0
	for p in /../secret.txt /%2e%2e/secret.txt /%2E%2E/%2E%2E/etc/passwd /robots.txt/../../secret.txt \
		/_kit/static/../../secret.txt /_kit/static/%2e%2e/%2e%2e/secret.txt /_kit/static/..%2f..%2fsecret.txt \
		/_kit/static/..%5c..%5csecret.txt '/_kit/static/..\..\secret.txt' /_kit/static/....//....//secret.txt \
		/_kit/static/../server.js /_kit/static/%2e%2e/server.js /_kit/static/.%2e/server.js /.kit/server.js \
		/.kit/manifest.json /_kit/static/../../.kit/server.js /secret.txt "/_kit/static/../server/$chunk" \
		"/_kit/static/%2e%2e/server/$chunk" "/_kit/static/..%2fserver/$chunk"; do
		n=$((n + 1))
		curl -s --path-as-is --max-time 5 -o "$work/trav.body" "$KIT_SERVE_BASE$p"
		if grep -q -e kit-attacks-secret-file -e kit-attacks-server-code -e '^root:' "$work/trav.body" ||
			cmp -s "$work/trav.body" "$app/.kit/server.js" || cmp -s "$work/trav.body" "$app/.kit/manifest.json"; then
			leaked+=("$p")
		fi
	done
	check "traversal: $srv: $n paths out of public/ and /_kit/static/ (encoded, backslashed, doubled) give no file of the app" \
		test ${#leaked[@]} -eq 0
	[ ${#leaked[@]} -eq 0 ] || echo "  leaked: ${leaked[*]}"
	curl -s --max-time 5 -o "$work/trav.body" "$KIT_SERVE_BASE/robots.txt"
	check "traversal: $srv: the control, a public file, is served" grep -q 'a public file' "$work/trav.body"
}

# --- 3. request smuggling through the web servers --------------------------------
# smuggle SERVER: every case of raw.py against $KIT_SERVE_PORT
smuggle() {
	local srv=$1 case want
	for case in two-cl cl-te te-unknown bare-cr te-cl-chunked; do
		"$python" "$top_src/tests/attacks/raw.py" "$KIT_SERVE_PORT" "$case" >"$work/$srv-$case.out" 2>&1
		case $case in
		two-cl) want="two different Content-Lengths: 400" ;;
		cl-te) want="Content-Length with Transfer-Encoding and a request hidden behind: refused, or the chunked body and the connection closed; the hidden request never answered" ;;
		te-unknown) want="an unknown transfer coding: 400 or 501" ;;
		bare-cr) want="a bare CR in a header: 400" ;;
		te-cl-chunked) want="Transfer-Encoding with a shorter Content-Length: refused, or the whole chunked body" ;;
		esac
		if grep -q '^ok' "$work/$srv-$case.out"; then
			pass "smuggling: $srv: $want ($(sed -n 's/^ok //p' "$work/$srv-$case.out"))"
		else
			fail "smuggling: $srv: $want" "$(head -c 400 "$work/$srv-$case.out")"
		fi
	done
}
lighttpd=${LIGHTTPD:-$(PATH=$PATH:/usr/sbin command -v lighttpd)}
if [ -z "$lighttpd" ]; then
	skip "smuggling: lighttpd: lighttpd is not installed"
elif ! kit_serve_start lighttpd "$app" "$work/serve-lighttpd" --procs 1; then
	fail "smuggling: lighttpd: kit-serve" "$KIT_SERVE_ERROR"
else
	traversal lighttpd
	smuggle lighttpd
	kit_serve_stop || fail "lighttpd: kit-serve stops" "$KIT_SERVE_ERROR"
fi
apache=${APACHE2:-$(PATH=$PATH:/usr/sbin command -v apache2)}
if [ -z "$apache" ] || [ ! -f /usr/lib/apache2/modules/mod_fcgid.so ]; then
	skip "smuggling: apache: apache2 with mod_fcgid is not installed"
elif ! kit_serve_start apache "$app" "$work/serve-apache" --procs 1; then
	fail "smuggling: apache: kit-serve" "$KIT_SERVE_ERROR"
else
	traversal apache
	smuggle apache
	kit_serve_stop || fail "apache: kit-serve stops" "$KIT_SERVE_ERROR"
fi
suite_end
