// redirect(), notFound(), forbidden() and unauthorized(): thrown, they end the
// render (or the middleware). The digest is what travels: above every
// Suspense boundary the host turns it into a real status (3xx with Location,
// 204 + X-RSC-Redirect on a navigation; 404, 403, 401 with the nearest
// not-found, forbidden, unauthorized page: docs/errors.md); inside a boundary
// it reaches the browser in the boundary's error, and the document gets a
// location.replace script. Error boundaries (error.tsx) never catch them.
// Format (render/stream.c): KIT_REDIRECT;<status>;<url>, KIT_NOT_FOUND,
// KIT_FORBIDDEN, KIT_UNAUTHORIZED.
import type { Href } from './routes';

export type RedirectType = 'replace' | 'push';

class KitNavigationError extends Error {
  digest: string;
  constructor(message: string, digest: string) {
    super(message);
    this.name = 'KitNavigationError';
    this.digest = digest;
  }
}

function target(path: string): string {
  if (typeof path !== 'string' || path === '') throw new TypeError('redirect(): the destination must be a non-empty string');
  if (/[\r\n]/.test(path)) throw new TypeError('redirect(): the destination must not contain line breaks');
  return path;
}

// 307 keeps the method; permanentRedirect() answers 308.
export function redirect(path: Href, _type?: RedirectType): never {
  const to = target(path);
  throw new KitNavigationError('redirect to ' + to, 'KIT_REDIRECT;307;' + to);
}

export function permanentRedirect(path: Href, _type?: RedirectType): never {
  const to = target(path);
  throw new KitNavigationError('permanent redirect to ' + to, 'KIT_REDIRECT;308;' + to);
}

export function notFound(): never {
  throw new KitNavigationError('not found', 'KIT_NOT_FOUND');
}

// 403 with the nearest forbidden.tsx (kit's default page when there is none);
// in middleware.ts a plain 403 answer.
export function forbidden(): never {
  throw new KitNavigationError('forbidden', 'KIT_FORBIDDEN');
}

// 401 with the nearest unauthorized.tsx (kit's default page when there is
// none); in middleware.ts a plain 401 answer.
export function unauthorized(): never {
  throw new KitNavigationError('unauthorized', 'KIT_UNAUTHORIZED');
}

export function isRedirectError(e: unknown): boolean {
  return !!e && typeof (e as { digest?: unknown }).digest === 'string' &&
    (e as { digest: string }).digest.indexOf('KIT_REDIRECT;') === 0;
}

export function isNotFoundError(e: unknown): boolean {
  return !!e && (e as { digest?: unknown }).digest === 'KIT_NOT_FOUND';
}

export function isForbiddenError(e: unknown): boolean {
  return !!e && (e as { digest?: unknown }).digest === 'KIT_FORBIDDEN';
}

export function isUnauthorizedError(e: unknown): boolean {
  return !!e && (e as { digest?: unknown }).digest === 'KIT_UNAUTHORIZED';
}
