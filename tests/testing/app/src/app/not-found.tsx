export default function NotFound() {
  return <p id="not-found">no such page here</p>;
}
