import { connection } from '@kit/core/request';

// A component stuck in an endless loop. mujs cannot be interrupted, so the
// render budget cannot stop it: kit-fcgi's watchdog answers 503 after the
// budget plus 5 s and ends the worker; the web server starts a fresh one
// (tests/suites/streaming-limits.sh). Never request it from a server you
// care about.
function Spin(): never {
  // eslint-disable-next-line no-constant-condition
  while (true) {}
}

export default async function Runaway() {
  await connection(); // request-dependent: never run at build time
  return (
    <section>
      <h1>Runaway</h1>
      <Spin />
    </section>
  );
}
