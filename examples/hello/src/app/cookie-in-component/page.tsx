import { cookies, connection } from '@kit/core/request';

// Wrong on purpose: the status and headers of a streamed page are out before
// components run, so writing a cookie here throws (and the page is a 500).
export default async function CookieInComponent() {
  await connection();
  (await cookies()).set('seen', '1');
  return <p>unreachable</p>;
}
