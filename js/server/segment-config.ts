// Route segment config (docs/segment-config.md): the exports of layouts and
// pages that Next.js reads to decide how a route renders, honoured where
// they mean something in kit. kit-build warns, naming the file, about the
// ones it ignores (toolchain/bundle.mjs: segmentConfigWarnings).
//
//   export const dynamic = 'force-dynamic'   rendered per request, never stored
//   export const revalidate = 0              the same
//   export const fetchCache = 'force-no-store'  the same
//   export const dynamicParams = false       a URL generateStaticParams does
//                                            not list is a 404
import { jsx } from './jsx-runtime';
import { currentPhase } from './request-context';
import { notFound } from '../redirect';

type Namespace = Record<string, unknown>;
type Params = Record<string, string | string[]>;

// Why the route renders per request, from the segments' exports (a layout's
// applies to everything below it), or null.
export function perRequestReason(mods: Namespace[]): string | null {
  for (const m of mods) {
    if (!m) continue;
    // (no quotes or commas: the reason travels in a digest, build/prerender.c)
    if (m.dynamic === 'force-dynamic') return 'exports dynamic = force-dynamic';
    if (m.revalidate === 0) return 'exports revalidate = 0';
    if (m.fetchCache === 'force-no-store') return 'exports fetchCache = force-no-store';
  }
  return null;
}

// At build time, in place of the page: the marker kit-build reads as "renders
// per request" (build/prerender.c), with the reason for its listing.
function PerRequest(props: { why: string }): never {
  const e = new Error('[kit:dynamic per request: ' + props.why + '] the route renders per request');
  (e as Error & { digest: string }).digest = 'KIT_DYNAMIC;per request: ' + props.why;
  throw e;
}

const same = (a: string | string[], b: unknown) =>
  Array.isArray(a) ? Array.isArray(b) && a.join('/') === b.join('/') : String(b) === a;

// dynamicParams = false: the page renders only for the params its
// generateStaticParams lists; any other URL is a 404.
async function ListedOnly(props: { page: unknown; list: () => unknown; params: Params }): Promise<unknown> {
  const listed = await props.list();
  const names = Object.keys(props.params);
  const ok = Array.isArray(listed) && listed.some((entry) =>
    entry && typeof entry === 'object' && names.every((n) => same(props.params[n], (entry as Record<string, unknown>)[n])));
  if (!ok) notFound();
  return props.page;
}

// The page element as the segment config wants it.
export function applySegmentConfig(page: unknown, mods: Namespace[], pageModule: Namespace, params: Params | null): unknown {
  const phase = currentPhase();
  if (phase === 'build') {
    const why = perRequestReason(mods);
    return why ? jsx(PerRequest, { why }) : page;
  }
  if (params && pageModule && pageModule.dynamicParams === false && typeof pageModule.generateStaticParams === 'function')
    return jsx(ListedOnly, { page, list: pageModule.generateStaticParams as () => unknown, params });
  return page;
}
