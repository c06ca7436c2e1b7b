// (2) rendered per request: reads a request header and a cookie inside a Suspense boundary.
import { Suspense } from 'react';
import { headers, cookies } from '@kit/core/request';
import { Items } from '../../items';

async function Visitor() {
  const h = await headers();
  const jar = await cookies();
  return (
    <>
      <p className="visitor">
        {jar.get('name')?.value ?? 'stranger'} with {h.get('user-agent') ?? 'no agent'}
      </p>
      <Items />
    </>
  );
}

export default function Dynamic() {
  return (
    <Suspense fallback={<p>loading…</p>}>
      <Visitor />
    </Suspense>
  );
}
