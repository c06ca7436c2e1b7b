// /q/me: a query called from a server component runs its chain in-process;
// the chain's ServerAuthenticationError answers the page 401.
import { connection } from '@kit/core/request';
import { whoami } from '../server';

export default async function Me() {
  await connection();
  const me = await whoami();
  return <main><p id="me">{me.user}</p></main>;
}
