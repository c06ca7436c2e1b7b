import { Suspense } from 'react';

// The call that sets the cookie runs inside a boundary and settles after the
// shell went out: the headers are sealed, the cookie is dropped with a warning
// naming rpc(Session.login).
async function Late() {
  await rpc('Slow.report', 300);
  const r = await rpc<string>('Session.login', 'late');
  return <p id="late">{r}</p>;
}
export default function CookieLate() {
  return (
    <section>
      <p id="shell">shell</p>
      <Suspense fallback={<p id="late-fallback">loading</p>}><Late /></Suspense>
    </section>
  );
}
