'use client';
// A client component: rendered on the server, then hydrated in the browser,
// where its state and event handlers live.
import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);
  return (
    <p>
      <button type="button" className="counter" onClick={() => setCount((c) => c + 1)}>
        Clicked {count} {count === 1 ? 'time' : 'times'}
      </button>
    </p>
  );
}
