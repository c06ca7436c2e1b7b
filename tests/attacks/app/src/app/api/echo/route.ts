// The body as the route received it: what the web server passed on.
export async function POST(req: Request) {
  const body = await req.text();
  return Response.json({ length: body.length, body });
}

export async function GET(req: Request) {
  return Response.json({ path: new URL(req.url).pathname });
}
