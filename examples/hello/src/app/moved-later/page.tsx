import { Suspense } from 'react';
import { redirect } from '@kit/core/redirect';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function LateRedirect(): Promise<never> {
  await wait(50);
  redirect('/about?from=moved-later');
}

// The shell is out before the redirect happens: the browser is sent on by a
// location.replace script, and the digest reaches React's client.
export default function MovedLater() {
  return (
    <section>
      <h1>Moving…</h1>
      <Suspense fallback={<p>one moment</p>}>
        <LateRedirect />
      </Suspense>
    </section>
  );
}
