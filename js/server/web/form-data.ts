// FormData, and the two body formats it travels in: multipart/form-data
// (serialized like undici, parsed per RFC 7578 / RFC 2046) and
// application/x-www-form-urlencoded (parsed per the URL standard). Everything
// works on byte strings with split/indexOf/replace: no per-character loops
// (mujs indexes strings from their start, see bytes.ts).
import { hide, makeIterator, isToken, trimChars } from './util';
import { Blob, File, fileFromBytes, blobType } from './blob';
import { toUSVString, utf8Encode, utf8Decode, percentDecodeBytes } from './bytes';

export type FormDataEntryValue = string | File;

function toFile(value: Blob, filename: unknown): File {
  if (filename === undefined && value instanceof File)
    return value;
  const name = filename !== undefined ? toUSVString(String(filename)) : value instanceof File ? value.name : 'blob';
  return fileFromBytes(value._b, name, value.type, value instanceof File ? value.lastModified : undefined);
}

function entryValue(where: string, nargs: number, value: unknown, filename: unknown): FormDataEntryValue {
  if (value instanceof Blob)
    return toFile(value, filename);
  if (nargs > 2)
    throw new TypeError("Failed to execute '" + where + "' on 'FormData': parameter 2 is not of type 'Blob'.");
  return toUSVString(String(value));
}

export class FormData {
  declare _e: Array<[string, FormDataEntryValue]>;

  constructor(form?: unknown) {
    if (form !== undefined)
      throw new TypeError("Failed to construct 'FormData': kit has no HTMLFormElement; call new FormData() without arguments.");
    hide(this, '_e', []);
  }

  append(name: string, value: string | Blob, filename?: string): void {
    if (arguments.length < 2)
      throw new TypeError("Failed to execute 'append' on 'FormData': 2 arguments required, but only " + arguments.length + ' present.');
    this._e.push([toUSVString(String(name)), entryValue('append', arguments.length, value, filename)]);
  }

  set(name: string, value: string | Blob, filename?: string): void {
    if (arguments.length < 2)
      throw new TypeError("Failed to execute 'set' on 'FormData': 2 arguments required, but only " + arguments.length + ' present.');
    const n = toUSVString(String(name));
    const v = entryValue('set', arguments.length, value, filename);
    const e = this._e, out: Array<[string, FormDataEntryValue]> = [];
    let found = false;
    for (let i = 0; i < e.length; i++) {
      if (e[i][0] !== n)
        out.push(e[i]);
      else if (!found) {
        found = true;
        out.push([n, v]);
      }
    }
    if (!found)
      out.push([n, v]);
    this._e = out;
  }

  get(name: string): FormDataEntryValue | null {
    const n = toUSVString(String(name)), e = this._e;
    for (let i = 0; i < e.length; i++) if (e[i][0] === n) return e[i][1];
    return null;
  }

  getAll(name: string): FormDataEntryValue[] {
    const n = toUSVString(String(name)), e = this._e, out: FormDataEntryValue[] = [];
    for (let i = 0; i < e.length; i++) if (e[i][0] === n) out.push(e[i][1]);
    return out;
  }

  has(name: string): boolean { return this.get(name) !== null; }

  delete(name: string): void {
    const n = toUSVString(String(name)), e = this._e, out: Array<[string, FormDataEntryValue]> = [];
    for (let i = 0; i < e.length; i++) if (e[i][0] !== n) out.push(e[i]);
    this._e = out;
  }

  forEach(callback: (value: FormDataEntryValue, name: string, parent: FormData) => void, thisArg?: unknown): void {
    if (typeof callback !== 'function')
      throw new TypeError("Failed to execute 'forEach' on 'FormData': parameter 1 is not a function.");
    for (let i = 0; i < this._e.length; i++) callback.call(thisArg, this._e[i][1], this._e[i][0], this);
  }

  entries(): IterableIterator<[string, FormDataEntryValue]> { return formIterator(this, 2); }
  keys(): IterableIterator<string> { return formIterator(this, 0); }
  values(): IterableIterator<FormDataEntryValue> { return formIterator(this, 1); }
  [Symbol.iterator](): IterableIterator<[string, FormDataEntryValue]> { return formIterator(this, 2); }
}

function formIterator(fd: FormData, kind: number): any {
  let i = 0;
  return makeIterator(function () {
    const e = fd._e;
    if (i >= e.length)
      return { value: undefined, done: true };
    const p = e[i++];
    return { value: kind === 0 ? p[0] : kind === 1 ? p[1] : [p[0], p[1]], done: false };
  });
}

// --- multipart/form-data: serializing

let boundarySeq = 0;

function escapeQuoted(s: string): string {
  return s.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}

function normalizeLinefeeds(s: string): string {
  return s.replace(/\r?\n|\r/g, '\r\n');
}

/** The multipart/form-data body of fd as a byte string, and its Content-Type.
 * The boundary is not random (Math.random would mark the route as frozen at
 * build time): it is a counter, checked against the content and changed until
 * no part holds it. */
