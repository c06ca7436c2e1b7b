export default function X() {
  return <p id="page-x">page x</p>;
}
