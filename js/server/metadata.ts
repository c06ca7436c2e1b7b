// The Next.js metadata conventions (docs/metadata.md): `export const
// metadata` / `export async function generateMetadata(props, parent)` and
// `viewport` / `generateViewport` in layouts and pages, merged from the root
// layout down to the page, rendered as <title>, <meta> and <link> elements.
// React hoists those into <head> wherever they are rendered (Fizz on the
// server, Float in the browser), so the tags are a component placed beside
// the page, inside the innermost segment: a client navigation renders it
// again and React replaces the head's tags.
import { jsx } from './jsx-runtime';

type Namespace = Record<string, unknown>;
type Dict = Record<string, unknown>;

interface Title { absolute?: string; default?: string; template?: string | null }

// What the chain resolved so far (the `parent` a generateMetadata awaits).
export interface ResolvedMetadata extends Dict {
  title: string | null;
}

export function hasMetadata(mods: Namespace[]): boolean {
  for (let i = 0; i < mods.length; i++) {
    const m = mods[i];
    if (m && (m.metadata !== undefined || typeof m.generateMetadata === 'function' ||
      m.viewport !== undefined || typeof m.generateViewport === 'function')) return true;
  }
  return false;
}

const isObject = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);

// A title as a segment gives it, with the template its ancestors set.
function applyTitle(title: unknown, template: string | null): string | null {
  if (typeof title === 'string') return template ? template.replace('%s', title) : title;
  if (isObject(title)) {
    const t = title as Title;
    if (typeof t.absolute === 'string') return t.absolute;
    if (typeof t.default === 'string') return t.default;
  }
  return null;
}

async function segmentValue(ns: Namespace, staticName: string, fnName: string, props: Dict,
  parent: Promise<Dict>): Promise<Dict | null> {
  const fn = ns[fnName];
  if (typeof fn === 'function') {
    const v = await (fn as (p: Dict, parent: Promise<Dict>) => unknown)(props, parent);
    return isObject(v) ? v : null;
  }
  const v = ns[staticName];
  return isObject(v) ? v : null;
}

// --- metadata files (docs/metadata.md "Files") --------------------------------

export interface SegmentFiles {
  icon?: Dict[]; apple?: Dict[]; openGraph?: Dict[]; twitter?: Dict[]; favicon?: Dict; manifest?: string;
}
type Chain = { mods: Namespace[]; files: (SegmentFiles | null)[] };
type ChainOf = (layouts: { module: string }[], pageId: string, mods: Namespace[]) => Chain | null;

// Set by ./metadata-files, which the generated entry imports only for an app
// with such files: the others pay one test per render.
let chainOf: ChainOf | null = null;
export function useMetadataFiles(f: ChainOf): void {
  chainOf = f;
}

// The route's metadata chain with its directories' files, or null.
export function withFiles(layouts: { module: string }[], pageId: string, mods: Namespace[]): Chain | null {
  return chainOf ? chainOf(layouts, pageId, mods) : null;
}

// metadata.icons in its object form ({ icon: [...], apple: [...] }).
function iconLists(v: unknown): Dict {
  const o = typeof v === 'string' || Array.isArray(v) || isURL(v) ? { icon: v } : { ...(v as Dict) };
  for (const k of ['icon', 'apple', 'shortcut']) if (o[k] !== undefined) o[k] = list(o[k]);
  return o;
}

