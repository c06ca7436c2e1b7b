// The plainest API route answered per request (bench/instructions.sh): reads
// nothing of its Request, returns Response.json.
export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json({ ok: true, items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
}
