// Blob and File over byte strings (see bytes.ts). Parts may be strings (UTF-8
// encoded), Blobs, ArrayBuffers or views. stream() is not available
// (no ReadableStream in mujs): text(), arrayBuffer() and bytes() are.
import { hide } from './util';
import { utf8Encode, utf8Decode, bufferSourceBytes, bufferFromByteString, bytesFromByteString } from './bytes';

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** A Blob's type: lower-cased, or '' when it holds anything but printable ASCII. */
export function blobType(t: unknown): string {
  if (t === undefined)
    return '';
  const s = String(t);
  return NOT_PRINTABLE_ASCII.test(s) ? '' : s.toLowerCase();
}

function partBytes(p: unknown, endingsNative: boolean): string {
  if (p instanceof Blob)
    return p._b;
  const b = bufferSourceBytes(p);
  if (b !== null)
    return b;
  let s = String(p);
  if (endingsNative)
    s = s.replace(/\r\n|\r/g, '\n');
  return utf8Encode(s);
}

export interface BlobPropertyBag { type?: string; endings?: 'transparent' | 'native' }

export class Blob {
  declare _b: string;   // the bytes
  declare _t: string;   // the type

  constructor(parts?: unknown, options?: BlobPropertyBag) {
    const out: string[] = [];
    if (parts !== undefined && parts !== null) {
      if (typeof parts !== 'object' && typeof parts !== 'function')
        throw new TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence.");
      const list: unknown[] = Array.isArray(parts) ? parts : Array.from(parts as Iterable<unknown>);
      const native = !!options && options.endings === 'native';
      for (let i = 0; i < list.length; i++) out.push(partBytes(list[i], native));
    }
    if (options && options.endings !== undefined && options.endings !== 'transparent' && options.endings !== 'native')
      throw new TypeError("Failed to construct 'Blob': The provided value '" + options.endings + "' is not a valid enum value of type EndingType.");
    hide(this, '_b', out.join(''));
    hide(this, '_t', blobType(options && options.type));
  }
  get size(): number { return this._b.length; }
  get type(): string { return this._t; }
  slice(start?: number, end?: number, contentType?: string): Blob {
    const len = this._b.length;
    const rel = function (i: unknown, d: number) {
      if (i === undefined)
        return d;
      let n = Math.floor(+(i as number)) || 0;
      if (n < 0)
        n = Math.max(len + n, 0);
      return Math.min(n, len);
    };
    const s = rel(start, 0), e = rel(end, len);
    return blobFromBytes(this._b.slice(s, e > s ? e : s), blobType(contentType));
  }
  text(): Promise<string> {
    try { return Promise.resolve(utf8Decode(this._b, true)); } catch (e) { return Promise.reject(e); }
  }
  arrayBuffer(): Promise<ArrayBuffer> { return Promise.resolve(bufferFromByteString(this._b)); }
  bytes(): Promise<Uint8Array> { return Promise.resolve(bytesFromByteString(this._b)); }
  stream(): never { throw new TypeError('Blob.stream() is not available in kit (mujs has no ReadableStream): use text(), arrayBuffer() or bytes()'); }
}

/** A Blob over a byte string (no copy). */
export function blobFromBytes(bytes: string, type: string): Blob {
  const b = Object.create(Blob.prototype);
  hide(b, '_b', bytes);
  hide(b, '_t', type);
  return b;
}

export interface FilePropertyBag extends BlobPropertyBag { lastModified?: number }

export class File extends Blob {
  declare _n: string;
  declare _m: number;
  constructor(parts: unknown, name: string, options?: FilePropertyBag) {
    if (arguments.length < 2)
      throw new TypeError("Failed to construct 'File': 2 arguments required, but only " + arguments.length + ' present.');
    super(parts, options);
    hide(this, '_n', String(name));
    hide(this, '_m', options && options.lastModified !== undefined ? Math.floor(+options.lastModified) || 0 : Date.now());
  }
  get name(): string { return this._n; }
  get lastModified(): number { return this._m; }
  get webkitRelativePath(): string { return ''; }
}

/** A File over a byte string (no copy). */
export function fileFromBytes(bytes: string, name: string, type: string, lastModified?: number): File {
  const f = Object.create(File.prototype);
  hide(f, '_b', bytes);
  hide(f, '_t', type);
  hide(f, '_n', name);
  hide(f, '_m', lastModified === undefined ? Date.now() : lastModified);
  return f;
}
