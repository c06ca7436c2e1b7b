'use client';

import { useState } from 'react';
import type { getDictionary } from '../get-dictionary';

export default function Counter({ dictionary }: { dictionary: Awaited<ReturnType<typeof getDictionary>>['counter'] }) {
  const [count, setCount] = useState(0);
  return (
    <p>
      This component is rendered on the client:
      <button id="decrement" onClick={() => setCount((n) => n - 1)}>{dictionary.decrement}</button>
      <span id="count">{count}</span>
      <button id="increment" onClick={() => setCount((n) => n + 1)}>{dictionary.increment}</button>
    </p>
  );
}
