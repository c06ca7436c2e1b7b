#!/usr/bin/env bash
# Typed links: kit-build's .kit/rsc-routes.d.ts narrows @kit/core/routes' Href
# to the app's routes, so a bad href in redirect(), visit(), prefetch(), Link,
# Form's action or a plain Href fails the type check (tsc from kit's toolchain), a good one
# passes, and a dynamic segment accepts any value.
. "${KIT_TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/lib/suite.sh"
suite_begin typed-routes
tsc=$top_build/toolchain/node_modules/typescript/bin/tsc
if [ ! -f "$tsc" ]; then
	echo "FAIL: typed-routes: $tsc is missing (make installs the toolchain)"
	exit 1
fi
suite_work typed
cp -R "$top_src/examples/hello" "$work/app"
rm -rf "$work/app/.kit"
if ! KIT_DATADIR=$top_src "$top_build/kit-build" "$work/app" >"$work/build.log" 2>&1; then
	echo "FAIL: typed-routes: kit-build failed (see $work/build.log)"
	exit 1
fi

check() { # NAME FILE EXPECT(pass|fail) [PATTERN]
	local name=$1 file=$2 expect=$3 pattern=${4:-}
	cat >"$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "esnext",
    "moduleResolution": "bundler", "lib": ["es2020", "dom"], "types": [], "skipLibCheck": false,
    "baseUrl": ".", "paths": { "@kit/core/*": ["$top_src/js/*"] } },
  "files": ["$file", "app/.kit/rsc-routes.d.ts"] }
JSON
	(cd "$work" && node "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1
	local rc=$?
	if [ "$expect" = pass ] && [ $rc -eq 0 ]; then
		echo "PASS: typed-routes: $name"
	elif [ "$expect" = fail ] && [ $rc -ne 0 ] && grep -q -- "$pattern" "$work/tsc.out"; then
		echo "PASS: typed-routes: $name"
	else
		echo "FAIL: typed-routes: $name: tsc exited $rc, expected $expect: $(head -c 600 "$work/tsc.out" | tr '\n' ' ')"
	fi
}

cat >"$work/good.ts" <<'TS'
import type { Href, RoutePath } from '@kit/core/routes';
import { redirect } from '@kit/core/redirect';
import { visit, prefetch } from '@kit/core/router';
const pages: Href[] = ['/', '/about', '/pricing', '/about?x=1', '/about#top', '/api/echo'];
const dynamic: Href[] = ['/blog/hello-world', '/blog/a/b', '/docs/guide/install', `/blog/${encodeURIComponent('x y')}`];
const path: RoutePath = '/dashboard/settings';
export function go(flag: boolean) {
  if (flag) redirect('/about?next=/account');
  void visit('/interactive/more', { replace: true });
  prefetch('/blog/first');
  return [pages, dynamic, path];
}
// a computed destination is cast
export const computed = ('/ab' + 'out') as Href;
TS
check "existing routes, queries, fragments and dynamic segments type-check" good.ts pass

cat >"$work/bad-href.ts" <<'TS'
import type { Href } from '@kit/core/routes';
export const bad: Href = '/no-such-page';
TS
check "a nonexistent route is a type error" bad-href.ts fail "no-such-page"

cat >"$work/bad-redirect.ts" <<'TS'
import { redirect } from '@kit/core/redirect';
export function f() { redirect('/abuot'); }
TS
check "redirect() to a nonexistent route is a type error" bad-redirect.ts fail "abuot"

cat >"$work/bad-visit.ts" <<'TS'
import { visit } from '@kit/core/router';
export const p = visit('/blogs/x');
TS
check "visit() to a nonexistent route is a type error" bad-visit.ts fail "blogs"

cat >"$work/bad-prefetch.ts" <<'TS'
import { prefetch } from '@kit/core/router';
prefetch('/pricng');
TS
check "prefetch() to a nonexistent route is a type error" bad-prefetch.ts fail "pricng"

# Link's href and Form's action (TSX). React's types are not part of kit's
# toolchain, so react is an untyped module here (react-stub.d.ts) and tsc
# reports unrelated errors inside js/: the check reads the errors of this file
# only — the bad href and action are errors, the good ones on lines 5-6 are not.
cat >"$work/react-stub.d.ts" <<'TS'
declare module 'react';
declare module 'react/jsx-runtime';
declare namespace JSX {
  interface IntrinsicElements { [tag: string]: any }
  type Element = any;
}
TS
cat >"$work/links.tsx" <<'TS'
import Link from '@kit/core/Link';
import Form from '@kit/core/Form';
export const badLink = <Link href="/no-such-link">x</Link>;
export const badForm = <Form action="/no-such-form"><input name="q" /></Form>;
export const goodLink = <Link href="/blog/any-post?x=1" prefetch="hover">x</Link>;
export const goodForm = <Form action="/about"><input name="q" /></Form>;
TS
cat >"$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "esnext", "jsx": "react-jsx",
    "moduleResolution": "bundler", "lib": ["es2020", "dom"], "types": [],
    "baseUrl": ".", "paths": { "@kit/core/*": ["$top_src/js/*"] } },
  "files": ["links.tsx", "react-stub.d.ts", "app/.kit/rsc-routes.d.ts"] }
JSON
(cd "$work" && node "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1
check_tsx_error() { # LABEL LINE LITERAL
	if grep -qF "links.tsx($2," "$work/tsc.out" && grep -F "links.tsx($2," "$work/tsc.out" | grep -qF "error TS2322: Type '\"$3\"'"; then
		echo "PASS: typed-routes: $1 to a nonexistent route is a type error"
	else
		echo "FAIL: typed-routes: $1 to a nonexistent route is a type error: $(grep '^links.tsx' "$work/tsc.out" | head -c 600 | tr '\n' ' ')"
	fi
}
check_tsx_error "Link href" 3 /no-such-link
check_tsx_error "Form action" 4 /no-such-form
if grep -qE '^links\.tsx\((5|6),' "$work/tsc.out"; then
	echo "FAIL: typed-routes: Link href and Form action to existing routes type-check: $(grep -E '^links\.tsx\((5|6),' "$work/tsc.out" | head -c 600 | tr '\n' ' ')"
else
	echo "PASS: typed-routes: Link href and Form action to existing routes type-check"
fi

# Before the first build (no .kit/rsc-routes.d.ts) every href is a string.
cat >"$work/unbuilt.ts" <<'TS'
import type { Href } from '@kit/core/routes';
export const anything: Href = '/whatever/you/like';
TS
cat >"$work/tsconfig.json" <<JSON
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "esnext",
    "moduleResolution": "bundler", "lib": ["es2020", "dom"], "types": [],
    "baseUrl": ".", "paths": { "@kit/core/*": ["$top_src/js/*"] } },
  "files": ["unbuilt.ts"] }
JSON
if (cd "$work" && node "$tsc" -p tsconfig.json) >"$work/tsc.out" 2>&1; then
	echo "PASS: typed-routes: before a build every href is a string"
else
	echo "FAIL: typed-routes: before a build every href is a string: $(head -c 400 "$work/tsc.out")"
fi
