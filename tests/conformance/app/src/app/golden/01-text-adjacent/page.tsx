// react-golden/cases-html.jsx 01-text-adjacent; `{2n}` is `{2}` here (mujs has no BigInt; same HTML).
export default function Page() {
  return <div>{'a'}{'b'}{1}{2}<b />c{''}d{null}e{false}{['f', 'g']}</div>;
}
