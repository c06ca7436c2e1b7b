import { Suspense } from 'react';

const COUNT = 1000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Park-Miller (minimal standard) generator: the same "random" delays on
// every request. (No Math.imul: mujs has none.)
function delays(seed: number, n: number): number[] {
  const out: number[] = [];
  let a = seed % 2147483647;
  for (let i = 0; i < n; i++) {
    a = (a * 16807) % 2147483647;
    out.push(a % 501);
  }
  return out;
}

async function Item({ i, ms }: { i: number; ms: number }) {
  await wait(ms);
  return <b data-i={i}>{`item ${i} done after ${ms} ms`}</b>;
}

// 1,000 boundaries, each resolving after 0-500 ms (seeded, so every request
// is the same): tests/suites/streaming.sh checks that every one arrives and
// that the responder's memory returns to its baseline afterwards.
export default function Many() {
  const ms = delays(20240601, COUNT);
  const items = [];
  for (let i = 0; i < COUNT; i++) {
    items.push(
      <li key={i}>
        <Suspense fallback={<i>{`waiting for ${i}`}</i>}>
          <Item i={i} ms={ms[i]} />
        </Suspense>
      </li>,
    );
  }
  return (
    <section>
      <h1>{COUNT} boundaries</h1>
      <ol>{items}</ol>
    </section>
  );
}
