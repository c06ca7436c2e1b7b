import { connection } from '@kit/core/request';
import { Suspense } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function After({ ms, label }: { ms: number; label: string }) {
  await wait(ms);
  return <p className="done">{label} after {ms} ms</p>;
}

// Each boundary's completion streams the moment it resolves: the 2 s one is
// first in the tree but arrives after the 1 s one.
export default async function Streaming({ searchParams }: { searchParams: Promise<{ fast?: string }> }) {
  await connection(); // a timing demo: rendered per request, never stored at build
  return (
    <section>
      <h1>Streaming</h1>
      <Suspense fallback={<p className="fallback">waiting for the slow part…</p>}>
        <After ms={2000} label="slow" />
      </Suspense>
      <Suspense fallback={<p className="fallback">waiting for the fast part…</p>}>
        <After ms={1000} label="fast" />
      </Suspense>
    </section>
  );
}
