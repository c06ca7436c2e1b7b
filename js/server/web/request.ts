// Request (fetch spec §5.4). The URL is parsed by URL (absolute, or relative
// to nothing: a relative URL is a TypeError, as in Node, since a server has no
// document base URL); standard methods are upper-cased; the body is extracted
// like the platform's (see body.ts). mode/credentials/cache/... are stored
// and validated but mean nothing to kit (there is no fetch() behind them).
import { hide, isToken } from './util';
import { Headers, HeadersInit, headersFromList } from './headers';
import { URL, canonicalURL } from './url';
import { AbortSignal, newSignal, followSignal } from './abort';
import { extractBody, initBody, defineBodyAccessors, cloneBody, BodyOwner, NO_BODY, BYTES, Extracted, KitBodyStream } from './body';
import { Blob } from './blob';
import { FormData } from './form-data';

export type BodyInit = string | Blob | FormData | ArrayBuffer | ArrayBufferView | KitBodyStream | { toString(): string } | null;

export interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: BodyInit;
  signal?: AbortSignal | null;
  mode?: string;
  credentials?: string;
  cache?: string;
  redirect?: string;
  referrer?: string;
  referrerPolicy?: string;
  integrity?: string;
  keepalive?: boolean;
  duplex?: string;
  priority?: string;
  window?: null;
}

const NORMALIZED = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'];
const FORBIDDEN = ['CONNECT', 'TRACE', 'TRACK'];

function normalizeMethod(m: unknown): string {
  const s = String(m);
  if (!isToken(s))
    throw new TypeError("'" + s + "' is not a valid HTTP method.");
  const up = s.toUpperCase();
  if (FORBIDDEN.indexOf(up) >= 0)
    throw new TypeError("'" + s + "' HTTP method is unsupported.");
  return NORMALIZED.indexOf(up) >= 0 ? up : s;
}

function oneOf(where: string, v: unknown, allowed: string[], dflt: string): string {
  if (v === undefined)
    return dflt;
  const s = String(v);
  if (allowed.indexOf(s) < 0)
    throw new TypeError("Request constructor: '" + s + "' is not a valid value for " + where + '.');
  return s;
}

// the options of a Request made without any (shared: nothing changes them)
const DEFAULTS: Record<string, unknown> = Object.freeze({
  mode: 'cors', credentials: 'same-origin', cache: 'default', redirect: 'follow',
  referrer: 'about:client', referrerPolicy: '', integrity: '', keepalive: false,
  destination: '', duplex: 'half', priority: 'auto',
});

function hrefOf(s: string): string {
  const fast = canonicalURL(s);
  if (fast !== null)
    return fast;
  const u = parseURL(s);
  if (u.username || u.password)
    throw new TypeError('Request cannot be constructed from a URL that includes credentials: ' + s);
  return u.href;
}

function parseURL(s: string): any {
  try {
    return new URL(s);
  } catch (e) {
    throw new TypeError('Failed to parse URL from ' + s);
  }
}

export interface Request extends BodyOwner {
  text(): Promise<string>;
  json(): Promise<any>;
  arrayBuffer(): Promise<ArrayBuffer>;
  bytes(): Promise<Uint8Array>;
  blob(): Promise<Blob>;
  formData(): Promise<FormData>;
  readonly body: KitBodyStream | null;
  readonly bodyUsed: boolean;
}

export class Request {
  declare _url: string;
  declare _m: string;
  declare _s: AbortSignal;
  declare _o: Record<string, unknown>;

