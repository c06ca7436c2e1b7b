// The test app, written by hand the way kit's server answers it: every page
// is a tree of host elements and client references; for a document load it
// becomes Fizz-compatible HTML with its Flight rows inlined
// (`(self.__kit_f=self.__kit_f||[]).push("…")`, render/stream.c) and the
// runtime's globals (self.__kit_l, self.__kit_v); for a navigation (X-RSC:
// true) it becomes the Flight payload of the part below the deepest layout
// the client holds, with X-RSC-Segment-Depth / X-RSC-Layouts / X-RSC-Version.
//
// Layouts wrap their children in <SegmentBoundary depth={i + 1}> (i = the
// layout's index in the chain), as the engine must (js/client/segment.tsx).
// The HTML of client components is what their SSR gives (ssr below; keep it in
// step with app/widgets.tsx).

export const VERSION = 'v1';

// ---- trees -----------------------------------------------------------------
const REF = Symbol('client reference');
const LAZY = Symbol('lazy row');
const LATER = Symbol('late row');
export const SUSPENSE = Symbol('suspense');
const ref = (id, name, chunks = []) => ({ [REF]: true, id, name, chunks });
const h = (type, props, ...children) => {
  const p = { ...(props || {}) };
  if (children.length) p.children = children.length === 1 ? children[0] : children;
  return { type, props: p };
};
// a row the server could not finish: an E row with this digest
const failed = (digest) => ({ [LAZY]: true, digest });
// a subtree a navigation answer sends `ms` later, in a row of its own (a
// document has it in the shell already)
const later = (node, ms) => ({ [LATER]: true, node, ms });

const SegmentBoundary = ref('@kit/core/client/segment', 'SegmentBoundary');
const Link = ref('@kit/core/Link', 'default');
const widgets = (name) => ref('test/widgets', name, ['widgets', '/_kit/static/widgets.js']);
const Counter = widgets('Counter');
const PathProbe = widgets('PathProbe');
const SearchProbe = widgets('SearchProbe');
const Status = widgets('Status');
const VisitButton = widgets('VisitButton');
const PrefetchButton = widgets('PrefetchButton');
const MountProbe = widgets('MountProbe');
const RefLink = widgets('RefLink');

const BAILOUT = new Error('client-only bailout');

// SSR of the client components: element trees (or a thrown BAILOUT, which the
// nearest Suspense turns into a client-rendered boundary).
const ssr = {
  '@kit/core/client/segment#SegmentBoundary': (p) => p.children,
  '@kit/core/Link#default': (p, ctx) => {
    const { href, prefetch, cacheFor, replace, preserveScroll, children, ...rest } = p;
    return h('a', { ...rest, href }, children);
  },
  'test/widgets#Counter': (p) => h('button', { id: p.id }, p.label + ': 0'),
  'test/widgets#PathProbe': (p, ctx) => h('p', { id: 'pathname' }, 'path ' + ctx.pathname),
  'test/widgets#SearchProbe': () => { throw BAILOUT; },
  'test/widgets#Status': () => h('span', { className: 'status' }, 'idle'),
  'test/widgets#VisitButton': (p) => h('button', { id: p.id }, 'visit ' + p.to),
  'test/widgets#PrefetchButton': (p) => h('button', { id: p.id }, 'prefetch ' + p.to),
  'test/widgets#MountProbe': () => null,
  'test/widgets#RefLink': () => h('span', { id: 'ref-link' }, h('a', { href: '/about', id: 'ref-anchor' }, 'ref'), h('b', { id: 'ref-tag' }, '')),
};

// ---- the app -----------------------------------------------------------------
export const ORIGIN_ALT = (port) => `http://localhost:${port}`;

const layouts = {
  'app/layout': (children, ctx) => h('html', { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'kit client runtime')),
    h('body', null,
      h('nav', null,
        h(Link, { href: '/', id: 'to-home' }, 'home'),
        h(Link, { href: '/shop/a', id: 'to-a' }, 'a'),
        h(Link, { href: '/shop/b', id: 'to-b', prefetch: 'none' }, 'b'),
        h(Link, { href: '/shop/c', id: 'to-c', cacheFor: 1000 }, 'c'),
        h(Link, { href: '/shop/e', id: 'to-e', prefetch: 'click' }, 'e'),
        h(Link, { href: '/shop/slow', id: 'to-slow', prefetch: false }, h(Status, null)),
        h(Link, { href: '/shop/b?q=x', id: 'to-b-replace', replace: true, prefetch: 'none' }, 'b replace'),
        h(Link, { href: '/shop/a?q=hello', id: 'to-a-q', prefetch: 'none' }, 'a?q'),
        h(Link, { href: '/old', id: 'to-old', prefetch: 'none' }, 'old'),
        h(Link, { href: '/shop/stream', id: 'to-stream', prefetch: 'none' }, 'stream'),
        h(Link, { href: '/boom', id: 'to-boom', prefetch: 'none' }, 'boom'),
        h(Link, { href: '/about', id: 'to-about', prefetch: 'none', preserveScroll: true }, 'about'),
        h(Link, { href: '/broken', id: 'to-broken', prefetch: 'none' }, 'broken'),
        h(Link, { href: ctx.alt + '/about', id: 'to-offorigin' }, 'off-origin'),
        h(Link, { href: '/shop/b', id: 'to-b-blank', target: '_blank', prefetch: 'none' }, 'b blank'),
        h(Link, { href: '#bottom', id: 'to-hash', prefetch: 'none', className: 'hash-link', 'data-x': 'y' }, 'hash'),
        h(VisitButton, { id: 'visit-b', to: '/shop/b' }),
        h(VisitButton, { id: 'visit-c-replace', to: '/shop/c', replace: true }),
        h(PrefetchButton, { id: 'prefetch-b', to: '/shop/b' })),
      h(Counter, { id: 'root-counter', label: 'root' }),
      h(PathProbe, null),
      h(RefLink, null),
      h(MountProbe, { name: 'root-layout' }),
      h(SegmentBoundary, { depth: 1 }, children),
      h('div', { id: 'bottom', style: { height: 10 } }, 'bottom'))),
  'app/shop/layout': (children) => h('section', { id: 'shop' },
    h('h2', null, 'shop'),
    h(Counter, { id: 'shop-counter', label: 'shop' }),
    h(MountProbe, { name: 'shop-layout' }),
    h(SegmentBoundary, { depth: 2 }, children)),
};

