import type { ReactNode } from 'react';
import { Nav } from './nav';

// The layout of examples/hello (the same markup in bench/peers/next and bench/peers/waku).
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>kit hello</title>
        <link rel="icon" href="/favicon.svg" />
      </head>
      <body>
        <Nav />
        <main id="content">{children}</main>
        <footer>Served by kit</footer>
      </body>
    </html>
  );
}
