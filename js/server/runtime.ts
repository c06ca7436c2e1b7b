// The part of the server runtime written in JS: it composes a route's element
// tree (layouts, slots, loading boundary, page) from the manifest. The C engine
// (render/engine.c) calls init() once per worker and buildTree() per request,
// passing request data as arguments; nothing per-request is kept here.
import { jsx } from './jsx-runtime';
import { FallbackBoundary, SegmentBoundary } from '../client/segment';
import { ErrorBoundary } from '../client/error-boundary';
import { PathnameContext } from '../client/context';
import { pushProvider as pushContext, use } from './hooks';
import { Metadata, hasMetadata, withFiles } from './metadata';
import { applySegmentConfig } from './segment-config';
import { currentPhase } from './request-context';
import {
  REACT_ELEMENT, REACT_FRAGMENT, REACT_SUSPENSE, REACT_STRICT_MODE, REACT_PROFILER,
  REACT_FORWARD_REF, REACT_MEMO, REACT_CLIENT_REFERENCE, REACT_CONTEXT, REACT_CONSUMER, REACT_LAZY,
  REACT_SERVER_REFERENCE,
} from './symbols';

export const symbols = {
  element: REACT_ELEMENT,
  fragment: REACT_FRAGMENT,
  suspense: REACT_SUSPENSE,
  strictMode: REACT_STRICT_MODE,
  profiler: REACT_PROFILER,
  forwardRef: REACT_FORWARD_REF,
  memo: REACT_MEMO,
  clientReference: REACT_CLIENT_REFERENCE,
  context: REACT_CONTEXT,
  consumer: REACT_CONSUMER,
  lazy: REACT_LAZY,
  serverReference: REACT_SERVER_REFERENCE,
};

// A lazy() type renders as this component (one per lazy object): it suspends
// with use() until the loader's promise settles, then renders the default
// export in its place. No hook state of its own, so ids and hooks below it are
// those of the loaded component, as in React.
interface LazyType {
  _load: () => PromiseLike<unknown>;
  _payload: PromiseLike<unknown> | null;
  _render?: (props: Record<string, unknown>) => unknown;
}
export function lazyComponent(l: LazyType): (props: Record<string, unknown>) => unknown {
  if (l._render) return l._render;
  l._render = function Lazy(props: Record<string, unknown>) {
    if (!l._payload) l._payload = Promise.resolve(l._load());
    const m = use(l._payload) as { default?: unknown } | null;
    const type = m && typeof m === 'object' && 'default' in m ? m.default : m;
    return jsx(type as string, props);
  };
  return l._render;
}

export {
  renderComponent, takeIdCount, pushProvider, popProvider, saveContexts, restoreContexts, resetContexts,
  providerDepth, SuspenseException,
} from './hooks';

export { beginRequest, endRequest, setPhase, takeResponseHeaders } from './request-context';
export { lookupServerReference } from './server-reference';
export { beginRender as beginFormStateRender, formStateJSON } from './form-state';
export { takeActionStateMarkers } from './hooks';
// rpc(): installs the global (js/server/rpc.ts); the guard check below
import { checkBackendGuards } from './rpc';

interface LayoutEntry { module: string; slots: Record<string, string | null> }
interface RouteEntry {
  path: string;
  middleware?: string[];
  methods?: string[];
  kind: 'page' | 'api';
  module: string;
  layouts: LayoutEntry[];
  loading: { module: string; depth: number } | null;
  notFound?: { module: string; depth: number } | null;
  // template, error, loading, not-found, forbidden, unauthorized files at or
  // above the page, outermost first; depth: the layouts at or above the
  // file's directory
  boundaries?: Boundary[];
}
interface Boundary {
  kind: 'template' | 'error' | 'loading' | 'not-found' | 'forbidden' | 'unauthorized';
  module: string;
  depth: number;
}
interface Manifest { routes: RouteEntry[] }
type Namespace = Record<string, unknown>;

let modules: Record<string, Namespace> = {};
let manifest: Manifest = { routes: [] };

