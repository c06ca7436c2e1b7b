import Link from '@kit/core/Link';
import { Counter } from '../../../../components/counter';
import { SearchProbe } from '../../../../components/search';
import { Suspense } from 'react';

export default function Target() {
  return (
    <section id="page-target">
      <h1>Target</h1>
      <Suspense fallback={<p id="search-fallback">…</p>}>
        <SearchProbe />
      </Suspense>
      <Counter id="target-counter" label="target" />
      <Link href="/links" id="back-to-links" prefetch="none">back to links</Link>
      <div style={{ height: 2000 }}>tall</div>
    </section>
  );
}