const tall = h('div', { id: 'tall', style: { height: 3000 } }, 'tall');
const shopPage = (letter) => () => h('article', { id: 'page-' + letter },
  h('h1', null, 'Page ' + letter.toUpperCase()),
  h(Counter, { id: 'page-counter', label: 'page ' + letter }),
  h(MountProbe, { name: 'page-' + letter }),
  h(SUSPENSE, { fallback: h('i', { id: 'search-fallback' }, 'search…') }, h(SearchProbe, null)),
  tall);

const SHOP = ['app/layout', 'app/shop/layout'];
export const routes = {
  '/': { layouts: ['app/layout'], page: () => h('main', { id: 'home' }, h('h1', null, 'Home'), tall) },
  '/mount': { layouts: ['app/layout'], page: () => h('main', { id: 'mount' }, h(Link, { href: '/shop/d', id: 'to-d', prefetch: 'mount' }, 'd')) },
  '/about': { layouts: ['app/layout'], page: () => h('main', { id: 'about' }, h('h1', null, 'About'), tall) },
  '/shop/a': { layouts: SHOP, page: shopPage('a') },
  '/shop/b': { layouts: SHOP, page: shopPage('b') },
  '/shop/c': { layouts: SHOP, page: shopPage('c') },
  '/shop/d': { layouts: SHOP, page: shopPage('d') },
  '/shop/e': { layouts: SHOP, page: shopPage('e') },
  '/shop/slow': { layouts: SHOP, page: shopPage('slow'), delay: 800 },
  // a navigation answer whose Suspense content comes 600 ms after row 0
  '/shop/stream': { layouts: SHOP, page: () => h('article', { id: 'page-stream' },
    h(SUSPENSE, { fallback: h('i', { id: 'stream-fallback' }, 'streaming…') },
      later(h('p', { id: 'stream-late' }, 'late content'), 600))) },
  // redirect() inside a Suspense boundary: the digest reaches the browser
  '/boom': { layouts: SHOP, page: () => h('article', { id: 'page-boom' },
    h(SUSPENSE, { fallback: h('i', { id: 'boom-fallback' }, 'boom…') }, failed('KIT_REDIRECT;307;/shop/c'))) },
  // redirect() above every boundary: 307 for a document, 204 + X-RSC-Redirect for a navigation
  '/old': { redirect: '/shop/b' },
  // answers a navigation with a server error: the runtime falls back to a full load
  '/broken': { layouts: SHOP, page: shopPage('broken'), navStatus: 500 },
};

// ---- Flight ----------------------------------------------------------------
const jsonStr = (s) => JSON.stringify(s[0] === '$' ? '$' + s : s);

class Flight {
  constructor(stream = false) {
    this.stream = stream;
    this.late = [];
    this.rows = [];
    this.refs = new Map();
    this.next = 1;
  }
  ref(r) {
    const k = r.id + '#' + r.name;
    if (!this.refs.has(k)) {
      const id = this.next++;
      this.refs.set(k, id);
      this.rows.push(`${id.toString(16)}:I${JSON.stringify([r.id, r.chunks, r.name])}\n`);
    }
    return '$L' + this.refs.get(k).toString(16);
  }
  value(v) {
    if (v === null || v === undefined) return v === null ? 'null' : '"$undefined"';
    if (typeof v === 'string') return jsonStr(v);
    if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
    if (Array.isArray(v)) return '[' + v.map((x) => this.value(x)).join(',') + ']';
    if (v[LATER]) {
      if (!this.stream) return this.value(v.node);
      const id = this.next++;
      const sub = new Flight();
      sub.next = 1 << 20;   // ids of its own
      sub.refs = this.refs;
      const rows = sub.value(v.node);
      this.late.push({ ms: v.ms, rows: sub.rows.join('') + `${id.toString(16)}:${rows}\n` });
      return `"$L${id.toString(16)}"`;
    }
    if (v[LAZY]) {
      const id = this.next++;
      this.rows.push(`${id.toString(16)}:E${JSON.stringify({ digest: v.digest })}\n`);
      return `"$L${id.toString(16)}"`;
    }
    if ('type' in v && 'props' in v) {
      const type = v.type === SUSPENSE ? '"$Sreact.suspense"' : v.type[REF] ? `"${this.ref(v.type)}"` : JSON.stringify(v.type);
      return `["$",${type},null,${this.value(v.props)}]`;
    }
    return '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ':' + this.value(x)).join(',') + '}';
  }
  payload(root) {
    const r = this.value(root);
    return this.rows.join('') + '0:' + r + '\n';
  }
}

