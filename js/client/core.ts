// The navigation core of the browser runtime: navigations, history and
// scroll (the payload cache and the requests are answer.ts's). React-free (the Router component attaches itself as the
// "host" that commits payloads), so Link, the hooks and `@kit/core/router` can
// import it from the server bundle too: nothing here runs a browser API unless
// a function is called in the browser.
//
// The protocol (docs/client-components.md §5, docs/wire-formats.md §3.1):
//   request   X-RSC: true
//             X-RSC-Segments: <the layout chain held, outermost first>
//             X-RSC-Version:  <the build version>
//   answer    200 text/x-component, X-RSC-Segment-Depth: d → the payload is
//                 what the SegmentBoundary at depth d renders (0 = the document)
//             X-RSC-Layouts (chain to send next time), X-RSC-Version
//             404, 403, 401 text/x-component: the not-found, forbidden or
//                 unauthorized page (docs/errors.md), taken like a 200
//             204 + X-RSC-Redirect → navigate there instead (same history mode)
//             409 + X-RSC-Location → full load there
//             anything else (network error, other status, not Flight) → full load
// Before the first navigation the chain and the version come from two globals
// the server writes into the document before its first Flight push:
//   self.__kit_l = "app/layout,app/blog/layout"   (same format as X-RSC-Layouts)
//   self.__kit_v = "<build version>"              (same value as X-RSC-Version)
// Either may be missing: no X-RSC-Segments is sent (the server answers depth
// 0), no X-RSC-Version is sent (no 409 check).

export const DEFAULT_CACHE_FOR = 30000;
export const HOVER_DELAY = 100;
const MAX_REDIRECTS = 10;

export const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

declare global {
  interface Window {
    __kit_l?: string;
    __kit_v?: string;
    __kit_errors?: Array<{ kind: string; message: string; digest?: string }>;
  }
}

// ---------------------------------------------------------------------------
// What the Router commits

export type HistoryMode = 'push' | 'replace' | 'none';
export type ScrollMode = 'top' | 'keep' | { x: number; y: number };

export interface Commit {
  navId: number;
  depth: number;      // which SegmentBoundary gets the node (0 = the whole document); -1: the URL only
  inPlace?: boolean;  // keep the keys below the boundary: React reconciles, client state survives
  node: unknown;      // the decoded root of the payload
  href: string;       // the URL now shown
  history: HistoryMode;
  scroll: ScrollMode;
  key: string;        // the history entry's key
  layouts: string[];
  version: string | null;
}

export interface RouterHost {
  commit(c: Commit): void;
}

type Decoder = (body: ReadableStream<Uint8Array>) => PromiseLike<unknown>;

let host: RouterHost | null = null;
let decoder: Decoder | null = null;
let boundaryComponent: unknown = null;

// Set by the entry (js/client/entry.ts): how a payload is decoded. Kept out
// of this module so that the server bundle never pulls the Flight client in.
export function setDecoder(d: Decoder) {
  decoder = d;
}

// The error boundary each SegmentBoundary puts around its content (redirect
// digests); a class component, which kit's server-side React does not have,
// so the browser-only entry hands it over.
export function setBoundaryComponent(c: unknown) {
  boundaryComponent = c;
}
export function getBoundaryComponent(): unknown {
  return boundaryComponent;
}

// ---------------------------------------------------------------------------
// Session state: the layout chain held, the build version, the URL shown

let layouts: string[] | null = null;
let version: string | null | undefined;
let current: URL | null = null;
let currentKey = '';
const boundaries = new Map<number, number>();
const scrollPositions = new Map<string, { x: number; y: number }>();

function splitList(s: string | null | undefined): string[] {
  return s ? s.split(',').map((x) => x.trim()).filter(Boolean) : [];
}

export function currentLayouts(): string[] {
  if (layouts === null) layouts = inBrowser ? splitList(self.__kit_l) : [];
  return layouts;
}

export function currentVersion(): string | null {
  if (version === undefined) version = inBrowser && typeof self.__kit_v === 'string' && self.__kit_v ? self.__kit_v : null;
  return version;
}

function currentURL(): URL {
  return current || new URL(location.href);
}

// A FallbackBoundary (segment.tsx) shows a fallback page in place of what is
// below `depth` layouts: the layouts below are gone from the page, so the
// next navigation holds only the first `depth` (and replaces what is below).
export function dropLayoutsBelow(depth: number) {
  const l = currentLayouts();
  if (l.length > depth) layouts = l.slice(0, depth);
}

