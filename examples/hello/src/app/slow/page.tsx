import { connection } from '@kit/core/request';
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// No Suspense of its own: the nearest loading.tsx wraps it.
export default async function Slow() {
  await connection(); // a timing demo: rendered per request, never stored at build
  await wait(1000);
  return <p className="slow-page">the slow page is here</p>;
}
