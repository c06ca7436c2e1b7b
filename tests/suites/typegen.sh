#!/usr/bin/env bash
# typegen.sh — the backend manifest (docs/rpc.md §8): kit.config.json's
# hostManifest command, rsc-host.json, the generated 'use server' actions
# module and .kit/rsc-env.d.ts (build/hostgen.c), and kit-typegen [--check]
# (build/typegen.c), on tests/fixtures/build/apps/host-manifest.
#
# 1. kit-build runs the command (in its cwd) before the build; the page
#    imports the generated module; both generated files equal the golden ones
#    in tests/fixtures/build/host-manifest.expect/.
# 2. tsc (kit's toolchain): a listed name and typed action calls pass; an
#    unknown rpc() name and an action argument of the wrong type are type
#    errors; without rsc-host.json any name passes.
# 3. Failures: the command failing (named, with its exit status and stderr;
#    .kit left as it was), a command that writes no rsc-host.json, a bad
#    rsc-host.json, a bad hostManifest option.
# 4. kit-typegen: --check exits 0 when current, 1 naming each file that
#    differs (rsc-host.json, .kit/rsc-env.d.ts, .kit/rsc-routes.d.ts,
#    src/server-actions.generated.ts) and puts rsc-host.json back byte for
#    byte; without --check it writes them, and a second run writes nothing.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin typegen
kit_build=$top_build/kit-build
typegen=$top_build/kit-typegen
tsc=$top_build/toolchain/node_modules/typescript/bin/tsc
fixture=$top_src/tests/fixtures/build/apps/host-manifest
expect_dir=$top_src/tests/fixtures/build/host-manifest.expect
suite_work typegen
for f in "$kit_build" "$typegen"; do
	[ -x "$f" ] || { fail setup "$f is missing (run make)"; exit 1; }
done

fresh() { # fresh DIR: a copy of the fixture app
	rm -rf "$1"
	cp -R "$fixture" "$1"
}
has() { # has NAME FILE TEXT...: every TEXT is in FILE
	local name=$1 file=$2 t
	shift 2
	for t in "$@"; do
		if ! grep -qF -- "$t" "$file"; then
			fail "$name" "no \"$t\" in: $(head -c 600 "$file")"
			return
		fi
	done
	pass "$name"
}

# --- 1. kit-build ------------------------------------------------------------------
app=$work/app
fresh "$app"
if "$kit_build" "$app" >"$work/build.out" 2>"$work/build.err"; then
	pass "a build with hostManifest succeeds"
else
	fail "a build with hostManifest succeeds" "$(tail -n 8 "$work/build.err")"
	exit 1
fi
has "the command ran in its cwd before the build (its output on stderr)" "$work/build.err" "wrote rsc-host.json"
if cmp -s "$app/rsc-host.json" <(node -e 'const r = require(process.argv[1]); process.stdout.write(JSON.stringify(r, null, 2) + "\n")' "$fixture/backend/registry.json"); then
	pass "rsc-host.json is what the command wrote"
else
	fail "rsc-host.json is what the command wrote" "$(head -c 300 "$app/rsc-host.json")"
fi
for f in src/server-actions.generated.ts .kit/rsc-env.d.ts; do
	if diff -u "$expect_dir/$(basename "$f")" "$app/$f" >"$work/diff" 2>&1; then
		pass "$f as expected (one 'use server' export per action, typed from \"types\")"
	else
		fail "$f as expected" "$(head -c 1200 "$work/diff")"
	fi
done
has "the generated module is bundled (the page imports it)" "$app/.kit/server.js" '"Orders.cancel"'

# --- 2. tsc --------------------------------------------------------------------------
tscheck() { # tscheck NAME FILE pass|fail [PATTERN] — FILE type-checked with the app's generated files
	local name=$1 file=$2 expect=$3 pattern=${4:-} dir=${5:-$app}
	cat >"$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "esnext",
    "moduleResolution": "bundler", "lib": ["es2020", "dom"], "types": [], "skipLibCheck": false,
    "noUnusedLocals": true, "baseUrl": ".", "paths": { "@kit/core/*": ["$top_src/js/*"] } },
  "files": ["$file", "$dir/.kit/rsc-env.d.ts"$( [ -f "$dir/src/server-actions.generated.ts" ] && echo ", \"$dir/src/server-actions.generated.ts\"")] }
