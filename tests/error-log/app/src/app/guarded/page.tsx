export default function Guarded() {
  return <p>guarded</p>;
}
