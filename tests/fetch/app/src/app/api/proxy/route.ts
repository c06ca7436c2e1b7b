import { BACKEND } from '../../../backend';

// A fetched Response handed back as it is.
export async function GET() {
  return fetch(BACKEND + '/json');
}

// Proxies a JSON body to the echo endpoint and reports what arrived there.
export async function POST(req: Request) {
  const input = await req.json();
  const res = await fetch(BACKEND + '/echo', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kit-test': 'yes' },
    body: JSON.stringify(input),
  });
  const echo = await res.json();
  return Response.json({
    status: res.status,
    method: echo.method,
    received: JSON.parse(echo.text),
    type: echo.headers['content-type'],
    test: echo.headers['x-kit-test'],
    encoding: echo.headers['accept-encoding'],
    length: echo.length,
  }, { status: 201 });
}
