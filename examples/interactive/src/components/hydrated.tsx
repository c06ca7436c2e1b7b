'use client';
import { useEffect } from 'react';

declare global {
  interface Window { __hydrated?: number }
}

// Counts the commits of the main layout's effects: 1 once the page hydrated.
// Tests wait for it instead of guessing when hydration is over.
export function Hydrated() {
  useEffect(() => {
    window.__hydrated = (window.__hydrated || 0) + 1;
  }, []);
  return null;
}
