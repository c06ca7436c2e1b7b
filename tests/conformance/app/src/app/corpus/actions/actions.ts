'use server';
// Server actions of the corpus page (docs/actions.md): kit registers them
// under <hash>#<name>; ref-flight-server.mjs registers the same ids with
// React's registerServerReference.
export async function save(form: FormData): Promise<string> {
  return String(form.get('x'));
}

export async function remove(id: string, n: number, form?: FormData): Promise<string> {
  return id + n + String(form ? form.get('x') : '');
}
