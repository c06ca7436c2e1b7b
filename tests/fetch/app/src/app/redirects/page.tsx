import { connection } from '@kit/core/request';
import { BACKEND, outcome } from '../../backend';

export default async function RedirectsPage() {
  await connection();
  const follow = await fetch(BACKEND + '/redirect');
  const followed = await follow.json();
  const manual = await fetch(BACKEND + '/redirect', { redirect: 'manual' });
  const error = await outcome(fetch(BACKEND + '/redirect', { redirect: 'error' }));
  const loop = await outcome(fetch(BACKEND + '/loop'));
  const post = await fetch(BACKEND + '/redirect-303', { method: 'POST', body: 'x' });
  const echoed = await post.json();
  return (
    <ul>
      <li id="follow">{`${follow.status} ${follow.redirected} ${follow.url.replace(BACKEND, '')} ${followed.hello}`}</li>
      <li id="manual">{`${manual.status} ${manual.redirected} ${manual.headers.get('location')}`}</li>
      <li id="error">{error}</li>
      <li id="loop">{loop}</li>
      <li id="see-other">{`${post.status} ${echoed.method} ${post.url.replace(BACKEND, '')}`}</li>
    </ul>
  );
}
