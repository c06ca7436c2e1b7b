'use client';
import { useState, useId } from 'react';

export function Counter({ label, start = 0 }: { label: string; start?: number }) {
  const [count, setCount] = useState(start);
  const id = useId();
  return (
    <div className="counter">
      <label htmlFor={id}>{label}</label>
      <output id={id}>{count}</output>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        +1
      </button>
    </div>
  );
}
