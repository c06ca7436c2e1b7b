import type { ReactNode } from 'react';
import Link from '@kit/core/Link';
import { Counter } from '../../../components/counter';

// A layout with a parallel slot (@panel): a navigation between its pages
// re-renders from this layout (the slot changes with the page), so its own
// counter starts again while the main layout's keeps its state.
export default function SlotsLayout({ children, panel }: { children: ReactNode; panel: ReactNode }) {
  return (
    <div id="slots-layout">
      <Link href="/slots" id="slots-to-index" prefetch="none">index</Link>{' '}
      <Link href="/slots/other" id="slots-to-other" prefetch="none">other</Link>
      <Counter id="slots-counter" label="slots layout" />
      <aside id="panel">{panel}</aside>
      <div id="slots-children">{children}</div>
    </div>
  );
}