// ---- HTML (the Fizz rules of docs/wire-formats.md §2, as far as
// this app needs them) ---------------------------------------------------------
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }[c]));
const VOID = new Set(['meta', 'link', 'br', 'hr', 'img', 'input']);
const ATTR = { className: 'class', htmlFor: 'for' };

const styleText = (o) => Object.entries(o)
  .map(([k, v]) => k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()) + ':' + (typeof v === 'number' && v !== 0 ? v + 'px' : v)).join(';');

function attrs(props) {
  let out = '';
  for (let [k, v] of Object.entries(props)) {
    if (k === 'children' || v === null || v === undefined || typeof v === 'function' || v === false) continue;
    if (k === 'style') v = styleText(v);
    const name = ATTR[k] || k;
    out += v === true ? ` ${name}=""` : ` ${name}="${esc(v)}"`;
  }
  return out;
}

function html(node, ctx, st = { text: false }) {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') {
    const sep = st.text ? '<!-- -->' : '';
    st.text = true;
    return sep + esc(node);
  }
  if (Array.isArray(node)) return node.map((n) => html(n, ctx, st)).join('');
  if (node[LATER]) return html(node.node, ctx, st);
  if (node[LAZY]) throw Object.assign(new Error('server error'), { digest: node.digest });
  if (node.type === SUSPENSE) {
    st.text = false;
    try {
      return '<!--$-->' + html(node.props.children, ctx, { text: false }) + '<!--/$-->';
    } catch (e) {
      const dg = ` data-dgst="${e === BAILOUT ? '' : esc(e.digest || '')}"`;
      return `<!--$!--><template${dg}></template>` + html(node.props.fallback, ctx, { text: false }) + '<!--/$-->';
    }
  }
  if (node.type[REF]) return html(ssr[node.type.id + '#' + node.type.name](node.props, ctx), ctx, st);
  st.text = false;
  const t = node.type;
  if (VOID.has(t)) return `<${t}${attrs(node.props)}/>`;
  return `<${t}${attrs(node.props)}>` + html(node.props.children, ctx, { text: false }) + `</${t}>`;
}

// ---- answers -------------------------------------------------------------------
// The element the SegmentBoundary at `depth` renders for a route (0 = the document).
export function tree(route, depth, ctx) {
  let node = route.page();
  for (let i = route.layouts.length - 1; i >= depth; i--) node = layouts[route.layouts[i]](node, ctx);
  return node;
}

export const jsString = (s) => JSON.stringify(s).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const push = (rows) => `<script>(self.__kit_f=self.__kit_f||[]).push(${jsString(rows)})</script>`;
export const ENTRY = '<script type="module" async="" src="/_kit/static/entry.js"></script>';

// The document for a route, as a list of [delay ms, html] writes.
// opts.entryInHead: the entry script in <head>, the Flight rows 300 ms later
// (the runtime starts before the first push).
export function documentWrites(route, ctx, opts = {}) {
  const root = tree(route, 0, ctx);
  const flight = new Flight().payload(root);
  const doc = '<!DOCTYPE html>' + html(root, ctx);
  const globals = `<script>self.__kit_v=${jsString(VERSION)};self.__kit_l=${jsString(route.layouts.join(','))}</script>`;
  const cut = doc.lastIndexOf('</body>');
  const shell = doc.slice(0, cut);
  // split the rows in two pushes, at a row boundary
  const rows = flight.split(/(?<=\n)/);
  const half = Math.ceil(rows.length / 2);
  const pushes = push(rows.slice(0, half).join('')) + push(rows.slice(half).join(''));
  if (opts.entryInHead) {
    return [[0, shell.replace('</head>', ENTRY + '</head>')], [300, globals + pushes + doc.slice(cut)]];
  }
  return [[0, shell + globals + pushes + ENTRY + doc.slice(cut)]];
}

// The Flight writes of a navigation answer: [[delay ms, rows], ...].
export function navigationWrites(route, depth, ctx) {
  const f = new Flight(true);
  const first = f.payload(tree(route, depth, ctx));
  return [[0, first], ...f.late.map((l) => [l.ms, l.rows])];
}

// How deep the client and the route share their layout chains.
export function sharedDepth(held, chain) {
  let d = 0;
  while (d < held.length && d < chain.length && held[d] === chain[d]) d++;
  // the SegmentBoundary at depth d sits in layout d-1: a route needs d >= 1 layouts kept
  return d;
}
