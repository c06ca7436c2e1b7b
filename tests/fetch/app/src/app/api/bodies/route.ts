import { BACKEND } from '../../../backend';

async function echo(init: RequestInit) {
  const e = await (await fetch(BACKEND + '/echo', init)).json();
  return { method: e.method, type: e.headers['content-type'] ?? null, length: e.length, text: e.text };
}

// Request bodies of every kind, as the echo endpoint received them.
export async function GET() {
  const form = new FormData();
  form.append('name', 'Zoë');
  form.append('file', new File(['hello file'], 'a.txt', { type: 'text/plain' }));
  return Response.json({
    string: await echo({ method: 'POST', body: 'héllo wörld' }),
    params: await echo({ method: 'POST', body: new URLSearchParams({ q: 'a b', r: 'é' }) }),
    form: await echo({ method: 'POST', body: form }),
    blob: await echo({ method: 'POST', body: new Blob(['blob body'], { type: 'application/x-test' }) }),
    put: await echo({ method: 'PUT' }),
    del: await echo({ method: 'DELETE' }),
    patch: await echo({ method: 'PATCH', body: '{"a":1}', headers: { 'content-type': 'application/json' } }),
  });
}
