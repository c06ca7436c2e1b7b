import { connection } from '@kit/core/request';
import { BACKEND, outcome } from '../../backend';

export default async function AbortPage() {
  await connection();
  const t0 = Date.now();
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const aborted = await outcome(fetch(BACKEND + '/slow?ms=2000', { signal: controller.signal }));
  const timedOut = await outcome(fetch(BACKEND + '/slow?ms=2000', { signal: AbortSignal.timeout(200) }));
  const before = await outcome(fetch(BACKEND + '/json', { signal: AbortSignal.abort() }));
  return (
    <ul>
      <li id="aborted">{aborted}</li>
      <li id="timeout-signal">{timedOut}</li>
      <li id="before">{before}</li>
      <li id="took">{Date.now() - t0}</li>
    </ul>
  );
}
