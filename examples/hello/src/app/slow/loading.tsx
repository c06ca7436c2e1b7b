export default function Loading() {
  return <p className="loading">loading the slow page…</p>;
}
