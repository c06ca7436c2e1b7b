// @kit/core/action — the action client (docs/action-client.md).
//
//   const authed = createActionClient().use(async ({ ctx, next }) => {
//     const user = await currentUser();
//     if (!user) throw new ServerAuthenticationError();
//     return next({ ctx: { user } });
//   });
//   export const save = authed.input(schema).handler(async ({ input, ctx }) => ...);
//   export const orders = authed.query(async ({ ctx }) => ..., { cache: 'public' });
//
// The one idea: a client is an immutable list of middleware. `.use()` returns
// a new client whose list is the old one plus the new function, so a later
// `.use()` applies to everything built from the new client and to nothing
// built before it or from the client it came from. `.handler()` and
// `.query()` close over the list and return a plain async function (what a
// 'use server' module exports); calling it is the only way to reach the
// handler, and every call runs the whole chain first (nothing on the
// function, the client or the builder hands out the handler).
//
// Order of one call: middleware, outermost first, each continuing with
// next({ ctx }) (ctx merged into the previous one) → input validation
// (Standard Schema v1) → the handler. A middleware that throws refuses: the
// error leaves the action (an error's numeric `status` becomes the HTTP
// status of the action's answer). A middleware that returns without calling
// next() refuses too (an Error naming it). A failed validation is not a
// throw for an action: it returns { validationErrors: { field: [message] } }
// (paths dot-joined, "" for the whole input), as rsc-kit's action client
// does, so a form shows it with useActionState. A query throws
// ActionValidationError (422) instead: a read has no form to show it in.
//
// Written for the ES5 output mujs runs: no `class extends Error` (its ES5
// form returns the Error itself, and instanceof would fail), no for-of.

// --- Standard Schema v1 (https://standardschema.dev), the part we call --------

export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}
type InferOutput<S> = S extends StandardSchemaV1<unknown, infer O> ? O : unknown;

// --- refusals --------------------------------------------------------------------

export interface ActionError extends Error { status: number; digest: string }
export interface ActionValidationError extends ActionError { errors: ValidationErrors }
export type ServerAuthenticationError = ActionError;
export type ServerAuthorizationError = ActionError;
export type ValidationErrors = Record<string, string[]>;

type ErrorCtor<T> = { new (message?: string, ...rest: any[]): T; prototype: T };

// Plain constructor functions (see the top). `status` is the HTTP status the
// refusal stands for; `digest` KIT_REFUSAL;<status> makes one thrown above
// every Suspense boundary of a page answer that status (render/stream.c), as
// a refused rpc() call does.
function refusalKind<T extends ActionError>(name: string, status: number, fallback: string): ErrorCtor<T> {
  const K = function (this: T, message?: string, errors?: ValidationErrors) {
    const text = message === undefined || message === null || message === '' ? fallback : String(message);
    // defined, not assigned: Error.prototype is frozen in kit's engine (the override mistake)
    Object.defineProperty(this, 'message', { value: text, writable: true, configurable: true });
    this.status = status;
    this.digest = 'KIT_REFUSAL;' + status;
    if (name === 'ActionValidationError') (this as unknown as ActionValidationError).errors = errors || { '': [text] };
    const stack = new Error(text).stack;
    if (stack) Object.defineProperty(this, 'stack', { value: stack, writable: true, configurable: true });
  } as unknown as ErrorCtor<T>;
  K.prototype = Object.create(Error.prototype, {
    constructor: { value: K, writable: true, configurable: true },
    name: { value: name, writable: true, configurable: true },
  });
  return K;
}

/** Throw to refuse as unauthenticated (no session): 401, "Unauthenticated." */
export const ServerAuthenticationError = refusalKind<ActionError>('ServerAuthenticationError', 401, 'Unauthenticated.');
/** Throw to refuse as unauthorized (a session that may not do this): 403. */
export const ServerAuthorizationError = refusalKind<ActionError>('ServerAuthorizationError', 403, 'This action is unauthorized.');
/** A query's input failed its schema: 422 with `errors` ({field: [message]}). new ActionValidationError(message?, errors?) */
export const ActionValidationError = refusalKind<ActionValidationError>('ActionValidationError', 422, 'The given data was invalid.');

