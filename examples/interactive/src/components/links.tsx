'use client';
// Link from client code: a ref to the anchor, the user's own onClick,
// useLinkStatus() below a Link, and visit()/prefetch() from @kit/core/router.
import { useEffect, useRef, useState } from 'react';
import Link from '@kit/core/Link';
import { useLinkStatus } from '@kit/core/useLinkStatus';
import router, { prefetch, visit } from '@kit/core/router';

export function RefLink() {
  const ref = useRef<HTMLAnchorElement | null>(null);
  const [seen, setSeen] = useState('none');
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    setSeen(ref.current ? ref.current.tagName + ' ' + ref.current.getAttribute('href') : 'null');
  }, []);
  return (
    <p id="ref-link">
      <Link href="/links/target?from=ref" ref={ref} prefetch="none" id="to-target-ref"
        onClick={() => setClicks((c) => c + 1)}>ref link</Link>
      <span id="ref-seen">{seen}</span>
      <span id="ref-clicks">{'own onClick ' + clicks}</span>
    </p>
  );
}

export function Status({ name }: { name: string }) {
  const { pending } = useLinkStatus();
  return <span className="status" id={'status-' + name}>{pending ? 'pending' : 'idle'}</span>;
}

export function RouterButtons() {
  const [done, setDone] = useState('');
  return (
    <p id="router-buttons">
      <button type="button" id="visit-target" onClick={() => { visit('/links/target?from=visit').then(() => setDone('visited')); }}>visit()</button>
      <button type="button" id="visit-replace" onClick={() => { visit('/links/target?from=replace', { replace: true }); }}>visit(replace)</button>
      <button type="button" id="prefetch-target" onClick={() => { prefetch('/links/target?from=prefetch').then(() => setDone('prefetched')); }}>prefetch()</button>
      <button type="button" id="router-visit" onClick={() => { router.visit('/links/target?from=router'); }}>router.visit()</button>
      <span id="router-done">{done}</span>
    </p>
  );
}
