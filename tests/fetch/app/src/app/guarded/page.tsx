export default function Guarded() {
  return <p id="guarded">guarded</p>;
}
