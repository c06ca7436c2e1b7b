import { connection, headers, cookies } from '@kit/core/request';
import Path from './Path';

// Per request: shows the request header the middleware handed on.
export default async function About({ params }: { params: Promise<{ lang: string }> }) {
  await connection();
  const { lang } = await params;
  const h = await headers();
  const c = await cookies();
  return (
    <main>
      <h1>about {lang}</h1>
      <p id="seen">seen {h.get('x-locale-seen') || 'none'}</p>
      <Path />
      <p id="session">session {c.get('session') ? c.get('session')!.value : 'none'}</p>
    </main>
  );
}
