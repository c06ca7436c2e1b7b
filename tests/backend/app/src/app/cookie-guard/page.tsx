export default function CookieGuard() {
  return <p id="guarded">passed</p>;
}
