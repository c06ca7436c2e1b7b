'use client';
// useFormStatus comes from react-dom: on the server it must be kit's
// (js/server/hooks.ts), not react-dom's own, which needs React's internals.
import { useState } from 'react';
import { useFormStatus } from 'react-dom';

function Submit() {
  const { pending } = useFormStatus();
  return <button type="submit" id="status-submit" disabled={pending}>{pending ? 'sending' : 'send'}</button>;
}

export function StatusForm() {
  const [sent, setSent] = useState(0);
  return (
    <form id="status-form" action={async () => { await new Promise((r) => setTimeout(r, 300)); setSent((n) => n + 1); }}>
      <Submit />
      <span id="status-sent">{'sent ' + sent}</span>
    </form>
  );
}

export function FormStatusOutside() {
  const s = useFormStatus();
  return <p id="form-status-outside">{'outside a form: ' + (s.pending ? 'pending' : 'not pending')}</p>;
}
