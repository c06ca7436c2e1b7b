// fetch() on the server (server components, API routes, middleware), backed
// by libcurl in the engine (render/fetch.c): one curl multi handle per worker
// that the event loop waits on next to its timers.
//
//   const res = await fetch('https://api.example.com/items', { timeout: 5000 });
//
// Like the platform's: input and init build a Request (so the same checks and
// body extraction: string, URLSearchParams, FormData as multipart, Blob,
// ArrayBuffer or a view); network errors reject with
// TypeError('fetch failed: …') whose `cause` has curl's message and a `code`
// (ECONNREFUSED, ETIMEDOUT, ENOTFOUND, ECONNRESET, …); an aborted `signal`
// rejects with its reason (an AbortError, or AbortSignal.timeout()'s
// TimeoutError); `redirect` is 'follow' (at most 20), 'manual' (the 3xx itself,
// as in Node) or 'error'. kit's own option: `timeout` in ms (default 30 s,
// 0 = none) for the whole exchange, a TypeError with code ETIMEDOUT.
//
// At build time (kit-build renders every page with no request) fetch() works
// too: fetched data is not a request read, so a page whose only input comes
// from fetch() is stored with the data of build time; `await connection()`
// (@kit/core/request) makes it render per request.
//
// Differences: the response body arrives whole before the promise resolves
// (mujs has no ReadableStream; `res.body` is the web classes' KitBodyStream,
// which yields it as one chunk), and bodies over 32 MiB fail the fetch;
// only http: and https: (no data:, blob:, file:); relative URLs are a
// TypeError (a server has no base URL); no cookies are kept between fetches;
// Accept-Encoding is always identity; proxies from the environment are not
// used. A fetch still running when the answer is complete is dropped (maybe
// before it was even sent): its promise never settles, and nothing of it
// reaches the next request.
import { defineGlobal, hide } from './web/util';
import { currentPhase, callSite, atCallSite } from './request-context';
import { Request, RequestInit } from './web/request';
import { Response } from './web/response';
import { Headers, freezeHeaders } from './web/headers';
import { URL } from './web/url';
import { peekBody } from './web/body';
import { utf8Encode, bufferFromByteString } from './web/bytes';

interface NativeAnswer {
  status: number;
  statusText: string;
  url: string;
  redirected: boolean;
  headers: Array<[string, string]>;
  body: string;
}

declare function __kit_fetch(
  method: string, url: string, headers: Array<[string, string]>, body: string | null,
  timeoutMs: number, redirect: string,
  onDone: (a: NativeAnswer) => void, onFail: (e: Error) => void,
): number;
declare function __kit_fetch_abort(id: number): void;

export interface KitRequestInit extends RequestInit {
  /** kit: milliseconds for the whole exchange (connect, headers, body); 0 = no limit. Default 30000. */
  timeout?: number;
}

const DEFAULT_TIMEOUT_MS = 30000;
const NULL_BODY_STATUS = [101, 103, 204, 205, 304];
const REDIRECT_STATUS = [301, 302, 303, 307, 308];

function timeoutOf(init: KitRequestInit | undefined): number {
  if (!init || init.timeout === undefined)
    return DEFAULT_TIMEOUT_MS;
  const ms = +init.timeout;
  if (!(ms >= 0))
    throw new TypeError('fetch: the timeout option must be a number of milliseconds (0 for none), got ' + String(init.timeout));
  return ms === Infinity ? 0 : Math.ceil(ms);
}

function fetchError(message: string, code: string): TypeError {
  const e: any = new TypeError('fetch failed: ' + message);
  const cause: any = new Error(message);
  cause.code = code;
  e.cause = cause;
  return e;
}

function toResponse(a: NativeAnswer, method: string): Response {
  const nullBody = method === 'HEAD' || NULL_BODY_STATUS.indexOf(a.status) >= 0;
  const res = new Response(nullBody ? null : bufferFromByteString(a.body));
  const headers = new Headers();
  for (let i = 0; i < a.headers.length; i++) {
    try {
      headers.append(a.headers[i][0], a.headers[i][1]);
    } catch (e) {
      // a header the platform would not hold (bad name or value): left out
    }
  }
  let url = a.url;
  try {
    url = new URL(a.url).href;
  } catch (e) {
    // curl's effective URL as it is
  }
  // the status, statusText and type of a network answer are not what the
  // Response constructor allows an app to set (any status, any reason phrase)
  hide(res, '_st', a.status);
  hide(res, '_stt', a.statusText);
  hide(res, '_h', freezeHeaders(headers));
  hide(res, '_ty', 'basic');
  hide(res, '_url', url);
  Object.defineProperty(res, 'redirected', { value: a.redirected, writable: false, configurable: true, enumerable: false });
  return res;
}

// fetch(u, {cache: 'no-store'}) or {next: {revalidate: 0}}: data that must
// be fresh per request, so at build time it is a request read (the route or
// its boundary renders per request, as Next.js makes it dynamic).
function perRequestAtBuild(init?: KitRequestInit) {
  const o = init as { cache?: string; next?: { revalidate?: unknown } } | undefined;
  if (!o || currentPhase() !== 'build') return;
  // (no quotes or commas: the reason travels in a digest, build/prerender.c)
  const why = o.cache === 'no-store' ? 'fetches with cache no-store'
    : o.next && o.next.revalidate === 0 ? 'fetches with next.revalidate = 0' : null;
  if (!why) return;
  // remembered too, in case the page catches the error (build/prerender.c)
  (globalThis as unknown as { __kit_note_per_request(w: string): void }).__kit_note_per_request(why);
  const e = new Error('[kit:dynamic per request: ' + why + '] it fetches per request, and there is no request at build time');
  (e as Error & { digest: string }).digest = 'KIT_DYNAMIC;per request: ' + why;
  throw e;
}

export function fetch(input: string | Request | { toString(): string }, init?: KitRequestInit): Promise<Response> {
  perRequestAtBuild(init);
  const site = callSite(fetch);
  return new Promise<Response>(function (resolve, reject) {
    const req = new Request(input, init);
    const signal = req.signal;
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    if (req.url.slice(0, 7) !== 'http://' && req.url.slice(0, 8) !== 'https://') {
      reject(fetchError('unknown scheme (only http: and https: can be fetched): ' + req.url.slice(0, 200), 'KIT_FETCH_SCHEME'));
      return;
    }
    const timeout = timeoutOf(init);
    const method = req.method;
    const redirect = req.redirect;
    const headers: Array<[string, string]> = (req.headers as any)._l.slice();
    const peek = peekBody(req as never);
    const body = peek.kind === 'none' ? null : peek.kind === 'text' ? utf8Encode(peek.value) : peek.value;
    let settled = false;
    function finish() {
      settled = true;
      signal.removeEventListener('abort', onAbort);
    }
    function onAbort() {
      if (settled)
        return;
      finish();
      __kit_fetch_abort(id);
      reject(signal.reason);
    }
    function onDone(a: NativeAnswer) {
      if (settled)
        return;
      finish();
      try {
        if (redirect === 'error' && REDIRECT_STATUS.indexOf(a.status) >= 0)
          throw fetchError('unexpected redirect (redirect: "error")', 'KIT_FETCH_REDIRECT');
        resolve(toResponse(a, method));
      } catch (e) {
        reject(e);
      }
    }
    function onFail(e: Error) {
      if (settled)
        return;
      finish();
      reject(atCallSite(e, site));
    }
    const id = __kit_fetch(method, req.url, headers, body, timeout, redirect, onDone, onFail);
    signal.addEventListener('abort', onAbort);
  });
}

defineGlobal('fetch', fetch);
