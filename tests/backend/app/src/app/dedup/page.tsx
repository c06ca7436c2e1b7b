async function A() { return <p id="a">{String(await rpc('Counter.next'))}</p>; }
async function B() { return <p id="b">{String(await rpc('Counter.next'))}</p>; }
export default function Dedup() {
  return <section><A /><B /></section>;
}
