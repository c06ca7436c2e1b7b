// rpc(name, ...args): a named function call answered by the backend
// (docs/wire-formats.md §5), installed as a global by the renderer
// (no import) and usable while a request is answered: server components,
// middleware.ts, API routes, server actions (docs/rpc.md).
//
//   const orders = await rpc<Order[]>('Orders.recent', 5);
//
// Transport: render/rpc.c (the engine's curl multi handle; the backend's
// address and the secret never reach JS). Calls made in the same tick travel
// as one batch {"calls":[...]} (at most 50 per POST; a lone call is sent
// unbatched); an NDJSON answer settles each call as its line arrives. A call
// repeated within one request (same name, same JSON of its arguments) is the
// same promise. A refusal rejects with its own kind (the classes below,
// exported by @kit/core/rpc): uncaught above every Suspense boundary it
// answers its own status (401, 403, 422, 429, …), never a 500; a redirect
// becomes kit's redirect (3xx, or 204 + X-RSC-Redirect on a navigation); a
// refusal with status 404 is notFound().
import { currentRequest, currentPhase, requestCache, addHostHeader, callSite, atCallSite } from './request-context';

declare function __kit_rpc(
  headers: Array<[string, string]>, body: string,
  onLine: (line: string, setCookie: string[]) => void, onDone: (a: NativeAnswer) => void, onFail: (message: string, code: string) => void,
): void;
declare function __kit_rpc_config(): { enabled: boolean; timeoutMs: number };

interface NativeAnswer { status: number; ndjson: boolean; body: string; setCookie: string[] }

export const MAX_BATCH = 50;
export const HOST_MIDDLEWARE = '__rsc.middleware';

// --- refusal kinds -------------------------------------------------------------

// Every error rpc() rejects with (transport errors too). `status` is the HTTP
// status the refusal stands for; `digest` makes an uncaught one answer it.
// Plain constructor functions (not `class extends Error`: its ES5 output
// returns the Error itself in mujs, and instanceof would fail).
export interface HostCallError extends Error { status: number; digest: string; functionName: string; code?: string }
export interface ValidationError extends HostCallError { errors: Record<string, string[]> }
export type UnauthenticatedError = HostCallError;
export type UnauthorizedError = HostCallError;
export type RefusalError = HostCallError;
export type ThrottleError = HostCallError;
export type HostFailure = HostCallError;

type Ctor<T> = { new (...a: any[]): T; prototype: T };

function kind<T extends HostCallError>(name: string, parent: { prototype: object }, fixed: number): Ctor<T> {
  const K = function (this: HostCallError, message: string, a?: unknown, b?: unknown, c?: unknown) {
    const args = [message, a, b, c];
    let i = 1;
    // defined, not assigned: Error.prototype is frozen (the override mistake)
    Object.defineProperty(this, 'message', { value: String(message), writable: true, configurable: true });
    if (name === 'ValidationError') (this as ValidationError).errors = args[i++] as Record<string, string[]>;
    this.status = fixed || (args[i++] as number);
    this.functionName = String(args[i++] || '');
    this.digest = 'KIT_REFUSAL;' + this.status;
    const stack = new Error(this.message).stack;
    if (stack) Object.defineProperty(this, 'stack', { value: stack, writable: true, configurable: true });
  } as unknown as Ctor<T>;
  K.prototype = Object.create(parent.prototype, {
    constructor: { value: K, writable: true, configurable: true },
    name: { value: name, writable: true, configurable: true },
  });
  return K;
}

