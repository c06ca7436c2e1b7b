// A page stored at build time whose form posts a server action: the stored
// HTML carries the action's hidden field; a no-JS post renders the page afresh.
import { addNote } from '../actions';

export default function QuickNote() {
  return (
    <section>
      <h1>Quick note</h1>
      <form action={addNote} id="quick-form">
        <input name="text" placeholder="a quick note" />
        <button type="submit">Add</button>
      </form>
    </section>
  );
}
