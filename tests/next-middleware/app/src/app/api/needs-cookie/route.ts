export function GET() {
  return new Response('cookie ok\n');
}
