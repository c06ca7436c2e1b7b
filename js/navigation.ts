// `@kit/core/navigation`: the URL hooks of client components, in one place.
//
// usePathname()      the pathname shown; follows navigations. On the server,
//                    the path of the request being rendered (the engine
//                    provides PathnameContext around phase 2).
// useSearchParams()  the query shown (a read-only URLSearchParams: .get(name));
//                    follows navigations. On the server it throws: the query
//                    is the browser's, and kit treats the throw as a
//                    client-only bailout at the nearest Suspense boundary.
import { useContext } from 'react';
import { PathnameContext, SearchParamsContext } from './client/context';

export function usePathname(): string {
  const p = useContext(PathnameContext);
  if (p !== null) return p;
  if (typeof location !== 'undefined') return location.pathname;
  throw new Error('usePathname(): no pathname: the server must provide PathnameContext (js/client/context.ts) while rendering client components');
}

// The error useSearchParams() throws on the server. `kitClientOnly` marks it
// for the engine: render the nearest Suspense boundary's fallback and let the
// browser render the rest.
export class SearchParamsOnServerError extends Error {
  kitClientOnly = true;
  constructor() {
    super("useSearchParams() reads the browser's URL: wrap the component in <Suspense>");
    this.name = 'SearchParamsOnServerError';
  }
}

export function useSearchParams(): URLSearchParams {
  if (typeof document === 'undefined') throw new SearchParamsOnServerError();
  const p = useContext(SearchParamsContext);
  if (p !== null) return p;
  return new URLSearchParams(location.search);
}

export { PathnameContext, SearchParamsContext };
