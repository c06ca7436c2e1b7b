export default function DashNotFound() {
  return <p id="dash-not-found">not in dash (dash/not-found.tsx)</p>;
}
