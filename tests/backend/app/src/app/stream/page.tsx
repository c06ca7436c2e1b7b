import { Suspense } from 'react';

async function Fast() {
  return <p id="fast">fast {String(await rpc('Fast.count'))}</p>;
}
async function Slow() {
  const r = await rpc<{ after: number }>('Slow.report', 1500);
  return <p id="slow">slow after {r.after}</p>;
}
// One batch of two calls; the NDJSON line of the fast one completes its
// boundary while the slow one still runs.
export default function Stream() {
  return (
    <section>
      <Suspense fallback={<p id="fast-fallback">loading fast</p>}><Fast /></Suspense>
      <Suspense fallback={<p id="slow-fallback">loading slow</p>}><Slow /></Suspense>
    </section>
  );
}
