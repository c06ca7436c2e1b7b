import { Suspense } from 'react';
import { connection } from '@kit/core/request';

async function Late() {
  await new Promise((r) => setTimeout(r, 100));
  return <p id="late">late</p>;
}

// The control: the same shape as /oom and /hang, and it ends.
export default async function Ok() {
  await connection();
  return (
    <section>
      <h1 id="shell">shell</h1>
      <Suspense fallback={<p>waiting</p>}>
        <Late />
      </Suspense>
    </section>
  );
}
