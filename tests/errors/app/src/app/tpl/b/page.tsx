export default function B() {
  return <p id="page-b">page b</p>;
}
