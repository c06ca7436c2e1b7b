export default function Y() {
  return <p id="page-y">page y</p>;
}
