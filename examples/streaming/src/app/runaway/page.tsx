import { connection } from '@kit/core/request';

// A component stuck in an endless loop. mujs's interrupt hook (kit's patch
// 0204) stops it when the render budget runs out: the page answers the
// budget's 503 and the same worker serves the next request
// (tests/suites/streaming-limits.sh). It still burns a worker for the whole
// budget: never request it from a server you care about.
function Spin(): never {
  // eslint-disable-next-line no-constant-condition
  while (true) {}
}

export default async function Runaway() {
  await connection(); // request-dependent: never run at build time
  return (
    <section>
      <h1>Runaway</h1>
      <Spin />
    </section>
  );
}
