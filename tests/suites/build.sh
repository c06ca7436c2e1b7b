#!/usr/bin/env bash
# build.sh — the real kit-build on the fixture apps of tests/fixtures/build/apps/.
#
# A good app must produce the .kit/ of docs/build-output.md (manifest, typed
# routes, entry, server.js that loads in mujs, version); every broken app must
# fail with a non-zero exit, a message naming the file and the fix, and leave
# an existing .kit/ exactly as it was with no temporary directory behind.
# Apps are copied to a scratch directory first; the tree is never written.
#
# kit-build runs with KIT_DATADIR=$KIT_TOP_SRCDIR (the source tree is a data
# directory: js/, runtime/, toolchain/); KIT_BUILD_DATADIR overrides it, e.g.
# to try a stand-in runtime kept outside the repo. The browser builds use the
# stand-in entry tests/fixtures/build/client-entry.js (KIT_CLIENT_ENTRY), so
# what they check does not move with kit's real browser runtime; one build
# with the real entry runs when js/client/entry.ts exists.
#
# A fixture's `_node_modules/` becomes `node_modules/` in the copy (the repo
# ignores node_modules directories).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin ""
export KIT_DATADIR=${KIT_BUILD_DATADIR:-$top_src}
kit_build=$top_build/kit-build
apps=$top_src/tests/fixtures/build/apps
export KIT_CLIENT_ENTRY=$top_src/tests/fixtures/build/client-entry.js
suite_work build-suite
contains() { grep -qF -- "$2" "$1"; }

if [ ! -x "$kit_build" ]; then
	fail "kit-build" "$kit_build is missing (run make)"
	exit 1
fi
missing=
for f in js/server/runtime.ts js/server/react.ts js/server/jsx-runtime.ts \
	runtime/mujs-fixes.js runtime/prelude.js runtime/polyfills.js \
	toolchain/bundle.mjs toolchain/node_modules/esbuild/package.json; do
	[ -e "$KIT_DATADIR/$f" ] || missing="$missing $f"
done

# run APP [SEED]: copies the app to $work/APP, optionally seeds a previous
# .kit/ with a marker file, runs kit-build; output in $work/APP.out/.err.
run() {
	local app=$1 dir=$work/$1
	rm -rf "$dir"
	cp -R "$apps/$app" "$dir"
	if [ -d "$dir/_node_modules" ]; then mv "$dir/_node_modules" "$dir/node_modules"; fi
	if [ "${2:-}" = seed ]; then
		mkdir -p "$dir/.kit"
		echo previous >"$dir/.kit/marker"
	fi
	"$kit_build" "$dir" >"$work/$app.out" 2>"$work/$app.err"
	echo $? >"$work/$app.rc"
}

# expect_failure APP TEXT...: the build fails, stderr has every TEXT, and the
# seeded .kit/ is untouched with no temporary directory left.
expect_failure() {
	local app=$1
	shift
	run "$app" seed
	local rc
	rc=$(cat "$work/$app.rc")
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
		pass "$app: fails"
	else
		fail "$app: fails" "exit status $rc; stderr: $(head -c 400 "$work/$app.err")"
	fi
	local t
	for t in "$@"; do
		if contains "$work/$app.err" "$t"; then
			pass "$app: says '$t'"
		else
			fail "$app: says '$t'" "stderr was: $(tr '\n' ' ' <"$work/$app.err" | head -c 600)"
		fi
	done
	local dir=$work/$app
	check "$app: previous .kit untouched" \
		test "$(ls -A "$dir/.kit")" = marker -a "$(cat "$dir/.kit/marker")" = previous
	check "$app: no half-written build left" \
		test -z "$(ls -A "$dir" | grep '^\.kit\.')"
}

# --- errors found before any JS runs (no runtime files needed) ---------------
expect_failure missing-src "error: src/app: the source directory does not exist" \
	"fix:   create src/app/page.tsx"
expect_failure conflict "error: src/app/(b)/x/page.tsx:" "src/app/(a)/x/page.tsx" \
	"claim the URL /x" "route: /x" "fix:   keep one of them"
expect_failure page-and-route "error: src/app/feed/route.ts:" "src/app/feed/page.tsx" \
	"a page and an API route cannot share a URL"
expect_failure catchall-not-last "error: src/app/docs/[...slug]/edit/page.tsx:" \
	"catch-all segment [...slug] is not the last segment" "fix:   a catch-all takes the rest of the URL"
expect_failure bad-config 'error: kit.config.json: unknown key "outDir"' \
	'"sourceDir" must be a string' "fix:   "
expect_failure bad-json "error: kit.config.json: not valid JSON" "fix:   fix the syntax"

run missing-src
KIT_DATADIR=$work/no-such-datadir "$kit_build" "$apps/conflict" >/dev/null 2>"$work/dd.err"
check "scan errors come before the data directory check" contains "$work/dd.err" "claim the URL /x"
cp -R "$apps/good" "$work/no-datadir"
KIT_DATADIR=$work/no-such-datadir "$kit_build" "$work/no-datadir" >/dev/null 2>"$work/dd.err"
check "missing data directory: fails" test $? -eq 1
check "missing data directory: names KIT_DATADIR" contains "$work/dd.err" "set KIT_DATADIR"
check "missing data directory: nothing written" test ! -e "$work/no-datadir/.kit"

