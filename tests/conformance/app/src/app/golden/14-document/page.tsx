// react-golden/cases-html.jsx 14-document. The corpus app has no root layout, so this page
// returns the whole <html> document itself. (The golden was rendered with
// bootstrapScriptContent/bootstrapModules, which kit does not emit; golden-html.mjs
// compares the document without them.)
import type { ReactNode } from 'react';

const Doc = ({ children, title = 'T' }: { children: ReactNode; title?: string }) => (
  <html lang="en">
    <head><meta charSet="utf-8" /><title>{title}</title></head>
    <body>{children}</body>
  </html>
);

export default function Page() {
  return <Doc title="Doc"><main>hi</main></Doc>;
}