export function init(mods: Record<string, Namespace>, m: Manifest) {
  modules = mods;
  manifest = m;
}

// The stylesheets each module of the entry reaches through its imports, in
// import order: kit-build appends the call (toolchain/styles.mjs).
let styles: Record<string, string[]> = {};
export function setStyles(s: Record<string, string[]>) {
  styles = s;
}

// <link rel="stylesheet" precedence> for the modules' stylesheets, each href
// once: React hoists them into <head> (and, on a client navigation, loads a
// new one before it shows the page); docs/styles.md.
function styleLinks(ids: (string | null | undefined)[]): unknown[] {
  const seen: Record<string, true> = {};
  const links: unknown[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const list = id ? styles[id] : undefined;
    if (!list) continue;
    for (let j = 0; j < list.length; j++) {
      const href = list[j];
      if (seen[href]) continue;
      seen[href] = true;
      links.push(jsx('link', { rel: 'stylesheet', href, precedence: 'default' }, href));
    }
  }
  return links;
}

// The modules a route renders, outermost first.
function routeModules(layouts: LayoutEntry[], loading: RouteEntry['loading'], last: string | null): string[] {
  const ids: string[] = [];
  for (let i = 0; i < layouts.length; i++) {
    const l = layouts[i];
    ids.push(l.module);
    for (const name in l.slots) if (l.slots[name]) ids.push(l.slots[name] as string);
  }
  if (loading) ids.push(loading.module);
  if (last) ids.push(last);
  return ids;
}

function component(id: string): unknown {
  const ns = modules[id];
  if (!ns) throw new Error('kit: module ' + id + ' is missing from the server bundle; rebuild with kit-build');
  const c = ns['default'];
  if (typeof c !== 'function') throw new Error('kit: ' + id + ' has no default export component');
  return c;
}

function defaultPage(status: string, text: string) {
  return function () {
    return jsx('main', { children: [jsx('h1', { children: status }), jsx('p', { children: text })] });
  };
}
const DefaultNotFound = defaultPage('404', 'This page could not be found.');
const DefaultForbidden = defaultPage('403', 'You are not allowed to see this page.');
const DefaultUnauthorized = defaultPage('401', 'You need to sign in to see this page.');

// error.tsx and global-error.tsx are error boundaries: they run in the
// browser, so they must be client components ('use client').
function errorComponent(id: string): unknown {
  const c = component(id) as { $$typeof?: unknown };
  if (c.$$typeof !== REACT_CLIENT_REFERENCE)
    throw new Error('kit: ' + id + ' is an error boundary, which runs in the browser: start the file with "use client"');
  return c;
}

// The pages of notFound(), forbidden() and unauthorized() thrown inside a
// Suspense boundary (after the shell went out, so the host cannot answer
// with the fallback page): a FallbackBoundary at each depth that has such
// files, inside the loading boundary, given those files' elements; it shows
// the one the browser meets in place of the segment's content, with a
// robots noindex meta (docs/errors.md). The root one (the root layout's
// depth) falls back to kit's default pages. The elements are rendered with
// every page, as Next.js renders its segments' not-found components.
const FALLBACK_PROP: Record<string, string> = { 'not-found': 'notFound', forbidden: 'forbidden', unauthorized: 'unauthorized' };

// A fallback file's page for the FallbackBoundary. Rendered per request it
// is the file's component. At build time (no request) a server component
// that reads the request is left out (null) instead of making every page of
// its segment read it above every Suspense boundary (a build failure):
// stored pages go without it.
function FallbackPage(props: { module: string }): unknown {
  const c = component(props.module) as ((p: object) => unknown) & { $$typeof?: unknown };
  if (currentPhase() !== 'build' || c.$$typeof === REACT_CLIENT_REFERENCE) return jsx(c, {});
  const dynamic = (e: unknown) => {
    const d = e && (e as { digest?: unknown }).digest;
    if (typeof d === 'string' && d.indexOf('KIT_DYNAMIC;') === 0) return null;
    throw e;
  };
  let out: unknown;
  try {
    out = c({});
  } catch (e) {
    return dynamic(e);
  }
  if (out && typeof (out as PromiseLike<unknown>).then === 'function')
    return Promise.resolve(out).then((v) => v, dynamic);
  return out;
}

