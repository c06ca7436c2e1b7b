import type { ReactNode } from 'react';
import Link from '@kit/core/Link';
import { Counter } from '../../../components/counter';

// A nested layout with state: its counter survives navigations between its
// pages (only the page below it is replaced), as does the main layout's.
export default function SectionLayout({ children }: { children: ReactNode }) {
  return (
    <div id="section-layout">
      <Link href="/section/a" id="section-to-a" prefetch="none">a</Link>{' '}
      <Link href="/section/b" id="section-to-b" prefetch="none">b</Link>
      <Counter id="section-counter" label="section" />
      {children}
    </div>
  );
}
