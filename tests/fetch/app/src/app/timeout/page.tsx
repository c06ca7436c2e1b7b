import { connection } from '@kit/core/request';
import { BACKEND, outcome } from '../../backend';

// kit's timeout option against an endpoint that answers after 2 s.
export default async function TimeoutPage() {
  await connection();
  const t0 = Date.now();
  const result = await outcome(fetch(BACKEND + '/slow?ms=2000', { timeout: 300 } as RequestInit));
  return (
    <>
      <p id="outcome">{result}</p>
      <p id="took">{Date.now() - t0}</p>
    </>
  );
}