function fallbackBoundary(node: unknown, bounds: Boundary[], depth: number, root: boolean): unknown {
  let props: Record<string, unknown> | null = root ? { level: depth, root: true } : null;
  for (let k = 0; k < bounds.length; k++) {
    const b = bounds[k];
    if (b.depth !== depth || !FALLBACK_PROP[b.kind]) continue;
    if (!props) props = { level: depth };
    const el = jsx(FallbackPage, { module: b.module });
    // (styleLinks only for a file with stylesheets: its for-of loops cost a render ~0.1 M instructions in mujs)
    props[FALLBACK_PROP[b.kind]] = styles[b.module] ? styleLinks([b.module]).concat([el]) : el;
  }
  if (!props) return node;
  props.children = node;
  return jsx(FallbackBoundary, props);
}

// The template, the error boundaries, the loading boundary and the fallback
// boundary of one depth (the layouts above them), innermost first applied:
// node ends up inside them in the order of the route's files (docs/errors.md
// "Nesting"). A template sits inside the SegmentBoundary of its depth, so a
// navigation that replaces the segment below it sends it again and the
// browser mounts it afresh.
// (no default values: SWC lowers them to reads of `arguments`, which keeps
// every local of the function out of the engine's stack slots)
function wrapBoundaries(node: unknown, bounds: Boundary[], depth: number, loading: RouteEntry['loading'],
  root?: boolean): unknown {
  node = fallbackBoundary(node, bounds, depth, root === undefined ? false : root);
  for (let k = bounds.length - 1; k >= 0; k--) {
    const b = bounds[k];
    if (b.depth !== depth) continue;
    if (b.kind === 'error')
      node = jsx(ErrorBoundary, { errorComponent: errorComponent(b.module), depth, children: node });
    else if (b.kind === 'loading' && loading && b.module === loading.module)
      node = jsx(REACT_SUSPENSE, { fallback: jsx(component(loading.module), {}), children: node });
    else if (b.kind === 'template')
      node = jsx(component(b.module), { children: node });
  }
  return node;
}

// Composes layouts around node, innermost last. Every layout's children are
// wrapped in a SegmentBoundary (a client component: docs/client-components.md
// §5) whose depth is the number of layouts above it, so a navigation can
// replace what is below a layout the browser keeps. With depth > 0 only the
// part a client holding `depth` layouts needs is returned: what goes inside
// the SegmentBoundary at that depth.
// An interception: the target route's page rendered into a slot of the
// referring page's tree (X-RSC-Intercept + X-RSC-Referer, client navigations only).
interface Intercept { slot: string; routeIndex: number; params: Record<string, string | string[]> }

