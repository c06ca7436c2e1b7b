// `url` / `node:url` for server code (docs/files.md): the WHATWG classes kit
// already has (js/server/web/url.ts), the file: URL conversions Node adds,
// and the legacy `parse`/`format`/`resolve` that older packages still call
// (postcss, used by sanitize-html, imports fileURLToPath/pathToFileURL).
// Results are Node's (tests/suites/files.sh compares them on a table).
import { URL, URLSearchParams } from '../web/url';

interface CodedError extends TypeError { code: string }

function coded(Ctor: TypeErrorConstructor, code: string, message: string): CodedError {
  const e = new Ctor(message) as CodedError;
  e.code = code;
  return e;
}

// percent-encodes what a file: URL path must not hold as is (Node's list)
function encodePathChars(p: string): string {
  return p.replace(/%/g, '%25').replace(/\\/g, '%5C').replace(/\n/g, '%0A').replace(/\r/g, '%0D')
    .replace(/\t/g, '%09');
}

export function fileURLToPath(input: string | URL): string {
  const url = typeof input === 'string' ? new URL(input) : input;
  if (!url || typeof url !== 'object' || typeof (url as URL).href !== 'string')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "path" argument must be of type string or an instance of URL. Received ' + String(input));
  if (url.protocol !== 'file:') throw coded(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
  if (url.hostname !== '') throw coded(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
  const pathname = url.pathname;
  for (let n = 0; n < pathname.length; n++) {
    if (pathname[n] === '%') {
      const third = pathname.charCodeAt(n + 2) | 0x20;
      if (pathname[n + 1] === '2' && third === 102)
        throw coded(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
    }
  }
  return decodeURIComponent(pathname);
}

export function pathToFileURL(filepath: string): URL {
  if (typeof filepath !== 'string')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "path" argument must be of type string. Received ' + typeof filepath);
  let resolved = filepath;
  if (filepath.charAt(0) !== '/') {
    const cwd = (globalThis as any).process && (globalThis as any).process.cwd ? (globalThis as any).process.cwd() : '/';
    resolved = cwd.replace(/\/+$/, '') + '/' + filepath;
  }
  const trailing = filepath.length > 0 && filepath.charAt(filepath.length - 1) === '/';
  const parts: string[] = [];
  for (const s of resolved.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') parts.pop();
    else parts.push(s);
  }
  let p = '/' + parts.join('/');
  if (trailing && p !== '/') p += '/';
  const url = new URL('file://');
  url.pathname = encodePathChars(p).replace(/\?/g, '%3F').replace(/#/g, '%23');
  return url;
}

export function domainToASCII(domain: string): string {
  try {
    return new URL('http://' + domain).hostname;
  } catch {
    return '';
  }
}

export function domainToUnicode(domain: string): string {
  const ascii = domainToASCII(domain);
  if (!ascii) return '';
  return ascii.split('.').map((label) => (label.slice(0, 4) === 'xn--' ? punycodeDecode(label.slice(4)) : label)).join('.');
}

// RFC 3492 decoding, for domainToUnicode
function punycodeDecode(input: string): string {
  const base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700;
  const out: number[] = [];
  let n = 128, i = 0, bias = 72;
  let b = input.lastIndexOf('-');
  if (b < 0) b = 0;
  for (let j = 0; j < b; j++) out.push(input.charCodeAt(j));
  for (let index = b > 0 ? b + 1 : 0; index < input.length;) {
    const oldi = i;
    for (let w = 1, k = base; ; k += base) {
      const c = input.charCodeAt(index++);
      const digit = c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : base;
      i += digit * w;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      w *= base - t;
    }
    const len = out.length + 1;
    let delta = i - oldi;
    delta = oldi === 0 ? Math.floor(delta / damp) : delta >> 1;
    delta += Math.floor(delta / len);
    let k = 0;
    for (; delta > ((base - tMin) * tMax) >> 1; k += base) delta = Math.floor(delta / (base - tMin));
    bias = Math.floor(k + ((base - tMin + 1) * delta) / (delta + skew));
    n += Math.floor(i / len);
    i %= len;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}

export function urlToHttpOptions(url: URL) {
  const options: Record<string, unknown> = {
    protocol: url.protocol,
    hostname: url.hostname.charAt(0) === '[' ? url.hostname.slice(1, -1) : url.hostname,
    hash: url.hash,
    search: url.search,
    pathname: url.pathname,
    path: `${url.pathname || ''}${url.search || ''}`,
    href: url.href,
  };
  if (url.port !== '') options.port = Number(url.port);
  if (url.username || url.password)
    options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return options;
}

// ---- the legacy API (Node's url.parse/format/resolve) ----

const slashedProtocols: Record<string, boolean> = {
  'http': true, 'http:': true, 'https': true, 'https:': true, 'ftp': true, 'ftp:': true,
  'gopher': true, 'gopher:': true, 'file': true, 'file:': true, 'ws': true, 'ws:': true, 'wss': true, 'wss:': true,
};
const hostlessProtocols: Record<string, boolean> = { 'javascript': true, 'javascript:': true };

export class Url {
  protocol: string | null = null;
  slashes: boolean | null = null;
  auth: string | null = null;
  host: string | null = null;
  port: string | null = null;
  hostname: string | null = null;
  hash: string | null = null;
  search: string | null = null;
  query: string | Record<string, string | string[]> | null = null;
  pathname: string | null = null;
  path: string | null = null;
  href: string | null = null;
}

function parseQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  if (!qs) return out;
  for (const pair of qs.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const dec = (s: string) => {
      try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; }
    };
    const k = dec(eq < 0 ? pair : pair.slice(0, eq));
    const v = eq < 0 ? '' : dec(pair.slice(eq + 1));
    const cur = out[k];
    if (cur === undefined) out[k] = v;
    else if (Array.isArray(cur)) cur.push(v);
    else out[k] = [cur, v];
  }
  return out;
}

// Characters Node's legacy parser escapes in the path, query and hash
const autoEscape: Record<string, string> = {
  ' ': '%20', '"': '%22', "'": '%27', '<': '%3C', '>': '%3E', '\\': '%5C', '^': '%5E', '`': '%60',
  '{': '%7B', '|': '%7C', '}': '%7D', '\t': '%09', '\n': '%0A', '\r': '%0D',
};
function escapeRest(s: string): string {
  let out = '';
  for (const c of s) out += Object.prototype.hasOwnProperty.call(autoEscape, c) ? autoEscape[c] : c;
  return out;
}

export function parse(urlStr: string | Url, parseQueryString?: boolean, slashesDenoteHost?: boolean): Url {
  if (urlStr instanceof Url) return urlStr;
  if (typeof urlStr !== 'string')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "url" argument must be of type string. Received ' + typeof urlStr);
  const u = new Url();
  let rest = urlStr.trim();
  // backslashes before the query become slashes, as Node does
  const q = rest.search(/[?#]/);
  rest = (q < 0 ? rest : rest.slice(0, q)).replace(/\\/g, '/') + (q < 0 ? '' : rest.slice(q));
  if (!slashesDenoteHost && urlStr.split('#').length === 1) {
    const simple = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/.exec(rest);
    if (simple) {
      u.path = rest;
      u.href = rest;
      u.pathname = simple[1];
      if (simple[2]) {
        u.search = simple[2];
        u.query = parseQueryString ? parseQuery(u.search.slice(1)) : u.search.slice(1);
      } else if (parseQueryString) {
        u.search = null;
        u.query = Object.create(null);
      }
      return u;
    }
  }
  let lowerProto: string | undefined;
  const proto = /^[a-z0-9.+-]+:/i.exec(rest);
  if (proto) {
    lowerProto = proto[0].toLowerCase();
    u.protocol = lowerProto;
    rest = rest.slice(proto[0].length);
  }
  let slashes = false;
  if (slashesDenoteHost || proto || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
    slashes = rest.slice(0, 2) === '//';
    if (slashes && !(lowerProto && hostlessProtocols[lowerProto])) {
      rest = rest.slice(2);
      u.slashes = true;
    }
  }
  if (!(lowerProto && hostlessProtocols[lowerProto]) && (slashes || (lowerProto && !slashedProtocols[lowerProto]))) {
    let hostEnd = -1;
    for (let i = 0; i < rest.length; i++) {
      if ('#/?'.indexOf(rest[i]) >= 0) { hostEnd = i; break; }
    }
    const at = hostEnd === -1 ? rest.lastIndexOf('@') : rest.lastIndexOf('@', hostEnd);
    if (at !== -1) {
      u.auth = decodeURIComponent(rest.slice(0, at));
      rest = rest.slice(at + 1);
    }
    hostEnd = -1;
    for (let i = 0; i < rest.length; i++) {
      if ('\t\n\r "#%\'/;<>?\\^`{|}'.indexOf(rest[i]) >= 0) { hostEnd = i; break; }
    }
    if (hostEnd === -1) hostEnd = rest.length;
    u.host = rest.slice(0, hostEnd);
    rest = rest.slice(hostEnd);
    const port = /:[0-9]*$/.exec(u.host);
    if (port) {
      if (port[0] !== ':') u.port = port[0].slice(1);
      u.hostname = u.host.slice(0, u.host.length - port[0].length);
    } else {
      u.hostname = u.host;
    }
    const ipv6 = u.hostname.charAt(0) === '[' && u.hostname.charAt(u.hostname.length - 1) === ']';
    if (!ipv6) {
      const valid = u.hostname.split('.').every((part) => part === '' || /^[+a-z0-9A-Z_-]{0,63}$/.test(part));
      if (!valid) {
        // Node keeps the valid prefix as the host and the rest as the path
        const parts = u.hostname.split('.');
        for (let i = 0; i < parts.length; i++) {
          if (!/^[+a-z0-9A-Z_-]{0,63}$/.test(parts[i])) {
            const m = /^([+a-z0-9A-Z_-]{0,63})(.*)$/.exec(parts[i]) as RegExpExecArray;
            const valid = parts.slice(0, i);
            if (m[1]) valid.push(m[1]);
            rest = m[2] + (parts.slice(i + 1).length ? '.' + parts.slice(i + 1).join('.') : '') + rest;
            u.hostname = valid.join('.');
            break;
          }
        }
      }
      u.hostname = u.hostname.toLowerCase();
      if (u.hostname) u.hostname = domainToASCII(u.hostname) || u.hostname;
    }
    const p = u.port ? ':' + u.port : '';
    u.host = (ipv6 ? u.hostname : u.hostname) + p;
    if (ipv6) {
      u.hostname = u.hostname.slice(1, -1);
      if (rest[0] !== '/') rest = '/' + rest;
    }
  }
  rest = escapeRest(rest);
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    u.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const qm = rest.indexOf('?');
  if (qm !== -1) {
    u.search = rest.slice(qm);
    u.query = rest.slice(qm + 1);
    if (parseQueryString) u.query = parseQuery(u.query);
    rest = rest.slice(0, qm);
  } else if (parseQueryString) {
    u.search = null;
    u.query = Object.create(null);
  }
  const firstIdx = qm !== -1 && (hash === -1 || qm < hash) ? qm : hash;
  void firstIdx;
  if (rest) u.pathname = rest;
  if (lowerProto && slashedProtocols[lowerProto] && u.hostname && !u.pathname) u.pathname = '/';
  if (u.pathname || u.search) u.path = (u.pathname || '') + (u.search || '');
  u.href = format(u);
  return u;
}

function formatObject(obj: Partial<Url> & { query?: unknown }): string {
  let auth = obj.auth || '';
  if (auth) auth = encodeURIComponent(auth).replace(/%3A/i, ':') + '@';
  let protocol = obj.protocol || '';
  let pathname = obj.pathname || '';
  let hash = obj.hash || '';
  let host = '';
  let query = '';
  if (obj.host) {
    host = auth + obj.host;
  } else if (obj.hostname) {
    host = auth + (obj.hostname.indexOf(':') === -1 ? obj.hostname : '[' + obj.hostname + ']');
    if (obj.port) host += ':' + obj.port;
  }
  if (obj.query !== null && typeof obj.query === 'object') {
    query = Object.keys(obj.query as object).map((k) => {
      const v = (obj.query as Record<string, unknown>)[k];
      const enc = (x: unknown) => encodeURIComponent(k) + '=' + encodeURIComponent(x === undefined || x === null ? '' : String(x));
      return Array.isArray(v) ? v.map(enc).join('&') : enc(v);
    }).join('&');
  }
  let search = obj.search || (query && '?' + query) || '';
  if (protocol && protocol.charAt(protocol.length - 1) !== ':') protocol += ':';
  const lower = protocol.toLowerCase();
  if (obj.slashes || slashedProtocols[lower]) {
    if (obj.slashes || host) {
      if (pathname && pathname.charAt(0) !== '/') pathname = '/' + pathname;
      host = '//' + host;
    } else if (lower === 'file:') {
      host = '//';
    }
  }
  pathname = pathname.replace(/[?#]/g, (c) => encodeURIComponent(c));
  search = search.replace(/#/g, '%23');
  if (hash && hash.charAt(0) !== '#') hash = '#' + hash;
  if (search && search.charAt(0) !== '?') search = '?' + search;
  return protocol + host + pathname + search + hash;
}

export function format(urlObject: string | URL | Partial<Url>, options?: { auth?: boolean; fragment?: boolean; search?: boolean; unicode?: boolean }): string {
  if (typeof urlObject === 'string') return formatObject(parse(urlObject));
  if (urlObject instanceof URL) {
    const o = { auth: true, fragment: true, search: true, unicode: false, ...(options || {}) };
    let out = urlObject.protocol;
    if (urlObject.host || urlObject.protocol === 'file:') out += '//';
    if (o.auth && (urlObject.username || urlObject.password))
      out += urlObject.username + (urlObject.password ? ':' + urlObject.password : '') + '@';
    out += o.unicode ? domainToUnicode(urlObject.hostname) + (urlObject.port ? ':' + urlObject.port : '') : urlObject.host;
    out += urlObject.pathname;
    if (o.search) out += urlObject.search;
    if (o.fragment) out += urlObject.hash;
    return out;
  }
  if (urlObject === null || typeof urlObject !== 'object')
    throw coded(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "urlObject" argument must be one of type object or string. Received ' + String(urlObject));
  return formatObject(urlObject);
}

const hasScheme = (s: string) => /^[a-z][a-z0-9.+-]*:/i.test(s);

export function resolve(from: string, to: string): string {
  // both relative paths: the legacy resolver keeps the ".." that climb
  // above the start ('a/b' + '../../c' is '../c'), as a path would
  if (!hasScheme(from) && !hasScheme(to) && from.charAt(0) !== '/' && to.charAt(0) !== '/' &&
      to.slice(0, 2) !== '//' && to.charAt(0) !== '?' && to.charAt(0) !== '#' && to !== '') {
    const cut = to.search(/[?#]/);
    const toPath = cut < 0 ? to : to.slice(0, cut);
    const base = from.replace(/[?#].*$/, '');
    const segs = base.slice(0, base.lastIndexOf('/') + 1).split('/').concat(toPath.split('/'));
    const out: string[] = [];
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i];
      const last = i === segs.length - 1;
      if (seg === '.' || (seg === '' && !last)) {
        if (last) out.push('');
        continue;
      }
      if (seg === '..') {
        if (out.length && out[out.length - 1] !== '..') out.pop();
        else out.push('..');
        if (last) out.push('');
        continue;
      }
      out.push(seg);
    }
    return out.join('/') + (cut < 0 ? '' : to.slice(cut));
  }
  const resolved = new URL(to, new URL(from, 'resolve://'));
  if (resolved.protocol === 'resolve:') {
    const { pathname, search, hash } = resolved;
    return pathname + search + hash;
  }
  return resolved.toString();
}

export { URL, URLSearchParams };

export default {
  URL, URLSearchParams, Url, parse, format, resolve, fileURLToPath, pathToFileURL, domainToASCII, domainToUnicode,
  urlToHttpOptions,
};
