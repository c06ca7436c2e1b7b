// Reads nothing of its request: kit-build calls GET once and stores the answer.
export function GET() {
  return Response.json({ kind: 'static', items: [1, 2, 3] }, { headers: { 'x-made': 'at build time' } });
}
