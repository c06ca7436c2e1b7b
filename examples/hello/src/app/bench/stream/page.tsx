// The soak's streaming page (bench/soak.sh): the shell first, then two
// Suspense boundaries completing after short timers, the later one first in
// the tree (what /streaming shows over seconds, in milliseconds).
import { connection } from '@kit/core/request';
import { Suspense } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function After({ ms, label }: { ms: number; label: string }) {
  await wait(ms);
  return <p className="done">{label} after {ms} ms</p>;
}

export default async function Stream() {
  await connection(); // rendered per request, never stored at build
  return (
    <section>
      <h1>Stream</h1>
      <Suspense fallback={<p className="fallback">waiting…</p>}>
        <After ms={10} label="later" />
      </Suspense>
      <Suspense fallback={<p className="fallback">waiting…</p>}>
        <After ms={5} label="sooner" />
      </Suspense>
    </section>
  );
}
