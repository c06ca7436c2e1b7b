// The Next.js-shaped middleware (src/middleware.ts or middleware.ts at the
// app's root; docs/middleware.md): its config.matcher compiled once per
// worker, then per request runNextMiddleware() decides whether it runs and
// turns what it returned into one outcome the host acts on
// (render/engine.c kit_engine_next_middleware, fcgi/host.c):
//   skip      the matcher does not cover this request
//   next      go on (response headers, replaced request headers)
//   rewrite   answer with another path of the app (location)
//   redirect  status + location
//   response  an answer of its own (status, headers, body)
import { peekBody, readBodyBytes, Response } from './web/index';
import { request } from '../request';
import { currentRequest, takeResponseHeaders } from './request-context';
import type { RequestInfo } from './request-context';
import { NextResponse, toNextRequest } from '../server';
import type { MatcherItem } from '../server';

interface Condition { type: string; key: string; value: RegExp | null }
interface Matcher { source: string; re: RegExp; has: Condition[]; missing: Condition[] }

const SPECIAL = /[.+*?^${}()|[\]\\]/;

// One path-to-regexp pattern (the subset Next.js documents for matcher):
// literal text, :name, :name(regex), (regex), each optionally followed by
// ? (optional), * (zero or more segments) or + (one or more). A parameter
// right after "/" takes the slash into its optional part, so /about/:path*
// matches /about too; so does a last group that may be empty: /about/(.*)
// is /about/:path* (as Next.js documents it).
export function patternToRegExp(source: string): RegExp {
  if (source.charAt(0) !== '/') throw new Error('matcher "' + source + '" must start with /');
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    let group: string | null = null;
    const start = i;
    if (c === ':') {
      let j = i + 1;
      while (j < source.length && /[A-Za-z0-9_]/.test(source.charAt(j))) j++;
      if (j === i + 1) throw new Error('matcher "' + source + '": a ":" without a parameter name');
      i = j;
      group = '[^/#?]+?';
      if (source.charAt(i) === '(') {
        const end = closing(source, i);
        group = source.slice(i + 1, end);
        i = end + 1;
      }
    } else if (c === '(') {
      const end = closing(source, i);
      group = source.slice(i + 1, end);
      i = end + 1;
    }
    if (group === null) {
      if (c === '*')
        throw new Error('matcher "' + source + '": a bare "*" is not a pattern; write /:path* (any segments) or (.*)');
      out += SPECIAL.test(c) ? '\\' + c : c;
      i++;
      continue;
    }
    const mod = source.charAt(i);
    let modifier = mod === '?' || mod === '*' || mod === '+' ? mod : '';
    if (!modifier && i === source.length && new RegExp('^(?:' + group + ')$').test('')) modifier = 'empty';
    if (modifier && modifier !== 'empty') i++;
    // the "/" before the parameter belongs to it when a modifier is given
    const slash = modifier && start > 0 && out.charAt(out.length - 1) === '/' && source.charAt(start - 1) === '/';
    if (slash) out = out.slice(0, -1);
    const p = slash ? '/' : '';
    if (modifier === '') out += '(' + group + ')';
    else if (modifier === '?' || modifier === 'empty') out += '(?:' + p + '(' + group + '))?';
    else if (modifier === '*') out += '(?:' + p + '((?:' + group + ')(?:/(?:' + group + '))*))?';
    else out += p + '((?:' + group + ')(?:/(?:' + group + '))*)';
  }
  return new RegExp('^' + out + '/?$', 'i');
}

function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '\\') { i++; continue; }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error('matcher "' + source + '": unbalanced parentheses');
}

function conditions(list: unknown, source: string): Condition[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('matcher "' + source + '": has and missing must be arrays');
  return list.map((c: { type?: string; key?: string; value?: string }) => {
    if (!c || ['header', 'cookie', 'query', 'host'].indexOf(String(c.type)) < 0)
      throw new Error('matcher "' + source + '": a condition needs type header, cookie, query or host');
    if (c.type !== 'host' && typeof c.key !== 'string')
      throw new Error('matcher "' + source + '": a ' + c.type + ' condition needs a key');
    return { type: String(c.type), key: String(c.key || ''), value: typeof c.value === 'string' ? new RegExp('^(?:' + c.value + ')$') : null };
  });
}

