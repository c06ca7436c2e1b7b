// Sets a cookie: never stored, runs per request.
export function GET() {
  return new Response('ok', { headers: { 'set-cookie': 'seen=1; Path=/' } });
}
