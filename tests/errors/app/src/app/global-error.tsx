'use client';

export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body>
        <h1 id="global-error">global error</h1>
        <p id="global-digest">{error.digest}</p>
        <button id="global-retry" onClick={() => retry()}>retry</button>
      </body>
    </html>
  );
}