export function boundaryMounted(depth: number, delta: number) {
  boundaries.set(depth, (boundaries.get(depth) || 0) + delta);
}

const newKey = () => Math.random().toString(36).slice(2, 10);

// ---------------------------------------------------------------------------
// Answers and the cache

// The cache and the requests are answer.ts's, a file of its own that the
// entry loads with the first navigation or prefetch (setAnswers): a page
// nobody navigates from does not load it. Until then there is no cache.
export type Answers = typeof import('./answer');
let answers: Answers | null = null;
let loadAnswers: (() => Promise<Answers>) | null = null;

// Set by the entry (js/client/entry.ts): how answer.ts is loaded.
export function setAnswers(load: () => Promise<Answers>) {
  loadAnswers = load;
}

let answersLoading: Promise<Answers> | null = null;
function answersModule(): Promise<Answers> {
  if (answers) return Promise.resolve(answers);
  if (!loadAnswers) return Promise.reject(new Error('kit: the browser runtime has not started'));
  if (!answersLoading) {
    answersLoading = loadAnswers().then((m) => (answers = m), (e) => {
      answersLoading = null;   // the next navigation tries again
      throw e;
    });
  }
  return answersLoading;
}

function toURL(path: unknown): URL {
  return new URL(String(path), location.href);
}

// Warms the cache for path: a later navigation there (within cacheFor ms of
// the answer) uses it instead of asking the server again.
export function prefetch(path: string, options: { cacheFor?: number } = {}): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  let url: URL;
  try {
    url = toURL(path);
  } catch {
    return Promise.resolve();
  }
  if (url.origin !== location.origin) return Promise.resolve();
  const cacheFor = options.cacheFor === undefined ? DEFAULT_CACHE_FOR : options.cacheFor;
  return answersModule().then((m) => m.entryFor(url, cacheFor, '', currentLayouts(), currentVersion()).promise)
    .then(() => undefined, () => undefined);
}

// Decodes a Flight body with the entry's decoder (server actions' answers).
export function decodePayload(body: ReadableStream<Uint8Array>): PromiseLike<unknown> {
  if (!decoder) return Promise.reject(new Error('kit: the browser runtime has not started'));
  return decoder(body);
}

// A region an action re-rendered (docs/actions.md §3): the page's payload at
// `depth`, committed in place (client state below survives, history and
// scroll stay), the way a navigation to the same URL would commit it.
export function applyRegion(depth: number, node: unknown, held: string[], v: string | null) {
  if (answers) answers.clearCache();   // cached payloads may show what the action changed
  if (!host || (depth > 0 && !boundaries.get(depth))) {
    hardNavigate(currentURL(), 'replace');
    return;
  }
  host.commit({
    navId: ++navSeq,
    depth,
    inPlace: true,
    node,
    href: currentURL().href,
    history: 'none',
    scroll: 'keep',
    key: currentKey,
    layouts: held.length ? held : currentLayouts(),
    version: v || currentVersion(),
  });
}

// Drops every cached answer (for tests and for code that knows the data moved).
export function clearCache() {
  if (answers) answers.clearCache();
}

// ---------------------------------------------------------------------------
// Navigations

export interface VisitOptions {
  replace?: boolean;
  preserveScroll?: boolean;
  cacheFor?: number;
  /** Render the target into this parallel slot of the current page (X-RSC-Intercept). */
  intercept?: string;
  /** Refresh in place: the new payload is reconciled with what is mounted, so
   * client components keep their state (the search-state adapter uses it). */
  inPlace?: boolean;
}

interface Nav {
  id: number;
  settle: () => void;
}

let navSeq = 0;
const inFlight = new Map<number, Nav>();

function hardNavigate(url: URL | string, mode: HistoryMode) {
  const href = typeof url === 'string' ? url : url.href;
  if (mode === 'push') location.assign(href);
  else location.replace(href);
}

function saveScroll() {
  if (currentKey) scrollPositions.set(currentKey, { x: window.scrollX, y: window.scrollY });
}

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return !!x && (typeof x === 'object' || typeof x === 'function') && typeof (x as PromiseLike<unknown>).then === 'function';
}

export function redirectTarget(e: unknown): string | null {
  const d = e && typeof e === 'object' ? (e as { digest?: unknown }).digest : undefined;
  if (typeof d !== 'string' || d.indexOf('KIT_REDIRECT;') !== 0) return null;
  const rest = d.slice('KIT_REDIRECT;'.length);
  const semi = rest.indexOf(';');
  return semi < 0 ? null : rest.slice(semi + 1) || '/';
}

