import { connection } from '@kit/core/request';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The shell itself waits 5 s (no Suspense boundary, no loading.tsx): with
// KIT_RENDER_TIMEOUT_MS=1000 nothing can be sent in time, so the answer is a
// 503 at ~1 s (tests/suites/streaming-limits.sh).
export default async function BudgetShell() {
  await connection();
  await wait(5000);
  return (
    <section>
      <h1>This shell took 5 s</h1>
    </section>
  );
}
