export default function G() {
  return <p>never</p>;
}
