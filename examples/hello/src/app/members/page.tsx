import { connection } from '@kit/core/request';

// Only reached when the backend's 'auth' guard passed (members/middleware.ts).
export default async function Members() {
  await connection();
  const me = await rpc<{ name: string; admin: boolean }>('Me.profile');
  return (
    <section>
      <h1>Members</h1>
      <p className="member">
        signed in as {me.name}
        {me.admin ? ' (administrator)' : ''}
      </p>
      <p>
        <a href="/guestbook">Sign the guestbook</a> · <a href="/logout">Sign out</a>
      </p>
    </section>
  );
}
