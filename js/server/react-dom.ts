// kit's server-side `react-dom`: what client components (rendered on the
// server in mujs) get when they import 'react-dom'. The browser bundle uses
// the real react-dom. Resource hints are accepted and ignored for now.
import { useFormStatus } from './hooks';

export { useFormStatus };
export const version = '19.3.1';

export function createPortal(): null {
  // a portal renders into another DOM node: nothing of it is in the server's HTML
  return null;
}

export function flushSync<T>(fn: () => T): T {
  return fn();
}

export function preload(): void {}
export function preloadModule(): void {}
export function preinit(): void {}
export function preinitModule(): void {}
export function preconnect(): void {}
export function prefetchDNS(): void {}

export function unstable_batchedUpdates<T>(fn: () => T): T {
  return fn();
}

export function findDOMNode(): null {
  return null;
}

export default {
  useFormStatus, version, createPortal, flushSync, preload, preloadModule, preinit, preinitModule,
  preconnect, prefetchDNS, unstable_batchedUpdates, findDOMNode,
};
