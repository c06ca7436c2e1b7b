import { Suspense } from 'react';
import { headers } from '@kit/core/request';

// Partial prerendering: the heading and the first boundary (static: it
// finishes at build time) are in the stored shell; the second boundary reads
// the request, so it is a hole rendered for each visitor, 1.5 s later.
async function Static() {
  await new Promise((r) => setTimeout(r, 10));
  return <p className="static-inside">static inside a boundary</p>;
}

async function Hole() {
  const h = await headers();
  await new Promise((r) => setTimeout(r, 1500));
  return <p className="hole">slow part for {h.get('x-visitor') ?? 'kit-test'}</p>;
}

export default function PprSlow() {
  return (
    <section>
      <h1>Partial prerendering</h1>
      <Suspense fallback={<p>static coming…</p>}>
        <Static />
      </Suspense>
      <Suspense fallback={<p className="fallback">the slow part is coming…</p>}>
        <Hole />
      </Suspense>
    </section>
  );
}
