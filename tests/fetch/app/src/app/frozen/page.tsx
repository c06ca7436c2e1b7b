import { BACKEND } from '../../backend';

// No connection(): fetched data is not a request read, so kit-build freezes
// this page with the data of build time: a page that needs nothing from the
// request is stored (docs/build-output.md "Stored renders").
export default async function FrozenPage() {
  const data = await (await fetch(BACKEND + '/json')).json();
  return <p id="frozen">{data.hello} {data.n}</p>;
}
