// @kit/core/rpc — the kinds a refused rpc() call rejects with (the global
// rpc() itself needs no import). See js/server/rpc.ts and docs/rpc.md.
//
//   import { UnauthenticatedError } from '@kit/core/rpc';
//   try { me = await rpc('Me.profile'); } catch (e) { if (e instanceof UnauthenticatedError) ... }
export {
  HostCallError, ValidationError, UnauthenticatedError, UnauthorizedError, RefusalError, ThrottleError,
  HostFailure, HOST_MIDDLEWARE,
} from './server/rpc';

/**
 * The backend's functions, by name, as `rsc-host.json` lists them. Empty in
 * this file; a build augments it from the app's rsc-host.json (in
 * .kit/rsc-env.d.ts), the way .kit/rsc-routes.d.ts augments Register in
 * @kit/core/routes:
 *
 *   declare module "@kit/core/rpc" {
 *     interface HostRegister {
 *       functions: {
 *         "Orders.recent": { args: [limit?: number]; result: Order[] };
 *         "Orders.cancel": { args: unknown[]; result: unknown };   // no `types` entry
 *       };
 *     }
 *   }
 *
 * `args` is the tuple of the function's parameters (`optional` trailing ones
 * marked `?`, `rest` as a rest element), `result` its result type. Without
 * the augmentation every name is allowed. @kit/core/testing types the test
 * host's handlers from it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface HostRegister {}

type Registered = HostRegister extends { functions: infer F } ? F : never;

/** A function name rsc-host.json lists: rpc()'s first argument (any string before a build registered them). */
export type HostFunctionName = [Registered] extends [never] ? string : keyof Registered & string;

declare global {
  /** A named backend function (installed by the renderer in server code; no import). */
  function rpc<T = unknown>(name: HostFunctionName, ...args: unknown[]): Promise<T>;
}