function wrapLayouts(node: unknown, layouts: LayoutEntry[], loading: RouteEntry['loading'],
  params: unknown, searchParams: unknown, depthArg?: number, interceptArg?: Intercept | null,
  boundsArg?: Boundary[], fallbacksArg?: boolean): unknown {
  const depth = depthArg === undefined ? 0 : depthArg;
  const intercept = interceptArg === undefined ? null : interceptArg;
  const bounds = boundsArg === undefined ? [] : boundsArg;
  const fallbacks = fallbacksArg === undefined ? false : fallbacksArg;
  // a manifest listing the loading file among the boundaries orders it
  // with the error boundaries; the loading field alone: right inside the layout
  let ordered = false;
  for (let k = 0; k < bounds.length && !ordered; k++) ordered = bounds[k].kind === 'loading';
  for (let i = layouts.length - 1; i >= 0; i--) {
    // the root layout's boundary falls back to kit's default pages
    const root = fallbacks && i === 0 && layouts[0].module === 'app/layout';
    if (bounds.length || root) node = wrapBoundaries(node, bounds, i + 1, ordered ? loading : null, root);
    if (!ordered && loading && loading.depth === i + 1)
      node = jsx(REACT_SUSPENSE, { fallback: jsx(component(loading.module), {}), children: node });
    if (i + 1 === depth) return node;
    const props: Record<string, unknown> = {
      children: jsx(SegmentBoundary, { depth: i + 1, children: node }),
      params,
    };
    const slots = layouts[i].slots;
    for (const name in slots) {
      const id = slots[name];
      props[name] = id ? jsx(component(id), { params, searchParams }) : null;
    }
    if (intercept && Object.prototype.hasOwnProperty.call(slots, intercept.slot)) {
      const target = manifest.routes[intercept.routeIndex];
      props[intercept.slot] = jsx(component(target.module),
        { params: Promise.resolve(intercept.params), searchParams });
    }
    node = jsx(component(layouts[i].module), props);
  }
  if (bounds.length) node = wrapBoundaries(node, bounds, 0, ordered ? loading : null);
  if (!ordered && loading && loading.depth === 0)
    node = jsx(REACT_SUSPENSE, { fallback: jsx(component(loading.module), {}), children: node });
  // global-error.tsx: around the root layout, for a whole document only
  // (a navigation's payload sits inside the one the browser holds)
  if (depth === 0 && modules['app/global-error'])
    node = jsx(ErrorBoundary, { errorComponent: errorComponent('app/global-error'), depth: 0, global: true, children: node });
  return node;
}

type Params = Record<string, string | string[]>;

// kit-build, a dynamic route that lists no URLs (no generateStaticParams):
// its params are not known, so awaiting them rejects with the KIT_DYNAMIC
// marker, like a request read at build time (js/request.ts). Inside a
// Suspense boundary that part becomes a hole of the route's shell; above
// every boundary the build fails (build/prerender.c). The rejected promise
// is made only when someone reads it (no unhandled rejection otherwise).
function unknownParams(): Promise<Params> {
  let p: Promise<Params> | null = null;
  const read = (): Promise<Params> => {
    if (!p) {
      const e = new Error('[kit:dynamic params] params are not known at build time: the route lists no URLs') as
        Error & { digest: string };
      e.digest = 'KIT_DYNAMIC;params';
      p = Promise.reject(e);
    }
    return p;
  };
  const thenable = {
    then: (ok?: (v: Params) => unknown, no?: (e: unknown) => unknown) => read().then(ok, no),
    catch: (no?: (e: unknown) => unknown) => read().then(undefined, no),
    finally: (f?: () => void) => read().finally(f),
  };
  return thenable as unknown as Promise<Params>;
}

// params and searchParams reach pages and layouts as promises (Next.js 15+).
export function buildTree(routeIndex: number, params: Params | null,
  search: Record<string, string | string[]>, depth?: number, pathname?: string,
  intercept?: Intercept | null): unknown {
  // usePathname() in client components rendered on the server (phase 2): the
  // request's path, for the whole request (the engine resets the contexts after)
  pushContext(PathnameContext as never, pathname || '/');
  const route = manifest.routes[routeIndex];
  if (!route || route.kind !== 'page') throw new Error('kit: route ' + routeIndex + ' is not a page');
  const paramsP = params === null ? unknownParams() : Promise.resolve(params);
  const searchP = Promise.resolve(search);
  const mods = route.layouts.map((l) => modules[l.module]).concat([modules[route.module]]);
  // route segment config (docs/segment-config.md): dynamic, revalidate, dynamicParams
  let page: unknown = applySegmentConfig(jsx(component(route.module), { params: paramsP, searchParams: searchP }),
    mods, modules[route.module], params);
  // metadata / generateMetadata / viewport of the layouts and the page
  // (docs/metadata.md): their tags beside the page, hoisted into <head> by React
  // and the metadata files of its directories (icon.png, opengraph-image.png…)
  const chain = withFiles(route.layouts, route.module, mods);
  if (chain || hasMetadata(mods)) {
    const metaMods = chain ? chain.mods : mods;
    const last = metaMods.length - 1;
    const propsOf = (i: number) => (i === last ? { params: paramsP, searchParams: searchP } : { params: paramsP });
    page = [jsx(Metadata, { mods: metaMods, propsOf, files: chain ? chain.files : undefined }), page];
  }
  const links = styleLinks(routeModules(route.layouts, route.loading,
    intercept ? manifest.routes[intercept.routeIndex].module : null).concat([route.module]));
  if (links.length) page = links.concat(Array.isArray(page) ? page : [page]);
  return wrapLayouts(page, route.layouts, route.loading, paramsP, searchP, depth || 0, intercept || null,
    route.boundaries || [], true);
}

