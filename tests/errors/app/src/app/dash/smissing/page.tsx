import { Suspense } from 'react';
import { notFound } from '@kit/core/redirect';

// notFound() after the shell went out (inside a Suspense boundary): the
// document is a 200 already; the browser shows dash/not-found.tsx in place
// of the page, inside the dash layout.
async function Later() {
  await new Promise((r) => setTimeout(r, 50));
  notFound();
}

export default function StreamedMissing() {
  return (
    <div id="smissing">
      <p id="before">before the boundary</p>
      <Suspense fallback={<p id="s-loading">loading…</p>}>
        <Later />
      </Suspense>
    </div>
  );
}
