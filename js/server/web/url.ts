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
