// Headers (fetch spec §5.2): names are case-insensitive and stored lower-case;
// append joins values of one name with ", " except Set-Cookie, whose values stay
// separate (getSetCookie()); iteration is "sort and combine": names sorted,
// one entry per name, one per Set-Cookie value. Names must be tokens and
// values byte strings without NUL, CR or LF (leading and trailing HTTP
// whitespace is stripped), else TypeError. Nothing depends on mujs's key order.
import { hide, makeIterator, isToken, trimChars } from './util';

export type HeadersInit = Headers | Array<[string, string]> | Record<string, string> | Iterable<Iterable<string>>;

const BAD_VALUE = /[\x00\r\n]/;
const NOT_BYTE = /[^\x00-\xff]/;

export function checkName(name: unknown, where: string): string {
  const s = String(name);
  if (!isToken(s))
    throw new TypeError('Headers.' + where + ': "' + s + '" is an invalid header name.');
  return s.toLowerCase();
}

export function normalizeValue(value: unknown, where: string): string {
  const s = trimChars(String(value), '\t\n\r ');
  if (NOT_BYTE.test(s))
    throw new TypeError('Headers.' + where + ': cannot convert "' + s + '" to a ByteString: it holds a character above 255.');
  if (BAD_VALUE.test(s))
    throw new TypeError('Headers.' + where + ': "' + s + '" is an invalid header value.');
  return s;
}

type Guard = 'none' | 'immutable';

export class Headers {
  declare _l: Array<[string, string]>;        // header list, insertion order
  declare _s: Array<[string, string]> | null; // sorted and combined, cached
  declare _g: Guard;

  constructor(init?: HeadersInit) {
    hide(this, '_l', []);
    hide(this, '_s', null);
    hide(this, '_g', 'none');
    if (init === undefined || init === null)
      return;
    if (typeof init !== 'object' && typeof init !== 'function')
      throw new TypeError('Headers constructor: expected a record or a sequence of pairs, got ' + typeof init + '.');
    if (init instanceof Headers) {
      const l = init._l;
      for (let i = 0; i < l.length; i++) this._l.push([l[i][0], l[i][1]]);
      return;
    }
    const iter = (init as any)[Symbol.iterator];
    if (Array.isArray(init) || typeof iter === 'function') {
      const pairs: unknown[] = Array.isArray(init) ? init : Array.from(init as Iterable<unknown>);
      for (let i = 0; i < pairs.length; i++) {
        const p = pairs[i] as any;
        if (!p || typeof p !== 'object')
          throw new TypeError('Headers constructor: expected name/value pair to be an array.');
        const pair: unknown[] = Array.isArray(p) ? p : Array.from(p as Iterable<unknown>);
        if (pair.length !== 2)
          throw new TypeError('Headers constructor: expected name/value pair to be length 2, found ' + pair.length + '.');
        this.append(pair[0] as string, pair[1] as string);
      }
      return;
    }
    const rec = init as Record<string, unknown>;
    const keys = Object.keys(rec);
    for (let i = 0; i < keys.length; i++) this.append(keys[i], rec[keys[i]] as string);
  }

  append(name: string, value: string): void {
    const n = checkName(name, 'append'), v = normalizeValue(value, 'append');
    if (this._g === 'immutable')
      throw new TypeError('immutable');
    this._l.push([n, v]);
    this._s = null;
  }

  set(name: string, value: string): void {
    const n = checkName(name, 'set'), v = normalizeValue(value, 'set');
    if (this._g === 'immutable')
      throw new TypeError('immutable');
    const l = this._l, out: Array<[string, string]> = [];
    let found = false;
    for (let i = 0; i < l.length; i++) {
      if (l[i][0] !== n)
        out.push(l[i]);
      else if (!found) {
        found = true;
        out.push([n, v]);
      }
    }
    if (!found)
      out.push([n, v]);
    this._l = out;
    this._s = null;
  }

  delete(name: string): void {
    const n = checkName(name, 'delete');
    if (this._g === 'immutable')
      throw new TypeError('immutable');
    const l = this._l, out: Array<[string, string]> = [];
    for (let i = 0; i < l.length; i++) if (l[i][0] !== n) out.push(l[i]);
    this._l = out;
    this._s = null;
  }

  get(name: string): string | null {
    const n = checkName(name, 'get');
    const l = this._l, vals: string[] = [];
    for (let i = 0; i < l.length; i++) if (l[i][0] === n) vals.push(l[i][1]);
    return vals.length ? vals.join(', ') : null;
  }

  has(name: string): boolean {
    const n = checkName(name, 'has');
    const l = this._l;
    for (let i = 0; i < l.length; i++) if (l[i][0] === n) return true;
    return false;
  }

