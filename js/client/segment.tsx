'use client';
// SegmentBoundary: the client component the server puts between every layout
// and its children, so that a navigation can replace what is below a layout
// the browser keeps (docs/client-components.md §5).
//
// The server wraps the `children` prop of the layout at index i of the chain
// (0 = the root layout) as
//     <SegmentBoundary depth={i + 1}>{children}</SegmentBoundary>
// (depth = the number of layouts above; the whole `children` value, outside
// a loading.tsx Suspense boundary that may sit between layout and page).
// Depth 0 is the document itself: the Router, not a boundary, holds it.
// The client-reference id is "@kit/core/client/segment", export
// "SegmentBoundary"; the browser entry registers the module itself, so its I
// row needs no chunks: 1:I["@kit/core/client/segment",[],"SegmentBoundary"].
//
// On the server (SSR in mujs) it renders its children and nothing else. In
// the browser it renders either those children (as hydrated) or the payload
// the Router assigned to its depth, inside a redirect boundary keyed by the
// navigation, so everything below it starts afresh on each navigation while
// the layouts above keep their state.
import { Component, createElement, Fragment, useContext, useLayoutEffect } from 'react';
import { SegmentContext } from './context';
import { boundaryMounted, dropLayoutsBelow, getBoundaryComponent } from './core';

export interface SegmentBoundaryProps {
  depth: number;
  children?: unknown;
}

export function SegmentBoundary({ depth, children }: SegmentBoundaryProps): any {
  if (typeof document === 'undefined') return children;   // server: the same tree as phase 1
  return createElement(BrowserSegment, { depth, children } as SegmentBoundaryProps);
}

function BrowserSegment({ depth, children }: SegmentBoundaryProps) {
  const seg = useContext(SegmentContext);
  const slot = seg ? seg.slots[depth] : undefined;
  useLayoutEffect(() => {
    boundaryMounted(depth, 1);
    return () => boundaryMounted(depth, -1);
  }, [depth]);
  const Boundary = (getBoundaryComponent() || Fragment) as any;
  const props: Record<string, unknown> = { key: slot ? slot.key : 'ssr' };
  if (Boundary !== Fragment) props.navId = seg ? seg.navId : 0;
  return createElement(Boundary, props, (slot ? slot.node : children) as any);
}

// FallbackBoundary: what the server puts inside a segment's loading boundary
// when the segment has a not-found, forbidden or unauthorized file, and
// inside the root layout always (js/server/runtime.ts; docs/errors.md):
//     <FallbackBoundary level={d} notFound={<NotFound />} forbidden={…} unauthorized={…} root>…</FallbackBoundary>
// level: the layouts above it (the SegmentBoundary depth it sits in). Each
// page prop is given when the segment has that file; root: kit's default
// page for the others. Export "FallbackBoundary" of this module.
//
// notFound(), forbidden() and unauthorized() thrown above every Suspense
// boundary are answered by the host (a 404, 403 or 401 document). Thrown
// inside one, after the shell went out, they reach the browser as the
// boundary's error (digest KIT_NOT_FOUND, KIT_FORBIDDEN, KIT_UNAUTHORIZED),
// which React meets when it renders that boundary: the nearest
// FallbackBoundary with a page for it shows that page in place of its
// children, with <meta name="robots" content="noindex"> (React hoists it
// into <head>), until the next navigation, which replaces everything below
// its level's layouts (the ones below are gone). A boundary without that page
// lets the error go on to the next one up. On the server it renders its
// children: the host never lets such an error reach the HTML outside a
// Suspense boundary.
export interface FallbackBoundaryProps {
  level: number;
  notFound?: unknown;
  forbidden?: unknown;
  unauthorized?: unknown;
  root?: boolean;
  children?: unknown;
}

const FALLBACKS: Record<string, { prop: 'notFound' | 'forbidden' | 'unauthorized'; status: string; text: string }> = {
  KIT_NOT_FOUND: { prop: 'notFound', status: '404', text: 'This page could not be found.' },
  KIT_FORBIDDEN: { prop: 'forbidden', status: '403', text: 'You are not allowed to see this page.' },
  KIT_UNAUTHORIZED: { prop: 'unauthorized', status: '401', text: 'You need to sign in to see this page.' },
};

// The fallback of notFound(), forbidden() or unauthorized(), by the error's
// digest; undefined for any other error.
export function fallbackOf(e: unknown) {
  const d = e && typeof e === 'object' ? (e as { digest?: unknown }).digest : undefined;
  return typeof d === 'string' && Object.prototype.hasOwnProperty.call(FALLBACKS, d) ? FALLBACKS[d] : undefined;
}

export function FallbackBoundary(props: FallbackBoundaryProps): any {
  if (typeof document === 'undefined') return props.children;
  return createElement(BrowserFallback, props);
}

function BrowserFallback(props: FallbackBoundaryProps) {
  const seg = useContext(SegmentContext);
  return createElement(FallbackCatcher, { ...props, navId: seg ? seg.navId : 0 });
}

interface CatcherState { error: unknown; navId?: number }

// The page a boundary shows for error: its file's element, kit's default
// (root), or undefined when it has none.
function fallbackPage(props: FallbackBoundaryProps, error: unknown): unknown {
  const f = fallbackOf(error);
  if (!f) return undefined;
  if (props[f.prop] !== undefined) return props[f.prop];
  if (!props.root) return undefined;
  return createElement('main', null, createElement('h1', null, f.status), createElement('p', null, f.text));
}

class FallbackCatcher extends Component<FallbackBoundaryProps & { navId: number }, CatcherState> {
  state: CatcherState = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    if (!fallbackOf(error)) throw error;
    return { error };
  }

  componentDidCatch(error: unknown) {
    this.setState({ navId: this.props.navId });
    if (fallbackPage(this.props, error) !== undefined) dropLayoutsBelow(this.props.level);
  }

  componentDidUpdate() {
    // a navigation committed since: show what it brought
    if (this.state.error && this.state.navId !== undefined && this.props.navId !== this.state.navId)
      this.setState({ error: null, navId: undefined });
  }

  render() {
    const error = this.state.error;
    if (!error) return this.props.children as any;
    const page = fallbackPage(this.props, error);
    if (page === undefined) throw error;   // on to the next FallbackBoundary up
    return createElement(Fragment, null, createElement('meta', { name: 'robots', content: 'noindex' }), page as any);
  }
}

export default SegmentBoundary;