// new HostCallError(message, status, fn)
export const HostCallError = kind<HostCallError>('HostCallError', Error, 0);
// 422: validationErrors {field: [messages]} ("" = the whole form). new ValidationError(message, errors, fn)
export const ValidationError = kind<ValidationError>('ValidationError', HostCallError, 422);
// 401: no session. new UnauthenticatedError(message, fn)
export const UnauthenticatedError = kind<HostCallError>('UnauthenticatedError', HostCallError, 401);
// 403: a session that may not do this.
export const UnauthorizedError = kind<HostCallError>('UnauthorizedError', HostCallError, 403);
// A refusal with its own status (refusalStatus) and message. new RefusalError(message, status, fn)
export const RefusalError = kind<HostCallError>('RefusalError', HostCallError, 0);
// 429: a RefusalError the page may want to tell apart. new ThrottleError(message, fn)
export const ThrottleError = kind<HostCallError>('ThrottleError', RefusalError, 429);
// The backend failed (an `error` without refusalStatus, a non-JSON answer, a
// transport error): 500, or 502/504 for a backend that could not be reached.
export const HostFailure = kind<HostCallError>('HostFailure', HostCallError, 0);

// Thrown for a `redirect` answer: kit's own redirect digest.
function redirectError(location: string, status: number): Error {
  const e = new Error('the backend redirected to ' + location) as Error & { digest: string };
  e.digest = 'KIT_REDIRECT;' + status + ';' + location;
  return e;
}

function notFoundError(): Error {
  const e = new Error('not found (the backend refused with 404)') as Error & { digest: string };
  e.digest = 'KIT_NOT_FOUND';
  return e;
}

// --- one reply ------------------------------------------------------------------

interface Reply {
  result?: unknown; revalidate?: unknown; validationErrors?: unknown; unauthenticated?: unknown;
  unauthorized?: unknown; redirect?: unknown; redirectStatus?: unknown; error?: unknown;
  refusalStatus?: unknown; status?: unknown;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };

function text(v: unknown, fallback: string): string {
  return typeof v === 'string' && v !== '' ? v : fallback;
}

// docs/wire-formats.md §5.5 "How a reply is read", in that order.
export function interpret(fn: string, status: number, reply: unknown, bodyText?: string): Outcome {
  if (!reply || typeof reply !== 'object' || Array.isArray(reply))
    return { ok: false, error: new HostFailure('rpc(' + fn + '): the backend returned a body that is not a JSON object' +
      (status ? ' (HTTP ' + status + ')' : ''), 500, fn) };
  const r = reply as Reply;
  if (r.validationErrors && typeof r.validationErrors === 'object')
    return { ok: false, error: new ValidationError(text(r.error, 'The given data was invalid.'),
      r.validationErrors as Record<string, string[]>, fn) };
  if (typeof r.redirect === 'string' && r.redirect !== '' && !/[\r\n]/.test(r.redirect)) {
    const rs = typeof r.redirectStatus === 'number' && r.redirectStatus >= 300 && r.redirectStatus <= 399 ? r.redirectStatus : 307;
    return { ok: false, error: redirectError(r.redirect, rs) };
  }
  if (r.unauthenticated === true)
    return { ok: false, error: new UnauthenticatedError(text(r.error, 'Unauthenticated.'), fn) };
  if (r.unauthorized === true)
    return { ok: false, error: new UnauthorizedError(text(r.error, 'This action is unauthorized.'), fn) };
  const rs = typeof r.refusalStatus === 'number' ? r.refusalStatus : 0;
  if (rs === 404)
    return { ok: false, error: notFoundError() };
  if (r.error !== undefined && r.error !== null) {
    const msg = text(r.error, 'The backend refused.');
    if (rs === 429) return { ok: false, error: new ThrottleError(msg, fn) };
    if (rs >= 400 && rs <= 599) return { ok: false, error: new RefusalError(msg, rs, fn) };
    return { ok: false, error: new HostFailure(msg, 500, fn) };
  }
  if (status >= 400)
    return { ok: false, error: new HostFailure('rpc(' + fn + ') failed: ' + status +
      (bodyText ? ' — ' + bodyText.slice(0, 200) : ''), 500, fn) };
  if (Array.isArray(r.revalidate)) revalidated(r.revalidate as unknown[]);
  return { ok: true, value: r.result === undefined ? null : r.result };
}

// Regions a call (or revalidate()) marked stale: kept for the request; an
// action's answer re-renders them (docs/actions.md §3).
export function revalidated(regions: unknown[]) {
  const store = requestCache(revalidated);
  if (!store) return;
  for (let i = 0; i < regions.length; i++)
    if (typeof regions[i] === 'string') store.set(regions[i] as string, true);
}