interface NavOptions {
  history: HistoryMode;
  scroll: ScrollMode;
  key: string;
  cacheFor: number;
  intercept?: string;
  inPlace?: boolean;
  keep?: number;      // ask for the page below this many layouts, whatever is cached
}

function navigate(url: URL, o: NavOptions): Promise<void> {
  if (url.origin !== location.origin || !host || !decoder) {
    hardNavigate(url, o.history);
    return Promise.resolve();
  }
  // A newer navigation ends the older ones (their Links stop being pending).
  inFlight.forEach((n) => n.settle());
  inFlight.clear();
  let settle!: () => void;
  const done = new Promise<void>((r) => { settle = r; });
  const nav: Nav = { id: ++navSeq, settle };
  inFlight.set(nav.id, nav);
  saveScroll();
  run(nav, url, o).catch((e) => {
    if (typeof console !== 'undefined') console.error('kit: navigation to ' + url.href + ' failed', e);
    if (nav.id === navSeq) hardNavigate(url, o.history);
  });
  return done;
}

async function run(nav: Nav, first: URL, o: NavOptions): Promise<void> {
  let url = first;
  let history = o.history;
  for (let hops = 0; ; hops++) {
    const m = await answersModule();
    const held = currentLayouts();
    const answer = await (hops === 0 && o.keep !== undefined
      ? m.request(url, o.cacheFor, '', held.slice(0, o.keep), currentVersion())
      : m.entryFor(url, o.cacheFor, hops === 0 ? o.intercept || '' : '', held, currentVersion())).promise;
    if (nav.id !== navSeq) return;
    if (answer.kind === 'reload') {
      location.href = new URL(answer.location, url).href;
      return;
    }
    if (answer.kind === 'error') {
      hardNavigate(url, history);
      return;
    }
    if (answer.kind === 'redirect') {
      const to = new URL(answer.location, url);
      // the history gets the destination only: popstate targets are replaced
      if (history === 'none') history = 'replace';
      if (to.origin !== location.origin || hops >= MAX_REDIRECTS) {
        hardNavigate(to, history);
        return;
      }
      url = to;
      continue;
    }
    if (answer.depth > 0 && !boundaries.get(answer.depth)) {
      // nothing on the page can take a payload of this depth
      hardNavigate(url, history);
      return;
    }
    let node: unknown;
    try {
      const decoded = decoder!(answer.body.stream());
      node = isThenable(decoded) ? await decoded : decoded;
    } catch (e) {
      if (nav.id !== navSeq) return;
      const to = redirectTarget(e);
      if (to !== null && hops < MAX_REDIRECTS) {
        if (history === 'none') history = 'replace';
        url = new URL(to, url);
        continue;
      }
      hardNavigate(url, history);
      return;
    }
    if (nav.id !== navSeq) return;
    const target = new URL(answer.href);
    if (!target.hash) target.hash = url.hash;
    host!.commit({
      navId: nav.id,
      depth: answer.depth,
      inPlace: !!o.inPlace,
      node,
      href: target.href,
      history,
      scroll: o.scroll,
      key: history === 'none' ? o.key : newKey(),
      layouts: answer.layouts,
      version: answer.version,
    });
    return;
  }
}

// An error boundary's retry() (js/client/error-boundary.tsx): the current
// URL asked again for what is below the boundary's `depth` layouts (a fresh
// answer, never the cache), put in place of that segment; the history entry
// and the scroll position stay.
export function retrySegment(depth: number): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  return navigate(currentURL(), { history: 'replace', scroll: 'keep', key: '', cacheFor: 0, keep: depth });
}

// kit-serve --dev's live reload (js/client/dev-client.ts, through entry.ts
// in a dev build only): the current URL asked again at depth 0, never from
// the cache, and committed in place, so client components keep their state
// where the new tree still has them.
export function refreshInPlace(): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  if (answers) answers.clearCache();
  return navigate(currentURL(), { history: 'replace', scroll: 'keep', key: currentKey, cacheFor: 0, keep: 0, inPlace: true });
}

// The browser's error log of kit: what React reports (hydrateRoot's
// onCaughtError, onRecoverableError, onUncaughtError: js/client/entry.ts) and
// what an error boundary found before rendering. Kept in self.__kit_errors
// (tests read it) and written to the console.
export function reportError(kind: string, e: unknown) {
  const err = e as { message?: string; digest?: string } | null;
  const digest = err && typeof err.digest === 'string' ? err.digest : undefined;
  const list = (self.__kit_errors = self.__kit_errors || []);
  list.push({ kind, message: String(err && err.message !== undefined ? err.message : e), digest });
  console.error('kit: ' + kind + ' error', e);
}

