'use client';
// useSearchParams() reads the browser's URL: on the server it throws, the
// nearest Suspense boundary is sent with its fallback (a client-only bailout)
// and the browser renders the content, silently.
import Link from '@kit/core/Link';
import { usePathname, useSearchParams } from '@kit/core/navigation';

export function SearchProbe() {
  const params = useSearchParams();
  const pathname = usePathname();
  const keys: string[] = [];
  params.forEach((_v, k) => keys.push(k));
  return <p id="search">{pathname + ' q=' + (params.get('q') ?? '') + ' keys=' + keys.join(',')}</p>;
}

export function SearchLinks() {
  const q = useSearchParams().get('q');
  return (
    <p id="search-links">
      <Link href="/search?q=one" id="search-one" prefetch="none">one</Link>{' '}
      <Link href="/search?q=two&x=1" id="search-two" prefetch="none">two</Link>{' '}
      <Link href="/search" id="search-none" prefetch="none">none</Link>
      <span id="search-current">{'current ' + (q ?? '-')}</span>
    </p>
  );
}
