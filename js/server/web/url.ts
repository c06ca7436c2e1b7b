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
    // valid and serialized already (render/binary.c): only split it
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
    return true;
  }
  return parseSimpleURLInJS(url, input);
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
export const URL: any = g.URL;
export const URLSearchParams: any = hadURLSearchParams ? CoreURLSearchParams : URLSearchParamsLinear;
