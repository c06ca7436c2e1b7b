export default function RootNotFound() {
  return <h1 id="root-not-found">nothing here (root not-found)</h1>;
}