// --- the client ------------------------------------------------------------------

export type Ctx = Record<string, unknown>;
/** What next() resolves to: the handler's result, opaque to middleware that
 *  only passes it on. Its type parameter carries the context the middleware
 *  added, so `.use()` infers it from what the function returns. */
export interface MiddlewareResult<N extends Ctx = {}> { readonly __kitContext?: N }
export type Next = <N extends Ctx = {}>(opts?: { ctx?: N }) => Promise<MiddlewareResult<N>>;
export type Middleware<C, N extends Ctx> = (args: { ctx: C; next: Next }) =>
  MiddlewareResult<N> | Promise<MiddlewareResult<N>>;

export interface QueryOptions {
  /** 'public': the answer of GET /_rsc/query may be stored by shared caches
   *  (Cache-Control: public, max-age=0, must-revalidate). Default: private, no-store. */
  cache?: 'public' | 'private';
}

/** What a form action's handler gets when its first argument (or the second,
 *  after useActionState's previous state) is FormData: Object.fromEntries of
 *  it, a repeated key becoming an array. */
export type FormInput = Record<string, FormDataEntryValue | FormDataEntryValue[]>;
type FormDataEntryValue = string | Blob;

export interface ValidationFailure { validationErrors: ValidationErrors }

export interface InputBuilder<C, S> {
  handler<R>(fn: (args: { input: InferOutput<S>; ctx: C }) => R | Promise<R>):
    (...args: any[]) => Promise<Awaited<R> | ValidationFailure>;
  query<R>(fn: (args: { input: InferOutput<S>; ctx: C; args: unknown[] }) => R | Promise<R>, options?: QueryOptions):
    (...args: any[]) => Promise<Awaited<R>>;
}

export interface ActionClient<C> {
  use<N extends Ctx = {}>(fn: Middleware<C, N>): ActionClient<Omit<C, keyof N> & N>;
  input<S extends StandardSchemaV1>(schema: S): InputBuilder<C, S>;
  handler<R>(fn: (args: { input: any; ctx: C }) => R | Promise<R>): (...args: any[]) => Promise<Awaited<R>>;
  query<R>(fn: (args: { ctx: C; input: any; args: unknown[] }) => R | Promise<R>, options?: QueryOptions):
    (...args: any[]) => Promise<Awaited<R>>;
}

type AnyMiddleware = (args: { ctx: Ctx; next: (opts?: { ctx?: Ctx }) => Promise<unknown> }) => unknown;

// "middleware requireUser", else its place in the chain (mujs functions have
// no .name: the name comes from the source text, as render/walk.c does).
function describe(fn: unknown, i: number): string {
  let name = fn && (fn as { name?: unknown }).name;
  if (typeof name !== 'string' || !name) {
    const m = /^function\s+([\w$]+)/.exec(Function.prototype.toString.call(fn));
    name = m ? m[1] : '';
  }
  return name ? 'middleware ' + name : 'middleware #' + (i + 1) + ' of the chain';
}

function merge(base: Ctx, more: unknown): Ctx {
  const out: Ctx = {};
  let k: string[] = Object.keys(base);
  for (let i = 0; i < k.length; i++) out[k[i]] = base[k[i]];
  if (more && typeof more === 'object') {
    k = Object.keys(more as object);
    for (let i = 0; i < k.length; i++) out[k[i]] = (more as Ctx)[k[i]];
  }
  return out;
}

// Runs middleware i.. with ctx, then last(ctx). Each step's promise settles
// with what last() resolved to.
function runChain(chain: ReadonlyArray<AnyMiddleware>, i: number, ctx: Ctx, last: (ctx: Ctx) => unknown): Promise<unknown> {
  if (i >= chain.length) return Promise.resolve().then(() => last(ctx));
  const mw = chain[i];
  let downstream: Promise<unknown> | null = null;
  const next = (opts?: { ctx?: Ctx }): Promise<unknown> => {
    if (downstream) return Promise.reject(new Error(describe(mw, i) + ' called next() twice'));
    downstream = runChain(chain, i + 1, merge(ctx, opts && opts.ctx), last);
    return downstream;
  };
  return Promise.resolve()
    .then(() => mw({ ctx, next }))
    .then(() => {
      if (!downstream)
        throw new Error('kit: ' + describe(mw, i) + ' returned without calling next(); the action did not run. ' +
          'Throw ServerAuthenticationError or ServerAuthorizationError to refuse.');
      return downstream;
    });
}

