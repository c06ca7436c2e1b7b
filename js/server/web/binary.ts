// The Web built-ins around binary data, over kit's native typed arrays
// (mujs/patches/1000-typed-arrays.patch) and the engine's natives
// (render/binary.c): TextEncoder, TextDecoder, atob, btoa, structuredClone,
// DOMException, crypto (getRandomValues, randomUUID, subtle.digest) and
// performance (now, timeOrigin). binary-install.ts makes them globals; an
// app's server bundle gets them only when its sources name one
// (build/webuse.c). Node 20 is the reference for every behaviour here.

declare function __kit_utf8_encode(s: string): Uint8Array;
declare function __kit_utf8_encode_into(s: string, dest: Uint8Array): [number, number];
declare function __kit_utf8_decode(bytes: ArrayBuffer | ArrayBufferView, fatal: boolean): string;
declare function __kit_random_fill<T>(view: T): T;
declare function __kit_now(): number;
declare function __kit_time_origin(): number;
declare function __kit_digest(name: string, bytes: ArrayBuffer | ArrayBufferView): Uint8Array;
declare function __kit_atob(s: string): string | undefined;
declare function __kit_btoa(s: string): string | undefined;
declare function __kit_idmap_new(): object;
declare function __kit_idmap_get(map: object, o: unknown): number;
declare function __kit_idmap_set(map: object, o: object, n: number): void;
declare function __kit_idmap_free(map: object): void;

const CODES: { [name: string]: number } = {
  IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
  NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
  SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
  TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
  QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
};

/** DOMException as Node has it: an Error with a name and a legacy code. */
export class DOMException extends Error {
  constructor(message?: string, name?: string) {
    super(message === undefined ? '' : String(message));
    Object.defineProperty(this, 'name', { value: name === undefined ? 'Error' : String(name), writable: true, configurable: true, enumerable: false });
  }
  get code(): number { return CODES[this.name] || 0; }
}
Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });

function isBufferSource(x: unknown): x is ArrayBuffer | ArrayBufferView {
  return x instanceof ArrayBuffer || ArrayBuffer.isView(x);
}

function bytesOf(x: ArrayBuffer | ArrayBufferView): Uint8Array {
  return x instanceof ArrayBuffer ? new Uint8Array(x) : new Uint8Array(x.buffer, x.byteOffset, x.byteLength);
}

// ---------------------------------------------------------------- TextEncoder

export class TextEncoder {
  get encoding(): string { return 'utf-8'; }
  encode(input?: string): Uint8Array {
    return __kit_utf8_encode(input === undefined ? '' : String(input));
  }
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number } {
    if (!(destination instanceof Uint8Array))
      throw new TypeError('The "dest" argument must be an instance of Uint8Array.');
    const r = __kit_utf8_encode_into(String(source), destination);
    return { read: r[0], written: r[1] };
  }
}
Object.defineProperty(TextEncoder.prototype, Symbol.toStringTag, { value: 'TextEncoder', configurable: true });

// ---------------------------------------------------------------- TextDecoder

const LABELS: { [label: string]: string } = {};
function labels(encoding: string, names: string): void {
  const list = names.split(' ');
  for (let i = 0; i < list.length; i++) LABELS[list[i]] = encoding;
}
labels('utf-8', 'unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8');
labels('utf-16le', 'csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le');
labels('utf-16be', 'unicodefffe utf-16be');
labels('windows-1252', 'ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 ' +
  'iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252');

const ASCII_SPACE = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

function concatBytes(a: Uint8Array | null, b: Uint8Array): Uint8Array {
  if (!a || a.length === 0)
    return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

// how many bytes at the end of b start a UTF-8 sequence that is not complete yet (and valid so far)
function utf8Tail(b: Uint8Array): number {
  const n = b.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const c = b[n - back];
    if (c < 0x80)
      return 0;
    if (c < 0xc0)
      continue;
    const need = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (need <= back)
      return 0;
    if (back >= 2) {
      const c1 = b[n - back + 1];
      const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80, hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
      if (c1 < lo || c1 > hi)
        return 0;
    }
    return back;
  }
  return 0;
}

