// The request being answered, as the engine hands it over (render/engine.c
// calls beginRequest before any app code runs for a request and endRequest
// after the answer). One request at a time per mujs state, so this is plain
// module state, set and cleared around each request — never a JS global.
// Header values and the body are byte strings (one character per byte).

export type Phase = 'middleware' | 'render' | 'route' | 'action' | 'build';

export interface RequestInfo {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string | null;
  // every pair as the web Headers class stores it (render/header.c
  // kit_header_plain): request() takes the list without testing it again
  headersPlain?: boolean;
}

let current: RequestInfo | null = null;
let read = false;      // headers(), cookies() or request() was called for this request
let phase: Phase = 'build';
let responseHeaders: Array<[string, string]> = [];
// false once the engine took the headers (the answer's head is written)
let headersOpen = false;
const caches: Array<{ fn: unknown; store: Map<string, unknown> }> = [];

export function beginRequest(info: RequestInfo, p: Phase): void {
  current = info;
  read = false;
  phase = p;
  responseHeaders = [];
  headersOpen = true;
  caches.length = 0;
}

export function setPhase(p: Phase): void {
  phase = p;
}

export function endRequest(): void {
  current = null;
  phase = 'build';
  responseHeaders = [];
  headersOpen = false;
  caches.length = 0;
}

export function currentRequest(): RequestInfo | null {
  return current;
}

// What the request APIs (@kit/core/request) call: the answer depends on the
// visitor. GET /_rsc/query never lets a shared cache keep such an answer.
export function markRequestRead(): void {
  read = true;
}

export function requestWasRead(): boolean {
  return read;
}

export function currentPhase(): Phase {
  return phase;
}

// Response headers (Set-Cookie included) written by middleware or an API
// route; the host puts them on the answer. A component cannot: the status
// and headers of a streamed page are already out when it runs.
export function addResponseHeader(name: string, value: string, what: string): void {
  if (phase === 'render')
    throw new Error(what + ' was called while rendering a component, after the response headers were sent. ' +
      'Set headers and cookies in middleware.ts (or in an API route or a server action) instead.');
  if (!current)
    throw new Error(what + ' needs a request: it cannot run at build time.');
  responseHeaders.push([name, value]);
}

// A header the backend set on a host-call answer (Set-Cookie): unlike a
// component's own writes, it may join a page's answer during the render, as
// long as the engine has not taken the headers yet (the shell, a redirect or
// an error page is not written). Throws once they are sealed.
export function addHostHeader(name: string, value: string, what: string): void {
  if (!current)
    throw new Error(what + ' needs a request: it cannot run at build time.');
  if (!headersOpen)
    throw new Error('the response headers were already sent when ' + what + ' answered ' +
      '(a call inside a Suspense boundary that settles after the shell). Make the call above every ' +
      'Suspense boundary, in middleware.ts, an API route or a server action.');
  responseHeaders.push([name, value]);
}

// The engine takes the headers when it writes the answer's head: from then
// on they are sealed (addHostHeader throws).
export function takeResponseHeaders(): Array<[string, string]> {
  const out = responseHeaders;
  responseHeaders = [];
  headersOpen = false;
  return out;
}

// cache(fn): results shared within one request.
export function requestCache(fn: unknown): Map<string, unknown> | null {
  if (!current) return null;
  for (let i = 0; i < caches.length; i++) if (caches[i].fn === fn) return caches[i].store;
  const store = new Map<string, unknown>();
  caches.push({ fn, store });
  return store;
}

// Where the app called fetch() or rpc(): the frames below fn, taken at the
// call (their failure comes later, from the loop, where no frame of the app
// is left). atCallSite gives the error those frames, so that its log line
// names the app's file and line (docs/errors.md "The log line").
export function callSite(fn: Function): { stack?: string } {
  const site: { stack?: string } = {};
  (Error as unknown as { captureStackTrace(o: object, f: Function): void }).captureStackTrace(site, fn);
  return site;
}

export function atCallSite(e: unknown, site: { stack?: string }): unknown {
  const frames = typeof site.stack === 'string' ? site.stack.indexOf('\n    at ') : -1;
  if (frames < 0 || !e || typeof e !== 'object') return e;
  try {
    Object.defineProperty(e, 'stack', { value: String(e) + site.stack!.slice(frames), writable: true, configurable: true });
  } catch (err) {
    // a frozen error keeps its own stack
  }
  return e;
}