export function revalidatedRegions(): string[] {
  const store = requestCache(revalidated);
  const out: string[] = [];
  if (store) store.forEach((_v, k) => out.push(k));
  return out;
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (e) {
    return undefined;
  }
}

// Set-Cookie of a host-call answer: onto the response while its headers are
// open — before a page's shell (or its redirect / error answer) is written,
// in middleware and guard checks, in an API route until it returns. It is
// copied before the reply is interpreted, so a login that redirects still
// logs in. Later (a call inside a Suspense boundary settling after the shell)
// the headers are out: the cookie is dropped and a warning names the call.
function passCookies(cookies: string[] | undefined, fn: string) {
  if (!cookies) return;
  for (let i = 0; i < cookies.length; i++) {
    try {
      addHostHeader('set-cookie', cookies[i], 'rpc(' + fn + ')');
    } catch (e) {
      console.warn('kit: rpc(' + fn + '): a Set-Cookie of the backend was dropped: ' + String((e as Error).message));
    }
  }
}

// --- sending ------------------------------------------------------------------

interface Pending { fn: string; args: unknown[]; resolve: (v: unknown) => void; reject: (e: unknown) => void }

function forwarded(): Array<[string, string]> {
  const req = currentRequest();
  const out: Array<[string, string]> = [];
  if (!req) return out;
  for (let i = 0; i < req.headers.length; i++) {
    const n = req.headers[i][0].toLowerCase();
    if (n === 'cookie' || n === 'authorization') out.push([n, req.headers[i][1]]);
  }
  return out;
}

function transportError(fn: string, message: string, code: string): HostFailure {
  const e = new HostFailure('rpc(' + fn + '): ' + message, code === 'ETIMEDOUT' ? 504 : 502, fn);
  e.code = code;
  return e;
}

function sendOne(p: Pending, headers: Array<[string, string]>) {
  __kit_rpc(headers, JSON.stringify({ function: p.fn, args: p.args }),
    function () { /* a single call's answer is never NDJSON-consumed */ },
    function (a) {
      passCookies(a.setCookie, p.fn);
      const o = interpret(p.fn, a.status, a.ndjson ? undefined : parse(a.body), a.body);
      if (o.ok) p.resolve(o.value); else p.reject(o.error);
    },
    function (message, code) { p.reject(transportError(p.fn, message, code)); });
}

function sendBatch(calls: Pending[], headers: Array<[string, string]>) {
  const answered: boolean[] = [];
  const body = JSON.stringify({ calls: calls.map(function (c) { return { function: c.fn, args: c.args }; }) });
  // a batch answer's cookies belong to the whole batch: a warning names its calls
  const names = calls.slice(0, 5).map(function (c) { return c.fn; }).join(', ') + (calls.length > 5 ? ', ...' : '');
  function settle(i: number, status: number, reply: unknown) {
    if (typeof i !== 'number' || i !== Math.floor(i) || i < 0 || i >= calls.length || answered[i]) return;
    answered[i] = true;
    const o = interpret(calls[i].fn, status, reply);
    if (o.ok) calls[i].resolve(o.value); else calls[i].reject(o.error);
  }
  function rejectRest(make: (c: Pending) => Error) {
    for (let i = 0; i < calls.length; i++)
      if (!answered[i]) {
        answered[i] = true;
        calls[i].reject(make(calls[i]));
      }
  }
  __kit_rpc(headers, body,
    function (line, setCookie) {
      passCookies(setCookie, names);
      const r = parse(line) as Reply & { index?: number } | undefined;
      if (!r || typeof r !== 'object') return;
      settle(r.index as number, typeof r.status === 'number' ? r.status : 200, r);
    },
    function (a) {
      // (the backend's headers come before its lines: with NDJSON, the cookies went with the first)
      passCookies(a.setCookie, names);
      if (!a.ndjson) {
        const whole = parse(a.body) as { replies?: unknown } | undefined;
        if (a.status === 200 && whole && Array.isArray(whole.replies)) {
          const replies = whole.replies as Reply[];
          for (let i = 0; i < replies.length && i < calls.length; i++)
            settle(i, replies[i] && typeof replies[i].status === 'number' ? replies[i].status as number : 200, replies[i]);
        } else {
          // not a batch answer: every call fails with the backend's message (never re-sent one by one)
          rejectRest(function (c) {
            const o = interpret(c.fn, a.status >= 400 ? a.status : 500, whole, a.body);
            const base = o.ok ? new HostFailure('rpc(' + c.fn + '): the backend did not answer the batch as a batch', 500, c.fn) : o.error;
            return base;
          });
        }
      }
      rejectRest(function (c) { return new HostFailure('rpc(' + c.fn + ') was not answered in its batch', 500, c.fn); });
    },
    function (message, code) {
      rejectRest(function (c) { return transportError(c.fn, message, code); });
    });
}

