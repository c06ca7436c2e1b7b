import { connection } from '@kit/core/request';

// Fails per request: a 500 for the document and for a navigation.
export default async function Broken() {
  await connection();
  throw new Error('broken on purpose');
}
