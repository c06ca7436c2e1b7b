'use client';
import { useState } from 'react';

// A counter: its state tells whether the component survived a navigation.
export function Counter({ id, label, start = 0 }: { id: string; label: string; start?: number }) {
  const [n, setN] = useState(start);
  return (
    <button type="button" id={id} onClick={() => setN((c) => c + 1)}>
      {label + ': ' + n}
    </button>
  );
}
