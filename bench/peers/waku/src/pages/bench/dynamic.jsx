// (2) rendered per request: reads a request header and a cookie inside a Suspense boundary.
import { Suspense } from 'react';
import { unstable_getContext as getContext } from 'waku/server';
import { Items } from '../../components/items';

function cookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

async function Visitor() {
  const h = getContext().req.headers;
  return (
    <>
      <p className="visitor">
        {cookie(h.get('cookie'), 'name') ?? 'stranger'} with {h.get('user-agent') ?? 'no agent'}
      </p>
      <Items />
    </>
  );
}

export default async function Dynamic() {
  return (
    <Suspense fallback={<p>loading…</p>}>
      <Visitor />
    </Suspense>
  );
}

export const getConfig = async () => ({ render: 'dynamic' });
