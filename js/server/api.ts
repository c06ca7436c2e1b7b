// API routes (route.ts): the handler gets a web-standard Request and
// { params, searchParams }, returns a Response (sync or async). searchParams
// is a promise of the query's values (as pages get them; {} at build time,
// where there is no request). Reading it, or exporting a `searchParams`
// schema from the module, marks the answer readsQuery: kit-build then stores
// it for the bare URL only (docs/build-output.md "API routes"). Bundled only
// for apps that have API routes or use the web classes (build/webuse.c); the
// engine calls runRoute and writes the answer (render/engine.c kit_engine_api).
import { answerPairs, peekBody, readBodyBytes, Response } from './web/index';
import { request } from '../request';
import { currentRequest, currentPhase } from './request-context';
import { perRequestReason } from './segment-config';

type Query = Record<string, string | string[]>;
type Handler = (req: Request, ctx: { params: Query; searchParams: Promise<Query> }) => unknown;

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

// The request's query as pages get it (a repeated name gives an array); {}
// without a request (build time: the bare URL).
function queryOf(): Query {
  const out: Query = {};
  const r = currentRequest();
  if (!r) return out;
  const at = r.url.indexOf('?');
  if (at < 0) return out;
  const end = r.url.indexOf('#', at);
  const parts = r.url.slice(at + 1, end < 0 ? undefined : end).split('&');
  for (let i = 0; i < parts.length; i++) {
    if (!parts[i]) continue;
    const eq = parts[i].indexOf('=');
    const name = decode(eq < 0 ? parts[i] : parts[i].slice(0, eq));
    const value = eq < 0 ? '' : decode(parts[i].slice(eq + 1));
    const had = Object.prototype.hasOwnProperty.call(out, name) ? out[name] : undefined;
    if (had === undefined) out[name] = value;
    else if (typeof had === 'string') out[name] = [had, value];
    else had.push(value);
  }
  return out;
}

// The Response's status, headers (Set-Cookie last) and body; what the
// handler wrote through cookies() or responseHeaders() is not in headers:
// the engine takes it once the answer settled and the loop ran what the
// handler left queued (render/engine.c kit_engine_api).
export interface RouteAnswer {
  status: number;
  headers: Array<[string, string]>;
  kind: 'none' | 'text' | 'bytes';
  body: string;
  readsQuery: boolean;
}

export function runRoute(ns: Record<string, unknown>, method: string, params: Record<string, string | string[]>): Promise<RouteAnswer> {
  let handler = ns[method] as Handler | undefined;
  if (typeof handler !== 'function' && method === 'HEAD') handler = ns['GET'] as Handler | undefined;
  if (typeof handler !== 'function') return Promise.reject(new Error('no handler for ' + method));
  const h = handler;
  // route segment config: per request, never stored (docs/segment-config.md)
  const why = currentPhase() === 'build' ? perRequestReason([ns]) : null;
  if (why) {
    const e = new Error('[kit:dynamic per request: ' + why + '] the route answers per request');
    (e as Error & { digest: string }).digest = 'KIT_DYNAMIC;per request: ' + why;
    return Promise.reject(e);
  }
  let readsQuery = ns['searchParams'] !== undefined; // a searchParams schema
  const ctx = {
    params,
    get searchParams(): Promise<Query> {
      readsQuery = true;
      return Promise.resolve(queryOf());
    },
  };
  // The handler runs now (its throw a rejection); an answer that is a
  // Response already is read at once, a promise once it settles: one
  // promise for the engine to await instead of a chain of three.
  let res: unknown;
  try {
    res = h(request() as unknown as Request, ctx);
  } catch (e) {
    return Promise.reject(e);
  }
  if (res instanceof Response) {
    try {
      return Promise.resolve(answerOf(res, readsQuery));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  return Promise.resolve(res).then((r) => answerOf(r, readsQuery));
}

function answerOf(res: unknown, readsQuery: boolean): RouteAnswer | Promise<RouteAnswer> {
  if (!(res instanceof Response))
    throw new TypeError('an API route handler must return a Response (got ' + (res === null ? 'null' : typeof res) + ')');
  const headers = answerPairs(res.headers as never);
  const peek = peekBody(res as never);
  if (peek.used) throw new TypeError('the Response body was already read');
  if (peek.kind === 'none') return { status: res.status, headers, kind: 'none' as const, body: '', readsQuery };
  if (peek.kind === 'text') return { status: res.status, headers, kind: 'text' as const, body: peek.value, readsQuery };
  const status = res.status;
  return readBodyBytes(res as never).then((bytes) => ({ status, headers, kind: 'bytes' as const, body: bytes, readsQuery }));
}
