'use server';
// Server actions of /notes (docs/actions.md). The notes live in a cookie, so
// every worker sees the same state and tests need no store.
import { cookies, headers, responseHeaders } from '@kit/core/request';
import { redirect } from '@kit/core/redirect';
import { revalidate } from '@kit/core/revalidate';

function refusal(message: string, status: number, errors?: Record<string, string[]>): Error {
  const e = new Error(message) as Error & { status: number; errors?: Record<string, string[]> };
  e.status = status;
  if (errors) e.errors = errors;
  return e;
}

export async function readNotes(): Promise<string[]> {
  const value = (await cookies()).get('notes')?.value;
  if (!value) return [];
  try {
    const list = JSON.parse(String(value));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

// <form action={addNote}>: one FormData argument (after hydration and with JS off).
export async function addNote(form: FormData): Promise<{ count: number }> {
  const text = String(form.get('text') || '').trim();
  if (!text) throw refusal('The note is empty.', 422, { text: ['Write something first.'] });
  const notes = (await readNotes()).concat([text]).slice(-20);
  (await cookies()).set('notes', JSON.stringify(notes), { httpOnly: true });
  // an action may read the request's headers and set the answer's
  responseHeaders().set('X-Note-Count', String(notes.length));
  const agent = (await headers()).get('x-note-source');
  if (agent) responseHeaders().set('X-Note-Source', agent);
  revalidate('page');
  return { count: notes.length };
}

// useActionState(saveNote, initial): (previous state, FormData) -> state.
export async function saveNote(_prev: { error: string | null; saved: number }, form: FormData) {
  try {
    const r = await addNote(form);
    return { error: null, saved: r.count };
  } catch (e) {
    return { error: String((e as Error).message), saved: _prev ? _prev.saved : 0 };
  }
}

// <form action={deleteNote.bind(null, index)}>: the index is bound, the
// form's FormData comes after it.
export async function deleteNote(index: number, _form?: FormData): Promise<void> {
  const notes = await readNotes();
  if (typeof index !== 'number' || index < 0 || index >= notes.length) throw refusal('No such note.', 404);
  notes.splice(index, 1);
  (await cookies()).set('notes', JSON.stringify(notes), { httpOnly: true });
  revalidate('page');
}

export async function clearNotes(): Promise<void> {
  (await cookies()).set('notes', '', { maxAge: 0 });
  redirect('/notes?cleared=1');
}

// For the HTTP tests: what arrived, described.
export async function echo(...args: unknown[]): Promise<unknown> {
  return args.map((a) => {
    if (a === undefined) return 'undefined';
    if (a instanceof Date) return 'Date ' + a.toISOString();
    if (a instanceof Map) return 'Map ' + JSON.stringify(Array.from(a.entries()));
    if (a instanceof Set) return 'Set ' + JSON.stringify(Array.from(a.values()));
    if (typeof FormData !== 'undefined' && a instanceof FormData) {
      const out: string[] = [];
      a.forEach((v, k) => out.push(k + '=' + (typeof v === 'string' ? v : 'file ' + (v as File).name + ' ' + (v as File).size)));
      return 'FormData ' + out.join('&');
    }
    if (typeof a === 'number' && isNaN(a)) return 'NaN';
    return a;
  });
}

// For the HTTP tests: marks the named regions stale (docs/actions.md §3).
export async function revalidateRegions(...names: string[]): Promise<string> {
  revalidate(...names);
  return 'ok';
}

// For the HTTP tests: never settles, or settles after a long timer.
export async function hang(kind: string): Promise<never> {
  if (kind === 'timer') await new Promise((r) => setTimeout(r, 600000));
  return new Promise<never>(() => {});
}

export async function explode(): Promise<never> {
  throw new Error('the database password is hunter2');
}

export async function needLogin(): Promise<never> {
  throw refusal('Log in to do that.', 401);
}

export async function forbidden(): Promise<never> {
  throw refusal('Only admins may do that.', 403);
}

export async function goHome(): Promise<never> {
  redirect('/about');
}
