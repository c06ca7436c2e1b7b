import { Suspense } from 'react';
import { redirect } from '@kit/core/redirect';

async function Boom(): Promise<never> {
  await new Promise((r) => setTimeout(r, 10));
  redirect('/shop/c');
}

// redirect() inside a Suspense boundary: the digest reaches the browser.
export default function BoomPage() {
  return (
    <article id="page-boom">
      <Suspense fallback={<i id="boom-fallback">boom…</i>}>
        <Boom />
      </Suspense>
    </article>
  );
}
