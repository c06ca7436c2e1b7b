import { Suspense } from 'react';
import { ClientBoundary, ClientPromise } from '../../../components/suspense';

export default function SuspensePage() {
  return (
    <section id="page-suspense">
      <h1>use() and Suspense</h1>
      <Suspense fallback={<i id="client-promise-fallback">waiting for the client promise</i>}>
        <ClientPromise k="one" />
      </Suspense>
      <ClientBoundary k="two" />
    </section>
  );
}
