import { Suspense } from 'react';
import { connection } from '@kit/core/request';

// A native call that runs for minutes after the shell went out: indexOf
// over an array-like of 2^32 - 1 holes is one built-in call that never goes
// back to the interpreter, so the render budget's interrupt cannot stop it.
// kit-fcgi's watchdog ends the worker (kit.cgi's alarm the program), and
// the answer with it (docs/fastcgi.md §10).
async function Stuck() {
  await new Promise((r) => setTimeout(r, 100));
  const holes = { length: 2 ** 32 - 1 } as unknown as number[];
  return <p id="found">{Array.prototype.indexOf.call(holes, 1)}</p>;
}

export default async function Hang() {
  await connection();
  return (
    <section>
      <h1 id="shell">shell</h1>
      <Suspense fallback={<p>waiting</p>}>
        <Stuck />
      </Suspense>
    </section>
  );
}