// Next.js's merge: each segment's keys replace the parent's (objects such as
// openGraph are replaced whole, not merged); a title takes the nearest
// ancestor's template; a segment's own template applies below it. With
// files: an opengraph-image or twitter-image becomes the images of what
// openGraph / twitter resolved so far, unless the same segment's metadata
// set images; the leaf-most segment's icon and apple-icon files are the
// icons when no segment set `icons`; the root's favicon.ico comes first.
export async function resolveMetadata(mods: Namespace[], propsOf: (i: number) => Dict,
  files?: (SegmentFiles | null)[]): Promise<{ metadata: Dict; viewport: Dict }> {
  let resolved: Dict = { title: null };
  let viewport: Dict = {};
  let template: string | null = null;
  let icons: { icon: Dict[]; apple: Dict[] } = { icon: [], apple: [] };
  let favicon: Dict | undefined;
  for (let i = 0; i < mods.length; i++) {
    const ns = mods[i];
    const f = files ? files[i] : null;
    if (!ns && !f) continue;
    const snapshot = { ...resolved };
    const m = ns ? await segmentValue(ns, 'metadata', 'generateMetadata', propsOf(i), Promise.resolve(snapshot)) : null;
    if (m) {
      const next: Dict = { ...resolved };
      for (const k of Object.keys(m)) {
        if (k === 'title') next.title = applyTitle(m.title, template);
        else next[k] = m[k];
      }
      resolved = next;
      if (isObject(m.title) && typeof (m.title as Title).template === 'string') template = (m.title as Title).template as string;
      else if (m.title !== undefined && !isObject(m.title)) { /* a plain title keeps the ancestors' template */ }
    }
    if (f) {
      if (i === 0 && f.favicon) favicon = f.favicon;
      if (f.manifest) resolved = { ...resolved, manifest: f.manifest };
      if (f.icon) icons = { ...icons, icon: f.icon };
      if (f.apple) icons = { ...icons, apple: f.apple };
      for (const k of ['openGraph', 'twitter'] as const) {
        const own = m && isObject(m[k]) ? m[k] as Dict : null;
        if (f[k] && !(own && Object.prototype.hasOwnProperty.call(own, 'images')))
          resolved = { ...resolved, [k]: { ...(isObject(resolved[k]) ? resolved[k] as Dict : {}), images: f[k] } };
      }
    }
    const v = ns ? await segmentValue(ns, 'viewport', 'generateViewport', propsOf(i), Promise.resolve({ ...viewport })) : null;
    if (v) viewport = { ...viewport, ...v };
  }
  if ((icons.icon.length || icons.apple.length) && !resolved.icons) resolved.icons = { icon: icons.icon, apple: icons.apple };
  if (favicon) {
    const o = resolved.icons ? iconLists(resolved.icons) : { icon: [], apple: [] };
    o.icon = [favicon].concat((o.icon as Dict[]) || []);
    resolved.icons = o;
  }
  return { metadata: resolved, viewport };
}

// --- rendering ---------------------------------------------------------------

// URL exists only in apps that use the web classes (docs/architecture.md)
const isURL = (v: unknown): v is URL => typeof URL !== 'undefined' && v instanceof URL;
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : isURL(v) ? v.href : null;
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

function meta(name: string, content: unknown, attr = 'name'): unknown {
  const c = str(content);
  return c === null ? null : jsx('meta', { [attr]: name, content: c });
}

