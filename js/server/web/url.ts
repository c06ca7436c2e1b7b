// URL and URLSearchParams: core-js's implementation of the WHATWG URL standard
// (the full parser state machine, IDNA via punycode, IPv4/IPv6 hosts, live
// searchParams). core-js is kit's pinned polyfill library; these modules load
// in mujs 1.3.2 once encodeURIComponent is fixed (uri.ts, imported first).
// They install the globals URL and URLSearchParams themselves (core-js
// replaces only missing or broken built-ins; mujs has none).
//
// Left out: core-js/modules/web.url-search-params.size. It asks
// `'size' in URLSearchParams.prototype`, and mujs's `in` runs the getter on the
// prototype, which throws; web.url-search-params already defines `size`.
import { hadURLSearchParams } from './uri';
import './string-iterator';
import './core-js-patches';

import { parseUrlencoded } from './form-data';
import { utf8Encode, toUSVString } from './bytes';
import { hide } from './util';

const g = globalThis as any;
// core-js's modules web.url, web.url.to-json, web.url.can-parse,
// web.url.parse, web.url-search-params, web.url-search-params.delete and
// web.url-search-params.has, from runtime/polyfills-web.js's copy of core-js
// (polyfills-web.entry.js), loaded now that the fixes above are in place.
g.__kit_core_js.installURL();
const CoreURLSearchParams = g.URLSearchParams;

// core-js's parser walks the input one code point at a time through its
// state machine: ~2 M instructions in mujs for `http://127.0.0.1/bench/api`,
// most of an API request's cost (bench/README.md). An absolute http(s),
// ws(s) or ftp URL that the parser would only split (no base, no
// credentials, no fragment, a lower-case ASCII host, a decimal IPv4 address
// or a domain, no dot segments, nothing to percent-encode) has its fields
// set here instead, as core-js's parse would set them; anything else goes
// to core-js.
// render/binary.c's check, the same rules in C (~1/50 of the instructions)
const nativeCanonical: ((s: string) => boolean) | null =
  typeof g.__kit_url_canonical === 'function' ? g.__kit_url_canonical : null;

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };
const BAD_AUTHORITY = /[^a-z0-9.:-]/;
// the path's characters that the path percent-encode set leaves alone
// (without ^ | [ ] \, which parsers differ on or treat specially)
const BAD_PATH = /[^\x21\x24-\x3b\x3d\x40-\x5a\x5f\x61-\x7a\x7e]/;
// the query's characters that the special-query percent-encode set leaves alone
const BAD_QUERY = /[^\x21\x24-\x26\x28-\x3b\x3d\x3f-\x7e]/;
const DOT_SEGMENT = /^(?:\.|%2e)(?:\.|%2e)?$/i;
const IPV4_PART = /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;

interface URLFields {
  scheme: string; username: string; password: string; host: string | number | null; port: number | null;
  path: string[]; query: string | null; fragment: string | null; cannotBeABaseURL: boolean;
}

/** Sets the fields of `url` (core-js's URL state) from a simple absolute URL;
 * false (nothing set) when the input needs core-js's parser. */
export function parseSimpleURL(url: URLFields, input: string): boolean {
  if (nativeCanonical !== null && nativeCanonical(input)) {
    splitCanonical(url, input);
    return true;
  }
  return parseSimpleURLInJS(url, input);
}

/** The fields of a URL that is valid and serialized already (render/binary.c's
 * __kit_url_canonical said so): only split. */
function splitCanonical(url: URLFields, input: string): void {
  const at = input.indexOf('://'), slash = input.indexOf('/', at + 3), q = input.indexOf('?', slash);
  const authority = input.slice(at + 3, slash), pc = authority.indexOf(':');
  const hostname = pc < 0 ? authority : authority.slice(0, pc);
  const c = hostname.charCodeAt(hostname.lastIndexOf('.') + 1);  // the last label's first
  let host: string | number = hostname;
  if (c >= 48 && c <= 57) {
    const parts = hostname.split('.');
    host = ((+parts[0] * 256 + +parts[1]) * 256 + +parts[2]) * 256 + +parts[3];
  }
  url.scheme = input.slice(0, at);
  url.username = '';
  url.password = '';
  url.host = host;
  url.port = pc < 0 ? null : +authority.slice(pc + 1);
  url.path = (q < 0 ? input.slice(slash + 1) : input.slice(slash + 1, q)).split('/');
  url.query = q < 0 ? null : input.slice(q + 1);
  url.fragment = null;
  url.cannotBeABaseURL = false;
}

