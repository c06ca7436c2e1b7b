import { Suspense } from 'react';
import { connection } from '@kit/core/request';

async function Late() {
  await new Promise((r) => setTimeout(r, 600));
  return <p id="stream-late">late content</p>;
}

// A navigation answer whose Suspense content comes 600 ms after row 0
// (rendered per request: a stored render would hold the content already).
export default async function Stream() {
  await connection();
  return (
    <article id="page-stream">
      <Suspense fallback={<i id="stream-fallback">streaming…</i>}>
        <Late />
      </Suspense>
    </article>
  );
}
