import { cookies, connection } from '@kit/core/request';

export default async function Account() {
  await connection(); // per visitor: the session cookie decides what it shows
  const session = (await cookies()).get('session');
  return (
    <section>
      <h1>Your account</h1>
      <p className="session">signed in as {session?.value}</p>
    </section>
  );
}
