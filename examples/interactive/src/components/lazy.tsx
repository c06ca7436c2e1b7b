'use client';
// React.lazy: the loader's promise settles later (a timer), the Suspense
// boundary waits for it on the server and in the browser. (lazy() over a
// dynamic import() is in fixtures/lazy-import: kit-build refuses it today.)
import { Suspense, lazy, useState } from 'react';
import { Heavy } from './lazy-heavy';

const Lazy = lazy(() => new Promise<{ default: typeof Heavy }>((resolve) => setTimeout(() => resolve({ default: Heavy }), 30)));

export function LazyDemo() {
  const [n, setN] = useState(0);
  return (
    <div id="lazy">
      <Suspense fallback={<i id="lazy-fallback">loading the lazy component</i>}>
        <Lazy label="lazy" />
      </Suspense>
      <button type="button" id="lazy-inc" onClick={() => setN(n + 1)}>{'lazy clicks ' + n}</button>
    </div>
  );
}
