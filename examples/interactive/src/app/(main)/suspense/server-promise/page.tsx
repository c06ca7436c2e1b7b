import { Suspense } from 'react';
import { ServerPromise } from '../../../../components/suspense';

const later = (ms: number, v: string) => new Promise<string>((r) => setTimeout(() => r(v), ms));

// A server component passes a pending promise to a client component, which
// reads it with use() inside Suspense (React's Flight sends it as a "$@" row).
export default function ServerPromisePage() {
  return (
    <section id="page-server-promise">
      <h1>A promise from the server</h1>
      <Suspense fallback={<i id="server-promise-fallback">waiting for the server</i>}>
        <ServerPromise message={later(100, 'hello')} />
      </Suspense>
    </section>
  );
}
