export default function Og() {
  return <h1>og</h1>;
}
