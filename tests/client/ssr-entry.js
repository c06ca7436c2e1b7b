// The runtime's modules in kit's SERVER bundle (toolchain/bundle.mjs: esbuild
// with kit's server-side React, SWC to ES5), run in mujs by
// tests/mujs/mujs-run: importing them touches no browser API, and their SSR
// renders what the hand-written documents of pages.mjs assume.
import Link from '@kit/core/Link';
import { SegmentBoundary } from '@kit/core/client/segment';
import { usePathname, useSearchParams, PathnameContext } from '@kit/core/navigation';
import { useLinkStatus } from '@kit/core/useLinkStatus';
import router, { visit, prefetch } from '@kit/core/router';
import { renderComponent, pushProvider, popProvider } from '@kit/core/server/hooks';

function check(name, fn) {
  var why;
  try {
    why = fn();
  } catch (e) {
    why = 'threw ' + (e && e.message);
  }
  print(why === true ? 'PASS: client/ssr/' + name : 'FAIL: client/ssr/' + name + ': ' + why);
}
const render = (c, props) => renderComponent(c, props, null, '');

check('Link renders a plain anchor', () => {
  const ref = { current: null };
  const el = render(Link, { href: '/x', id: 'l', prefetch: 'mount', cacheFor: 5, replace: true, preserveScroll: true,
    className: 'c', ref, children: 'go' });
  const keys = Object.keys(el.props).sort().join(',');
  if (el.type !== 'a') return 'type ' + el.type;
  if (keys !== 'children,className,href,id,ref') return 'props ' + keys;
  return el.props.href === '/x' && el.props.children === 'go' && el.props.ref === ref || 'values ' + JSON.stringify(el.props);
});
check('SegmentBoundary renders its children', () => {
  const kids = { marker: 1 };
  return render(SegmentBoundary, { depth: 1, children: kids }) === kids || 'not the children';
});
check('usePathname reads PathnameContext', () => {
  pushProvider(PathnameContext, '/shop/a');
  try {
    const p = render(function P() { return usePathname(); }, {});
    return p === '/shop/a' || 'got ' + p;
  } finally {
    popProvider();
  }
});
check('useSearchParams throws a client-only bailout', () => {
  try {
    render(function S() { return useSearchParams(); }, {});
  } catch (e) {
    return (e.kitClientOnly === true && /wrap the component in <Suspense>/.test(e.message)) || 'threw ' + e.message;
  }
  return 'no throw';
});
check('useLinkStatus is idle', () => {
  const s = render(function S() { return useLinkStatus(); }, {});
  return s.pending === false || JSON.stringify(s);
});
check('router: prefetch does nothing, visit rejects', () => {
  if (typeof router.visit !== 'function' || typeof router.prefetch !== 'function') return 'router object';
  prefetch('/a');
  visit('/a').then(() => print('FAIL: client/ssr/visit resolved on the server'), () => {});
  return true;
});
