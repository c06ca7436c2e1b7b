// The metadata file conventions that answer a URL (docs/metadata.md "Files"):
// robots.ts, sitemap.ts and manifest.ts become API routes whose GET writes
// the default export as Next.js writes it (robots.txt lines, sitemap XML,
// JSON); robots.txt, sitemap.xml and manifest.json as they are; favicon.ico
// a redirect to its hashed static URL. kit-build makes one module per file
// around these (build/emit.c) and stores each answer like any GET API route
// (docs/build-output.md "API routes"), so the web server serves the bytes.
import { Response } from './web/index';

type Dict = Record<string, unknown>;
type Namespace = Record<string, unknown>;
type Kind = 'robots' | 'sitemap' | 'manifest';

const all = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

// MetadataRoute.Robots → robots.txt: per rule its user agents (default *),
// Allow, Disallow and Crawl-delay lines and a blank line; then Host and the
// Sitemap lines.
export function robotsTxt(data: Dict): string {
  let out = '';
  for (const r of all(data.rules)) {
    const rule = (r || {}) as Dict;
    for (const agent of all(rule.userAgent || ['*'])) out += `User-Agent: ${agent}\n`;
    if (rule.allow) for (const a of all(rule.allow)) out += `Allow: ${a}\n`;
    if (rule.disallow) for (const d of all(rule.disallow)) out += `Disallow: ${d}\n`;
    if (rule.crawlDelay) out += `Crawl-delay: ${rule.crawlDelay}\n`;
    out += '\n';
  }
  if (data.host) out += `Host: ${data.host}\n`;
  if (data.sitemap) for (const s of all(data.sitemap)) out += `Sitemap: ${s}\n`;
  return out;
}

// A video entry's lines, in Next.js's order (optional ones only when set).
function videoXml(v: Dict): string {
  const opt = (tag: string, x: unknown) => (x ? `<video:${tag}>${x}</video:${tag}>` : '');
  const rel = (tag: string, x: unknown) => {
    if (!x) return '';
    const o = x as Dict;
    return `<video:${tag} relationship="${o.relationship}">${o.content}</video:${tag}>`;
  };
  let uploader = '';
  if (v.uploader) {
    const u = v.uploader as Dict;
    // Next.js writes the info attribute's absence as the word undefined
    uploader = `<video:uploader${u.info && ` info="${u.info}"`}>${u.content}</video:uploader>`;
  }
  const lines = [
    '<video:video>',
    `<video:title>${v.title}</video:title>`,
    `<video:thumbnail_loc>${v.thumbnail_loc}</video:thumbnail_loc>`,
    `<video:description>${v.description}</video:description>`,
    opt('content_loc', v.content_loc), opt('player_loc', v.player_loc), opt('duration', v.duration),
    opt('view_count', v.view_count), opt('tag', v.tag), opt('rating', v.rating),
    opt('expiration_date', v.expiration_date), opt('publication_date', v.publication_date),
    opt('family_friendly', v.family_friendly), opt('requires_subscription', v.requires_subscription),
    opt('live', v.live), rel('restriction', v.restriction), rel('platform', v.platform), uploader,
    '</video:video>\n',
  ];
  return lines.filter((l) => l !== '').join('\n');
}

