// Two patches to core-js internals for mujs 1.3.2, applied before the URL
// modules load and capture them (url.ts loads them after this module). The
// internals are runtime/polyfills-web.js's, the one copy of core-js in
// server.js (polyfills-web.entry.js hands them out as __kit_core_js), so patch 2 holds for
// every core-js polyfill. core-js is pinned, and tests/mujs checks both the
// results and the speed.
//
// 1. core-js's URL and URLSearchParams decode every query component with the
// percent-decoder of core-js/internals/url-percent-coding, which walks the
// string with charAt(i) and +=: quadratic in mujs (an 11 KB query value took
// 0.8 s). It is replaced by a linear decoder with the same result
// (percent-decode the UTF-8 of the input, then UTF-8 decode, U+FFFD for errors).
//
// 2. core-js's Array.from (the URL parser starts with Array.from(input))
// stores each element with Object.defineProperty, and mujs 1.3.2's
// defineProperty on an array index costs ~7 µs and does not update `length`
// (core-js sets it at the end). A plain data property on an array index is
// assigned instead; everything else goes to core-js's defineProperty as before.
import { utf8Encode, utf8Decode, percentDecodeBytes } from './bytes';

const coreJs = (globalThis as any).__kit_core_js;
if (!coreJs)
  throw new Error('the web classes (@kit/core/server/web) need core-js\'s URL loaded before them: runtime/polyfills-web.js, or runtime/polyfills-shared.js and runtime/polyfills-url.js (kit-build\'s chunk)');
const percentCoding = coreJs.percentCoding();
const definePropertyModule = coreJs.defineProperty();

function decode(input: string): string {
  if (input.indexOf('%') < 0)
    return input;
  return utf8Decode(percentDecodeBytes(utf8Encode(input)));
}

(percentCoding as any).decode = decode;

const coreDefine = (definePropertyModule as any).f;
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;

(definePropertyModule as any).f = function defineProperty(O: any, P: any, A: any) {
  if (Array.isArray(O) && A && A.writable === true && A.enumerable === true && A.configurable === true &&
      A.get === undefined && A.set === undefined &&
      (typeof P === 'number' || (typeof P === 'string' && ARRAY_INDEX.test(P)))) {
    (O as any)[P] = A.value;
    return O;
  }
  return coreDefine(O, P, A);
};