// kit-build: the params of every URL to store for the route whose page (or
// API route) module is pageModule, as Next.js composes generateStaticParams
// down the tree: each layout's, then the page's, is called once per params
// object the segments above it gave ({ params }), and each result extends
// it. undefined when no segment exports one.
export function staticParams(pageModule: string): Promise<Params[]> | undefined {
  let route: RouteEntry | undefined;
  for (const r of manifest.routes) if (r.module === pageModule) route = r;
  const chain = (route ? route.layouts.map((l) => modules[l.module]) : []).concat([modules[pageModule]]);
  const fns = chain.filter((ns) => ns && typeof ns.generateStaticParams === 'function')
    .map((ns) => ns.generateStaticParams as (a: { params: Params }) => unknown);
  if (!fns.length) return undefined;
  let lists: Promise<Params[]> = Promise.resolve([{}]);
  for (const fn of fns) {
    lists = lists.then(async (parents) => {
      const out: Params[] = [];
      for (const parent of parents) {
        const got = await fn({ params: parent });
        if (!Array.isArray(got)) return got as unknown as Params[]; // kit-build says what is wrong
        for (const p of got) out.push(Object.assign({}, parent, p));
      }
      return out;
    });
  }
  return lists;
}

// The 404, 403 or 401 document (status). For a route whose render called
// notFound(), forbidden() or unauthorized(): the nearest file of that kind
// at or above the segment that threw (segment: the innermost SegmentBoundary
// depth above it, -1 for the page), inside the layouts at or above its
// directory; kit's default page inside the root layout when there is none.
// For a URL no route matches (routeIndex < 0): app/not-found (or the
// default) inside the root layout (docs/errors.md).
export function buildNotFound(routeIndex: number, pathname?: string, status?: number, segment?: number): unknown {
  pushContext(PathnameContext as never, pathname || '/');
  const route = routeIndex >= 0 ? manifest.routes[routeIndex] : null;
  const empty = Promise.resolve({});
  const kind = status === 403 ? 'forbidden' : status === 401 ? 'unauthorized' : 'not-found';
  const limit = segment === undefined || segment < 0 ? Infinity : segment;
  let file: { module: string; depth: number } | null = null;
  if (route && route.boundaries) {
    for (let i = 0; i < route.boundaries.length; i++) {
      const b = route.boundaries[i];
      if (b.kind === kind && b.depth <= limit) file = b;
    }
  } else if (route && kind === 'not-found' && route.notFound) {
    file = route.notFound;
  }
  if (route && file) {
    const layouts = route.layouts.slice(0, file.depth);
    const nf = jsx(component(file.module), {});
    const links = styleLinks(routeModules(layouts, null, file.module));
    return wrapLayouts(links.length ? links.concat([nf]) : nf, layouts, null, empty, empty);
  }
  const rootLayout = modules['app/layout'] ? 'app/layout' : null;
  const own = kind === 'not-found' && modules['app/not-found'] ? 'app/not-found' : null;
  let nf: unknown = jsx(own ? component(own) : kind === 'forbidden' ? DefaultForbidden
    : kind === 'unauthorized' ? DefaultUnauthorized : DefaultNotFound, {});
  const links = styleLinks([rootLayout, own]);
  if (links.length) nf = links.concat([nf]);
  return rootLayout ? wrapLayouts(nf, [{ module: rootLayout, slots: {} }], null, empty, empty) : nf;
}

