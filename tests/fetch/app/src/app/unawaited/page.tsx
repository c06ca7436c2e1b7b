import { connection } from '@kit/core/request';
import { BACKEND } from '../../backend';

// Starts a 6 s fetch it never waits for, then renders after 200 ms (so the
// request is on the wire): the answer must not wait for the fetch, and the
// transfer must be gone (its connection closed) before the worker's next
// request, its callback never run.
export default async function UnawaitedPage() {
  await connection();
  fetch(BACKEND + '/slow?ms=6000').then((res) => {
    throw new Error('the callback of an ended request ran (status ' + res.status + ')');
  });
  await new Promise<void>((resolve) => setTimeout(resolve, 200));
  return <p id="quick">quick</p>;
}
