import type { ReactNode } from 'react';
import Link from '@kit/core/Link';
import { Counter } from '../../components/counter';
import { Where } from '../../components/where';
import { Hydrated } from '../../components/hydrated';

const pages: Array<[string, string]> = [
  ['/', 'home'],
  ['/hooks', 'hooks'],
  ['/hooks/children', 'children'],
  ['/context', 'context'],
  ['/ids', 'ids'],
  ['/suspense', 'suspense'],
  ['/suspense/server-promise', 'server promise'],
  ['/lazy', 'lazy'],
  ['/forms', 'forms'],
  ['/forms/status', 'form status'],
  ['/streamed', 'streamed'],
  ['/errors', 'errors'],
  ['/links', 'links'],
  ['/search', 'search'],
  ['/section/a', 'section'],
  ['/slots', 'slots'],
  ['/ui', 'ui library'],
];

// The app's shell: Links to every page (prefetch off, so that tests count
// only the requests they cause), a counter whose state must survive every
// navigation between pages of this layout, and usePathname().
export default function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div id="main-layout">
      <nav id="nav">
        {pages.map(([href, label]) => (
          <Link key={href} href={href} prefetch="none" id={'nav-' + (label === 'home' ? 'home' : href.slice(1).replace(/\//g, '-'))}>
            {label}
          </Link>
        ))}
        <a href="/static" id="nav-static">static</a>
      </nav>
      <Counter id="main-counter" label="main" />
      <Where />
      <Hydrated />
      <main id="content">{children}</main>
    </div>
  );
}
