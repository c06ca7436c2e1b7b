'use client';
import { useState } from 'react';
import Link from '@kit/core/Link';

// A client-component template (no layout in ctpl/: it sits below the root
// layout): its own state resets on navigation between ctpl's pages.
export default function ClientTemplate({ children }: { children: React.ReactNode }) {
  const [n, setN] = useState(0);
  return (
    <div id="ctpl">
      <button id="ctpl-count" onClick={() => setN(n + 1)}>{n}</button>
      <Link href="/ctpl/x" id="to-x">x</Link> <Link href="/ctpl/y" id="to-y">y</Link>
      {children}
    </div>
  );
}
