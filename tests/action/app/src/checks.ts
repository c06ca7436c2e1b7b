// The unit checks of @kit/core/action, run twice by tests/suites/action-client.sh:
// in node (esbuild bundle of this file) and in kit's engine (mujs, through the
// app's GET /unit route). Each check resolves to null (pass) or why it failed.
import {
  createActionClient, action, ServerAuthenticationError, ServerAuthorizationError, ActionValidationError,
  actionKind, queryCache,
} from '@kit/core/action';
import { z as z3 } from 'zod3';
import * as v from 'valibot';

export interface CheckResult { name: string; ok: boolean; why: string }

export type Check = () => Promise<string | null> | string | null;

// JSON with object keys in their own order: mujs enumerates them as V8 does
// (mujs/patches/0101-property-order.patch), so both runs must give the same
// order (these checks sorted the keys while mujs enumerated them sorted)
export function canon(x: unknown): string {
  return JSON.stringify(x);
}

export function same(a: unknown, b: unknown): string | null {
  const x = canon(a), y = canon(b);
  return x === y ? null : 'got ' + x + ', wanted ' + y;
}

// Resolves to the error an action rejected with, or fails when it resolved.
function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then((value) => { throw new Error('resolved with ' + JSON.stringify(value) + ' instead of refusing'); },
    (e) => e);
}

function makeForm(pairs: Array<[string, string]>): FormData {
  const fd = new FormData();
  for (let i = 0; i < pairs.length; i++) fd.append(pairs[i][0], pairs[i][1]);
  return fd;
}

// A schema each library check validates with: name ≥ 2 chars, address.city a string.
const zod3Schema = z3.object({ name: z3.string().min(2, 'name: at least 2'), address: z3.object({ city: z3.string({ required_error: 'city required', invalid_type_error: 'city required' }) }) });
const valibotSchema = v.object({
  name: v.pipe(v.string(), v.minLength(2, 'name: at least 2')),
  address: v.object({ city: v.string('city required') }),
});

export function schemaCheck(schema: Parameters<ReturnType<typeof createActionClient>['input']>[0]): Check {
  return async () => {
    const seen: unknown[] = [];
    const save = createActionClient().use(({ next }) => next({ ctx: { user: 'ann' } }))
      .input(schema).handler(({ input, ctx }) => { seen.push(input); return { saved: input, by: ctx.user }; });
    const bad = await save({ name: 'x', address: { city: 5 } }) as { validationErrors?: Record<string, string[]> };
    if (!bad || !bad.validationErrors) return 'a bad input did not return validationErrors: ' + JSON.stringify(bad);
    const why = same(bad.validationErrors, { name: ['name: at least 2'], 'address.city': ['city required'] });
    if (why) return 'validationErrors: ' + why;
    if (seen.length) return 'the handler ran for a bad input';
    const good = await save({ name: 'ann', address: { city: 'Oslo' }, extra: 1 });
    return same(good, { saved: { name: 'ann', address: { city: 'Oslo' } }, by: 'ann' });
  };
}