// The calls of this tick, per request (requestCache: gone when it ends).
function queueOf(): { calls: Pending[]; scheduled: boolean } {
  const store = requestCache(queueOf);
  if (!store) throw new Error('rpc() needs a request');
  let q = store.get('q') as { calls: Pending[]; scheduled: boolean } | undefined;
  if (!q) {
    q = { calls: [], scheduled: false };
    store.set('q', q);
  }
  return q;
}

function flush(q: { calls: Pending[]; scheduled: boolean }) {
  const calls = q.calls;
  q.calls = [];
  q.scheduled = false;
  const headers = forwarded();
  for (let i = 0; i < calls.length; i += MAX_BATCH) {
    const part = calls.slice(i, i + MAX_BATCH);
    try {
      if (part.length === 1) sendOne(part[0], headers); else sendBatch(part, headers);
    } catch (e) {
      for (let j = 0; j < part.length; j++) part[j].reject(e);
    }
  }
}

function enabled(): boolean {
  return typeof __kit_rpc_config === 'function' && __kit_rpc_config().enabled;
}

// One call, sent now and alone (the guard check; actions).
export function hostCall(fn: string, args: unknown[]): Promise<unknown> {
  return new Promise(function (resolve, reject) {
    sendOne({ fn, args, resolve, reject }, forwarded());
  });
}

// A FormData argument (a server action posted as a form: the generated stubs
// of rsc-host.json's actions hand it on as it is) travels as an object of its
// fields, what the backends decode into their parameter: a field given more
// than once becomes the array of its values, a file {name, type, size} (its
// content is not sent). JSON.stringify would make it {}.
function formFields(arg: unknown): unknown {
  if (typeof FormData === 'undefined' || !(arg instanceof FormData)) return arg;
  const out: Record<string, unknown> = {};
  arg.forEach(function (value, field) {
    const v = typeof value === 'string' ? value : { name: value.name, type: value.type, size: value.size };
    if (!Object.prototype.hasOwnProperty.call(out, field)) out[field] = v;
    else if (Array.isArray(out[field])) (out[field] as unknown[]).push(v);
    else out[field] = [out[field], v];
  });
  return out;
}

export function rpc<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
  if (typeof name !== 'string' || name === '')
    return Promise.reject(new TypeError('rpc(): the first argument must be the name of a backend function'));
  if (!currentRequest() && currentPhase() === 'build') {
    // no visitor at build time: the route renders per request, as if it awaited
    // connection() (build/prerender.c knows that kind only; its listing says so)
    const e = new Error('[kit:dynamic connection()] rpc(' + name + ') asks the backend, and there is no request at build time');
    (e as Error & { digest: string }).digest = 'KIT_DYNAMIC;connection()';
    return Promise.reject(e);
  }
  if (!currentRequest())
    return Promise.reject(new Error('rpc(' + name + ') is only available while a request is answered (server components, middleware, API routes, actions)'));
  if (!enabled())
    return Promise.reject(new HostFailure('rpc(' + name + '): no backend is configured (set RSC_BACKEND and RSC_HOST_CALL_SECRET)', 500, name));
  args = args.map(formFields);
  let key: string;
  try {
    key = name + '\u0000' + JSON.stringify(args);
  } catch (e) {
    return Promise.reject(new TypeError('rpc(' + name + '): the arguments must be JSON: ' + String(e)));
  }
  const seen = requestCache(rpc);
  if (seen && seen.has(key)) return seen.get(key) as Promise<T>;
  const q = queueOf();
  const site = callSite(rpc);
  const p = new Promise<T>(function (resolve, reject) {
    q.calls.push({ fn: name, args: JSON.parse(JSON.stringify(args)), resolve: resolve as (v: unknown) => void,
      reject: function (e: unknown) { reject(atCallSite(e, site)); } });
  });
  if (seen) seen.set(key, p);
  if (!q.scheduled) {
    q.scheduled = true;
    setTimeout(function () { flush(q); }, 0);
  }
  return p;
}

