// A page stored at build time whose forms post server actions: the stored
// HTML carries the actions' fields; a no-JS post renders the page afresh.
// quickAdd is an inline action: declared at module scope in a server
// component file, its body starting with "use server" (docs/actions.md §1).
import { addNote } from '../actions';

async function quickAdd(form: FormData): Promise<{ count: number }> {
  'use server';
  form.set('text', 'quick: ' + String(form.get('text') || ''));
  return addNote(form);
}

export default function QuickNote() {
  return (
    <section>
      <h1>Quick note</h1>
      <form action={addNote} id="quick-form">
        <input name="text" placeholder="a quick note" />
        <button type="submit">Add</button>
      </form>
      <form action={quickAdd} id="inline-form">
        <input name="text" placeholder="through an inline action" />
        <button type="submit">Add inline</button>
      </form>
    </section>
  );
}