export function serializeMultipart(fd: FormData): { bytes: string; type: string } {
  const e = fd._e, heads: string[] = [], bodies: string[] = [];
  for (let i = 0; i < e.length; i++) {
    const name = escapeQuoted(normalizeLinefeeds(e[i][0])), v = e[i][1];
    if (typeof v === 'string') {
      heads.push(utf8Encode('Content-Disposition: form-data; name="' + name + '"\r\n\r\n'));
      bodies.push(utf8Encode(normalizeLinefeeds(v)));
    } else {
      heads.push(utf8Encode('Content-Disposition: form-data; name="' + name + '"' +
        (v.name ? '; filename="' + escapeQuoted(v.name) + '"' : '') +
        '\r\nContent-Type: ' + (v.type || 'application/octet-stream') + '\r\n\r\n'));
      bodies.push(v._b);
    }
  }
  let boundary: string;
  for (;;) {
    boundary = '----formdata-kit-' + (1000000000 + boundarySeq++ % 1000000000).toString(36);
    let clash = false;
    for (let i = 0; i < bodies.length && !clash; i++)
      clash = bodies[i].indexOf(boundary) >= 0 || heads[i].indexOf(boundary) >= 0;
    if (!clash)
      break;
  }
  const out: string[] = [];
  for (let i = 0; i < bodies.length; i++) out.push('--', boundary, '\r\n', heads[i], bodies[i], '\r\n');
  out.push('--', boundary, '--\r\n');
  return { bytes: out.join(''), type: 'multipart/form-data; boundary=' + boundary };
}

// --- multipart/form-data: parsing

function parseError(why: string): TypeError {
  return new TypeError('Failed to parse body as FormData: ' + why + '.');
}

/** One parameter of a header value: `;`, the name (group 1, without the
 * spaces and tabs around it), then `=` and either a quoted value (group 2,
 * up to the closing quote or the end, `;` included; the rest up to the next
 * `;` ignored) or a bare one (group 3, up to the next `;`, without the
 * spaces and tabs around it). No `=`: groups 2 and 3 are undefined. Each
 * run of characters is one quantified class, and nothing after the value
 * can fail, so a match never backtracks into it: the regex engine reads a
 * header in one pass. PARAM_ESCAPED's quoted value keeps a backslash and the
 * character after it (unescaped afterwards) and a lone one at the end. */
const PARAM = /;[ \t]*([^=; \t]*(?:[ \t]+[^=; \t]+)*)[ \t]*(?:=[ \t]*(?:"([^"]*)"?[^;]*|([^; \t]*(?:[ \t]+[^; \t]+)*)[ \t]*))?/g;
const PARAM_ESCAPED = /;[ \t]*([^=; \t]*(?:[ \t]+[^=; \t]+)*)[ \t]*(?:=[ \t]*(?:"((?:[^"\\]+|\\[\s\S])*\\?)"?[^;]*|([^; \t]*(?:[ \t]+[^; \t]+)*)[ \t]*))?/g;
const BACKSLASH_ESCAPE = /\\([\s\S])/g;

/** The name=value parameters of a header value from its first ';' on (names
 * lower-cased; the first of a repeated name wins). Quoted values lose their
 * quotes; with `unescape`, backslash escapes too (MIME types do; multipart
 * Content-Disposition does not, where browsers send backslashes as they are).
 * One global regex walks the parameters (PARAM): reading the text a
 * character at a time costs ~1.5 µs and ~70 bytes of heap a character in
 * mujs, and any position-based read (charAt, indexOf from a position) counts
 * from the start of the string in mujs's UTF-8. */
export function headerParams(s: string, unescape: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const re = unescape ? PARAM_ESCAPED : PARAM;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    const quoted = m[2], bare = m[3];
    if (quoted === undefined && bare === undefined)
      continue;
    const key = m[1].toLowerCase();
    if (isToken(key) && !Object.prototype.hasOwnProperty.call(out, key))
      out[key] = quoted === undefined ? bare : unescape && quoted.indexOf('\\') >= 0 ? quoted.replace(BACKSLASH_ESCAPE, '$1') : quoted;
  }
  return out;
}

