// Contexts shared by the browser runtime, the public hooks and the server.
//
// This module is bundled twice: into the browser bundle (one copy shared by
// every chunk) and into the server bundle, where React is kit's own
// (js/server/hooks.ts: a context is an object whose _currentValue the C walker
// pushes and pops around providers). Nothing here touches a browser API.
//
// Who provides what:
//   PathnameContext      browser: the Router (the pathname it has committed)
//                        server:  the engine, around phase 2 of every document
//                                 render: pushProvider(PathnameContext, <request path>)
//   SearchParamsContext  browser: the Router (a read-only URLSearchParams)
//                        server:  nobody: useSearchParams() throws there
//   LinkStatusContext    every Link, for useLinkStatus() below it
//   SegmentContext       browser: the Router (what each SegmentBoundary renders)
import { createContext } from 'react';

export interface LinkStatus { pending: boolean }

// What the Router assigned to the segment boundary at each depth: undefined
// means "render the children the server put inside the boundary".
export interface SegmentSlot { node: unknown; key: string }
export interface SegmentState { slots: Array<SegmentSlot | undefined>; navId: number }

export const PathnameContext = createContext<string | null>(null);
export const SearchParamsContext = createContext<URLSearchParams | null>(null);
export const LinkStatusContext = createContext<LinkStatus>({ pending: false });
export const SegmentContext = createContext<SegmentState | null>(null);
