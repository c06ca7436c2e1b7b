'use client';
// @kit/core/nuqs — kit's adapter for nuqs (type-safe search params state; an
// optional peer dependency: install nuqs in the app to use it).
//
//   import { NuqsAdapter } from '@kit/core/nuqs';
//   // in the root layout: <body><NuqsAdapter>{children}</NuqsAdapter></body>
//
// A shallow update (nuqs's default) changes only the URL: history gets it and
// useSearchParams()/usePathname() follow, nothing is fetched. A non-shallow
// update ({ shallow: false }) fetches the page's payload again and applies it
// in place, so client components keep their state. On the server the query
// of the request being rendered is used, so the HTML matches the browser.
import { createElement, useContext, useMemo, type ReactNode } from 'react';
import {
  unstable_createAdapterProvider as createAdapterProvider,
  renderQueryString,
  type unstable_AdapterOptions as AdapterOptions,
} from 'nuqs/adapters/custom';
import { SearchParamsContext } from './client/context';
import { shallowURL, visit } from './client/core';
import { currentRequest } from './server/request-context';

function serverQuery(): string {
  const r = currentRequest();
  if (!r) return '';
  const q = r.url.indexOf('?');
  return q < 0 ? '' : r.url.slice(q);
}

function useKitAdapter() {
  const fromRouter = useContext(SearchParamsContext);
  const inBrowser = typeof document !== 'undefined';
  const query = inBrowser ? (fromRouter ? fromRouter.toString() : location.search.slice(1)) : serverQuery();
  const searchParams = useMemo(() => new URLSearchParams(query), [query]);
  const updateUrl = (search: URLSearchParams, options: AdapterOptions) => {
    const url = location.pathname + renderQueryString(search) + location.hash;
    const replace = options.history !== 'push';
    if (options.shallow === false) {
      void visit(url, { replace, preserveScroll: !options.scroll, inPlace: true });
    } else {
      shallowURL(url, { replace, scroll: !!options.scroll });
    }
  };
  return { searchParams, updateUrl, getSearchParamsSnapshot: () => new URLSearchParams(inBrowser ? location.search : serverQuery()) };
}

const Provider = createAdapterProvider(useKitAdapter);

export function NuqsAdapter({ children }: { children?: ReactNode }) {
  return createElement(Provider, null, children);
}

export default NuqsAdapter;
