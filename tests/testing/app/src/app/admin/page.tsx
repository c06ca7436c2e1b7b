export default function Admin() {
  return <p id="admin">admin area</p>;
}
