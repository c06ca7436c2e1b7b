'use client';
// useActionState and useOptimistic render their initial state on the server;
// server actions arrive with the Actions issue, so the form's action here is
// a client function. useFormStatus (react-dom) is in form-status.tsx.
import { useActionState, useOptimistic, useState } from 'react';

async function addItem(prev: string[], data: FormData): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 50));
  return prev.concat(String(data.get('item') || ''));
}

export function ActionForm() {
  const [items, formAction, isPending] = useActionState(addItem, ['first']);
  return (
    <form action={formAction} id="action-form">
      <input name="item" id="form-item" defaultValue="second" />
      <button type="submit" id="form-submit">send</button>
      <span id="form-pending">{isPending ? 'pending' : 'idle'}</span>
      <ul id="form-items">{items.map((i) => <li key={i}>{i}</li>)}</ul>
    </form>
  );
}

export function OptimisticList() {
  const [likes, setLikes] = useState(1);
  const [shown, addOptimistic] = useOptimistic(likes, (cur: number, n: number) => cur + n);
  return <p id="optimistic">{'likes ' + shown}<button type="button" id="optimistic-like" onClick={() => { addOptimistic(1); setLikes(likes + 1); }}>like</button></p>;
}