"$kit_build" --help >/dev/null
check "--help exits 0" test $? -eq 0
"$kit_build" a b >/dev/null 2>&1
check "two directories: usage error" test $? -eq 2
"$kit_build" "$work/does-not-exist" >/dev/null 2>"$work/nodir.err"
check "missing app directory: fails with a fix" contains "$work/nodir.err" "fix:"

if [ -n "$missing" ]; then
	echo "SKIP: bundling tests: KIT_DATADIR=$KIT_DATADIR lacks$missing"
	exit 0
fi

# --- errors from the toolchain and from mujs ----------------------------------
expect_failure syntax-error "error: src/app/broken/page.tsx:1:23: " "route: /broken" \
	"fix:   correct the code at this position"
expect_failure unresolved 'error: src/app/page.tsx:1:21: cannot resolve import "left-pad"' \
	"install it (npm install left-pad in the app directory) or fix the path" \
	'src/app/page.tsx:2:24: cannot resolve import "./helpers/missing"' "fix the path" \
	'src/app/io.ts:1:26: cannot resolve import "node:child_process"' "not in Node.js"
expect_failure next-imports 'src/app/page.tsx:2:18: cannot resolve import "next/link"' \
	"fix:   kit is not Next.js: import Link from '@kit/core/Link'" \
	"fix:   kit is not Next.js: import { headers, cookies, connection } from '@kit/core/request'" \
	'cannot resolve import "next/image"' 'fix:   kit has no Image component: import the image file (it gives { src, width, height }'
expect_failure inline-action-client 'error: src/app/save-button.tsx:5:3: an inline "use server" function (save) in a client module ("use client")' \
	"fix:   move it to a \"use server\" module and import it"
expect_failure no-method "error: src/app/api/ping/route.ts: the API route exports no HTTP method" \
	"route: /api/ping" "fix:   export GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS from src/app/api/ping/route.ts"
expect_failure no-default "error: src/app/page.tsx: the page has no default export component" \
	"fix:   export default a component from src/app/page.tsx"
expect_failure throws "error: src/app/page.tsx:1: the server bundle throws while loading" \
	"'window' is not defined" "fix:   the top-level code of src/app/page.tsx"
# a component in while (true) {} inside a boundary: mujs's interrupt stops it
# at the build budget (500 ms) and the route fails, naming the component
expect_failure loops "error: src/app/spin/page.tsx: route /spin was still running JavaScript when the build budget (500 ms) ran out, in Spin" \
	"fix:   find the loop or recursion that does not end"
# markup 300 elements deep (mujs stopped at ~47 before its patch 0205): it
# builds, and the stored page holds every level
run recursion
check "recursion: 300 nested elements build" test "$(cat "$work/recursion.rc")" -eq 0
check "recursion: ... and the stored page holds all 300 levels" \
	grep -qF "$(printf '<div>%.0s' $(seq 300))deep$(printf '</div>%.0s' $(seq 300))" \
	"$work/recursion/.kit-store/stored/$(cat "$work/recursion/.kit/version" 2>/dev/null)/deep.html"

cp -R "$apps/good" "$work/no-node"
KIT_NODE=$work/no-such-node "$kit_build" "$work/no-node" >/dev/null 2>"$work/node.err"
check "missing node: fails" test $? -eq 1
check "missing node: says how to fix" contains "$work/node.err" "set KIT_NODE"
check "missing node: nothing written" test -z "$(ls -A "$work/no-node" | grep '^\.kit')"

# --- a good app ---------------------------------------------------------------
good=$work/good
stale_pid=$(sh -c 'echo $$')  # a process that has exited
mkdir -p "$work/seed"
run good seed
rm -rf "$good/.kit.tmp-$stale_pid"
mkdir -p "$good/.kit.tmp-$stale_pid/gen"
"$kit_build" "$good" >"$work/good.out" 2>"$work/good.err"
check "good: builds" test $? -eq 0
check "good: replaced the previous .kit" test ! -e "$good/.kit/marker"
check "good: removed a killed build's leftovers" test ! -e "$good/.kit.tmp-$stale_pid"
check "good: no temporary directory left" test -z "$(ls -A "$good" | grep '^\.kit\.')"
for f in manifest.json server.js rsc-routes.d.ts version gen/entry.server.js; do
	check "good: wrote .kit/$f" test -s "$good/.kit/$f"
done
check "good: listing shows an API route with its methods" \
	grep -qE '^. ƒ /api/items +api +src/app/api/items/route.ts · GET POST' "$work/good.out"
check "good: listing shows totals" grep -qE '^7 routes \(5 pages, 2 API\) from 12 modules · server.js [0-9.]+ kB \+ [0-9.]+ kB in server/ · built in' "$work/good.out"
check "good: no warnings" test ! -s "$work/good.err"

