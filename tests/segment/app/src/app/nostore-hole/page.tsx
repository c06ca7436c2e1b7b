import { Suspense } from 'react';

// A fresh fetch inside a boundary: the shell is stored, the hole rendered
// per request.
async function Fresh() {
  const res = await fetch('http://127.0.0.1:9/nothing', { next: { revalidate: 0 }, timeout: 1000 } as RequestInit);
  return <p>fetched {res.status}</p>;
}

export default function NoStoreHole() {
  return (
    <main>
      <h1>static part</h1>
      <Suspense fallback={<p>loading</p>}>
        <Fresh />
      </Suspense>
    </main>
  );
}
