// A promise passed to a client component rejects: React's Flight writes an E
// row with a digest for it; use() throws in the client component, and its
// Suspense boundary is rendered by the client (tests/conformance/client-roundtrip.mjs).
import { Suspense } from 'react';
import { ShowText } from '../../components/promises';

const failLater = (ms: number) => new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the data is gone')), ms));

export default function Page() {
  return (
    <main>
      <Suspense fallback={<i>waiting</i>}><ShowText p={failLater(10)} /></Suspense>
      <p>after</p>
    </main>
  );
}