JSON
	(cd "$work" && node "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1
	local rc=$?
	if [ "$expect" = pass ] && [ $rc -eq 0 ]; then
		pass "$name"
	elif [ "$expect" = fail ] && [ $rc -ne 0 ] && grep -q -- "$pattern" "$work/tsc.out"; then
		pass "$name"
	else
		fail "$name" "tsc exited $rc, expected $expect: $(head -c 600 "$work/tsc.out" | tr '\n' ' ')"
	fi
}
if [ ! -f "$tsc" ]; then
	fail "tsc" "$tsc is missing (make installs the toolchain)"
else
	cat >"$work/good.ts" <<TS
import { ordersCancel, profileUpdate } from '$app/src/server-actions.generated';
export async function f() {
  const orders = await rpc<Array<{ id: number }>>('Orders.recent', 3);
  const c = await ordersCancel(1, 'changed my mind');
  const later = await ordersCancel(2);
  const cancelled: boolean = c.cancelled && later.cancelled;
  await profileUpdate({ name: 'x' });
  return [orders, cancelled];
}
TS
	tscheck "listed names and typed actions type-check" good.ts pass
	cat >"$work/bad-name.ts" <<'TS'
export const p = rpc('Orders.recnet', 3);
TS
	tscheck "rpc() with a name rsc-host.json does not list is a type error" bad-name.ts fail "Orders.recnet"
	cat >"$work/bad-arg.ts" <<TS
import { ordersCancel } from '$app/src/server-actions.generated';
export const p = ordersCancel('one');
TS
	tscheck "an action argument of the wrong type is a type error (typed from \"types\")" bad-arg.ts fail "not assignable to parameter of type 'number'"
	bare=$work/bare
	fresh "$bare"
	rm -f "$bare/kit.config.json"
	"$typegen" "$bare" >"$work/bare.out" 2>&1
	cat >"$work/any.ts" <<'TS'
export const p = rpc<number>('Anything.goes', 1);
TS
	tscheck "without rsc-host.json rpc() takes any name" any.ts pass "" "$bare"
	if [ ! -e "$bare/src/server-actions.generated.ts" ]; then
		pass "without rsc-host.json no actions module is written"
	else
		fail "without rsc-host.json no actions module is written" "it exists"
	fi
fi

# --- 3. failures ---------------------------------------------------------------------
fails() { # fails NAME DIR TEXT...: kit-build fails, .kit untouched, stderr has every TEXT
	local name=$1 dir=$2
	shift 2
	mkdir -p "$dir/.kit"
	echo previous >"$dir/.kit/marker"
	if HOST_MANIFEST_FAIL=${HOST_MANIFEST_FAIL:-} "$kit_build" "$dir" >"$work/f.out" 2>"$work/f.err"; then
		fail "$name: the build fails" "exit 0"
		return
	fi
	if [ "$(cat "$dir/.kit/marker" 2>/dev/null)" = previous ] && ! ls -d "$dir"/.kit.tmp-* >/dev/null 2>&1; then
		pass "$name: the build fails, .kit left as it was"
	else
		fail "$name: .kit left as it was" "$(ls -a "$dir/.kit" "$dir")"
	fi
	has "$name: the message" "$work/f.err" "$@"
}
fresh "$work/f1"
HOST_MANIFEST_FAIL=1 fails "failing command" "$work/f1" \
	'error: kit.config.json: hostManifest: the command `node manifest.mjs` (in backend) failed (exit status 3)' \
	'registry: Orders.cancel has no handler' 'fix:   run the command yourself'
fresh "$work/f2"
printf '{ "hostManifest": { "command": ["no-such-manifest-tool", "--write"] } }\n' >"$work/f2/kit.config.json"
fails "missing program" "$work/f2" 'the command `no-such-manifest-tool --write` (in the app directory) failed (exit status 127)' \
	'cannot run no-such-manifest-tool'
fresh "$work/f3"
printf '{ "hostManifest": { "command": ["true"] } }\n' >"$work/f3/kit.config.json"
fails "no manifest written" "$work/f3" 'the command `true` succeeded but there is no rsc-host.json at the app root'
fresh "$work/f4"
rm "$work/f4/kit.config.json"
printf '{"actions": {"default": "A.b", "ok": 3}, "functions": "A.b"}\n' >"$work/f4/rsc-host.json"
fails "bad rsc-host.json" "$work/f4" 'error: rsc-host.json: "functions" must be an array' \
	'the action "default" is not a JavaScript export name' 'the action "ok" must name a backend function'