/** parseSimpleURL without the engine's native check: every rule in JS. */
export function parseSimpleURLInJS(url: URLFields, input: string): boolean {
  const colon = input.indexOf('://');
  if (colon < 2 || colon > 5 || input.length > 2000)
    return false;
  const scheme = input.slice(0, colon);
  const dflt = DEFAULT_PORT[scheme];
  if (dflt === undefined || !Object.prototype.hasOwnProperty.call(DEFAULT_PORT, scheme) || input.indexOf('#') >= 0)
    return false;
  const start = colon + 3, slash = input.indexOf('/', start);
  let q = input.indexOf('?', start);
  if (slash < 0 || (q >= 0 && q < slash))
    return false;
  const authority = input.slice(start, slash);
  if (authority === '' || BAD_AUTHORITY.test(authority))
    return false;
  const pc = authority.indexOf(':');
  const hostname = pc < 0 ? authority : authority.slice(0, pc);
  let port: number | null = null;
  if (pc >= 0) {
    const ps = authority.slice(pc + 1);
    if (ps.length > 5 || ps.indexOf(':') >= 0 || ps.indexOf('.') >= 0 || ps.indexOf('-') >= 0)
      return false;
    if (ps !== '') {
      for (let i = 0; i < ps.length; i++) {
        const c = ps.charCodeAt(i);
        if (c < 48 || c > 57)
          return false;
      }
      port = +ps;
      if (port > 65535)
        return false;
      if (port === dflt)
        port = null;
    }
  }
  const labels = hostname.split('.');
  const last = labels[labels.length - 1];
  let host: string | number;
  const c0 = last.charCodeAt(0);
  if (c0 >= 48 && c0 <= 57) {
    // ends in a number: a decimal dotted quad, or core-js's parser decides
    if (labels.length !== 4)
      return false;
    host = 0;
    for (let i = 0; i < 4; i++) {
      if (!IPV4_PART.test(labels[i]))
        return false;
      host = host * 256 + +labels[i];
    }
  } else {
    if (!(c0 >= 97 && c0 <= 122) || hostname.indexOf('xn--') >= 0)
      return false;
    for (let i = 0; i < labels.length; i++)
      if (labels[i] === '')
        return false;
    host = hostname;
  }
  const pathText = q < 0 ? input.slice(slash + 1) : input.slice(slash + 1, q);
  if (BAD_PATH.test(pathText))
    return false;
  const path = pathText.split('/');
  for (let i = 0; i < path.length; i++)
    if (path[i].length <= 6 && DOT_SEGMENT.test(path[i]))
      return false;
  let query: string | null = null;
  if (q >= 0) {
    query = input.slice(q + 1);
    if (BAD_QUERY.test(query))
      return false;
  }
  url.scheme = scheme;
  url.username = '';
  url.password = '';
  url.host = host;
  url.port = port;
  url.path = path;
  url.query = query;
  url.fragment = null;
  url.cannotBeABaseURL = false;
  return true;
}

const scratch: any = {};

/** input itself when it is a simple absolute URL (above) that is already
 * serialized as URL would serialize it (so `new URL(input).href === input`),
 * else null: the Request constructor and the host's requests take it as
 * their url without making a URL. */
export function canonicalURL(input: string): string | null {
  if (nativeCanonical)
    return nativeCanonical(input) ? input : null;
  return canonicalURLInJS(input);
}


/** canonicalURL without the engine's native (kept for the tests that compare them). */
export function canonicalURLInJS(input: string): string | null {
  if (!parseSimpleURLInJS(scratch, input))
    return null;
  const start = input.indexOf('://') + 3;
  const authority = input.slice(start, input.indexOf('/', start));
  const pc = authority.indexOf(':');
  if (pc >= 0 && (scratch.port === null || String(scratch.port) !== authority.slice(pc + 1)))
    return null;  // a default or empty port, or leading zeros: dropped by the serializer
  return input;
}

const urlStateOf = g.__kit_core_js.internalState().getterFor('URL');
const URLStateProto = Object.getPrototypeOf(urlStateOf(new g.URL('http://a/')));
const coreParse = URLStateProto.parse;
URLStateProto.parse = function (this: URLFields, input: unknown, stateOverride?: unknown, base?: unknown) {
  if (!stateOverride && base === undefined && typeof input === 'string' && parseSimpleURL(this, input))
    return undefined;
  return coreParse.call(this, input, stateOverride, base);
};

