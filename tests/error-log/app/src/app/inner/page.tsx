import { Suspense } from 'react';
import { connection } from '@kit/core/request';

async function Late(): Promise<React.ReactElement> {
  await connection();
  throw new Error('late failure');
}

// The shell is sent (200); the boundary fails with the digest in the page.
export default function Inner() {
  return (
    <Suspense fallback={<p id="waiting">waiting</p>}>
      <Late />
    </Suspense>
  );
}