// --- middleware ----------------------------------------------------------------

export interface GuardOutcome {
  outcome: 'allow' | 'redirect' | 'refuse';
  status?: number;
  location?: string;
  message?: string;   // for the log
  visible?: string;   // for the visitor (a backend refusal's own text)
  error?: unknown;    // a throw that is no answer: the host's 500, logged with its stack
  module?: string;    // the middleware that threw
}

function digestOf(e: unknown): string {
  const d = e && (e as { digest?: unknown }).digest;
  return typeof d === 'string' ? d : '';
}

// Runs the route's middleware.ts chain, outermost first, each to completion
// before the next: returning allows, redirect() refuses with a redirect,
// notFound(), forbidden() and unauthorized() refuse with their status; any
// other throw is an error (500, logged: docs/errors.md "The log line").
// The host decides what a refusal looks like (a redirect for a page, 401/403
// for an API route).
export function runMiddleware(routeIndex: number): Promise<GuardOutcome> {
  const route = manifest.routes[routeIndex];
  const chain = (route && route.middleware) || [];
  // backend guards (export const middleware = ['auth', 'can:x']): the whole
  // chain's names, outermost first, asked of the backend in one call before
  // the engine's own guards run; only a literal true passes (js/server/rpc.ts)
  const names: string[] = [];
  for (let k = 0; k < chain.length; k++) {
    const m = modules[chain[k]];
    const list = m && m['middleware'];
    if (Array.isArray(list))
      for (let j = 0; j < list.length; j++) names.push(String(list[j]));
  }
  let i = 0;
  const next = (): Promise<GuardOutcome> => {
    if (i >= chain.length) return Promise.resolve({ outcome: 'allow' });
    const id = chain[i++];
    const ns = modules[id];
    if (!ns) return Promise.resolve({ outcome: 'refuse', status: 500, message: 'middleware ' + id + ' is missing from the server bundle' });
    const fn = ns['default'];
    if (typeof fn !== 'function') return next();
    let result: unknown;
    try {
      result = (fn as () => unknown)();
    } catch (e) {
      return Promise.resolve(refusal(e, id));
    }
    return Promise.resolve(result).then(next, (e) => refusal(e, id));
  };
  if (names.length)
    return checkBackendGuards(names).then((o) => (o.outcome === 'allow' ? next() : o as GuardOutcome));
  return next();
}

function refusal(e: unknown, id: string): GuardOutcome {
  const d = digestOf(e);
  if (d.indexOf('KIT_REDIRECT;') === 0) {
    const rest = d.slice('KIT_REDIRECT;'.length);
    const semi = rest.indexOf(';');
    return { outcome: 'redirect', status: +rest.slice(0, semi) || 307, location: rest.slice(semi + 1) };
  }
  if (d === 'KIT_NOT_FOUND') return { outcome: 'refuse', status: 404, message: id + ' called notFound()' };
  // forbidden() / unauthorized() in middleware: a plain 403 / 401 answer, as
  // every middleware refusal (docs/errors.md), not the forbidden.tsx page
  if (d === 'KIT_FORBIDDEN') return { outcome: 'refuse', status: 403, message: id + ' called forbidden()' };
  if (d === 'KIT_UNAUTHORIZED') return { outcome: 'refuse', status: 401, message: id + ' called unauthorized()' };
  return { outcome: 'refuse', status: 500, message: id + ' threw', error: e, module: id };
}

// --- server actions (docs/actions.md §3) ----------------------------------------

// The root of an action's Flight answer: {a: the action's return value} and,
// when the action revalidated the page it came from, p: that page's tree
// below the layouts the client holds (what a navigation at that depth gets).
export function buildActionRoot(value: unknown, routeIndex: number, params: Record<string, string | string[]>,
  search: Record<string, string | string[]>, depth: number, pathname: string): unknown {
  const root: Record<string, unknown> = { a: value };
  if (routeIndex >= 0) root.p = buildTree(routeIndex, params, search, depth, pathname, null);
  return root;
}
