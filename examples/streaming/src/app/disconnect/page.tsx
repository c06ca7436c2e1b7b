import { Suspense } from 'react';
import { connection } from '@kit/core/request';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function Late({ run }: { run: string }) {
  await wait(3000);
  // stderr → the web server's error log: the test looks for this line. A
  // render stopped because its client went away never gets here.
  console.log(`disconnect page: the late component finished (run ${run})`);
  return <p id="late">late content after 3000 ms</p>;
}

// A boundary resolving after 3 s; tests/suites/streaming-limits.sh closes the
// connection after 300 ms and checks that the render stops (?run= names the
// request in the log line).
export default async function Disconnect({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await connection();
  const query = await searchParams;
  const run = typeof query.run === 'string' && /^[\w-]{1,40}$/.test(query.run) ? query.run : 'none';
  return (
    <section>
      <h1>Disconnect</h1>
      <Suspense fallback={<p id="fb-late">waiting 3 s for the late part…</p>}>
        <Late run={run} />
      </Suspense>
    </section>
  );
}
