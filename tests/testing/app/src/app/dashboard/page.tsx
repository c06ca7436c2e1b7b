import { Suspense } from 'react';

async function Fast() {
  const n = await rpc<number>('Stats.fast');
  return <p id="fast">fast: {n}</p>;
}

async function Slow() {
  const r = await rpc<string>('Stats.slow');
  return <p id="slow">slow: {r}</p>;
}

// Two reads of one tick (one batch): the fast one's boundary is streamed
// while the slow one still runs.
export default function Dashboard() {
  return (
    <main>
      <Suspense fallback={<p>loading fast</p>}><Fast /></Suspense>
      <Suspense fallback={<p>loading slow</p>}><Slow /></Suspense>
    </main>
  );
}
