// Async server components: awaits of timer promises, siblings that settle out of
// order, an async component inside a Suspense boundary and one returning text.
import { Suspense } from 'react';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function Slow({ ms, label }: { ms: number; label: string }) {
  await wait(ms);
  return <li data-ms={ms}>{label} after {ms} ms</li>;
}

async function Text({ ms, text }: { ms: number; text: string }) {
  await wait(ms);
  return text;
}

async function Chain({ depth }: { depth: number }) {
  await wait(1);
  if (depth === 0) return <em>end</em>;
  return <span className={'c' + depth}><Chain depth={depth - 1} /></span>;
}

export default async function Page() {
  await wait(5);
  const value = await Promise.resolve('resolved');
  return (
    <section>
      <h1>Async {value}</h1>
      <ul>
        <Slow ms={20} label="second" />
        <Slow ms={10} label="first" />
        <Slow ms={0} label="zero" />
      </ul>
      <p>before<Text ms={3} text="middle" />after</p>
      <Suspense fallback={<i>loading</i>}>
        <Slow ms={15} label="inside suspense" />
      </Suspense>
      <Chain depth={5} />
    </section>
  );
}
