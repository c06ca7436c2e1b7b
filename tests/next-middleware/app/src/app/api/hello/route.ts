export function GET() {
  return Response.json({ hello: 'route' });
}