function isFormData(v: unknown): v is { forEach(cb: (value: unknown, key: string) => void): void } {
  if (!v || typeof v !== 'object') return false;
  const F = (globalThis as { FormData?: unknown }).FormData;
  if (typeof F === 'function' && v instanceof (F as new () => object)) return true;
  const o = v as Record<string, unknown>;
  return typeof o.forEach === 'function' && typeof o.getAll === 'function' && typeof o.append === 'function' &&
    Object.prototype.toString.call(v) !== '[object URLSearchParams]';
}

/** Object.fromEntries of a FormData, a repeated key becoming an array. React's
 *  own keys (form actions bound with arguments: $ACTION_…) are left out. */
export function formInput(form: { forEach(cb: (value: unknown, key: string) => void): void }): FormInput {
  const out: Record<string, unknown> = {};
  form.forEach((value, key) => {
    if (key.indexOf('$ACTION_') === 0) return;
    if (!Object.prototype.hasOwnProperty.call(out, key)) out[key] = value;
    else if (Array.isArray(out[key])) (out[key] as unknown[]).push(value);
    else out[key] = [out[key], value];
  });
  return out as FormInput;
}

// The value a handler validates: the FormData of a form action (first
// argument, or second after useActionState's previous state) as an object,
// else the first argument.
function rawInput(args: unknown[]): unknown {
  if (isFormData(args[0])) return formInput(args[0]);
  if (args.length >= 2 && isFormData(args[1])) return formInput(args[1]);
  return args[0];
}

function pathKey(seg: PropertyKey | { key: PropertyKey }): string {
  const k = seg && typeof seg === 'object' ? (seg as { key: PropertyKey }).key : seg;
  return typeof k === 'symbol' ? String(k) : String(k);
}

/** Standard Schema issues → {field: [messages]}: paths dot-joined, "" for the whole input. */
export function validationErrors(issues: ReadonlyArray<StandardIssue>): ValidationErrors {
  const out: ValidationErrors = {};
  for (let i = 0; i < issues.length; i++) {
    const p = issues[i].path;
    const parts: string[] = [];
    if (p) for (let j = 0; j < p.length; j++) parts.push(pathKey(p[j]));
    const field = parts.join('.');
    (out[field] || (out[field] = [])).push(String(issues[i].message));
  }
  return out;
}

function isSchema(s: unknown): s is StandardSchemaV1 {
  const std = s && (typeof s === 'object' || typeof s === 'function') ? (s as Record<string, unknown>)['~standard'] : null;
  return !!std && typeof (std as { validate?: unknown }).validate === 'function';
}

type Outcome = { ok: true; value: unknown } | { ok: false; errors: ValidationErrors };

function validate(schema: StandardSchemaV1 | null, value: unknown): Promise<Outcome> {
  if (!schema) return Promise.resolve({ ok: true, value });
  return Promise.resolve(schema['~standard'].validate(value)).then((r): Outcome => {
    if (r && r.issues) return { ok: false, errors: validationErrors(r.issues) };
    return { ok: true, value: (r as { value: unknown }).value };
  });
}

// Marks a function built by a client: the query endpoint (GET /_rsc/query)
// answers only functions marked as queries, with the cache option recorded
// here. Non-enumerable, and never the handler.
const KIND = '$$kitActionKind';
const CACHE = '$$kitQueryCache';

function mark(fn: Function, kind: 'action' | 'query', cache?: string): void {
  Object.defineProperty(fn, KIND, { value: kind });
  if (kind === 'query') Object.defineProperty(fn, CACHE, { value: cache === 'public' ? 'public' : 'private' });
}

