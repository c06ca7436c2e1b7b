// @kit/core/server — what a Next.js-shaped middleware (src/middleware.ts)
// imports from 'next/server' (docs/middleware.md): the NextRequest it
// receives and the NextResponse it may return. The runner that calls it
// is js/server/next-middleware.ts.
import { Headers, Request, Response, URL } from './server/web/index';
import type { ResponseInit } from './server/web/index';

export interface Cookie { name: string; value: string }
export interface ResponseCookie extends Cookie {
  path?: string;
  domain?: string;
  maxAge?: number;
  expires?: Date | number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none' | boolean;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function parseCookieHeader(header: string | null): Cookie[] {
  const out: Cookie[] = [];
  if (!header) return out;
  const parts = header.split(';');
  for (let i = 0; i < parts.length; i++) {
    const eq = parts[i].indexOf('=');
    if (eq <= 0) continue;
    const name = parts[i].slice(0, eq).trim();
    let value = parts[i].slice(eq + 1).trim();
    if (!name) continue;
    try {
      value = decodeURIComponent(value);
    } catch (e) {
      // not percent-encoded: kept as sent
    }
    out.push({ name, value });
  }
  return out;
}

// request.cookies: the Cookie header of the request, read and written in
// place (a change reaches the page only with NextResponse.next({ request:
// { headers: request.headers } }), as in Next.js).
export class RequestCookies {
  declare _h: Headers;
  constructor(headers: Headers) {
    this._h = headers;
  }
  private list(): Cookie[] {
    return parseCookieHeader(this._h.get('cookie'));
  }
  private write(list: Cookie[]): void {
    if (list.length) this._h.set('cookie', list.map((c) => c.name + '=' + encodeURIComponent(c.value)).join('; '));
    else this._h.delete('cookie');
  }
  get size(): number { return this.list().length; }
  get(name: string | Cookie): Cookie | undefined {
    const n = typeof name === 'string' ? name : name.name;
    const l = this.list();
    for (let i = 0; i < l.length; i++) if (l[i].name === n) return l[i];
    return undefined;
  }
  getAll(name?: string | Cookie): Cookie[] {
    const l = this.list();
    if (name === undefined) return l;
    const n = typeof name === 'string' ? name : name.name;
    return l.filter((c) => c.name === n);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  set(name: string | Cookie, value?: string): this {
    const c = typeof name === 'string' ? { name, value: String(value) } : { name: name.name, value: String(name.value) };
    const l = this.list().filter((x) => x.name !== c.name);
    l.push(c);
    this.write(l);
    return this;
  }
  delete(names: string | string[]): boolean | boolean[] {
    const all = Array.isArray(names) ? names : [names];
    const l = this.list();
    const found = all.map((n) => l.some((c) => c.name === n));
    this.write(l.filter((c) => all.indexOf(c.name) < 0));
    return Array.isArray(names) ? found : found[0];
  }
  clear(): this {
    this._h.delete('cookie');
    return this;
  }
  toString(): string {
    return this._h.get('cookie') || '';
  }
}

function serializeCookie(c: ResponseCookie): string {
  if (!TOKEN.test(c.name)) throw new TypeError('cookies.set(): invalid cookie name "' + c.name + '"');
  let s = c.name + '=' + encodeURIComponent(c.value);
  s += '; Path=' + (c.path || '/');
  if (c.domain) s += '; Domain=' + c.domain;
  if (c.maxAge !== undefined) s += '; Max-Age=' + Math.floor(c.maxAge);
  if (c.expires !== undefined) s += '; Expires=' + new Date(c.expires as number).toUTCString();
  if (c.httpOnly) s += '; HttpOnly';
  if (c.secure) s += '; Secure';
  if (c.sameSite) {
    const same = c.sameSite === true ? 'strict' : c.sameSite;
    s += '; SameSite=' + same.charAt(0).toUpperCase() + same.slice(1);
  }
  return s;
}

// response.cookies: Set-Cookie lines of the response's headers.
export class ResponseCookies {
  declare _h: Headers;
  declare _set: ResponseCookie[];
  constructor(headers: Headers) {
    this._h = headers;
    this._set = [];
  }
  // the Set-Cookie lines: those of other names as they were (headers.append), then ours
  private sync(): void {
    const names = this._set.map((c) => c.name);
    const others = this._h.getSetCookie().filter((line: string) => names.indexOf(line.split('=')[0].trim()) < 0);
    this._h.delete('set-cookie');
    for (let i = 0; i < others.length; i++) this._h.append('set-cookie', others[i]);
    for (let i = 0; i < this._set.length; i++) this._h.append('set-cookie', serializeCookie(this._set[i]));
  }
  get(name: string | Cookie): ResponseCookie | undefined {
    const n = typeof name === 'string' ? name : name.name;
    for (let i = 0; i < this._set.length; i++) if (this._set[i].name === n) return this._set[i];
    return undefined;
  }
  getAll(name?: string | Cookie): ResponseCookie[] {
    if (name === undefined) return this._set.slice();
    const n = typeof name === 'string' ? name : name.name;
    return this._set.filter((c) => c.name === n);
  }
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
  set(name: string | ResponseCookie, value?: string, options?: Partial<ResponseCookie>): this {
    const c: ResponseCookie = typeof name === 'string' ? { ...(options || {}), name, value: String(value) } : { ...name };
    this._set = this._set.filter((x) => x.name !== c.name);
    this._set.push(c);
    this.sync();
    return this;
  }
  delete(name: string | Partial<ResponseCookie>): this {
    const o = typeof name === 'string' ? { name } : name;
    return this.set({ ...o, name: String(o.name), value: '', maxAge: 0, expires: 0 } as ResponseCookie);
  }
  toString(): string {
    return this._set.map(serializeCookie).join('; ');
  }
}

// nextUrl: the web URL with clone() (a new URL of the same href).
export interface NextURL extends URL {
  clone(): NextURL;
}

function nextURL(href: string): NextURL {
  const u = new URL(href) as NextURL;
  Object.defineProperty(u, 'clone', { value: () => nextURL(u.href), enumerable: false });
  return u;
}

// The Request a middleware receives: the web Request of js/server/web plus
// nextUrl, cookies and (always undefined: kit knows neither) geo and ip.
export interface NextRequest extends Request {
  readonly nextUrl: NextURL;
  readonly cookies: RequestCookies;
  readonly geo?: { city?: string; country?: string; region?: string; latitude?: string; longitude?: string };
  readonly ip?: string;
}

// Makes a NextRequest of a web Request (the runner does; an app need not).
// nextUrl and cookies are made when first read (a URL parse is not free).
export function toNextRequest(req: Request): NextRequest {
  const r = req as NextRequest;
  let url: NextURL | null = null;
  let cookies: RequestCookies | null = null;
  Object.defineProperty(r, 'nextUrl', { get: () => url || (url = nextURL(req.url)), enumerable: true });
  Object.defineProperty(r, 'cookies', { get: () => cookies || (cookies = new RequestCookies(req.headers)), enumerable: true });
  Object.defineProperty(r, 'geo', { value: undefined, enumerable: true });
  Object.defineProperty(r, 'ip', { value: undefined, enumerable: true });
  return r;
}

export interface MiddlewareResponseInit extends ResponseInit {
  request?: { headers?: Headers };
}

// What a middleware returns. next(): go on (the headers and cookies set on
// it join the answer; init.request.headers replace the request's headers);
// rewrite(url): answer this URL with another path of the app; redirect();
// json(); or any Response, answered as it is.
export class NextResponse extends Response {
  declare _kitKind: 'next' | 'rewrite' | 'response';
  declare _kitRewrite: string;
  declare _kitRequestHeaders: Headers | null;
  declare _kitCookies: ResponseCookies;

