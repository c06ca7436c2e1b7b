'use client';
// useActionState over a server action: the state (an error or the count) shows
// after the round trip; the page's note list is revalidated by the action.
import { useActionState, useState } from 'react';
import { useFormStatus } from 'react-dom';
import { saveNote, needLogin, goHome } from './actions';

function Submit() {
  const { pending } = useFormStatus();
  return <button type="submit" id="state-submit" disabled={pending}>{pending ? 'Saving…' : 'Save'}</button>;
}

export function NoteForm() {
  const [state, action] = useActionState(saveNote, { error: null as string | null, saved: 0 });
  const [refusal, setRefusal] = useState('');
  return (
    <div>
      <form action={action} id="state-form">
        <input name="text" placeholder="another note" />
        <Submit />
        {state.error ? <p id="state-error" role="alert">{state.error}</p> : null}
        {state.saved ? <p id="state-saved">saved {state.saved}</p> : null}
      </form>
      <button id="call-refused" onClick={() => {
        needLogin().catch((e: { status?: number; message?: string }) => setRefusal(e.status + ' ' + e.message));
      }}>Call a refused action</button>
      <button id="call-unsendable" onClick={() => {
        // a mistake on purpose: a client function cannot be sent to an action
        (needLogin as (...args: unknown[]) => Promise<never>)(() => 1)
          .catch((e: { message?: string }) => setRefusal(String(e.message)));
      }}>Send a function</button>
      {refusal ? <p id="refusal">{refusal}</p> : null}
      <button id="call-redirect" onClick={() => { goHome(); }}>Go home by action</button>
    </div>
  );
}