# The manifest, checked field by field against docs/build-output.md.
node - "$good/.kit" <<'EOF'
const fs = require('fs');
const dir = process.argv[2];
const m = JSON.parse(fs.readFileSync(dir + '/manifest.json', 'utf8'));
const eq = (name, got, want) => {
  const g = JSON.stringify(got), w = JSON.stringify(want);
  console.log(g === w ? `PASS: manifest: ${name}` : `FAIL: manifest: ${name}: got ${g}, want ${w}`);
};
eq('version is 16 hex digits', /^[0-9a-f]{16}$/.test(m.version), true);
eq('version file matches', fs.readFileSync(dir + '/version', 'utf8'), m.version + '\n');
eq('sourceDir', m.sourceDir, 'src/app');
eq('routes in match order', m.routes.map((r) => r.path),
  ['/', '/api/items', '/api/items/[id]', '/blog/new', '/blog/[slug]', '/cart', '/docs/[...rest]']);
const r = Object.fromEntries(m.routes.map((x) => [x.path, x]));
eq('root page', r['/'], {
  path: '/', kind: 'page', module: 'app/page', segments: [],
  layouts: [{ module: 'app/layout', slots: { modal: 'app/@modal/default' } }],
  loading: { module: 'app/loading', depth: 1 }, notFound: null, middleware: ['app/middleware'],
});
eq('nearest not-found', [r['/blog/[slug]'].notFound, r['/blog/new'].notFound, r['/cart'].notFound],
  [{ module: 'app/blog/not-found', depth: 1 }, { module: 'app/blog/not-found', depth: 1 }, null]);
eq('dynamic segment', r['/blog/[slug]'].segments, [{ type: 'static', value: 'blog' }, { type: 'dynamic', name: 'slug' }]);
eq('catch-all segment', r['/docs/[...rest]'].segments, [{ type: 'static', value: 'docs' }, { type: 'catchall', name: 'rest' }]);
eq('route group adds no segment', [r['/cart'].module, r['/cart'].segments], ['app/(shop)/cart/page', [{ type: 'static', value: 'cart' }]]);
eq('API route methods', r['/api/items'].methods, ['GET', 'POST']);
eq('API route methods (const export, non-method export ignored)', r['/api/items/[id]'].methods, ['GET', 'DELETE']);
eq('API route has no layouts or loading', [r['/api/items'].kind, r['/api/items'].layouts, r['/api/items'].loading, r['/api/items'].middleware],
  ['api', [], null, ['app/middleware']]);
eq('pages have no methods key', 'methods' in r['/'], false);
EOF

dts=$good/.kit/rsc-routes.d.ts
check "d.ts: declares @kit/core/routes" contains "$dts" 'declare module "@kit/core/routes" {'
check "d.ts: static route" contains "$dts" '| "/blog/new"'
check "d.ts: dynamic segment widens to \${string}" contains "$dts" '| `/blog/${string}`'
check "d.ts: catch-all widens to \${string}" contains "$dts" '| `/docs/${string}`'
check "d.ts: groups add no segment" contains "$dts" '| "/cart"'
check "d.ts: augments Register (Href narrows in js/routes.ts)" contains "$dts" '  interface Register {'

entry=$good/.kit/gen/entry.server.js
check "entry: imports the kit runtime" contains "$entry" 'import * as runtime from "@kit/core/server/runtime";'
check "entry: imports route modules relative to .kit/gen" contains "$entry" '"../../src/app/(shop)/cart/page.tsx"'
check "entry: imports slot defaults" contains "$entry" '"app/@modal/default": '
check "entry: colocated files are not modules" test -z "$(grep -F Card.tsx "$entry")"

server=$good/.kit/server.js
fixes_size=$(wc -c <"$KIT_DATADIR/runtime/mujs-fixes.js")
check "server.js: starts with runtime/mujs-fixes.js" \
	cmp -s -n "$fixes_size" "$KIT_DATADIR/runtime/mujs-fixes.js" "$server"
