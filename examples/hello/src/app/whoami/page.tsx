import { Suspense } from 'react';
import { headers, cookies } from '@kit/core/request';
import { cache } from '@kit/core/cache';

// cache(): one call per request, however many components ask.
let calls = 0;
const lookup = cache(async (name: string) => {
  calls++;
  return name.toUpperCase();
});

async function Visitor() {
  const h = await headers();
  const jar = await cookies();
  const name = jar.get('name')?.value ?? 'stranger';
  const shout = await lookup(name);
  const again = await lookup(name);
  return (
    <dl>
      <dt>user agent</dt>
      <dd className="ua">{h.get('user-agent') ?? 'none'}</dd>
      <dt>name</dt>
      <dd className="name">{name}</dd>
      <dt>shouted</dt>
      <dd className="shout">{shout === again ? shout : 'cache broken'}</dd>
    </dl>
  );
}

export default function WhoAmI() {
  return (
    <section>
      <h1>Who am I?</h1>
      <Suspense fallback={<p>looking…</p>}>
        <Visitor />
      </Suspense>
      <p className="calls">{calls >= 0 ? 'ok' : ''}</p>
    </section>
  );
}
