import { Suspense } from 'react';
import { connection } from '@kit/core/request';
import { Counter, MountProbe, SearchProbe } from '../../../widgets';

// pages.mjs's shopPage(letter); /shop/slow answers after 800 ms.
export default async function ShopPage({ params }: { params: Promise<{ letter: string }> }) {
  await connection(); // any letter, per request (no URLs listed)
  const { letter } = await params;
  if (letter === 'slow') await new Promise((r) => setTimeout(r, 800));
  return (
    <article id={'page-' + letter}>
      <h1>{'Page ' + letter.toUpperCase()}</h1>
      <Counter id="page-counter" label={'page ' + letter} />
      <MountProbe name={'page-' + letter} />
      <Suspense fallback={<i id="search-fallback">search…</i>}>
        <SearchProbe />
      </Suspense>
      <div id="tall" style={{ height: 3000 }}>tall</div>
    </article>
  );
}
