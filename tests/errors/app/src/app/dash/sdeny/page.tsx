import { Suspense } from 'react';
import { forbidden } from '@kit/core/redirect';

// forbidden() inside a Suspense boundary: dash has no forbidden.tsx, so the
// root one shows, in the root layout (the dash layout goes too).
async function Later() {
  await new Promise((r) => setTimeout(r, 50));
  forbidden();
}

export default function StreamedDeny() {
  return (
    <div id="sdeny">
      <Suspense fallback={<p id="s-loading">loading…</p>}>
        <Later />
      </Suspense>
    </div>
  );
}
