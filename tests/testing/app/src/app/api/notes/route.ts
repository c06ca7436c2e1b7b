// An API route: the request's body, headers and query reach it through the harness.
export async function POST(req: Request) {
  const url = new URL(req.url);
  const body = (await req.json()) as { text: string };
  return Response.json(
    { text: body.text, tag: url.searchParams.get('tag'), auth: req.headers.get('authorization') },
    { status: 201, headers: { 'set-cookie': 'noted=1; Path=/' } },
  );
}
