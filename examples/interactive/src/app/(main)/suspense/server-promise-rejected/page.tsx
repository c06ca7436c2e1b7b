import { Suspense } from 'react';
import { ServerPromise } from '../../../../components/suspense';
import { Caught } from '../../../../components/error-boundary';

const failLater = (ms: number) =>
  new Promise<string>((_, reject) => setTimeout(() => reject(new Error('secret: the promise was rejected')), ms));

// A promise passed to a client component rejects after the shell: React's
// Flight sends an E row with only a digest; use() throws it in the client
// component, the server ends the boundary with that digest, and the browser's
// error boundary catches it.
export default function ServerPromiseRejectedPage() {
  return (
    <section id="page-server-promise-rejected">
      <h1>A promise from the server that rejects</h1>
      <Suspense fallback={<i id="rejected-promise-fallback">waiting for the server</i>}>
        <Caught id="caught-promise">
          <ServerPromise message={failLater(100)} />
        </Caught>
      </Suspense>
    </section>
  );
}
