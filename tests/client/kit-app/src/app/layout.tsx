import type { ReactNode } from 'react';
import Link from '@kit/core/Link';
import { Counter, MountProbe, PathProbe, PrefetchButton, RefLink, Status, VisitButton } from '../widgets';

// pages.mjs's layouts['app/layout'], as a kit layout (kit wraps `children` in
// the SegmentBoundary of depth 1 itself).
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>kit client runtime</title>
        <link rel="icon" href="data:," />
      </head>
      <body>
        <nav>
          <Link href="/" id="to-home">home</Link>
          <Link href="/shop/a" id="to-a">a</Link>
          <Link href="/shop/b" id="to-b" prefetch="none">b</Link>
          <Link href="/shop/c" id="to-c" cacheFor={1000}>c</Link>
          <Link href="/shop/e" id="to-e" prefetch="click">e</Link>
          <Link href="/shop/slow" id="to-slow" prefetch={false}><Status /></Link>
          <Link href="/shop/b?q=x" id="to-b-replace" replace prefetch="none">b replace</Link>
          <Link href="/shop/a?q=hello" id="to-a-q" prefetch="none">a?q</Link>
          <Link href="/old" id="to-old" prefetch="none">old</Link>
          <Link href="/shop/stream" id="to-stream" prefetch="none">stream</Link>
          <Link href="/boom" id="to-boom" prefetch="none">boom</Link>
          <Link href="/about" id="to-about" prefetch="none" preserveScroll>about</Link>
          <Link href="/broken" id="to-broken" prefetch="none">broken</Link>
          <Link href="http://localhost:9/about" id="to-offorigin">off-origin</Link>
          <Link href="/shop/b" id="to-b-blank" target="_blank" prefetch="none">b blank</Link>
          <Link href="#bottom" id="to-hash" prefetch="none" className="hash-link" data-x="y">hash</Link>
          <VisitButton id="visit-b" to="/shop/b" />
          <VisitButton id="visit-c-replace" to="/shop/c" replace />
          <PrefetchButton id="prefetch-b" to="/shop/b" />
        </nav>
        <Counter id="root-counter" label="root" />
        <PathProbe />
        <RefLink />
        <MountProbe name="root-layout" />
        {children}
        <div id="bottom" style={{ height: 10 }}>bottom</div>
      </body>
    </html>
  );
}
