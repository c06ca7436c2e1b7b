export async function GET(request: Request) {
  const q = new URL(request.url).searchParams.get('q');
  return Response.json({ length: q!.length });
}