// config.matcher → matchers; null: no matcher (every path).
export function compileMatcher(config: unknown): Matcher[] | null {
  const m = config && typeof config === 'object' ? (config as { matcher?: unknown }).matcher : undefined;
  if (m === undefined) return null;
  const items = (Array.isArray(m) ? m : [m]) as MatcherItem[];
  return items.map((item) => {
    const source = typeof item === 'string' ? item : item && typeof item.source === 'string' ? item.source : null;
    if (source === null) throw new Error('config.matcher: each entry is a path pattern or { source, has?, missing? }');
    const o = typeof item === 'string' ? {} : item;
    return { source, re: patternToRegExp(source), has: conditions((o as { has?: unknown }).has, source), missing: conditions((o as { missing?: unknown }).missing, source) };
  });
}

// The matcher decides before any web class is made (a NextRequest costs
// URL parses): the request's path, query, host, headers and cookies read
// from the engine's plain request data.
interface Seen { path: string; query: string; host: string; headers: Array<[string, string]> }

function seenOf(info: RequestInfo): Seen {
  const url = info.url, sep = url.indexOf('://');
  const slash = sep < 0 ? 0 : url.indexOf('/', sep + 3);
  const authority = sep < 0 ? '' : url.slice(sep + 3, slash < 0 ? url.length : slash);
  const rest = slash < 0 ? '/' : url.slice(slash);
  const hash = rest.indexOf('#'), noHash = hash < 0 ? rest : rest.slice(0, hash);
  const q = noHash.indexOf('?');
  const colon = authority.lastIndexOf(':');
  return {
    path: q < 0 ? noHash : noHash.slice(0, q),
    query: q < 0 ? '' : noHash.slice(q + 1),
    host: (colon > authority.lastIndexOf(']') ? authority.slice(0, colon) : authority).toLowerCase(),
    headers: info.headers,
  };
}

function decodePart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch (e) {
    return s;
  }
}

function valueOf(c: Condition, seen: Seen): string | null {
  if (c.type === 'host') return seen.host;
  if (c.type === 'header' || c.type === 'cookie') {
    const name = c.type === 'header' ? c.key.toLowerCase() : 'cookie';
    const found: string[] = [];
    for (let i = 0; i < seen.headers.length; i++) if (seen.headers[i][0] === name) found.push(seen.headers[i][1]);
    if (!found.length) return null;
    if (c.type === 'header') return found.join(', ');
    const pairs = found.join('; ').split(';');
    for (let i = 0; i < pairs.length; i++) {
      const eq = pairs[i].indexOf('=');
      if (eq > 0 && pairs[i].slice(0, eq).trim() === c.key) return decodePart(pairs[i].slice(eq + 1).trim());
    }
    return null;
  }
  const parts = seen.query ? seen.query.split('&') : [];
  for (let i = 0; i < parts.length; i++) {
    const eq = parts[i].indexOf('=');
    if (decodePart(eq < 0 ? parts[i] : parts[i].slice(0, eq)) === c.key) return eq < 0 ? '' : decodePart(parts[i].slice(eq + 1));
  }
  return null;
}

function conditionHolds(c: Condition, seen: Seen): boolean {
  const v = valueOf(c, seen);
  if (v === null) return false;
  return c.value ? c.value.test(v) : true;
}

let compiledFor: unknown = null;
let compiled: Matcher[] | null = null;

export function nextMatchers(ns: Record<string, unknown>): Matcher[] | null {
  if (compiledFor !== ns) {
    compiled = compileMatcher(ns['config']);
    compiledFor = ns;
  }
  return compiled;
}

// The matcher's path patterns as regular expression sources (flag i), for
// the host to rule out paths without a call (fcgi/host.c); null: every path.
export function matcherSources(ns: Record<string, unknown>): string[] | null {
  const m = nextMatchers(ns);
  return m ? m.map((x) => x.re.source) : null;
}

