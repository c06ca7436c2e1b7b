'use client';
import { useState } from 'react';

// Throws while rendering in the browser once armed (window.__bomb): the
// error dash/error.tsx catches; reset() recovers once the cause is gone.
export default function Bomb() {
  const [, bump] = useState(0);
  if (typeof window !== 'undefined' && (window as unknown as { __bomb?: boolean }).__bomb)
    throw new Error('the bomb went off');
  return (
    <button id="arm" onClick={() => { (window as unknown as { __bomb?: boolean }).__bomb = true; bump((n) => n + 1); }}>
      arm
    </button>
  );
}