// A URL field against metadataBase (a URL or a string; resolved here, since
// the URL class is only in apps that use the web classes).
function url(v: unknown, base: unknown): string | null {
  const s = str(v);
  if (s === null) return null;
  const b = str(base);
  if (!b || /^[a-zA-Z][a-zA-Z\d+.-]*:/.test(s)) return s;
  const origin = /^[a-zA-Z][a-zA-Z\d+.-]*:\/\/[^/?#]*/.exec(b);
  if (!origin) return s;
  if (s.startsWith('//')) return b.slice(0, b.indexOf(':') + 1) + s;
  if (s.startsWith('/')) return origin[0] + s;
  const path = b.slice(origin[0].length).replace(/[?#].*$/, '');
  return origin[0] + (path.endsWith('/') ? path : path.replace(/[^/]*$/, '') || '/') + s;
}

function robots(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (!isObject(v)) return null;
  const out: string[] = [];
  if (v.index !== undefined) out.push(v.index ? 'index' : 'noindex');
  if (v.follow !== undefined) out.push(v.follow ? 'follow' : 'nofollow');
  for (const k of ['noarchive', 'nosnippet', 'noimageindex', 'nocache', 'notranslate', 'indexifembedded', 'nositelinkssearchbox', 'unavailable_after', 'max-video-preview', 'max-image-preview', 'max-snippet']) {
    const x = v[k];
    if (x === true) out.push(k);
    else if (typeof x === 'string' || typeof x === 'number') out.push(`${k}:${x}`);
  }
  return out.length ? out.join(', ') : null;
}

function viewportContent(v: Dict): string | null {
  const parts: string[] = [];
  const names: [string, string][] = [['width', 'width'], ['height', 'height'], ['initialScale', 'initial-scale'],
    ['minimumScale', 'minimum-scale'], ['maximumScale', 'maximum-scale'], ['userScalable', 'user-scalable'],
    ['viewportFit', 'viewport-fit'], ['interactiveWidget', 'interactive-widget']];
  for (const [k, n] of names) {
    const x = v[k];
    if (x === undefined || x === null) continue;
    parts.push(`${n}=${typeof x === 'boolean' ? (x ? 'yes' : 'no') : x}`);
  }
  return parts.length ? parts.join(', ') : null;
}

// An image's tags in the order of its object's keys, as Next.js writes them
// (url is the prefix itself, secureUrl secure_url): a file's image, made
// { type, width, height, alt, url }, has its og:image last.
function images(v: unknown, base: unknown, prefix: string, attr: string): unknown[] {
  const out: unknown[] = [];
  for (const img of list(v)) {
    const o = isObject(img) && !isURL(img) ? img : { url: img };
    for (const k of Object.keys(o)) {
      if (o[k] === undefined) continue;
      if (k === 'url') out.push(meta(`${prefix}:image`, url(o.url, base), attr));
      else out.push(meta(`${prefix}:image:${k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}`, o[k], attr));
    }
  }
  return out;
}

// The tags, in Next.js's order.
export function metadataTags(m: Dict, vp: Dict): unknown[] {
  const base = m.metadataBase;
  const tags: unknown[] = [];
  tags.push(jsx('meta', { charSet: 'utf-8' }));
  const viewport = { width: 'device-width', initialScale: 1, ...vp };
  tags.push(meta('viewport', viewportContent(viewport)));
  for (const t of list(vp.themeColor)) {
    if (typeof t === 'string') tags.push(meta('theme-color', t));
    else if (isObject(t)) tags.push(jsx('meta', { name: 'theme-color', media: str(t.media) || undefined, content: str(t.color) }));
  }
  if (vp.colorScheme) tags.push(meta('color-scheme', vp.colorScheme));
  if (typeof m.title === 'string') tags.push(jsx('title', { children: m.title }));
  tags.push(meta('description', m.description));
  tags.push(meta('application-name', m.applicationName));
  for (const a of list(m.authors)) {
    if (!isObject(a)) continue;
    if (a.url) tags.push(jsx('link', { rel: 'author', href: url(a.url, base) }));
    if (a.name) tags.push(meta('author', a.name));
  }
  if (m.manifest) tags.push(jsx('link', { rel: 'manifest', href: str(m.manifest) }));
  tags.push(meta('generator', m.generator));
  if (m.keywords) tags.push(meta('keywords', list(m.keywords).join(',')));
  tags.push(meta('referrer', m.referrer));
  tags.push(meta('creator', m.creator));
  tags.push(meta('publisher', m.publisher));
  if (m.robots) {
    tags.push(meta('robots', robots(m.robots)));
    if (isObject(m.robots) && m.robots.googleBot) tags.push(meta('googlebot', robots(m.robots.googleBot)));
  }
  tags.push(meta('category', m.category));
  tags.push(meta('classification', m.classification));
  if (isObject(m.other)) for (const k of Object.keys(m.other)) for (const v of list(m.other[k])) tags.push(meta(k, v));
  if (isObject(m.alternates)) {
    const a = m.alternates;
    if (a.canonical) tags.push(jsx('link', { rel: 'canonical', href: url(isObject(a.canonical) ? a.canonical.url : a.canonical, base) }));
    if (isObject(a.languages))
      for (const lang of Object.keys(a.languages))
        tags.push(jsx('link', { rel: 'alternate', hrefLang: lang, href: url(a.languages[lang], base) }));
  }
  if (isObject(m.verification)) {
    const v = m.verification;
    for (const [k, n] of [['google', 'google-site-verification'], ['yandex', 'yandex-verification'], ['yahoo', 'y_key']])
      for (const c of list(v[k])) tags.push(meta(n, c));
    if (isObject(v.other)) for (const k of Object.keys(v.other)) for (const c of list(v.other[k])) tags.push(meta(k, c));
  }
  if (isObject(m.openGraph)) {
    const og = m.openGraph;
    tags.push(meta('og:title', applyTitle(og.title, null), 'property'));
    tags.push(meta('og:description', og.description, 'property'));
    tags.push(meta('og:url', url(og.url, base), 'property'));
    tags.push(meta('og:site_name', og.siteName, 'property'));
    tags.push(meta('og:locale', og.locale, 'property'));
    tags.push(...images(og.images, base, 'og', 'property'));
    tags.push(meta('og:type', og.type, 'property'));
    if (og.type === 'article') {
      tags.push(meta('article:published_time', og.publishedTime, 'property'));
      tags.push(meta('article:modified_time', og.modifiedTime, 'property'));
      for (const a of list(og.authors)) tags.push(meta('article:author', a, 'property'));
    }
  }
  // as in Next.js, twitter takes what it lacks of title, description and
  // images from openGraph
  let twitter = isObject(m.twitter) ? m.twitter : null;
  if (isObject(m.openGraph)) {
    const og = m.openGraph, fill: Dict = {};
    if (og.title !== undefined && (!twitter || twitter.title === undefined)) fill.title = og.title;
    if (og.description !== undefined && (!twitter || twitter.description === undefined)) fill.description = og.description;
    if (og.images !== undefined && (!twitter || twitter.images === undefined)) fill.images = og.images;
    if (Object.keys(fill).length) twitter = { ...(twitter || {}), ...fill };
  }
  if (twitter) {
    const tw = twitter;
    const card = tw.card || (list(tw.images).length ? 'summary_large_image' : 'summary');
    tags.push(meta('twitter:card', card));
    tags.push(meta('twitter:site', tw.site));
    tags.push(meta('twitter:creator', tw.creator));
    tags.push(meta('twitter:title', applyTitle(tw.title, null)));
    tags.push(meta('twitter:description', tw.description));
    tags.push(...images(tw.images, base, 'twitter', 'name'));
  }
  if (m.icons) {
    const icons = typeof m.icons === 'string' || Array.isArray(m.icons) || isURL(m.icons) ? { icon: m.icons } : m.icons as Dict;
    const link = (rel: string, i: unknown) => {
      const o = isObject(i) && !isURL(i) ? i : { url: i };
      // icons stay as written (Next.js does not apply metadataBase to them)
      return jsx('link', { rel: str(o.rel) || rel, href: str(o.url), type: str(o.type) || undefined,
        sizes: str(o.sizes) || undefined, media: str(o.media) || undefined });
    };
    for (const i of list(icons.shortcut)) tags.push(link('shortcut icon', i));
    for (const i of list(icons.icon)) tags.push(link('icon', i));
    for (const i of list(icons.apple)) tags.push(link('apple-touch-icon', i));
  }
  return tags.filter((t) => t !== null);
}

// The component the route renders beside its page.
export async function Metadata(props: { mods: Namespace[]; propsOf: (i: number) => Dict;
  files?: (SegmentFiles | null)[] }): Promise<unknown> {
  let r;
  try {
    r = await resolveMetadata(props.mods, props.propsOf, props.files);
  } catch (e) {
    // kit-build, a route listing no URLs: params are unknown. Let the page's
    // own reason go first (connection(), cookies(): the route renders per
    // request); without one the build names the params (build/prerender.c).
    const digest = e && (e as { digest?: unknown }).digest;
    if (typeof digest === 'string' && digest.indexOf('KIT_DYNAMIC') === 0)
      await new Promise((resolve) => setTimeout(resolve, 0));
    throw e;
  }
  return metadataTags(r.metadata, r.viewport);
}
