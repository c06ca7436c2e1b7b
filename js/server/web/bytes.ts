// Bytes as the web classes keep them: a "byte string", a string whose every
// character is 0–255, one character per byte. Text is an ordinary JS string,
// UTF-8 on the wire.
//
// mujs indexes strings from their start (its strings are UTF-8 inside), so a
// loop over charCodeAt(i) is quadratic: 100,000 characters take 14 s. Every
// conversion here is a native replace/split/join over regular expressions,
// which are linear.
//
// Where the web API returns bytes (arrayBuffer(), bytes(), a body stream's
// chunks) they are real ArrayBuffers and Uint8Arrays, native in kit's mujs
// (mujs/patches/1000-typed-arrays.patch); bodies and Blob parts accept any
// BufferSource.

const BYTE: string[] = [];
for (let i = 0; i < 256; i++) BYTE.push(String.fromCharCode(i));

// (no unbounded * or + over input: see the note in util.ts)
const NOT_ASCII = /[^\x00-\x7f]/;
const NOT_BYTE = /[^\x00-\xff]/;
const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;
const HAS_SURROGATE = /[\ud800-\udfff]/;

/** The character(s) of one code point: a surrogate pair above U+FFFF, as in every engine but mujs. */
export function codePointChars(cp: number): string {
  if (cp < 0x10000)
    return String.fromCharCode(cp);
  cp -= 0x10000;
  return String.fromCharCode(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
}

/** WebIDL USVString conversion: lone surrogates become U+FFFD. */
export function toUSVString(s: string): string {
  if (!HAS_SURROGATE.test(s))
    return s;
  return s.replace(SURROGATES, function (m) { return m.length === 2 ? m : '\ufffd'; });
}

/** True when every character of s is a byte (0–255). */
export function isByteString(s: string): boolean {
  return !NOT_BYTE.test(s);
}

// The native URI functions do the bulk of the work: they are linear C loops.
// Captured before uri.ts replaces the globals; they are only given input
// they get right (no surrogates, no U+0000, valid escapes).
const g = globalThis as any;
const nativeEncode: (s: string) => string = g.encodeURIComponent;
const nativeDecode: (s: string) => string = g.decodeURIComponent;

// mujs 1.3.2 keeps code points above U+FFFF as one character (when they
// arrive as real UTF-8, or from String.fromCharCode(0x1F600)); bundled code
// writes them as surrogate pairs. ONE_UNIT tells which engine this is.
const ONE_UNIT = String.fromCharCode(0x10000).length === 1;
const ASTRAL = ONE_UNIT ? new RegExp('[' + String.fromCharCode(0x10000) + '-' + String.fromCharCode(0x10ffff) + ']', 'g') : null;

function astralToPair(m: string): string { return codePointChars(m.charCodeAt(0)); }

// U+0000 is kept as C0 80 inside mujs, and the native functions get it wrong.
function withoutNul(s: string, f: (s: string) => string): string {
  if (s.indexOf('\u0000') < 0)
    return f(s);
  const parts = s.split('\u0000');
  for (let i = 0; i < parts.length; i++) parts[i] = f(parts[i]);
  return parts.join('\u0000');
}

// Bytes from escapes: JSON.parse reads "\u00XX" as the character U+00XX, one
// character per byte. (encodeURIComponent leaves only characters that need
// no JSON escaping.) Three native passes; measured 5x faster in mujs than
// rewriting the escapes with regular expressions.
function escapesToBytes(e: string): string {
  return JSON.parse('"' + e.split('%').join('\\u00') + '"');
}

/** The URL standard's percent-decode: each %XX escape (either case) becomes
 * the byte it names, everything else stays. Give it a byte string. */
export function percentDecodeBytes(b: string): string {
  if (b.indexOf('%') < 0)
    return b;
  return JSON.parse(JSON.stringify(b).replace(/%([0-9A-Fa-f]{2})/g, '\\u00$1'));
}

// encodeURIComponent of a byte string gives %C2%XX or %C3%XX per byte 80–FF;
// rewritten as the byte's own %XX (the %C3 rules first, writing lower case, so
// that the %C2 rule cannot match their output), decodeURIComponent reads the
// UTF-8 text.
function bytesToEscapes(b: string): string {
  // (split/join: 3x faster than replace for a fixed string in mujs)
  return nativeEncode(b).split('%C3%8').join('%c').split('%C3%9').join('%d')
    .split('%C3%A').join('%e').split('%C3%B').join('%f').split('%C2%').join('%');
}

function encodePart(s: string): string { return escapesToBytes(nativeEncode(s)); }

/** Text → its UTF-8 bytes as a byte string. Lone surrogates encode as U+FFFD;
 * both a surrogate pair and mujs's one-unit non-BMP character give 4 bytes. */
export function utf8Encode(s: string): string {
  if (!NOT_ASCII.test(s))
    return s;
  if (HAS_SURROGATE.test(s)) {
    s = s.replace(SURROGATES, function (m) {
      if (m.length === 1)
        return '\ufffd';
      // mujs encodes a pair as two 3-byte sequences, but the one-unit form right
      return ONE_UNIT ? String.fromCharCode(((m.charCodeAt(0) - 0xd800) << 10) + (m.charCodeAt(1) - 0xdc00) + 0x10000) : m;
    });
  }
  return withoutNul(s, encodePart);
}

// Valid UTF-8 check without a per-byte loop: valid sequences are replaced by
// an ASCII character (not removed: that would join their neighbours), two
// lengths per pass (mujs limits the character classes of one expression),
// and any byte 80–FF left over is an error.
const VALID_2 = /[\xc2-\xdf][\x80-\xbf]/g;
const VALID_3 = /\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf][\x80-\xbf]|\xed[\x80-\x9f][\x80-\xbf]/g;
const VALID_4 = /\xf0[\x90-\xbf][\x80-\xbf][\x80-\xbf]|[\xf1-\xf3][\x80-\xbf][\x80-\xbf][\x80-\xbf]|\xf4[\x80-\x8f][\x80-\xbf][\x80-\xbf]/g;
const HIGH_BYTE = /[\x80-\xff]/;

