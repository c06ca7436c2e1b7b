import { Suspense } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function Inner() {
  await wait(400);
  return <p id="inner">inner content</p>;
}

async function Outer() {
  await wait(200);
  return (
    <div id="outer">
      <p>outer content</p>
      <Suspense fallback={<p id="fb-inner">inner fallback</p>}>
        <Inner />
      </Suspense>
    </div>
  );
}

// A boundary whose content holds another boundary: the outer one completes
// at ~200 ms with the inner fallback in it, the inner one at ~600 ms.
export default function Nested() {
  return (
    <section>
      <h1>Nested boundaries</h1>
      <Suspense fallback={<p id="fb-outer">outer fallback</p>}>
        <Outer />
      </Suspense>
    </section>
  );
}
