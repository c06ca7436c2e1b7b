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
import { createElement, Fragment, useContext, useLayoutEffect } from 'react';
import { SegmentContext } from './context';
import { boundaryMounted, getBoundaryComponent } from './core';

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

export default SegmentBoundary;