const checks: Array<[string, Check]> = [
  ['chain runs outermost first, around the handler', async () => {
    const log: string[] = [];
    const c = createActionClient()
      .use(async ({ next }) => { log.push('a>'); const r = await next(); log.push('<a'); return r; })
      .use(async ({ next }) => { log.push('b>'); const r = await next(); log.push('<b'); return r; });
    const r = await c.handler(() => { log.push('h'); return 42; })();
    return same([r, log], [42, ['a>', 'b>', 'h', '<b', '<a']]);
  }],
  ['next({ctx}) extends ctx for later middleware and the handler', async () => {
    const seen: unknown[] = [];
    const c = createActionClient()
      .use(({ next }) => next({ ctx: { user: 'ann', role: 'viewer' } }))
      .use(({ ctx, next }) => { seen.push(ctx); return next({ ctx: { role: 'admin', org: 7 } }); });
    const r = await c.handler(({ ctx }) => ctx)();
    return same([seen, r], [[{ user: 'ann', role: 'viewer' }], { user: 'ann', role: 'admin', org: 7 }]);
  }],
  ['a middleware throwing ServerAuthenticationError refuses (401, handler not run)', async () => {
    let ran = false;
    const c = createActionClient().use(() => { throw new ServerAuthenticationError(); });
    const e = await rejection(c.handler(() => { ran = true; })()) as { status?: number; message?: string; name?: string };
    if (ran) return 'the handler ran';
    if (!(e instanceof ServerAuthenticationError) || !(e instanceof Error)) return 'not a ServerAuthenticationError: ' + String(e);
    return same([e.status, e.message, e.name], [401, 'Unauthenticated.', 'ServerAuthenticationError']);
  }],
  ['ServerAuthorizationError carries 403, a default and a custom message', async () => {
    const c = createActionClient().use(async ({ next }) => { await next(); throw new ServerAuthorizationError('admins only'); });
    const e = await rejection(c.handler(() => 1)()) as { status?: number; message?: string };
    const d = new ServerAuthorizationError();
    if (!(e instanceof ServerAuthorizationError) || e instanceof ServerAuthenticationError) return 'wrong kind: ' + String(e);
    return same([e.status, e.message, d.message, (d as unknown as { digest: string }).digest],
      [403, 'admins only', 'This action is unauthorized.', 'KIT_REFUSAL;403']);
  }],
  ['a middleware returning without next() refuses', async () => {
    let ran = false;
    const c = createActionClient().use(function forgetful() { return 'nope'; });
    const e = await rejection(c.handler(() => { ran = true; })()) as Error;
    if (ran) return 'the handler ran';
    return /forgetful returned without calling next\(\)/.test(String(e && e.message)) ? null : 'message: ' + String(e && e.message);
  }],
  ['a later .use() applies to what is built from that client only', async () => {
    const log: string[] = [];
    const step = (n: string) => ({ next }: { next: () => Promise<unknown> }) => { log.push(n); return next(); };
    const base = createActionClient().use(step('auth'));
    const early = base.handler(() => 'early');
    const admin = base.use(step('admin'));
    const fromBase = base.handler(() => 'base');
    const fromAdmin = admin.handler(() => 'admin');
    const q = admin.query(() => 'q');
    const out: unknown[] = [];
    for (const f of [early, fromBase, fromAdmin, q]) { log.length = 0; out.push([await f(), log.slice()]); }
    return same(out, [['early', ['auth']], ['base', ['auth']], ['admin', ['auth', 'admin']], ['q', ['auth', 'admin']]]);
  }],
  ['nothing reaches the handler without the chain', async () => {
    let ran = 0;
    const handler = () => { ran++; return 'secret'; };
    const c = createActionClient().use(() => { throw new ServerAuthorizationError(); });
    const built = c.handler(handler);
    const viaInput = c.input(v.string()).handler(handler);
    const viaQuery = c.query(handler);
    const fns = [built, viaInput, viaQuery];
    // no property of the built functions or the client is the handler, and the client cannot be changed
    const props = fns.map((f) => Object.getOwnPropertyNames(f).filter((k) => {
      try { return (f as unknown as Record<string, unknown>)[k] === handler; } catch { return false; }
    })).reduce((a, b) => a.concat(b), [] as string[]);
    if (props.length) return 'a built function exposes the handler as ' + props.join(', ');
    const keys = Object.keys(c).sort().join(',');
    if (keys !== 'handler,input,query,use') return 'the client has members ' + keys;
    if (!Object.isFrozen(c)) return 'the client is not frozen';
    for (const f of fns) {
      for (const call of [() => f(), () => f.call({}, 'x'), () => f.apply(null, ['x', makeForm([['a', 'b']])]), () => f.bind(null)()]) {
        const e = await rejection(call());
        if (!(e instanceof ServerAuthorizationError)) return 'a call was not refused: ' + String(e);
      }
    }
    return ran ? 'the handler ran ' + ran + ' times' : null;
  }],
  ['built functions are plain async functions marked action or query', async () => {
    const a = action.handler(({ input }) => input);
    const q = action.query(({ args }) => args.length);
    const qp = action.query(() => 1, { cache: 'public' });
    const p = a('hi');
    if (!(p instanceof Promise) && typeof (p as { then?: unknown }).then !== 'function') return 'no promise';
    return same([await p, await q(1, 2, 3), actionKind(a), actionKind(q), actionKind(() => 1), queryCache(q), queryCache(qp)],
      ['hi', 3, 'action', 'query', null, 'private', 'public']);
  }],
  ['input validation with Zod 3.25', schemaCheck(zod3Schema)],
  ['input validation with Valibot 1', schemaCheck(valibotSchema)],
  ['an issue without a path is the whole input ("")', async () => {
    const r1 = await action.input(z3.string().email('not an email')).handler(() => 'ran')(5);
    const r2 = await action.input(v.pipe(v.object({ a: v.string(), b: v.string() }),
      v.check((o) => o.a === o.b, 'a and b differ'))).handler(() => 'ran')({ a: '1', b: '2' });
    return same([r1, r2], [{ validationErrors: { '': ['Expected string, received number'] } },
      { validationErrors: { '': ['a and b differ'] } }]);
  }],
  ['an async Standard Schema is awaited; its output reaches the handler', async () => {
    const schema = { '~standard': { version: 1 as const, vendor: 'test', validate: (value: unknown) =>
      new Promise<{ value: unknown } | { issues: Array<{ message: string; path: Array<{ key: string }> }> }>((res) =>
        setTimeout(() => res(value === 'ok' ? { value: 'OK!' } : { issues: [{ message: 'no', path: [{ key: 'x' }, { key: 0 as unknown as string }] }] }), 1)) } };
    const f = action.input(schema).handler(({ input }) => input);
    return same([await f('ok'), await f('bad')], ['OK!', { validationErrors: { 'x.0': ['no'] } }]);
  }],
  ['a form action validates Object.fromEntries of its FormData (repeated keys → arrays)', async () => {
    const schema = z3.object({ name: z3.string(), tags: z3.array(z3.string()), one: z3.string() });
    const f = action.input(schema).handler(({ input }) => input);
    const fd = makeForm([['name', 'ann'], ['tags', 'a'], ['tags', 'b'], ['one', 'x'], ['$ACTION_ID_abc', '']]);
    const direct = await f(fd);
    // useActionState calls (previousState, formData)
    const viaState = await f({ previous: true }, fd);
    const bad = await f(makeForm([['name', 'ann'], ['tags', 'a']]));
    return same([direct, viaState, bad], [
      { name: 'ann', tags: ['a', 'b'], one: 'x' }, { name: 'ann', tags: ['a', 'b'], one: 'x' },
      { validationErrors: { tags: ['Expected array, received string'], one: ['Required'] } },
    ]);
  }],
  ['a query runs the chain; a bad input throws ActionValidationError (422)', async () => {
    const log: string[] = [];
    const c = createActionClient().use(({ next }) => { log.push('mw'); return next({ ctx: { user: 'ann' } }); });
    const q = c.input(v.object({ id: v.number('id must be a number') })).query(({ input, ctx }) => [input.id, ctx.user]);
    const ok = await q({ id: 3 });
    const e = await rejection(q({ id: 'x' })) as { status?: number; errors?: unknown };
    if (!(e instanceof ActionValidationError)) return 'not an ActionValidationError: ' + String(e);
    return same([ok, log, e.status, e.errors], [[3, 'ann'], ['mw', 'mw'], 422, { id: ['id must be a number'] }]);
  }],
  // what the schema libraries needed of kit's engine (toolchain/mujs-lower.mjs, runtime/): same answers in node
  ['`in` finds a prototype getter without running it', () => {
    let calls = 0;
    const proto = {};
    Object.defineProperty(proto, 'lazy', { get() { calls++; return 1; }, configurable: true });
    const o = Object.create(proto) as Record<string, unknown>;
    const arr = [5];
    return same(['lazy' in o, 'nope' in o, 0 in arr, 1 in arr, 'length' in arr, calls], [true, false, true, false, true, 0]);
  }],
  ['the regexes schema libraries define: u flag, ten captures, lookbehind, named groups', () => {
    const u = /^[a-z]+\d$/u.test('ab1') && new RegExp('^\\w$', 'u').test('x');
    const many = new RegExp('(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)').exec('abcdefghij');
    const named = /(?<=@)(?<host>[\w.]+)/.exec('me@example.org');
    return same([u, many && many[10], named && named.groups && named.groups.host], [true, 'j', 'example.org']);
  }],
  ['a configurable property redefined as an accessor keeps its attributes', () => {
    const o: Record<string, unknown> = { shape: 1 };
    Object.defineProperty(o, 'shape', { get: () => 2 });
    const d = Object.getOwnPropertyDescriptor(o, 'shape')!;
    Object.defineProperty(o, 'shape', { value: 3 });
    return same([d.configurable, d.enumerable, o.shape], [true, true, 3]);
  }],
  ['valibot bigint schemas', () => {
    const s = v.pipe(v.bigint(), v.minValue(1n), v.maxValue(2n ** 63n - 1n));
    return same([v.safeParse(s, 3n).success, v.safeParse(s, 0n).success, v.safeParse(s, 3).success, v.safeParse(s, 2n ** 63n).success],
      [true, false, false, false]);
  }],
  ['bad arguments to the builder are clear TypeErrors', () => {
    const tries: Array<() => unknown> = [
      () => (action as unknown as { use(x: unknown): unknown }).use(null),
      () => action.input({} as never),
      () => action.query(() => 1, { cache: 'shared' as never }),
    ];
    for (let i = 0; i < tries.length; i++) {
      try { tries[i](); return 'call ' + i + ' did not throw'; } catch (e) {
        if (!(e instanceof TypeError) || !/^kit: /.test(e.message)) return 'call ' + i + ': ' + String(e);
      }
    }
    return null;
  }],
];

export function runChecks(extra: Array<[string, Check]> = []): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  let p: Promise<unknown> = Promise.resolve();
  checks.concat(extra).forEach(([name, check]) => {
    p = p.then(() => check()).then(
      (why) => { out.push({ name, ok: why === null, why: why || '' }); },
      (e) => { out.push({ name, ok: false, why: 'threw ' + String(e && (e as Error).stack || e) }); });
  });
  return p.then(() => out);
}
