'use client';
import { useEffect, useState } from 'react';

// A counter whose state shows whether it was mounted afresh; its effect
// counts its mounts in window.__mounts[id].
export default function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0);
  useEffect(() => {
    const w = window as unknown as { __mounts?: Record<string, number> };
    w.__mounts = w.__mounts || {};
    w.__mounts[id] = (w.__mounts[id] || 0) + 1;
  }, [id]);
  return <button id={id} onClick={() => setN(n + 1)}>{n}</button>;
}