// code units to a string, in chunks (apply's argument count)
function fromUnits(units: ArrayLike<number>, start: number, end: number): string {
  const parts: string[] = [];
  for (let i = start; i < end; i += 8192)
    parts.push(String.fromCharCode.apply(null, Array.prototype.slice.call(units, i, Math.min(i + 8192, end))));
  return parts.join('');
}

export class TextDecoder {
  declare _enc: string;
  declare _fatal: boolean;
  declare _ignoreBOM: boolean;
  declare _pending: Uint8Array | null;
  declare _started: boolean;
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) {
    const name = label === undefined ? 'utf-8' : String(label).replace(ASCII_SPACE, '').toLowerCase();
    const enc = Object.prototype.hasOwnProperty.call(LABELS, name) ? LABELS[name] : undefined;
    if (!enc) {
      const e: any = new RangeError('The "' + String(label) + '" encoding is not supported');
      e.code = 'ERR_ENCODING_NOT_SUPPORTED';
      throw e;
    }
    const o: any = options === undefined || options === null ? {} : options;
    hideAll(this, { _enc: enc, _fatal: !!o.fatal, _ignoreBOM: !!o.ignoreBOM, _pending: null, _started: false });
  }
  get encoding(): string { return this._enc; }
  get fatal(): boolean { return this._fatal; }
  get ignoreBOM(): boolean { return this._ignoreBOM; }
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string {
    let bytes: Uint8Array;
    if (input === undefined || input === null)
      bytes = new Uint8Array(0);
    else if (isBufferSource(input))
      bytes = bytesOf(input);
    else
      throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView.');
    const stream = !!(options && options.stream);
    bytes = concatBytes(this._pending, bytes);
    this._pending = null;
    let out: string;
    if (this._enc === 'utf-8') {
      const keep = stream ? utf8Tail(bytes) : 0;
      if (keep) {
        this._pending = bytes.slice(bytes.length - keep);
        bytes = bytes.subarray(0, bytes.length - keep);
      }
      out = __kit_utf8_decode(bytes, this._fatal);
    } else if (this._enc === 'utf-16le' || this._enc === 'utf-16be') {
      out = this._utf16(bytes, stream, this._enc === 'utf-16be' ? 1 : 0);
    } else {
      out = fromUnits(bytes, 0, bytes.length);
    }
    if (!this._started && out.length > 0) {
      this._started = true;
      if (!this._ignoreBOM && this._enc !== 'windows-1252' && out.charCodeAt(0) === 0xfeff)
        out = out.slice(1);
    }
    if (!stream)
      this._started = false;
    return out;
  }
  _utf16(bytes: Uint8Array, stream: boolean, be: number): string {
    // be: 1 for big-endian, the byte of each pair that is the low one
    const lo = be, hi = 1 - be;
    let n = bytes.length >> 1;
    if (stream && n > 0) {
      const last = bytes[2 * n - 2 + lo] | (bytes[2 * n - 2 + hi] << 8);
      if (last >= 0xd800 && last <= 0xdbff)
        n--;
    }
    const rest = bytes.length - 2 * n;
    if (stream && rest > 0)
      this._pending = bytes.slice(2 * n);
    const units = new Array(n);
    for (let i = 0; i < n; i++) units[i] = bytes[2 * i + lo] | (bytes[2 * i + hi] << 8);
    for (let i = 0; i < n; i++) {
      const u = units[i];
      if (u < 0xd800 || u > 0xdfff)
        continue;
      if (u <= 0xdbff && i + 1 < n && units[i + 1] >= 0xdc00 && units[i + 1] <= 0xdfff) {
        i++;
        continue;
      }
      if (this._fatal)
        throw new TypeError('The encoded data was not valid for encoding ' + this._enc);
      units[i] = 0xfffd;
    }
    let s = fromUnits(units, 0, n);
    if (!stream && rest > 0) {
      if (this._fatal)
        throw new TypeError('The encoded data was not valid for encoding ' + this._enc);
      s += '\ufffd';
    }
    return s;
  }
}
Object.defineProperty(TextDecoder.prototype, Symbol.toStringTag, { value: 'TextDecoder', configurable: true });

function hideAll(o: object, fields: { [k: string]: unknown }): void {
  for (const k in fields)
    Object.defineProperty(o, k, { value: fields[k], writable: true, configurable: true, enumerable: false });
}

// ---------------------------------------------------------------- base64

