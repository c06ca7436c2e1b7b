import type { ReactNode } from 'react';
import { STAMP } from '../stamp';

// The root layout is a server component with no client component in it: a
// page below it that has none either (/static) ships no script at all.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>kit interactive</title>
        <link rel="icon" href="data:," />
      </head>
      {/* no scroll anchoring: tests measure preserveScroll to the pixel */}
      <body style={{ overflowAnchor: 'none' }}>
        {children}
        <footer id="stamp">{STAMP}</footer>
      </body>
    </html>
  );
}
