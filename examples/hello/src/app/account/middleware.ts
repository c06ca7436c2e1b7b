import { cookies, responseHeaders } from '@kit/core/request';
import { redirect } from '@kit/core/redirect';

// Guards /account and everything below it: every request (document,
// navigation, prefetch) runs this before anything there renders.
export default async function guard() {
  const session = (await cookies()).get('session');
  if (!session) redirect('/login?next=/account');
  responseHeaders().set('x-account', session.value);
}
