export default function A() {
  return <p id="page-a">page a</p>;
}
