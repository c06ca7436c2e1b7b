import { Suspense } from 'react';
import { unauthorized } from '@kit/core/redirect';

// unauthorized() inside a Suspense boundary, no unauthorized.tsx anywhere:
// kit's default 401 page, in the root layout.
async function Later() {
  await new Promise((r) => setTimeout(r, 50));
  unauthorized();
}

export default function StreamedWho() {
  return (
    <Suspense fallback={<p id="s-loading">loading…</p>}>
      <Later />
    </Suspense>
  );
}
