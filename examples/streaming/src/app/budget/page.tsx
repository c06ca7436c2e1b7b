import { Suspense } from 'react';
import { connection } from '@kit/core/request';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function After({ ms, id }: { ms: number; id: string }) {
  await wait(ms);
  return <p id={id}>{`done after ${ms} ms`}</p>;
}

// Served with KIT_RENDER_TIMEOUT_MS=1000: the 300 ms boundary completes, the
// 5 s one is still pending when the budget runs out and ends with an error
// completion (digest KIT_RENDER_TIMEOUT) and an E row; the document is
// complete at ~1 s, not 5 s (tests/suites/streaming-limits.sh).
export default async function Budget() {
  await connection();
  return (
    <section>
      <h1>Render budget</h1>
      <Suspense fallback={<p id="fb-fast">waiting for the 300 ms part…</p>}>
        <After ms={300} id="fast" />
      </Suspense>
      <Suspense fallback={<p id="fb-slow">waiting for the 5 s part…</p>}>
        <After ms={5000} id="slow" />
      </Suspense>
      <p id="after">after the boundaries</p>
    </section>
  );
}