/** 'query' for a function made by client.query(), 'action' for one made by
 *  .handler(), null for anything else (a plain 'use server' function). */
export function actionKind(fn: unknown): 'action' | 'query' | null {
  const k = typeof fn === 'function' ? (fn as unknown as Record<string, unknown>)[KIND] : null;
  return k === 'action' || k === 'query' ? k : null;
}

/** The cache option of a query: 'public' or 'private'. */
export function queryCache(fn: unknown): 'public' | 'private' {
  return typeof fn === 'function' && (fn as unknown as Record<string, unknown>)[CACHE] === 'public' ? 'public' : 'private';
}

function makeAction(chain: ReadonlyArray<AnyMiddleware>, schema: StandardSchemaV1 | null,
  fn: (a: { input: unknown; ctx: Ctx }) => unknown): (...args: unknown[]) => Promise<unknown> {
  if (typeof fn !== 'function') throw new TypeError('kit: .handler(fn) needs a function');
  const action = function (...args: unknown[]): Promise<unknown> {
    return runChain(chain, 0, {}, (ctx) => validate(schema, rawInput(args)).then((o) =>
      o.ok ? fn({ input: o.value, ctx }) : { validationErrors: o.errors }));
  };
  mark(action, 'action');
  return action;
}

function makeQuery(chain: ReadonlyArray<AnyMiddleware>, schema: StandardSchemaV1 | null,
  fn: (a: { input: unknown; ctx: Ctx; args: unknown[] }) => unknown, options?: QueryOptions): (...args: unknown[]) => Promise<unknown> {
  if (typeof fn !== 'function') throw new TypeError('kit: .query(fn) needs a function');
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError("kit: .query(fn, options): options is an object such as { cache: 'public' }");
  const cache = options && options.cache;
  if (cache !== undefined && cache !== 'public' && cache !== 'private')
    throw new TypeError("kit: .query(fn, { cache }): cache is 'public' or 'private', not " + JSON.stringify(cache));
  const query = function (...args: unknown[]): Promise<unknown> {
    return runChain(chain, 0, {}, (ctx) => validate(schema, args[0]).then((o) => {
      if (!o.ok) throw new ActionValidationError(undefined, o.errors);
      return fn({ input: o.value, ctx, args });
    }));
  };
  mark(query, 'query', cache);
  return query;
}

function client(chain: ReadonlyArray<AnyMiddleware>): ActionClient<Ctx> {
  return Object.freeze({
    use(fn: AnyMiddleware) {
      if (typeof fn !== 'function') throw new TypeError('kit: client.use(fn) needs a function ({ ctx, next }) => next({ ctx })');
      return client(Object.freeze(chain.concat([fn])));
    },
    input(schema: StandardSchemaV1) {
      if (!isSchema(schema))
        throw new TypeError("kit: client.input(schema) needs a Standard Schema (Zod >= 3.24, Valibot >= 1, ArkType...): " +
          "an object with ['~standard'].validate");
      return Object.freeze({
        handler: (fn: (a: { input: unknown; ctx: Ctx }) => unknown) => makeAction(chain, schema, fn),
        query: (fn: (a: { input: unknown; ctx: Ctx; args: unknown[] }) => unknown, options?: QueryOptions) =>
          makeQuery(chain, schema, fn, options),
      });
    },
    handler: (fn: (a: { input: unknown; ctx: Ctx }) => unknown) => makeAction(chain, null, fn),
    query: (fn: (a: { input: unknown; ctx: Ctx; args: unknown[] }) => unknown, options?: QueryOptions) =>
      makeQuery(chain, null, fn, options),
  }) as unknown as ActionClient<Ctx>;
}

/** A client with no middleware; extend it with .use(). */
export function createActionClient(): ActionClient<{}> {
  return client(Object.freeze([])) as unknown as ActionClient<{}>;
}

/** A ready-made client with no middleware: action.handler(fn), action.input(s).handler(fn), action.query(fn). */
export const action: ActionClient<{}> = createActionClient();
