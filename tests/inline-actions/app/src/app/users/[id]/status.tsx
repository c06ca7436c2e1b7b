'use client';
// A client component inside the form: the page hydrates, and the form's
// submission goes through React (callServer), not a document load.
import { useFormStatus } from 'react-dom';

export default function Status() {
  const { pending } = useFormStatus();
  return <span id="status">{pending ? 'saving' : 'ready'}</span>;
}
