import { connection } from '@kit/core/request';

// backend-front.sh: a render that holds its proxied request for 3 s without
// calling the backend (rendered per request: never stored at build).
export default async function Sleepy() {
  await connection();
  await new Promise<void>((resolve) => setTimeout(resolve, 3000));
  return <p id="sleepy">slept</p>;
}
