'use client';
// use(promise) inside Suspense.
import { Suspense, use, useState } from 'react';

// A promise a server component created and passed as a prop (Flight "$@" row).
export function ServerPromise({ message }: { message: Promise<string> }) {
  const text = use(message);
  return <p id="server-promise">{'from the server: ' + text}</p>;
}

// A promise created by the client component's own code, cached per key so
// that the server and the browser each make it once and read the same value.
const cache = new Map<string, Promise<string>>();
function load(key: string): Promise<string> {
  let p = cache.get(key);
  if (!p) {
    p = new Promise<string>((resolve) => setTimeout(() => resolve('loaded ' + key), 60));
    cache.set(key, p);
  }
  return p;
}

export function ClientPromise({ k }: { k: string }) {
  const text = use(load(k));
  const [n, setN] = useState(0);
  return (
    <p id={'client-promise-' + k}>
      {text}
      <button type="button" id={'client-promise-inc-' + k} onClick={() => setN(n + 1)}>{'clicks ' + n}</button>
    </p>
  );
}

// Suspense inside a client component, around another use().
export function ClientBoundary({ k }: { k: string }) {
  return (
    <Suspense fallback={<i id={'client-fallback-' + k}>loading {k}</i>}>
      <ClientPromise k={k} />
    </Suspense>
  );
}
