// @kit/core/rpc — the kinds a refused rpc() call rejects with (the global
// rpc() itself needs no import). See js/server/rpc.ts and docs/rpc.md.
//
//   import { UnauthenticatedError } from '@kit/core/rpc';
//   try { me = await rpc('Me.profile'); } catch (e) { if (e instanceof UnauthenticatedError) ... }
export {
  HostCallError, ValidationError, UnauthenticatedError, UnauthorizedError, RefusalError, ThrottleError,
  HostFailure, HOST_MIDDLEWARE,
} from './server/rpc';

declare global {
  /** A named backend function (installed by the renderer in server components). */
  function rpc<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
}