// Browsers write ", CR and LF in names as %22, %0D, %0A (HTML's multipart
// encoding); the names are UTF-8.
function fieldName(raw: string): string {
  return utf8Decode(raw).replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** Parses a multipart/form-data body (a byte string). Preamble and epilogue
 * are ignored; a missing boundary, a part without Content-Disposition:
 * form-data or a name, or a missing closing delimiter is a TypeError. */
/** At most this many parts in a multipart body (docs/security.md §6): past
 * it the parse fails at once (a TypeError with kitStatus 413; an action or a
 * form post answers 413). */
export const MAX_PARTS = 1000;
/** At most this many bytes of headers in one part, and in all parts
 * together (docs/security.md §6): browsers send a few hundred per part.
 * When their parameters were read a character at a time (one-character
 * strings, ~70 bytes of heap and ~1.5 µs each) one 7 MB Content-Disposition
 * line cost 470 MB and 5.7 s, and 900 parts of 8 KB headers 10.7 s; headerParams
 * reads them with one regex now. Past either limit the parse fails at once
 * (a TypeError: 400). */
export const MAX_PART_HEADERS = 8192;
export const MAX_ALL_PART_HEADERS = 262144;

export function parseMultipart(bytes: string, boundary: string): FormData {
  if (!boundary || boundary.length > 70)
    throw parseError('the boundary is missing or longer than 70 characters');
  const fd = new FormData();
  const chunks = ('\r\n' + bytes).split('\r\n--' + boundary);
  if (chunks.length < 2)
    throw parseError('the body holds no "--' + boundary + '" delimiter');
  // the chunks past the last delimiter are the epilogue
  if (chunks.length - 2 > MAX_PARTS) {
    const e = parseError('more than ' + MAX_PARTS + ' parts') as TypeError & { kitStatus: number };
    e.kitStatus = 413;
    throw e;
  }
  let closed = false, headerBytes = 0;
  for (let i = 1; i < chunks.length; i++) {
    let c = chunks[i];
    if (c.slice(0, 2) === '--') {
      closed = true;
      break;
    }
    const eol = c.indexOf('\r\n');
    if (eol < 0 || /[^ \t]/.test(c.slice(0, eol)))
      throw parseError('a delimiter line is not followed by CRLF');
    c = c.slice(eol + 2);
    let head: string, content: string;
    if (c.slice(0, 2) === '\r\n') {
      head = '';
      content = c.slice(2);
    } else {
      const end = c.slice(0, MAX_PART_HEADERS + 4).indexOf('\r\n\r\n');
      if (end < 0)
        throw parseError(c.length > MAX_PART_HEADERS + 4 && c.indexOf('\r\n\r\n') > 0
          ? 'part ' + i + ' has more than ' + MAX_PART_HEADERS + ' bytes of headers'
          : 'part ' + i + ' has no empty line after its headers');
      if ((headerBytes += end) > MAX_ALL_PART_HEADERS)
        throw parseError('the parts have more than ' + MAX_ALL_PART_HEADERS + ' bytes of headers');
      head = c.slice(0, end);
      content = c.slice(end + 4);
    }
    let disposition: string | null = null, type: string | null = null;
    const lines = head ? head.split('\r\n') : [];
    for (let k = 0; k < lines.length; k++) {
      const colon = lines[k].indexOf(':');
      if (colon <= 0)
        throw parseError('part ' + i + ' has a malformed header line');
      const hn = lines[k].slice(0, colon).toLowerCase();
      const hv = trimChars(lines[k].slice(colon + 1), ' \t');
      if (hn === 'content-disposition')
        disposition = hv;
      else if (hn === 'content-type')
        type = hv;
    }
    const rest = disposition === null ? '' : trimChars(disposition.slice(9), ' \t');
    if (disposition === null || disposition.slice(0, 9).toLowerCase() !== 'form-data' || (rest !== '' && rest.charAt(0) !== ';'))
      throw parseError('part ' + i + ' has no "Content-Disposition: form-data" header');
    const params = headerParams(rest, false);
    if (params.name === undefined)
      throw parseError('part ' + i + ' has no name');
    const name = fieldName(params.name);
    if (params.filename !== undefined)
      fd._e.push([name, fileFromBytes(content, fieldName(params.filename), type === null ? 'text/plain' : blobType(type))]);
    else
      fd._e.push([name, utf8Decode(content, true)]);
  }
  if (!closed)
    throw parseError('the closing "--' + boundary + '--" delimiter is missing');
  return fd;
}

// --- application/x-www-form-urlencoded

const PLUS = /\+/g;

/** '+' → space, percent-decode to bytes, UTF-8 decode (U+FFFD for errors). */
function decodeFormComponent(bytes: string): string {
  if (bytes.indexOf('+') >= 0)
    bytes = bytes.replace(PLUS, ' ');
  return utf8Decode(percentDecodeBytes(bytes));
}

/** The URL standard's application/x-www-form-urlencoded parser, over bytes. */
export function parseUrlencoded(bytes: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!bytes)
    return out;
  const seqs = bytes.split('&');
  for (let i = 0; i < seqs.length; i++) {
    const s = seqs[i];
    if (!s)
      continue;
    const eq = s.indexOf('=');
    out.push(eq < 0 ? [decodeFormComponent(s), ''] : [decodeFormComponent(s.slice(0, eq)), decodeFormComponent(s.slice(eq + 1))]);
  }
  return out;
}

/** A FormData from an urlencoded body (bytes). */
export function formDataFromUrlencoded(bytes: string): FormData {
  const fd = new FormData(), pairs = parseUrlencoded(bytes);
  for (let i = 0; i < pairs.length; i++) fd._e.push(pairs[i]);
  return fd;
}
