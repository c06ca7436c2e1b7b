import { Suspense } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The messages must never reach the client: only a digest does.
function ThrowsNow(): never {
  throw new Error('secret-sync-message: the boundary failed while the shell was rendered');
}

async function ThrowsLater(): Promise<never> {
  await wait(150);
  throw new Error('secret-async-message: the boundary failed after the shell went out');
}

async function Fine() {
  await wait(50);
  return <p id="fine">this boundary is fine</p>;
}

// Errors inside Suspense: the page is still a 200. The first boundary is
// errored in the shell (<!--$!-->), the second errors after the shell (an
// error completion), the third completes normally.
export default function BoundaryError() {
  return (
    <section>
      <h1>Errors inside boundaries</h1>
      <Suspense fallback={<p id="fb-sync">sync fallback</p>}>
        <ThrowsNow />
      </Suspense>
      <Suspense fallback={<p id="fb-async">async fallback</p>}>
        <ThrowsLater />
      </Suspense>
      <Suspense fallback={<p id="fb-fine">fine fallback</p>}>
        <Fine />
      </Suspense>
      <p id="after">after the boundaries</p>
    </section>
  );
}
