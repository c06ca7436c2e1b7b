#!/bin/bash
# files.sh — the app's own files in server code (docs/files.md), on
# tests/files/app: posts read the way Next.js's blog-starter reads them
# (fs.readdirSync / readFileSync under process.cwd(), path.join) at build
# time — the list page and each generateStaticParams URL stored; a page
# reading with fs/promises per request, which shows an edited file at the
# next request; what may not be read (an absolute path elsewhere, "..", a
# symbolic link out of the app) and Node's errors for a missing file and a
# directory; writing refused. path's functions give Node's results on a
# table of edge cases (src/lib/path-cases.mjs, run in Node here), and url's
# on theirs (src/lib/url-cases.mjs).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin files
suite_need node "the build needs it"
suite_work files
app=$work/app
cp -R "$top_src/tests/files/app" "$app"
rm -rf "$app/.kit" "$app/.kit-store"
echo "live one" >"$app/content/live.txt"
ln -s /etc/hostname "$app/content/escape"
echo "not the app's" >"$work/outside.txt"
if ! "$top_build/kit-build" "$app" >"$work/build.log" 2>&1; then
	fail "kit-build of the app" "$(tail -n 5 "$work/build.log" | tr '\n' ' ')"
	exit 1
fi
pass "kit-build of an app reading its files"
stored=$app/.kit-store/stored/$(cat "$app/.kit/version")
check "/: the posts listed from content/posts at build time, stored" \
	grep -qF '<ul id="posts"><li><a href="/posts/second">Second post</a> <!-- -->2026-02-03</li><li><a href="/posts/hello-world">Hello, world</a> <!-- -->2026-01-02</li></ul>' "$stored/index.html"
check "generateStaticParams from readdirSync: each post stored, its UTF-8 text intact" \
	grep -qF '<article><h1>Hello, world</h1><p id="content">The first post. Ünïcödé, emoji 🚀 and a NUL-free line.</p></article>' "$stored/posts/hello-world.html"
check "... the other post too" test -s "$stored/posts/second.html"

unescape() { sed -e 's/&quot;/"/g' -e "s/&#x27;/'/g" -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g'; }
sed -n '/<pre id="paths">/,/<\/pre>/p' "$stored/paths.html" | sed -e 's/.*<pre id="paths">//' -e 's/<\/pre>.*//' | unescape | sed -e '$a\' >"$work/paths.kit"
(cd "$app" && node --input-type=module -e "
import path from 'node:path';
import { run } from './src/lib/path-cases.mjs';
console.log(run(path, process.cwd()));") >"$work/paths.node"
check "path: $(wc -l <"$work/paths.node") cases give Node's results" diff "$work/paths.node" "$work/paths.kit"
sed -n '/<pre id="urls">/,/<\/pre>/p' "$stored/urls.html" | sed -e 's/.*<pre id="urls">//' -e 's/<\/pre>.*//' | unescape | sed -e '$a\' >"$work/urls.kit"
(cd "$app" && node --input-type=module -e "
import url from 'node:url';
import { run } from './src/lib/url-cases.mjs';
console.log(run(url));") >"$work/urls.node"
check "url: $(wc -l <"$work/urls.node") cases give Node's results" diff "$work/urls.node" "$work/urls.kit"
sed -n '/<pre id="bytes">/,/<\/pre>/p' "$stored/bytes.html" | sed -e 's/.*<pre id="bytes">//' -e 's/<\/pre>.*//' | unescape | sed -e '$a\' >"$work/bytes.kit"
(cd "$app" && node --input-type=module -e "
import fs from 'node:fs';
import path from 'node:path';
import { run } from './src/lib/bytes-cases.mjs';
console.log(run(fs, path, process.cwd()));") >"$work/bytes.node"
check "readFileSync without an encoding gives a Buffer, and Buffer's encodings, as in Node" diff "$work/bytes.node" "$work/bytes.kit"

if ! kit_serve_start lighttpd "$app" "$work/serve"; then
	fail "kit-serve starts" "$KIT_SERVE_ERROR"
	exit 1
fi
get() { curl -s "$KIT_SERVE_BASE$1" | unescape >"$work/page"; }
get /live
check "/live: fs/promises per request: the file, its stat, the directory with types" \
	grep -qF '<main><p id="text">live one</p><p id="size">9<!-- --> <!-- -->true<!-- --> <!-- -->false</p><p id="names">escape,live.txt,posts/</p></main>' "$work/page"
echo "live two, edited" >"$app/content/live.txt"
get /live
check "... an edited file shows at the next request" grep -qF '<p id="text">live two, edited</p>' "$work/page"
get /outside
check "an absolute path outside the app is refused, naming it" \
	grep -qF "<li id=\"etc\">KIT_OUTSIDE: kit: /etc/hostname is outside the app's directory ($(cd "$app" && pwd -P))" "$work/page"
check "... a relative path climbing out of it" grep -qF "<li id=\"dotdot\">KIT_OUTSIDE: kit: $(cd "$work" && pwd -P)/outside.txt is outside" "$work/page"
check "... a symbolic link pointing out of it" grep -qF '<li id="link">KIT_OUTSIDE: kit: ' "$work/page"
check "a missing file: Node's ENOENT" \
	grep -qF "<li id=\"missing\">ENOENT: ENOENT: no such file or directory, open '$(cd "$app" && pwd -P)/content/nope.md'</li>" "$work/page"
check "a directory: Node's EISDIR" grep -qF '<li id="dir">EISDIR: EISDIR: illegal operation on a directory, read</li>' "$work/page"
check "existsSync" grep -qF '<li id="exists">true<!-- --> <!-- -->false</li>' "$work/page"
check "writing is refused with a reason" grep -qF '<li id="write">EROFS: kit: fs.writeFileSync() is not available' "$work/page"
kit_serve_stop
check "the symbolic link's target was never read" bash -c "! grep -qF \"\$(cat /etc/hostname)\" '$work/page' || [ -z \"\$(cat /etc/hostname)\" ]"
suite_end
