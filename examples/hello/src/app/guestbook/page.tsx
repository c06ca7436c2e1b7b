import { connection } from '@kit/core/request';

type Entry = { id: number; name: string; message: string; at: string };

// The backend's action Guestbook.sign records an entry ({result, revalidate:
// ['page']}, or 422 validationErrors). The form posts to /guestbook/sign, a
// URL this app does not own: kit forwards the post to the backend, which runs
// the action and redirects back here (with ?error= when a field is missing).
export default async function Guestbook({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  await connection();
  const { error } = await searchParams;
  let entries: Entry[] | null = null;
  try {
    entries = await rpc<Entry[]>('Guestbook.entries');
  } catch {
    entries = null;
  }
  return (
    <section>
      <h1>Guestbook</h1>
      {error ? <p className="error">{error}</p> : null}
      <form method="post" action="/guestbook/sign">
        <input name="name" placeholder="name" /> <input name="message" placeholder="message" />{' '}
        <button>Sign</button>
      </form>
      {entries === null ? (
        <p className="no-backend">no backend answered</p>
      ) : (
        <ul className="entries">
          {entries.map((e) => (
            <li key={e.id}>
              {e.name}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
