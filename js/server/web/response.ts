// Response (fetch spec §5.5): status 200–599 (RangeError otherwise), a
// statusText that is a valid reason phrase, no body with 101/103/204/205/304,
// Response.json(), Response.redirect() (301/302/303/307/308, absolute URL,
// immutable headers) and Response.error().
import { hide } from './util';
import { Headers, HeadersInit, freezeHeaders, addTrusted } from './headers';
import { URL } from './url';
import { extractBody, initBody, defineBodyAccessors, cloneBody, BodyOwner, NO_BODY, TEXT, KitBodyStream } from './body';
import { Blob } from './blob';
import { FormData } from './form-data';
import { BodyInit } from './request';

export interface ResponseInit {
  status?: number;
  statusText?: string;
  headers?: HeadersInit;
}

const NOT_REASON_PHRASE = /[^\t\x20-\x7e\x80-\xff]/;
const NULL_BODY_STATUS = [101, 103, 204, 205, 304];
const REDIRECT_STATUS = [301, 302, 303, 307, 308];

// WebIDL `unsigned short`: ToNumber, truncate, modulo 2^16.
function toUnsignedShort(v: unknown): number {
  const n = +(v as number);
  if (!isFinite(n))
    return 0;
  const t = (n < 0 ? Math.ceil(n) : Math.floor(n)) % 65536;
  return t < 0 ? t + 65536 : t;
}

export interface Response extends BodyOwner {
  text(): Promise<string>;
  json(): Promise<any>;
  arrayBuffer(): Promise<ArrayBuffer>;
  bytes(): Promise<Uint8Array>;
  blob(): Promise<Blob>;
  formData(): Promise<FormData>;
  readonly body: KitBodyStream | null;
  readonly bodyUsed: boolean;
}

export class Response {
  declare _st: number;
  declare _stt: string;
  declare _ty: string;
  declare _url: string;

  constructor(body?: BodyInit, init?: ResponseInit) {
    const opt: ResponseInit = init === undefined || init === null ? NO_INIT : init;
    const status = statusOf(opt);
    const statusText = statusTextOf(opt);
    const headers = new Headers(opt.headers);
    const e = extractBody(body);
    if (e.kind !== NO_BODY) {
      if (NULL_BODY_STATUS.indexOf(status) >= 0)
        throw new TypeError('Response constructor: Invalid response status code ' + status);
      // (the types extractBody gives are valid header values)
      if (e.type !== null && (opt.headers === undefined || !headers.has('content-type')))
        addTrusted(headers, 'content-type', e.type);
    }
    setup(this, status, statusText, headers, 'default');
    initBody(this, e);
  }

  get type(): string { return this._ty; }
  get url(): string { return this._url; }
  get redirected(): boolean { return false; }
  get status(): number { return this._st; }
  get ok(): boolean { return this._st >= 200 && this._st <= 299; }
  get statusText(): string { return this._stt; }
  get headers(): Headers { return this._h; }

  clone(): Response {
    const r: Response = Object.create(Response.prototype);
    cloneBody(this, r);
    const h = new Headers(this._h);
    if (this._h._g === 'immutable')
      freezeHeaders(h);
    setup(r, this._st, this._stt, h, this._ty);
    return r;
  }

  static json(data: unknown, init?: ResponseInit): Response {
    // a pair whole, a lone surrogate escaped (mujs patch 0502): the text is
    // a USVString already
    const text = JSON.stringify(data);
    if (typeof text !== 'string')
      throw new TypeError('Value is not JSON serializable');
    // what new Response(text, {status, statusText, headers}) makes, without
    // a second copy of the headers or the text's checks
    const opt: ResponseInit = init === undefined || init === null ? NO_INIT : init;
    const status = statusOf(opt);
    const statusText = statusTextOf(opt);
    const headers = new Headers(opt.headers);
    if (opt.headers === undefined || !headers.has('content-type'))
      addTrusted(headers, 'content-type', 'application/json');
    if (NULL_BODY_STATUS.indexOf(status) >= 0)
      throw new TypeError('Response constructor: Invalid response status code ' + status);
    const r: Response = Object.create(Response.prototype);
    setup(r, status, statusText, headers, 'default');
    initBody(r, { kind: TEXT, value: text, type: null });
    return r;
  }

  static redirect(url: string | { toString(): string }, status?: number): Response {
    let href: string;
    try {
      href = new URL(String(url)).href;
    } catch (e) {
      throw new TypeError('Failed to parse URL from ' + String(url));
    }
    const s = status === undefined ? 302 : toUnsignedShort(status);
    if (REDIRECT_STATUS.indexOf(s) < 0)
      throw new RangeError('Invalid status code ' + s);
    const r: Response = Object.create(Response.prototype);
    const h = new Headers();
    h.append('location', href);
    setup(r, s, '', freezeHeaders(h), 'default');
    initBody(r, { kind: NO_BODY, value: '', type: null });
    return r;
  }

  static error(): Response {
    const r: Response = Object.create(Response.prototype);
    setup(r, 0, '', freezeHeaders(new Headers()), 'error');
    initBody(r, { kind: NO_BODY, value: '', type: null });
    return r;
  }
}

const NO_INIT: ResponseInit = Object.freeze({});

function statusOf(opt: ResponseInit): number {
  const status = opt.status === undefined ? 200 : toUnsignedShort(opt.status);
  if (status < 200 || status > 599)
    throw new RangeError("Failed to construct 'Response': The status provided (" + status + ') is outside the range [200, 599].');
  return status;
}

function statusTextOf(opt: ResponseInit): string {
  if (opt.statusText === undefined)
    return '';
  const statusText = String(opt.statusText);
  if (NOT_REASON_PHRASE.test(statusText))
    throw new TypeError('Invalid statusText');
  return statusText;
}

function setup(r: Response, status: number, statusText: string, headers: Headers, type: string) {
  hide(r, '_st', status);
  hide(r, '_stt', statusText);
  hide(r, '_h', headers);
  hide(r, '_ty', type);
  hide(r, '_url', '');
}

defineBodyAccessors(Response.prototype);
