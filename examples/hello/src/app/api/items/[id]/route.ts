export function GET(_req: Request, { params }: { params: { id: string } }) {
  return Response.json({ id: params.id, name: `Item ${params.id}` }, { headers: { 'x-item': params.id } });
}

export async function DELETE(_req: Request, { params }: { params: { id: string } }) {
  return new Response(null, { status: 204, headers: { 'x-deleted': params.id } });
}
