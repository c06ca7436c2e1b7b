// The benchmark API route (bench/instructions.sh, make bench-peers): reads its
// Request, so it answers per request; the same route was measured in the peers.
const items = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Item ${i + 1}`, price: (i * 37) % 100 }));

export function GET(req: Request) {
  const url = new URL(req.url);
  return Response.json({ path: url.pathname, agent: req.headers.get('user-agent'), items: items.slice(0, 20) });
}
