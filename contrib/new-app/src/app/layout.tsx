// The root layout: every page of the app renders inside it.
import type { ReactNode } from 'react';
import Link from '@kit/core/Link';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>@NAME@</title>
        <link rel="icon" href="/favicon.svg" />
      </head>
      <body>
        <nav>
          <Link href="/">Home</Link> · <Link href="/about">About</Link>
        </nav>
        <main>{children}</main>
      </body>
    </html>
  );
}