// Backend guards (middleware.ts: export const middleware = ['auth', 'can:x']):
// one call of __rsc.middleware with the route's whole chain of names. Only a
// literal true passes; anything else, a transport error included, refuses
// with the refusal's own status (fail closed).
export interface GuardRefusal { outcome: 'allow' | 'redirect' | 'refuse'; status?: number; location?: string; message?: string; visible?: string }

// Refusals whose text the backend wrote for the visitor ("Sign in first"):
// the body of the refusal answer. Failures (HostFailure, transport errors)
// stay in the log.
const VISIBLE_REFUSALS: Record<string, boolean> = {
  UnauthenticatedError: true, UnauthorizedError: true, RefusalError: true, ThrottleError: true, ValidationError: true,
};

export function checkBackendGuards(names: string[]): Promise<GuardRefusal> {
  if (!enabled())
    return Promise.resolve({ outcome: 'refuse', status: 503,
      message: 'the route declares backend guards (' + names.join(', ') + ') and no backend (RSC_BACKEND) answers them' });
  return new Promise<GuardRefusal>(function (resolve) {
    try {
      __kit_rpc(forwarded(), JSON.stringify({ function: HOST_MIDDLEWARE, args: [names] }),
        function () { /* single call */ },
        function (a) {
          passCookies(a.setCookie, HOST_MIDDLEWARE);
          const reply = a.ndjson ? undefined : parse(a.body) as Reply | undefined;
          if (a.status === 200 && reply && typeof reply === 'object' && reply.result === true &&
            reply.error === undefined && reply.redirect === undefined) {
            resolve({ outcome: 'allow' });
            return;
          }
          const o = interpret(HOST_MIDDLEWARE, a.status, reply, a.body);
          resolve(guardOutcome(o, names));
        },
        function (message, code) {
          resolve({ outcome: 'refuse', status: code === 'ETIMEDOUT' ? 504 : 502, message: 'backend guards (' + names.join(', ') + '): ' + message });
        });
    } catch (e) {
      resolve({ outcome: 'refuse', status: 500, message: 'backend guards: ' + String(e) });
    }
  });
}

function guardOutcome(o: Outcome, names: string[]): GuardRefusal {
  const what = 'backend guards (' + names.join(', ') + ')';
  if (o.ok) return { outcome: 'refuse', status: 403, message: what + ' did not answer true' };
  const e = o.error as Error & { digest?: string; status?: number };
  const d = e.digest || '';
  if (d.indexOf('KIT_REDIRECT;') === 0) {
    const rest = d.slice('KIT_REDIRECT;'.length);
    const semi = rest.indexOf(';');
    return { outcome: 'redirect', status: +rest.slice(0, semi) || 307, location: rest.slice(semi + 1) };
  }
  if (d === 'KIT_NOT_FOUND') return { outcome: 'refuse', status: 404, message: what + ' refused with 404' };
  const status = typeof e.status === 'number' ? e.status : 500;
  const visible = VISIBLE_REFUSALS[e.name] === true && status >= 400 && status < 500 ? e.message : undefined;
  return { outcome: 'refuse', status, message: what + ': ' + e.message, visible };
}

(globalThis as any).rpc === undefined && Object.defineProperty(globalThis, 'rpc', {
  value: rpc, writable: false, enumerable: false, configurable: false,
});
