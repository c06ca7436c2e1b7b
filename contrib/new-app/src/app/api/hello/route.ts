// GET /api/hello?name=…: an API route, a web-standard Request in and a
// Response out.
export async function GET(request: Request) {
  const name = new URL(request.url).searchParams.get('name') ?? 'world';
  return Response.json({ message: `Hello, ${name}!` });
}
