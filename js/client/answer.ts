// The payload cache and the navigation requests of the browser runtime
// (core.ts has the protocol): the fetch, the answer's headers read, the body
// kept for replays. Browser only, and a file of its own: kit-build builds it
// apart from the entry, which loads it with the first navigation or prefetch
// (core.ts setAnswers), so a page nobody navigates from does not load it.
// It imports nothing (so it needs none of the entry's code).

function splitList(s: string | null): string[] {
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : [];
}

// A response body several decoders can read, each from the start, while it
// still streams in: a prefetched answer may be used by more than one
// navigation (click, then back/forward) within cacheFor.
export interface Replay {
  stream(): ReadableStream<Uint8Array>;
}

function replay(body: ReadableStream<Uint8Array> | null): Replay {
  const chunks: Uint8Array[] = [];
  const readers = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let done = !body;
  let error: unknown = null;
  if (body) {
    const reader = body.getReader();
    const pump = (): void => {
      reader.read().then((r) => {
        if (r.done) {
          done = true;
          readers.forEach((c) => c.close());
          readers.clear();
          return;
        }
        const value = r.value;
        if (value && value.byteLength) {
          chunks.push(value);
          readers.forEach((c) => c.enqueue(value));
        }
        pump();
      }, (e) => {
        error = e || new Error('kit: the navigation answer was cut off');
        readers.forEach((c) => c.error(error));
        readers.clear();
      });
    };
    pump();
  }
  return {
    stream() {
      let ctl: ReadableStreamDefaultController<Uint8Array>;
      return new ReadableStream<Uint8Array>({
        start: (c) => {
          ctl = c;
          for (const chunk of chunks) c.enqueue(chunk);
          if (error) c.error(error);
          else if (done) c.close();
          else readers.add(c);
        },
        cancel: () => {
          readers.delete(ctl);
        },
      });
    },
  };
}

export interface FlightAnswer {
  kind: 'flight';
  depth: number;
  layouts: string[];
  version: string | null;
  href: string;     // the URL answered (after HTTP redirects fetch followed)
  body: Replay;
}
export type Answer =
  | FlightAnswer
  | { kind: 'redirect'; location: string }
  | { kind: 'reload'; location: string }
  | { kind: 'error' };

// One navigation request (core.ts's protocol) and what its answer is. `v`:
// the build version held (X-RSC-Version), null for none.
export async function fetchAnswer(url: URL, sent: string[], intercept: string, v: string | null): Promise<Answer> {
  const headers: Record<string, string> = { 'X-RSC': 'true' };
  if (sent.length) headers['X-RSC-Segments'] = sent.join(',');
  if (intercept) {
    // render the target into this slot of the current page (the server
    // widens the depth to the layout declaring the slot)
    headers['X-RSC-Intercept'] = intercept;
    headers['X-RSC-Referer'] = location.pathname + location.search;
  }
  if (v) headers['X-RSC-Version'] = v;
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, { headers, credentials: 'same-origin' });
  } catch {
    return { kind: 'error' };
  }
  const h = res.headers;
  if (res.status === 409) return { kind: 'reload', location: h.get('X-RSC-Location') || url.href };
  const redirect = h.get('X-RSC-Redirect');
  if (redirect && (res.status === 204 || (res.status >= 200 && res.status < 300))) return { kind: 'redirect', location: redirect };
  const type = h.get('Content-Type') || '';
  const depthHeader = h.get('X-RSC-Segment-Depth');
  // 404, 403, 401: the not-found, forbidden or unauthorized page (docs/errors.md)
  const page = res.status === 200 || res.status === 404 || res.status === 403 || res.status === 401;
  if (!page || (type.indexOf('text/x-component') < 0 && depthHeader === null)) {
    if (res.body) res.body.cancel().catch(() => {});
    return { kind: 'error' };
  }
  const depth = depthHeader === null ? 0 : parseInt(depthHeader, 10);
  if (!(depth >= 0)) return { kind: 'error' };
  const answered = new URL(res.redirected && res.url ? res.url : url.href);
  answered.hash = url.hash;
  return {
    kind: 'flight',
    depth,
    layouts: splitList(h.get('X-RSC-Layouts')),
    version: h.get('X-RSC-Version'),
    href: answered.href,
    body: replay(res.body),
  };
}

export interface Entry {
  sent: string[];               // the layout chain the request carried
  answer: Answer | null;        // once known
  promise: Promise<Answer>;
  expires: number;              // ms epoch; Infinity while in flight
}

const cache = new Map<string, Entry>();

function cacheKey(url: URL, intercept: string): string {
  return url.pathname + url.search + (intercept ? '\u0000' + intercept : '');
}

function sameList(a: string[], b: string[], n = Math.max(a.length, b.length)): boolean {
  if (a.length < n || b.length < n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Can this entry still be used by a client holding the current chain? A
// payload of depth d only needs the first d layouts to be the ones it was
// asked for; while the answer is unknown the whole chain must match.
function usable(e: Entry, now: number, held: string[]): boolean {
  if (now >= e.expires) return false;
  if (!e.answer) return sameList(e.sent, held);
  if (e.answer.kind !== 'flight') return false;
  return sameList(e.sent, held, e.answer.depth);
}

function prune(now: number) {
  cache.forEach((e, k) => {
    if (now >= e.expires) cache.delete(k);
  });
}

// A request for url (the answer cached for cacheFor ms once it is a page).
// sent: the layout chain to send; version: the build version held.
export function request(url: URL, cacheFor: number, intercept: string, sent: string[], version: string | null): Entry {
  prune(Date.now());
  const e: Entry = { sent, answer: null, promise: null as unknown as Promise<Answer>, expires: Infinity };
  const k = cacheKey(url, intercept);
  e.promise = fetchAnswer(url, sent, intercept, version).then((a) => {
    e.answer = a;
    if (a.kind === 'flight') e.expires = Date.now() + Math.max(0, cacheFor);
    else if (cache.get(k) === e) cache.delete(k);   // redirects and failures are never cached
    if (e.expires <= Date.now() && cache.get(k) === e) cache.delete(k);
    return a;
  });
  cache.set(k, e);
  return e;
}

// The cached answer for url if a client holding `held` can use it, else a new request.
export function entryFor(url: URL, cacheFor: number, intercept: string, held: string[], version: string | null): Entry {
  const now = Date.now();
  const e = cache.get(cacheKey(url, intercept));
  if (e && usable(e, now, held)) return e;
  return request(url, cacheFor, intercept, held.slice(), version);
}

// Drops every cached answer.
export function clearCache() {
  cache.clear();
}
