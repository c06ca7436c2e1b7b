'use client';
import { useState } from 'react';
import { Badge } from './badge';

export function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" className="client-counter" onClick={() => setN(n + 1)}>
      <Badge label={'clicked ' + n} />
    </button>
  );
}