// URL's constructor and its getters, made cheap. core-js's constructor
// checks its receiver and arguments through helpers, stores its state with
// Object.defineProperty, and makes a URLSearchParams for every URL; each
// getter finds the state through two helper calls and serializes from the
// fields: ~105,000 instructions for `new URL(req.url)` in mujs, ~18,000 for
// each read of `pathname` (most of an API route's JavaScript). Here a URL of
// parseSimpleURL's kind (already serialized: __kit_url_split) gets a state
// object of core-js's own kind (URLState's prototype, the same fields),
// kept in the hidden slot `_u`, and its searchParams only when first read;
// any other input and any base go to core-js's constructor, whose state is
// put in `_u` too. The getters read the fields directly when they are plain
// (a string or IPv4 host, no credentials) and call core-js's serializers
// otherwise; the setters call core-js's URLState methods on the same state;
// the prototype, URLSearchParams and the statics stay core-js's.
const CoreURL = g.URL;
const URLProto = CoreURL.prototype;
const uspStateOf = g.__kit_core_js.internalState().getterFor('URLSearchParams');
// the state's own key on a URL made here (hidden, as Request's slots are)
const STATE = '_u';

function defineOwn(o: object, name: string, value: unknown): void {
  Object.defineProperty(o, name, { value, writable: true, configurable: true, enumerable: true });
}

// the state of a fast URL: core-js's URLState, its URLSearchParams made when
// first asked for (by the getter or by core-js's setters, which update it)
const FastState = Object.create(URLStateProto);
Object.defineProperty(FastState, 'searchParams', {
  configurable: true,
  get(this: any) {
    const params = uspStateOf(new CoreURLSearchParams());
    params.bindURL(this);
    defineOwn(this, 'searchParams', params);
    return params;
  },
  set(this: any, v: unknown) { defineOwn(this, 'searchParams', v); },
});

// render/binary.c: the check and the split in one call (~1/4 of them in JS)
const nativeSplit: ((s: string, state: object) => boolean) | null =
  typeof g.__kit_url_split === 'function' ? g.__kit_url_split : null;

function splitInJS(st: any, url: string): boolean {
  if (canonicalURL(url) === null)
    return false;
  splitCanonical(st, url);
  return true;
}

// (one named parameter: URL.length is 1; a base is arguments[1])
function KitURL(this: any, url: unknown): void {
  if (arguments.length === 1 && typeof url === 'string' && this !== undefined && this !== null &&
      Object.getPrototypeOf(this) === URLProto) {
    const st = Object.create(FastState);
    if (nativeSplit !== null ? nativeSplit(url, st) : splitInJS(st, url)) {
      st.facade = this;
      hide(this, STATE, st);
      return;
    }
  }
  CoreURL.apply(this, arguments as any);
  hide(this, STATE, urlStateOf(this));
}

// a URL made here, or one core-js made (URL.parse, URL.canParse); core-js
// throws its TypeError for anything else
function stateOf(u: unknown): any {
  const st = u !== null && typeof u === 'object' ? (u as any)[STATE] : undefined;
  return st !== undefined && st !== null && st.type === 'URL' ? st : urlStateOf(u);
}

// The href and the pathname are kept on the state once made (the native
// split sets both): every change to a URL goes through a setter below or,
// from its searchParams, through the state's update(), which forget them.
const coreUpdate = URLStateProto.update;
URLStateProto.update = function (this: any) {
  this._href = undefined;
  return coreUpdate.call(this);
};

function hostnameOf(st: any): string {
  const h = st.host;
  if (typeof h === 'string')
    return h;
  if (typeof h === 'number')
    return (h >>> 24) + '.' + ((h >>> 16) & 255) + '.' + ((h >>> 8) & 255) + '.' + (h & 255);
  return st.getHostname();  // null or an IPv6 address
}

function pathnameOf(st: any): string {
  let pn = st._pn;
  if (pn === undefined) {
    const path = st.path;
    pn = st._pn = st.cannotBeABaseURL ? path[0] : path.length ? '/' + path.join('/') : '';
  }
  return pn;
}

function hrefOf(this: unknown): string {
  const st = (this as any)[STATE] || stateOf(this);
  let out = st._href;
  if (out !== undefined)
    return out;
  if (st.host === null || st.cannotBeABaseURL || st.username !== '' || st.password !== '') {
    out = st.serialize();
  } else {
    out = st.scheme + '://' + hostnameOf(st);
    if (st.port !== null)
      out += ':' + st.port;
    out += pathnameOf(st);
    if (st.query !== null)
      out += '?' + st.query;
    if (st.fragment !== null)
      out += '#' + st.fragment;
  }
  st._href = out;
  return out;
}

const SPECIAL_ORIGIN: Record<string, boolean> = { http: true, https: true, ws: true, wss: true, ftp: true };

// an accessor of URL.prototype: its getter, and core-js's URLState method
// named `setter` as its setter (as core-js's own accessors, which find the
// state through core-js's internal state only)
function getter(name: string, get: (this: unknown) => unknown, setter?: string): void {
  if (Object.getOwnPropertyDescriptor(URLProto, name) === undefined)
    throw new Error('kit: core-js URL has no ' + name);
  const set = setter === undefined ? undefined : function (this: unknown, value: unknown) {
    const st = stateOf(this);
    st._href = undefined;
    st._pn = undefined;
    st[setter](value);
  };
  Object.defineProperty(URLProto, name, { get, set, configurable: true, enumerable: true });
}

