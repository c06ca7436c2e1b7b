import type { ReactNode } from 'react';
import { Counter, MountProbe } from '../../widgets';

export default function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <section id="shop">
      <h2>shop</h2>
      <Counter id="shop-counter" label="shop" />
      <MountProbe name="shop-layout" />
      {children}
    </section>
  );
}
