'use client';
// <Link>: `@kit/core/Link` (its props below). An anchor whose clicks
// become client navigations (js/client/core.ts), with prefetching.
//
//   href            destination; off-origin URLs, modifier/middle clicks,
//                   target other than _self, `download` and a change of hash
//                   only are left to the browser
//   prefetch        'hover' (default; after the pointer rests 100 ms; touchstart
//                   at once), 'mount', 'click' (on mousedown), 'none';
//                   true = 'hover', false = 'none'
//   cacheFor        ms a prefetched (or fetched) payload stays usable (30000)
//   replace         replace the history entry instead of pushing one
//   preserveScroll  keep the scroll position instead of going to the top
//   anything else, `ref` included, goes to the <a>.
// While its navigation is in flight the anchor carries `data-pending` and
// useLinkStatus() below it returns {pending: true}.
//
// On the server (SSR in mujs) it is a plain <a href> with the other props.
// Client-reference id "@kit/core/Link" (export "default"); the browser entry
// registers the module itself, so its I row needs no chunks.
import { createElement, useEffect, useRef, useState } from 'react';
import type { Href } from './routes';
import { LinkStatusContext } from './client/context';
import { DEFAULT_CACHE_FOR, HOVER_DELAY, prefetch as warm, visit } from './client/core';

export type PrefetchMode = 'hover' | 'mount' | 'click' | 'none';

export interface LinkProps {
  href: Href;
  prefetch?: PrefetchMode | boolean;
  cacheFor?: number;
  replace?: boolean;
  preserveScroll?: boolean;
  /** Render the target into this parallel slot of the current page (X-RSC-Intercept). */
  intercept?: string;
  children?: unknown;
  [prop: string]: unknown;
}

function mode(p: LinkProps['prefetch']): PrefetchMode {
  if (p === undefined || p === true) return 'hover';
  if (p === false) return 'none';
  return p === 'mount' || p === 'click' || p === 'none' ? p : 'hover';
}

type Handler = ((e: any) => void) | undefined;

// Is this click ours to handle? Otherwise the browser does what it always does.
function ownClick(e: MouseEvent, a: HTMLAnchorElement, href: string): URL | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const target = a.getAttribute('target');
  if (target && target !== '_self') return null;
  if (a.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(href, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin) return null;
  const here = new URL(location.href);
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;   // in-page anchor
  return url;
}

function sameOrigin(href: string): boolean {
  try {
    return new URL(href, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

// Link's own props; every other one goes to the <a>. (A loop, not object
// rest/spread: esbuild lowers those for es2017 with helpers that need
// Object.getOwnPropertyDescriptors, which mujs itself lacks; the loop needs
// no polyfill.)
const OWN: Record<string, 1> = { href: 1, prefetch: 1, cacheFor: 1, replace: 1, preserveScroll: 1, intercept: 1, children: 1 };

export default function Link(props: LinkProps): any {
  const { href, prefetch, cacheFor, replace, preserveScroll, intercept, children } = props;
  const rest: Record<string, unknown> = {};
  for (const k in props) if (Object.prototype.hasOwnProperty.call(props, k) && !OWN[k]) rest[k] = props[k];
  const anchor: Record<string, unknown> = {};
  for (const k in rest) anchor[k] = rest[k];
  anchor.href = href;
  if (typeof document === 'undefined') return createElement('a', anchor as any, children as any);   // server

  const [pending, setPending] = useState(false);
  const live = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const how = mode(prefetch);
  const keep = typeof cacheFor === 'number' ? cacheFor : DEFAULT_CACHE_FOR;
  const hrefText = String(href);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);
  useEffect(() => {
    if (how === 'mount' && sameOrigin(hrefText)) warm(hrefText, { cacheFor: keep });
  }, [how, hrefText, keep]);

  const chain = (mine: (e: any) => void, theirs: Handler) => (e: any) => {
    if (typeof theirs === 'function') theirs(e);
    mine(e);
  };
  const warmNow = () => {
    if (sameOrigin(hrefText)) warm(hrefText, { cacheFor: keep });
  };

  anchor.onClick = chain((e: any) => {
    const url = ownClick(e.nativeEvent || e, e.currentTarget as HTMLAnchorElement, hrefText);
    if (!url) return;
    e.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPending(true);
    visit(url.href, { replace: !!replace, preserveScroll: !!preserveScroll, cacheFor: keep, intercept })
      .catch(() => {})
      .then(() => {
        if (live.current) setPending(false);
      });
  }, rest.onClick as Handler);
  if (how === 'hover') {
    anchor.onMouseEnter = chain(() => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        warmNow();
      }, HOVER_DELAY);
    }, rest.onMouseEnter as Handler);
    anchor.onMouseLeave = chain(() => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    }, rest.onMouseLeave as Handler);
  }
  if (how === 'hover' || how === 'click') {
    anchor.onTouchStart = chain(warmNow, rest.onTouchStart as Handler);
  }
  if (how === 'click') {
    anchor.onMouseDown = chain((e: any) => {
      if (e.button === 0) warmNow();
    }, rest.onMouseDown as Handler);
  }
  if (pending) anchor['data-pending'] = '';
  return createElement(LinkStatusContext.Provider, { value: pending ? PENDING : IDLE },
    createElement('a', anchor as any, children as any));
}

const PENDING = { pending: true };
const IDLE = { pending: false };

export { Link };
