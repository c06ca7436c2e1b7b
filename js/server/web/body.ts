// The Body mixin of Request and Response (fetch spec §5.3), over strings.
//
// A body is kept as it was given: text (a JS string, UTF-8 on the wire) or
// bytes (a byte string, see bytes.ts); it is converted only when read the
// other way. A string, URLSearchParams or FormData body sets Content-Type
// like the platform; Blob bodies bring their type. Reading a body twice
// rejects with TypeError; an absent body reads as empty and never becomes used.
import { hide, isToken, trimChars } from './util';
import { Headers } from './headers';
import { Blob, blobFromBytes } from './blob';
import { FormData, serializeMultipart, parseMultipart, formDataFromUrlencoded, headerParams } from './form-data';
import { URLSearchParams } from './url';
import {
  toUSVString, utf8Encode, utf8Decode, bufferSourceBytes, bufferFromByteString,
  bytesFromByteString,
} from './bytes';

export const NO_BODY = 0, TEXT = 1, BYTES = 2;

export interface Extracted { kind: number; value: string; type: string | null }

/** fetch's "extract a body": what a BodyInit becomes. */
export function extractBody(init: unknown): Extracted {
  if (init === null || init === undefined)
    return { kind: NO_BODY, value: '', type: null };
  if (typeof init === 'string')
    return { kind: TEXT, value: toUSVString(init), type: 'text/plain;charset=UTF-8' };
  if (init instanceof URLSearchParams)
    return { kind: TEXT, value: String(init), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (init instanceof FormData) {
    const m = serializeMultipart(init);
    return { kind: BYTES, value: m.bytes, type: m.type };
  }
  if (init instanceof Blob)
    return { kind: BYTES, value: init._b, type: init.type || null };
  const b = bufferSourceBytes(init);
  if (b !== null)
    return { kind: BYTES, value: b, type: null };
  if (init instanceof KitBodyStream) {
    const o = init._o;
    if (o._u || init._locked)
      throw new TypeError('Response body object should not be disturbed or locked');
    const e = { kind: o._k, value: o._v, type: null };
    markUsed(o);
    return e;
  }
  return { kind: TEXT, value: toUSVString(String(init)), type: 'text/plain;charset=UTF-8' };
}

/** What Request and Response hold. */
export interface BodyOwner {
  _k: number;          // NO_BODY, TEXT or BYTES
  _v: string;          // the text or the bytes
  _u: boolean;         // used (read, or handed to another body)
  _r: KitBodyStream | null;
  _h: Headers;
}

export function initBody(o: BodyOwner, e: Extracted): void {
  hide(o, '_k', e.kind);
  hide(o, '_v', e.value);
  hide(o, '_u', false);
  hide(o, '_r', null);
}

function markUsed(o: BodyOwner) {
  o._u = true;
  o._v = '';
}

function bytesOf(kind: number, value: string): string {
  return kind === TEXT ? utf8Encode(value) : value;
}

function textOf(kind: number, value: string): string {
  if (kind === TEXT)
    return value.charAt(0) === '\ufeff' ? value.slice(1) : value;
  return utf8Decode(value, true);
}

/** Takes the body out of o: {kind, value}, or rejects when it was used. */
function consume(o: BodyOwner, then: (kind: number, value: string) => unknown): Promise<any> {
  if (o._u)
    return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
  if (o._r && o._r._locked)
    return Promise.reject(new TypeError('Body is unusable: Body is locked'));
  const kind = o._k, value = o._v;
  if (kind !== NO_BODY)
    markUsed(o);
  return new Promise(function (resolve) { resolve(then(kind, value)); });
}

/** The parsed Content-Type: essence (lower-cased type/subtype) and parameters, or null. */
export function parseMime(ct: string | null): { essence: string; params: Record<string, string> } | null {
  if (ct === null)
    return null;
  const semi = ct.indexOf(';');
  const essence = trimChars(semi < 0 ? ct : ct.slice(0, semi), '\t\n\r ').toLowerCase();
  const slash = essence.indexOf('/');
  if (slash < 0 || !isToken(essence.slice(0, slash)) || !isToken(essence.slice(slash + 1)))
    return null;
  return { essence, params: semi < 0 ? {} : headerParams(ct.slice(semi), true) };
}

function blobTypeOf(h: Headers): string {
  const m = parseMime(h.get('content-type'));
  if (!m)
    return '';
  const out = [m.essence], keys = Object.keys(m.params);
  for (let i = 0; i < keys.length; i++) {
    const v = m.params[keys[i]];
    out.push(keys[i] + '=' + (isToken(v) ? v : '"' + v.replace(/(["\\])/g, '\\$1') + '"'));
  }
  return out.join(';').toLowerCase();
}

/** The methods and accessors Request and Response share. */
export const BodyMixin = {
  text(this: BodyOwner): Promise<string> {
    return consume(this, textOf);
  },
  json(this: BodyOwner): Promise<any> {
    return consume(this, function (k, v) { return JSON.parse(textOf(k, v)); });
  },
  arrayBuffer(this: BodyOwner): Promise<ArrayBuffer> {
    return consume(this, function (k, v) { return bufferFromByteString(bytesOf(k, v)); });
  },
  bytes(this: BodyOwner): Promise<Uint8Array> {
    return consume(this, function (k, v) { return bytesFromByteString(bytesOf(k, v)); });
  },
  blob(this: BodyOwner): Promise<Blob> {
    const type = blobTypeOf(this._h);
    return consume(this, function (k, v) { return blobFromBytes(bytesOf(k, v), type); });
  },
  formData(this: BodyOwner): Promise<FormData> {
    const m = parseMime(this._h.get('content-type'));
    return consume(this, function (k, v) {
      if (m && m.essence === 'multipart/form-data') {
        const boundary = m.params.boundary;
        if (boundary === undefined)
          throw new TypeError('Failed to parse body as FormData: the Content-Type has no boundary parameter.');
        return parseMultipart(bytesOf(k, v), boundary);
      }
      if (m && m.essence === 'application/x-www-form-urlencoded')
        return formDataFromUrlencoded(bytesOf(k, v));
      throw new TypeError('Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".');
    });
  },
};

/** Accessors: body and bodyUsed. */
export function defineBodyAccessors(proto: object): void {
  const methods = BodyMixin as Record<string, unknown>;
  const names = Object.keys(methods);
  for (let i = 0; i < names.length; i++)
    Object.defineProperty(proto, names[i], { value: methods[names[i]], writable: true, configurable: true, enumerable: false });
  Object.defineProperty(proto, 'bodyUsed', {
    get: function (this: BodyOwner) { return this._u; }, configurable: true, enumerable: false,
  });
  Object.defineProperty(proto, 'body', {
    get: function (this: BodyOwner) {
      if (this._k === NO_BODY)
        return null;
      if (!this._r)
        this._r = new KitBodyStream(this);
      return this._r;
    },
    configurable: true, enumerable: false,
  });
}

/** Copies a body for clone(): same kind and value, unused. */
export function cloneBody(from: BodyOwner, to: BodyOwner): void {
  if (from._u || (from._r && from._r._locked))
    throw new TypeError('clone: Body has already been consumed.');
  initBody(to, { kind: from._k, value: from._v, type: null });
}

/** The body without reading it (kit extension for the host): kind 'none',
 * 'text' (a JS string, to be sent as UTF-8) or 'bytes' (a byte string). */
export function peekBody(o: BodyOwner): { kind: 'none' | 'text' | 'bytes'; value: string; used: boolean } {
  return { kind: o._k === TEXT ? 'text' : o._k === BYTES ? 'bytes' : 'none', value: o._v, used: o._u };
}

/** The body as a byte string, consuming it like arrayBuffer() (kit extension). */
export function readBodyBytes(o: BodyOwner): Promise<string> {
  return consume(o, bytesOf);
}

/** ReadableStream stand-in for `body`: getReader().read() yields the whole
 * body as one Uint8Array chunk, then done; it is async-iterable; it can be
 * given to new Response()/new Request() as a body. */
export class KitBodyStream {
  declare _o: BodyOwner;
  declare _locked: boolean;
  constructor(owner: BodyOwner) {
    hide(this, '_o', owner);
    hide(this, '_locked', false);
  }
  get locked(): boolean { return this._locked; }
  getReader(): KitBodyReader {
    if (this._locked)
      throw new TypeError('ReadableStream is locked');
    this._locked = true;
    return new KitBodyReader(this);
  }
  cancel(): Promise<void> {
    if (this._locked)
      return Promise.reject(new TypeError('ReadableStream is locked'));
    markUsed(this._o);
    return Promise.resolve();
  }
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    const reader = this.getReader();
    return {
      next: function () { return reader.read() as Promise<IteratorResult<Uint8Array>>; },
      return: function () { reader.releaseLock(); return Promise.resolve({ value: undefined, done: true } as IteratorResult<Uint8Array>); },
    };
  }
}

export class KitBodyReader {
  declare _s: KitBodyStream | null;
  declare _done: boolean;
  constructor(stream: KitBodyStream) {
    hide(this, '_s', stream);
    hide(this, '_done', false);
  }
  read(): Promise<{ value: Uint8Array | undefined; done: boolean }> {
    const s = this._s;
    if (!s)
      return Promise.reject(new TypeError('the reader was released'));
    const o = s._o;
    if (this._done || o._u) {
      this._done = true;
      return Promise.resolve({ value: undefined, done: true });
    }
    const bytes = bytesOf(o._k, o._v);
    markUsed(o);
    this._done = true;
    return Promise.resolve({ value: bytesFromByteString(bytes), done: false });
  }
  releaseLock(): void {
    if (this._s)
      this._s._locked = false;
    this._s = null;
  }
  cancel(): Promise<void> {
    if (this._s)
      markUsed(this._s._o);
    this._done = true;
    return Promise.resolve();
  }
  get closed(): Promise<void> { return Promise.resolve(); }
}