fresh "$work/f5"
printf '{ "hostManifest": { "command": "make manifest", "watch": "x", "when": 1 } }\n' >"$work/f5/kit.config.json"
fails "bad hostManifest option" "$work/f5" 'unknown key "when" in "hostManifest"' \
	'"hostManifest.command" must be a non-empty array' '"hostManifest.watch" must be an array of paths'

# --- 4. kit-typegen --------------------------------------------------------------------
tg=$work/tg
fresh "$tg"
"$kit_build" "$tg" >/dev/null 2>&1 || fail "kit-typegen setup" "kit-build failed"
tgcheck() { # tgcheck NAME RC TEXT...: kit-typegen --check exits RC, its output has every TEXT
	local name=$1 want=$2 rc
	shift 2
	"$typegen" --check "$tg" >"$work/tg.out" 2>&1
	rc=$?
	if [ "$rc" != "$want" ]; then
		fail "$name" "exit $rc, expected $want: $(head -c 600 "$work/tg.out")"
		return
	fi
	if [ $# -eq 0 ]; then pass "$name"; else has "$name" "$work/tg.out" "$@"; fi
}
tgcheck "--check after a build: up to date (exit 0)" 0 "generated files are up to date"
cp "$tg/rsc-host.json" "$work/host.before"
sed -i 's/"Posts.latest", //' "$tg/backend/registry.json"
tgcheck "--check after the backend changed: exit 1 naming each file" 1 \
	"rsc-host.json differs" ".kit/rsc-env.d.ts differs" "run kit-typegen (or kit-build)"
if grep -q "server-actions.generated.ts\|rsc-routes" "$work/tg.out"; then
	fail "--check names only the files that differ" "$(cat "$work/tg.out")"
else
	pass "--check names only the files that differ"
fi
if cmp -s "$work/host.before" "$tg/rsc-host.json"; then
	pass "--check puts rsc-host.json back as it was"
else
	fail "--check puts rsc-host.json back as it was" "it changed"
fi
"$typegen" "$tg" >"$work/tg-write.out" 2>&1
has "kit-typegen writes what differs" "$work/tg-write.out" "wrote .kit/rsc-env.d.ts"
if ! grep -q "Posts.latest" "$tg/.kit/rsc-env.d.ts" && ! grep -A3 '"functions"' "$tg/rsc-host.json" | grep -q "Posts.latest"; then
	pass "kit-typegen: the new manifest and declarations are in place"
else
	fail "kit-typegen: the new manifest and declarations are in place" "Posts.latest still listed"
fi
"$typegen" "$tg" >"$work/tg-write2.out" 2>&1
if grep -q "kit-typegen: wrote" "$work/tg-write2.out"; then
	fail "a second kit-typegen writes nothing" "$(cat "$work/tg-write2.out")"
else
	pass "a second kit-typegen writes nothing"
fi
tgcheck "--check after kit-typegen: exit 0" 0
mkdir -p "$tg/src/app/new"
printf 'export default function New() { return <p>new</p>; }\n' >"$tg/src/app/new/page.tsx"
tgcheck "--check after a new route: names .kit/rsc-routes.d.ts" 1 ".kit/rsc-routes.d.ts differs"
"$typegen" "$tg" >/dev/null 2>&1
echo '// edited by hand' >>"$tg/src/server-actions.generated.ts"
tgcheck "--check after a hand edit: names the actions module" 1 "src/server-actions.generated.ts differs"
HOST_MANIFEST_FAIL=1 "$typegen" --check "$tg" >"$work/tg-fail.out" 2>&1
rc=$?
if [ $rc = 1 ] && grep -q "failed (exit status 3)" "$work/tg-fail.out"; then
	pass "--check with a failing command: exit 1 naming it"
else
	fail "--check with a failing command: exit 1 naming it" "exit $rc: $(head -c 300 "$work/tg-fail.out")"
fi
"$typegen" --bogus >/dev/null 2>&1
rc=$?
if [ $rc = 2 ]; then pass "a bad option is a usage error (exit 2)"; else fail "a bad option is a usage error (exit 2)" "exit $rc"; fi
exit "$failed"