export function btoa(data: string): string {
  if (arguments.length === 0)
    throw new TypeError('The "data" argument must be specified');
  const r = __kit_btoa(String(data));
  if (r === undefined)
    throw new DOMException('Invalid character', 'InvalidCharacterError');
  return r;
}

export function atob(data: string): string {
  if (arguments.length === 0)
    throw new TypeError('The "data" argument must be specified');
  const r = __kit_atob(String(data));
  if (r === undefined)
    throw new DOMException('The string to be decoded is not correctly encoded.', 'InvalidCharacterError');
  return r;
}

// ---------------------------------------------------------------- structuredClone

const ERRORS: { [name: string]: any } = {
  Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError,
};

function cloneError(what: unknown): DOMException {
  let s: string;
  try { s = typeof what === 'function' ? String(what) : typeof what === 'symbol' ? what.toString() : '#<' + tagOf(what) + '>'; } catch (e) { s = 'value'; }
  return new DOMException(s + ' could not be cloned.', 'DataCloneError');
}

function tagOf(v: unknown): string {
  const t = Object.prototype.toString.call(v).slice(8, -1);
  return t === 'Object' && v && (v as any).constructor && (v as any).constructor.name ? (v as any).constructor.name : t;
}

// The originals already copied and their copies. The engine's identity map
// (render/binary.c) costs a native call where core-js's Map costs ~15 us a
// set in mujs; Map where the natives are absent.
class Seen {
  declare _m: object | null;
  declare _map: Map<any, number> | null;
  declare _copies: any[];
  constructor() {
    const native = typeof __kit_idmap_new === 'function';
    this._m = native ? __kit_idmap_new() : null;
    this._map = native ? null : new Map();
    this._copies = [];
  }
  /** the index of v's copy, or -1 */
  find(v: object): number {
    if (this._m)
      return __kit_idmap_get(this._m, v);
    const i = this._map!.get(v);
    return i === undefined ? -1 : i;
  }
  copy(i: number): any { return this._copies[i]; }
  set(v: object, copy: any): void {
    if (this._m)
      __kit_idmap_set(this._m, v, this._copies.length);
    else
      this._map!.set(v, this._copies.length);
    this._copies.push(copy);
  }
  free(): void { if (this._m) __kit_idmap_free(this._m); }
}

// (captured once: every global name costs a scope walk in mujs)
const ObjectProto = Object.prototype;
const getProto = Object.getPrototypeOf, ownKeys = Object.keys, isArray = Array.isArray;
const toTag = Object.prototype.toString, hasOwn = Object.prototype.hasOwnProperty;
const NOT_SEEN = -1;

function clone(v: any, seen: Seen): any {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'symbol' || typeof v === 'function')
      throw cloneError(v);
    return v;
  }
  const at = seen.find(v);
  if (at !== NOT_SEEN)
    return seen.copy(at);
  // plain objects and arrays first: most of what is cloned
  const proto = getProto(v);
  let out: any;
  if (proto === ObjectProto || proto === null) {
    out = {};
  } else if (isArray(v)) {
    out = new Array(v.length);
  } else {
    out = cloneSpecial(v, proto, seen);
    if (out !== NOT_PLAIN)
      return out;
    out = {};
  }
  seen.set(v, out);
  const keys = ownKeys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i], x = v[k];
    out[k] = x === null || typeof x !== 'object' && typeof x !== 'symbol' && typeof x !== 'function' ? x : clone(x, seen);
  }
  return out;
}

const NOT_PLAIN = {};

