// Type checks of @kit/core/action (tests/suites/action-client.sh runs tsc on it):
// contexts added by .use() are inferred, an unknown key is an error.
import { createActionClient, action, ServerAuthenticationError, ServerAuthorizationError } from '@kit/core/action';
import * as v from 'valibot';
declare function currentUser(): Promise<{ id: number; role: string } | null>;
const authed = createActionClient().use(async ({ next }) => {
  const user = await currentUser();
  if (!user) throw new ServerAuthenticationError();
  return next({ ctx: { user } });
});
const admin = authed.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new ServerAuthorizationError();
  return next({ ctx: { admin: true as const } });
});
export const rename = authed.input(v.object({ name: v.string() })).handler(async ({ input, ctx }) => {
  const n: string = input.name; const id: number = ctx.user.id; return { n, id };
});
export const purge = admin.handler(({ ctx }) => { const a: true = ctx.admin; const r: string = ctx.user.role; return a && r; });
export const stats = authed.query(({ ctx }) => ctx.user.id, { cache: 'public' });
export const plain = action.handler(() => 1);
async function use() { const r = await rename({ name: 'x' }); const s: number = await stats(); return [r, s]; }
// @ts-expect-error: the context has no such key
export const bad = authed.handler(({ ctx }) => ctx.nope);
