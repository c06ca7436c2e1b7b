import { cookies, responseHeaders } from '@kit/core/request';
import { redirect } from '@kit/core/redirect';
import type { Href } from '@kit/core/routes';

// Guards /account and everything below it: every request (document,
// navigation, prefetch) runs this before anything there renders. /login is
// the backend's (examples/backend/app.py): no route of this app owns it, so
// kit forwards it there; the backend's form sets the session cookie read
// here and sends the visitor back to ?next. It is not a route of the app, so
// typed routes need the cast.
export default async function guard() {
  const session = (await cookies()).get('session');
  if (!session) redirect('/login?next=/account' as Href);
  responseHeaders().set('x-account', session.value);
}