# parsed as ECMAScript 5 by acorn (in the toolchain's lock), not grepped:
# strings in the bundle may well contain "=>" or "const"
es5_parse() {
	"${NODE:-node}" -e '
		const acorn = require(process.argv[1]);
		const src = require("fs").readFileSync(process.argv[2], "utf8");
		try { acorn.parse(src, { ecmaVersion: 5 }); }
		catch (e) { console.log(e.message + ": " + src.split("\n")[e.loc.line - 1].slice(Math.max(0, e.loc.column - 40), e.loc.column + 40)); process.exit(1); }
	' "$KIT_DATADIR/toolchain/node_modules/acorn" "$1"
}
check "server.js: is ES5 (acorn parses it as ECMAScript 5)" es5_parse "$server"
# kit-build itself loads server.js in libmujs (the good build above and the
# throws case prove that check is real). Independently, load it
# again and look at __kit_app: in the mujs CLI when installed, else in node.
{
	echo 'function __kit_log(){} function __kit_timer_arm(){} function __kit_timer_disarm(){}'
	echo 'function __kit_load_chunk(name){ throw new Error("no chunk " + name); }'
	# the route modules' chunks (.kit/server/) register after server.js; the
	# engine's native loader would read them on first use
	cat "$server" "$(dirname "$server")"/server/*.js
	cat <<'EOF'
var m = __kit_app.modules, n = 0;
for (var id in m) n++;
print('modules=' + n);
print('page=' + typeof m['app/page'].default);
print('GET=' + typeof m['app/api/items/route'].GET);
print('runtime=' + typeof __kit_app.runtime);
EOF
} >"$work/load.js"
if command -v mujs >/dev/null 2>&1; then
	loader="the mujs CLI"
	mujs "$work/load.js" >"$work/load.out" 2>&1
else
	loader="node (no mujs CLI)"
	node -e 'require("vm").runInNewContext(require("fs").readFileSync(process.argv[1], "utf8"), { print: (s) => console.log(s) })' \
		"$work/load.js" >"$work/load.out" 2>&1
fi
check "server.js: loads in $loader" test $? -eq 0
check "server.js: exposes every module" contains "$work/load.out" "modules=12"
check "server.js: page default export is a function" contains "$work/load.out" "page=function"
check "server.js: API handler is a function" contains "$work/load.out" "GET=function"
check "server.js: exposes the kit runtime" contains "$work/load.out" "runtime=object"

# The version is a function of the output: same tree, same version; any
# change in a page changes it.
v1=$(cat "$good/.kit/version")
"$kit_build" "$good" >/dev/null 2>&1
check "version: stable across rebuilds" test "$(cat "$good/.kit/version")" = "$v1"
echo 'export const extra = 1;' >>"$good/src/app/blog/new/page.tsx"
"$kit_build" "$good" >/dev/null 2>&1
check "version: changes with the code" test "$(cat "$good/.kit/version")" != "$v1"

# An uninstalled kit-build in a built source tree uses that tree by default.
if [ "$top_build" = "$top_src" ] && [ -z "${KIT_BUILD_DATADIR:-}" ]; then
	cp -R "$apps/good" "$work/in-tree"
	env -u KIT_DATADIR "$kit_build" "$work/in-tree" >/dev/null 2>"$work/in-tree.err"
	check "no KIT_DATADIR: an uninstalled kit-build uses its source tree" test $? -eq 0
fi

run config
check "config: sourceDir from kit.config.json" test "$(cat "$work/config.rc")" -eq 0
check "config: manifest records it" contains "$work/config/.kit/manifest.json" '"sourceDir": "app"'
check "config: module ids stay app/..." contains "$work/config/.kit/manifest.json" '"module": "app/page"'

# --- client components (docs/client-components.md §1–4) ------------------------
check "no client module: client-manifest.json is empty" \
	test "$(tr -d ' \n' <"$good/.kit/client-manifest.json")" = '{"entry":null,"modules":{}}'
check "no client module: no static files" test -d "$good/.kit/static" -a -z "$(ls -A "$good/.kit/static")"

expect_failure client-rpc 'error: src/app/save.tsx:4:33: a "use client" module cannot call rpc()' \
	"fix:   rpc() exists on the server only"
expect_failure client-rpc-helper 'error: src/lib/api.ts:3:10: this file is in the browser bundle (a "use client" module imports it) and references the global rpc'
expect_failure client-route 'error: src/app/api/ping/route.ts: API routes and middleware run on the server: this file cannot be a "use client" module' \
	"route: /api/ping"
expect_failure client-cjs 'error: node_modules/cjs-ui/index.js: a CommonJS "use client" module' \
	"fix:   import the package's ES module build"
KIT_CLIENT_ENTRY=$work/no-such-entry.js run client seed
check "missing browser entry: fails" test "$(cat "$work/client.rc")" -eq 1
check "missing browser entry: says so" contains "$work/client.err" "kit's browser runtime entry $work/no-such-entry.js does not exist"
check "missing browser entry: previous .kit untouched" test "$(ls -A "$work/client/.kit")" = marker

capp=$work/client
run client
check "client: builds" test "$(cat "$work/client.rc")" -eq 0
check "client: no warnings" test ! -s "$work/client.err"
check "client: listing counts client modules and browser JS" \
	grep -qE '^2 routes \(2 pages, 0 API\) from 3 modules · server.js [0-9.]+ kB \+ [0-9.]+ kB in server/ · 6 client modules, browser JS [0-9.]+ kB · built in' "$work/client.out"
check "client: listing shows each client module" \
	grep -qE '^. src/components/counter +[0-9.]+ kB  src/components/counter.tsx$' "$work/client.out"
check "client: static/ holds only hashed .js files and their license texts" \
	test -z "$(ls "$capp/.kit/static" | grep -vE '^[A-Za-z0-9_-]+-[A-Z0-9]{8}\.js(\.LEGAL\.txt)?$')"
check "client: static/ has the entry, four module files and shared chunks" \
	test "$(ls "$capp/.kit/static" | grep -cE '^(entry|index|page|counter|ui|chunk)-')" -ge 6
react_marker='The argument must be a React element, but you passed'
check "client: the browser JS holds React exactly once" \
	test "$(cat "$capp"/.kit/static/*.js | grep -oF "$react_marker" | wc -l)" -eq 1
check "client: not the app's own node_modules/react" \
	test -z "$(grep -lF FAKE_REACT_DUPLICATE_COPY "$capp"/.kit/static/*.js)"

# The client manifest, the version over static/, and the chunks evaluated in
# node with a fake `self` (the stand-in entry records __kit_register calls).
node - "$capp/.kit" <<'EOF'
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const dir = process.argv[2];
const eq = (name, got, want) => {
  const g = JSON.stringify(got), w = JSON.stringify(want);
  console.log(g === w ? `PASS: client: ${name}` : `FAIL: client: ${name}: got ${g}, want ${w}`);
};
const cm = JSON.parse(fs.readFileSync(dir + '/client-manifest.json', 'utf8'));
const file = (url) => path.join(dir, 'static', url.replace(/^\/_kit\/static\//, ''));
eq('manifest: entry is a file of static/', /^\/_kit\/static\/entry-[A-Z0-9]{8}\.js$/.test(cm.entry) && fs.existsSync(file(cm.entry)), true);
eq('manifest: module ids', Object.keys(cm.modules),
  ['@kit/core/client/error-boundary', '@kit/core/client/segment', 'node_modules/fake-ui/dist/index', 'src/app/client/page',
    'src/components/counter', 'src/components/ui']);
eq('manifest: kit\'s own SegmentBoundary needs no chunks (the entry registers it)', cm.modules['@kit/core/client/segment'].chunks, []);
eq('manifest: nor its ErrorBoundary (error.tsx)', cm.modules['@kit/core/client/error-boundary'].chunks, []);
for (const [id, m] of Object.entries(cm.modules)) {
  if (id.startsWith('@kit/core/')) continue;
  const c = m.chunks, pairs = [];
  for (let i = 0; i < c.length; i += 2) pairs.push([c[i], c[i + 1]]);
  eq(`manifest: ${id}: [chunkId, url] pairs of existing files`,
    c.length >= 2 && c.length % 2 === 0 && pairs.every(([k, u]) => u === `/_kit/static/${k}.js` && fs.existsSync(file(u))), true);
  eq(`manifest: ${id}: its own file first`, pairs[0][0].startsWith(id.split('/').pop() + '-'), true);
  eq(`manifest: ${id}: not the entry`, pairs.some(([, u]) => u === cm.entry), false);
}
eq('manifest: no absolute paths', /"\/(?!_kit\/static\/)/.test(fs.readFileSync(dir + '/client-manifest.json', 'utf8')), false);

// version = FNV-1a 64 of server.js, the routes array, server/, then static/ (build-output.md)
const fnv = (h, buf) => { for (const b of buf) { h ^= BigInt(b); h = (h * 0x100000001b3n) & 0xffffffffffffffffn; } return h; };
const manifestText = fs.readFileSync(dir + '/manifest.json', 'utf8');
const routes = manifestText.slice(manifestText.indexOf('"routes": ') + 10, manifestText.lastIndexOf(']') + 1);
let h = fnv(0xcbf29ce484222325n, fs.readFileSync(dir + '/server.js'));
h = fnv(h, Buffer.from(routes));
for (const sub of ['server', 'static']) {
  for (const f of fs.readdirSync(dir + '/' + sub).sort()) {
    h = fnv(h, Buffer.concat([Buffer.from(f), Buffer.from([0])]));
    h = fnv(h, fs.readFileSync(dir + '/' + sub + '/' + f));
  }
}
eq('version covers server/ and static/', h.toString(16).padStart(16, '0'), JSON.parse(manifestText).version);

(async () => {
  const copy = fs.mkdtempSync(path.join(require('os').tmpdir(), 'kit-static-eval-'));  // outside the app: kit-build scans the app's files
  for (const f of fs.readdirSync(dir + '/static')) fs.copyFileSync(dir + '/static/' + f, copy + '/' + f);
  fs.writeFileSync(copy + '/package.json', '{"type":"module"}');
  globalThis.self = globalThis;
  const load = (url) => import(pathToFileURL(path.join(copy, path.basename(url))).href);
  try {
    await load(cm.entry);
    for (const m of Object.values(cm.modules)) for (let i = 1; i < m.chunks.length; i += 2) await load(m.chunks[i]);
    const reg = self.__kit_test.modules;
    eq('browser chunks register every module', Object.keys(reg).sort(), Object.keys(cm.modules));
    eq('browser: default and named exports', Object.keys(reg['src/components/counter']).sort(), ['default', 'innerButton', 'step']);
    eq('browser: export * names', Object.keys(reg['src/components/ui']).sort(), ['Button', 'Hint', 'Label', 'track']);
    eq('browser: one module instance shared by its importers', reg['src/components/counter'].innerButton === reg['src/components/ui'].Button, true);
    eq('browser: React from the entry is React 19.3.1', self.__kit_test.React.version, '19.3.1');
  } catch (e) {
    console.log(`FAIL: client: browser chunks evaluate in node: ${e && e.stack}`);
  }
})();
EOF

# The server bundle: client references in mujs (the CLI when installed, else node).
{
	echo 'function __kit_log(){} function __kit_timer_arm(){} function __kit_timer_disarm(){}'
	echo 'function __kit_load_chunk(name){ throw new Error("no chunk " + name); }'
	cat "$capp/.kit/server.js" "$capp/.kit/server/"*.js
	cat <<'EOF'
var p = __kit_app.modules['app/page'], cp = __kit_app.modules['app/client/page'];
function ref(label, r) {
  print(label + ': ' + typeof r + ' ' + (r.$$typeof === Symbol.for('react.client.reference')) + ' ' + r.$$id + ' ' + r.$$name + ' ' + typeof r.$$impl());
}
ref('Counter', p.Counter); ref('Button', p.Button); ref('Hint', p.Hint); ref('Badge', p.Badge); ref('ClientPage', cp.default);
print('Plain: ' + typeof p.Plain + ' ' + (p.Plain.$$typeof === undefined));
var inner = p.innerButton.$$impl();
print('inner: ' + (inner.$$typeof === undefined) + ' ' + (inner === p.Button.$$impl()));
try { p.Counter({}); print('call: returned'); } catch (e) { print('call: ' + e.message); }
EOF
} >"$work/client-load.js"
if command -v mujs >/dev/null 2>&1; then
	mujs "$work/client-load.js" >"$work/client-load.out" 2>&1
else
	node -e 'require("vm").runInNewContext(require("fs").readFileSync(process.argv[1], "utf8"), { print: (s) => console.log(s) })' \
		"$work/client-load.js" >"$work/client-load.out" 2>&1
fi
check "client: server.js loads in $loader" test $? -eq 0
check "client: a default export becomes a client reference" contains "$work/client-load.out" "Counter: function true src/components/counter default function"
check "client: a named export becomes a client reference" contains "$work/client-load.out" "Button: function true src/components/ui Button function"
check "client: export * names become client references" contains "$work/client-load.out" "Hint: function true src/components/ui Hint function"
check "client: a \"use client\" package in node_modules" contains "$work/client-load.out" "Badge: function true node_modules/fake-ui/dist/index Badge function"
check "client: a \"use client\" page is a client reference" contains "$work/client-load.out" "ClientPage: function true src/app/client/page default function"
check "client: \"use client\" after an import is a plain module" contains "$work/client-load.out" "Plain: function true"
check "client: inside client modules, client modules are the real ones" contains "$work/client-load.out" "inner: true true"
check "client: calling a client reference throws, naming the module and the fix" \
	grep -qE 'call: kit: (the default export|[A-Za-z]+\(\)) of the "use client" module src/components/[a-z]+ was called on the server: .* move it to a file without "use client"' "$work/client-load.out"
check "client: export * skips the default export" test -z "$(grep -F '"src/components/ui", "default"' "$capp/.kit/server.js")"

v1=$(cat "$capp/.kit/version")
ls "$capp/.kit/static" >"$work/static1"
"$kit_build" "$capp" >/dev/null 2>&1
check "client: same app, same static files" cmp -s "$work/static1" <(ls "$capp/.kit/static")
check "client: same app, same version" test "$(cat "$capp/.kit/version")" = "$v1"

# kit's real browser runtime entry, when it exists.
if [ -e "$KIT_DATADIR/js/client/entry.ts" ]; then
	env -u KIT_CLIENT_ENTRY "$kit_build" "$capp" >/dev/null 2>"$work/real-entry.err"
	check "client: builds with kit's real browser entry" test $? -eq 0
	# .kit/static also holds the kept earlier versions' files (a rollback needs
	# them): the build's own are in .kit-store/builds/<version>/static
	check "client: real entry: React exactly once" \
		test "$(cat "$capp/.kit-store/builds/$(cat "$capp/.kit/version")"/static/*.js | grep -oF "$react_marker" | wc -l)" -eq 1
	check "client: the previous version's browser files stay in .kit/static (for a rollback)" \
		test -z "$(cd "$capp/.kit/static" && for f in $(cat "$work/static1"); do [ -e "$f" ] || echo "$f"; done)"
	check "client: a new version's own files differ from the previous one's" \
		test "$(cat "$capp/.kit/version")" != "$v1"
else
	echo "SKIP: client: kit's real browser entry: $KIT_DATADIR/js/client/entry.ts does not exist yet"
fi

# --- prerendering outcomes (build/prerender.c; docs/build-output.md "Stored renders")
run prerender
check "prerender: builds" test "$(cat "$work/prerender.rc")" -eq 0
pout=$work/prerender.out
pdir=$work/prerender/.kit-store/stored/$(cat "$work/prerender/.kit/version" 2>/dev/null)
check "prerender: a Suspense boundary reading cookies() stores the shell (◐ with the reason)" \
	grep -qE '^. ◐ /shell .* · shell stored [0-9.]+ kB · reads cookies\(\) inside a Suspense boundary$' "$pout"
check "prerender: the shell has the hole pending with its fallback" \
	contains "$pdir/shell.ppr.html" '<h1>static part</h1><!--$?--><template id="B:0"></template><p>loading who</p><!--/$-->'
check "prerender: the shell carries no rows and no closing tags" \
	test -z "$(grep -F -e '<script' -e '</html>' "$pdir/shell.ppr.html")"
check "prerender: generateStaticParams (async) stores each listed URL (●)" \
	grep -qE '^. ● /posts/\[id\] .* · 2 of 2 listed URLs stored' "$pout"
check "prerender: listed URLs are stored under their own keys" \
	test -s "$pdir/posts/one.html" -a -s "$pdir/posts/two.html" -a -s "$pdir/posts/two.seg1.flight"
check "prerender: a listed URL renders its params" contains "$pdir/posts/two.html" "<h1>post <!-- -->two</h1>"
check "prerender: a slot the layout renders is there" contains "$pdir/slots.html" '<div class="slots"><p>slots page</p><aside><p>shown slot</p></aside></div>'
check "prerender: a slot the layout does not render is dropped silently (HTML, Flight, no warning)" \
	test -z "$(grep -l 'UNUSED SLOT' "$pdir"/slots.* 2>/dev/null)$(grep -i 'unused' "$work/prerender.err")"
check "prerender: a catch-all lists arrays" test -s "$pdir/docs/a/b.html"
check "prerender: a GET API route that reads nothing is stored (○)" \
	grep -qE '^. ○ /api/static .* · stored' "$pout"
check "prerender: the stored API body" test "$(cat "$pdir/api/static.api")" = "static answer"
check "prerender: a GET API route reading its Request runs per request (ƒ, reason)" \
	grep -qE '^. ƒ /api/reads .* · reads request\(\)$' "$pout"
check "prerender: no stored API file for it" test ! -e "$pdir/api/reads.api"
check "prerender: a GET API route calling Date.now()/Math.random() is stored (○)" \
	grep -qE '^. ○ /api/clock .* · stored' "$pout"
check "prerender: ... with a warning naming the file, the route and the fix" \
	grep -qF 'warning: src/app/api/clock/route.ts: GET /api/clock called Date.now() or Math.random() at build time' "$work/prerender.err"
check "prerender: no such warning for the route that reads neither" \
	test -z "$(grep -F 'GET /api/static called' "$work/prerender.err")"
check "prerender: a dynamic API route with listed params stores each listed URL (●)" \
	grep -qE '^. ● /api/items/\[id\] .* · 2 of 2 listed URLs stored' "$pout"
check "prerender: ... each under its own URL, called with its params" \
	test "$(cat "$pdir/api/items/a.api")" = "item a" -a "$(cat "$pdir/api/items/b.api")" = "item b"
check "prerender: a catch-all API route: a listed URL reading its Request is not stored" \
	test "$(cat "$pdir/api/files/docs/intro.api")" = "file docs/intro" -a ! -e "$pdir/api/files/live.api"
check "prerender: ... the listing says 1 of 2" grep -qE '^. ● /api/files/\[\.\.\.path\] .* · 1 of 2 listed URLs stored' "$pout"
check "prerender: ... the progress line names the reason" \
	grep -qF '/api/files/live (API, GET /api/files/[...path]) per request: reads request()' "$pout"
check "prerender: a dynamic API route without listed values: ƒ params without listed values" \
	grep -qE '^. ƒ /api/users/\[id\] .* · params without listed values$' "$pout"
check "prerender: an API route awaiting searchParams is stored for the bare URL only" \
	grep -qE '^. ○ /api/search .* · stored [0-9.]+ kB · bare URL only: reads searchParams$' "$pout"
check "prerender: ... its stored answer is the bare URL's" test "$(cat "$pdir/api/search.api")" = "search (none)"
check "prerender: an API route exporting a searchParams schema: bare URL only" \
	grep -qE '^. ○ /api/schema .* · bare URL only: reads searchParams$' "$pout"
check "prerender: a route reading no query is stored for any query string (no bare-only mark)" \
	test -z "$(grep -E '^. ○ /api/static .*bare URL' "$pout")"
check "prerender: the build prints progress while prerendering" \
	grep -qE '^Prerendering [0-9]+ routes \(build budget 1000 ms\)$' "$pout"
check "prerender: ... one line per route with its outcome and time" grep -qE '^  \[[0-9]+/[0-9]+\] /shell shell stored \([0-9]+ ms\)$' "$pout"
check "prerender: every route is in the listing" \
	test "$(grep -cE '^[┌├└-] [○●◐ƒ] /' "$pout")" -eq "$(grep -oE '^[0-9]+ routes' "$pout" | grep -oE '[0-9]+')"
check "prerender: a page that only redirects: ○ redirect stored" grep -qE '^. ○ /moved .* · redirect stored [0-9.]+ kB$' "$pout"
check "prerender: ... its .redirect.json" contains "$pdir/moved.redirect.json" '{"status":307,"location":"/"}'
check "prerender: await connection() declares per request (ƒ, not a failure)" \
	grep -qE '^. ƒ /declared/\[id\] .* · awaits connection\(\)$' "$pout"
check "prerender: notFound() at build: ƒ with the reason" grep -qE '^. ƒ /gone .* · calls notFound\(\) at build time$' "$pout"
check "prerender: a boundary still waiting at the build budget (kit.config.json buildBudgetMs): ◐" \
	grep -qE '^. ◐ /waits .* · shell stored [0-9.]+ kB · a Suspense boundary still waited after the build budget$' "$pout"
check "prerender: ... the waiting boundary is a hole of the shell" \
	contains "$pdir/waits.ppr.html" '<h1>waits</h1><!--$?--><template id="B:0"></template><p>waiting</p><!--/$-->'
check "prerender: a dynamic page listing no URLs, reading params inside a boundary: ◐ the route's shell" \
	grep -qE '^. ◐ /things/\[id\] .* · shell stored [0-9.]+ kB · reads params inside a Suspense boundary$' "$pout"
check "prerender: ... stored under the route's own path" \
	contains "$pdir/things/[id].ppr.html" '<h1>things</h1><!--$?--><template id="B:0"></template><p>loading thing</p><!--/$-->'
check "prerender: a catch-all listing no URLs, params inside a boundary: ◐ its shell, published" \
	grep -qE '^. ◐ /shelf/\[\.\.\.slug\] .* · shell stored [0-9.]+ kB · reads params inside a Suspense boundary$' "$pout"
check "prerender: ... stored under the route's own path ([...slug] is no traversal)" \
	contains "$pdir/shelf/[...slug].ppr.html" '<h1>shelf</h1><!--$?--><template id="B:0"></template><p>loading path</p><!--/$-->'
check "prerender: a component failing at build caught by a loading.tsx: stored with the shared fallback" \
	contains "$pdir/hooky.html" '<!--$!--><template data-dgst="'
check "prerender: ... and the fallback is the loading.tsx's" contains "$pdir/hooky.html" '<p>shared fallback</p>'
check "prerender: ... with a warning naming the route and the fix" \
	grep -qF 'warning: src/app/(hooks)/hooky/page.tsx: route /hooky is stored with a Suspense fallback in place' "$work/prerender.err"
check "prerender: an API route answering bytes: ƒ answers bytes" grep -qE '^. ƒ /api/bytes .* · answers bytes$' "$pout"
check "prerender: an API route that never finishes: ƒ does not finish" \
	grep -qE '^. ƒ /api/never .* · does not finish within the build budget$' "$pout"
check "prerender: only GET is stored" grep -qE '^. ƒ /api/post .* · no GET \(only GET is stored\)$' "$pout"
check "prerender: an API route under a middleware: ƒ" grep -qE '^. ƒ /guarded/data .* · under a middleware$' "$pout"
check "prerender: nothing of those is stored" \
	test ! -e "$pdir/api/bytes.api" -a ! -e "$pdir/api/never.api" -a ! -e "$pdir/guarded/data.api" -a ! -e "$pdir/gone.html"
expect_failure reads-params "error: src/app/item/[id]/page.tsx: route /item/[id] reads its params above every Suspense boundary and lists no URLs to build" \
	"route: /item/[id]" "fix:   list the URLs to build (export generateStaticParams() from the page), put the part that reads params inside a <Suspense> boundary, add a loading.tsx, or await connection()"
check "reads-params: no version published" test ! -e "$work/reads-params/.kit-store"
expect_failure reads-cookies "error: src/app/page.tsx: route / reads the request (cookies()) above every Suspense boundary" \
	"fix:   put the part that calls cookies() inside a <Suspense> boundary, add a loading.tsx"
# a route that throws at build time fails the build (docs/build-output.md
# "Stored renders"): each route and each listed params entry, with the
# component, the error, the app's file:line and how to mark a route that
# can only render per request
expect_failure render-throws \
	"error: src/app/post/page.tsx:2: route /post throws at build time: <Title> TypeError: cannot convert undefined to object at src/app/post/page.tsx:2" \
	"error: src/app/items/[id]/page.tsx:8: route /items/b throws at build time: <Item> TypeError: cannot convert undefined to object at src/app/items/[id]/page.tsx:8" \
	"error: src/app/items/[id]/page.tsx:8: route /items/c throws at build time: <Item>" \
	"route: /items/[id]" \
	"error: src/app/server-hook/page.tsx:6: route /server-hook throws at build time: <ServerHook> Error: useState() only works in a client component, and was called in a server component (or outside a component render): add 'use client' at the top of the file" \
	"error: src/app/fetches/page.tsx:4: route /fetches throws at build time: <Fetches> TypeError: fetch failed: " \
	"fix:   a fetch() failed at build time: start what it asks for while kit-build runs, or if the route can only render per request (it needs the request, or a backend or service that is not running at build time), mark it: export const dynamic = 'force-dynamic' from its page (as in Next.js), or await connection() before the part that needs it" \
	"fix:   fix the error: per request the same render answers 500. Or, if the route can only render per request" \
	"kit-build: build failed with 5 errors"
check "render-throws: the listed entry that renders is not an error" \
	bash -c "! grep -qF 'route /items/a ' '$work/render-throws.err'"
check "render-throws: the route marked dynamic = 'force-dynamic' is not an error" \
	bash -c "! grep -qF 'route /marked ' '$work/render-throws.err'"
rm -rf "$work/render-throws"
cp -R "$apps/render-throws" "$work/render-throws"
"$kit_build" --dev "$work/render-throws" >"$work/render-throws.out" 2>"$work/render-throws.err"
check "render-throws --dev: the build goes on (exit 0)" test $? -eq 0
check "render-throws --dev: each failure is a warning saying the route renders per request" \
	bash -c "grep -qF 'warning: src/app/post/page.tsx:2: route /post throws at build time: <Title>' '$work/render-throws.err' && grep -qF '(kit-build --dev goes on: the route renders per request)' '$work/render-throws.err'"
check "render-throws --dev: the listing says ƒ throws at build time with the error" \
	grep -qE "^. ƒ /post .* · throws at build time: <Title> TypeError: cannot convert undefined to object at src/app/post/page.tsx:2$" "$work/render-throws.out"
expect_failure bad-static-params "error: src/app/p/[id]/page.tsx: route /p/[id]: generateStaticParams() entry 0" \
	'without "/", "." or ".."'
suite_end
