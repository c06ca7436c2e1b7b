import { Suspense } from 'react';
import { Caught, Thrower } from '../../../components/error-boundary';
import { Counter } from '../../../components/counter';

function ServerThrows(): never {
  throw new Error('secret: a server component failed');
}

async function ServerThrowsLater(): Promise<never> {
  await new Promise((r) => setTimeout(r, 100));
  throw new Error('secret: a server component failed after the shell');
}

// Errors inside Suspense boundaries, caught in the browser by a client error
// boundary: from a server component (an E row: only its digest reaches the
// client), late, and from a client component that throws while rendering.
export default function Errors() {
  return (
    <section id="page-errors">
      <h1>Errors inside boundaries</h1>
      <Suspense fallback={<p id="fb-server">server fallback</p>}>
        <Caught id="caught-server">
          <ServerThrows />
        </Caught>
      </Suspense>
      <Suspense fallback={<p id="fb-late">late fallback</p>}>
        <Caught id="caught-late">
          <ServerThrowsLater />
        </Caught>
      </Suspense>
      <Suspense fallback={<p id="fb-client">client fallback</p>}>
        <Caught id="caught-client">
          <Thrower label="client" />
        </Caught>
      </Suspense>
      <Counter id="errors-counter" label="still works" />
    </section>
  );
}