function isValidUtf8(b: string): boolean {
  return !HIGH_BYTE.test(b.replace(VALID_2, '.').replace(VALID_3, '.').replace(VALID_4, '.'));
}

function decodePart(b: string): string {
  if (!isValidUtf8(b))
    return b.replace(UTF8_RUN, decodeRun);
  const s = nativeDecode(bytesToEscapes(b));
  return ASTRAL ? s.replace(ASTRAL, astralToPair) : s;
}

// UTF-8 decoding of invalid input with the WHATWG decoder's error handling: each maximal
// subpart of an ill-formed sequence becomes one U+FFFD. The regular
// expression finds a lead byte with up to three continuation bytes (mujs
// allows only a few character classes per expression); decodeRun checks the
// ranges on at most four characters.
const UTF8_RUN = /[\xc0-\xff][\x80-\xbf]{0,3}|[\x80-\xbf]{1,3}/g;

function decodeRun(m: string): string {
  const n = m.length, out: string[] = [];
  let i = 0;
  while (i < n) {
    const b0 = m.charCodeAt(i);
    if (b0 < 0xc2 || b0 > 0xf4) {
      out.push('\ufffd');
      i++;
      continue;
    }
    const need = b0 >= 0xf0 ? 4 : b0 >= 0xe0 ? 3 : 2;
    let lo = b0 === 0xe0 ? 0xa0 : b0 === 0xf0 ? 0x90 : 0x80;
    let hi = b0 === 0xed ? 0x9f : b0 === 0xf4 ? 0x8f : 0xbf;
    let cp = b0 & (need === 2 ? 0x1f : need === 3 ? 0x0f : 0x07);
    let j = i + 1, k = 1;
    while (k < need && j < n) {
      const c = m.charCodeAt(j);
      if (c < lo || c > hi)
        break;
      lo = 0x80;
      hi = 0xbf;
      cp = (cp << 6) | (c & 0x3f);
      j++;
      k++;
    }
    out.push(k === need ? codePointChars(cp) : '\ufffd');
    i = j;
  }
  return out.join('');
}

/** A byte string → text (UTF-8 decode, U+FFFD for errors). With stripBOM, a
 * leading EF BB BF is dropped, as TextDecoder and Body.text() do. Characters
 * above 255 in the input are not bytes: they are kept as they are. */
export function utf8Decode(bytes: string, stripBOM?: boolean): string {
  if (stripBOM && bytes.slice(0, 3) === '\xef\xbb\xbf')
    bytes = bytes.slice(3);
  if (!NOT_ASCII.test(bytes))
    return bytes;
  return withoutNul(bytes, decodePart);
}

/** A byte string → an array of numbers (linear: split, then one charCodeAt per 1-character string). */
export function byteStringToArray(bytes: string): number[] {
  const chars = bytes.split('');
  const out = new Array(chars.length);
  for (let i = 0; i < chars.length; i++) out[i] = chars[i].charCodeAt(0) & 0xff;
  return out;
}

/** Numbers → a byte string; each is taken modulo 256 like a Uint8Array store. */
export function arrayToByteString(a: ArrayLike<number>): string {
  if (a instanceof Uint8Array) {
    // String.fromCharCode over chunks (apply's argument count): native, linear
    const parts: string[] = [];
    for (let i = 0; i < a.length; i += 8192)
      parts.push(String.fromCharCode.apply(null, a.subarray(i, i + 8192) as any));
    return parts.join('');
  }
  const n = a.length, out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = BYTE[(+a[i] || 0) & 0xff];
  return out.join('');
}


/** kit's names from before typed arrays were native (mujs patch 1000): the
 * engine's own classes now, kept for code that imported them. */
export const KitArrayBuffer = ArrayBuffer;
export type KitArrayBuffer = ArrayBuffer;
export const KitUint8Array = Uint8Array;
export type KitUint8Array = Uint8Array;

/** A byte string (each character 0–255) as a new ArrayBuffer. */
export function bufferFromByteString(bytes: string): ArrayBuffer {
  if (!isByteString(bytes))
    throw new TypeError('bufferFromByteString: the string holds a character above 255');
  return bytesFromByteString(bytes).buffer;
}

/** A byte string as a new Uint8Array (the engine's native when it has one:
 * render/binary.c; split and charCodeAt cost ~1 s a megabyte in mujs). */
export function bytesFromByteString(bytes: string): Uint8Array {
  if (typeof (globalThis as any).__kit_bytes_from_string === 'function') {
    const r = (globalThis as any).__kit_bytes_from_string(bytes);
    if (r)
      return r;
  }
  return new Uint8Array(byteStringToArray(bytes));
}

/** The bytes of a BufferSource (an ArrayBuffer, a typed array, a DataView) as a byte string, or null. */
export function bufferSourceBytes(x: unknown): string | null {
  if (x instanceof ArrayBuffer)
    return arrayToByteString(new Uint8Array(x));
  if (ArrayBuffer.isView(x))
    return arrayToByteString(new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  return null;
}

/** The bytes of an ArrayBuffer or a view as a byte string (kit extension). */
export function byteStringFromBuffer(x: ArrayBuffer | ArrayBufferView): string {
  const b = bufferSourceBytes(x);
  if (b === null)
    throw new TypeError('byteStringFromBuffer: not an ArrayBuffer or ArrayBufferView');
  return b;
}
