import type { ReactNode } from 'react';
import Link from '@kit/core/Link';
import { Counter } from '../../components/counter';

// A layout with state: its counter survives navigations between its pages.
export default function InteractiveLayout({ children }: { children: ReactNode }) {
  return (
    <div className="interactive">
      <nav className="sub">
        <Link href="/interactive">overview</Link> <Link href="/interactive/more">more</Link>
      </nav>
      <Counter label="layout counter" />
      {children}
    </div>
  );
}
