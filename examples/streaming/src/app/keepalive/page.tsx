import { Suspense } from 'react';
import { connection } from '@kit/core/request';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function Late() {
  await wait(3000);
  return <p id="late">late content after 3000 ms</p>;
}

// One boundary that stays pending for 3 s: with KIT_KEEPALIVE_MS=500 the
// responder writes a keep-alive comment (<!--k-->) every ~0.5 s between the
// shell and the completion, so a front server's I/O timeout (mod_fcgid's
// FcgidIOTimeout) never sees a silent stream (tests/suites/streaming-limits.sh).
export default async function KeepAlive() {
  await connection(); // timed per request: never frozen at build time
  return (
    <section>
      <h1>Keep-alive</h1>
      <Suspense fallback={<p id="fb-late">waiting 3 s for the late part…</p>}>
        <Late />
      </Suspense>
      <p id="after">after the boundary</p>
    </section>
  );
}
