// `buffer` / `node:buffer` and the global Buffer for server code: the
// `buffer` package from npm (the one browser bundlers use for Node's) over
// kit's typed arrays, with what Node added since the package was written:
// the base64url encoding (Node 15.7). toolchain/bundle.mjs resolves the
// module names here and injects Buffer where server code names it
// (buffer-global.ts); both are side-effect free, so a bundle that never
// names Buffer holds none of it.
import * as pkg from 'buffer/index.js';

const Buffer = pkg.Buffer as any;

const toBase64 = (s: string) => {
  const b = String(s).replace(/-/g, '+').replace(/_/g, '/');
  return b + '==='.slice((b.length + 3) % 4);
};
const isBase64url = (e: unknown) => typeof e === 'string' && e.toLowerCase() === 'base64url';

const isEncoding = Buffer.isEncoding;
Buffer.isEncoding = function (e: unknown) {
  return isBase64url(e) || isEncoding.call(this, e);
};
const byteLength = Buffer.byteLength;
Buffer.byteLength = function (s: unknown, e?: unknown) {
  return isBase64url(e) && typeof s === 'string' ? byteLength.call(this, toBase64(s), 'base64') : byteLength.call(this, s, e);
};
const from = Buffer.from;
Buffer.from = function (v: unknown, e?: unknown, n?: unknown) {
  return isBase64url(e) && typeof v === 'string' ? from.call(this, toBase64(v), 'base64') : from.call(this, v, e, n);
};
const toString = Buffer.prototype.toString;
Buffer.prototype.toString = function (e?: unknown, start?: number, end?: number) {
  if (!isBase64url(e)) return toString.apply(this, arguments as any);
  return toString.call(this, 'base64', start, end).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
Buffer.prototype.toLocaleString = Buffer.prototype.toString;

export { Buffer };
export const { SlowBuffer, INSPECT_MAX_BYTES, kMaxLength } = pkg as any;
export const constants = { MAX_LENGTH: (pkg as any).kMaxLength, MAX_STRING_LENGTH: 0x1fffffe8 };
export const atob = (globalThis as any).atob, btoa = (globalThis as any).btoa;
export default { Buffer, SlowBuffer, INSPECT_MAX_BYTES, kMaxLength, constants, atob, btoa };
