export function GET() {
  return new Response('open\n');
}
