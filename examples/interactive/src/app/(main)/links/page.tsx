import Link from '@kit/core/Link';
import { RefLink, RouterButtons, Status } from '../../../components/links';

// Link with every prop it has (js/Link.tsx). Each link goes to its own query
// of /links/target, so a test can count the requests of each.
export default function Links() {
  return (
    <section id="page-links">
      <h1>Links</h1>
      <ul>
        <li><Link href="/links/target?p=hover" id="link-hover">hover (default)</Link></li>
        <li><Link href="/links/target?p=true" id="link-true" prefetch={true}>prefetch true</Link></li>
        <li><Link href="/links/target?p=false" id="link-false" prefetch={false}>prefetch false</Link></li>
        <li><Link href="/links/target?p=none" id="link-none" prefetch="none">prefetch none</Link></li>
        <li><Link href="/links/mounted" id="link-mount" prefetch="mount">prefetch mount</Link></li>
        <li><Link href="/links/clicked" id="link-click" prefetch="click">prefetch click</Link></li>
        <li><Link href="/links/target?p=cache" id="link-cache" cacheFor={1000}>cacheFor 1000</Link></li>
        <li><Link href="/links/target?p=replace" id="link-replace" replace prefetch="none">replace</Link></li>
        <li><Link href="/links/slow" id="link-slow" prefetch="none">slow page <Status name="slow" /></Link></li>
        <li><Link href="http://off-origin.test/elsewhere" id="link-off">off-origin</Link></li>
        <li>
          <Link href="/links/target?p=props" id="link-props" prefetch="none" className="fancy-link" data-test="yes"
            aria-label="a link with props" title="props" target="_self" rel="next">extra props</Link>
        </li>
        <li><Link href="/links/target?p=blank" id="link-blank" prefetch="none" target="_blank">new tab</Link></li>
        <li><Link href="#bottom" id="link-hash" prefetch="none">hash</Link></li>
        <li><Link href="/links/target?from=prefetch" id="link-prefetched" prefetch="none">prefetched by prefetch()</Link></li>
      </ul>
      <RefLink />
      <RouterButtons />
      <div id="tall" style={{ height: 2000 }}>tall</div>
      <p id="bottom">
        <Link href="/section/a" id="bottom-top" prefetch="none">to section a (scroll to top)</Link>{' '}
        <Link href="/section/b" id="bottom-keep" prefetch="none" preserveScroll>to section b (preserveScroll)</Link>
      </p>
    </section>
  );
}
