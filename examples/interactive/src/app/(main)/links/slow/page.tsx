import { connection } from '@kit/core/request';
// No Suspense: a navigation here stays pending until the page is rendered.
export default async function Slow() {
  await connection();   // rendered per request
  await new Promise((r) => setTimeout(r, 800));
  return <section id="page-slow"><h1>Slow</h1></section>;
}
