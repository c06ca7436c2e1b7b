export default function Loading() {
  return <p id="loading">loading…</p>;
}