// everything but plain objects and arrays: their copy (recorded in seen), or
// NOT_PLAIN for an instance of another class (copied as a plain object)
function cloneSpecial(v: any, proto: any, seen: Seen): any {
  let out: any;
  if (v instanceof ArrayBuffer) {
    out = v.slice(0);
    seen.set(v, out);
    return out;
  }
  if (ArrayBuffer.isView(v)) {
    // the built-in class of its kind, not a subclass (a Buffer clones to a Uint8Array)
    const buf = clone(v.buffer, seen);
    const C: any = v instanceof DataView ? DataView : (globalThis as any)[(v as any)[Symbol.toStringTag]];
    out = v instanceof DataView ? new DataView(buf, v.byteOffset, v.byteLength) : new C(buf, v.byteOffset, (v as any).length);
    seen.set(v, out);
    return out;
  }
  const tag = toTag.call(v).slice(8, -1);
  if (tag === 'Date') {
    out = new Date(v.getTime());
  } else if (tag === 'RegExp') {
    out = new RegExp(v.source, v.flags);
  } else if (tag === 'Boolean' || tag === 'Number' || tag === 'String') {
    out = Object(v.valueOf());
  } else if (tag === 'Error' || v instanceof Error) {
    const name = String(v.name);
    const C = hasOwn.call(ERRORS, name) ? ERRORS[name] : Error;
    out = Object.create(C.prototype);
    seen.set(v, out);
    if (hasOwn.call(v, 'message'))
      Object.defineProperty(out, 'message', { value: String(v.message), writable: true, configurable: true, enumerable: false });
    if (typeof v.stack === 'string')
      Object.defineProperty(out, 'stack', { value: v.stack, writable: true, configurable: true, enumerable: false });
    if (hasOwn.call(v, 'cause'))
      Object.defineProperty(out, 'cause', { value: clone(v.cause, seen), writable: true, configurable: true, enumerable: false });
    return out;
  } else if (v instanceof Map) {
    out = new Map();
    seen.set(v, out);
    v.forEach(function (value: any, key: any) { out.set(clone(key, seen), clone(value, seen)); });
    return out;
  } else if (v instanceof Set) {
    out = new Set();
    seen.set(v, out);
    v.forEach(function (value: any) { out.add(clone(value, seen)); });
    return out;
  } else if (typeof Promise === 'function' && v instanceof Promise) {
    throw cloneError(v);
  } else if (tag !== 'Object' && tag !== 'Arguments') {
    throw cloneError(v);
  } else {
    return NOT_PLAIN;
  }
  seen.set(v, out);
  return out;
}

export function structuredClone(value: unknown, options?: { transfer?: unknown[] }): any {
  if (arguments.length === 0)
    throw new TypeError('The "value" argument must be specified');
  if (options !== undefined && options !== null && typeof options !== 'object')
    throw new TypeError('The "options" argument must be of type object.');
  const seen = new Seen();
  try {
    return clone(value, seen);
  } finally {
    seen.free();
  }
}

// ---------------------------------------------------------------- crypto

const DIGESTS: { [name: string]: string } = { 'sha-1': 'SHA-1', 'sha-256': 'SHA-256', 'sha-384': 'SHA-384', 'sha-512': 'SHA-512' };

function digest(algorithm: string | { name: string }, data: ArrayBuffer | ArrayBufferView): Promise<ArrayBuffer> {
  return new Promise(function (resolve, reject) {
    const name = typeof algorithm === 'object' && algorithm !== null ? algorithm.name : algorithm;
    const alg = DIGESTS[String(name).toLowerCase()];
    if (!alg)
      return reject(new DOMException('Unrecognized algorithm name', 'NotSupportedError'));
    if (!isBufferSource(data))
      return reject(new TypeError('Failed to execute \'digest\' on \'SubtleCrypto\': 2nd argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.'));
    resolve(__kit_digest(alg, data).buffer);
  });
}

function getRandomValues<T extends ArrayBufferView | null>(array: T): T {
  const ok = array instanceof Int8Array || array instanceof Uint8Array || array instanceof Uint8ClampedArray ||
    array instanceof Int16Array || array instanceof Uint16Array || array instanceof Int32Array || array instanceof Uint32Array;
  if (!ok)
    throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
  if ((array as any).byteLength > 65536)
    throw new DOMException('The ArrayBufferView\'s byte length (' + (array as any).byteLength + ') exceeds the number of bytes of entropy available via this API (65536)', 'QuotaExceededError');
  return __kit_random_fill(array);
}

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push((i < 16 ? '0' : '') + i.toString(16));

function randomUUID(): string {
  const b = __kit_random_fill(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  let s = '';
  for (let i = 0; i < 16; i++) s += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[b[i]];
  return s;
}

export const crypto = { getRandomValues, randomUUID, subtle: { digest } };

// ---------------------------------------------------------------- performance

export const performance = {
  now: function now(): number { return __kit_now(); },
  get timeOrigin(): number { return __kit_time_origin(); },
  toJSON: function toJSON(): { timeOrigin: number } { return { timeOrigin: __kit_time_origin() }; },
};
