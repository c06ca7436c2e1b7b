#!/usr/bin/env bash
# testing.sh — the test harness @kit/core/testing (js/testing.js), used the
# way an app author uses it: tests/testing/app is copied unbuilt, @kit/core is
# linked into its node_modules (what `npm i -D <pkgdatadir>/js` does), and
# `node --test` runs its test files. The harness builds the app with the real
# kit-build and answers every fetch() through the real kit.cgi, with host
# calls answered by the test's handlers.
#
# 1. test/app.test.mjs: each node:test test is one PASS/FAIL line here (a page
#    rendering a handler's answer; guards: 401 without a session, allowed
#    with one, redirect 307 + Location; refuse(404) → the not-found page;
#    validation, throttle (caught, and uncaught → 429), fail, revalidating;
#    a call with no handler failing with its name; cookies reaching the
#    handlers; forwarding to `backend`, 502 without it; the answer streamed:
#    a fast boundary read before a slow handler (held by the test) answers;
#    public/ and /_kit/static/ files answered like the web server does; a
#    POST to an API route; a navigation's 204 + X-RSC-Redirect; HEAD; a
#    server action of rsc-host.json posted as a form reaching its handler).
# 2. A second test file run at the same time (one build for both: a lock),
#    which forgets app.close(): node --test still ends.
# 3. An edited page is rebuilt before the next run.
# 4. tsc: handlers typed from rsc-host.json (an unknown function name and a
#    wrong argument type are type errors; hostReply answers type-check).
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin testing
suite_need "$node" "the tests run in node --test"
suite_work testing
app=$work/app
cp -R "$top_src/tests/testing/app" "$app"
rm -rf "$app/.kit" "$app/node_modules"
mkdir -p "$app/node_modules/@kit"
ln -s "$top_src/js" "$app/node_modules/@kit/core"

# A second test file, run beside app.test.mjs: it never calls close().
cat >"$app/test/forgot-close.test.mjs" <<'JS'
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '@kit/core/testing';

test('an app never closed does not keep node --test running', async () => {
  const app = await createTestApp({ host: { 'Orders.recent': () => [{ id: 5, total: 1 }] } });
  const res = await app.fetch('/orders');
  assert.match((await res.text()).replace(/<!-- -->/g, ''), /order 5: 1/);
});
JS

# run_node_test NAME-PREFIX FILES...: one PASS/FAIL per top-level TAP result;
# a run that hangs (timeout) or reports nothing fails.
run_node_test() {
	local what=$1
	shift
	(cd "$app" && timeout 300 "$node" --test --test-reporter=tap "$@") >"$work/tap.out" 2>&1
	local rc=$?
	if [ $rc -eq 124 ]; then
		fail "$what" "node --test did not end within 300 s (a server or child left running?)"
		return
	fi
	"$node" -e '
		const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n");
		let n = 0, bad = 0;
		for (let i = 0; i < lines.length; i++) {
			const m = /^(not ok|ok) \d+ - (.*)$/.exec(lines[i]);
			if (!m) continue;
			n++;
			if (m[1] === "ok") { console.log("PASS: testing: " + m[2]); continue; }
			bad++;
			const why = [];
			for (let j = i + 1; j < lines.length && /^\s/.test(lines[j]); j++) why.push(lines[j].trim());
			console.log("FAIL: testing: " + m[2] + ": " + why.filter((l) => !/^(---|\.\.\.|duration_ms)/.test(l)).join(" ").slice(0, 1200));
		}
		if (!n) { console.log("FAIL: testing: " + process.argv[2] + ": node --test reported no test: " + lines.slice(0, 30).join(" ").slice(0, 1500)); process.exit(1); }
		process.exit(bad ? 1 : 0);
	' "$work/tap.out" "$what" || failed=1
	[ $rc -eq 0 ] || [ $failed -eq 1 ] || fail "$what" "node --test exited $rc: $(tail -n 20 "$work/tap.out" | tr '\n' ' ')"
}

# 1 + 2: both files at once, from an unbuilt app
run_node_test "node --test" test/app.test.mjs test/forgot-close.test.mjs
if [ -f "$app/.kit/manifest.json" ]; then
	pass "the harness built the unbuilt app (kit-build)"
else
	fail "the harness built the unbuilt app (kit-build)" "no .kit/manifest.json after the run"
fi
if [ -e "$app/.kit-test-build.lock" ]; then
	fail "the build lock is released" "$app/.kit-test-build.lock is left behind"
else
	pass "the build lock is released"
fi

# 3: an edited page is rebuilt before the next run
sleep 1 # mtime granularity of some filesystems
sed -i 's/order {o.id}: {o.total}/edited order {o.id}: {o.total}/' "$app/src/app/orders/page.tsx"
cat >"$app/test/edited.test.mjs" <<'JS'
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '@kit/core/testing';

test('an edited page is rebuilt before the test runs', async () => {
  const app = await createTestApp({ host: { 'Orders.recent': () => [{ id: 8, total: 2 }] } });
  try {
    assert.match((await (await app.fetch('/orders')).text()).replace(/<!-- -->/g, ''), /edited order 8: 2/);
  } finally {
    await app.close();
  }
});
JS
run_node_test "rebuild" test/edited.test.mjs

