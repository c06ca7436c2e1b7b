async function One({ i }: { i: number }) {
  return <li>{JSON.stringify(await rpc('Echo.args', i))}</li>;
}
// 120 calls in one tick: three batches (50, 50, 20)
export default function Many() {
  const items = [];
  for (let i = 0; i < 120; i++) items.push(<One key={i} i={i} />);
  return <ul id="many">{items}</ul>;
}
