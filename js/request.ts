// @kit/core/request — the in-flight request, wherever one is in flight
// (middleware, server components, API routes, server actions).
import { currentRequest, currentPhase, addResponseHeader, markRequestRead } from './server/request-context';

// At build time there is no request: a read of it stops that part of the
// render with this marker (digest KIT_DYNAMIC;<what>), which kit-build reads
// as "renders per visitor" (build/prerender.c): caught inside a Suspense
// boundary the rest of the page is still rendered; above every boundary the
// route is not stored (connection() declares that on purpose; headers() or
// cookies() there fail the build).
function dynamic(what: string): Error {
  const e = new Error('[kit:dynamic ' + what + '] ' + what + ' reads the request, and there is none at build time');
  (e as Error & { digest: string }).digest = 'KIT_DYNAMIC;' + what;
  return e;
}

function need(what: string) {
  const r = currentRequest();
  if (!r && currentPhase() === 'build') throw dynamic(what);
  if (!r)
    throw new Error(what + ' reads the request, and there is none (build time or outside a request). ' +
      'Put the part that needs it inside a <Suspense> boundary so it renders per visitor.');
  markRequestRead();
  return r;
}

export interface ReadonlyHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  forEach(fn: (value: string, name: string) => void): void;
  entries(): Array<[string, string]>;
  keys(): string[];
  values(): string[];
}

function headerList(what: string): Array<[string, string]> {
  return need(what).headers;
}

// The request's header values by name, joined as Headers.get joins them.
function headerValue(list: Array<[string, string]>, name: string): string | null {
  const n = String(name).toLowerCase();
  let found: string | null = null;
  for (let i = 0; i < list.length; i++) if (list[i][0] === n) found = found === null ? list[i][1] : found + ', ' + list[i][1];
  return found;
}

// headers()'s object: its methods on the prototype, as a Headers object's
// (closures made per call cost an allocation each in the engine), the list
// under a symbol (no own enumerable keys, as Next.js's ReadonlyHeaders).
const LIST = Symbol('kit.request.list');

class RequestHeaders implements ReadonlyHeaders {
  private [LIST]: Array<[string, string]>;
  constructor(list: Array<[string, string]>) {
    this[LIST] = list;
  }
  get(name: string): string | null {
    return headerValue(this[LIST], name);
  }
  has(name: string): boolean {
    return headerValue(this[LIST], name) !== null;
  }
  private sorted(): Array<[string, string]> {
    return this[LIST].slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
  forEach(fn: (value: string, name: string) => void): void {
    this.sorted().forEach(([k, v]) => fn(v, k));
  }
  entries(): Array<[string, string]> {
    return this.sorted();
  }
  keys(): string[] {
    return this.sorted().map((e) => e[0]);
  }
  values(): string[] {
    return this.sorted().map((e) => e[1]);
  }
}

// headers(), cookies() and connection() behave as async functions (a throw
// is a rejected promise) without being ones: SWC lowers an async function
// to a generator state machine, ~400 engine operations a call, a tenth of
// what a dynamic page's runtime runs per request.
function settled<T>(make: () => T): Promise<T> {
  try {
    return Promise.resolve(make());
  } catch (e) {
    return Promise.reject(e);
  }
}

export function headers(): Promise<ReadonlyHeaders> {
  return settled((): ReadonlyHeaders => new RequestHeaders(headerList('headers()')));
}

export interface Cookie { name: string; value: string }
export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  maxAge?: number;
  path?: string;
  domain?: string;
  expires?: Date;
}

