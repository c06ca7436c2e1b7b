// /q: the ids of app/q/server.ts for the tests, and a client component
// calling the queries from the browser.
import * as fns from './server';
import { Reader } from './reader';

export default function Page() {
  const ids: Record<string, string> = {};
  for (const k of Object.keys(fns)) ids[k] = (fns as unknown as Record<string, { $$id: string }>)[k].$$id;
  return <main><pre id="ids">{JSON.stringify(ids)}</pre><Reader /></main>;
}
