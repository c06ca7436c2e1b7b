import { Suspense } from 'react';
import { connection } from '@kit/core/request';

// A cache that never forgets (a real bug), filled in a microtask after the
// shell went out until the engine's heap limit (KIT_JS_HEAP_LIMIT_MB)
// refuses, and still held: the engine itself cannot go on, so the answer
// cannot be finished and the responder aborts it (docs/fastcgi.md §10).
const cache: string[] = [];

async function Hog() {
  await new Promise((r) => setTimeout(r, 100));
  queueMicrotask(() => {
    for (let i = 0; ; i++) cache.push('x'.repeat(4096) + i);
  });
  await new Promise((r) => setTimeout(r, 100));
  return <p id="late">late</p>;
}

export default async function Oom() {
  await connection();
  return (
    <section>
      <h1 id="shell">shell</h1>
      <Suspense fallback={<p>waiting</p>}>
        <Hog />
      </Suspense>
    </section>
  );
}
