// An API route's host call: its Set-Cookie joins the route's answer.
export async function GET() {
  const r = await rpc<string>('Session.login', 'erin');
  return new Response(r, { headers: { 'content-type': 'text/plain' } });
}