  getSetCookie(): string[] {
    const l = this._l, out: string[] = [];
    for (let i = 0; i < l.length; i++) if (l[i][0] === 'set-cookie') out.push(l[i][1]);
    return out;
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    if (typeof callback !== 'function')
      throw new TypeError("Headers.forEach: argument 1 is not a function.");
    // re-read at every step, like the platform's pair iterator
    for (let i = 0; i < this._sorted().length; i++) {
      const p = this._sorted()[i];
      callback.call(thisArg, p[1], p[0], this);
    }
  }

  entries(): IterableIterator<[string, string]> { return headersIterator(this, 2); }
  keys(): IterableIterator<string> { return headersIterator(this, 0); }
  values(): IterableIterator<string> { return headersIterator(this, 1); }
  [Symbol.iterator](): IterableIterator<[string, string]> { return headersIterator(this, 2); }

  _sorted(): Array<[string, string]> {
    if (this._s)
      return this._s;
    const l = this._l, names: string[] = [], seen: Record<string, string[]> = {};
    for (let i = 0; i < l.length; i++) {
      const n = l[i][0];
      if (!Object.prototype.hasOwnProperty.call(seen, n)) {
        seen[n] = [];
        names.push(n);
      }
      seen[n].push(l[i][1]);
    }
    names.sort();
    const out: Array<[string, string]> = [];
    for (let i = 0; i < names.length; i++) {
      const n = names[i], vs = seen[n];
      if (n === 'set-cookie')
        for (let k = 0; k < vs.length; k++) out.push([n, vs[k]]);
      else
        out.push([n, vs.join(', ')]);
    }
    hide(this, '_s', out);
    return out;
  }
}

function headersIterator(h: Headers, kind: number): any {
  let i = 0;
  return makeIterator(function () {
    const list = h._sorted();
    if (i >= list.length)
      return { value: undefined, done: true };
    const p = list[i++];
    return { value: kind === 0 ? p[0] : kind === 1 ? p[1] : [p[0], p[1]], done: false };
  });
}

const NOT_LOWER_TOKEN = /[^!#$%&'*+\-.^_`|~0-9a-z]/;
const NOT_NORMAL_VALUE = /^[\t\n\r ]|[\t\n\r ]$|[^\x01-\x09\x0b\x0c\x0e-\xff]/;

/** Headers of name/value pairs as the host hands them over (lower-case
 * names, values as one byte per character): those already as append would
 * store them are taken with one test each; any other list goes through the
 * constructor (which normalizes it, or throws like it). The list is copied,
 * its pairs are shared (Headers never changes a pair in place). plain: the
 * host checked every pair already (render/header.c kit_header_plain). */
export function headersFromList(list: Array<[string, string]>, plain?: boolean): Headers {
  for (let i = 0; !plain && i < list.length; i++) {
    const n = list[i][0], v = list[i][1];
    if (n === '' || NOT_LOWER_TOKEN.test(n) || (v !== '' && NOT_NORMAL_VALUE.test(v)))
      return new Headers(list);
  }
  const h: Headers = Object.create(Headers.prototype);
  hide(h, '_l', list.slice());
  hide(h, '_s', null);
  hide(h, '_g', 'none');
  return h;
}

/** The pairs an answer carries, as iteration gives them (names sorted, one
 * pair per name with its values joined by ", ") but Set-Cookie, whose
 * values follow, one pair each, as getSetCookie() gives them: what an API
 * route's Response is written as (api.ts answerOf). A list of one pair (a
 * Response.json, a text answer) is taken as it is, without the sort. */
export function answerPairs(h: Headers): Array<[string, string]> {
  const l = h._l;
  if (l.length === 1)
    return [[l[0][0], l[0][1]]];
  const sorted = h._sorted(), out: Array<[string, string]> = [];
  for (let i = 0; i < sorted.length; i++)
    if (sorted[i][0] !== 'set-cookie')
      out.push([sorted[i][0], sorted[i][1]]);
  for (let i = 0; i < l.length; i++)
    if (l[i][0] === 'set-cookie')
      out.push(['set-cookie', l[i][1]]);
  return out;
}

/** Appends a name and value known to be valid (lower-case token, normalized
 * byte-string value) without checking them: kit's own constant headers. */
export function addTrusted(h: Headers, name: string, value: string): void {
  h._l.push([name, value]);
  h._s = null;
}

/** Makes headers read-only (Response.error(), Response.redirect()). */
export function freezeHeaders(h: Headers): Headers {
  h._g = 'immutable';
  return h;
}
