export default function Ok() {
  return <p id="ok">ok</p>;
}
