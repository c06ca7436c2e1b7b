// An API route: web-standard Request in, Response out.
export async function GET(req: Request) {
  const url = new URL(req.url);
  return Response.json({ method: 'GET', q: url.searchParams.get('q') });
}

export async function POST(req: Request) {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return Response.json({ error: 'the body is not valid JSON' }, { status: 400 });
    }
    return Response.json({ method: 'POST', body });
  }
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      return Response.json({ error: 'the form body is malformed' }, { status: 400 });
    }
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === 'string' ? value : `file:${value.name}:${value.size}`;
    });
    return Response.json({ method: 'POST', fields });
  }
  return new Response(await req.text(), { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
