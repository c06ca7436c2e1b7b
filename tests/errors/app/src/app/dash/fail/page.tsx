import { cookies } from '@kit/core/request';

// Fails until the cookie fail=no is set: a server error above every
// Suspense boundary, which dash/error.tsx catches (500 for a document).
export default async function Fail() {
  if ((await cookies()).get('fail')?.value !== 'no') throw new Error('secret failure message');
  return <p id="recovered">fail page recovered</p>;
}
