import { BACKEND } from '../../../backend';

export async function GET() {
  const res = await fetch(BACKEND + '/cookies');
  return Response.json({ cookies: res.headers.getSetCookie(), text: await res.text(), type: res.type });
}
