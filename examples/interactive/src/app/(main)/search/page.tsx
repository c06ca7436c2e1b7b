import { Suspense } from 'react';
import { SearchLinks, SearchProbe } from '../../../components/search';
import { Counter } from '../../../components/counter';

export default function Search() {
  return (
    <section id="page-search">
      <h1>useSearchParams</h1>
      <Counter id="search-counter" label="search page" />
      <Suspense fallback={<p id="search-fallback">reading the query…</p>}>
        <SearchProbe />
      </Suspense>
      <Suspense fallback={<p id="search-links-fallback">links…</p>}>
        <SearchLinks />
      </Suspense>
    </section>
  );
}
