export default function Forbidden() {
  return <h1 id="forbidden">forbidden (root forbidden.tsx)</h1>;
}