  constructor(input: string | Request | { toString(): string }, init?: RequestInit) {
    if (arguments.length < 1)
      throw new TypeError("Failed to construct 'Request': 1 argument required, but only 0 present.");
    const opt: RequestInit = init === undefined || init === null ? {} : init;
    let from: Request | null = null;
    let url: string;
    if (input instanceof Request) {
      from = input;
      url = input._url;
    } else {
      url = hrefOf(String(input));
    }
    const base = from ? from._o : DEFAULTS;
    const o: Record<string, unknown> = {};
    const keys = Object.keys(base);
    for (let i = 0; i < keys.length; i++) o[keys[i]] = base[keys[i]];
    if (opt.mode !== undefined) {
      if (opt.mode === 'navigate')
        throw new TypeError("Request constructor: invalid request mode navigate.");
      o.mode = oneOf('mode', opt.mode, ['same-origin', 'no-cors', 'cors'], 'cors');
    }
    o.credentials = oneOf('credentials', opt.credentials, ['omit', 'same-origin', 'include'], o.credentials as string);
    o.cache = oneOf('cache', opt.cache, ['default', 'no-store', 'reload', 'no-cache', 'force-cache', 'only-if-cached'], o.cache as string);
    if (o.cache === 'only-if-cached' && o.mode !== 'same-origin')
      throw new TypeError("Request constructor: 'only-if-cached' can be set only with 'same-origin' mode");
    o.redirect = oneOf('redirect', opt.redirect, ['follow', 'error', 'manual'], o.redirect as string);
    o.referrerPolicy = oneOf('referrerPolicy', opt.referrerPolicy, ['', 'no-referrer', 'no-referrer-when-downgrade',
      'same-origin', 'origin', 'strict-origin', 'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url'], o.referrerPolicy as string);
    o.duplex = oneOf('duplex', opt.duplex, ['half'], o.duplex as string);
    o.priority = oneOf('priority', opt.priority, ['high', 'low', 'auto'], o.priority as string);
    if (opt.integrity !== undefined)
      o.integrity = String(opt.integrity);
    if (opt.keepalive !== undefined)
      o.keepalive = !!opt.keepalive;
    if (opt.referrer !== undefined) {
      const r = String(opt.referrer);
      o.referrer = r === '' ? '' : parseURL(r).href;
    }
    if (opt.window !== undefined && opt.window !== null)
      throw new TypeError("Request constructor: 'window' option must be null.");

    const method = opt.method !== undefined ? normalizeMethod(opt.method) : from ? from._m : 'GET';

    let signal: AbortSignal | null = from ? from._s : null;
    if (opt.signal !== undefined) {
      if (opt.signal !== null && !(opt.signal instanceof AbortSignal))
        throw new TypeError("Failed to construct 'Request': member signal is not of type AbortSignal.");
      signal = opt.signal;
    }
    const own = newSignal();
    if (signal)
      followSignal(own, signal);

    const headers = new Headers(opt.headers !== undefined ? opt.headers : from ? from._h : undefined);

    let body: Extracted;
    const hasInitBody = opt.body !== undefined && opt.body !== null;
    const hasInputBody = !!from && from._k !== NO_BODY;
    if ((hasInitBody || hasInputBody) && (method === 'GET' || method === 'HEAD'))
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    if (hasInitBody) {
      body = extractBody(opt.body);
      if (body.type !== null && !headers.has('content-type'))
        headers.append('content-type', body.type);
    } else if (from && hasInputBody) {
      if (from._u || (from._r && from._r._locked))
        throw new TypeError('Cannot construct a Request with a Request object that has already been used.');
      // the body moves to the new request: the input is used from now on
      body = { kind: from._k, value: from._v, type: null };
      from._u = true;
      from._v = '';
    } else {
      body = { kind: NO_BODY, value: '', type: null };
    }

    hide(this, '_url', url);
    hide(this, '_m', method);
    hide(this, '_h', headers);
    hide(this, '_s', own);
    hide(this, '_o', o);
    initBody(this, body);
  }

  get method(): string { return this._m; }
  get url(): string { return this._url; }
  get headers(): Headers { return this._h; }
  get signal(): AbortSignal { return this._s; }
  get destination(): string { return this._o.destination as string; }
  get referrer(): string { return this._o.referrer as string; }
  get referrerPolicy(): string { return this._o.referrerPolicy as string; }
  get mode(): string { return this._o.mode as string; }
  get credentials(): string { return this._o.credentials as string; }
  get cache(): string { return this._o.cache as string; }
  get redirect(): string { return this._o.redirect as string; }
  get integrity(): string { return this._o.integrity as string; }
  get keepalive(): boolean { return this._o.keepalive as boolean; }
  get isReloadNavigation(): boolean { return false; }
  get isHistoryNavigation(): boolean { return false; }
  get duplex(): string { return this._o.duplex as string; }

  clone(): Request {
    const r: Request = Object.create(Request.prototype);
    cloneBody(this, r);
    hide(r, '_url', this._url);
    hide(r, '_m', this._m);
    hide(r, '_h', new Headers(this._h));
    const s = newSignal();
    followSignal(s, this._s);
    hide(r, '_s', s);
    hide(r, '_o', this._o);
    return r;
  }
}

defineBodyAccessors(Request.prototype);

// A request from the host (fromHost below) makes its Headers and its
// AbortSignal when something first reads them: until then _h and _s are
// these getters, which define the own slot a constructed Request has.
Object.defineProperty(Request.prototype, '_h', {
  get(this: Request & { _hl: Array<[string, string]>; _hp?: boolean }) {
    const h = headersFromList(this._hl, this._hp === true);
    hide(this, '_h', h);
    return h;
  },
  enumerable: false, configurable: true,
});
Object.defineProperty(Request.prototype, '_s', {
  get(this: Request) {
    const s = newSignal();
    hide(this, '_s', s);
    return s;
  },
  enumerable: false, configurable: true,
});

/** The Request of the request being answered (@kit/core/request's
 * request()), as `new Request(url, {method, headers, body: bytes})` would
 * make it: headers are the host's pairs (lower-case names, byte-string
 * values; plain when the engine found each as Headers stores it), the body a
 * byte string or null. */
export function requestFromHost(url: string, method: string, headers: Array<[string, string]>, body: string | null, plain?: boolean): Request {
  const m = NORMALIZED.indexOf(method) >= 0 ? method : normalizeMethod(method);
  const href = hrefOf(url);
  const withBody = body !== null && m !== 'GET' && m !== 'HEAD';
  const r: Request = Object.create(Request.prototype);
  hide(r, '_url', href);
  hide(r, '_m', m);
  hide(r, '_hl', headers);
  if (plain === true)
    hide(r, '_hp', true);
  hide(r, '_o', DEFAULTS);
  initBody(r, withBody ? { kind: BYTES, value: body as string, type: null } : { kind: NO_BODY, value: '', type: null });
  return r;
}