  constructor(body?: ConstructorParameters<typeof Response>[0], init?: MiddlewareResponseInit) {
    super(body, init);
    this._kitKind = 'response';
    this._kitRewrite = '';
    this._kitRequestHeaders = init && init.request && init.request.headers ? new Headers(init.request.headers) : null;
    this._kitCookies = new ResponseCookies(this.headers);
  }

  get cookies(): ResponseCookies { return this._kitCookies; }

  static next(init?: MiddlewareResponseInit): NextResponse {
    const r = new NextResponse(null, init);
    r._kitKind = 'next';
    return r;
  }

  static rewrite(destination: string | URL, init?: MiddlewareResponseInit): NextResponse {
    const r = new NextResponse(null, init);
    r._kitKind = 'rewrite';
    r._kitRewrite = String(destination);
    return r;
  }

  static redirect(url: string | URL, init?: number | ResponseInit): NextResponse {
    const status = typeof init === 'number' ? init : init && init.status !== undefined ? init.status : 307;
    if ([301, 302, 303, 307, 308].indexOf(status) < 0)
      throw new RangeError('NextResponse.redirect(): ' + status + ' is not a redirect status');
    const headers = new Headers(typeof init === 'object' && init ? init.headers : undefined);
    headers.set('location', String(url));
    return new NextResponse(null, { status, headers });
  }

  static json(data: unknown, init?: ResponseInit): NextResponse {
    const text = JSON.stringify(data);
    if (typeof text !== 'string') throw new TypeError('Value is not JSON serializable');
    const headers = new Headers(init ? init.headers : undefined);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new NextResponse(text, { status: init ? init.status : undefined, statusText: init ? init.statusText : undefined, headers });
  }
}

// Next.js's matcher config type (docs/middleware.md lists what kit supports).
export type MatcherItem = string | {
  source: string;
  has?: Array<{ type: 'header' | 'cookie' | 'query' | 'host'; key?: string; value?: string }>;
  missing?: Array<{ type: 'header' | 'cookie' | 'query' | 'host'; key?: string; value?: string }>;
};
export interface MiddlewareConfig { matcher?: MatcherItem | MatcherItem[] }

export type NextMiddleware = (request: NextRequest, event: { waitUntil(p: Promise<unknown>): void }) =>
  Response | NextResponse | null | undefined | void | Promise<Response | NextResponse | null | undefined | void>;
