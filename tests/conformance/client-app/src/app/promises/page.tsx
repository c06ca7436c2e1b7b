// A server component passes promises to client components: settled ones,
// pending ones settling later, a plain object, a server-rendered element, one
// promise passed twice. React's Flight sends each as "$@<id>" and a row of its
// own (tests/conformance/client-roundtrip.mjs).
import { Suspense } from 'react';
import { ShowText, ShowItem, ShowNode, ShowTwo } from '../../components/promises';

const later = <T,>(ms: number, v: T) => new Promise<T>((r) => setTimeout(() => r(v), ms));

async function ServerPart() {
  await later(5, null);
  return <b>server element</b>;
}

export default function Page() {
  const shared = later(15, 'shared');
  return (
    <main>
      <Suspense fallback={<i>f1</i>}><ShowText p={Promise.resolve('settled')} /></Suspense>
      <Suspense fallback={<i>f2</i>}><ShowText p={later(20, 'later')} /></Suspense>
      <Suspense fallback={<i>f3</i>}><ShowItem p={later(10, { name: 'obj', n: 2, tags: ['x', 'y'] })} /></Suspense>
      <Suspense fallback={<i>f4</i>}><ShowNode p={later(5, <ServerPart />)} /></Suspense>
      <Suspense fallback={<i>f5</i>}><ShowTwo a={shared} b={shared} /></Suspense>
    </main>
  );
}
