import { Suspense } from 'react';
import { ChildrenCountProbe } from '../../../../components/hooks';

// React counts empty nodes in Children.count and calls Children.map's
// function for them; the probe shows what the server's Children did.
export default function ChildrenPage() {
  return (
    <section id="page-children">
      <h1>Children with empty nodes</h1>
      <Suspense fallback={<p id="children-count-fallback">…</p>}>
        <ChildrenCountProbe>
          <b>one</b>
          {null}
          {false}
          {undefined}
          {[<i key="x">two</i>, 'three']}
        </ChildrenCountProbe>
      </Suspense>
    </section>
  );
}
