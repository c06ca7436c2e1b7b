'use client';
import { useState } from 'react';

// The one client component of the client-JS comparison.
export function Counter({ start }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" className="counter" onClick={() => setCount((c) => c + 1)}>
      {count}
    </button>
  );
}