// RFC 6265 cookie-pairs; a malformed pair is skipped, never fatal.
function parseCookies(header: string | null): Cookie[] {
  const out: Cookie[] = [];
  if (!header) return out;
  const parts = header.split(';');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (!name || /[\s"(),/:;<=>?@[\\\]{}]/.test(name)) continue;
    if (value.length >= 2 && value.charAt(0) === '"' && value.charAt(value.length - 1) === '"') value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch (e) {
      // not percent-encoded: keep it as sent
    }
    out.push({ name, value });
  }
  return out;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function serialize(name: string, value: string, o: CookieOptions): string {
  if (!TOKEN.test(name)) throw new TypeError('cookies().set(): invalid cookie name "' + name + '"');
  let s = name + '=' + encodeURIComponent(value);
  s += '; Path=' + (o.path || '/');
  if (o.domain) s += '; Domain=' + o.domain;
  if (o.maxAge !== undefined) {
    if (typeof o.maxAge !== 'number' || !isFinite(o.maxAge)) throw new TypeError('cookies().set(): maxAge must be a number of seconds');
    s += '; Max-Age=' + Math.floor(o.maxAge);
  }
  if (o.expires) s += '; Expires=' + o.expires.toUTCString();
  if (o.httpOnly) s += '; HttpOnly';
  if (o.secure) s += '; Secure';
  const same = o.sameSite || 'lax';
  s += '; SameSite=' + same.charAt(0).toUpperCase() + same.slice(1);
  return s;
}

export interface CookieJar {
  get(name: string): Cookie | undefined;
  getAll(name?: string): Cookie[];
  has(name: string): boolean;
  set(name: string, value: string, options?: CookieOptions): void;
  delete(name: string): void;
}

export function cookies(): Promise<CookieJar> {
  return settled(cookieJar);
}

// cookies()'s object: methods on the prototype (as Next.js's RequestCookies)
class RequestCookies implements CookieJar {
  private [LIST]: Cookie[];
  constructor(list: Cookie[]) {
    this[LIST] = list;
  }
  get(name: string): Cookie | undefined {
    const list = this[LIST];
    for (let i = 0; i < list.length; i++) if (list[i].name === name) return list[i];
    return undefined;
  }
  getAll(name?: string): Cookie[] {
    const list = this[LIST];
    return name === undefined ? list.slice() : list.filter((c) => c.name === name);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  set(name: string, value: string, options?: CookieOptions): void {
    addResponseHeader('set-cookie', serialize(name, String(value), options || {}), 'cookies().set()');
    const list = this[LIST];
    for (let i = 0; i < list.length; i++) if (list[i].name === name) { list[i] = { name, value: String(value) }; return; }
    list.push({ name, value: String(value) });
  }
  delete(name: string): void {
    addResponseHeader('set-cookie', serialize(name, '', { maxAge: 0 }), 'cookies().delete()');
    const list = this[LIST];
    for (let i = 0; i < list.length; i++) if (list[i].name === name) { list.splice(i, 1); return; }
  }
}

function cookieJar(): CookieJar {
  return new RequestCookies(parseCookies(headerValue(headerList('cookies()'), 'cookie')));
}

export interface WritableHeaders {
  set(name: string, value: string): void;
  append(name: string, value: string): void;
}

export function responseHeaders(): WritableHeaders {
  need('responseHeaders()');
  const check = (name: string) => {
    if (!TOKEN.test(name)) throw new TypeError('responseHeaders(): invalid header name "' + name + '"');
    if (/^(content-length|transfer-encoding|connection|status)$/i.test(name))
      throw new TypeError('responseHeaders(): "' + name + '" is set by kit');
    return name.toLowerCase();
  };
  const value = (v: string) => {
    const s = String(v);
    if (/[\r\n\0]/.test(s)) throw new TypeError('responseHeaders(): header values cannot contain line breaks');
    return s;
  };
  return {
    set: (name, v) => addResponseHeader(check(name), value(v), 'responseHeaders().set()'),
    append: (name, v) => addResponseHeader(check(name), value(v), 'responseHeaders().append()'),
  };
}

// The whole in-flight Request (web-standard; installed by the server runtime).
// At build time request() hands out a stand-in: touching any of it (url,
// headers, body, signal, text(), …) throws the KIT_DYNAMIC marker, so an API
// route that never looks at its Request can be stored (build/prerender.c).
function buildTimeRequest(): Request {
  const o = {};
  const trap = () => { throw dynamic('request()'); };
  const props = ['url', 'method', 'headers', 'body', 'bodyUsed', 'signal', 'cache', 'credentials', 'destination',
    'integrity', 'keepalive', 'mode', 'redirect', 'referrer', 'referrerPolicy', 'duplex'];
  for (let i = 0; i < props.length; i++) Object.defineProperty(o, props[i], { get: trap, enumerable: true });
  const fns = ['text', 'json', 'formData', 'arrayBuffer', 'blob', 'bytes', 'clone'];
  for (let i = 0; i < fns.length; i++) Object.defineProperty(o, fns[i], { get: trap, enumerable: true });
  return o as unknown as Request;
}

interface HostWeb {
  bufferFromByteString(s: string): unknown;
  requestFromHost?(url: string, method: string, headers: Array<[string, string]>, body: string | null, plain?: boolean): Request;
}

export function request(): Request {
  if (!currentRequest() && currentPhase() === 'build') return buildTimeRequest();
  const r = need('request()');
  // the web classes load with the first route that names them; a route
  // that calls only this loads them here (toolchain/bundle.mjs webChunkUse)
  const load = (globalThis as unknown as { __kit_load_web?: () => void }).__kit_load_web;
  if (typeof load === 'function') load();
  const web = (globalThis as unknown as { __kit_web?: HostWeb }).__kit_web;
  // the body is a byte string: a bytes body, so that text() and json() decode UTF-8
  if (web && typeof web.requestFromHost === 'function') return web.requestFromHost(r.url, r.method, r.headers, r.body, r.headersPlain === true);
  const R = (globalThis as unknown as { Request?: typeof Request }).Request;
  if (!R) throw new Error('request(): the web Request class is not available in this build');
  const init: RequestInit = { method: r.method, headers: r.headers };
  if (r.body !== null && r.method !== 'GET' && r.method !== 'HEAD')
    (init as { body: unknown }).body = web ? web.bufferFromByteString(r.body) : r.body;
  return new R(r.url, init);
}

// Awaited to say "this route depends on the request" (it then never freezes at build).
export function connection(): Promise<void> {
  return settled(() => {
    need('connection()');
  });
}

export function isRendering(): boolean {
  return currentPhase() === 'render';
}
