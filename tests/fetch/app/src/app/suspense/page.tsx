import { Suspense } from 'react';
import { connection } from '@kit/core/request';
import { BACKEND } from '../../backend';

async function Data() {
  const slow = await (await fetch(BACKEND + '/slow?ms=800')).text();
  const data = await (await fetch(BACKEND + '/json')).json();
  return <p id="data">{slow} then {data.hello}</p>;
}

// The shell (with the fallback) goes out at once; the data streams in when
// the two fetches are done.
export default async function SuspensePage() {
  await connection();
  return (
    <section>
      <h1>suspense</h1>
      <Suspense fallback={<p id="fallback">loading data</p>}>
        <Data />
      </Suspense>
    </section>
  );
}