getter('href', hrefOf, 'setHref');
getter('origin', function (this: unknown) {
  const st = stateOf(this);
  if (SPECIAL_ORIGIN[st.scheme] !== true)
    return st.getOrigin();
  return st.scheme + '://' + hostnameOf(st) + (st.port !== null ? ':' + st.port : '');
});
getter('protocol', function (this: unknown) { return stateOf(this).scheme + ':'; }, 'setProtocol');
getter('username', function (this: unknown) { return stateOf(this).username; }, 'setUsername');
getter('password', function (this: unknown) { return stateOf(this).password; }, 'setPassword');
getter('host', function (this: unknown) {
  const st = stateOf(this);
  return st.host === null ? '' : st.port === null ? hostnameOf(st) : hostnameOf(st) + ':' + st.port;
}, 'setHost');
getter('hostname', function (this: unknown) { return hostnameOf(stateOf(this)); }, 'setHostname');
getter('port', function (this: unknown) {
  const port = stateOf(this).port;
  return port === null ? '' : String(port);
}, 'setPort');
getter('pathname', function (this: unknown) { return pathnameOf((this as any)[STATE] || stateOf(this)); }, 'setPathname');
getter('search', function (this: unknown) {
  const q = stateOf(this).query;
  return q ? '?' + q : '';
}, 'setSearch');
getter('searchParams', function (this: unknown) { return ((this as any)[STATE] || stateOf(this)).searchParams.facade; });
getter('hash', function (this: unknown) {
  const f = stateOf(this).fragment;
  return f ? '#' + f : '';
}, 'setHash');
Object.defineProperty(URLProto, 'toString', {
  value: function toString(this: unknown) { return hrefOf.call(this); }, writable: true, configurable: true, enumerable: true,
});
Object.defineProperty(URLProto, 'toJSON', {
  value: function toJSON(this: unknown) { return hrefOf.call(this); }, writable: true, configurable: true, enumerable: true,
});

KitURL.prototype = URLProto;
{
  const statics = Object.getOwnPropertyNames(CoreURL);
  for (let i = 0; i < statics.length; i++) {
    const name = statics[i];
    if (name === 'prototype' || name === 'length' || name === 'name' || name === 'arguments' || name === 'caller')
      continue;
    const d = Object.getOwnPropertyDescriptor(CoreURL, name);
    if (d !== undefined)
      Object.defineProperty(KitURL, name, d);
  }
}
// URL.canParse/parse: core-js's construct its own class, whose prototype is the same
Object.defineProperty(URLProto, 'constructor', { value: KitURL, writable: true, configurable: true, enumerable: false });
Object.defineProperty(KitURL, 'name', { value: 'URL', configurable: true });
Object.defineProperty(g, 'URL', { value: KitURL, writable: true, configurable: true, enumerable: false });

// core-js parses a query string one character at a time with charAt() and
// +=, quadratic in mujs (a 55 KB value took 2.3 s). A string given to the
// constructor goes through kit's linear urlencoded parser instead (same
// algorithm); objects and sequences go to core-js. The prototype is
// core-js's, so instanceof and every method are unchanged.
function URLSearchParamsLinear(this: unknown, init?: unknown): any {
  if (!(this instanceof URLSearchParamsLinear))
    throw new TypeError("Failed to construct 'URLSearchParams': Please use the 'new' operator.");
  if (init === undefined || init === null || typeof init === 'object' || typeof init === 'function')
    return new CoreURLSearchParams(init);
  let s = toUSVString(String(init));
  if (s.charAt(0) === '?')
    s = s.slice(1);
  const p = new CoreURLSearchParams();
  const pairs = parseUrlencoded(utf8Encode(s));
  for (let i = 0; i < pairs.length; i++) p.append(pairs[i][0], pairs[i][1]);
  return p;
}
URLSearchParamsLinear.prototype = CoreURLSearchParams.prototype;
if (!hadURLSearchParams) {
  Object.defineProperty(CoreURLSearchParams.prototype, 'constructor', { value: URLSearchParamsLinear, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(g, 'URLSearchParams', { value: URLSearchParamsLinear, writable: true, configurable: true, enumerable: false });
}

// The classes on the global object. (Types are the TypeScript DOM library's,
// when a project has it; kit's own code only uses the members in README.md.)
export const URL: any = KitURL;
export const URLSearchParams: any = hadURLSearchParams ? CoreURLSearchParams : URLSearchParamsLinear;
