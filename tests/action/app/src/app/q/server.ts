'use server';
// Actions and queries built with the action client, for
// tests/action/query.mjs (HTTP) and the browser check: the visitor is the
// `user` cookie; "admin" passes the admin chain.
import { createActionClient, action, ServerAuthenticationError, ServerAuthorizationError } from '@kit/core/action';
import { cookies } from '@kit/core/request';
import * as v from 'valibot';

const authed = createActionClient().use(async function requireUser({ next }) {
  const user = (await cookies()).get('user')?.value;
  if (!user) throw new ServerAuthenticationError();
  return next({ ctx: { user } });
});
const admin = authed.use(function requireAdmin({ ctx, next }) {
  if (ctx.user !== 'admin') throw new ServerAuthorizationError();
  return next();
});

export const publicStats = action.query(() => ({ visits: 3, at: '$not-a-reference' }), { cache: 'public' });
export const whoami = authed.query(({ ctx }) => ({ user: ctx.user }));
// public, but its chain reads a cookie: never stored by a shared cache
export const personalPublic = authed.query(({ ctx }) => 'hello ' + ctx.user, { cache: 'public' });
export const adminReport = admin.query(() => 'the report');
export const lookup = action.input(v.object({ id: v.number('id must be a number') }))
  .query(({ input }) => ({ id: input.id, name: 'item ' + input.id }));
export const failing = action.query(() => { throw new Error('kaboom'); });
export const rename = authed.input(v.object({ name: v.pipe(v.string(), v.minLength(2, 'at least 2 characters')) }))
  .handler(({ input, ctx }) => ({ renamed: input.name, by: ctx.user }));
export const purge = admin.handler(() => 'purged');
