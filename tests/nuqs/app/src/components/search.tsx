'use client';
import { useState } from 'react';
import { useQueryState, parseAsInteger } from 'nuqs';
import { useSearchParams } from '@kit/core/navigation';
export function Search() {
  const [q, setQ] = useQueryState('q', { defaultValue: '' });
  const [page, setPage] = useQueryState('page', parseAsInteger.withDefault(1).withOptions({ shallow: false }));
  const [clicks, setClicks] = useState(0);
  return <div>
    <p id="q">q={q}</p><p id="page">page={page}</p><p id="clicks">clicks={clicks}</p>
    <button id="setq" onClick={() => { setQ('hello'); setClicks((c) => c + 1); }}>set q</button>
    <button id="next" onClick={() => setPage(page + 1)}>next page</button>
  </div>;
}
export function SeenBySearchParams() {
  const sp = useSearchParams();
  return <p id="sp">sp={sp.get('q') ?? ''}</p>;
}