// MetadataRoute.Sitemap → the XML Next.js writes: the image, video and xhtml
// namespaces only when some entry uses them; per URL its loc, alternates,
// images, videos, lastmod (a Date as an ISO string), changefreq, priority.
export function sitemapXml(entries: Dict[]): string {
  const some = (f: (e: Dict) => boolean) => entries.some((e) => f(e || {}));
  const alternates = some((e) => Object.keys((e.alternates as Dict) || {}).length > 0);
  const images = some((e) => !!(e.images && (e.images as unknown[]).length));
  const videos = some((e) => !!(e.videos && (e.videos as unknown[]).length));
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  if (images) out += ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
  if (videos) out += ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
  out += alternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' : '>\n';
  for (const e of entries) {
    out += `<url>\n<loc>${e.url}</loc>\n`;
    const langs = e.alternates ? (e.alternates as Dict).languages as Dict | undefined : undefined;
    if (langs && Object.keys(langs).length)
      for (const lang in langs) out += `<xhtml:link rel="alternate" hreflang="${lang}" href="${langs[lang]}" />\n`;
    if (e.images && (e.images as unknown[]).length)
      for (const img of e.images as unknown[]) out += `<image:image>\n<image:loc>${img}</image:loc>\n</image:image>\n`;
    if (e.videos && (e.videos as unknown[]).length)
      for (const v of e.videos as Dict[]) out += videoXml(v);
    if (e.lastModified) {
      const d = e.lastModified instanceof Date ? e.lastModified.toISOString() : e.lastModified;
      out += `<lastmod>${d}</lastmod>\n`;
    }
    if (e.changeFrequency) out += `<changefreq>${e.changeFrequency}</changefreq>\n`;
    if (typeof e.priority === 'number') out += `<priority>${e.priority}</priority>\n`;
    out += '</url>\n';
  }
  return out + '</urlset>\n';
}

// MetadataRoute.Manifest → JSON, as it is.
export function manifestJson(data: unknown): string {
  return JSON.stringify(data);
}

const TYPES: Record<Kind, string> = {
  robots: 'text/plain', sitemap: 'application/xml', manifest: 'application/manifest+json',
};

// Next.js's header for these files, stored or rendered per request (kit's
// default for a stored GET answer is the same)
function answer(body: string, type: string): Response {
  return new Response(body, { headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=0, must-revalidate' } });
}

const notFound = () => new Response('Not Found', { status: 404 });

// robots.ts, sitemap.ts, manifest.ts: the module of its route; "sitemaps":
// sitemap.ts's <segment>/sitemap/[id].xml route when it exports
// generateSitemaps (as Next.js: each { id } listed is stored as <id>.xml and
// the default export gets that id; /sitemap.xml gets id undefined).
export function route(kind: Kind | 'sitemaps', ns: Namespace): Namespace {
  if (kind === 'sitemaps') {
    const gen = () => (typeof ns.generateSitemaps === 'function' ?
      (ns.generateSitemaps as () => unknown)() : undefined);
    return {
      generateStaticParams: async () => {
        const list = await gen();
        return Array.isArray(list) ? list.map((item: { id: unknown }) => ({ __metadata_id__: `${item.id}.xml` })) : [];
      },
      GET: async (_req: unknown, ctx: { params: Record<string, string> }) => {
        const id = ctx.params.__metadata_id__;
        if (typeof ns.generateSitemaps !== 'function' || !id.endsWith('.xml')) return notFound();
        const data = await (ns.default as (a: { id: string }) => unknown)({ id: id.slice(0, -4) });
        return answer(sitemapXml((data || []) as Dict[]), TYPES.sitemap);
      },
    };
  }
  return {
    GET: async () => {
      const fn = ns.default;
      const data = typeof fn === 'function' ?
        await (kind === 'sitemap' ? (fn as (a: { id: undefined }) => unknown)({ id: undefined }) : (fn as () => unknown)()) : fn;
      const body = kind === 'robots' ? robotsTxt((data || {}) as Dict) :
        kind === 'sitemap' ? sitemapXml((data || []) as Dict[]) : manifestJson(data);
      return answer(body, TYPES[kind]);
    },
  };
}

// robots.txt, sitemap.xml, manifest.json: the file as it is.
export function text(body: string, type: string): Namespace {
  return { GET: () => answer(body, type) };
}

// favicon.ico: browsers ask for /favicon.ico whatever the page says; the
// bytes are a hashed static file the web server serves.
export function redirect(location: string): Namespace {
  return { GET: () => new Response(null, { status: 308, headers: { Location: location } }) };
}
