import { cookies } from '@kit/core/request';

export default async function Account() {
  const session = (await cookies()).get('session');
  return (
    <section>
      <h1>Your account</h1>
      <p className="session">signed in as {session?.value}</p>
    </section>
  );
}
