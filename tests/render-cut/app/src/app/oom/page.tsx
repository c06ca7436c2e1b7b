import { Suspense } from 'react';
import { connection } from '@kit/core/request';

// A cache that never forgets (a real bug), filled in a microtask after the
// shell went out until the engine's heap limit (KIT_JS_HEAP_LIMIT_MB)
// refuses, and still held: the engine itself cannot go on, so the answer
// cannot be finished and the responder aborts it (docs/fastcgi.md §10).
// A chain, not an array: an array's doubling is the allocation refused,
// which would leave up to its size free; each refusal halves the entry, so
// the heap ends full to its last bytes whatever the engine needs for the
// rest of the render (a leaner engine once finished the page in what a
// refused doubling left).
let cache: { next: unknown; text: string } | null = null;

async function Hog() {
  await new Promise((r) => setTimeout(r, 100));
  queueMicrotask(() => {
    let size = 4096;
    for (let i = 0; ; i++) {
      try {
        cache = { next: cache, text: 'x'.repeat(size) + i };
      } catch (e) {
        if (size === 1)
          throw e;
        size = size >> 1;
      }
    }
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
