// Types of @kit/core/testing (testing.js). The host's handlers are typed from
// the app's rsc-host.json through HostRegister (@kit/core/rpc), which a
// build fills in (.kit/rsc-env.d.ts): a handler for a name rsc-host.json does
// not list is a type error, `args` follow the function's parameters and the
// answer is its result type or a hostReply answer. Without a registered
// manifest every name is allowed and args/results are unknown.
import type { HostRegister, HostFunctionName } from './rpc';

/** A function name rsc-host.json lists (any string before a build registered them). */
export type { HostFunctionName };

/** The key in `host` answering backend guard checks (`export const middleware = [...]`). */
export declare const HOST_MIDDLEWARE: '__rsc.middleware';

type Registered = HostRegister extends { functions: infer F } ? F : never;
type AnyFunction = { args: unknown[]; result: unknown };

type Signature<N> = [Registered] extends [never]
  ? AnyFunction
  : N extends keyof Registered
    ? Registered[N] extends { args: infer A extends unknown[]; result: infer R } ? { args: A; result: R } : AnyFunction
    : AnyFunction;

declare const REPLY: unique symbol;

/** A refusal: what hostReply's helpers (but revalidating) return. */
export interface HostRefusal {
  readonly [REPLY]: number;
  error?: string;
  unauthenticated?: true;
  unauthorized?: true;
  redirect?: string;
  redirectStatus?: number;
  refusalStatus?: number;
  validationErrors?: Record<string, string[]>;
}

/** A result that marks regions stale. */
export interface HostRevalidating<T> {
  readonly [REPLY]: number;
  result: T;
  revalidate: string[];
}

export type HostAnswer<R> = R | HostRefusal | HostRevalidating<R>;

/** What a handler is called with. */
export interface HostCall<A extends unknown[] = unknown[]> {
  /** The arguments, positional, as passed to rpc(). */
  args: A;
  /** The visitor's headers the renderer forwarded (Cookie, Authorization). */
  headers: Headers;
  /** The function's name. */
  function: string;
}

export type HostHandler<A extends unknown[] = unknown[], R = unknown> =
  (call: HostCall<A>) => HostAnswer<R> | Promise<HostAnswer<R>>;

/** The guard check: `args` is `[names]`, the route's whole chain, outermost first; only `true` lets the page render. */
export type HostMiddlewareHandler = (call: HostCall<[names: string[]]>) =>
  boolean | HostRefusal | Promise<boolean | HostRefusal>;

/** Handlers by backend function name, plus HOST_MIDDLEWARE for the guards. */
export type TestHost = {
  [N in HostFunctionName | typeof HOST_MIDDLEWARE]?: N extends typeof HOST_MIDDLEWARE
    ? HostMiddlewareHandler
    : HostHandler<Signature<N>['args'], Signature<N>['result']>;
};

// Names a host has that rsc-host.json does not: each one a type error.
type OnlyKnown<H> = { [K in Exclude<keyof H, HostFunctionName | typeof HOST_MIDDLEWARE>]: never };

export interface TestAppOptions<H extends TestHost = TestHost> {
  /** Handlers answering rpc() calls and guard checks, by function name. A call with no handler fails naming the function. */
  host?: H & OnlyKnown<H>;
  /** Answers the URLs the app does not own (forwarded to the backend); without it they answer 502. */
  backend?: (request: Request) => Response | Promise<Response>;
  /** The app's directory (default: the current directory). */
  root?: string;
  /** false: never build (fail if the app is not built); default: kit-build when a source is newer than the build. */
  build?: boolean;
  /** The origin requests are made to (default https://app.test). */
  origin?: string;
  /** More environment for the renderer (e.g. KIT_RENDER_TIMEOUT_MS). */
  env?: Record<string, string>;
  /** true: copy the renderer's log lines to stderr as they come (also KIT_TEST_LOG=1). */
  log?: boolean;
}

export interface RecordedCall {
  function: string;
  args: unknown[];
  headers: Headers;
  /** How many calls travelled in the same POST (1: a single call). */
  batch: number;
}

export interface TestApp {
  /** The app's directory. */
  readonly root: string;
  /**
   * One request through the real renderer (kit.cgi); redirects are not
   * followed. GET/HEAD of a file in public/ or below /_kit/static/ is
   * answered from disk, as the web server of a deployment does (header
   * X-Kit-Test: static).
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Every host call the handlers were asked, in order. */
  readonly calls: RecordedCall[];
  /** What the renderer wrote to its log (stderr), and the harness's own notes. */
  readonly log: string;
  /** Stops the test backend and any request still running. */
  close(): Promise<void>;
}

export declare function createTestApp<H extends TestHost = TestHost>(options?: TestAppOptions<H>): Promise<TestApp>;

export declare const hostReply: {
  /** No session: 401 (a guard: the page answers 401). Default message "Unauthenticated.". */
  unauthenticated(message?: string): HostRefusal;
  /** A session that may not do this: 403. */
  unauthorized(message?: string): HostRefusal;
  /** A redirect; the page answers `status` (default 307) with Location. */
  redirect(to: string, status?: number): HostRefusal;
  /** A refusal with its own status, 400–599 (429: a throttle; 404: the not-found page). Default message "Refused.". */
  refuse(status: number, message?: string): HostRefusal;
  /** Invalid input: {field: [messages]}, "" for the whole form: 422. */
  invalid(errors: Record<string, string[]>): HostRefusal;
  /** The backend failed: 500. Default message "Something went wrong.". */
  fail(message?: string): HostRefusal;
  /** A result that marks regions stale. */
  revalidating<T>(result: T, ...regions: string[]): HostRevalidating<T>;
};
