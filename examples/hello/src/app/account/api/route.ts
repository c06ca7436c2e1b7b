import { cookies } from '@kit/core/request';

// Under /account's middleware: without a session the answer is 401 with the
// wanted destination in X-RSC-Redirect, never a redirect.
export async function GET() {
  const session = (await cookies()).get('session');
  return Response.json({ user: session?.value });
}
