// encodeURIComponent, encodeURI, decodeURIComponent and decodeURI as the
// platform has them. mujs 1.3.2 encodes a surrogate pair ("\ud83d\ude00", the
// way esbuild and SWC write every non-BMP character) as two 3-byte sequences
// (%ED%A0%BD%ED%B8%80 instead of %F0%9F%98%80), encodes lone surrogates
// instead of throwing URIError, decodes malformed escapes instead of throwing,
// and decodes non-BMP characters to one unit where every other engine gives a
// surrogate pair. core-js's URL and URLSearchParams capture encodeURIComponent
// when they load, so this module must be imported before them (url.ts does).
// Each function is replaced only when the built-in one is found wrong: kit's
// own mujs has them right since mujs/patches/0900-uri-utf16.patch, so this
// replaces nothing there; it stays for an engine without the patch.
import { codePointChars } from './bytes';

const g = globalThis as any;

// Whether the engine had these before core-js (url.ts imports this module first).
export const hadURLSearchParams = typeof g.URLSearchParams === 'function';

const nativeEncodeURIComponent: (s: string) => string = g.encodeURIComponent;
const nativeEncodeURI: (s: string) => string = g.encodeURI;

const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;
const HAS_SURROGATE = /[\ud800-\udfff]/;

// A pair becomes the one-unit character mujs encodes correctly; a lone
// surrogate makes the platform throw.
function joinPairs(s: string): string {
  return s.replace(SURROGATES, function (m) {
    if (m.length === 1) throw new URIError('URI malformed');
    return String.fromCharCode(((m.charCodeAt(0) - 0xd800) << 10) + (m.charCodeAt(1) - 0xdc00) + 0x10000);
  });
}

// mujs stores U+0000 as C0 80 (modified UTF-8) and encodes it as %C0%80;
// nothing else encodes to C0, which is never valid UTF-8.
const NUL_ESCAPE = /%C0%80/g;

function fixedEncodeURIComponent(s: unknown): string {
  const str = String(s);
  const out = nativeEncodeURIComponent(HAS_SURROGATE.test(str) ? joinPairs(str) : str);
  return str.indexOf('\u0000') >= 0 ? out.replace(NUL_ESCAPE, '%00') : out;
}

function fixedEncodeURI(s: unknown): string {
  const str = String(s);
  const out = nativeEncodeURI(HAS_SURROGATE.test(str) ? joinPairs(str) : str);
  return str.indexOf('\u0000') >= 0 ? out.replace(NUL_ESCAPE, '%00') : out;
}

// An escaped byte with up to three escaped continuation bytes: a complete
// UTF-8 sequence is always inside one match (bounded: see util.ts on mujs's
// regular expressions).
const ESCAPED_SEQUENCE = /%[0-9A-Fa-f]{2}(?:%[89ABab][0-9A-Fa-f]){0,3}/g;
const RESERVED_URI = ';/?:@&=+$,#';

function decodeEscapes(s: unknown, reserved: string): string {
  const str = String(s);
  if (str.indexOf('%') < 0)
    return str;
  const parts = str.split('%');
  // every '%' must start a two-digit escape
  for (let i = 1; i < parts.length; i++)
    if (!/^[0-9A-Fa-f]{2}/.test(parts[i])) throw new URIError('URI malformed');
  return str.replace(ESCAPED_SEQUENCE, function (run) {
    const hex = run.split('%');
    const out: string[] = [];
    let i = 1;
    while (i < hex.length) {
      const b = parseInt(hex[i], 16);
      if (b < 0x80) {
        const c = String.fromCharCode(b);
        out.push(reserved.indexOf(c) >= 0 ? '%' + hex[i] : c);
        i++;
        continue;
      }
      const n = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 0;
      if (!n || i + n > hex.length)
        throw new URIError('URI malformed');
      let cp = b & (n === 2 ? 0x1f : n === 3 ? 0x0f : 0x07);
      for (let k = 1; k < n; k++) cp = (cp << 6) | (parseInt(hex[i + k], 16) & 0x3f);
      if ((n === 3 && cp < 0x800) || (n === 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
        throw new URIError('URI malformed');
      out.push(codePointChars(cp));
      i += n;
    }
    return out.join('');
  });
}

function fixedDecodeURIComponent(s: unknown): string { return decodeEscapes(s, ''); }
function fixedDecodeURI(s: unknown): string { return decodeEscapes(s, RESERVED_URI); }

function throws(f: () => unknown): boolean {
  try { f(); } catch (e) { return true; }
  return false;
}

function replace(name: string, fn: unknown) {
  Object.defineProperty(g, name, { value: fn, writable: true, configurable: true, enumerable: false });
}

if (nativeEncodeURIComponent('\ud83d\ude00') !== '%F0%9F%98%80' || nativeEncodeURIComponent('\u0000') !== '%00' || !throws(function () { nativeEncodeURIComponent('\ud800'); }))
  replace('encodeURIComponent', fixedEncodeURIComponent);
if (nativeEncodeURI('\ud83d\ude00') !== '%F0%9F%98%80' || nativeEncodeURI('\u0000') !== '%00' || !throws(function () { nativeEncodeURI('\udc00'); }))
  replace('encodeURI', fixedEncodeURI);
if (g.decodeURIComponent('%F0%9F%98%80') !== '\ud83d\ude00' || !throws(function () { g.decodeURIComponent('%E9'); }))
  replace('decodeURIComponent', fixedDecodeURIComponent);
if (g.decodeURI('%F0%9F%98%80') !== '\ud83d\ude00' || !throws(function () { g.decodeURI('%C0%80'); }))
  replace('decodeURI', fixedDecodeURI);

export { fixedEncodeURIComponent, fixedDecodeURIComponent };
