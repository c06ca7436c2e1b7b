// Server references as form actions: <form action>, <button formAction>,
// <input formAction>, the same action twice (one outlined row), and actions
// bound with .bind() (their arguments in a row of their own).
import { save, remove } from './actions';

export default function Page() {
  return (
    <div>
      <form action={save} className="plain" target="_blank" method="get">
        <input name="x" defaultValue="1" />
        <button>Save</button>
      </form>
      <form action={save}>again</form>
      <form>
        <button formAction={remove.bind(null, 'a$', 2)} name="ignored">Remove</button>
        <input type="submit" formAction={save} value="Save" />
      </form>
      <form action={remove.bind(null, 'b', 3)} id="bound">
        <p>bound</p>
      </form>
    </div>
  );
}
