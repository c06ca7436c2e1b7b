export default function Guarded() {
  return <p id="guarded">for the admin only</p>;
}
