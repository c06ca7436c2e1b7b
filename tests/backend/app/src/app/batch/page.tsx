async function Orders() {
  const orders = await rpc<Array<{ id: number; total: number }>>('Orders.recent', 2);
  return <p id="orders">{orders.map((o) => o.id + ':' + o.total).join(',')}</p>;
}
async function Count() {
  return <p id="count">{String(await rpc<number>('Fast.count'))}</p>;
}
async function Args() {
  return <p id="args">{JSON.stringify(await rpc('Echo.args', 1, 'two', { three: [3] }, 'é😀'))}</p>;
}
export default function Batch() {
  return <section><Orders /><Count /><Args /></section>;
}
