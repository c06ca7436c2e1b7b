import { connection } from '@kit/core/request';
import { BACKEND } from '../../backend';

// No Suspense: the shell itself waits for the fetch.
export default async function JsonPage() {
  await connection();
  const res = await fetch(BACKEND + '/json');
  const data = await res.json();
  return (
    <p id="json">
      {res.status} {res.ok ? 'ok' : 'not ok'} {res.headers.get('content-type')} {data.hello} {data.n}
    </p>
  );
}