// visit(path, {replace}): a client navigation. Resolves once the new page is
// committed (or when a newer navigation took over).
export function visit(path: string, options: VisitOptions = {}): Promise<void> {
  if (!inBrowser) return Promise.reject(new Error('visit() navigates in the browser; a server component uses redirect()'));
  const url = toURL(path);
  return navigate(url, {
    history: options.replace ? 'replace' : 'push',
    scroll: options.preserveScroll ? 'keep' : 'top',
    key: '',
    cacheFor: options.cacheFor === undefined ? DEFAULT_CACHE_FOR : options.cacheFor,
    intercept: options.intercept || '',
    inPlace: !!options.inPlace,
  });
}

// A URL change without a payload (a "shallow" update): history gets the URL,
// usePathname()/useSearchParams() follow it, nothing is fetched. The
// search-state adapter (@kit/core/nuqs) uses it.
export function shallowURL(path: string, options: { replace?: boolean; scroll?: boolean } = {}): void {
  if (!inBrowser) return;
  const url = toURL(path);
  if (url.origin !== location.origin || !host) {
    hardNavigate(url, options.replace ? 'replace' : 'push');
    return;
  }
  host.commit({
    navId: ++navSeq,
    depth: -1,
    node: null,
    href: url.href,
    history: options.replace ? 'replace' : 'push',
    scroll: options.scroll ? 'top' : 'keep',
    key: options.replace ? currentKey : newKey(),
    layouts: currentLayouts(),
    version: currentVersion(),
  });
}

function scrollTo(c: Commit) {
  const s = c.scroll;
  if (s === 'keep') return;
  if (s !== 'top') {
    window.scrollTo(s.x, s.y);
    return;
  }
  const hash = new URL(c.href).hash;
  if (hash.length > 1) {
    let id = hash.slice(1);
    try { id = decodeURIComponent(id); } catch { /* keep it raw */ }
    const el = document.getElementById(id);
    if (el) {
      el.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}

// Called by the Router in a layout effect once a commit is on screen.
export function committed(c: Commit) {
  layouts = c.layouts;
  if (c.version) version = c.version;
  const same = c.href === currentURL().href;
  current = new URL(c.href);
  if (c.navId !== navSeq) {
    // React committed a navigation a newer one has superseded (it started
    // while this one still rendered): the newer one writes history and scroll
    settleUpTo(c.navId);
    return;
  }
  const state = { __kit: { key: c.key } };
  // a Link to the page shown replaces its entry, as the browser does
  if (c.history === 'push' && !same) history.pushState(state, '', c.href);
  else if (c.history !== 'none') history.replaceState(state, '', c.href);
  else if (!(history.state && history.state.__kit)) history.replaceState(state, '', location.href);
  currentKey = c.key;
  scrollTo(c);
  settleUpTo(c.navId);
}

function settleUpTo(navId: number) {
  inFlight.forEach((n, id) => {
    if (id <= navId) {
      n.settle();
      inFlight.delete(id);
    }
  });
}

// ---------------------------------------------------------------------------
// Startup (browser): the Router attaches once it is mounted.

function onPopState(e: PopStateEvent) {
  const target = new URL(location.href);
  const was = currentURL();
  const st = e.state && e.state.__kit;
  if (target.pathname === was.pathname && target.search === was.search) {
    // a hash change within the page: the browser scrolls
    current = target;
    if (st) currentKey = st.key;
    return;
  }
  saveScroll();
  const key: string = st ? st.key : newKey();
  const saved = scrollPositions.get(key);
  navigate(target, { history: 'none', scroll: saved || 'top', key, cacheFor: DEFAULT_CACHE_FOR });
}

export function attach(h: RouterHost): () => void {
  host = h;
  if (!current) {
    current = new URL(location.href);
    const st = history.state && history.state.__kit;
    currentKey = st ? st.key : newKey();
    if (!st) {
      try {
        history.replaceState(Object.assign({}, history.state || {}, { __kit: { key: currentKey } }), '', location.href);
      } catch { /* a state that cannot be cloned: leave it */ }
    }
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }
  window.addEventListener('popstate', onPopState);
  return () => {
    window.removeEventListener('popstate', onPopState);
    if (host === h) host = null;
  };
}

// The URL the Router shows (for tests and debugging).
export function currentHref(): string {
  return currentURL().href;
}
