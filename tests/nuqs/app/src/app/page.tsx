import { Suspense } from 'react';
import { connection } from '@kit/core/request';
import { Search, SeenBySearchParams } from '../components/search';
export default async function P({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  await connection();
  const sp = await searchParams;
  return <main><p id="server">server page={sp.page ?? '1'}</p><Search /><Suspense fallback={<p id="sp">…</p>}><SeenBySearchParams /></Suspense></main>;
}
