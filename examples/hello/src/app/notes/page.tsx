import { connection } from '@kit/core/request';
import { addNote, clearNotes, deleteNote, readNotes, needLogin } from './actions';
import Form from '@kit/core/Form';
import { NoteForm } from './note-form';

export default async function Notes({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  await connection(); // per visitor: the notes cookie decides what it shows
  const notes = await readNotes();
  const q = (await searchParams).q;
  const shown = typeof q === 'string' && q ? notes.filter((n) => n.includes(q)) : notes;
  return (
    <section>
      <h1>Notes</h1>
      <p id="note-count">{notes.length} notes</p>
      <ul id="notes">
        {shown.map((n, i) => (
          <li key={i}>
            <span>{n}</span>
            <form action={deleteNote.bind(null, notes.indexOf(n))} className="delete"><button>Delete</button></form>
          </li>
        ))}
      </ul>
      <form action={addNote} id="plain-form">
        <input name="text" placeholder="a note" />
        <button type="submit">Add</button>
      </form>
      <NoteForm />
      <Form action="/notes" id="filter-form">
        <input name="q" placeholder="filter" />
        <button type="submit">Filter</button>
      </Form>
      <Form action={addNote} id="kit-form">
        <input name="text" placeholder="through Form" />
        <button type="submit">Add through Form</button>
      </Form>
      {typeof q === 'string' ? <p id="filter">filtered by {q}</p> : null}
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
