// The everyday form of an inline server action in Next.js: declared inside
// the page, closing over what the page read (user, id). kit-build hoists it
// and seals what it captures (docs/actions.md §1).
import { connection } from '@kit/core/request';
import { revalidate } from '@kit/core/revalidate';
import { getUser, renameUser } from '../../../lib/db';
import Status from './status';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await connection();  // per request: the name lives in a cookie
  const { id } = await params;
  const user = await getUser(id);
  let note = 'at creation';
  async function rename(formData: FormData) {
    'use server';
    const name = String(formData.get('name') || '').trim();
    await renameUser(user.id, name + ' (' + note + ', since ' + user.since.getUTCFullYear() + ')');
    revalidate('page');
  }
  note = 'reassigned after';
  const tags = [];
  for (let i = 1; i <= 2; i++) {
    // one action per iteration, each with its own i
    tags.push(
      <form key={i} action={async () => {
        'use server';
        await renameUser(id, 'tag ' + i);
        revalidate('page');
      }}>
        <button id={'tag' + i}>tag {i}</button>
      </form>,
    );
  }
  return (
    <main>
      <h1 id="name">{user.name}</h1>
      <form action={rename} id="rename">
        <input name="name" id="name-input" />
        <button id="save">Save</button>
        <Status />
      </form>
      {tags}
    </main>
  );
}
