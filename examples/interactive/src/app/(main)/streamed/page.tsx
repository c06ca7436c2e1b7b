import { connection } from '@kit/core/request';
import { Suspense } from 'react';
import { Counter } from '../../../components/counter';
import { Field } from '../../../components/ids';

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function Late({ ms }: { ms: number }) {
  await wait(ms);
  return (
    <div id={'late-' + ms}>
      <p>{'arrived after ' + ms + ' ms'}</p>
      <Counter id={'late-counter-' + ms} label={'late ' + ms} />
      <Field label={'late field ' + ms} />
    </div>
  );
}

// The shell goes out first; each boundary's content (client components
// inside) streams in later and hydrates when it arrives.
export default async function Streamed() {
  await connection();   // rendered per request, so that it streams
  return (
    <section id="page-streamed">
      <h1>Streamed</h1>
      <Counter id="shell-counter" label="shell" />
      <Suspense fallback={<p id="fb-600">waiting 600 ms</p>}>
        <Late ms={600} />
      </Suspense>
      <Suspense fallback={<p id="fb-300">waiting 300 ms</p>}>
        <Late ms={300} />
      </Suspense>
    </section>
  );
}
