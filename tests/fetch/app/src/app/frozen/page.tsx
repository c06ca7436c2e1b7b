import { BACKEND } from '../../backend';

// No connection(): fetched data is not a request read, so kit-build freezes
// this page with the data of build time (SPEC: "a page that needs nothing from
// the backend is frozen at build time").
export default async function FrozenPage() {
  const data = await (await fetch(BACKEND + '/json')).json();
  return <p id="frozen">{data.hello} {data.n}</p>;
}
