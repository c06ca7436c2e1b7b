import { connection } from '@kit/core/request';
import { addNote, clearNotes, readNotes, needLogin } from './actions';
import { NoteForm } from './note-form';

export default async function Notes() {
  await connection(); // per visitor: the notes cookie decides what it shows
  const notes = await readNotes();
  return (
    <section>
      <h1>Notes</h1>
      <p id="note-count">{notes.length} notes</p>
      <ul id="notes">
        {notes.map((n, i) => <li key={i}>{n}</li>)}
      </ul>
      <form action={addNote} id="plain-form">
        <input name="text" placeholder="a note" />
        <button type="submit">Add</button>
      </form>
      <NoteForm />
      <form id="clear-form">
        <button formAction={clearNotes}>Clear</button>
      </form>
      <RefusedButton action={needLogin} />
    </section>
  );
}

function RefusedButton({ action }: { action: () => Promise<never> }) {
  return <form action={action} id="refused-form"><button>Members only</button></form>;
}
