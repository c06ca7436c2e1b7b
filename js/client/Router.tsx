// The Router: the root component the browser entry hydrates. It holds the
// document's payload (depth 0) and what a navigation assigned to each deeper
// SegmentBoundary, and provides the URL to usePathname()/useSearchParams().
// Browser only (imported by the entry, never by the server bundle).
import { createElement, startTransition, use, useLayoutEffect, useMemo, useState } from 'react';
import { PathnameContext, SearchParamsContext, SegmentContext, type SegmentSlot, type SegmentState } from './context';
import { attach, committed, type Commit } from './core';

interface RouterState {
  root: unknown;                          // the document: a thenable (initial) or a decoded value
  rootKey: string;                        // changes with each depth-0 answer: the document starts afresh
  slots: Array<SegmentSlot | undefined>;  // index = SegmentBoundary depth (0 unused)
  href: string;
  navId: number;
  last: Commit | null;                    // the commit whose history and scroll are still to do
}

function apply(s: RouterState, c: Commit): RouterState {
  if (c.navId < s.navId) return s;
  // a shallow URL change: same tree, new URL for the hooks
  if (c.depth < 0) return { root: s.root, rootKey: s.rootKey, slots: s.slots, href: c.href, navId: c.navId, last: c };
  if (c.depth === 0)
    return { root: c.node, rootKey: c.inPlace ? s.rootKey : 'n' + c.navId, slots: [], href: c.href, navId: c.navId, last: c };
  const slots = s.slots.slice(0, c.depth);
  // in place: the boundary keeps its key, so React reconciles and client state survives
  const prev = s.slots[c.depth];
  slots[c.depth] = { node: c.node, key: c.inPlace ? (prev ? prev.key : 'ssr') : 'n' + c.navId };
  return { root: s.root, rootKey: s.rootKey, slots, href: c.href, navId: c.navId, last: c };
}

function isThenable(x: unknown): x is PromiseLike<unknown> {
  return !!x && typeof (x as PromiseLike<unknown>).then === 'function';
}

function Content({ node }: { node: unknown }): any {
  return isThenable(node) ? use(node as Promise<unknown>) : node;
}

export function Router({ initial }: { initial: unknown }) {
  const [state, setState] = useState<RouterState>(() => ({
    root: initial, rootKey: 'ssr', slots: [], href: location.href, navId: 0, last: null,
  }));
  useLayoutEffect(() => attach({
    commit(c: Commit) {
      startTransition(() => setState((s) => apply(s, c)));
    },
  }), []);
  useLayoutEffect(() => {
    if (state.last) committed(state.last);
  }, [state]);
  const url = useMemo(() => new URL(state.href), [state.href]);
  const search = useMemo(() => readOnly(new URLSearchParams(url.search)), [url.search]);
  const seg = useMemo<SegmentState>(() => ({ slots: state.slots, navId: state.navId }), [state.slots, state.navId]);
  return createElement(SegmentContext.Provider, { value: seg },
    createElement(PathnameContext.Provider, { value: url.pathname },
      createElement(SearchParamsContext.Provider, { value: search },
        createElement(Content, { key: state.rootKey, node: state.root }))));
}

// useSearchParams() hands out the Router's object: mutating it would change
// what every other reader sees without a navigation.
function readOnly(p: URLSearchParams): URLSearchParams {
  const refuse = () => {
    throw new Error('useSearchParams() is read-only: navigate (visit() or a Link) to change the query');
  };
  for (const m of ['append', 'delete', 'set', 'sort'] as const) Object.defineProperty(p, m, { value: refuse });
  return p;
}
