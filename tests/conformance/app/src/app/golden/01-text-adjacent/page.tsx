// react-golden/cases-html.jsx 01-text-adjacent (a bigint child: mujs patches 1100-1102).
export default function Page() {
  return <div>{'a'}{'b'}{1}{2n}<b />c{''}d{null}e{false}{['f', 'g']}</div>;
}
