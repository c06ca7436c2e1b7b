export default function CookieMw() {
  return <p id="mw">after middleware</p>;
}
