// kit's own directory middleware: runs after the Next.js-shaped
// src/middleware.ts, and sees the request headers that one handed on.
import { headers, responseHeaders } from '@kit/core/request';

export default async function aboutGuard() {
  const seen = (await headers()).get('x-locale-seen');
  if (!seen) throw new Error('src/middleware.ts did not run before me');
  responseHeaders().set('x-dir-middleware', 'saw ' + seen);
}
