import { BACKEND } from '../../../backend';

// The backend's 1,024 bytes, out again: through arrayBuffer(), or through
// res.body's reader (one chunk), or sent back to the echo endpoint as a body.
export async function GET(req: Request) {
  const via = new URL(req.url).searchParams.get('via');
  const res = await fetch(BACKEND + '/binary');
  const headers = { 'content-type': 'application/octet-stream' };
  if (via === 'stream') {
    const reader = res.body!.getReader();
    const first = await reader.read();
    const second = await reader.read();
    if (!second.done) throw new Error('more than one chunk');
    return new Response(first.value as unknown as BodyInit, { headers });
  }
  const bytes = await res.arrayBuffer();
  if (via === 'echo') {
    const echo = await (await fetch(BACKEND + '/echo', { method: 'PUT', body: bytes })).json();
    return Response.json({ method: echo.method, length: echo.length, base64: echo.base64, type: echo.headers['content-type'] ?? null });
  }
  return new Response(bytes, { headers });
}
