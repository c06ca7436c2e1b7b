'use client';
import { useEffect } from 'react';

export default function DashError({ error, reset, retry }: {
  error: Error & { digest?: string };
  reset: () => void;
  retry: () => void;
}) {
  useEffect(() => {
    (window as unknown as { __shown?: number }).__shown = ((window as unknown as { __shown?: number }).__shown || 0) + 1;
  }, [error]);
  return (
    <div id="dash-error">
      <p id="error-message">{error.message}</p>
      <p id="error-digest">{error.digest || 'no digest'}</p>
      <button id="reset" onClick={() => reset()}>reset</button>
      <button id="retry" onClick={() => retry()}>retry</button>
    </div>
  );
}
