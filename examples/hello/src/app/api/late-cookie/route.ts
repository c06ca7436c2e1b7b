import { cookies, responseHeaders } from '@kit/core/request';

// A synchronous handler whose cookie and header are set by work it leaves
// queued (microtasks): they still reach its answer, after the Response's own.
export const dynamic = 'force-dynamic';

export function GET() {
  cookies().then((jar) => jar.set('late', '1'));
  Promise.resolve().then(() => responseHeaders().set('x-late', 'yes'));
  return new Response('ok', { headers: { 'x-own': '1' } });
}
