'use client';
// The client graph: "client-only" resolves to its harmless default file and
// swr to its full entry (useSWR is not in its react-server one).
import 'client-only';
import useSWR from 'swr';

export function Profile() {
  // The fetcher never settles: the data is SWRConfig's fallback, on the
  // server and after hydration.
  const { data } = useSWR<{ name: string }>(['user', 7], () => new Promise<never>(() => {}));
  return <p id="name">{data ? data.name : 'no data'}</p>;
}
