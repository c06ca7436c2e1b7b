// `@kit/core/router`: navigations from code.
//
//   visit(path, {replace?, preserveScroll?})  a client navigation; resolves once
//                                             the new page is on screen
//   prefetch(path, {cacheFor?})               warms the cache (30000 ms default)
//   router.visit / router.prefetch            the same, as a default export
// Both run in the browser only: on the server visit() rejects (a server
// component redirects with redirect() from @kit/core/redirect) and prefetch()
// does nothing.
import type { Href } from './routes';
import { prefetch as warm, visit as go, type VisitOptions } from './client/core';

export type { VisitOptions };

export function visit(path: Href, options?: VisitOptions): Promise<void> {
  return go(path, options);
}

export function prefetch(path: Href, options?: { cacheFor?: number }): Promise<void> {
  return warm(path, options);
}

export const router = { visit, prefetch };
export default router;
