'use client';
// The test app's client components (module id "test/widgets", chunk
// "widgets"). Their server-rendered HTML is written by hand in ../pages.mjs
// (ssr.* there): keep the two in step.
import { useState, useEffect, useRef } from 'react';
import Link from '@kit/core/Link';
import { usePathname, useSearchParams } from '@kit/core/navigation';
import { useLinkStatus } from '@kit/core/useLinkStatus';
import { visit, prefetch } from '@kit/core/router';

// A counter whose state tells whether its component survived a navigation.
export function Counter({ id, label }: { id: string; label: string }) {
  const [n, setN] = useState(0);
  return <button id={id} onClick={() => setN(n + 1)}>{label + ': ' + n}</button>;
}

export function PathProbe() {
  const pathname = usePathname();
  return <p id="pathname">{'path ' + pathname}</p>;
}

// Reads the query: on the server it throws, so the document holds the
// Suspense fallback (a client-only bailout) and the browser renders it.
export function SearchProbe() {
  const q = useSearchParams().get('q');
  return <p id="search">{'q=' + (q === null ? '' : q)}</p>;
}

export function Status() {
  const { pending } = useLinkStatus();
  return <span className="status">{pending ? 'pending' : 'idle'}</span>;
}

export function VisitButton({ id, to, replace }: { id: string; to: string; replace?: boolean }) {
  return <button id={id} onClick={() => { visit(to, { replace: !!replace }); }}>{'visit ' + to}</button>;
}

export function PrefetchButton({ id, to }: { id: string; to: string }) {
  return <button id={id} onClick={() => { prefetch(to); }}>{'prefetch ' + to}</button>;
}

// Reports each mount, so a test can tell a remount from a kept component.
export function MountProbe({ name }: { name: string }) {
  useEffect(() => {
    const w = self as unknown as { __mounts?: string[] };
    (w.__mounts = w.__mounts || []).push(name);
  }, [name]);
  return null;
}


// A client component rendering a Link with a ref: the ref reaches the <a>.
export function RefLink() {
  const r = useRef<HTMLAnchorElement | null>(null);
  const [tag, setTag] = useState('');
  useEffect(() => { setTag(r.current ? r.current.tagName : 'none'); }, []);
  return <span id="ref-link"><Link href="/about" id="ref-anchor" ref={r} prefetch="none">ref</Link><b id="ref-tag">{tag}</b></span>;
}