# 4: types. The handlers' names and arguments come from rsc-host.json through
# the HostRegister augmentation of @kit/core/rpc that kit-build writes into
# .kit/rsc-env.d.ts.
tsc=$top_build/toolchain/node_modules/typescript/bin/tsc
if [ ! -f "$tsc" ]; then
	fail "types" "$tsc is missing (make installs the toolchain)"
	exit 1
fi
types_dts=$app/.kit/rsc-env.d.ts
if ! grep -q 'interface HostRegister' "$types_dts" 2>/dev/null; then
	fail "types" "kit-build wrote no HostRegister augmentation into $types_dts"
	exit 1
fi

check_types() { # NAME FILE EXPECT(pass|fail) [PATTERN...]
	local name=$1 file=$2 expect=$3
	shift 3
	cat >"$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "esnext",
    "moduleResolution": "bundler", "lib": ["es2022", "dom"], "types": [], "skipLibCheck": false,
    "baseUrl": ".", "paths": { "@kit/core/*": ["$top_src/js/*"] } },
  "files": ["$file", "$types_dts"] }
JSON
	(cd "$work" && "$node" "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1
	local rc=$? p ok=1
	for p in "$@"; do grep -q -- "$p" "$work/tsc.out" || ok=0; done
	if [ "$expect" = pass ] && [ $rc -eq 0 ]; then
		pass "types: $name"
	elif [ "$expect" = fail ] && [ $rc -ne 0 ] && [ $ok -eq 1 ]; then
		pass "types: $name"
	else
		fail "types: $name" "tsc exited $rc, expected $expect ($*): $(head -c 900 "$work/tsc.out" | tr '\n' ' ')"
	fi
}

cat >"$work/good.ts" <<'TS'
import { createTestApp, hostReply, HOST_MIDDLEWARE } from '@kit/core/testing';
export async function f() {
  const app = await createTestApp({
    host: {
      'Orders.recent': ({ args }) => {
        const n: number | undefined = args[0];
        return [{ id: n ?? 1, total: 10 }];
      },
      'Orders.find': ({ args: [id] }) => (id === 7 ? { id, total: 70 } : hostReply.refuse(404, 'No such order.')),
      'Me.profile': async ({ headers }) => (headers.get('cookie') ? { name: 'ada' } : hostReply.unauthenticated()),
      'Orders.place': () => hostReply.revalidating({ id: 1 }, 'orders'),
      'Reports.daily': () => hostReply.invalid({ '': ['no'] }),
      [HOST_MIDDLEWARE]: ({ args: [names] }) => names.includes('auth') ? true : hostReply.redirect('/login', 302),
    },
    backend: (request: Request) => new Response(new URL(request.url).pathname),
  });
  const res: Response = await app.fetch('/orders', { headers: { cookie: 's=1' } });
  app.calls.map((c) => c.function + c.headers.get('cookie'));
  await app.close();
  return [res.status, hostReply.fail(), hostReply.unauthorized('no'), app.log];
}
TS
check_types "handlers named in rsc-host.json, with typed args and results, type-check" good.ts pass

# before any build registered the functions, every name is allowed
registered_dts=$types_dts
types_dts=$work/none.d.ts
echo 'export {};' >"$types_dts"
cat >"$work/unregistered.ts" <<'TS'
import { createTestApp, hostReply } from '@kit/core/testing';
export const app = createTestApp({ host: { 'Any.name': ({ args }) => (args.length ? args[0] : hostReply.fail()) } });
TS
check_types "without registered functions any name type-checks" unregistered.ts pass
types_dts=$registered_dts

cat >"$work/bad-name.ts" <<'TS'
import { createTestApp } from '@kit/core/testing';
export const app = createTestApp({ host: { 'Orders.recnet': () => [] } });
TS
check_types "a handler for a function rsc-host.json does not name is a type error" bad-name.ts fail "Orders.recnet"

cat >"$work/bad-name-var.ts" <<'TS'
import { createTestApp } from '@kit/core/testing';
const host = { 'Orders.recent': () => [], 'No.such': () => 1 };
export const app = createTestApp({ host });
TS
check_types "an unknown name is a type error in a host built beforehand too" bad-name-var.ts fail "No.such"

cat >"$work/bad-args.ts" <<'TS'
import { createTestApp } from '@kit/core/testing';
export const app = createTestApp({ host: { 'Orders.find': ({ args }) => { const s: string = args[0]; return { id: 1, total: s.length }; } } });
TS
check_types "args follow the function's parameters" bad-args.ts fail "Type 'number' is not assignable to type 'string'"

cat >"$work/bad-result.ts" <<'TS'
import { createTestApp } from '@kit/core/testing';
export const app = createTestApp({ host: { 'Orders.find': () => ({ id: 'seven', total: 1 }) } });
TS
check_types "the result follows the function's result type" bad-result.ts fail "seven\|string"

exit $failed