export interface NextOutcome {
  outcome: 'skip' | 'next' | 'rewrite' | 'redirect' | 'response';
  status: number;
  location: string;
  headers: Array<[string, string]>;
  requestHeaders: Array<[string, string]> | null;
  kind: 'none' | 'text' | 'bytes';
  body: string;
}

function headerList(res: Response): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  res.headers.forEach((value: string, name: string) => {
    if (name !== 'set-cookie' && name !== 'location') headers.push([name, value]);
  });
  const cookies = res.headers.getSetCookie();
  for (let i = 0; i < cookies.length; i++) headers.push(['set-cookie', cookies[i]]);
  return headers;
}

export function runNextMiddleware(ns: Record<string, unknown>): Promise<NextOutcome> {
  const fn = (typeof ns['middleware'] === 'function' ? ns['middleware'] : ns['default']) as
    ((req: unknown, ev: unknown) => unknown) | undefined;
  const outcome = (o: Partial<NextOutcome>): NextOutcome => ({
    outcome: 'next', status: 200, location: '', headers: [], requestHeaders: null, kind: 'none', body: '', ...o,
  });
  let matchers: Matcher[] | null;
  try {
    matchers = nextMatchers(ns);
  } catch (e) {
    return Promise.reject(e);
  }
  const info = currentRequest();
  if (matchers && info) {
    const seen = seenOf(info);
    const hit = matchers.some((m) => m.re.test(seen.path) &&
      m.has.every((c) => conditionHolds(c, seen)) && !m.missing.some((c) => conditionHolds(c, seen)));
    if (!hit) return Promise.resolve(outcome({ outcome: 'skip' }));
  }
  const req = toNextRequest(request() as never);
  if (typeof fn !== 'function')
    return Promise.reject(new TypeError('the middleware exports neither a middleware function nor a default function'));
  const waiting: unknown[] = [];
  const event = { waitUntil: (p: unknown) => { waiting.push(p); } };
  return Promise.resolve()
    .then(() => fn(req, event))
    .then((res) => {
      const extra = takeResponseHeaders();  // cookies() / responseHeaders() of @kit/core/request
      if (res === undefined || res === null) return outcome({ headers: extra });
      if (!(res instanceof Response))
        throw new TypeError('a middleware must return a Response, NextResponse.next(), NextResponse.rewrite() or nothing (got ' + typeof res + ')');
      const headers = extra.concat(headerList(res));
      const nr = res instanceof NextResponse ? res : null;
      if (nr && (nr._kitKind === 'next' || nr._kitKind === 'rewrite')) {
        const rh = nr._kitRequestHeaders;
        const requestHeaders: Array<[string, string]> | null = rh ? [] : null;
        if (rh) rh.forEach((v: string, k: string) => { (requestHeaders as Array<[string, string]>).push([k, v]); });
        if (nr._kitKind === 'next') return outcome({ headers, requestHeaders });
        return outcome({ outcome: 'rewrite', location: new URL(nr._kitRewrite, req.url).href, headers, requestHeaders });
      }
      const loc = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && loc)
        return outcome({ outcome: 'redirect', status: res.status, location: new URL(loc, req.url).href, headers });
      const peek = peekBody(res as never);
      if (peek.used) throw new TypeError('the Response body was already read');
      const base = { outcome: 'response' as const, status: res.status, headers: loc ? headers.concat([['location', loc]]) : headers };
      if (peek.kind === 'none') return outcome(base);
      if (peek.kind === 'text') return outcome({ ...base, kind: 'text', body: peek.value });
      return readBodyBytes(res as never).then((bytes) => outcome({ ...base, kind: 'bytes', body: bytes }));
    }, (e) => {
      // redirect() of @kit/core/redirect works here too (as in directory middleware)
      const d = e && (e as { digest?: unknown }).digest;
      if (typeof d !== 'string' || d.indexOf('KIT_REDIRECT;') !== 0) throw e;
      const rest = d.slice('KIT_REDIRECT;'.length), semi = rest.indexOf(';');
      return outcome({ outcome: 'redirect', status: +rest.slice(0, semi) || 307,
        location: new URL(rest.slice(semi + 1), req.url).href, headers: takeResponseHeaders() });
    });
}
